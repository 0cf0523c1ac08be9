package dev.minilake.catalog;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of volumes, with the field names of the SDK's VolumeInfo. Volumes live in the store only. */
public final class VolumeDtos {
    private VolumeDtos() {
    }

    public record VolumeInfo(String name, String catalog_name, String schema_name, String full_name, String volume_type,
                             String storage_location, String comment, String owner, String volume_id,
                             String metastore_id, Boolean browse_only,
                             Long created_at, String created_by, Long updated_at, String updated_by) implements UcStore.Keyed {
        @Override
        public String key() {
            return full_name;
        }
    }

    public record CreateVolume(String name, String catalog_name, String schema_name, String volume_type,
                               String storage_location, String comment) implements Validated {
        @Override
        public void validate() {
            if (name == null || name.isBlank()) throw ApiException.missingField("name");
            if (catalog_name == null || catalog_name.isBlank()) throw ApiException.missingField("catalog_name");
            if (schema_name == null || schema_name.isBlank()) throw ApiException.missingField("schema_name");
            if (volume_type == null || volume_type.isBlank()) throw ApiException.missingField("volume_type");
        }
    }

    public record UpdateVolume(String comment, String owner, String new_name) {
    }

    public record ListVolumesResponse(List<VolumeInfo> volumes, String next_page_token) {
    }
}
