"""databricks-sql-connector (use_sea=True) native parameters and DML row counts, against a real
MiniLake: positional `?` and named `:p` markers with every type the connector binds, on DuckDB.
The same markers on a Spark-pinned warehouse are in test_spark_delta.py, which runs offline."""
import datetime
import decimal

import pytest


def _connect(server):
    from databricks import sql
    return sql.connect(server_hostname="http://localhost", _port=server.port, http_path="/sql/1.0/warehouses/dev",
                       access_token="dev", use_sea=True, enable_telemetry=False)


VALUES = [
    1, -5_000_000_000, 2.5, True, "it's", None,
    decimal.Decimal("123.45"), datetime.date(2024, 2, 29),
]


def test_positional_markers_bind_every_primitive_type(server):
    with _connect(server) as conn, conn.cursor() as cur:
        cur.execute("SELECT " + ", ".join("?" for _ in VALUES), VALUES)
        assert list(cur.fetchone()) == VALUES


def test_named_markers_bind_every_primitive_type(server):
    names = {f"p{i}": v for i, v in enumerate(VALUES)}
    with _connect(server) as conn, conn.cursor() as cur:
        cur.execute("SELECT " + ", ".join(f":{n}" for n in names), names)
        assert list(cur.fetchone()) == VALUES


def test_typed_parameters_keep_their_declared_types(server):
    """A TIMESTAMP_NTZ parameter comes back naive (Spark types it: DuckDB's statements have one naive
    timestamp, which reads as TIMESTAMP), a TIMESTAMP one with its zone; both are described "timestamp"."""
    from databricks.sql.parameters import (DecimalParameter, TimestampNTZParameter, TimestampParameter,
                                           VoidParameter, BigIntegerParameter, SmallIntParameter)
    with _connect(server) as conn, conn.cursor() as cur:
        cur.execute("SELECT ?, ?, ?, ?, ?",
                    [DecimalParameter(decimal.Decimal("1.5"), precision=10, scale=3),
                     TimestampNTZParameter(datetime.datetime(2020, 1, 2, 3, 4, 5)),
                     TimestampParameter(datetime.datetime(2020, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)),
                     VoidParameter(None), BigIntegerParameter(7)])
        row = cur.fetchone()
        assert row[0] == decimal.Decimal("1.500")
        assert row[1] == datetime.datetime(2020, 1, 2, 3, 4, 5)
        assert row[2].replace(tzinfo=None) == datetime.datetime(2020, 1, 2, 3, 4, 5)
        assert row[3] is None and row[4] == 7
        assert [d[1] for d in cur.description][:2] == ["decimal", "timestamp"]


def test_parameters_filter_a_table_and_a_marker_inside_a_string_is_text(server):
    with _connect(server) as conn, conn.cursor() as cur:
        cur.execute("CREATE TABLE main.default.p (id INT, name STRING, day DATE)")
        cur.execute("INSERT INTO main.default.p VALUES (?, ?, ?), (?, ?, ?)",
                    [1, "a", datetime.date(2024, 1, 1), 2, "b?", None])
        cur.execute("SELECT id, '?' AS q FROM main.default.p WHERE name = ? OR day = ? ORDER BY id",
                    ["b?", datetime.date(2024, 1, 1)])
        assert [tuple(r) for r in cur.fetchall()] == [(1, "?"), (2, "?")]
        cur.execute("SELECT id FROM main.default.p WHERE name = :n", {"n": "a"})
        assert cur.fetchall()[0][0] == 1


def test_a_missing_positional_value_fails_as_databricks_does(server):
    with _connect(server) as conn, conn.cursor() as cur:
        with pytest.raises(Exception, match="UNBOUND_SQL_PARAMETER"):
            cur.execute("SELECT ?, ?", [1])


def test_dml_answers_its_affected_row_count(server):
    """Databricks answers DML with one row: num_affected_rows (and, for INSERT, num_inserted_rows).
    Over SEA the connector reads that row as the result; it sets cursor.rowcount from the Thrift
    protocol's count only (databricks-sql-connector 4.9.0), so over SEA rowcount stays -1."""
    with _connect(server) as conn, conn.cursor() as cur:
        cur.execute("CREATE TABLE main.default.d (id INT, v STRING)")
        cur.execute("INSERT INTO main.default.d VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        assert cur.description[0][0] == "num_affected_rows"
        assert cur.fetchone()[0] == 3
        cur.execute("UPDATE main.default.d SET v = 'z' WHERE id >= ?", [2])
        assert cur.fetchone()[0] == 2
        cur.execute("DELETE FROM main.default.d WHERE id = 1")
        assert cur.fetchone()[0] == 1
        cur.execute("SELECT count(*) FROM main.default.d WHERE v = 'z'")
        assert cur.fetchone()[0] == 2


def test_put_get_and_remove_move_files_through_a_volume(server, tmp_path):
    """The connector's staging ingestion: PUT uploads a local file into a volume (OVERWRITE replaces it),
    SQL reads what was put, GET downloads it, REMOVE deletes it; local paths stay inside
    staging_allowed_local_path, which the connector enforces."""
    from databricks import sql
    import requests
    h = {"Authorization": "Bearer dev"}
    requests.post(server.url + "/api/2.1/unity-catalog/volumes", headers=h, json={
        "catalog_name": "main", "schema_name": "default", "name": "landing", "volume_type": "MANAGED"}).raise_for_status()
    src = tmp_path / "in.csv"
    src.write_text("id,name\n1,ana\n2,bo\n")
    with sql.connect(server_hostname="http://localhost", _port=server.port, http_path="/sql/1.0/warehouses/dev",
                     access_token="dev", use_sea=True, enable_telemetry=False,
                     staging_allowed_local_path=str(tmp_path)) as conn, conn.cursor() as cur:
        cur.execute(f"PUT '{src}' INTO '/Volumes/main/default/landing/in/people.csv'")
        r = requests.get(server.url + "/api/2.0/fs/files/Volumes/main/default/landing/in/people.csv", headers=h)
        assert r.status_code == 200 and r.text == src.read_text()

        # without OVERWRITE an existing file is refused, and stays as it was
        src.write_text("id,name\n3,cy\n")
        with pytest.raises(Exception, match="FILE_ALREADY_EXISTS"):
            cur.execute(f"PUT '{src}' INTO '/Volumes/main/default/landing/in/people.csv'")
        assert "ana" in requests.get(server.url + "/api/2.0/fs/files/Volumes/main/default/landing/in/people.csv", headers=h).text
        cur.execute(f"PUT '{src}' INTO '/Volumes/main/default/landing/in/people.csv' OVERWRITE")

        out = tmp_path / "out.csv"
        cur.execute(f"GET '/Volumes/main/default/landing/in/people.csv' TO '{out}'")
        assert out.read_text() == "id,name\n3,cy\n"
        # a local path outside staging_allowed_local_path is refused by the connector itself
        with pytest.raises(Exception, match="staging_allowed_local_path"):
            cur.execute("GET '/Volumes/main/default/landing/in/people.csv' TO '/etc/minilake-should-not-exist'")

        cur.execute("REMOVE '/Volumes/main/default/landing/in/people.csv'")
        assert requests.get(server.url + "/api/2.0/fs/files/Volumes/main/default/landing/in/people.csv", headers=h).status_code == 404
        with pytest.raises(Exception, match="RESOURCE_DOES_NOT_EXIST"):
            cur.execute(f"GET '/Volumes/main/default/landing/in/people.csv' TO '{out}'")
        with pytest.raises(Exception, match="does not exist|RESOURCE_DOES_NOT_EXIST"):
            cur.execute(f"PUT '{src}' INTO '/Volumes/main/default/nowhere/x.csv'")


def test_a_staging_url_is_good_for_its_one_operation_once(server, tmp_path):
    import requests
    h = {"Authorization": "Bearer dev"}
    requests.post(server.url + "/api/2.1/unity-catalog/volumes", headers=h, json={
        "catalog_name": "main", "schema_name": "default", "name": "once", "volume_type": "MANAGED"}).raise_for_status()
    r = requests.post(server.url + "/api/2.0/sql/statements", headers=h, json={
        "warehouse_id": "dev", "statement": "PUT '/tmp/x.bin' INTO '/Volumes/main/default/once/x.bin'"}).json()
    assert r["status"]["state"] == "SUCCEEDED", r
    assert r["manifest"]["is_volume_operation"] is True
    op, local, url, headers = r["result"]["data_array"][0]
    assert (op, local) == ("PUT", "/tmp/x.bin")
    assert requests.get(url).status_code == 403  # not the ticket's operation (and it does not use the ticket up)
    assert requests.put(url, data=b"\x00\x01").status_code == 200
    assert requests.put(url, data=b"again").status_code == 403  # used once
    got = requests.get(server.url + "/api/2.0/fs/files/Volumes/main/default/once/x.bin", headers=h)
    assert got.content == b"\x00\x01"


def test_the_connectors_metadata_calls_list_unity_catalog(server):
    """cursor.catalogs(), schemas(), tables() and columns() send Databricks' SHOW ... IN CATALOG forms;
    each answers with the columns Databricks names, and the LIKE patterns filter."""
    import requests
    requests.post(server.url + "/api/2.1/unity-catalog/catalogs", headers={"Authorization": "Bearer dev"},
                  json={"name": "sales"}).raise_for_status()
    with _connect(server) as conn, conn.cursor() as cur:
        cur.execute("CREATE TABLE main.default.people (id BIGINT, name STRING, amount DECIMAL(10,2))")
        cur.execute("CREATE TABLE sales.default.orders (id INT)")
        cur.catalogs()
        assert {r[0] for r in cur.fetchall()} >= {"main", "sales"}
        cur.schemas(catalog_name="main")
        assert "default" in [r[0] for r in cur.fetchall()]

        cur.tables(catalog_name="main", schema_name="default")
        rows = cur.fetchall()
        assert [d[0] for d in cur.description] == ["namespace", "tableName", "isTemporary", "information", "catalogName",
                                                   "tableType", "remarks"]
        assert ("default", "people", "main", "TABLE") in [(r.namespace, r.tableName, r.catalogName, r.tableType) for r in rows]
        cur.tables()  # every catalog
        assert {(r.catalogName, r.tableName) for r in cur.fetchall()} >= {("main", "people"), ("sales", "orders")}
        cur.tables(catalog_name="main", schema_name="default", table_name="peo%")
        assert [r.tableName for r in cur.fetchall()] == ["people"]
        cur.tables(catalog_name="main", schema_name="nope")
        assert cur.fetchall() == []

        cur.columns(catalog_name="main", schema_name="default", table_name="people")
        cols = cur.fetchall()
        assert [(c.col_name, c.columnType, c.ordinalPosition) for c in cols] == [
            ("id", "bigint", 0), ("name", "string", 1), ("amount", "decimal(10,2)", 2)]
        assert (cols[2].columnSize, cols[2].decimalDigits) == (10, 2)
        cur.columns(catalog_name="main", schema_name="default", table_name="people", column_name="na*")
        assert [c.col_name for c in cur.fetchall()] == ["name"]


LONG_QUERY = "SELECT sum(a.id * b.id) FROM range(300000) a, range(300000) b"


def _history(server, n=10):
    import requests
    return requests.get(server.url + "/api/2.0/sql/history/queries", headers={"Authorization": "Bearer dev"},
                        params={"max_results": n}).json()["res"]


def test_closing_a_connection_while_a_statement_runs_answers_at_once_and_cancels_it(server):
    import threading
    import time
    conn = _connect(server)
    cur = conn.cursor()
    t = threading.Thread(target=lambda: _swallow(lambda: cur.execute(LONG_QUERY)), daemon=True)
    t.start()
    deadline = time.time() + 30
    while time.time() < deadline and not any(q["status"] == "RUNNING" for q in _history(server)):
        time.sleep(0.2)
    started = time.time()
    conn.close()
    took = time.time() - started
    assert took < 3, f"close took {took:.1f} s"
    deadline = time.time() + 10
    while time.time() < deadline and any(q["status"] == "RUNNING" for q in _history(server)):
        time.sleep(0.2)
    states = [q["status"] for q in _history(server) if q["query_text"] == LONG_QUERY]
    assert states and states[0] == "CANCELED", states


def test_cursor_cancel_stops_a_running_statement(server):
    import threading
    import time
    with _connect(server) as conn:
        cur = conn.cursor()
        t = threading.Thread(target=lambda: _swallow(lambda: cur.execute(LONG_QUERY)), daemon=True)
        t.start()
        # the connector learns the statement id from the first answer, after its 10 s wait
        deadline = time.time() + 40
        while time.time() < deadline and cur.active_command_id is None:
            time.sleep(0.2)
        cur.cancel()
        t.join(15)
        assert not t.is_alive()
    states = [q["status"] for q in _history(server) if q["query_text"] == LONG_QUERY]
    assert states and states[0] == "CANCELED", states


def _swallow(f):
    try:
        f()
    except Exception:
        pass  # the cancelled execute raises in its thread; the test checks the server's record
