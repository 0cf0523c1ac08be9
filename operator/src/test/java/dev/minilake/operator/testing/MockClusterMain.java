package dev.minilake.operator.testing;

import dev.minilake.operator.OperatorMain;
import dev.minilake.operator.OperatorSettings;
import io.javaoperatorsdk.operator.Operator;

/**
 * A mock cluster (mock API + kubelet stand-in + the operator) in its own JVM, for tests of other
 * modules whose classpath cannot host the mock server (the api-server runs on Netty 4.1, fabric8 8's
 * mock server needs 4.2). Prints {@code MOCK_CLUSTER <url> <namespace>}; stops when stdin closes.
 */
public final class MockClusterMain {
    private MockClusterMain() {
    }

    public static void main(String[] args) throws Exception {
        MockCluster cluster = new MockCluster();
        Operator operator = OperatorMain.start(cluster.newClient(), new OperatorSettings(cluster.namespace(), "minilake:test", "Never", null, 0));
        System.out.println("MOCK_CLUSTER " + cluster.url() + " " + cluster.namespace());
        System.out.flush();
        while (System.in.read() >= 0) {
            // run until the parent goes
        }
        operator.stop();
        cluster.close();
        System.exit(0);
    }
}
