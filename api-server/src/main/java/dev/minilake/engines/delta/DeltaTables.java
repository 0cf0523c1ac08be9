package dev.minilake.engines.delta;

import dev.minilake.engines.types.DataType;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The Delta engine behind EXTERNAL tables: what a table's log says (a snapshot of files, schema
 * and partition values at a version), its history, and atomic commits that add and remove files.
 * Data files are written by DuckDB; this engine only reads and writes the {@code _delta_log}.
 */
public interface DeltaTables {

    /** Whether a Delta log exists at the directory. */
    boolean exists(Path table);

    /** The latest snapshot. */
    Snapshot latest(Path table);

    /** The snapshot at a version (time travel). */
    Snapshot atVersion(Path table, long version);

    /** The latest snapshot committed at or before a timestamp (epoch millis). */
    Snapshot atTimestamp(Path table, long epochMillis);

    /** Creates an empty table (version 0) with this schema. */
    long create(Path table, List<Column> columns, List<String> partitionColumns, Map<String, String> properties);

    /**
     * Starts a write: the returned transaction has read the latest version, and its snapshot is what
     * the statement must compute against. Nothing is visible until {@link Write#commit}.
     */
    Write begin(Path table, String operation);

    /**
     * One commit that sets and removes table properties (ALTER TABLE ... SET / UNSET TBLPROPERTIES);
     * returns the new version.
     */
    long setProperties(Path table, Map<String, String> set, java.util.Set<String> unset);

    /**
     * One commit that adds nullable columns at the end of the schema (ALTER TABLE ... ADD COLUMNS);
     * existing files simply lack them, so readers see nulls. Returns the new version.
     */
    long addColumns(Path table, List<Column> columns);

    /** One commit that sets (or, with null, removes) a column's comment in the schema. Returns the new version. */
    long setColumnComment(Path table, String column, String comment);

    /** One entry per commit, newest first. */
    List<HistoryEntry> history(Path table);

    /** A column; its comment lives in the Delta schema's field metadata, where Spark keeps it too. */
    record Column(String name, DataType type, boolean nullable, String comment) {
        public Column(String name, DataType type, boolean nullable) {
            this(name, type, nullable, null);
        }
    }

    /** A data file of a snapshot: its absolute path, partition values (null for a null value) and size. */
    record DataFile(Path path, String relativePath, Map<String, String> partitionValues, long size, boolean hasDeletionVector,
                    Object handle) {
    }

    /** A new data file written under the table directory, with the partition values it holds. */
    record NewFile(Path path, Map<String, String> partitionValues, long rows) {
    }

    /**
     * A version of a table. Its data files are listed on first use: a plain INSERT needs only the
     * schema, and listing the files of a large table costs a pass over the log.
     */
    record Snapshot(Path table, long version, long timestampMillis, List<Column> columns, List<String> partitionColumns,
                    java.util.function.Supplier<List<DataFile>> fileListing, Map<String, String> configuration,
                    java.util.Set<String> readerFeatures, Protocol protocol, String tableId, Long createdAtMillis) {
        public List<DataFile> files() {
            return fileListing.get();
        }

        public List<Column> dataColumns() {
            return columns.stream().filter(c -> !partitionColumns.contains(c.name())).toList();
        }
    }

    /** The table's protocol: what a reader and a writer must support. */
    record Protocol(int minReaderVersion, int minWriterVersion, java.util.Set<String> features) {
    }

    record HistoryEntry(long version, long timestampMillis, String operation, String operationParameters, String engineInfo,
                        String userName, Long numFilesAdded, Long numFilesRemoved) {
    }

    /** An open write: commit once with the files added and the snapshot files it removes. */
    interface Write {
        Snapshot snapshot();

        /** Commits atomically and returns the new version; a concurrent conflicting commit fails it. */
        long commit(List<NewFile> added, List<DataFile> removed);

        /** Gives up without a commit (idempotent; a no-op after commit). */
        void abort();
    }

    /** A table the engine cannot read or write correctly, or a Kernel failure, as a user-facing message. */
    final class DeltaException extends RuntimeException {
        public DeltaException(String message) {
            super(message);
        }

        public DeltaException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
