package dev.minilake.core.web;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Answers requests that Netty's HTTP decoder could not read (a request line or headers over the
 * limit, or garbage) with a Databricks-shaped error body instead of Reactor Netty's empty one.
 * After the answer the connection's output is shut and its remaining input drained for a while,
 * so a client still sending a huge request line reads the answer instead of a reset or a hang.
 */
public final class DecodeFailureResponder extends ChannelInboundHandlerAdapter {
    /** How long a rejected client may go on sending before the connection is closed. */
    private static final long DRAIN_SECONDS = 10;

    private boolean rejected;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (rejected) {
            ReferenceCountUtil.release(msg); // the decoder discards the rest; drop whatever it still emits
            return;
        }
        if (msg instanceof HttpRequest req && req.decoderResult().isFailure()) {
            rejected = true;
            Throwable cause = req.decoderResult().cause();
            ReferenceCountUtil.release(msg);
            reject(ctx, cause);
            return;
        }
        if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
            rejected = true;
            ReferenceCountUtil.release(msg);
            reject(ctx, o.decoderResult().cause());
            return;
        }
        ctx.fireChannelRead(msg);
    }

    private static void reject(ChannelHandlerContext ctx, Throwable cause) {
        HttpResponseStatus status;
        String code;
        String message;
        if (cause instanceof TooLongHttpLineException) {
            status = HttpResponseStatus.REQUEST_URI_TOO_LONG;
            code = "INVALID_PARAMETER_VALUE";
            message = "The request URL is too long";
        } else if (cause instanceof TooLongHttpHeaderException || cause instanceof TooLongFrameException) {
            status = HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
            code = "INVALID_PARAMETER_VALUE";
            message = "The request headers are too large";
        } else {
            status = HttpResponseStatus.BAD_REQUEST;
            code = "MALFORMED_REQUEST";
            message = "The request is not valid HTTP";
        }
        byte[] body = ("{\"error_code\":\"" + code + "\",\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(response).addListener(f -> {
            if (ctx.channel() instanceof SocketChannel socket) socket.shutdownOutput();
            ctx.executor().schedule(() -> ctx.close(), DRAIN_SECONDS, TimeUnit.SECONDS);
        });
    }
}
