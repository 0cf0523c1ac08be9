package dev.minilake.core.crypto;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Encrypts secret values at rest (AES-256-GCM), so the control store's files, or a copy of them,
 * never hold a secret in plaintext. The key is a file of its own ({@code <data>/keys/secrets.key},
 * owner-only), outside the control store and outside everything SQL may read (see engines/Lake),
 * created on first use and kept with a persistent data dir.
 */
public final class SecretSeal {
    private static final int KEY_BYTES = 32;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    /** Marks the sealed form, so a value stored before sealing existed is still told apart. */
    private static final String PREFIX = "seal1:";

    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();

    public SecretSeal(Path keyFile) {
        this.key = new SecretKeySpec(loadOrCreate(keyFile), "AES");
    }

    /** The sealed text form of {@code plain}: a fresh nonce and the ciphertext with its tag. */
    public String seal(byte[] plain) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = c.doFinal(plain);
            byte[] out = new byte[NONCE_BYTES + sealed.length];
            System.arraycopy(nonce, 0, out, 0, NONCE_BYTES);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return PREFIX + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot seal a secret value", e);
        }
    }

    /** The plaintext of a value {@link #seal} made; fails if the key differs or the text was altered. */
    public byte[] open(String sealed) {
        if (!isSealed(sealed)) throw new IllegalArgumentException("not a sealed value");
        byte[] in = Base64.getDecoder().decode(sealed.substring(PREFIX.length()));
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            return c.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot open a sealed secret value: the key in the data dir's keys/ does not match", e);
        }
    }

    public static boolean isSealed(String value) {
        return value != null && value.startsWith(PREFIX);
    }

    private byte[] loadOrCreate(Path file) {
        try {
            if (Files.exists(file)) return readKey(file);
            Files.createDirectories(file.getParent());
            byte[] fresh = new byte[KEY_BYTES];
            random.nextBytes(fresh);
            Path tmp = Files.createTempFile(file.getParent(), "key-", ".tmp");
            try {
                restrict(tmp);
                Files.write(tmp, Base64.getEncoder().encode(fresh), StandardOpenOption.SYNC);
                // a link is atomic and fails if another start made the key first: then that key wins
                Files.createLink(file, tmp);
            } catch (FileAlreadyExistsException raced) {
                return readKey(file);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return fresh;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the secrets key " + file, e);
        }
    }

    private static byte[] readKey(Path file) throws IOException {
        byte[] k = Base64.getDecoder().decode(Files.readString(file).trim());
        if (k.length != KEY_BYTES) throw new IOException("the secrets key must be " + KEY_BYTES + " bytes");
        return k;
    }

    private static void restrict(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // not a POSIX file system: the data dir's own permissions protect it
        }
    }
}
