package dev.minilake.catalog.tags;

import dev.minilake.catalog.tags.EntityTagsService.TagRecord;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of entity tag assignments; the logic is in {@link EntityTagsService}. */
@Component
public class EntityTagAssignmentsGroup implements ApiGroup {
    private static final String TAGS = "/api/2.1/unity-catalog/entity-tag-assignments";
    private static final String ONE = TAGS + "/{entity_type}/{entity_name}/tags/{tag_key}";

    private final EntityTagsService s;

    public EntityTagAssignmentsGroup(EntityTagsService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "uc-entity-tags";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "tags on existing catalogs, schemas, tables, columns and volumes (404 otherwise, 409 on a duplicate key); stored, "
                + "not enforced: no governed-tag rules, tags drive no policy and are not visible to SQL (information_schema)";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("EntityTagAssignmentsAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(TAGS, TagRecord.class, (req, b) -> s.create(b));
        r.get(TAGS + "/{entity_type}/{entity_name}/tags", req -> s.list(req.pathVar("entity_type"), req.pathVar("entity_name"),
                req.queryLong("max_results").orElse(null), req.query("page_token").orElse(null)));
        r.get(ONE, req -> s.get(type(req), name(req), key(req)));
        r.patch(ONE, TagRecord.class, (req, b) -> s.update(type(req), name(req), key(req), b, req.query("update_mask").orElse(null)));
        r.delete(ONE, req -> {
            s.delete(type(req), name(req), key(req));
            return null;
        });
    }

    private static String type(Request req) {
        return req.pathVar("entity_type");
    }

    private static String name(Request req) {
        return req.pathVar("entity_name");
    }

    private static String key(Request req) {
        return req.pathVar("tag_key");
    }
}
