package dev.minilake.engines.statements;

import dev.minilake.engines.sqltranslate.ParameterMarker;
import dev.minilake.engines.statements.StatementRequest.Parameter;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statement's parameters as the SQL connector and the SDKs send them: each is named (for a
 * {@code :name} marker) or unnamed (the n-th unnamed one binds the n-th {@code ?}), with its value
 * as text and its Databricks type ("INT", "DECIMAL(10,3)", "TIMESTAMP", "VOID", ...). Values become
 * the Java objects JDBC binds with that type, so no value is ever spliced into SQL.
 */
final class StatementParameters {
    /** Python's str(datetime): a space or a T, optional fraction, optional offset ("+00:00" or "Z"). */
    private static final DateTimeFormatter LOCAL = new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd")
            .optionalStart().appendLiteral('T').optionalEnd().optionalStart().appendLiteral(' ').optionalEnd()
            .appendPattern("HH:mm[:ss]").optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .toFormatter(Locale.ROOT);
    private static final Pattern OFFSET = Pattern.compile("(Z|[+-]\\d{2}:?\\d{2})$");
    private static final Pattern DECIMAL = Pattern.compile("DECIMAL\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)");

    private StatementParameters() {
    }

    /** The parameter a marker binds; a marker with none fails the statement as UNBOUND_SQL_PARAMETER. */
    static Parameter find(List<Parameter> params, String marker) {
        int ordinal = ParameterMarker.ordinal(marker);
        if (ordinal < 0) {
            return params.stream().filter(p -> marker.equals(p.name())).findFirst()
                    .orElseThrow(() -> new StatementRunner.UnboundParameter(marker));
        }
        List<Parameter> positional = params.stream().filter(p -> p.name() == null || p.name().isEmpty()).toList();
        if (ordinal < 1 || ordinal > positional.size()) throw new StatementRunner.UnboundParameter("_" + (ordinal - 1));
        return positional.get(ordinal - 1);
    }

    /** The value as the Java type its declared SQL type names (STRING when untyped); null for NULL and VOID. */
    static Object jdbcValue(Parameter p) {
        String v = p.value();
        if (v == null) return null;
        String type = p.type() == null ? "STRING" : p.type().trim().toUpperCase(Locale.ROOT);
        try {
            if (type.startsWith("DECIMAL")) {
                Matcher m = DECIMAL.matcher(type);
                BigDecimal d = new BigDecimal(v.trim());
                return m.matches() ? d.setScale(Integer.parseInt(m.group(2)), java.math.RoundingMode.HALF_UP) : d;
            }
            return switch (type) {
                case "INT", "INTEGER" -> Integer.parseInt(v.trim());
                case "BIGINT", "LONG" -> Long.parseLong(v.trim());
                case "SMALLINT", "SHORT" -> Short.parseShort(v.trim());
                case "TINYINT", "BYTE" -> Byte.parseByte(v.trim());
                case "DOUBLE" -> Double.parseDouble(v.trim());
                case "FLOAT", "REAL" -> Float.parseFloat(v.trim());
                case "BOOLEAN" -> bool(v.trim());
                case "DATE" -> LocalDate.parse(v.trim());
                case "TIMESTAMP", "TIMESTAMP_LTZ" -> timestamp(v.trim());
                case "TIMESTAMP_NTZ" -> LocalDateTime.parse(OFFSET.matcher(v.trim()).replaceFirst(""), LOCAL);
                case "BINARY" -> HexFormat.of().parseHex(v.trim());
                case "VOID" -> null;
                default -> v;
            };
        } catch (RuntimeException e) {
            throw new InvalidValue("[INVALID_PARAMETER_MARKER_VALUE] The value '" + v + "' of parameter "
                    + (p.name() == null ? "?" : p.name()) + " is not a valid " + type + ".");
        }
    }

    /** TIMESTAMP is an instant: a value with an offset keeps it, one without is UTC, as Databricks reads it. */
    private static OffsetDateTime timestamp(String v) {
        Matcher m = OFFSET.matcher(v);
        if (!m.find()) return LocalDateTime.parse(v, LOCAL).atOffset(java.time.ZoneOffset.UTC);
        String offset = m.group(1);
        return LocalDateTime.parse(v.substring(0, m.start()), LOCAL).atOffset(java.time.ZoneOffset.of(offset));
    }

    private static Boolean bool(String v) {
        if (v.equalsIgnoreCase("true")) return true;
        if (v.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException(v);
    }

    /** A value its declared type cannot read. */
    static final class InvalidValue extends RuntimeException {
        InvalidValue(String message) {
            super(message);
        }
    }
}
