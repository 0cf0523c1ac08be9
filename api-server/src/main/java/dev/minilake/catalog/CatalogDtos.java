package dev.minilake.catalog;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.Map;

/** Wire shapes of catalogs, schemas and the metastore, with the field names of the SDK's catalog.* classes. */
public final class CatalogDtos {
    private CatalogDtos() {
    }

    /** What the store keeps for a catalog or schema beside what DuckDB knows: identity and descriptive fields. */
    public record ObjectMeta(String full_name, String id, String comment, String owner, Map<String, String> properties,
                             Long created_at, Long updated_at) implements UcStore.Keyed {
        @Override
        public String key() {
            return full_name;
        }

        ObjectMeta updated(String newComment, String newOwner, Map<String, String> newProperties, long now) {
            return new ObjectMeta(full_name, id, newComment != null ? newComment : comment, newOwner != null ? newOwner : owner,
                    newProperties != null ? newProperties : properties, created_at, now);
        }
    }

    public record CatalogInfo(String name, String full_name, String comment, String owner, Map<String, String> properties,
                              String catalog_type, String securable_type, String isolation_mode, String storage_root,
                              String storage_location, String metastore_id, String id, Boolean browse_only,
                              Long created_at, String created_by, Long updated_at, String updated_by) {
    }

    public record CreateCatalog(String name, String comment, Map<String, String> properties, String storage_root,
                                String provider_name, String share_name, String connection_name) implements Validated {
        @Override
        public void validate() {
            if (name == null || name.isBlank()) throw ApiException.missingField("name");
            if (share_name != null || connection_name != null) {
                throw ApiException.invalid("Only managed catalogs are supported: share_name and connection_name are not.");
            }
        }
    }

    public record UpdateCatalog(String comment, String owner, Map<String, String> properties, String new_name,
                                String isolation_mode) {
    }

    public record ListCatalogsResponse(List<CatalogInfo> catalogs, String next_page_token) {
    }

    public record SchemaInfo(String name, String catalog_name, String full_name, String comment, String owner,
                             Map<String, String> properties, String catalog_type, String schema_id, String metastore_id,
                             String storage_root, String storage_location, Boolean browse_only,
                             Long created_at, String created_by, Long updated_at, String updated_by) {
    }

    public record CreateSchema(String name, String catalog_name, String comment, Map<String, String> properties,
                               String storage_root) implements Validated {
        @Override
        public void validate() {
            if (name == null || name.isBlank()) throw ApiException.missingField("name");
            if (catalog_name == null || catalog_name.isBlank()) throw ApiException.missingField("catalog_name");
        }
    }

    public record UpdateSchema(String comment, String owner, Map<String, String> properties, String new_name) {
    }

    public record ListSchemasResponse(List<SchemaInfo> schemas, String next_page_token) {
    }

    /** Query parameters of the list calls; catalog_name/schema_name are checked by the service. */
    public record ListQuery(String catalog_name, String schema_name, Long max_results, String page_token,
                            String schema_name_pattern, String table_name_pattern, Boolean omit_columns) {
    }

    public record MetastoreInfo(String metastore_id, String global_metastore_id, String name, String owner, String region,
                                String cloud, String storage_root, String privilege_model_version,
                                String delta_sharing_scope, Boolean external_access_enabled,
                                Long created_at, String created_by, Long updated_at, String updated_by,
                                String delta_sharing_organization_name, Long delta_sharing_recipient_token_lifetime_in_seconds,
                                String storage_root_credential_id) {
    }

    public record ListMetastoresResponse(List<MetastoreInfo> metastores, String next_page_token) {
    }

    /** MetastoresAPI.create. */
    public record CreateMetastore(String name, String region, String storage_root, Boolean external_access_enabled) implements Validated {
        @Override
        public void validate() {
            if (name == null || name.isBlank()) throw ApiException.missingField("name");
        }
    }

    /** MetastoresAPI.update: every field optional. */
    public record UpdateMetastore(String new_name, String owner, String delta_sharing_scope, String delta_sharing_organization_name,
                                  Long delta_sharing_recipient_token_lifetime_in_seconds, Boolean external_access_enabled,
                                  String privilege_model_version, String storage_root_credential_id) {
    }

    /** MetastoresAPI.assign / update_assignment. */
    public record AssignMetastore(String metastore_id, String default_catalog_name) {
    }

    public record MetastoreAssignment(long workspace_id, String metastore_id, String default_catalog_name) {
    }
}
