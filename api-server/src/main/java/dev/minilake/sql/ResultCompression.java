package dev.minilake.sql;

import dev.minilake.engines.statements.StatementEngine;
import net.jpountz.lz4.LZ4FrameOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;

/**
 * {@code result_compression: LZ4_FRAME}: a result chunk as one LZ4 frame (the LZ4 frame format, as
 * python's {@code lz4.frame} and the SQL connector decompress it), 4 MiB independent blocks with a
 * content checksum. A chunk is at most the engine's chunk size (16 MiB), so it is compressed in memory.
 */
final class ResultCompression {
    private ResultCompression() {
    }

    static StatementEngine.ResultBytes lz4Frame(StatementEngine.ResultBytes plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream lz4 = new LZ4FrameOutputStream(out, LZ4FrameOutputStream.BLOCKSIZE.SIZE_4MB,
                LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
            if (plain.file() != null) {
                try (InputStream in = Files.newInputStream(plain.file())) {
                    in.transferTo(lz4);
                }
            } else {
                lz4.write(plain.bytes());
            }
        }
        return new StatementEngine.ResultBytes(plain.contentType(), out.toByteArray(), null);
    }
}
