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
