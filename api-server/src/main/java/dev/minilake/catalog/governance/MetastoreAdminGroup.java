package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.catalog.CatalogDtos.AssignMetastore;
import dev.minilake.catalog.CatalogDtos.CreateMetastore;
import dev.minilake.catalog.CatalogDtos.UpdateMetastore;
import dev.minilake.catalog.CatalogsService;
import dev.minilake.catalog.MetastoreService;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Creating, changing and assigning metastores. Reading them (summary, current, list, get) stays
 * with the unity-catalog group; the logic is in {@link MetastoreService}.
 */
@Component
public class MetastoreAdminGroup implements ApiGroup {
    private static final String UC = "/api/2.1/unity-catalog";

    private final MetastoreService metastores;
    private final CatalogsService catalogs;

    public MetastoreAdminGroup(MetastoreService metastores, CatalogsService catalogs) {
        this.metastores = metastores;
        this.catalogs = catalogs;
    }

    @Override
    public String name() {
        return "uc-metastore-admin";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "created metastores are stored (names unique, dropped ones can be undropped); the built-in metastore keeps its id "
                + "and holds every catalog: it cannot be deleted or unassigned, and assigning the workspace to another metastore "
                + "changes current-metastore-assignment only (catalogs and metastore_summary stay with the built-in one)";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("MetastoresAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(UC + "/metastores", CreateMetastore.class, (req, b) -> metastores.create(b));
        r.patch(UC + "/metastores/{id}", UpdateMetastore.class, (req, b) -> metastores.update(req.pathVar("id"), b));
        r.delete(UC + "/metastores/{id}", req -> {
            metastores.delete(req.pathVar("id"), req.queryBool("force").orElse(false));
            return null;
        });
        r.post(UC + "/metastores:undropById", JsonNode.class, (req, b) -> metastores.undrop(b.hasNonNull("id") ? b.get("id").asText() : null));

        String ws = UC + "/workspaces/{workspace_id}/metastore";
        r.put(ws, AssignMetastore.class, (req, b) -> {
            metastores.assign(req.pathVar("workspace_id"), b.metastore_id(), defaultCatalog(b));
            return null;
        });
        r.patch(ws, AssignMetastore.class, (req, b) -> {
            metastores.updateAssignment(req.pathVar("workspace_id"), b.metastore_id(), defaultCatalog(b));
            return null;
        });
        r.delete(ws, req -> {
            metastores.unassign(req.pathVar("workspace_id"), req.query("metastore_id").orElse(null));
            return null;
        });
    }

    /** A default catalog must exist (in the built-in metastore, where all catalogs are). */
    private String defaultCatalog(AssignMetastore b) {
        return b.default_catalog_name() == null ? null : catalogs.get(b.default_catalog_name()).name();
    }
}
