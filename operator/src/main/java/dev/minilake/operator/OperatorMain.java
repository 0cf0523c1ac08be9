package dev.minilake.operator;

/**
 * The MiniLakeJob operator's entry point. The reconciler (java-operator-sdk + fabric8) arrives with
 * the Kubernetes issue; until then this module only compiles, and says so when run.
 */
public final class OperatorMain {
    private OperatorMain() {
    }

    public static void main(String[] args) {
        System.err.println("minilake-operator: the MiniLakeJob reconciler is not built yet (see the Kubernetes issue)");
        System.exit(64);
    }
}
