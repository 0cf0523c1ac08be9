package dev.minilake.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Stored JSON records for the simple admin objects (IP access lists, git credentials, notification
 * destinations): the client's fields kept whole, an id, create/update timestamps, and secret fields
 * that are written but never read back.
 */
final class JsonRecords {
    private final Collection<ObjectNode> records;
    private final String what;
    private final String idField;
    private final Set<String> secretFields;
    private final Supplier<String> newId;

    JsonRecords(Store store, String kind, String what, String idField, Set<String> secretFields, Supplier<String> newId) {
        this.records = store.collection(kind, ObjectNode.class);
        this.what = what;
        this.idField = idField;
        this.secretFields = secretFields;
        this.newId = newId;
    }

    ObjectNode create(ObjectNode fields, long user) {
        ObjectNode r = fields.deepCopy();
        String id = newId.get();
        r.put(idField, id);
        long now = System.currentTimeMillis();
        r.put("created_at", now).put("created_by", user).put("updated_at", now).put("updated_by", user);
        records.insert(id, r);
        return r;
    }

    ObjectNode get(String id) {
        return records.get(id).orElseThrow(() -> ApiException.notFound(what + " " + id));
    }

    List<ObjectNode> list() {
        return records.list();
    }

    /** Merges the given fields into the record (PATCH semantics). */
    ObjectNode update(String id, JsonNode fields, long user) {
        ObjectNode r = get(id);
        fields.fields().forEachRemaining(e -> {
            if (!e.getKey().equals(idField)) r.set(e.getKey(), e.getValue());
        });
        r.put("updated_at", System.currentTimeMillis()).put("updated_by", user);
        records.put(id, r);
        return r;
    }

    /** Replaces the client fields (PUT semantics), keeping id and creation stamps. */
    ObjectNode replace(String id, ObjectNode fields, long user) {
        ObjectNode old = get(id);
        ObjectNode r = fields.deepCopy();
        r.put(idField, id);
        r.set("created_at", old.get("created_at"));
        r.set("created_by", old.get("created_by"));
        r.put("updated_at", System.currentTimeMillis()).put("updated_by", user);
        records.put(id, r);
        return r;
    }

    void delete(String id) {
        if (!records.delete(id)) throw ApiException.notFound(what + " " + id);
    }

    /** The wire form: secrets removed. */
    ObjectNode visible(ObjectNode r) {
        ObjectNode out = r.deepCopy();
        secretFields.forEach(out::remove);
        return out;
    }
}
