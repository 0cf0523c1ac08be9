package dev.minilake.bench;

/**
 * Unity Catalog metadata throughput: catalog, schema and table create + get + delete cycles over
 * HTTP. One sample = the time of {@value #CYCLES} cycles; the runner also prints operations/s.
 */
final class MetadataScenario implements Bench.Scenario {
    static final int CYCLES = 1000;
    private int round;

    @Override
    public String name() {
        return "metadata";
    }

    @Override
    public String describe() {
        return CYCLES + " catalog/schema/table create+get+delete cycles (9 calls each; needs --url)";
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        String u = t.url() + "/api/2.1/unity-catalog";
        long start = System.nanoTime();
        for (int i = 0; i < CYCLES; i++) {
            String c = "bench_c" + (round++);
            Http.ok(Http.post(u + "/catalogs", "{\"name\":\"" + c + "\"}"));
            Http.ok(Http.get(u + "/catalogs/" + c));
            Http.ok(Http.post(u + "/schemas", "{\"name\":\"s\",\"catalog_name\":\"" + c + "\"}"));
            Http.ok(Http.get(u + "/schemas/" + c + ".s"));
            Http.ok(Http.post(u + "/tables", "{\"name\":\"t\",\"catalog_name\":\"" + c + "\",\"schema_name\":\"s\","
                    + "\"table_type\":\"MANAGED\",\"data_source_format\":\"DELTA\",\"columns\":[{\"name\":\"id\",\"type_text\":\"bigint\"}]}"));
            Http.ok(Http.get(u + "/tables/" + c + ".s.t"));
            Http.ok(Http.delete(u + "/tables/" + c + ".s.t"));
            Http.ok(Http.delete(u + "/schemas/" + c + ".s"));
            Http.ok(Http.delete(u + "/catalogs/" + c + "?force=true"));
        }
        double ms = (System.nanoTime() - start) / 1e6;
        System.out.printf("    %.0f operations/s, %.0f cycles/s (%d HTTP calls in %.0f ms)%n",
                CYCLES * 9 / (ms / 1000), CYCLES / (ms / 1000), CYCLES * 9, ms);
        return ms;
    }
}
