package dev.minilake.engines.statements;

import dev.minilake.engines.routing.EngineMode;

import java.util.List;

/**
 * What the statement engine is asked to run: the text, where it runs (a session, or the catalog
 * and schema of a statement on its own), its named parameters, the engine its warehouse pins, and
 * how its result is kept and fetched ({@code format} JSON_ARRAY, ARROW_STREAM or CSV;
 * {@code disposition} INLINE or EXTERNAL_LINKS; limits, null for none).
 * {@code warehouseId} is recorded, not interpreted: the caller resolves the warehouse's engine.
 * {@code resultCompression} (LZ4_FRAME, NONE or null) is recorded for the answer: the engine spools uncompressed.
 */
public record StatementRequest(String statement, String warehouseId, String sessionId, List<Parameter> parameters,
                               EngineMode engineMode, String format, String disposition, Long rowLimit, Long byteLimit,
                               String resultCompression) {

    public StatementRequest(String statement, String warehouseId, String sessionId, List<Parameter> parameters,
                            EngineMode engineMode, String format, String disposition, Long rowLimit, Long byteLimit) {
        this(statement, warehouseId, sessionId, parameters, engineMode, format, disposition, rowLimit, byteLimit, null);
    }

    public StatementRequest {
        parameters = parameters == null ? List.of() : List.copyOf(parameters);
        engineMode = engineMode == null ? EngineMode.AUTO : engineMode;
        format = format == null ? "JSON_ARRAY" : format;
        disposition = disposition == null ? "INLINE" : disposition;
    }

    /** A named parameter (:name) with its value as text and its SQL type (STRING when null). */
    public record Parameter(String name, String value, String type) {
    }
}
