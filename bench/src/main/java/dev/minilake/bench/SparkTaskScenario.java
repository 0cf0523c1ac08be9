package dev.minilake.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A Python Spark Connect task on the warm Spark: {@code jobs/run-now} of a one-task job whose
 * spark_python_task opens {@code SparkSession.builder.getOrCreate()} (SPARK_REMOTE) and counts a
 * range, until {@code runs/get} says TERMINATED. Spark is warmed in prepare.
 * The server's task Python must have pyspark: the task environment the build prepares has it.
 */
final class SparkTaskScenario implements Bench.Scenario {
    private static final ObjectMapper JSON = new ObjectMapper();
    private long jobId;

    @Override
    public String name() {
        return "spark-task";
    }

    @Override
    public String describe() {
        return "run-now to TERMINATED of a Python Spark Connect task on the warm Spark (needs --url)";
    }

    @Override
    public void prepare(Bench.Target t) throws Exception {
        Http.ok(Http.post(t.url() + "/_minilake/spark/start?wait=true", ""));
        String script = "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\nprint(spark.range(100).count())\n";
        Http.ok(Http.post(t.url() + "/api/2.0/workspace/import", JSON.createObjectNode().put("path", "/Shared/bench_spark_task.py")
                .put("format", "AUTO").put("overwrite", true)
                .put("content", Base64.getEncoder().encodeToString(script.getBytes(StandardCharsets.UTF_8))).toString()));
        String job = "{\"name\":\"bench-spark-task\",\"tasks\":[{\"task_key\":\"t\",\"spark_python_task\":{\"python_file\":\"/Shared/bench_spark_task.py\"}}]}";
        var r = Http.post(t.url() + "/api/2.2/jobs/create", job);
        Http.ok(r);
        jobId = JSON.readTree(r.body()).path("job_id").asLong();
        measure(t); // the first Connect session loads the session classes
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        long start = System.nanoTime();
        var r = Http.post(t.url() + "/api/2.2/jobs/run-now", "{\"job_id\":" + jobId + "}");
        Http.ok(r);
        long runId = JSON.readTree(r.body()).path("run_id").asLong();
        while (true) {
            JsonNode run = JSON.readTree(Http.get(t.url() + "/api/2.2/jobs/runs/get?run_id=" + runId).body());
            String life = run.path("state").path("life_cycle_state").asText();
            if (life.equals("TERMINATED") || life.equals("INTERNAL_ERROR") || life.equals("SKIPPED")) {
                String result = run.path("state").path("result_state").asText();
                if (!result.equals("SUCCESS")) throw new IllegalStateException("task " + result + ": " + run.path("state"));
                return (System.nanoTime() - start) / 1e6;
            }
            Thread.sleep(20);
        }
    }
}
