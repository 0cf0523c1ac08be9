package dev.minilake.core.mcp;

import dev.minilake.core.error.ApiException;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/** File bytes for MCP file tools: given as text or base64, answered as text when they are UTF-8, else base64. */
public final class FileContent {
    /** Answers larger than this are refused: an agent's context is no place for big files. */
    public static final int MAX_ANSWER_BYTES = 1024 * 1024;

    private FileContent() {
    }

    public static byte[] bytes(String text, String base64) {
        if ((text == null) == (base64 == null)) throw ApiException.invalid("Give exactly one of content and content_base64");
        if (text != null) return text.getBytes(StandardCharsets.UTF_8);
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("content_base64 is not valid base64: " + e.getMessage());
        }
    }

    /** Refuses a file too large to answer, before it is read. */
    public static void checkSize(String path, long size) {
        if (size > MAX_ANSWER_BYTES) {
            throw ApiException.invalid(path + " is " + size + " bytes; MCP file reads stop at " + MAX_ANSWER_BYTES);
        }
    }

    public static Map<String, Object> answer(String path, byte[] bytes) {
        checkSize(path, bytes.length);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", path);
        m.put("size", bytes.length);
        try {
            m.put("content", StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException binary) {
            m.put("content_base64", Base64.getEncoder().encodeToString(bytes));
        }
        return m;
    }
}
