"""A MiniLake /api/1.2 execution context for Python: one long-lived interpreter whose globals
persist between commands, as on a Databricks cluster. Written by MiniLake.

Protocol: MiniLake writes one JSON object per line on stdin: {"id": "...", "code": "..."}. For each, this
process writes exactly one line to stdout that starts with $MINILAKE_REPL_MARKER followed by a JSON
result: {"type": "text", "data": "..."} or {"type": "error", "summary": "...", "cause": "..."}.
Anything else that reaches the real stdout (for example from a subprocess) is part of the output.
Before the first command it writes one such line with {"type": "ready"}: its SIGINT handler is set.
To cancel, MiniLake writes the command's id to $MINILAKE_REPL_CANCEL_FILE and sends SIGINT: the
command with that id is interrupted if it runs, or cancelled before it starts if it has not yet.

Globals: `dbutils` (MiniLake's shim), `minilake.sql(text)` (runs SQL on MiniLake's engine and
returns rows), and `spark` when $SPARK_REMOTE is set and pyspark is installed.

Magics, as in a notebook cell on a cluster: `%python` (the rest is Python), `%sh` (bash, in the
context's directory; a non-zero exit fails the command), `%pip ...` (pip of the context's own
environment: a virtualenv in $MINILAKE_CONTEXT_DIR that sees this Python's packages, added to
sys.path; what is already installed is not fetched again), `%md` (nothing to run). `%sql` is run by
MiniLake itself. `dbutils.library.restartPython()` restarts this interpreter (same process id, fresh
globals); the packages %pip installed stay.
"""
import signal as _signal
_signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # until the real handler is set: a restart's SIGINT must not end it

import ast
import builtins
import collections
import contextlib
import io
import json
import os
import shlex
import signal
import site
import subprocess
import sys
import textwrap
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


def _context_dir():
    d = os.environ.get("MINILAKE_CONTEXT_DIR") or os.getcwd()
    os.makedirs(d, exist_ok=True)
    return d


def _venv():
    return os.path.join(_context_dir(), "venv")


def _venv_site_packages():
    lib = os.path.join(_venv(), "lib")
    if not os.path.isdir(lib):
        return []
    return [os.path.join(lib, d, "site-packages") for d in sorted(os.listdir(lib))
            if os.path.isdir(os.path.join(lib, d, "site-packages"))]


def _use_context_packages():
    """The packages %pip installed in this context come first on sys.path (also after a restart)."""
    for sp in _venv_site_packages():
        if sp not in sys.path:
            site.addsitedir(sp)
            sys.path.remove(sp)
            sys.path.insert(0, sp)
    import importlib
    importlib.invalidate_caches()


def _ensure_venv():
    python = os.path.join(_venv(), "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", _venv()], check=True,
                       capture_output=True, text=True)
        # the venv also sees this interpreter's packages (when it is itself a virtualenv,
        # --system-site-packages alone reaches only the base interpreter's)
        mine = [p for p in site.getsitepackages() if os.path.isdir(p)]
        for sp in _venv_site_packages():
            with open(os.path.join(sp, "minilake-context-python.pth"), "w") as f:
                f.write("\n".join(mine) + "\n")
    return python


def _pip(args):
    """%pip: the context's own pip; uninstall does not ask, as on a cluster."""
    python = _ensure_venv()
    extra = ["--disable-pip-version-check"]
    if args[:1] == ["uninstall"] and not {"-y", "--yes"} & set(args):
        extra.append("-y")
    p = subprocess.run([python, "-m", "pip", *args, *extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, stdin=subprocess.DEVNULL)
    print(p.stdout, end="")
    _use_context_packages()
    if p.returncode != 0:
        raise subprocess.CalledProcessError(p.returncode, "pip " + " ".join(args))


def _sh(script):
    p = subprocess.run(["/bin/bash", "-c", script], cwd=_context_dir(), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, stdin=subprocess.DEVNULL)
    print(p.stdout, end="")
    if p.returncode != 0:
        raise subprocess.CalledProcessError(p.returncode, script.strip())


def _magic(code):
    """A cell's magic as (name, rest) when its first line is %name, else (None, code)."""
    text = textwrap.dedent(code).strip("\n")
    first, _, rest = text.partition("\n")
    if not first.startswith("%"):
        return None, code
    name, _, args = first[1:].partition(" ")
    return name.strip(), (args + "\n" + rest).strip() if rest else args.strip()


def _globals():
    g = {"__name__": "__main__", "__builtins__": builtins, "minilake": _MiniLake()}
    try:
        import minilake_dbutils
        g["dbutils"] = minilake_dbutils.DBUtils()
        g["display"] = minilake_dbutils.display
        g["displayHTML"] = minilake_dbutils.displayHTML
        minilake_dbutils.NAMESPACE.update(g)  # what `from databricks.sdk.runtime import dbutils` finds
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
    """Executes code; the value of a final expression is shown, as in a notebook cell. Code indented
    as a whole (the SDK's dbutils proxy sends such snippets) is dedented first, as a cell is."""
    magic, rest = _magic(code)
    if magic == "python":
        code = rest
    elif magic == "sh":
        return _sh(rest)
    elif magic == "pip":
        return _pip(shlex.split(rest, comments=True))
    elif magic in ("md", "md-sandbox"):
        return None
    elif magic is not None:
        raise ValueError(f"%{magic} is not a magic MiniLake runs here (it runs %python, %sql, %sh, %pip and %md)")
    tree = ast.parse(textwrap.dedent(code), "<command>", "exec")
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, "<command>", "exec"), g)
    if last is not None:
        value = eval(compile(last, "<command>", "eval"), g)
        if value is not None:
            print(repr(value))


_state = {"running": None, "executing": False, "cancel": None}


def _on_sigint(signum, frame):
    """Interrupts only the command that the cancel names, and only inside its code; a cancel for a
    command not started yet is remembered, so it never runs."""
    try:
        with open(os.environ["MINILAKE_REPL_CANCEL_FILE"]) as f:
            _state["cancel"] = f.read().strip()
    except OSError:
        return
    if _state["executing"] and _state["cancel"] == _state["running"]:
        raise KeyboardInterrupt


def _execute(command_id, code, g, out):
    _state["running"] = command_id
    _state["executing"] = True
    try:
        # checked after "executing" is set: a signal from here on raises, one before was recorded
        if command_id is not None and _state["cancel"] == command_id:
            raise KeyboardInterrupt
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            _run(code, g)
    finally:
        _state["executing"] = False


def main():
    _use_context_packages()
    g = _globals()
    signal.signal(signal.SIGINT, _on_sigint)
    # only now may MiniLake send SIGINT: before the handler, Python's default one would end the process
    _real_stdout.write(MARKER + json.dumps({"type": "ready"}) + "\n")
    _real_stdout.flush()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        code, command_id = request["code"], request.get("id")
        out = io.StringIO()
        restart = False
        try:
            _execute(command_id, code, g, out)
            result = {"type": "text", "data": out.getvalue().rstrip("\n")}
        except KeyboardInterrupt:
            result = {"type": "cancelled", "data": out.getvalue()}
        except BaseException as e:  # noqa: B902 - every failure is the command's result
            if isinstance(e, SystemExit):
                result = {"type": "text", "data": out.getvalue().rstrip("\n")}
            elif type(e).__name__ == "RestartPython":
                # dbutils.library.restartPython(): answered, then this interpreter starts afresh
                result = {"type": "text", "data": out.getvalue().rstrip("\n")}
                restart = True
            elif type(e).__name__ == "NotebookExit" and hasattr(e, "value"):
                # dbutils.notebook.exit(value) ends the command with exactly that value, as on a cluster
                result = {"type": "text", "data": e.value}
            else:
                tb = traceback.format_exc()
                result = {"type": "error", "summary": type(e).__name__ + ": " + str(e),
                          "cause": out.getvalue() + tb}
        _state["running"] = None
        _real_stdout.write("\n" + MARKER + json.dumps(result) + "\n")
        _real_stdout.flush()
        if restart:
            sys.stderr.flush()
            os.execv(sys.executable, [sys.executable, "-u", os.path.abspath(__file__)])


if __name__ == "__main__":
    main()
