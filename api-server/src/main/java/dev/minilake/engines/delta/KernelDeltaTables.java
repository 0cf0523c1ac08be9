package dev.minilake.engines.delta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.delta.kernel.Operation;
import io.delta.kernel.Table;
import io.delta.kernel.Transaction;
import io.delta.kernel.TransactionCommitResult;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import org.springframework.util.function.SingletonSupplier;
import io.delta.kernel.exceptions.KernelException;
import io.delta.kernel.exceptions.TableNotFoundException;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.hook.PostCommitHook;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.SnapshotImpl;
import io.delta.kernel.internal.actions.AddFile;
import io.delta.kernel.internal.actions.SingleAction;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/**
 * {@link DeltaTables} on Delta Kernel's default engine, reading and writing local files through {@link LocalFileIO}.
 * Writes to one table are serialized in this process; Kernel's optimistic commit protocol (a new
 * {@code _delta_log/N.json} created only if absent) guards against other writers such as Spark.
 */
public final class KernelDeltaTables implements DeltaTables {
    private static final String ENGINE_INFO = "MiniLake/0.1";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Kernel's default engine on local java.nio file access (see {@link LocalFileIO}), created on first use. */
    private final SingletonSupplier<Engine> engine = SingletonSupplier.of(() -> DefaultEngine.create(new LocalFileIO()));

    private Engine engine() {
        return engine.obtain();
    }
    private final Map<Path, ReentrantLock> writeLocks = new ConcurrentHashMap<>();

    @Override
    public boolean exists(Path table) {
        Path log = table.resolve("_delta_log");
        if (!Files.isDirectory(log)) return false;
        try (Stream<Path> s = Files.list(log)) {
            return s.anyMatch(p -> p.getFileName().toString().matches("\\d{20}\\.(json|checkpoint.*parquet)"));
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public Snapshot latest(Path table) {
        return kernel(table, () -> snapshot(table, (SnapshotImpl) forPath(table).getLatestSnapshot(engine())));
    }

    @Override
    public Snapshot atVersion(Path table, long version) {
        return kernel(table, () -> snapshot(table, (SnapshotImpl) forPath(table).getSnapshotAsOfVersion(engine(), version)));
    }

    @Override
    public Snapshot atTimestamp(Path table, long epochMillis) {
        return kernel(table, () -> snapshot(table, (SnapshotImpl) forPath(table).getSnapshotAsOfTimestamp(engine(), epochMillis)));
    }

    @Override
    public long create(Path table, List<Column> columns, List<String> partitionColumns, Map<String, String> properties) {
        if (columns.isEmpty()) throw new DeltaException("A new Delta table needs at least one column.");
        return kernel(table, () -> {
            Files.createDirectories(table);
            var builder = forPath(table).createTransactionBuilder(engine(), ENGINE_INFO + " CREATE TABLE", Operation.CREATE_TABLE)
                    .withSchema(engine(), DeltaTypes.schema(columns))
                    .withPartitionColumns(engine(), partitionColumns);
            Map<String, String> delta = new LinkedHashMap<>();
            if (properties != null) properties.forEach((k, v) -> {
                if (k.startsWith("delta.")) delta.put(k, v);
            });
            if (!delta.isEmpty()) builder = builder.withTableProperties(engine(), delta);
            Transaction txn = builder.build(engine());
            return finish(table, txn.commit(engine(), CloseableIterable.emptyIterable()));
        });
    }

    @Override
    public long setProperties(Path table, Map<String, String> set, Set<String> unset) {
        return kernel(table, () -> {
            var builder = forPath(table).createTransactionBuilder(engine(), ENGINE_INFO + " SET TBLPROPERTIES", Operation.MANUAL_UPDATE);
            if (!set.isEmpty()) builder = builder.withTableProperties(engine(), set);
            if (!unset.isEmpty()) builder = builder.withTablePropertiesRemoved(unset);
            return finish(table, builder.build(engine()).commit(engine(), CloseableIterable.emptyIterable()));
        });
    }

    @Override
    public long addColumns(Path table, List<Column> columns) {
        return commitSchema(table, "ADD COLUMNS", Map.of("columns", columns.stream().map(Column::name).toList().toString()), schema -> {
            for (Column c : columns) {
                if (schema.fieldNames().stream().anyMatch(f -> f.equalsIgnoreCase(c.name()))) {
                    throw new DeltaException("[FIELD_ALREADY_EXISTS] Cannot add column, because `" + c.name() + "` already exists.");
                }
                if (!c.nullable()) {
                    throw new DeltaException("[DELTA_NOT_NULL_COLUMN_NOT_FOUND_IN_STRUCT] Column `" + c.name()
                            + "` is NOT NULL; a column added to an existing table must be nullable.");
                }
                schema = schema.add(DeltaTypes.schema(List.of(c)).fields().get(0));
            }
            return schema;
        });
    }

    @Override
    public long setColumnComment(Path table, String column, String comment) {
        return commitSchema(table, "CHANGE COLUMN", Map.of("column", column), schema -> {
            StructType out = new StructType();
            boolean found = false;
            for (StructField f : schema.fields()) {
                if (f.getName().equalsIgnoreCase(column)) {
                    found = true;
                    var meta = new io.delta.kernel.types.FieldMetadata.Builder().fromMetadata(f.getMetadata());
                    if (comment == null) meta.putNull("comment");
                    else meta.putString("comment", comment);
                    f = f.withNewMetadata(meta.build());
                }
                out = out.add(f);
            }
            if (!found) throw new DeltaException("[UNRESOLVED_COLUMN.WITHOUT_SUGGESTION] A column `" + column + "` cannot be resolved.");
            return out;
        });
    }

    /**
     * A commit that changes only the schema. Kernel 4.0 refuses a new schema for an existing table,
     * so the commit is made of Kernel's own actions (a commitInfo and the table's metadata with the
     * new schema) written by Kernel's JSON writer, and created only if that version is still free
     * (put-if-absent), as a Kernel commit is.
     */
    private long commitSchema(Path table, String operation, Map<String, String> parameters,
                              java.util.function.UnaryOperator<StructType> change) {
        ReentrantLock lock = writeLocks.computeIfAbsent(table, k -> new ReentrantLock());
        lock.lock();
        try {
            return kernel(table, () -> {
                SnapshotImpl s = (SnapshotImpl) forPath(table).getLatestSnapshot(engine());
                StructType schema = change.apply(s.getSchema());
                long version = s.getVersion() + 1;
                var info = new io.delta.kernel.internal.actions.CommitInfo(Optional.empty(), System.currentTimeMillis(),
                        ENGINE_INFO + " " + operation, operation, parameters, false, java.util.UUID.randomUUID().toString(), Map.of());
                List<Row> actions = List.of(SingleAction.createCommitInfoSingleAction(info.toRow()),
                        SingleAction.createMetadataSingleAction(s.getMetadata().withNewSchema(schema).toRow()));
                try {
                    engine().getJsonHandler().writeJsonFileAtomically(
                            LocalFileIO.qualified(table.resolve("_delta_log").resolve(String.format("%020d.json", version))), iterator(actions), false);
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    throw new DeltaException("[DELTA_CONCURRENT_WRITE] Another writer committed version " + version + " first; run the statement again.");
                }
                return version;
            });
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Write begin(Path table, String operation) {
        ReentrantLock lock = writeLocks.computeIfAbsent(table, k -> new ReentrantLock());
        lock.lock();
        try {
            return kernel(table, () -> {
                Table t = forPath(table);
                Transaction txn = t.createTransactionBuilder(engine(), ENGINE_INFO + " " + operation, Operation.WRITE)
                        .withMaxRetries(0).build(engine());
                SnapshotImpl read = readSnapshot(t, txn);
                refuseWhatOnlyDeltaWrites(table, read);
                Snapshot snap = snapshot(table, read);
                return new KernelWrite(table, txn, snap, lock);
            });
        } catch (RuntimeException e) {
            lock.unlock();
            throw e;
        }
    }

    /** Column metadata keys whose values a writer must compute (Kernel 4.0 writes the columns as given, so NULL). */
    private static final List<String> COMPUTED_COLUMN_KEYS = List.of("delta.generationExpression", "delta.identity.start", "CURRENT_DEFAULT");

    /**
     * Generated, identity and default columns and CHECK constraints are the writer's to honour, and
     * Kernel does not (it would write NULLs and skip the checks): such a table is written by Delta on Spark.
     * Refused before anything is written.
     */
    private static void refuseWhatOnlyDeltaWrites(Path table, SnapshotImpl snapshot) {
        // Kernel's parsed schema leaves these keys out, so they are looked for in the log's own schema text
        String schema = snapshot.getMetadata().getSchemaString();
        for (String key : COMPUTED_COLUMN_KEYS) {
            if (schema.contains("\"" + key + "\"")) {
                throw new DeltaException("Delta Kernel refused the operation on " + table + ": Unsupported Delta writer feature: a column is"
                        + " computed by the writer (" + key + ")");
            }
        }
        for (String key : snapshot.getMetadata().getConfiguration().keySet()) {
            if (key.startsWith("delta.constraints.")) {
                throw new DeltaException("Delta Kernel refused the operation on " + table + ": Unsupported Delta writer feature: CHECK constraint "
                        + key.substring("delta.constraints.".length()));
            }
        }
    }

    /** Kernel's TransactionImpl keeps the snapshot it read; 4.0 has no public getter for it. */
    private static final java.lang.reflect.Field READ_SNAPSHOT = readSnapshotField();

    private static java.lang.reflect.Field readSnapshotField() {
        try {
            java.lang.reflect.Field f = io.delta.kernel.internal.TransactionImpl.class.getDeclaredField("readSnapshot");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The snapshot the transaction read: taken from the transaction, which saves loading the same
     * version a second time (a few ms per write); loaded by version when Kernel changes.
     */
    private SnapshotImpl readSnapshot(Table t, Transaction txn) {
        if (READ_SNAPSHOT != null && txn instanceof io.delta.kernel.internal.TransactionImpl) {
            try {
                Object s = READ_SNAPSHOT.get(txn);
                if (s instanceof SnapshotImpl impl && impl.getVersion() == txn.getReadTableVersion()) return impl;
            } catch (IllegalAccessException ignored) {
                // fall through to loading it
            }
        }
        return (SnapshotImpl) t.getSnapshotAsOfVersion(engine(), txn.getReadTableVersion());
    }

    private final class KernelWrite implements Write {
        private final Path table;
        private final Transaction txn;
        private final Snapshot snapshot;
        private final ReentrantLock lock;
        private boolean done;

        KernelWrite(Path table, Transaction txn, Snapshot snapshot, ReentrantLock lock) {
            this.table = table;
            this.txn = txn;
            this.snapshot = snapshot;
            this.lock = lock;
        }

        @Override
        public Snapshot snapshot() {
            return snapshot;
        }

        @Override
        public void abort() {
            if (done) return;
            done = true;
            lock.unlock();
        }

        @Override
        public long commit(List<NewFile> added, List<DataFile> removed) {
            if (done) throw new IllegalStateException("already committed or aborted");
            done = true;
            try {
                return kernel(table, () -> {
                    Row state = txn.getTransactionState(engine());
                    List<Row> actions = new ArrayList<>();
                    long now = System.currentTimeMillis();
                    for (DataFile f : removed) {
                        actions.add(SingleAction.createRemoveFileSingleAction(((AddFile) f.handle()).toRemoveFileRow(true, Optional.of(now))));
                    }
                    for (NewFile f : added) {
                        Map<String, Literal> partition = literals(snapshot, f.partitionValues());
                        var ctx = Transaction.getWriteContext(engine(), state, partition);
                        DataFileStatus status = new DataFileStatus(LocalFileIO.qualified(f.path()),
                                Files.size(f.path()), Files.getLastModifiedTime(f.path()).toMillis(), Optional.empty());
                        try (CloseableIterator<Row> rows = Transaction.generateAppendActions(engine(), state,
                                singleton(status), ctx)) {
                            while (rows.hasNext()) actions.add(rows.next());
                        }
                    }
                    return finish(table, txn.commit(engine(), CloseableIterable.inMemoryIterable(iterator(actions))));
                });
            } finally {
                lock.unlock();
            }
        }
    }

    @Override
    public List<HistoryEntry> history(Path table) {
        Path log = table.resolve("_delta_log");
        List<HistoryEntry> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(log)) {
            List<Path> commits = s.filter(p -> p.getFileName().toString().matches("\\d{20}\\.json"))
                    .sorted(Comparator.comparing(Path::toString).reversed()).toList();
            for (Path p : commits) out.add(entry(p));
        } catch (IOException e) {
            throw new DeltaException("cannot read the Delta log at " + table + ": " + e.getMessage(), e);
        }
        return out;
    }

    private static HistoryEntry entry(Path commit) throws IOException {
        long version = Long.parseLong(commit.getFileName().toString().substring(0, 20));
        JsonNode info = null;
        long adds = 0, removes = 0;
        try (BufferedReader r = Files.newBufferedReader(commit)) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank()) continue;
                JsonNode a = JSON.readTree(line);
                if (a.has("commitInfo")) info = a.get("commitInfo");
                if (a.has("add")) adds++;
                if (a.has("remove")) removes++;
            }
        }
        long ts = info != null && info.has("timestamp") ? info.get("timestamp").asLong() : Files.getLastModifiedTime(commit).toMillis();
        String op = info != null && info.has("operation") ? info.get("operation").asText() : null;
        String params = info != null && info.has("operationParameters") ? info.get("operationParameters").toString() : "{}";
        String engineInfo = info != null && info.has("engineInfo") ? info.get("engineInfo").asText() : null;
        String user = info != null && info.has("userName") ? info.get("userName").asText() : null;
        return new HistoryEntry(version, ts, op, params, engineInfo, user, adds, removes);
    }

    private Snapshot snapshot(Path table, SnapshotImpl s) throws IOException {
        StructType schema = s.getSchema();
        List<String> partitionColumns = s.getPartitionColumnNames();
        Set<String> readerFeatures = s.getProtocol().getReaderFeatures();
        SingletonSupplier<List<DataFile>> files = SingletonSupplier.of(() -> kernel(table, () -> dataFiles(s)));
        return new Snapshot(table, s.getVersion(), s.getTimestamp(engine()), DeltaTypes.columns(schema), List.copyOf(partitionColumns),
                files, Map.copyOf(s.getMetadata().getConfiguration()), Set.copyOf(readerFeatures),
                new Protocol(s.getProtocol().getMinReaderVersion(), s.getProtocol().getMinWriterVersion(),
                        new java.util.TreeSet<>(s.getProtocol().getWriterFeatures())),
                s.getMetadata().getId(), s.getMetadata().getCreatedTime().orElse(null));
    }

    private List<DataFile> dataFiles(SnapshotImpl s) throws IOException {
        List<DataFile> files = new ArrayList<>();
        try (CloseableIterator<FilteredColumnarBatch> batches = s.getScanBuilder().build().getScanFiles(engine())) {
            while (batches.hasNext()) {
                try (CloseableIterator<Row> rows = batches.next().getRows()) {
                    while (rows.hasNext()) {
                        Row row = rows.next();
                        AddFile add = new AddFile(row.getStruct(InternalScanFileUtils.ADD_FILE_ORDINAL));
                        String abs = InternalScanFileUtils.getAddFileStatus(row).getPath();
                        Path local = LocalFileIO.local(abs);
                        Map<String, String> pv = new HashMap<>(InternalScanFileUtils.getPartitionValues(row));
                        files.add(new DataFile(local, add.getPath(), Collections.unmodifiableMap(pv), add.getSize(),
                                add.getDeletionVector().isPresent(), add));
                    }
                }
            }
        }
        return List.copyOf(files);
    }

    /** Partition values (strings, as the log keeps them) as typed literals of the partition columns. */
    private static Map<String, Literal> literals(Snapshot snap, Map<String, String> values) {
        Map<String, Literal> out = new LinkedHashMap<>();
        StructType schema = DeltaTypes.schema(snap.columns());
        for (String col : snap.partitionColumns()) {
            StructField f = schema.get(col);
            out.put(col, literal(f.getDataType(), values.get(col)));
        }
        return out;
    }

    private static Literal literal(io.delta.kernel.types.DataType t, String v) {
        if (v == null) return Literal.ofNull(t);
        try {
            if (t instanceof io.delta.kernel.types.StringType) return Literal.ofString(v);
            if (t instanceof io.delta.kernel.types.LongType) return Literal.ofLong(Long.parseLong(v));
            if (t instanceof io.delta.kernel.types.IntegerType) return Literal.ofInt(Integer.parseInt(v));
            if (t instanceof io.delta.kernel.types.ShortType) return Literal.ofShort(Short.parseShort(v));
            if (t instanceof io.delta.kernel.types.ByteType) return Literal.ofByte(Byte.parseByte(v));
            if (t instanceof io.delta.kernel.types.BooleanType) return Literal.ofBoolean(Boolean.parseBoolean(v));
            if (t instanceof io.delta.kernel.types.DoubleType) return Literal.ofDouble(Double.parseDouble(v));
            if (t instanceof io.delta.kernel.types.FloatType) return Literal.ofFloat(Float.parseFloat(v));
            if (t instanceof io.delta.kernel.types.DateType) return Literal.ofDate((int) LocalDate.parse(v).toEpochDay());
            if (t instanceof io.delta.kernel.types.DecimalType d) {
                return Literal.ofDecimal(new BigDecimal(v).setScale(d.getScale()), d.getPrecision(), d.getScale());
            }
            if (t instanceof io.delta.kernel.types.TimestampType) return Literal.ofTimestamp(micros(v, true));
            if (t instanceof io.delta.kernel.types.TimestampNTZType) return Literal.ofTimestampNtz(micros(v, false));
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new DeltaException("partition value '" + v + "' is not a " + t);
        }
        throw new DeltaException("MiniLake cannot write partition columns of type " + t);
    }

    private static long micros(String v, boolean utc) {
        String s = v.replace(' ', 'T');
        LocalDateTime ldt;
        try {
            ldt = OffsetDateTime.parse(s).withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        } catch (DateTimeParseException e) {
            ldt = LocalDateTime.parse(s);
        }
        var i = ldt.toInstant(ZoneOffset.UTC);
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
    }

    /**
     * The commit is durable once Kernel returns. Its simple checksum (one small file from what Kernel holds
     * in memory) is written at once, so the next commit can checksum incrementally too; the hooks that read
     * the log (a checkpoint every tenth version, a full checksum, log compaction) only make later reads
     * faster, so they run after the answer, one at a time, and not for a log dropped or made again since.
     */
    private long finish(Path table, TransactionCommitResult result) {
        List<PostCommitHook> later = new ArrayList<>();
        for (PostCommitHook hook : result.getPostCommitHooks()) {
            if (hook.getType() == PostCommitHook.PostCommitHookType.CHECKSUM_SIMPLE) invokeQuietly(hook);
            else later.add(hook);
        }
        if (!later.isEmpty()) {
            Object key = logKey(table);
            postCommit.execute(() -> {
                for (PostCommitHook hook : later) {
                    if (key == null || !key.equals(logKey(table))) return;
                    invokeQuietly(hook);
                }
            });
        }
        return result.getVersion();
    }

    private void invokeQuietly(PostCommitHook hook) {
        try {
            hook.threadSafeInvoke(engine());
        } catch (IOException | RuntimeException ignored) {
            // a checkpoint or checksum is an optimisation; the commit itself is already durable
        }
    }

    /** Post-commit hooks, in commit order on one daemon thread, so two checkpoints of one table never race. */
    private final java.util.concurrent.ExecutorService postCommit = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "minilake-delta-post-commit");
        t.setDaemon(true);
        return t;
    });

    /**
     * One Kernel Table per directory, kept: Kernel remembers the last snapshot it loaded for a Table
     * (protocol, metadata, version), so the next load reads only the commits after it. A table
     * dropped and made again at the same path has a new {@code _delta_log} directory, which the
     * cache notices by the directory's file key.
     */
    private Table forPath(Path table) {
        Object key = logKey(table);
        CachedTable cached = tables.get(table);
        if (cached != null && key != null && key.equals(cached.logKey())) return cached.table();
        Table t = Table.forPath(engine(), table.toString());
        if (key != null) tables.put(table, new CachedTable(t, key));
        else tables.remove(table);
        return t;
    }

    private record CachedTable(Table table, Object logKey) {
    }

    private final Map<Path, CachedTable> tables = new ConcurrentHashMap<>();

    private static Object logKey(Path table) {
        try {
            var attrs = Files.readAttributes(table.resolve("_delta_log"), java.nio.file.attribute.BasicFileAttributes.class);
            Object key = attrs.fileKey() != null ? attrs.fileKey() : attrs.creationTime();
            // a log made again in its place (Spark's catalog lets Delta write a new table's first commit) may
            // reuse the directory's inode; its first commit is another file, of another size
            try {
                var first = Files.readAttributes(table.resolve("_delta_log").resolve("00000000000000000000.json"),
                        java.nio.file.attribute.BasicFileAttributes.class);
                return List.of(key, first.size(), first.lastModifiedTime());
            } catch (IOException noFirstCommit) {
                return key; // cleaned up, or a checkpoint-only log
            }
        } catch (IOException e) {
            return null;
        }
    }

    private static <T> CloseableIterator<T> singleton(T value) {
        return iterator(List.of(value));
    }

    private static <T> CloseableIterator<T> iterator(List<T> values) {
        return LocalFileIO.closeable(values.iterator());
    }

    @FunctionalInterface
    private interface KernelWork<T> {
        T run() throws Exception;
    }

    private static <T> T kernel(Path table, KernelWork<T> work) {
        try {
            return work.run();
        } catch (DeltaException e) {
            throw e;
        } catch (TableNotFoundException e) {
            throw new DeltaException("No Delta table at " + table + ".", e);
        } catch (KernelException e) {
            DeltaException unsupported = DeltaFeatures.refusal(e.getMessage());
            if (unsupported != null) throw unsupported;
            throw new DeltaException("Delta Kernel refused the operation on " + table + ": " + e.getMessage(), e);
        } catch (Exception e) {
            throw new DeltaException("Delta operation on " + table + " failed: " + e, e);
        }
    }
}
