package dev.minilake.crd;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * One task run of a MiniLake job, run as pods. The api-server creates it (one per task run), the
 * operator reconciles it into a driver Pod and mirrors the pod into {@link MiniLakeJobStatus}.
 */
@Group(MiniLakeJob.GROUP)
@Version(MiniLakeJob.VERSION)
@Kind("MiniLakeJob")
@Plural("minilakejobs")
@Singular("minilakejob")
@ShortNames("mlj")
public class MiniLakeJob extends CustomResource<MiniLakeJobSpec, MiniLakeJobStatus> implements Namespaced {
    public static final String GROUP = "minilake.dev";
    public static final String VERSION = "v1";
    /** Labels the operator and the api-server put on what belongs to a MiniLakeJob. */
    public static final String LABEL_JOB = "minilake.dev/job";
    public static final String LABEL_RUN_ID = "minilake.dev/run-id";
    public static final String LABEL_TASK_RUN_ID = "minilake.dev/task-run-id";
    public static final String LABEL_ROLE = "minilake.dev/role";
    public static final String LABEL_MANAGED_BY = "app.kubernetes.io/managed-by";
    /** The name of the driver container in the driver pod (logs are read from it). */
    public static final String DRIVER_CONTAINER = "driver";

    @Override
    protected MiniLakeJobSpec initSpec() {
        return new MiniLakeJobSpec();
    }

    @Override
    protected MiniLakeJobStatus initStatus() {
        return new MiniLakeJobStatus();
    }

    /** The driver pod's name: one per MiniLakeJob, so a re-reconcile never makes a second one. */
    public static String driverPodName(String jobName) {
        return jobName + "-driver";
    }
}
