package dev.minilake.sql;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.engines.statements.SqlContext;
import dev.minilake.engines.statements.StatementEngine;
import dev.minilake.sql.StatementDtos.CreateSessionRequest;
import dev.minilake.sql.StatementDtos.Session;
import org.springframework.stereotype.Service;

import java.util.UUID;

/**
 * SQL sessions (the SQL Sessions API; databricks-sql-connector with use_sea=True). A session's
 * record (its current catalog and schema) is durable; its live state (temporary views on its own
 * connection, its SET configuration) is the statement engine's, in memory, as a Databricks session
 * ends with its cluster.
 */
@Service
public class SqlSessionsService {
    private final Collection<Session> sessions;
    private final StatementEngine engine;

    public SqlSessionsService(Store store, StatementEngine engine) {
        this.sessions = store.collection("sql_session", Session.class);
        this.engine = engine;
    }

    public Session create(CreateSessionRequest req) {
        Session s = new Session(UUID.randomUUID().toString(), req.warehouse_id(),
                req.catalog() == null ? SqlContext.DEFAULT.catalog() : req.catalog(),
                req.schema() == null ? SqlContext.DEFAULT.schema() : req.schema(), System.currentTimeMillis());
        try {
            engine.configureSession(s.session_id(), req.session_confs());
        } catch (IllegalArgumentException e) {
            engine.closeSession(s.session_id());
            throw ApiException.invalid(e.getMessage());
        }
        sessions.insert(s.session_id(), s);
        return s;
    }

    public void delete(String id) {
        if (!sessions.delete(id)) throw ApiException.notFound("Session " + id);
        engine.closeSession(id);
    }

    /** The session's current catalog and schema (404 for an unknown session). */
    SqlContext context(String id) {
        Session s = sessions.get(id).orElseThrow(() -> ApiException.notFound("Session " + id));
        return new SqlContext(s.catalog(), s.schema());
    }

    void update(String id, SqlContext ctx) {
        sessions.get(id).ifPresent(s -> sessions.put(id, new Session(id, s.warehouse_id(), ctx.catalog(), ctx.schema(), s.create_time())));
    }
}
