package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Stored Unity Catalog objects that exist only as records (credentials, external locations,
 * connections): JSON kept with the SDK's field names, keyed by lowercase name, so names are
 * case-insensitive and unique per kind. Create/update stamp the audit fields.
 */
final class NamedRecords {
    private final Store store;
    private final Collection<ObjectNode> records;
    private final String what;

    NamedRecords(Store store, String kind, String what) {
        this.store = store;
        this.records = store.collection(kind, ObjectNode.class);
        this.what = what;
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Stores a new record under its "name"; 409 if the name is taken. */
    ObjectNode insert(ObjectNode record, String user) {
        String name = record.path("name").asText();
        long now = System.currentTimeMillis();
        record.put("created_at", now).put("created_by", user).put("updated_at", now).put("updated_by", user);
        if (!records.insert(key(name), record)) throw ApiException.alreadyExists(what + " '" + name + "'");
        return record;
    }

    Optional<ObjectNode> find(String name) {
        return name == null ? Optional.empty() : records.get(key(name));
    }

    ObjectNode get(String name) {
        return find(name).orElseThrow(() -> ApiException.notFound(what + " '" + name + "'"));
    }

    List<ObjectNode> sorted() {
        return records.list().stream().sorted(Comparator.comparing(r -> key(r.path("name").asText()))).toList();
    }

    /**
     * Copies the allowed fields of {@code change} onto the record, renames it on {@code new_name}
     * (409 if taken) and runs {@code adjust} on the result before it is stored; all in one transaction.
     */
    ObjectNode update(String name, JsonNode change, Set<String> allowed, UnaryOperator<ObjectNode> adjust, String user) {
        return store.inTransaction(() -> {
            ObjectNode r = get(name).deepCopy();
            String oldKey = key(r.path("name").asText());
            change.fields().forEachRemaining(e -> {
                if (allowed.contains(e.getKey()) && !e.getValue().isNull()) r.set(e.getKey(), e.getValue());
            });
            String newName = change.path("new_name").asText("");
            if (!newName.isBlank()) r.put("name", newName);
            ObjectNode out = adjust.apply(r);
            out.put("updated_at", System.currentTimeMillis()).put("updated_by", user);
            String newKey = key(out.path("name").asText());
            if (!newKey.equals(oldKey)) {
                if (records.get(newKey).isPresent()) throw ApiException.alreadyExists(what + " '" + newName + "'");
                records.delete(oldKey);
                records.insert(newKey, out);
            } else {
                records.put(oldKey, out);
            }
            return out;
        });
    }

    void delete(String name) {
        if (!records.delete(key(get(name).path("name").asText()))) throw ApiException.notFound(what + " '" + name + "'");
    }
}
