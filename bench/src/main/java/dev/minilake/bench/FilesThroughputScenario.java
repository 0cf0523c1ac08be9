package dev.minilake.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.Random;

/**
 * Upload and download throughput of one large file (200 MB by default, -Dbench.mb=N) through the
 * Files API on a UC volume (one streamed PUT, one GET) and through the DBFS API (create/add-block/
 * close with 1 MB blocks, read in 1 MB calls). Prints MB/s for each and, when -Dbench.serverPid
 * names the server's process, its peak resident memory (VmHWM) so streaming can be checked.
 * The sample it returns is the Files API upload + download time.
 */
final class FilesThroughputScenario implements Bench.Scenario {
    static final int MB = Integer.getInteger("bench.mb", 200);
    static final String VOLUME = "/Volumes/main/default/bench_files";
    private static final ObjectMapper JSON = new ObjectMapper();
    private Path source;

    @Override
    public String name() {
        return "files-throughput";
    }

    @Override
    public String describe() {
        return MB + " MB upload + download via the Files API (volume) and the DBFS API, MB/s (needs --url; -Dbench.serverPid=PID for peak RSS)";
    }

    @Override
    public void prepare(Bench.Target t) throws Exception {
        if (t.url() == null) throw new IllegalArgumentException("files-throughput needs --url");
        if (source == null) {
            source = Files.createTempFile("bench-files-", ".bin");
            source.toFile().deleteOnExit();
            byte[] chunk = new byte[1024 * 1024];
            Random rnd = new Random(7);
            try (OutputStream out = Files.newOutputStream(source)) {
                for (int i = 0; i < MB; i++) {
                    rnd.nextBytes(chunk);
                    out.write(chunk);
                }
            }
        }
        Http.post(t.url() + "/api/2.1/unity-catalog/volumes",
                "{\"catalog_name\":\"main\",\"schema_name\":\"default\",\"name\":\"bench_files\",\"volume_type\":\"MANAGED\"}");
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        long size = Files.size(source);
        String fileUrl = t.url() + "/api/2.0/fs/files" + VOLUME + "/big.bin";

        long t0 = System.nanoTime();
        HttpResponse<String> put = Http.CLIENT.send(HttpRequest.newBuilder(URI.create(fileUrl + "?overwrite=true"))
                .header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.ofFile(source)).build(), HttpResponse.BodyHandlers.ofString());
        Http.ok(put);
        long t1 = System.nanoTime();
        HttpResponse<InputStream> get = Http.CLIENT.send(HttpRequest.newBuilder(URI.create(fileUrl)).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        long got = drain(get.body());
        long t2 = System.nanoTime();
        if (get.statusCode() != 200 || got != size) throw new IllegalStateException("Files GET " + get.statusCode() + ", " + got + " bytes");

        double dbfsUp = dbfsUpload(t.url(), size);
        double dbfsDown = dbfsDownload(t.url(), size);

        System.out.printf("    Files API upload %.0f MB/s, download %.0f MB/s; DBFS API upload %.0f MB/s, download %.0f MB/s%s%n",
                mbps(size, t1 - t0), mbps(size, t2 - t1), mbps(size, dbfsUp), mbps(size, dbfsDown), peakRss());
        return (t2 - t0) / 1e6;
    }

    /** create / add-block (1 MB, base64) / close: the DBFS API's streaming upload. */
    private double dbfsUpload(String url, long size) throws Exception {
        long start = System.nanoTime();
        JsonNode h = JSON.readTree(Http.post(url + "/api/2.0/dbfs/create",
                "{\"path\":\"/bench/big.bin\",\"overwrite\":true}").body());
        long handle = h.get("handle").asLong();
        byte[] buf = new byte[1024 * 1024];
        try (InputStream in = Files.newInputStream(source)) {
            int n;
            while ((n = in.readNBytes(buf, 0, buf.length)) > 0) {
                byte[] block = n == buf.length ? buf : java.util.Arrays.copyOf(buf, n);
                Http.ok(Http.post(url + "/api/2.0/dbfs/add-block", JSON.writeValueAsString(
                        Map.of("handle", handle, "data", Base64.getEncoder().encodeToString(block)))));
            }
        }
        Http.ok(Http.post(url + "/api/2.0/dbfs/close", "{\"handle\":" + handle + "}"));
        return System.nanoTime() - start;
    }

    /** read in 1 MB calls, the DBFS API's maximum. */
    private double dbfsDownload(String url, long size) throws Exception {
        long start = System.nanoTime();
        long off = 0;
        while (off < size) {
            JsonNode r = JSON.readTree(Http.get(url + "/api/2.0/dbfs/read?path=/bench/big.bin&offset=" + off + "&length=1048576").body());
            long n = r.path("bytes_read").asLong();
            if (n <= 0) throw new IllegalStateException("DBFS read returned " + r);
            Base64.getDecoder().decode(r.get("data").asText());
            off += n;
        }
        return System.nanoTime() - start;
    }

    private static long drain(InputStream in) throws Exception {
        try (in) {
            byte[] buf = new byte[256 * 1024];
            long total = 0;
            int n;
            while ((n = in.read(buf)) > 0) total += n;
            return total;
        }
    }

    private static double mbps(long bytes, double nanos) {
        return bytes / 1048576.0 / (nanos / 1e9);
    }

    private static String peakRss() {
        String pid = System.getProperty("bench.serverPid");
        if (pid == null) return "";
        try {
            for (String line : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                if (line.startsWith("VmHWM:")) return "; server peak RSS " + line.substring(6).trim();
            }
        } catch (Exception e) {
            return "; server peak RSS unknown (" + e.getMessage() + ")";
        }
        return "";
    }
}
