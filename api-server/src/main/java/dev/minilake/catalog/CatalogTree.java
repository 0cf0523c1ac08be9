package dev.minilake.catalog;

import java.util.List;
import java.util.Map;

/** A catalog's hierarchy in one answer, read through the catalog services (MCP's catalog resource and describe_catalog_tree). */
public final class CatalogTree {
    private CatalogTree() {
    }

    /** A catalog's schemas with their tables (and, when asked, each table's columns) and volumes. */
    public static Map<String, Object> of(CatalogsService catalogs, SchemasService schemas, TablesService tables,
                                         VolumesService volumes, String catalog, boolean withColumns) {
        catalogs.get(catalog);
        List<Map<String, Object>> out = new java.util.ArrayList<>();
        for (CatalogDtos.SchemaInfo s : schemas.list(catalog)) {
            Map<String, Object> schema = new java.util.LinkedHashMap<>();
            schema.put("schema", s.name());
            schema.put("tables", tables.list(catalog, s.name(), !withColumns).stream().map(t -> {
                Map<String, Object> m = new java.util.LinkedHashMap<>();
                m.put("name", t.name());
                m.put("table_type", t.table_type());
                if (withColumns && t.columns() != null) {
                    m.put("columns", t.columns().stream().map(c -> c.name() + " " + c.type_text()).toList());
                }
                return m;
            }).toList());
            schema.put("volumes", volumes.list(catalog, s.name()).stream().map(VolumeDtos.VolumeInfo::name).toList());
            out.add(schema);
        }
        return Map.of("catalog", catalog, "schemas", out);
    }

}
