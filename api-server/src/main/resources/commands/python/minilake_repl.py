"""A MiniLake /api/1.2 execution context for Python: one long-lived interpreter whose globals
persist between commands, as on a Databricks cluster. Written by MiniLake.

Protocol: MiniLake writes one JSON object per line on stdin: {"code": "..."}. For each, this
process writes exactly one line to stdout that starts with $MINILAKE_REPL_MARKER followed by a JSON
result: {"type": "text", "data": "..."} or {"type": "error", "summary": "...", "cause": "..."}.
Anything else that reaches the real stdout (for example from a subprocess) is part of the output.

Globals: `dbutils` (MiniLake's shim), `minilake.sql(text)` (runs SQL on MiniLake's engine and
returns rows), and `spark` when $SPARK_REMOTE is set and pyspark is installed.
"""
import ast
import builtins
import collections
import contextlib
import io
import json
import os
import sys
import traceback
import urllib.request

MARKER = os.environ["MINILAKE_REPL_MARKER"]
_real_stdout = sys.stdout


class _MiniLake:
    """Runs SQL through MiniLake's Statement Execution API: the same engine as the SQL warehouses."""

    def sql(self, text):
        body = json.dumps({"statement": text, "warehouse_id": "minilake", "wait_timeout": "50s",
                           "disposition": "INLINE", "format": "JSON_ARRAY"}).encode()
        req = urllib.request.Request(os.environ["DATABRICKS_HOST"].rstrip("/") + "/api/2.0/sql/statements",
                                     data=body, method="POST")
        req.add_header("Content-Type", "application/json")
        req.add_header("Authorization", "Bearer " + os.environ.get("DATABRICKS_TOKEN", "minilake"))
        with urllib.request.urlopen(req) as r:
            res = json.loads(r.read())
        state = res["status"]["state"]
        if state != "SUCCEEDED":
            raise RuntimeError("SQL " + state + ": " + res["status"].get("error", {}).get("message", ""))
        cols = [c["name"] for c in res["manifest"]["schema"]["columns"]]
        Row = collections.namedtuple("Row", cols, rename=True)
        return [Row(*row) for row in (res.get("result") or {}).get("data_array") or []]


def _globals():
    g = {"__name__": "__main__", "__builtins__": builtins, "minilake": _MiniLake()}
    try:
        import minilake_dbutils
        g["dbutils"] = minilake_dbutils.DBUtils()
    except Exception:  # the shim is optional here
        pass
    if os.environ.get("SPARK_REMOTE"):
        try:
            from pyspark.sql import SparkSession
            g["spark"] = SparkSession.builder.remote(os.environ["SPARK_REMOTE"]).getOrCreate()
        except Exception as e:  # no pyspark: say so when spark is used
            g["_minilake_spark_error"] = str(e)
    return g


def _run(code, g):
    """Executes code; the value of a final expression is shown, as in a notebook cell."""
    tree = ast.parse(code, "<command>", "exec")
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, "<command>", "exec"), g)
    if last is not None:
        value = eval(compile(last, "<command>", "eval"), g)
        if value is not None:
            print(repr(value))


def main():
    g = _globals()
    for line in sys.stdin:
        if not line.strip():
            continue
        code = json.loads(line)["code"]
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                _run(code, g)
            result = {"type": "text", "data": out.getvalue().rstrip("\n")}
        except KeyboardInterrupt:
            result = {"type": "cancelled", "data": out.getvalue()}
        except BaseException as e:  # noqa: B902 - every failure is the command's result
            if isinstance(e, SystemExit):
                result = {"type": "text", "data": out.getvalue().rstrip("\n")}
            else:
                tb = traceback.format_exc()
                result = {"type": "error", "summary": type(e).__name__ + ": " + str(e),
                          "cause": out.getvalue() + tb}
        _real_stdout.write("\n" + MARKER + json.dumps(result) + "\n")
        _real_stdout.flush()


if __name__ == "__main__":
    main()
