"""databricks-sql-connector (use_sea=True) against a real MiniLake: no statement outlives its
STATEMENT_TIMEOUT, and CREATE TABLE ... TBLPROPERTIES with Delta table features either honours
them or refuses them at once with Databricks' error class (never a hang), on both engines: the
default warehouse (DuckDB, with Spark for what only Spark's Delta writes) and a Spark-pinned one."""
import json
import time

import pytest
import requests

# 10^12 rows; each term is below 49, so the sum never overflows (Spark is ANSI: an overflow would fail it early)
FOREVER = "SELECT sum((a.id % 7) * (b.id % 7)) FROM range(1000000) a CROSS JOIN range(1000000) b"


def _connect(server, warehouse="dev", **kw):
    from databricks import sql
    return sql.connect(server_hostname="http://localhost", _port=server.port, http_path=f"/sql/1.0/warehouses/{warehouse}",
                       access_token="dev", use_sea=True, enable_telemetry=False, **kw)


@pytest.fixture(scope="module")
def warm(server):
    r = requests.post(server.url + "/_minilake/spark/start?wait=true", timeout=310)
    assert r.status_code == 200 and r.json()["state"] == "WARM", r.text


@pytest.fixture(params=["duckdb", "spark"])
def warehouse(request, server, w):
    if request.param == "duckdb":
        return "dev"
    request.getfixturevalue("warm")
    from databricks.sdk.service.sql import EndpointTagPair, EndpointTags
    return w.warehouses.create(name="spark-limits", tags=EndpointTags(custom_tags=[
        EndpointTagPair(key="minilake.engine", value="spark")])).result().id


def _assert_timed_out(cur, seconds):
    from databricks.sql.exc import DatabaseError
    t = time.time()
    with pytest.raises(DatabaseError, match="QUERY_EXECUTION_TIMEOUT_EXCEEDED"):
        cur.execute(FOREVER)
    took = time.time() - t
    assert seconds - 0.5 <= took < seconds + 10, took
    return took


def test_set_statement_timeout_halts_a_statement_that_runs_longer(server, warehouse):
    with _connect(server, warehouse) as conn, conn.cursor() as cur:
        cur.execute("SET STATEMENT_TIMEOUT = 3")
        _assert_timed_out(cur, 3)
        # the session and the server stay responsive (the timeout is reset first: a cold Spark may take 3 s)
        cur.execute("RESET STATEMENT_TIMEOUT")
        t = time.time()
        cur.execute("SELECT 1 AS one")
        assert cur.fetchall()[0][0] == 1 and time.time() - t < 30
    history = requests.get(server.url + "/api/2.0/sql/history/queries", headers={"Authorization": "Bearer dev"},
                           params={"max_results": 10}, timeout=30).json()
    failed = [q for q in history.get("res", []) if q.get("query_text") == FOREVER]
    assert failed and failed[0]["status"] == "FAILED", json.dumps(history)[:2000]


def test_session_configuration_sets_the_statement_timeout(server):
    with _connect(server, session_configuration={"STATEMENT_TIMEOUT": "2"}) as conn, conn.cursor() as cur:
        _assert_timed_out(cur, 2)


def _describe_detail(cur, table):
    cur.execute(f"DESCRIBE DETAIL {table}")
    row = cur.fetchone()
    return {d[0]: row[i] for i, d in enumerate(cur.description)}


def test_delta_features_are_honoured_or_refused_with_databricks_error_class(server, warehouse):
    from databricks.sql.exc import DatabaseError
    with _connect(server, warehouse) as conn, conn.cursor() as cur:
        # honoured: the feature is in the table's protocol and the CTAS rows are there
        t = time.time()
        cur.execute("CREATE TABLE main.default.dv TBLPROPERTIES ('delta.enableDeletionVectors' = 'true',"
                    " 'delta.feature.deletionVectors' = 'supported') AS SELECT 1 AS id UNION ALL SELECT 2")
        cur.execute("SELECT count(*) FROM main.default.dv")
        assert cur.fetchone()[0] == 2
        detail = _describe_detail(cur, "main.default.dv")
        assert "deletionVectors" in str(detail.get("tableFeatures")), detail
        # refused at once, with Databricks' error classes, and nothing is left behind
        # a feature only Spark's Delta writes (on the default warehouse too: Spark takes over from DuckDB)
        cur.execute("CREATE TABLE main.default.cdf TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true') AS SELECT 7 AS id")
        cur.execute("SELECT id FROM main.default.cdf")
        assert cur.fetchone()[0] == 7
        detail = _describe_detail(cur, "main.default.cdf")
        assert "changeDataFeed" in str(detail.get("tableFeatures")), detail
        # catalogManaged: neither MiniLake's Delta writer nor Spark's Delta 4.0 writes it
        for props, error in [("'delta.feature.catalogManaged' = 'supported'", "DELTA_UNSUPPORTED_FEATURES_(FOR_WRITE|IN_CONFIG)"),
                             ("'delta.feature.nonsense' = 'supported'", "DELTA_UNSUPPORTED_FEATURES_IN_CONFIG")]:
            with pytest.raises(DatabaseError, match=error):
                cur.execute(f"CREATE TABLE main.default.refused TBLPROPERTIES ({props}) AS SELECT 1 AS id")
            with pytest.raises(DatabaseError, match=error):
                cur.execute(f"CREATE TABLE main.default.refused (id INT) TBLPROPERTIES ({props})")
            with pytest.raises(DatabaseError, match="TABLE_OR_VIEW_NOT_FOUND"):
                cur.execute("SELECT * FROM main.default.refused")
        assert time.time() - t < 180
