package dev.minilake.catalog.models;

import dev.minilake.catalog.models.ModelDtos.CreateModelVersion;
import dev.minilake.catalog.models.ModelDtos.CreateRegisteredModel;
import dev.minilake.catalog.models.ModelDtos.FinalizeModelVersion;
import dev.minilake.catalog.models.ModelDtos.ListModelsQuery;
import dev.minilake.catalog.models.ModelDtos.ListVersionsQuery;
import dev.minilake.catalog.models.ModelDtos.SetAlias;
import dev.minilake.catalog.models.ModelDtos.UpdateModelVersion;
import dev.minilake.catalog.models.ModelDtos.UpdateRegisteredModel;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of Unity Catalog registered models and model versions; the logic is in {@link RegisteredModelsService}. */
@Component
public class RegisteredModelsGroup implements ApiGroup {
    private static final String MODELS = "/api/2.1/unity-catalog/models";
    private static final String MLFLOW_UC = "/api/2.0/mlflow/unity-catalog/model-versions";

    private final RegisteredModelsService s;

    public RegisteredModelsGroup(RegisteredModelsService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "uc-models";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "UC registered models and versions (numbered 1,2,3... per model, READY at once) stored in an existing schema; "
                + "each version gets a real empty storage directory under the data dir; aliases stored; versions are created through "
                + "MLflow's /api/2.0/mlflow/unity-catalog/model-versions/create; no MLflow artifacts are uploaded or served; renames refused";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("RegisteredModelsAPI", "ModelVersionsAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(MODELS, CreateRegisteredModel.class, (req, b) -> s.create(b));
        r.get(MODELS, ListModelsQuery.class, (req, q) -> s.list(q.catalog_name(), q.schema_name(), q.max_results(), q.page_token()));
        r.get(MODELS + "/{full_name}", req -> s.get(req.pathVar("full_name"), aliases(req)));
        r.patch(MODELS + "/{full_name}", UpdateRegisteredModel.class, (req, b) -> s.update(req.pathVar("full_name"), b));
        r.delete(MODELS + "/{full_name}", req -> {
            s.delete(req.pathVar("full_name"));
            return null;
        });
        r.put(MODELS + "/{full_name}/aliases/{alias}", SetAlias.class,
                (req, b) -> s.setAlias(req.pathVar("full_name"), req.pathVar("alias"), b.version_num()));
        r.delete(MODELS + "/{full_name}/aliases/{alias}", req -> {
            s.deleteAlias(req.pathVar("full_name"), req.pathVar("alias"));
            return null;
        });
        r.get(MODELS + "/{full_name}/aliases/{alias}", req -> s.getByAlias(req.pathVar("full_name"), req.pathVar("alias"), aliases(req)));

        r.get(MODELS + "/{full_name}/versions", ListVersionsQuery.class,
                (req, q) -> s.listVersions(req.pathVar("full_name"), q.max_results(), q.page_token()));
        r.get(MODELS + "/{full_name}/versions/{version}", req -> s.getVersion(req.pathVar("full_name"), version(req), aliases(req)));
        r.patch(MODELS + "/{full_name}/versions/{version}", UpdateModelVersion.class,
                (req, b) -> s.updateVersion(req.pathVar("full_name"), version(req), b.comment()));
        r.delete(MODELS + "/{full_name}/versions/{version}", req -> {
            s.deleteVersion(req.pathVar("full_name"), version(req));
            return null;
        });

        // MLflow's Unity Catalog registry client creates versions here (not part of the Databricks SDK)
        r.post(MLFLOW_UC + "/create", CreateModelVersion.class, (req, b) -> s.mlflowView(s.createVersion(b)));
        r.post(MLFLOW_UC + "/finalize", FinalizeModelVersion.class,
                (req, b) -> s.mlflowView(s.getVersion(b.name(), parseVersion(b.version()), false)));
    }

    @Override
    public void reset() throws Exception {
        s.resetFiles();
    }

    private static boolean aliases(Request req) {
        return req.queryBool("include_aliases").orElse(false);
    }

    private static long version(Request req) {
        return parseVersion(req.pathVar("version"));
    }

    private static long parseVersion(String v) {
        try {
            long n = Long.parseLong(v);
            if (n < 1) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw ApiException.invalid("Invalid model version '" + v + "': expected a positive number.");
        }
    }
}
