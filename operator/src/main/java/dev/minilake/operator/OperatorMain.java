package dev.minilake.operator;

import dev.minilake.crd.MiniLakeJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.javaoperatorsdk.operator.Operator;

import java.util.Arrays;

/**
 * The MiniLakeJob operator: java-operator-sdk over fabric8, watching one namespace (its own by
 * default), so that several releases coexist in one cluster, one per PR namespace.
 */
public final class OperatorMain {
    private OperatorMain() {
    }

    public static void main(String[] args) {
        if (Arrays.asList(args).contains("--help")) {
            System.out.print(OperatorSettings.HELP);
            return;
        }
        OperatorSettings settings = OperatorSettings.fromEnv(System.getenv());
        KubernetesClient client = new KubernetesClientBuilder().build();
        Operator operator = start(client, settings);
        Runtime.getRuntime().addShutdownHook(new Thread(operator::stop));
    }

    /** Starts the operator on a client (also what the tests call); returns it running. */
    public static Operator start(KubernetesClient client, OperatorSettings settings) {
        String ns = settings.namespace().isBlank() ? client.getNamespace() : settings.namespace();
        if (ns == null || ns.isBlank()) ns = "default";
        Operator operator = new Operator(o -> o.withKubernetesClient(client)
                .withUseSSAToPatchPrimaryResource(false)
                .withSSABasedCreateUpdateMatchForDependentResources(false)
                .withCloseClientOnStop(false)
                .withStopOnInformerErrorDuringStartup(true));
        String watched = ns;
        operator.register(new MiniLakeJobReconciler(settings), c -> c.settingNamespace(watched));
        operator.start();
        System.err.println("minilake-operator: watching MiniLakeJob " + MiniLakeJob.GROUP + "/" + MiniLakeJob.VERSION + " in namespace " + watched);
        return operator;
    }
}
