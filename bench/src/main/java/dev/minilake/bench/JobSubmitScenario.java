package dev.minilake.bench;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * runs/submit of a one-task spark_python_task, timed until the run is TERMINATED. With
 * {@code spark=true} the script counts a 3-row DataFrame on MiniLake's Spark (the issue's
 * target); without, it is plain Python and measures the scheduler and process overhead alone.
 */
final class JobSubmitScenario implements Bench.Scenario {
    static final Pattern RUN_ID = Pattern.compile("\"run_id\"\\s*:\\s*(\\d+)");
    static final Pattern LIFE = Pattern.compile("\"life_cycle_state\"\\s*:\\s*\"(\\w+)\"");
    static final Pattern RESULT = Pattern.compile("\"result_state\"\\s*:\\s*\"(\\w+)\"");
    private final boolean spark;

    JobSubmitScenario(boolean spark) {
        this.spark = spark;
    }

    @Override
    public String name() {
        return spark ? "job-submit-spark" : "job-submit";
    }

    @Override
    public String describe() {
        return spark ? "runs/submit -> TERMINATED of a spark_python_task counting spark.range(3) (needs --url)"
                : "runs/submit -> TERMINATED of a plain-Python spark_python_task (needs --url)";
    }

    @Override
    public void prepare(Bench.Target t) throws Exception {
        if (t.url() == null) throw new IllegalArgumentException(name() + " needs --url");
        String script = spark
                ? "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\nprint(f'count={spark.range(3).count()}')\n"
                : "print('count=3')\n";
        Http.ok(Http.post(t.url() + "/api/2.0/workspace/mkdirs", "{\"path\":\"/Shared/bench\"}"));
        Http.ok(Http.post(t.url() + "/api/2.0/workspace/import", "{\"path\":\"/Shared/bench/count.py\",\"format\":\"AUTO\",\"overwrite\":true,\"content\":\""
                + Base64.getEncoder().encodeToString(script.getBytes(StandardCharsets.UTF_8)) + "\"}"));
        measure(t); // warm-up: the first run may start Spark
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        long start = System.nanoTime();
        var submitted = Http.post(t.url() + "/api/2.2/jobs/runs/submit", "{\"run_name\":\"bench\",\"tasks\":[{\"task_key\":\"count\","
                + "\"spark_python_task\":{\"python_file\":\"/Workspace/Shared/bench/count.py\"}}]}");
        Http.ok(submitted);
        Matcher m = RUN_ID.matcher(submitted.body());
        if (!m.find()) throw new IllegalStateException("no run_id in " + submitted.body());
        String runId = m.group(1);
        while (true) {
            String body = Http.get(t.url() + "/api/2.2/jobs/runs/get?run_id=" + runId).body();
            Matcher life = LIFE.matcher(body);
            if (life.find() && (life.group(1).equals("TERMINATED") || life.group(1).equals("INTERNAL_ERROR") || life.group(1).equals("SKIPPED"))) {
                double ms = (System.nanoTime() - start) / 1e6;
                Matcher result = RESULT.matcher(body);
                if (!result.find() || !result.group(1).equals("SUCCESS")) throw new IllegalStateException("run " + runId + " did not succeed: " + body);
                return ms;
            }
            Thread.sleep(20);
        }
    }
}
