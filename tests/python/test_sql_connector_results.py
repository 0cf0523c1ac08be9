"""databricks-sql-connector (use_sea=True) results against a real MiniLake: LZ4-compressed Arrow
(the connector's default `result_compression: LZ4_FRAME`) and the wire bytes it saves."""
import logging
import re

import lz4.frame
import pytest
import pyarrow as pa
import requests

MILLION = "SELECT id, concat('row-', CAST(id % 1000 AS STRING)) AS label FROM range(1000000)"


def _connect(server, **kw):
    from databricks import sql
    return sql.connect(server_hostname="http://localhost", _port=server.port, http_path="/sql/1.0/warehouses/dev",
                       access_token="dev", use_sea=True, enable_telemetry=False, **kw)


def _fetch(server, caplog, **kw):
    """The connector's rows for MILLION and the bytes it downloaded (from its own CloudFetch log)."""
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="databricks.sql.cloudfetch.downloader"):
        with _connect(server, **kw) as conn, conn.cursor() as cur:
            cur.execute(MILLION)
            compressed = cur.active_result_set.lz4_compressed
            table = cur.fetchall_arrow()
    wire = sum(int(m.group(1)) for r in caplog.records
               for m in [re.search(r"CloudFetch download completed: .*?, (\d+) bytes", r.getMessage())] if m)
    return table, compressed, wire


def test_the_connector_gets_lz4_compressed_arrow_by_default_and_it_is_smaller_on_the_wire(server, caplog):
    lz4_table, lz4_on, lz4_wire = _fetch(server, caplog)
    plain_table, plain_on, plain_wire = _fetch(server, caplog, enable_query_result_lz4_compression=False)
    assert lz4_on is True and plain_on is False
    assert lz4_table.num_rows == plain_table.num_rows == 1_000_000
    assert lz4_table.equals(plain_table)
    assert lz4_table.column("id").to_pylist()[-1] == 999_999
    assert plain_wire > 0 and lz4_wire > 0
    print(f"1M-row Arrow result on the wire: LZ4_FRAME {lz4_wire} bytes, NONE {plain_wire} bytes")
    assert lz4_wire * 2 < plain_wire, (lz4_wire, plain_wire)


def _statement(server, **body):
    r = requests.post(server.url + "/api/2.0/sql/statements", headers={"Authorization": "Bearer dev"}, timeout=60,
                      json={"warehouse_id": "dev", "wait_timeout": "30s", **body})
    assert r.status_code == 200, r.text
    assert r.json()["status"]["state"] == "SUCCEEDED", r.json()
    return r.json()


def _link_bytes(resp):
    link = resp["result"]["external_links"][0]["external_link"]
    r = requests.get(link, timeout=60)
    assert r.status_code == 200, r.text
    return r.content


def test_an_lz4_frame_chunk_decompresses_to_the_uncompressed_arrow_stream(server):
    sql = "SELECT id, repeat('x', 20) AS pad FROM range(50000)"
    lz4_resp = _statement(server, statement=sql, format="ARROW_STREAM", disposition="EXTERNAL_LINKS",
                          result_compression="LZ4_FRAME")
    plain_resp = _statement(server, statement=sql, format="ARROW_STREAM", disposition="EXTERNAL_LINKS")
    assert lz4_resp["manifest"]["result_compression"] == "LZ4_FRAME"
    assert "result_compression" not in plain_resp["manifest"]
    packed, plain = _link_bytes(lz4_resp), _link_bytes(plain_resp)
    assert packed[:4] == b"\x04\x22\x4d\x18"  # the LZ4 frame magic number
    assert lz4.frame.decompress(packed) == plain
    assert len(packed) < len(plain)
    table = pa.ipc.open_stream(lz4.frame.decompress(packed)).read_all()
    assert table.num_rows == 50000 and table.column("pad")[0].as_py() == "x" * 20


def test_inline_json_rows_are_not_compressed_and_the_manifest_says_so(server):
    resp = _statement(server, statement="SELECT 1 AS one", result_compression="LZ4_FRAME")
    assert resp["manifest"]["result_compression"] == "NONE"
    assert resp["result"]["data_array"] == [["1"]]


def test_an_unknown_compression_is_invalid_parameter_value(server):
    r = requests.post(server.url + "/api/2.0/sql/statements", headers={"Authorization": "Bearer dev"}, timeout=60,
                      json={"warehouse_id": "dev", "statement": "SELECT 1", "result_compression": "ZSTD"})
    assert r.status_code == 400 and r.json()["error_code"] == "INVALID_PARAMETER_VALUE", r.text


def test_the_hybrid_disposition_is_answered_with_compressed_links(server, caplog):
    table, compressed, wire = _fetch(server, caplog, use_hybrid_disposition=True)
    assert compressed is True and table.num_rows == 1_000_000 and wire > 0
    assert table.column("label").to_pylist()[1001] == "row-1"


def test_variant_values_come_back_as_the_connector_expects(server):
    """parse_json is a VARIANT (type_name VARIANT: the connector describes it "variant") whose values
    are JSON text, as in the connector's own test_variant_types; Spark answers it exactly."""
    import json
    requests.post(server.url + "/_minilake/spark/start?wait=true", timeout=310).raise_for_status()
    with _connect(server) as conn, conn.cursor() as cur:
        cur.execute("SELECT 1 AS id, parse_json('{\"name\": \"John\", \"age\": 30}') AS v, parse_json('[1, 2, 3, 4]') AS a,"
                    " 'plain' AS s")
        assert [d[1] for d in cur.description] == ["int", "variant", "variant", "string"]
        row = cur.fetchone()
        assert isinstance(row[1], str) and json.loads(row[1]) == {"name": "John", "age": 30}
        assert json.loads(row[2]) == [1, 2, 3, 4]
        cur.execute("SELECT variant_get(parse_json('{\"a\": {\"b\": 7}}'), '$.a.b', 'int') AS b")
        assert cur.fetchone()[0] == 7


def test_a_variant_column_is_refused_with_databricks_error_class_not_a_raw_message(server):
    from databricks.sql.exc import DatabaseError
    with _connect(server) as conn, conn.cursor() as cur:
        with pytest.raises(DatabaseError, match="DELTA_UNSUPPORTED_FEATURES_FOR_WRITE.*variantType"):
            cur.execute("CREATE TABLE main.default.vt (id INT, v VARIANT)")
