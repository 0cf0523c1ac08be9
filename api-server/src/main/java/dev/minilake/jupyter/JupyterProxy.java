package dev.minilake.jupyter;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.BodyExtractors;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.socket.CloseStatus;
import org.springframework.web.reactive.socket.WebSocketHandler;
import org.springframework.web.reactive.socket.WebSocketMessage;
import org.springframework.web.reactive.socket.WebSocketSession;
import org.springframework.web.reactive.socket.client.ReactorNettyWebSocketClient;
import org.springframework.web.reactive.socket.server.support.HandshakeWebSocketService;
import org.springframework.web.reactive.socket.server.upgrade.ReactorNettyRequestUpgradeStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reverse proxy from /jupyter/** to the JupyterLab child: plain HTTP through a WebClient, and
 * WebSockets (kernel channels, terminals) by upgrading the browser's connection here and opening
 * a second one to JupyterLab, then copying frames both ways. The child's token is added here, so
 * the browser never needs it.
 */
final class JupyterProxy {
    /** Hop-by-hop headers, and those the proxy sets itself. */
    private static final Set<String> DROPPED = Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding",
            "te", "trailer", "upgrade", "host", "content-length", "authorization");

    private final WebClient web = WebClient.builder()
            .clientConnector(new ReactorClientHttpConnector(HttpClient.create().followRedirect(false)))
            .codecs(c -> c.defaultCodecs().maxInMemorySize(1024 * 1024))
            .build();
    /** Kernel messages carry whole outputs (plots, tables): far above Netty's 64 KB default frame. */
    static final int MAX_FRAME_BYTES = 64 * 1024 * 1024;
    private final ReactorNettyWebSocketClient sockets = new ReactorNettyWebSocketClient(reactor.netty.http.client.HttpClient.create(),
            () -> reactor.netty.http.client.WebsocketClientSpec.builder().maxFramePayloadLength(MAX_FRAME_BYTES));
    private final HandshakeWebSocketService handshake = new HandshakeWebSocketService(new ReactorNettyRequestUpgradeStrategy(
            () -> reactor.netty.http.server.WebsocketServerSpec.builder().maxFramePayloadLength(MAX_FRAME_BYTES)));

    Mono<ServerResponse> forward(ServerRequest req, JupyterProcess jupyter) {
        String pathAndQuery = req.exchange().getRequest().getURI().getRawPath().substring("/jupyter/".length())
                + (req.exchange().getRequest().getURI().getRawQuery() == null ? "" : "?" + req.exchange().getRequest().getURI().getRawQuery());
        URI target = URI.create(jupyter.baseUri() + pathAndQuery);
        if ("websocket".equalsIgnoreCase(req.headers().firstHeader(HttpHeaders.UPGRADE))) {
            return webSocket(req, URI.create(target.toString().replaceFirst("^http", "ws")), jupyter.token());
        }
        return web.method(req.method()).uri(target)
                .headers(h -> {
                    copy(req.headers().asHttpHeaders(), h);
                    forwardHost(req, h);
                    h.set(HttpHeaders.AUTHORIZATION, "token " + jupyter.token());
                })
                .body(BodyInserters.fromDataBuffers(req.body(BodyExtractors.toDataBuffers())))
                .retrieve()
                .onStatus(status -> true, resp -> Mono.empty()) // every status goes back to the browser as it is
                .toEntityFlux(DataBuffer.class)
                .flatMap(this::respond);
    }

    private Mono<ServerResponse> respond(ResponseEntity<Flux<DataBuffer>> entity) {
        ServerResponse.BodyBuilder b = ServerResponse.status(entity.getStatusCode()).headers(h -> copy(entity.getHeaders(), h));
        Flux<DataBuffer> body = entity.getBody();
        return body == null ? b.build() : b.body(BodyInserters.fromDataBuffers(body));
    }

    /**
     * JupyterLab compares a request's Origin with its Host; the browser's Host (which the origin
     * policy checked) goes on, so MiniLake's own pages pass that check and nothing else does.
     */
    private static void forwardHost(ServerRequest req, HttpHeaders to) {
        String host = req.headers().firstHeader(HttpHeaders.HOST);
        if (host != null) to.set(HttpHeaders.HOST, host);
    }

    private static void copy(HttpHeaders from, HttpHeaders to) {
        from.forEach((name, values) -> {
            if (!DROPPED.contains(name.toLowerCase(Locale.ROOT))) to.put(name, values);
        });
    }

    private Mono<ServerResponse> webSocket(ServerRequest req, URI target, String token) {
        List<String> protocols = req.headers().header("Sec-WebSocket-Protocol").stream()
                .flatMap(v -> java.util.Arrays.stream(v.split(","))).map(String::trim).filter(s -> !s.isEmpty()).toList();
        WebSocketHandler bridge = new WebSocketHandler() {
            @Override
            public List<String> getSubProtocols() {
                return protocols;
            }

            @Override
            public Mono<Void> handle(WebSocketSession browser) {
                HttpHeaders headers = new HttpHeaders();
                forwardHost(req, headers);
                String origin = req.headers().firstHeader(HttpHeaders.ORIGIN);
                if (origin != null) headers.set(HttpHeaders.ORIGIN, origin); // JupyterLab checks it against the Host
                headers.set(HttpHeaders.AUTHORIZATION, "token " + token);
                // ask JupyterLab for the subprotocol agreed with the browser (kernels speak a versioned one)
                String chosen = browser.getHandshakeInfo().getSubProtocol();
                WebSocketHandler toLab = new WebSocketHandler() {
                    @Override
                    public List<String> getSubProtocols() {
                        return chosen == null ? List.of() : List.of(chosen);
                    }

                    @Override
                    public Mono<Void> handle(WebSocketSession lab) {
                        return Mono.zip(
                                lab.send(browser.receive().map(m -> copyMessage(m, lab))).then(lab.close()),
                                browser.send(lab.receive().map(m -> copyMessage(m, browser))).then(browser.close(CloseStatus.NORMAL))).then();
                    }
                };
                return sockets.execute(target, headers, toLab).onErrorResume(e -> browser.close(CloseStatus.SERVER_ERROR));
            }
        };
        // the upgrade writes the response itself; an empty result tells the router there is nothing more to write
        return handshake.handleRequest(req.exchange(), bridge).then(Mono.empty());
    }

    private static WebSocketMessage copyMessage(WebSocketMessage m, WebSocketSession to) {
        byte[] bytes = new byte[m.getPayload().readableByteCount()];
        m.getPayload().read(bytes);
        return new WebSocketMessage(m.getType(), to.bufferFactory().wrap(bytes));
    }
}
