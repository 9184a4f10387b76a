package io.paradigmlab.common.web.flux;

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
import io.paradigmlab.common.contract.ErrorWords;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Makes Reactor Netty refuse an oversized request head, or a request URI that is not one (a bad {@code %} escape), as
 * Tomcat does in the servlet variants: 400 {@link ErrorWords#malformedRequest()} with the contract's body, and the
 * connection closed. Left to itself, Reactor Netty answers a too-long head 414 or 431 with an empty body, and Spring
 * an empty 400 for a URI it cannot parse. Tomcat's limit is a request line plus headers of
 * {@value #MAX_REQUEST_HEAD_BYTES} bytes ({@code max-http-request-header-size}); Netty counts the line and the headers
 * apart, so the services' {@code application.yml} raise {@code server.netty.max-initial-line-length} to 8 KB (Netty's
 * default is 4 KB) beside {@code server.max-http-request-header-size} (8 KB): a head of a line and headers each just
 * under the limit passes here and not in Tomcat. The body's {@code path} is empty when the request line itself was too
 * long (Tomcat could not read it either), the path otherwise.
 */
public final class MalformedRequestRefusal implements NettyServerCustomizer {

    /** Tomcat's default {@code max-http-request-header-size}. */
    public static final int MAX_REQUEST_HEAD_BYTES = 8 * 1024;

    private final String handler;
    private final String word;
    private final JsonMapper json;

    /**
     * @param prefix the application's property prefix, naming the handler in the pipeline
     * @param words  the application's words ({@link ErrorWords#malformedRequest()} is answered)
     * @param json   the application's JSON mapper, or null for a default one
     */
    public MalformedRequestRefusal(String prefix, ErrorWords words, JsonMapper json) {
        this.handler = prefix + ".malformedRequestRefusal";
        this.word = words.malformedRequest();
        this.json = json == null ? JsonMapper.builder().build() : json;
    }

    @Override
    public HttpServer apply(HttpServer server) {
        // the limits themselves are Spring Boot's properties (server.netty.max-initial-line-length,
        // server.max-http-request-header-size): Boot's own decoder customizer runs after this one and would replace a
        // decoder spec set here
        return server.doOnChannelInit((observer, channel, remote) -> {
            // HTTP/1.1 only (h2c is off): the codec is there, and this handler reads what it decodes
            if (channel.pipeline().get(NettyPipeline.HttpCodec) != null && channel.pipeline().get(handler) == null) {
                channel.pipeline().addAfter(NettyPipeline.HttpCodec, handler, new Refusal(json, word));
            }
        });
    }

    /** Answers a too-long head or an unparsable URI itself and drops whatever follows on the connection. */
    private static final class Refusal extends ChannelInboundHandlerAdapter {

        private final JsonMapper json;
        private final String word;
        private boolean refused;

        Refusal(JsonMapper json, String word) {
            this.json = json;
            this.word = word;
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
                    List.of(word)));
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.BAD_REQUEST, Unpooled.wrappedBuffer(body));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            return response;
        }
    }
}
