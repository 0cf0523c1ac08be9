package dev.minilake.core.web;

import dev.minilake.core.settings.Settings;
import org.springframework.boot.web.server.Ssl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code --tls}: Spring Boot's {@link Ssl} settings for the embedded Netty server. With
 * {@code --cert/--key} the given PEM files are served; otherwise a self-signed certificate for
 * localhost/127.0.0.1 is generated once (JDK keytool) into the TLS dir and reused on later starts.
 * Clients trust it through their documented options: SSL_CERT_FILE (Go: CLI, Terraform),
 * REQUESTS_CA_BUNDLE (Python SDK), a truststore (Java SDK).
 */
public final class TlsSetup {
    static final String PASSWORD = "minilake";
    static final String ALIAS = "minilake";

    private TlsSetup() {
    }

    /** Where a generated certificate lives: {@code <data dir>/tls}, else {@code ~/.minilake/tls}. */
    public static Path tlsDir(Settings settings) {
        return settings.dataDir() != null ? settings.dataDir().resolve("tls")
                : Path.of(System.getProperty("user.home"), ".minilake", "tls");
    }

    /** The PEM certificate clients should trust. */
    public static Path certificatePem(Settings settings) {
        return settings.tlsCert() != null ? settings.tlsCert() : tlsDir(settings).resolve("minilake.crt");
    }

    /** The server's TLS settings, or null without --tls; generates the self-signed certificate when needed. */
    public static Ssl ssl(Settings settings) {
        if (!settings.tls()) return null;
        Ssl ssl = new Ssl();
        ssl.setEnabled(true);
        if (settings.tlsCert() != null) {
            requireFile(settings.tlsCert(), "--cert");
            requireFile(settings.tlsKey(), "--key");
            ssl.setCertificate(settings.tlsCert().toUri().toString());
            ssl.setCertificatePrivateKey(settings.tlsKey().toUri().toString());
            return ssl;
        }
        Path dir = tlsDir(settings);
        Path keystore = dir.resolve("minilake.p12");
        Path pem = dir.resolve("minilake.crt");
        if (!Files.isRegularFile(keystore) || !Files.isRegularFile(pem)) {
            generate(dir, keystore, pem);
        }
        ssl.setKeyStore(keystore.toUri().toString());
        ssl.setKeyStoreType("PKCS12");
        ssl.setKeyStorePassword(PASSWORD);
        ssl.setKeyAlias(ALIAS);
        return ssl;
    }

    private static void requireFile(Path p, String flag) {
        if (!Files.isRegularFile(p)) throw new IllegalArgumentException(flag + " " + p + " is not a readable file");
    }

    private static void generate(Path dir, Path keystore, Path pem) {
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(keystore);
            Path tmpPem = dir.resolve("minilake.crt.tmp");
            String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
            run(List.of(keytool, "-genkeypair", "-keystore", keystore.toString(), "-storetype", "PKCS12",
                    "-storepass", PASSWORD, "-keypass", PASSWORD, "-alias", ALIAS, "-keyalg", "EC",
                    "-groupname", "secp256r1", "-validity", "3650", "-dname", "CN=localhost, O=MiniLake",
                    "-ext", "SAN=dns:localhost,ip:127.0.0.1,ip:::1", "-ext", "BC:c=ca:false"));
            run(List.of(keytool, "-exportcert", "-rfc", "-keystore", keystore.toString(), "-storetype", "PKCS12",
                    "-storepass", PASSWORD, "-alias", ALIAS, "-file", tmpPem.toString()));
            Files.move(tmpPem, pem, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IllegalStateException("cannot generate the self-signed TLS certificate in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            boolean done = p.waitFor(60, TimeUnit.SECONDS);
            String out = new String(p.getInputStream().readAllBytes());
            if (!done || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("keytool failed: " + out.trim());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running keytool", e);
        }
    }
}
