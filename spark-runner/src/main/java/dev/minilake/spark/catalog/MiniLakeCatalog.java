package dev.minilake.spark.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NamespaceAlreadyExistsException;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.analysis.TableAlreadyExistsException;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.NamespaceChange;
import org.apache.spark.sql.connector.catalog.SupportsNamespaces;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.delta.catalog.DeltaCatalog;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * MiniLake's Spark catalog plugin: one Unity Catalog catalog as a Spark {@link TableCatalog}.
 * Configure it as {@code spark.sql.catalog.<uc catalog name>=dev.minilake.spark.catalog.MiniLakeCatalog}
 * with {@code .uri} (MiniLake's URL) and optionally {@code .token}. Names resolve through the UC REST
 * API; a table's bytes are the Delta table at its {@code storage_location}, read and written by
 * Delta Lake's own catalog through path identifiers, so Spark and MiniLake share exactly the same
 * files and log. Tables made here (CREATE TABLE ... LOCATION, saveAsTable with a path) are registered
 * in UC as EXTERNAL DELTA tables.
 */
public class MiniLakeCatalog implements TableCatalog, SupportsNamespaces {
    /** Spark conf keys the plugin falls back on when the catalog has no options of its own. */
    public static final String CONF_URI = "spark.minilake.uri";
    public static final String CONF_TOKEN = "spark.minilake.token";

    private static final Set<String> RESERVED = Set.of(TableCatalog.PROP_LOCATION, TableCatalog.PROP_PROVIDER,
            TableCatalog.PROP_EXTERNAL, TableCatalog.PROP_OWNER, TableCatalog.PROP_IS_MANAGED_LOCATION, "path");

    private String name;
    private UcClient uc;
    private DeltaCatalog delta;

    @Override
    public void initialize(String name, CaseInsensitiveStringMap options) {
        this.name = name;
        SparkSession spark = SparkSession.active();
        String uri = first(options.get("uri"), spark.conf().getOption(CONF_URI), System.getenv("MINILAKE_URL"), System.getenv("DATABRICKS_HOST"));
        if (uri == null) {
            throw new IllegalArgumentException("Catalog " + name + ": set spark.sql.catalog." + name + ".uri (or " + CONF_URI
                    + ") to MiniLake's URL, e.g. http://localhost:8000");
        }
        String token = first(options.get("token"), spark.conf().getOption(CONF_TOKEN), System.getenv("DATABRICKS_TOKEN"), null);
        this.uc = new UcClient(uri, token);
        this.delta = new DeltaCatalog();
        this.delta.setDelegateCatalog(this);
    }

    private static String first(String option, scala.Option<String> conf, String env1, String env2) {
        if (option != null && !option.isBlank()) return option;
        if (conf.isDefined() && !conf.get().isBlank()) return conf.get();
        if (env1 != null && !env1.isBlank()) return env1;
        return env2 == null || env2.isBlank() ? null : env2;
    }

    @Override
    public String name() {
        return name;
    }

    /** Delta honours defaults, generated and identity columns; Spark refuses them in DDL unless the catalog says so. */
    @Override
    public Set<org.apache.spark.sql.connector.catalog.TableCatalogCapability> capabilities() {
        return Set.of(org.apache.spark.sql.connector.catalog.TableCatalogCapability.SUPPORT_COLUMN_DEFAULT_VALUE,
                org.apache.spark.sql.connector.catalog.TableCatalogCapability.SUPPORTS_CREATE_TABLE_WITH_GENERATED_COLUMNS,
                org.apache.spark.sql.connector.catalog.TableCatalogCapability.SUPPORTS_CREATE_TABLE_WITH_IDENTITY_COLUMNS);
    }

    // ---- tables

    @Override
    public Identifier[] listTables(String[] namespace) throws NoSuchNamespaceException {
        String schema = schemaOf(namespace);
        try {
            return uc.listTables(name, schema).stream().map(t -> Identifier.of(namespace, t)).toArray(Identifier[]::new);
        } catch (UcClient.UcException e) {
            if (e.status == 404) throw new NoSuchNamespaceException(namespace);
            throw e;
        }
    }

    @Override
    public Table loadTable(Identifier ident) throws NoSuchTableException {
        if (ident.namespace().length == 1 && !isPathIdentifier(ident)) {
            Optional<JsonNode> t = uc.getTable(fullName(ident));
            if (t.isPresent() && FileTables.isFileFormat(t.get().path("data_source_format").asText(null))
                    && !"VIEW".equalsIgnoreCase(t.get().path("table_type").asText())) {
                return FileTables.load(fullName(ident), t.get());
            }
        }
        return delta.loadTable(pathOf(ident));
    }

    /** The Unity Catalog VIEW of that name, if there is one: {@link ExpandUcViews} reads it in place of a table. */
    Optional<JsonNode> view(Identifier ident) {
        if (ident.namespace().length != 1 || isPathIdentifier(ident)) return Optional.empty();
        return uc.getTable(fullName(ident)).filter(t -> "VIEW".equalsIgnoreCase(t.path("table_type").asText()));
    }

    UcClient uc() {
        return uc;
    }

    @Override
    public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
        return delta.loadTable(pathOf(ident), version);
    }

    @Override
    public Table loadTable(Identifier ident, long timestamp) throws NoSuchTableException {
        return delta.loadTable(pathOf(ident), timestamp);
    }

    @Override
    public boolean tableExists(Identifier ident) {
        return ident.namespace().length == 1 && !isPathIdentifier(ident) && uc.getTable(fullName(ident)).isPresent();
    }

    @Override
    public Table createTable(Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties)
            throws TableAlreadyExistsException, NoSuchNamespaceException {
        return createTable(ident, org.apache.spark.sql.connector.catalog.CatalogV2Util.structTypeToV2Columns(schema), partitions, properties);
    }

    @Override
    public Table createTable(Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties)
            throws TableAlreadyExistsException, NoSuchNamespaceException {
        String schema = schemaOf(ident.namespace());
        String provider = properties.get(TableCatalog.PROP_PROVIDER);
        String location = localPath(properties.get(TableCatalog.PROP_LOCATION));
        if (FileTables.isFileFormat(provider)) return createFileTable(ident, schema, provider, location, columns, partitions, properties);
        if (provider != null && !provider.equalsIgnoreCase("delta")) {
            throw UcViews.error("DATA_SOURCE_NOT_FOUND", Map.of("provider", provider));
        }
        if (location == null || location.isBlank()) return createManaged(ident, schema, columns, partitions, properties);
        if (uc.getSchema(name + "." + schema).isEmpty()) throw new NoSuchNamespaceException(ident.namespace());
        if (uc.getTable(fullName(ident)).isPresent()) throw new TableAlreadyExistsException(ident);
        // the same call the official connector makes before it creates a table at a path
        uc.temporaryPathCredentials(location, "PATH_CREATE_TABLE");
        Identifier path = Identifier.of(new String[]{"delta"}, location);
        boolean logExisted = hasDeltaLog(location);
        boolean dirExisted = java.nio.file.Files.exists(java.nio.file.Path.of(location));
        createDeltaIfAbsent(path, location, columns, partitions, properties);
        Table physical = delta.loadTable(path);
        ObjectNode body = UcClient.JSON.createObjectNode()
                .put("name", ident.name()).put("catalog_name", name).put("schema_name", schema)
                .put("table_type", "EXTERNAL").put("data_source_format", "DELTA").put("storage_location", location);
        if (properties.get(TableCatalog.PROP_COMMENT) != null) body.put("comment", properties.get(TableCatalog.PROP_COMMENT));
        body.set("columns", columnsJson(physical.schema(), partitionColumns(physical)));
        try {
            uc.createTable(body);
        } catch (RuntimeException e) {
            // Unity Catalog refused the table: the log written for it goes too, so a refusal leaves no files
            if (!logExisted) removeCreatedLog(location, dirExisted);
            if (e instanceof UcClient.UcException uce && uce.status == 409) throw new TableAlreadyExistsException(ident);
            throw e;
        }
        return physical;
    }

    /**
     * A table of one of Spark's file formats: Unity Catalog records it (MANAGED in the managed area
     * without LOCATION, else EXTERNAL there) with its columns, and Spark's file source reads and
     * writes its directory.
     */
    private Table createFileTable(Identifier ident, String schema, String provider, String location, Column[] columns,
                                  Transform[] partitions, Map<String, String> properties)
            throws TableAlreadyExistsException, NoSuchNamespaceException {
        if (partitions.length > 0) throw new UnsupportedOperationException("MiniLake's " + provider + " tables are not partitioned");
        if (uc.getSchema(name + "." + schema).isEmpty()) throw new NoSuchNamespaceException(ident.namespace());
        if (uc.getTable(fullName(ident)).isPresent()) throw new TableAlreadyExistsException(ident);
        StructType struct = org.apache.spark.sql.connector.catalog.CatalogV2Util.v2ColumnsToStructType(columns);
        ObjectNode body = UcClient.JSON.createObjectNode()
                .put("name", ident.name()).put("catalog_name", name).put("schema_name", schema)
                .put("table_type", location == null || location.isBlank() ? "MANAGED" : "EXTERNAL")
                .put("data_source_format", provider.toUpperCase(Locale.ROOT));
        if (location != null && !location.isBlank()) body.put("storage_location", location);
        if (properties.get(TableCatalog.PROP_COMMENT) != null) body.put("comment", properties.get(TableCatalog.PROP_COMMENT));
        body.set("columns", columnsJson(struct, List.of()));
        ObjectNode props = body.putObject("properties");
        properties.forEach((k, v) -> {
            if (k.startsWith(FileTables.OPTION)) props.put(k, v);
        });
        JsonNode created;
        try {
            created = uc.createTable(body);
        } catch (UcClient.UcException e) {
            if (e.status == 409) throw new TableAlreadyExistsException(ident);
            throw e;
        }
        return FileTables.load(fullName(ident), created);
    }

    /**
     * A table without LOCATION is MANAGED: MiniLake creates it (an empty Delta table in its managed
     * area, with these columns and partitions) and names its location; Delta then writes there.
     */
    private Table createManaged(Identifier ident, String schema, Column[] columns, Transform[] partitions, Map<String, String> properties)
            throws TableAlreadyExistsException, NoSuchNamespaceException {
        if (uc.getSchema(name + "." + schema).isEmpty()) throw new NoSuchNamespaceException(ident.namespace());
        if (uc.getTable(fullName(ident)).isPresent()) throw new TableAlreadyExistsException(ident);
        StructType struct = org.apache.spark.sql.connector.catalog.CatalogV2Util.v2ColumnsToStructType(columns);
        List<String> partitionNames = new ArrayList<>();
        for (Transform t : partitions) {
            if (!t.name().equals("identity")) throw new UnsupportedOperationException("MiniLake partitions by columns only, not " + t.describe());
            partitionNames.add(t.references()[0].fieldNames()[0]);
        }
        ObjectNode body = UcClient.JSON.createObjectNode()
                .put("name", ident.name()).put("catalog_name", name).put("schema_name", schema)
                .put("table_type", "MANAGED").put("data_source_format", "DELTA");
        if (properties.get(TableCatalog.PROP_COMMENT) != null) body.put("comment", properties.get(TableCatalog.PROP_COMMENT));
        body.set("columns", columnsJson(struct, partitionNames));
        JsonNode created;
        try {
            created = uc.createTable(body);
        } catch (UcClient.UcException e) {
            if (e.status == 409) throw new TableAlreadyExistsException(ident);
            throw e;
        }
        String location = localPath(created.path("storage_location").asText(""));
        if (location.isEmpty()) throw new IllegalStateException("Unity Catalog created " + fullName(ident) + " without a storage_location");
        Identifier path = Identifier.of(new String[]{"delta"}, location);
        boolean deltaWritesVersion0 = needsDeltasOwnMetadata(columns, properties);
        if (deltaWritesVersion0) {
            // generated, identity and default columns (and table features asked for by name) live in the log's
            // metadata, which MiniLake's version 0 does not carry: Delta writes version 0 of this new table itself
            removeCreatedLog(location, true);
        }
        // MiniLake writes version 0 itself; a catalog that only names a location gets it from Delta
        try {
            createDeltaIfAbsent(path, location, columns, partitions, properties);
            return deltaWritesVersion0 ? delta.loadTable(path) : applyTableProperties(path, properties);
        } catch (Exception e) { // Delta's refusals are AnalysisExceptions, checked in Java and thrown unchecked by Scala
            // Delta refused the table (a feature not enabled, ...): Unity Catalog forgets it, so nothing is half made
            try {
                uc.deleteTable(fullName(ident));
            } catch (RuntimeException ignored) {
                // the refusal is what the user needs to see
            }
            throw UcViews.rethrow(e);
        }
    }

    /**
     * TBLPROPERTIES of a new MANAGED table whose version 0 MiniLake wrote (it has none): Delta sets them next
     * (a feature it supports upgrades the protocol; one it does not is refused with Delta's error class).
     */
    private Table applyTableProperties(Identifier path, Map<String, String> properties) throws Exception {
        List<TableChange> changes = new ArrayList<>();
        properties.forEach((k, v) -> {
            if (!RESERVED.contains(k) && !k.equals(TableCatalog.PROP_COMMENT) && !k.startsWith(TableCatalog.OPTION_PREFIX)) {
                changes.add(TableChange.setProperty(k, v));
            }
        });
        return changes.isEmpty() ? delta.loadTable(path) : delta.alterTable(path, changes.toArray(new TableChange[0]));
    }

    private static boolean needsDeltasOwnMetadata(Column[] columns, Map<String, String> properties) {
        for (Column c : columns) {
            if (c.generationExpression() != null || c.identityColumnSpec() != null || c.defaultValue() != null) return true;
        }
        return properties.keySet().stream().anyMatch(k -> k.startsWith("delta.feature."));
    }

    /** Deletes the {@code _delta_log} this catalog wrote at {@code location} (and the directory, if it made it). */
    private static void removeCreatedLog(String location, boolean dirExisted) {
        java.nio.file.Path dir = java.nio.file.Path.of(location);
        java.nio.file.Path target = dirExisted ? dir.resolve("_delta_log") : dir;
        try (var walk = java.nio.file.Files.walk(target)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (java.io.IOException | java.io.UncheckedIOException ignored) {
            // nothing was there, or it is gone already
        }
    }

    /** A new Delta table at the path unless a log is already there; catalog-reserved properties stay out of it. */
    private void createDeltaIfAbsent(Identifier path, String location, Column[] columns, Transform[] partitions,
                                     Map<String, String> properties) throws TableAlreadyExistsException, NoSuchNamespaceException {
        if (hasDeltaLog(location)) return;
        Map<String, String> props = new HashMap<>();
        properties.forEach((k, v) -> {
            if (!RESERVED.contains(k)) props.put(k, v);
        });
        props.put(TableCatalog.PROP_PROVIDER, "delta");
        if (needsDeltasOwnMetadata(columns, Map.of())) delta.createTable(path, deltaSchema(columns), partitions, props);
        else delta.createTable(path, columns, partitions, props);
    }

    /**
     * The columns as Delta keeps generated, identity and default columns: in each field's metadata, under
     * Delta's own keys (Delta then turns on the table features they need). Spark's column objects carry
     * them apart, and Delta's catalog does not read them from there.
     */
    static StructType deltaSchema(Column[] columns) {
        StructField[] fields = new StructField[columns.length];
        for (int i = 0; i < columns.length; i++) {
            Column c = columns[i];
            org.apache.spark.sql.types.MetadataBuilder m = new org.apache.spark.sql.types.MetadataBuilder();
            if (c.metadataInJSON() != null) m.withMetadata(Metadata.fromJson(c.metadataInJSON()));
            if (c.generationExpression() != null) {
                m.putString(org.apache.spark.sql.delta.sources.DeltaSourceUtils.GENERATION_EXPRESSION_METADATA_KEY(), c.generationExpression());
            }
            if (c.identityColumnSpec() != null) {
                m.putLong(org.apache.spark.sql.delta.sources.DeltaSourceUtils.IDENTITY_INFO_START(), c.identityColumnSpec().getStart());
                m.putLong(org.apache.spark.sql.delta.sources.DeltaSourceUtils.IDENTITY_INFO_STEP(), c.identityColumnSpec().getStep());
                m.putBoolean(org.apache.spark.sql.delta.sources.DeltaSourceUtils.IDENTITY_INFO_ALLOW_EXPLICIT_INSERT(),
                        c.identityColumnSpec().isAllowExplicitInsert());
            }
            if (c.defaultValue() != null) {
                m.putString("CURRENT_DEFAULT", c.defaultValue().getSql());
                m.putString("EXISTS_DEFAULT", c.defaultValue().getSql());
            }
            StructField f = new StructField(c.name(), c.dataType(), c.nullable(), m.build());
            fields[i] = c.comment() == null ? f : f.withComment(c.comment());
        }
        return new StructType(fields);
    }

    @Override
    public Table alterTable(Identifier ident, TableChange... changes) throws NoSuchTableException {
        // the Delta log is the physical truth that Unity Catalog reports, so the change goes there
        return delta.alterTable(pathOf(ident), changes);
    }

    /** Forgets the table in Unity Catalog; an EXTERNAL table's files stay where they are. */
    @Override
    public boolean dropTable(Identifier ident) {
        if (ident.namespace().length != 1 || isPathIdentifier(ident)) return false;
        try {
            uc.deleteTable(fullName(ident));
            return true;
        } catch (UcClient.UcException e) {
            if (e.status == 404) return false;
            throw e;
        }
    }

    @Override
    public boolean purgeTable(Identifier ident) {
        throw new UnsupportedOperationException("MiniLake never deletes an EXTERNAL table's files; use DROP TABLE without PURGE");
    }

    @Override
    public void renameTable(Identifier oldIdent, Identifier newIdent) {
        throw new UnsupportedOperationException("MiniLake's Unity Catalog refuses table renames");
    }

    // ---- namespaces (= UC schemas of this catalog)

    @Override
    public String[][] listNamespaces() {
        return uc.listSchemas(name).stream().map(s -> new String[]{s}).toArray(String[][]::new);
    }

    @Override
    public String[][] listNamespaces(String[] namespace) throws NoSuchNamespaceException {
        if (namespace.length == 0) return listNamespaces();
        if (namespaceExists(namespace)) return new String[0][];
        throw new NoSuchNamespaceException(namespace);
    }

    @Override
    public boolean namespaceExists(String[] namespace) {
        return namespace.length == 1 && uc.getSchema(name + "." + namespace[0]).isPresent();
    }

    @Override
    public Map<String, String> loadNamespaceMetadata(String[] namespace) throws NoSuchNamespaceException {
        if (namespace.length != 1) throw new NoSuchNamespaceException(namespace);
        JsonNode s = uc.getSchema(name + "." + namespace[0]).orElseThrow(() -> new NoSuchNamespaceException(namespace));
        Map<String, String> m = new LinkedHashMap<>();
        if (s.hasNonNull("comment")) m.put(SupportsNamespaces.PROP_COMMENT, s.get("comment").asText());
        if (s.hasNonNull("owner")) m.put(SupportsNamespaces.PROP_OWNER, s.get("owner").asText());
        return m;
    }

    @Override
    public void createNamespace(String[] namespace, Map<String, String> metadata) throws NamespaceAlreadyExistsException {
        if (namespace.length != 1) throw new UnsupportedOperationException("Unity Catalog has no nested schemas: " + String.join(".", namespace));
        try {
            uc.createSchema(name, namespace[0], metadata.get(SupportsNamespaces.PROP_COMMENT));
        } catch (UcClient.UcException e) {
            if (e.status == 409) throw new NamespaceAlreadyExistsException(namespace);
            throw e;
        }
    }

    @Override
    public void alterNamespace(String[] namespace, NamespaceChange... changes) {
        throw new UnsupportedOperationException("MiniLake's Spark catalog does not alter schemas; use the Unity Catalog API");
    }

    @Override
    public boolean dropNamespace(String[] namespace, boolean cascade) throws NoSuchNamespaceException {
        if (!namespaceExists(namespace)) throw new NoSuchNamespaceException(namespace);
        uc.deleteSchema(name + "." + namespace[0], cascade);
        return true;
    }

    // ---- helpers

    /** The path identifier of a UC table's Delta files, which Delta's own catalog resolves. */
    private Identifier pathOf(Identifier ident) throws NoSuchTableException {
        if (ident.namespace().length != 1 || isPathIdentifier(ident)) throw new NoSuchTableException(ident);
        JsonNode t = uc.getTable(fullName(ident)).orElseThrow(() -> new NoSuchTableException(ident));
        String type = t.path("table_type").asText("");
        String format = t.path("data_source_format").asText("");
        String location = t.path("storage_location").asText("");
        // a view is no table: Spark leaves the name unresolved and ExpandUcViews puts the view's query there
        if ("VIEW".equalsIgnoreCase(type)) throw new NoSuchTableException(ident);
        if (!("EXTERNAL".equalsIgnoreCase(type) || "MANAGED".equalsIgnoreCase(type)) || !"DELTA".equalsIgnoreCase(format) || location.isEmpty()) {
            throw new UnsupportedOperationException("Table " + fullName(ident) + " is a " + type + " " + format + " table"
                    + ("MANAGED".equalsIgnoreCase(type) ? " kept in MiniLake's DuckDB (a data dir from before MANAGED tables were Delta)" : "")
                    + "; Spark reads only DELTA tables with a storage_location (query it through the SQL Statement API instead)");
        }
        return Identifier.of(new String[]{"delta"}, location);
    }

    /**
     * Spark qualifies a LOCATION '/abs' as {@code file:/abs}; a local path is registered as the plain
     * absolute path the user wrote, the form MiniLake, DuckDB and Spark all read as the same bytes.
     */
    static String localPath(String location) {
        if (location == null || !location.startsWith("file:")) return location;
        try {
            String p = new java.net.URI(location).getPath();
            return p == null || p.isEmpty() ? location : p;
        } catch (java.net.URISyntaxException e) {
            return location;
        }
    }

    private boolean hasDeltaLog(String location) {
        try {
            Path log = new Path(new Path(location), "_delta_log");
            FileSystem fs = log.getFileSystem(SparkSession.active().sparkContext().hadoopConfiguration());
            return fs.exists(log) && fs.listStatus(log).length > 0;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + location + ": " + e.getMessage(), e);
        }
    }

    /**
     * Delta's catalog asks its delegate (this catalog) about {@code delta.`/path`} while it creates a
     * table by path; such a name is never a UC table.
     */
    /** {@code format.`/path`}: not a table of this catalog, so Spark reads it as files (where the SQL sandbox checks the path). */
    private static boolean isPathIdentifier(Identifier ident) {
        return ident.namespace().length == 1 && (ident.name().startsWith("/") || ident.name().contains(":/"));
    }

    private String fullName(Identifier ident) {
        return name + "." + ident.namespace()[0] + "." + ident.name();
    }

    private static String schemaOf(String[] namespace) throws NoSuchNamespaceException {
        if (namespace.length != 1) throw new NoSuchNamespaceException(namespace);
        return namespace[0];
    }

    private static List<String> partitionColumns(Table t) {
        List<String> out = new java.util.ArrayList<>();
        for (Transform p : t.partitioning()) {
            if ("identity".equals(p.name())) out.add(p.references()[0].fieldNames()[0]);
        }
        return out;
    }

    /** UC ColumnInfo for each field: type_text is Spark DDL, type_json the field's Spark JSON. */
    static ArrayNode columnsJson(StructType schema, List<String> partitionColumns) {
        ArrayNode cols = UcClient.JSON.createArrayNode();
        int pos = 0;
        for (StructField f : schema.fields()) {
            ObjectNode c = cols.addObject();
            c.put("name", f.name());
            c.put("type_text", f.dataType().catalogString());
            c.put("type_name", typeName(f.dataType()));
            String json = new StructType(new StructField[]{new StructField(f.name(), f.dataType(), f.nullable(), Metadata.empty())}).json();
            try {
                c.put("type_json", UcClient.JSON.readTree(json).path("fields").get(0).toString());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            if (f.dataType() instanceof DecimalType d) {
                c.put("type_precision", d.precision());
                c.put("type_scale", d.scale());
            }
            c.put("position", pos++);
            c.put("nullable", f.nullable());
            if (f.getComment().isDefined()) c.put("comment", f.getComment().get());
            int pi = partitionColumns.indexOf(f.name());
            if (pi >= 0) c.put("partition_index", pi);
        }
        return cols;
    }

    static String typeName(DataType t) {
        if (t instanceof DecimalType) return "DECIMAL";
        if (t instanceof ArrayType) return "ARRAY";
        if (t instanceof MapType) return "MAP";
        if (t instanceof StructType) return "STRUCT";
        String n = t.typeName().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "integer" -> "INT";
            case "void" -> "NULL";
            default -> n.toUpperCase(Locale.ROOT);
        };
    }
}
