"""Issue 29: Databricks' INLINE result cap, seen through the Python SDK."""
from databricks.sdk.service.sql import Disposition, Format, StatementState


def test_an_inline_result_over_25_mib_fails_and_says_to_use_external_links(w):
    sql = "SELECT repeat('x', 1000) AS s FROM range(30000)"  # about 30 MB of JSON_ARRAY
    r = w.statement_execution.execute_statement(statement=sql, warehouse_id="dev", wait_timeout="50s",
                                                disposition=Disposition.INLINE, format=Format.JSON_ARRAY)
    assert r.status.state == StatementState.FAILED
    assert r.status.error.error_code.value == "BAD_REQUEST"
    assert "Inline byte limit exceeded" in r.status.error.message
    assert "EXTERNAL_LINKS" in r.status.error.message
    assert r.result is None

    r = w.statement_execution.execute_statement(statement=sql, warehouse_id="dev", wait_timeout="50s",
                                                disposition=Disposition.EXTERNAL_LINKS, format=Format.JSON_ARRAY)
    assert r.status.state == StatementState.SUCCEEDED
    assert r.manifest.total_row_count == 30000
