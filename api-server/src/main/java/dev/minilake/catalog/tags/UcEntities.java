package dev.minilake.catalog.tags;

import dev.minilake.catalog.CatalogsService;
import dev.minilake.catalog.SchemasService;
import dev.minilake.catalog.TableDtos.TableInfo;
import dev.minilake.catalog.TablesService;
import dev.minilake.catalog.VolumesService;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Service;

import java.util.Locale;
import java.util.Optional;

/**
 * Resolves a Unity Catalog entity (catalog, schema, table, column or volume) by type and full name
 * through the catalog services' public methods: 404 when it does not exist. The entity's id lets
 * records attached to it (tags, policies) tell a re-created object of the same name from the old one.
 */
@Service
public class UcEntities {
    /** An existing entity: its type (plural, lowercase, as the tag API names it), lowercase full name and id. */
    public record Entity(String type, String fullName, String id) {
    }

    private final CatalogsService catalogs;
    private final SchemasService schemas;
    private final TablesService tables;
    private final VolumesService volumes;

    public UcEntities(CatalogsService catalogs, SchemasService schemas, TablesService tables, VolumesService volumes) {
        this.catalogs = catalogs;
        this.schemas = schemas;
        this.tables = tables;
        this.volumes = volumes;
    }

    /** The canonical type: catalogs, schemas, tables, columns or volumes (singular and any case accepted). */
    public static String type(String entityType) {
        String t = entityType == null ? "" : entityType.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "catalog", "catalogs" -> "catalogs";
            case "schema", "schemas" -> "schemas";
            case "table", "tables", "view", "views" -> "tables";
            case "column", "columns" -> "columns";
            case "volume", "volumes" -> "volumes";
            case "" -> throw ApiException.missingField("entity_type");
            default -> throw ApiException.invalid("Invalid entity_type '" + entityType
                    + "': MiniLake supports catalogs, schemas, tables, columns and volumes.");
        };
    }

    /** The entity, or 404 RESOURCE_DOES_NOT_EXIST. */
    public Entity resolve(String entityType, String fullName) {
        String type = type(entityType);
        if (fullName == null || fullName.isBlank()) throw ApiException.missingField("entity_name");
        return switch (type) {
            case "catalogs" -> {
                var c = catalogs.get(fullName);
                yield new Entity(type, c.full_name(), c.id());
            }
            case "schemas" -> {
                var s = schemas.get(fullName);
                yield new Entity(type, s.full_name(), s.schema_id());
            }
            case "tables" -> {
                TableInfo t = tables.get(fullName);
                yield new Entity(type, t.full_name(), t.table_id());
            }
            case "volumes" -> {
                var v = volumes.get(fullName);
                yield new Entity(type, v.full_name(), v.volume_id());
            }
            case "columns" -> {
                int dot = fullName.lastIndexOf('.');
                if (dot < 0) throw ApiException.invalid("Invalid column name '" + fullName + "': expected catalog.schema.table.column.");
                TableInfo t = tables.get(fullName.substring(0, dot));
                String column = fullName.substring(dot + 1);
                Optional<String> found = t.columns() == null ? Optional.empty()
                        : t.columns().stream().map(c -> c.name()).filter(c -> c.equalsIgnoreCase(column)).findFirst();
                String name = found.orElseThrow(() -> ApiException.notFound("Column '" + column + "' of table '" + t.full_name() + "'"));
                yield new Entity(type, t.full_name() + "." + name, t.table_id());
            }
            default -> throw new IllegalStateException(type);
        };
    }

    /** The current id of an entity, or empty when it no longer exists (never throws for a missing one). */
    public Optional<String> currentId(String entityType, String fullName) {
        try {
            return Optional.ofNullable(resolve(entityType, fullName).id());
        } catch (ApiException gone) {
            return Optional.empty();
        }
    }
}
