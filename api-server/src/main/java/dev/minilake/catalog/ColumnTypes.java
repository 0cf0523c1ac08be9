package dev.minilake.catalog;

import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.engines.types.DataType;
import dev.minilake.engines.types.TypeMapping;
import dev.minilake.engines.types.TypeParseException;
import dev.minilake.core.error.ApiException;

import java.util.Locale;

/** Between the API's ColumnInfo and the type model: what a client declares, and what a physical column is. */
final class ColumnTypes {
    private ColumnTypes() {
    }

    /** The declared type of a column: type_text wins; type_name (+ precision/scale) serves simple types. */
    static DataType declared(ColumnInfo c) {
        String where = " of column '" + c.name() + "'";
        try {
            if (c.type_text() != null && !c.type_text().isBlank()) return TypeMapping.parseSpark(c.type_text());
            if (c.type_name() == null || c.type_name().isBlank()) throw ApiException.missingField("columns.type_text" + where);
            String name = c.type_name().toUpperCase(Locale.ROOT);
            if (name.equals("DECIMAL")) {
                return new DataType.Decimal(c.type_precision() == null ? 10 : c.type_precision(), c.type_scale() == null ? 0 : c.type_scale());
            }
            if (name.equals("CHAR")) return DataType.of(DataType.Kind.STRING);
            try {
                return DataType.of(DataType.Kind.valueOf(name));
            } catch (IllegalArgumentException e) {
                throw ApiException.invalid("Type " + name + where + " needs a type_text (e.g. array<string>).");
            }
        } catch (TypeParseException e) {
            throw ApiException.invalid(e.getMessage() + where);
        }
    }

    /** A physical DuckDB column as the API reports it; its types are the truth, whatever was declared. */
    static ColumnInfo physical(PhysicalCatalog.Column c, String declaredComment) {
        DataType t = fromDuckDb(c.dataType());
        boolean decimal = t instanceof DataType.Decimal;
        return new ColumnInfo(c.name(), TypeMapping.toSparkDdl(t), TypeMapping.typeName(t),
                TypeMapping.typeJson(c.name(), t, c.nullable()),
                decimal ? ((DataType.Decimal) t).precision() : 0, decimal ? ((DataType.Decimal) t).scale() : 0,
                null, c.position(), c.nullable(), c.comment() != null && !c.comment().isEmpty() ? c.comment() : declaredComment, null);
    }

    /** A DuckDB type Spark has no name for is reported as string: that is how it renders in results. */
    private static DataType fromDuckDb(String duckDbType) {
        try {
            return TypeMapping.parseDuckDb(duckDbType);
        } catch (TypeParseException e) {
            return DataType.of(DataType.Kind.STRING);
        }
    }
}
