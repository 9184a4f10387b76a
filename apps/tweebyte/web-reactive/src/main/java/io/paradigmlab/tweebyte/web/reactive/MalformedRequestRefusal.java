package io.paradigmlab.tweebyte.web.reactive;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Makes Reactor Netty refuse an oversized request head, or a request URI that is not one (a bad {@code %} escape),
 * as Tomcat does in the servlet variants: the same limit and the same answer. Tomcat refuses a request line plus
 * headers over {@value #MAX_REQUEST_HEAD_BYTES} bytes ({@code server.max-http-request-header-size}, 8 KB by
 * default), and a bad escape, with 400 {@code Malformed request} and the
 * contract's body; Reactor Netty's own limits were 4 KB for the request line and 8 KB for the headers, and it
 * answered 414 or 431 with an empty body (found by the fuzzer). With {@code server.netty.max-initial-line-length}
 * raised to 8 KB in the reactive services' and gateway's configuration, each of the line and the headers may have
 * {@value #MAX_REQUEST_HEAD_BYTES} bytes (Netty counts them apart, so a head of a line and headers each just under
 * the limit passes here and not in Tomcat), and a head over it gets Tomcat's answer: 400, {@code path} empty when
 * the request line itself was too long (as Tomcat, which could not read it) and the path otherwise, and the
 * connection closed.
 */
public final class MalformedRequestRefusal implements NettyServerCustomizer {

    /** Tomcat's default {@code max-http-request-header-size}. */
    public static final int MAX_REQUEST_HEAD_BYTES = 8 * 1024;

    private static final String HANDLER = "tweebyte.malformedRequestRefusal";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public HttpServer apply(HttpServer server) {
        // the limits themselves are Spring Boot's properties (server.netty.max-initial-line-length,
        // server.max-http-request-header-size), set in each application.yml: Boot's own decoder customizer runs
        // after this one and would replace a decoder spec set here
        return server
                .doOnChannelInit((observer, channel, remote) -> {
                    // HTTP/1.1 only (h2c is off): the codec is there, and this handler reads what it decodes
                    if (channel.pipeline().get(NettyPipeline.HttpCodec) != null
                            && channel.pipeline().get(HANDLER) == null) {
                        channel.pipeline().addAfter(NettyPipeline.HttpCodec, HANDLER, new Refusal());
                    }
                });
    }

    /** Answers a too-long head or an unparsable URI itself and drops whatever follows on the connection. */
    private static final class Refusal extends ChannelInboundHandlerAdapter {

        private boolean refused;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (refused) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (msg instanceof HttpRequest request && request.decoderResult().isFailure()
                    && request.decoderResult().cause() instanceof TooLongFrameException tooLong) {
                refuse(ctx, msg, tooLong instanceof TooLongHttpLineException ? "" : path(request.uri()));
                return;
            }
            if (msg instanceof HttpRequest request && request.decoderResult().isSuccess()
                    && !isUri(request.uri())) {
                // Spring's adapter would answer an empty 400 for a request URI it cannot parse (a bad % escape)
                refuse(ctx, msg, path(request.uri()));
                return;
            }
            ctx.fireChannelRead(msg);
        }

        private void refuse(ChannelHandlerContext ctx, Object msg, String path) {
            refused = true;
            ReferenceCountUtil.release(msg);
            ctx.writeAndFlush(response(path)).addListener(ChannelFutureListener.CLOSE);
        }

        private static boolean isUri(String uri) {
            try {
                new URI(uri);
                return true;
            } catch (URISyntaxException e) {
                return false;
            }
        }

        private static String path(String uri) {
            int query = uri.indexOf('?');
            return query < 0 ? uri : uri.substring(0, query);
        }

        private static FullHttpResponse response(String path) {
            byte[] body = JSON.writeValueAsBytes(ErrorBody.of(HttpResponseStatus.BAD_REQUEST.code(), path,
                    List.of(StandardErrors.MALFORMED_REQUEST)));
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.BAD_REQUEST, Unpooled.wrappedBuffer(body));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            return response;
        }
    }
}
