package dev.minilake.catalog.lineage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of external lineage relationships; the logic is in {@link ExternalLineageService}. */
@Component
public class ExternalLineageGroup implements ApiGroup {
    private static final String EL = "/api/2.0/lineage-tracking/external-lineage";

    private final ExternalLineageService s;

    public ExternalLineageGroup(ExternalLineageService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "uc-external-lineage";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "external lineage relationships stored; both ends must exist (tables, model versions, external metadata; table "
                + "column names checked), one end must be external metadata; listings leave out relationships whose ends were "
                + "dropped; not merged into Unity Catalog's own lineage";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ExternalLineageAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(EL, ObjectNode.class, (req, b) -> s.create(b));
        r.get(EL, req -> s.list(s.fromQuery(req.raw().queryParams(), "object_info"), req.query("lineage_direction").orElse(null),
                req.queryLong("page_size").orElse(null), req.query("page_token").orElse(null)));
        r.patch(EL, ObjectNode.class, (req, b) -> s.update(b, req.query("update_mask").orElse(null)));
        r.delete(EL, req -> {
            s.delete(s.fromQuery(req.raw().queryParams(), "external_lineage_relationship"));
            return null;
        });
    }
}
