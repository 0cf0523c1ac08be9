package dev.minilake.catalog.tags;

import dev.minilake.core.api.Paging;
import dev.minilake.catalog.tags.UcEntities.Entity;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Tag assignments on Unity Catalog entities (catalogs, schemas, tables, columns, volumes), named like
 * the SDK's EntityTagAssignmentsAPI. The entity must exist; one value per tag key. Stored only:
 * tags drive no policy, and governed-tag rules are not checked. A tag remembers its entity's id, so
 * the tags of a dropped object do not show up on a new object of the same name.
 */
@Service
public class EntityTagsService {
    static final int MAX_KEY = 255;
    static final int MAX_VALUE = 1000;

    /** A tag assignment as stored and sent (entity_id is dropped from the wire form). */
    public record TagRecord(String entity_type, String entity_name, String tag_key, String tag_value, String source_type,
                            String update_time, String updated_by, String entity_id) {
        TagRecord wire() {
            return new TagRecord(entity_type, entity_name, tag_key, tag_value, source_type, update_time, updated_by, null);
        }
    }

    public record ListTagsResponse(List<TagRecord> tag_assignments, String next_page_token) {
    }

    private final Store store;
    private final UcEntities entities;
    private final CurrentUserService user;
    private final Collection<TagRecord> tags;

    public EntityTagsService(Store store, UcEntities entities, CurrentUserService user) {
        this.store = store;
        this.entities = entities;
        this.user = user;
        this.tags = store.collection("uc_entity_tag", TagRecord.class);
    }

    public synchronized TagRecord create(TagRecord req) {
        if (req == null) throw ApiException.missingField("tag_assignment");
        String key = tagKey(req.tag_key());
        String value = value(req.tag_value());
        Entity e = entities.resolve(req.entity_type(), req.entity_name());
        dropStale(e);
        TagRecord r = new TagRecord(e.type(), e.fullName(), key, value, null, now(), user.userName(), e.id());
        if (!tags.insert(id(e, key), parent(e), r)) {
            throw ApiException.alreadyExists("Tag '" + key + "' on " + singular(e.type()) + " '" + e.fullName() + "'");
        }
        return r.wire();
    }

    public TagRecord get(String entityType, String entityName, String tagKey) {
        Entity e = entities.resolve(entityType, entityName);
        return require(e, tagKey).wire();
    }

    public ListTagsResponse list(String entityType, String entityName, Long maxResults, String pageToken) {
        Entity e = entities.resolve(entityType, entityName);
        dropStale(e);
        List<TagRecord> sorted = tags.listByParent(parent(e)).stream().sorted(Comparator.comparing(TagRecord::tag_key)).toList();
        Paging.Page<TagRecord> p = Paging.page(sorted, TagRecord::tag_key, maxResults, pageToken);
        return new ListTagsResponse(p.items().stream().map(TagRecord::wire).toList(), p.nextPageToken());
    }

    /** Updates the fields the mask names ({@code tag_value}, or {@code *}); the key and entity stay. */
    public synchronized TagRecord update(String entityType, String entityName, String tagKey, TagRecord change, String updateMask) {
        Entity e = entities.resolve(entityType, entityName);
        TagRecord old = require(e, tagKey);
        if (updateMask == null || updateMask.isBlank()) throw ApiException.missingField("update_mask");
        Set<String> fields = Set.copyOf(Arrays.asList(updateMask.split(",")));
        for (String f : fields) {
            if (!f.equals("*") && !f.equals("tag_value")) {
                throw ApiException.invalid("Invalid update_mask field '" + f + "': only tag_value can be updated.");
            }
        }
        String value = value(change == null ? null : change.tag_value());
        TagRecord r = new TagRecord(old.entity_type(), old.entity_name(), old.tag_key(), value, old.source_type(), now(),
                user.userName(), old.entity_id());
        tags.put(id(e, old.tag_key()), parent(e), r);
        return r.wire();
    }

    public synchronized void delete(String entityType, String entityName, String tagKey) {
        Entity e = entities.resolve(entityType, entityName);
        require(e, tagKey);
        tags.delete(id(e, tagKey));
    }

    private TagRecord require(Entity e, String tagKey) {
        dropStale(e);
        return tags.get(id(e, tagKey)).orElseThrow(() ->
                ApiException.notFound("Tag '" + tagKey + "' on " + singular(e.type()) + " '" + e.fullName() + "'"));
    }

    /** Forgets the tags left by an earlier entity of the same name. */
    private void dropStale(Entity e) {
        List<TagRecord> stale = tags.listByParent(parent(e)).stream().filter(t -> e.id() != null && !e.id().equals(t.entity_id())).toList();
        if (!stale.isEmpty()) store.inTransaction(() -> stale.forEach(t -> tags.delete(id(e, t.tag_key()))));
    }

    private static String tagKey(String key) {
        if (key == null || key.isBlank()) throw ApiException.missingField("tag_key");
        if (key.length() > MAX_KEY) throw ApiException.invalid("Invalid tag_key: at most " + MAX_KEY + " characters.");
        return key;
    }

    private static String value(String value) {
        if (value != null && value.length() > MAX_VALUE) throw ApiException.invalid("Invalid tag_value: at most " + MAX_VALUE + " characters.");
        return value;
    }

    private static String parent(Entity e) {
        return e.type() + "/" + e.fullName();
    }

    private static String id(Entity e, String key) {
        return parent(e) + "/" + key;
    }

    private static String singular(String type) {
        return type.substring(0, type.length() - 1);
    }

    private static String now() {
        return Instant.ofEpochMilli(System.currentTimeMillis()).toString();
    }
}
