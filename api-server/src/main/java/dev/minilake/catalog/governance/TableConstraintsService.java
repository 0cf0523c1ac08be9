package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.TableConstraintSource;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TableDtos.TableInfo;
import dev.minilake.catalog.TablesService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Primary key, foreign key and named constraints on existing tables, as the TableConstraintsAPI
 * keeps them: checked against the real tables (columns exist, one primary key per table, a foreign
 * key references the parent's primary key), stored, and shown by tables.get as table_constraints.
 * DuckDB does not enforce them: duplicate keys and dangling references are not refused. A record
 * is tied to its table's id, so a dropped and re-created table has none.
 */
@Service
public class TableConstraintsService implements TableConstraintSource {
    private static final Set<String> KINDS = Set.of("primary_key_constraint", "foreign_key_constraint", "named_table_constraint");

    private final ObjectMapper json;
    private final Store store;
    private final TablesService tables;
    private final Collection<ObjectNode> records;

    public TableConstraintsService(Store store, ObjectMapper json, TablesService tables) {
        this.json = json;
        this.store = store;
        this.tables = tables;
        this.records = store.collection("uc_table_constraint", ObjectNode.class);
    }

    @Override
    public List<?> constraintsOf(String fullName, String tableId) {
        return live(fullName, tableId).stream().map(r -> r.get("constraint")).toList();
    }

    /** Adds a constraint to a table and returns it (the SDK's TableConstraint). */
    public JsonNode create(JsonNode body) {
        String fullName = CredentialsService.requiredText(body, "full_name_arg");
        JsonNode c = body.get("constraint");
        if (c == null || c.isNull()) throw ApiException.missingField("constraint");
        List<String> kinds = KINDS.stream().filter(c::hasNonNull).sorted().toList();
        if (kinds.size() != 1) throw ApiException.invalid("constraint must have exactly one of " + KINDS.stream().sorted().toList() + ".");
        String kind = kinds.get(0);
        JsonNode k = c.get(kind);
        String name = CredentialsService.requiredText(k, "name");
        TableInfo table = tables.get(fullName);
        List<ObjectNode> existing = live(table.full_name(), table.table_id());
        if (existing.stream().anyMatch(r -> r.path("name").asText().equalsIgnoreCase(name))) {
            throw ApiException.alreadyExists("Constraint '" + name + "' on table '" + table.full_name() + "'");
        }
        switch (kind) {
            case "primary_key_constraint" -> {
                List<String> cols = columns(k, "child_columns", table);
                if (existing.stream().anyMatch(r -> r.path("constraint").has("primary_key_constraint"))) {
                    throw ApiException.invalid("Table '" + table.full_name() + "' already has a primary key.");
                }
                for (String t : strings(k, "timeseries_columns")) {
                    if (cols.stream().noneMatch(t::equalsIgnoreCase)) throw ApiException.invalid("timeseries column '" + t + "' is not a key column.");
                }
            }
            case "foreign_key_constraint" -> {
                List<String> child = columns(k, "child_columns", table);
                TableInfo parent = tables.get(CredentialsService.requiredText(k, "parent_table"));
                List<String> parentCols = columns(k, "parent_columns", parent);
                if (parentCols.size() != child.size()) throw ApiException.invalid("child_columns and parent_columns differ in length.");
                List<String> pk = primaryKey(parent);
                if (!lower(pk).equals(lower(parentCols))) {
                    throw ApiException.invalid("parent_columns " + parentCols + " are not the primary key of '" + parent.full_name() + "'"
                            + (pk.isEmpty() ? " (it has none)." : " " + pk + "."));
                }
            }
            default -> {
            }
        }
        ObjectNode constraint = json.createObjectNode();
        constraint.set(kind, k.deepCopy());
        ObjectNode r = json.createObjectNode().put("table", table.full_name()).put("table_id", table.table_id()).put("name", name);
        r.set("constraint", constraint);
        store.inTransaction(() -> {
            // records of an earlier table of this name are forgotten
            for (ObjectNode old : records.listByParent(table.full_name())) {
                if (!table.table_id().equals(old.path("table_id").asText())) records.delete(key(table.full_name(), old.path("name").asText()));
            }
            records.insert(key(table.full_name(), name), table.full_name(), r);
        });
        return constraint;
    }

    /** Deletes a constraint; a primary key that foreign keys reference needs cascade, which drops those too. */
    public void delete(String fullName, String constraintName, boolean cascade) {
        if (constraintName == null || constraintName.isBlank()) throw ApiException.missingField("constraint_name");
        TableInfo table = tables.get(fullName);
        ObjectNode r = live(table.full_name(), table.table_id()).stream()
                .filter(x -> x.path("name").asText().equalsIgnoreCase(constraintName)).findFirst()
                .orElseThrow(() -> ApiException.notFound("Constraint '" + constraintName + "' on table '" + table.full_name() + "'"));
        List<ObjectNode> referencing = new ArrayList<>();
        if (r.path("constraint").has("primary_key_constraint")) {
            for (ObjectNode other : records.list()) {
                JsonNode fk = other.path("constraint").path("foreign_key_constraint");
                if (!fk.isMissingNode() && fk.path("parent_table").asText().equalsIgnoreCase(table.full_name()) && isLive(other)) {
                    referencing.add(other);
                }
            }
        }
        if (!referencing.isEmpty() && !cascade) {
            throw ApiException.invalid("Primary key '" + constraintName + "' is referenced by "
                    + referencing.stream().map(x -> x.path("table").asText() + "." + x.path("name").asText()).toList()
                    + "; delete with cascade to drop those too.");
        }
        store.inTransaction(() -> {
            referencing.forEach(x -> records.delete(key(x.path("table").asText(), x.path("name").asText())));
            records.delete(key(table.full_name(), r.path("name").asText()));
        });
    }

    private List<ObjectNode> live(String fullName, String tableId) {
        return records.listByParent(fullName).stream().filter(r -> r.path("table_id").asText().equals(tableId)).toList();
    }

    private boolean isLive(ObjectNode r) {
        try {
            return tables.get(r.path("table").asText()).table_id().equals(r.path("table_id").asText());
        } catch (ApiException e) {
            return false;
        }
    }

    private List<String> primaryKey(TableInfo t) {
        return live(t.full_name(), t.table_id()).stream().map(r -> r.path("constraint").path("primary_key_constraint"))
                .filter(pk -> !pk.isMissingNode()).findFirst().map(pk -> strings(pk, "child_columns")).orElse(List.of());
    }

    /** The listed columns, each a real column of the table. */
    private static List<String> columns(JsonNode k, String field, TableInfo t) {
        List<String> cols = strings(k, field);
        if (cols.isEmpty()) throw ApiException.missingField(field);
        Set<String> real = (t.columns() == null ? List.<ColumnInfo>of() : t.columns()).stream()
                .map(c -> c.name().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        for (String c : cols) {
            if (!real.contains(c.toLowerCase(Locale.ROOT))) throw ApiException.invalid("'" + c + "' is not a column of '" + t.full_name() + "'.");
        }
        return cols;
    }

    private static List<String> strings(JsonNode k, String field) {
        List<String> out = new ArrayList<>();
        JsonNode a = k.get(field);
        if (a == null || a.isNull()) return out;
        if (!a.isArray()) throw ApiException.invalid("Invalid value for field '" + field + "': expected a list of column names.");
        a.forEach(v -> out.add(v.asText()));
        return out;
    }

    private static List<String> lower(List<String> xs) {
        return xs.stream().map(x -> x.toLowerCase(Locale.ROOT)).toList();
    }

    private static String key(String table, String name) {
        return table + "/" + name.toLowerCase(Locale.ROOT);
    }
}
