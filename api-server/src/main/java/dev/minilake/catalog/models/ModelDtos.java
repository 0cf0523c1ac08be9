package dev.minilake.catalog.models;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.Map;

/** Wire shapes of Unity Catalog registered models and model versions, with the SDK's field names. */
public final class ModelDtos {
    private ModelDtos() {
    }

    public record RegisteredModelAlias(String alias_name, String catalog_name, String schema_name, String model_name,
                                       String id, Long version_num) {
    }

    public record RegisteredModelInfo(String name, String catalog_name, String schema_name, String full_name,
                                      String comment, String owner, String storage_location, String metastore_id,
                                      List<RegisteredModelAlias> aliases, Boolean browse_only,
                                      Long created_at, String created_by, Long updated_at, String updated_by) {
    }

    public record ModelVersionInfo(String model_name, String catalog_name, String schema_name, Long version, String id,
                                   String comment, String source, String run_id, Long run_workspace_id, String status,
                                   String storage_location, String metastore_id, List<RegisteredModelAlias> aliases,
                                   JsonNode model_version_dependencies,
                                   Long created_at, String created_by, Long updated_at, String updated_by) {
    }

    public record CreateRegisteredModel(String name, String catalog_name, String schema_name, String comment,
                                        String storage_location) implements Validated {
        @Override
        public void validate() {
            if (name == null || name.isBlank()) throw ApiException.missingField("name");
            if (catalog_name == null || catalog_name.isBlank()) throw ApiException.missingField("catalog_name");
            if (schema_name == null || schema_name.isBlank()) throw ApiException.missingField("schema_name");
        }
    }

    public record UpdateRegisteredModel(String comment, String owner, String new_name) {
    }

    public record UpdateModelVersion(String comment) {
    }

    public record SetAlias(Long version_num) implements Validated {
        @Override
        public void validate() {
            if (version_num == null) throw ApiException.missingField("version_num");
        }
    }

    public record ListModelsQuery(String catalog_name, String schema_name, Long max_results, String page_token,
                                  Boolean include_browse) {
    }

    public record ListVersionsQuery(Long max_results, String page_token, Boolean include_browse) {
    }

    public record ListRegisteredModelsResponse(List<RegisteredModelInfo> registered_models, String next_page_token) {
    }

    public record ListModelVersionsResponse(List<ModelVersionInfo> model_versions, String next_page_token) {
    }

    /** MLflow's UC registry call that creates a version: {@code name} is the model's full name. */
    public record CreateModelVersion(String name, String source, String run_id, String description,
                                     JsonNode model_version_dependencies, Long run_workspace_id) implements Validated {
        @Override
        public void validate() {
            if (name == null || name.isBlank()) throw ApiException.missingField("name");
            if (source == null || source.isBlank()) throw ApiException.missingField("source");
        }
    }

    public record FinalizeModelVersion(String name, String version) implements Validated {
        @Override
        public void validate() {
            if (name == null || name.isBlank()) throw ApiException.missingField("name");
            if (version == null || version.isBlank()) throw ApiException.missingField("version");
        }
    }

    /** A model as the store keeps it; {@code aliases} maps alias name to version number. */
    public record ModelRecord(String full_name, String catalog_name, String schema_name, String name, String schema_id,
                              String comment, String owner, Map<String, Long> aliases, long next_version,
                              Long created_at, String created_by, Long updated_at, String updated_by) {
    }

    /** A model version as the store keeps it. */
    public record VersionRecord(String model_full_name, long version, String id, String comment, String source,
                                String run_id, Long run_workspace_id, String status, String storage_location,
                                JsonNode model_version_dependencies,
                                Long created_at, String created_by, Long updated_at, String updated_by) {
    }
}
