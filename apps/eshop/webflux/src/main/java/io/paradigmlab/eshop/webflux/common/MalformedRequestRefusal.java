package io.paradigmlab.eshop.webflux.common;

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
import io.paradigmlab.eshop.domain.error.StandardErrors;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Makes Reactor Netty refuse an oversized request head, or a request URI that is not one (a bad {@code %} escape), as
 * Tomcat does in the MVC variants: 400 {@link StandardErrors#MALFORMED_REQUEST} with the contract's body, and the
 * connection closed. Left to itself, Reactor Netty answers a too-long head 414 or 431 with an empty body, and Spring
 * an empty 400 for a URI it cannot parse. The apps' {@code application.yml} set
 * {@code server.netty.max-initial-line-length} and {@code server.max-http-request-header-size} to Tomcat's 8 KB. The
 * body's {@code path} is empty when the request line itself was too long. The IT store's refusal, with the e-shop's
 * error types and the application's JSON mapper.
 */
final class MalformedRequestRefusal implements NettyServerCustomizer {

    private static final String HANDLER = "eshop.malformedRequestRefusal";

    private final JsonMapper json;

    MalformedRequestRefusal(JsonMapper json) {
        this.json = json;
    }

    @Override
    public HttpServer apply(HttpServer server) {
        return server.doOnChannelInit((observer, channel, remote) -> {
            if (channel.pipeline().get(NettyPipeline.HttpCodec) != null && channel.pipeline().get(HANDLER) == null) {
                channel.pipeline().addAfter(NettyPipeline.HttpCodec, HANDLER, new Refusal(json));
            }
        });
    }

    /** Answers a too-long head or an unparsable URI itself and drops whatever follows on the connection. */
    private static final class Refusal extends ChannelInboundHandlerAdapter {

        private final JsonMapper json;
        private boolean refused;

        Refusal(JsonMapper json) {
            this.json = json;
        }

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
            if (msg instanceof HttpRequest request && request.decoderResult().isSuccess() && !isUri(request.uri())) {
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

        private FullHttpResponse response(String path) {
            byte[] body = json.writeValueAsBytes(ErrorBody.of(HttpResponseStatus.BAD_REQUEST.code(), path,
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
