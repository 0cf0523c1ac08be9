"""MiniLake's kernel setup (an IPython startup file MiniLake writes for /jupyter's kernels):
a ready WorkspaceClient `w`, a Spark Connect session `spark` on MiniLake's warm Spark (started on
first use), and a %%sql cell magic that runs its cell through MiniLake's SQL API."""
import json as _json
import os as _os
import urllib.request as _request


def _minilake(method, path, body=None, timeout=120):
    req = _request.Request(_os.environ["DATABRICKS_HOST"] + path, method=method,
                           data=None if body is None else _json.dumps(body).encode(),
                           headers={"Authorization": "Bearer " + _os.environ["DATABRICKS_TOKEN"],
                                    "Content-Type": "application/json"})
    with _request.urlopen(req, timeout=timeout) as r:
        return _json.load(r)


try:
    from databricks.sdk import WorkspaceClient as _WorkspaceClient
    w = _WorkspaceClient()
except ImportError:
    w = None  # the kernel's Python has no databricks-sdk


class _WarmSpark:
    """The warm Spark's Connect session, made on first use (starting the warm Spark can take a while)."""
    _session = None

    def _get(self):
        if _WarmSpark._session is None:
            started = _minilake("POST", "/_minilake/spark/start?wait=true", timeout=600)
            from pyspark.sql import SparkSession
            _WarmSpark._session = SparkSession.builder.remote(started["connect_url"]).getOrCreate()
        return _WarmSpark._session

    def __getattr__(self, name):
        return getattr(self._get(), name)

    def __repr__(self):
        return "<MiniLake's warm Spark (Spark Connect), started on first use>"


spark = _WarmSpark()

try:
    from IPython.core.magic import register_cell_magic as _register_cell_magic

    @_register_cell_magic
    def sql(line, cell):
        """%%sql: runs the cell through MiniLake's SQL API; a pandas DataFrame of the rows (a list of dicts without pandas)."""
        r = _minilake("POST", "/api/2.0/sql/statements", {"warehouse_id": "jupyter", "statement": cell, "wait_timeout": "50s"})
        status = r["status"]
        if status["state"] != "SUCCEEDED":
            raise RuntimeError(status.get("error", {}).get("message", status["state"]))
        columns = [c["name"] for c in r.get("manifest", {}).get("schema", {}).get("columns", [])]
        rows = (r.get("result") or {}).get("data_array") or []
        try:
            import pandas as _pd
            return _pd.DataFrame(rows, columns=columns)
        except ImportError:
            return [dict(zip(columns, row)) for row in rows]
except ImportError:
    pass  # not an IPython kernel
