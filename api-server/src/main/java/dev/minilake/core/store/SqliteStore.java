package dev.minilake.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * {@link Store} on embedded SQLite in WAL mode. One connection, guarded by one lock: SQLite has a
 * single writer anyway, control-plane traffic is small, and it makes transactions trivially
 * serialisable. WAL with synchronous=NORMAL makes every commit survive a kill -9 of this process
 * (the log is in the OS page cache); only a power loss could lose the last commits.
 */
public final class SqliteStore implements Store {

    private final Connection conn;
    private final ObjectMapper json;
    private final ReentrantLock lock = new ReentrantLock();
    /** Prepared statements by their (constant) text, used under {@link #lock}. */
    private final java.util.Map<String, PreparedStatement> prepared = new java.util.HashMap<>();
    private int txDepth;

    public SqliteStore(Path file, ObjectMapper json) {
        this.json = json;
        try {
            this.conn = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
            try (Statement st = conn.createStatement()) {
                st.execute("PRAGMA journal_mode=WAL");
                st.execute("PRAGMA synchronous=NORMAL");
                st.execute("PRAGMA busy_timeout=5000");
                st.execute("""
                        CREATE TABLE IF NOT EXISTS records (
                          kind TEXT NOT NULL,
                          id TEXT NOT NULL,
                          parent TEXT,
                          body TEXT NOT NULL,
                          PRIMARY KEY (kind, id))""");
                st.execute("CREATE INDEX IF NOT EXISTS records_parent ON records(kind, parent)");
                st.execute("CREATE TABLE IF NOT EXISTS sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL)");
            }
        } catch (SQLException e) {
            throw new StoreException("cannot open the store at " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public <T> Collection<T> collection(String kind, Class<T> type) {
        return new SqliteCollection<>(kind, type);
    }

    @Override
    public <R> R inTransaction(Supplier<R> work) {
        lock.lock();
        try {
            boolean outer = txDepth == 0;
            if (outer) exec("BEGIN IMMEDIATE");
            txDepth++;
            boolean ok = false;
            try {
                R r = work.get();
                ok = true;
                return r;
            } finally {
                txDepth--;
                if (outer) exec(ok ? "COMMIT" : "ROLLBACK");
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long nextId(String sequence) {
        return inTransaction(() -> withStatement(
                "INSERT INTO sequences(name, value) VALUES (?, 1) "
                        + "ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value",
                ps -> {
                    ps.setString(1, sequence);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        return rs.getLong(1);
                    }
                }));
    }

    @Override
    public void clear() {
        inTransaction(() -> {
            exec("DELETE FROM records");
            exec("DELETE FROM sequences");
        });
    }

    @Override
    public boolean ping() {
        try {
            return withStatement("SELECT 1", ps -> {
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            });
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public long size() {
        return withStatement("SELECT count(*) FROM records", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    @Override
    public void close() {
        lock.lock();
        try {
            for (PreparedStatement ps : prepared.values()) ps.close();
            prepared.clear();
            conn.close();
        } catch (SQLException ignored) {
            // closing at shutdown: nothing useful to do
        } finally {
            lock.unlock();
        }
    }

    private void exec(String sql) {
        withStatement(sql, PreparedStatement::execute);
    }

    @FunctionalInterface
    private interface SqlWork<R> {
        R run(PreparedStatement ps) throws SQLException;
    }

    /**
     * Runs {@code sql} as a prepared statement kept for the store's life: every statement text here
     * is a constant, and preparing one again cost as much as a small write.
     */
    private <R> R withStatement(String sql, SqlWork<R> work) {
        lock.lock();
        PreparedStatement ps = null;
        try {
            ps = prepared.get(sql);
            if (ps == null) {
                ps = conn.prepareStatement(sql);
                prepared.put(sql, ps);
            }
            R r = work.run(ps);
            ps.clearParameters();
            return r;
        } catch (SQLException e) {
            if (ps != null) forget(sql, ps); // prepared afresh next time
            throw new StoreException("store error: " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    private void forget(String sql, PreparedStatement ps) {
        prepared.remove(sql);
        try {
            ps.close();
        } catch (SQLException ignored) {
            // it failed already; a new one is prepared on next use
        }
    }

    private final class SqliteCollection<T> implements Collection<T> {
        private final String kind;
        private final Class<T> type;

        SqliteCollection(String kind, Class<T> type) {
            this.kind = kind;
            this.type = type;
        }

        @Override
        public boolean insert(String id, String parent, T value) {
            String body = write(value);
            return withStatement("INSERT INTO records(kind, id, parent, body) VALUES (?,?,?,?) ON CONFLICT DO NOTHING",
                    ps -> {
                        bind(ps, kind, id, parent, body);
                        return ps.executeUpdate() == 1;
                    });
        }

        @Override
        public void put(String id, String parent, T value) {
            String body = write(value);
            withStatement("INSERT INTO records(kind, id, parent, body) VALUES (?,?,?,?) "
                    + "ON CONFLICT(kind, id) DO UPDATE SET parent = excluded.parent, body = excluded.body", ps -> {
                bind(ps, kind, id, parent, body);
                return ps.executeUpdate();
            });
        }

        @Override
        public Optional<T> get(String id) {
            List<T> r = query("SELECT body FROM records WHERE kind = ? AND id = ?", kind, id);
            return r.isEmpty() ? Optional.empty() : Optional.of(r.get(0));
        }

        @Override
        public List<T> list() {
            return query("SELECT body FROM records WHERE kind = ? ORDER BY rowid", kind);
        }

        @Override
        public List<T> listByParent(String parent) {
            return query("SELECT body FROM records WHERE kind = ? AND parent = ? ORDER BY rowid", kind, parent);
        }

        @Override
        public List<T> listByIdPrefix(String prefix) {
            // substr comparison rather than LIKE, so '%' and '_' in ids are not wildcards
            return query("SELECT body FROM records WHERE kind = ? AND substr(id, 1, length(?)) = ? ORDER BY rowid",
                    kind, prefix, prefix);
        }

        @Override
        public boolean delete(String id) {
            return withStatement("DELETE FROM records WHERE kind = ? AND id = ?", ps -> {
                bind(ps, kind, id);
                return ps.executeUpdate() == 1;
            });
        }

        @Override
        public int deleteByParent(String parent) {
            return withStatement("DELETE FROM records WHERE kind = ? AND parent = ?", ps -> {
                bind(ps, kind, parent);
                return ps.executeUpdate();
            });
        }

        @Override
        public long count() {
            return withStatement("SELECT count(*) FROM records WHERE kind = ?", ps -> {
                bind(ps, kind);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
        }

        private List<T> query(String sql, String... args) {
            return withStatement(sql, ps -> {
                bind(ps, (Object[]) args);
                List<T> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) out.add(read(rs.getString(1)));
                }
                return out;
            });
        }

        private String write(T value) {
            try {
                return json.writeValueAsString(value);
            } catch (JsonProcessingException e) {
                throw new StoreException("cannot serialise a " + kind + " record: " + e.getMessage(), e);
            }
        }

        private T read(String body) {
            try {
                return json.readValue(body, type);
            } catch (JsonProcessingException e) {
                throw new StoreException("corrupt " + kind + " record: " + e.getMessage(), e);
            }
        }
    }

    private static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) ps.setObject(i + 1, args[i]);
    }
}
