package io.paradigmlab.common.web.flux;

import io.netty.channel.Channel;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import reactor.netty.ConnectionObserver;
import reactor.netty.http.server.HttpServer;

/**
 * Works around a Reactor Netty bug (reactor/reactor-netty#4361, fixed in 1.3.8; Spring Boot 4.0.7 ships 1.3.6),
 * the same for every application's WebFlux variant: on a keep-alive connection, a request that arrives while the
 * previous one is still finishing is queued; when the queued request is answered synchronously (an error found before any I/O: the 400s of
 * bad parameters, 404, 405), the connection stops reading and the client's next request hangs until it times out. A
 * load generator reusing its connections meets it. Asking for a read once more after each request's operations end,
 * in a task of its own so that the queue has been drained, re-arms the connection; an extra read is a no-op when one
 * is already pending. Remove with Reactor Netty 1.3.8 or later.
 */
public final class KeepAliveReadRearm implements NettyServerCustomizer {

    @Override
    public HttpServer apply(HttpServer server) {
        return server.childObserve((connection, state) -> {
            if (state == ConnectionObserver.State.DISCONNECTING) {
                Channel channel = connection.channel();
                channel.eventLoop().execute(channel::read);
            }
        });
    }
}
