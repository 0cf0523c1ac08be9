package dev.minilake.bench;

/** POST /_minilake/reset on a workspace holding 50 objects (recreated before every sample). */
final class ResetScenario implements Bench.Scenario {
    static final int OBJECTS = 50;

    @Override
    public String name() {
        return "reset";
    }

    @Override
    public String describe() {
        return "POST /_minilake/reset with " + OBJECTS + " objects in the workspace (needs --url)";
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        if (t.url() == null) throw new IllegalArgumentException("reset needs --url (and --compare for B)");
        Http.ok(Http.post(t.url() + "/_minilake/reset", ""));
        for (int i = 0; i < OBJECTS; i++) {
            Http.ok(Http.post(t.url() + "/api/2.0/token/create", "{\"comment\":\"bench-" + i + "\"}"));
        }
        long start = System.nanoTime();
        Http.ok(Http.post(t.url() + "/_minilake/reset", ""));
        return (System.nanoTime() - start) / 1e6;
    }
}
