package dev.minilake.engines.spark;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.List;

/**
 * The warm Spark's control: {@code GET /_minilake/spark} (state, Connect URL, start time) and
 * {@code POST /_minilake/spark/start[?wait=true]} to warm it ahead of the first job.
 */
@Component
public class SparkGroup implements ApiGroup {
    private final LocalWarmSpark spark;

    public SparkGroup(LocalWarmSpark spark) {
        this.spark = spark;
    }

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "warm Spark 4.0 + Delta 4.0 in a separate JVM (spark-runner), started on first use, kept across resets; "
                + "Spark Connect for Python tasks";
    }

    @Override
    public java.util.Optional<String> liveState() {
        return java.util.Optional.of("state " + spark.state() + spark.connectEndpoint().map(u -> " at " + u).orElse(""));
    }

    @Override
    public List<String> sdkApis() {
        return List.of();
    }

    @Override
    public void routes(Routes r) {
        r.get("/_minilake/spark", req -> spark.status());
        r.post("/_minilake/spark/start", req -> {
            if (req.queryBool("wait").orElse(false)) spark.awaitConnectUrl(Duration.ofMinutes(5));
            else spark.ensureStarted();
            return spark.status();
        });
    }
}
