"""The seed's examples, run as written against a test server (only the host/port differ).

One deviation, forced by the real SDK: the seed passes data_source_format="DELTA" as a string,
but databricks-sdk's TablesAPI.create calls `.value` on it, so it must be DataSourceFormat.DELTA.
"""
import json
import shutil
import subprocess

import pytest


def test_seed_python_sdk_example(server, capsys):
    from databricks.sdk import WorkspaceClient
    from databricks.sdk.service.catalog import ColumnInfo, DataSourceFormat, TableType

    # De enige regel die afwijkt van productie
    w = WorkspaceClient(host=server.url, token="dev")

    w.catalogs.create(name="sales")
    w.schemas.create(name="store", catalog_name="sales")
    w.tables.create(
        name="orders", catalog_name="sales", schema_name="store",
        table_type=TableType.MANAGED,
        data_source_format=DataSourceFormat.DELTA, storage_location="/data/sales/store/orders",
        columns=[
            ColumnInfo(name="id", type_text="BIGINT"),
            ColumnInfo(name="customer", type_text="STRING"),
            ColumnInfo(name="amount", type_text="DECIMAL(10,2)"),
        ],
    )

    wh = w.warehouses.create(name="dev", cluster_size="Small")
    w.statement_execution.execute_statement(
        warehouse_id=wh.id,
        statement="INSERT INTO sales.store.orders VALUES (1, 'Ana', 459.90)",
    )

    result = w.statement_execution.execute_statement(
        warehouse_id=wh.id,
        statement="SELECT customer, amount FROM sales.store.orders",
    )
    print(result.result.data_array)   # [['Ana', '459.90']] — echt opgeslagen

    assert capsys.readouterr().out.strip() == "[['Ana', '459.90']]"
    # really stored: a fresh client on the same server reads it back, and the catalog is a DuckDB file
    again = WorkspaceClient(host=server.url, token="other").statement_execution.execute_statement(
        warehouse_id="dev", statement="SELECT count(*) FROM sales.store.orders")
    assert again.result.data_array == [["1"]]


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_seed_curl_examples(server):
    base = server.url

    def curl(*args):
        out = subprocess.run(["curl", "-s", *args], check=True, capture_output=True, text=True).stdout
        return json.loads(out)

    assert curl(f"{base}/_minilake/health")["status"] == "ok"
    created = curl("-X", "POST", f"{base}/api/2.1/unity-catalog/catalogs",
                   "-H", "Content-Type: application/json", "-d", '{"name": "sales"}')
    assert created["name"] == "sales"
    answer = curl("-X", "POST", f"{base}/api/2.0/sql/statements",
                  "-H", "Content-Type: application/json",
                  "-d", '{"warehouse_id": "dev", "statement": "SELECT 42 AS answer"}')
    assert answer["status"]["state"] == "SUCCEEDED"
    assert answer["result"]["data_array"] == [["42"]]
    assert answer["manifest"]["schema"]["columns"][0]["name"] == "answer"
    assert curl("-X", "POST", f"{base}/_minilake/reset")["status"] == "reset"
