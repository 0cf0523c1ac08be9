"""databricks-sql-connector over the SQL Statement Execution API (use_sea=True), default
ARROW_STREAM + EXTERNAL_LINKS, against a test server over plain HTTP."""
import datetime
import decimal


def test_sea_connector_reads_typed_rows(server):
    from databricks import sql

    with sql.connect(server_hostname="http://localhost", _port=server.port,
                     http_path="/sql/1.0/warehouses/dev", access_token="dev",
                     use_sea=True, enable_telemetry=False) as conn:
        with conn.cursor() as cur:
            cur.execute("CREATE TABLE main.default.people (id BIGINT, name STRING, score DECIMAL(10,2), born DATE)")
            cur.execute("INSERT INTO main.default.people VALUES (1, 'Ana', 459.90, DATE '1990-01-02'), (2, 'Bo', 1.50, NULL)")
            cur.execute("SELECT id, name, score, born FROM main.default.people ORDER BY id")
            rows = cur.fetchall()
            assert [tuple(r) for r in rows] == [
                (1, "Ana", decimal.Decimal("459.90"), datetime.date(1990, 1, 2)),
                (2, "Bo", decimal.Decimal("1.50"), None),
            ]
            assert [d[0] for d in cur.description] == ["id", "name", "score", "born"]
            cur.execute("SELECT 42 AS answer")
            assert cur.fetchone()[0] == 42


def _connect(server):
    from databricks import sql
    return sql.connect(server_hostname="http://localhost", _port=server.port, http_path="/sql/1.0/warehouses/dev",
                       access_token="dev", use_sea=True, enable_telemetry=False)


def test_a_session_keeps_its_temp_views_and_configuration_and_another_session_sees_neither(server):
    with _connect(server) as first, _connect(server) as second:
        with first.cursor() as a, second.cursor() as b:
            a.execute("CREATE OR REPLACE TEMP VIEW recent AS SELECT 1 AS id UNION ALL SELECT 2")
            a.execute("SELECT count(*) FROM recent")
            assert a.fetchone()[0] == 2
            a.execute("SET spark.sql.shuffle.partitions = 4")
            assert tuple(a.fetchone()) == ("spark.sql.shuffle.partitions", "4")
            a.execute("SET spark.sql.shuffle.partitions")
            assert tuple(a.fetchone()) == ("spark.sql.shuffle.partitions", "4")
            a.execute("CREATE SCHEMA IF NOT EXISTS main.other")
            a.execute("USE SCHEMA other")
            a.execute("SELECT count(*) FROM recent")   # a temp view is found whatever the current schema
            assert a.fetchone()[0] == 2

            b.execute("SET spark.sql.shuffle.partitions")
            assert tuple(b.fetchone()) == ("spark.sql.shuffle.partitions", "<undefined>")
            import pytest
            with pytest.raises(Exception, match="recent"):
                b.execute("SELECT * FROM recent")
