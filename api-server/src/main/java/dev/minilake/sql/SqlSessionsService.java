package dev.minilake.sql;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.sql.StatementDtos.CreateSessionRequest;
import dev.minilake.sql.StatementDtos.Session;
import org.springframework.stereotype.Service;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SQL sessions (the SQL Sessions API; databricks-sql-connector with use_sea=True). A session's
 * record (its current catalog and schema) is durable; its live state (temporary views on its own
 * connection, its SET configuration) is in memory, as a Databricks session ends with its cluster.
 */
@Service
public class SqlSessionsService {
    private final Collection<Session> sessions;
    private final DuckDbEngine duckdb;
    private final Map<String, SessionState> live = new ConcurrentHashMap<>();

    public SqlSessionsService(Store store, DuckDbEngine duckdb) {
        this.sessions = store.collection("sql_session", Session.class);
        this.duckdb = duckdb;
    }

    public Session create(CreateSessionRequest req) {
        Session s = new Session(UUID.randomUUID().toString(), req.warehouse_id(),
                req.catalog() == null ? SqlContext.DEFAULT.catalog() : req.catalog(),
                req.schema() == null ? SqlContext.DEFAULT.schema() : req.schema(), System.currentTimeMillis());
        sessions.insert(s.session_id(), s);
        return s;
    }

    public void delete(String id) {
        if (!sessions.delete(id)) throw ApiException.notFound("Session " + id);
        SessionState s = live.remove(id);
        if (s != null) s.close();
    }

    /** The live state a statement of session {@code id} runs with (404 for an unknown session). */
    SessionState state(String id) {
        if (sessions.get(id).isEmpty()) throw ApiException.notFound("Session " + id);
        return live.computeIfAbsent(id, k -> SessionState.forSession(duckdb));
    }

    /** Ends every session's live state (reset: the store forgets the sessions themselves). */
    void closeAll() {
        live.values().forEach(SessionState::close);
        live.clear();
    }

    SqlContext context(String id) {
        Session s = sessions.get(id).orElseThrow(() -> ApiException.notFound("Session " + id));
        return new SqlContext(s.catalog(), s.schema());
    }

    void update(String id, SqlContext ctx) {
        sessions.get(id).ifPresent(s -> sessions.put(id, new Session(id, s.warehouse_id(), ctx.catalog(), ctx.schema(), s.create_time())));
    }
}
