package dev.minilake.operator.testing;

import dev.minilake.crd.MiniLakeJob;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes API for tests: fabric8's mock server in CRUD mode (real watches, so informers work),
 * the committed MiniLakeJob CRD installed in it, and a {@link Kubelet} stand-in that runs pods as
 * local processes. Pod logs ({@code GET .../pods/NAME/log}) are served from what the kubelet captured.
 */
public final class MockCluster implements AutoCloseable {
    private static final Pattern LOG = Pattern.compile("^/api/v1/namespaces/([^/]+)/pods/([^/?]+)/log(\\?.*)?$");
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    private final KubernetesMockServer server;
    private final KubernetesClient client;
    private final Kubelet kubelet;
    private final String namespace;

    public MockCluster() {
        Kubelet[] holder = new Kubelet[1];
        Dispatcher crud = new KubernetesMixedDispatcher(new HashMap<>());
        Dispatcher dispatcher = new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                Matcher m = LOG.matcher(request.getPath());
                if ("GET".equals(request.getMethod()) && m.matches() && holder[0] != null) {
                    String text = holder[0].logs(m.group(1), m.group(2));
                    if (text == null) return new MockResponse().setResponseCode(404).setBody("{\"kind\":\"Status\",\"code\":404,\"message\":\"pods \\\"" + m.group(2) + "\\\" not found\"}");
                    return new MockResponse().setResponseCode(200).setBody(text);
                }
                return crud.dispatch(request);
            }
        };
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), dispatcher, false);
        server.init();
        namespace = "pr-" + NAMESPACES.incrementAndGet();
        client = server.createClient(b -> b.editOrNewConfig().withNamespace(namespace).endConfig());
        installCrd(client);
        kubelet = new Kubelet(client, namespace);
        holder[0] = kubelet;
        kubelet.start();
    }

    /** Installs crds/ (the committed CRD, which the crd-model build checks against the generated one). */
    public static void installCrd(KubernetesClient client) {
        Path crd = repoRoot().resolve("crds/minilakejobs.minilake.dev-v1.yml");
        try (InputStream in = Files.newInputStream(crd)) {
            CustomResourceDefinition def = client.apiextensions().v1().customResourceDefinitions().load(in).item();
            client.apiextensions().v1().customResourceDefinitions().resource(def).createOr(r -> r.update());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        if (!MiniLakeJob.GROUP.equals("minilake.dev")) throw new IllegalStateException();
    }

    public static Path repoRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("crds"))) p = p.getParent();
        if (p == null) throw new IllegalStateException("crds/ not found above " + Path.of("").toAbsolutePath());
        return p;
    }

    public KubernetesClient client() {
        return client;
    }

    /** A fresh client on the same server (e.g. a second operator, or the api-server). */
    public KubernetesClient newClient() {
        return server.createClient(b -> b.editOrNewConfig().withNamespace(namespace).endConfig());
    }

    /** The API URL (plain HTTP). */
    public String url() {
        return "http://" + server.getHostName() + ":" + server.getPort();
    }

    public String namespace() {
        return namespace;
    }

    public Kubelet kubelet() {
        return kubelet;
    }

    @Override
    public void close() {
        kubelet.close();
        client.close();
        try {
            server.destroy();
        } catch (IllegalStateException slowToClose) {
            // teardown only: on a loaded machine the mock server's shutdown can outlast its own
            // timeout; the test's assertions have already run, so this must not fail it
            System.err.println("MockCluster: " + slowToClose.getMessage());
        }
    }
}
