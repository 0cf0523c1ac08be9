package dev.minilake.catalog;

import dev.minilake.core.error.ApiException;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Unity Catalog names: case-insensitive, kept lowercase, and limited to characters that are safe as
 * a DuckDB identifier and a file name. Validation happens here, once, before anything is written;
 * quoting (DuckDbEngine.quoteIdent) still guards every name that reaches SQL.
 */
public final class Names {
    public static final int MAX_LENGTH = 255;
    private static final Pattern VALID = Pattern.compile("[a-z0-9_][a-z0-9_-]*");

    private Names() {
    }

    /** A two-part name, {@code catalog.schema}. */
    public record SchemaName(String catalog, String schema) {
        public String fullName() {
            return catalog + "." + schema;
        }
    }

    /** One identifier as Databricks SQL quotes it: {@code `a``b`}. */
    public static String quoted(String identifier) {
        return '`' + identifier.replace("`", "``") + '`';
    }

    /** A three-part name, {@code catalog.schema.name}, of a table, volume or function. */
    public record ObjectName(String catalog, String schema, String name) {
        public String fullName() {
            return catalog + "." + schema + "." + name;
        }

        /** As Databricks SQL: three backtick-quoted identifiers, so a name never becomes SQL syntax. */
        public String quoted() {
            return java.util.stream.Stream.of(catalog, schema, name).map(Names::quoted)
                    .collect(java.util.stream.Collectors.joining("."));
        }

        public SchemaName schemaName() {
            return new SchemaName(catalog, schema);
        }
    }

    /** Returns the lowercase name, or 400 INVALID_PARAMETER_VALUE naming {@code what} and the value. */
    public static String validate(String what, String name) {
        if (name == null || name.isBlank()) throw ApiException.missingField(what);
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.length() > MAX_LENGTH || !VALID.matcher(lower).matches()) {
            throw ApiException.invalid("Invalid " + what + " '" + name + "': a name may contain only letters, digits, "
                    + "underscores and hyphens (not first), at most " + MAX_LENGTH + " characters.");
        }
        return lower;
    }

    public static SchemaName schema(String catalog, String schema) {
        return new SchemaName(validate("catalog name", catalog), validate("schema name", schema));
    }

    public static ObjectName object(String kind, String catalog, String schema, String name) {
        return new ObjectName(validate("catalog name", catalog), validate("schema name", schema), validate(kind + " name", name));
    }

    /** A required request field, or 400 naming it. */
    public static String required(String value, String field) {
        if (value == null || value.isBlank()) throw ApiException.missingField(field);
        return value;
    }

    /** Splits and validates {@code catalog.schema}. */
    public static SchemaName schemaFullName(String fullName) {
        String[] p = split(fullName, 2, "schema");
        return schema(p[0], p[1]);
    }

    /** Splits and validates {@code catalog.schema.name}; {@code kind} is e.g. "table". */
    public static ObjectName objectFullName(String kind, String fullName) {
        String[] p = split(fullName, 3, kind);
        return object(kind, p[0], p[1], p[2]);
    }

    private static String[] split(String fullName, int parts, String kind) {
        if (fullName == null || fullName.isBlank()) throw ApiException.missingField("full_name");
        String[] p = fullName.split("\\.", -1);
        if (p.length != parts) {
            throw ApiException.invalid("Invalid " + kind + " full name '" + fullName + "': expected "
                    + (parts == 2 ? "catalog.schema" : "catalog.schema." + kind) + ".");
        }
        return p;
    }
}
