"""`dbutils` for MiniLake job tasks, talking to MiniLake's own REST API (DATABRICKS_HOST).
Covers widgets, secrets, notebook.exit, jobs.taskValues and fs (DBFS and /Volumes)."""
import base64
import json
import os
import urllib.error
import urllib.parse
import urllib.request


class NotebookExit(Exception):
    def __init__(self, value):
        super().__init__(value)
        self.value = value


def _host():
    return os.environ["DATABRICKS_HOST"].rstrip("/")


def _call(method, path, body=None, raw=None, headers=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(_host() + path, data=data, method=method)
    req.add_header("Authorization", "Bearer " + os.environ.get("DATABRICKS_TOKEN", "minilake"))
    if body is not None:
        req.add_header("Content-Type", "application/json")
    for k, v in (headers or {}).items():
        req.add_header(k, v)
    try:
        with urllib.request.urlopen(req) as r:
            payload = r.read()
            return payload
    except urllib.error.HTTPError as e:
        detail = e.read().decode("utf-8", "replace")
        try:
            detail = json.loads(detail).get("message", detail)
        except ValueError:
            pass
        raise RuntimeError(f"{method} {path}: {e.code} {detail}") from None


def _json(method, path, body=None, **kw):
    out = _call(method, path, body, **kw)
    return json.loads(out) if out else {}


class _Widgets:
    def __init__(self):
        self._values = json.loads(os.environ.get("MINILAKE_WIDGETS", "{}"))

    def get(self, name):
        if name not in self._values:
            raise ValueError(f"No input widget named {name} is defined")
        return self._values[name]

    getArgument = get

    def text(self, name, default_value="", label=None):
        self._values.setdefault(name, default_value)

    def dropdown(self, name, default_value, choices, label=None):
        self._values.setdefault(name, default_value)

    combobox = dropdown

    def getAll(self):
        return dict(self._values)

    def remove(self, name):
        self._values.pop(name, None)

    def removeAll(self):
        self._values.clear()


_resolved_secrets = set()


def redact(text):
    """Replaces every secret value this task resolved (dbutils.secrets.get, or secret env vars) with [REDACTED],
    as the server does for the task's output, so files the runner writes never hold one."""
    if not text:
        return text
    values = set(_resolved_secrets)
    for name in filter(None, os.environ.get("MINILAKE_SECRET_ENV", "").split(",")):
        values.add(os.environ.get(name, ""))
    for v in sorted(filter(None, values), key=len, reverse=True):
        text = text.replace(v, "[REDACTED]").replace(json.dumps(v)[1:-1], "[REDACTED]")
    return text


class _Secrets:
    def _fetch(self, scope, key):
        q = urllib.parse.urlencode({"scope": scope, "key": key})
        value = base64.b64decode(_json("GET", "/_minilake/jobs/task-secret?" + q,
                                       headers={"X-MiniLake-Task-Token": os.environ.get("MINILAKE_TASK_TOKEN", "")})["value"])
        try:
            _resolved_secrets.add(value.decode("utf-8"))
        except UnicodeDecodeError:
            pass
        return value

    def get(self, scope, key):
        return self._fetch(scope, key).decode("utf-8")

    def getBytes(self, scope, key):
        return self._fetch(scope, key)

    def listScopes(self):
        return _json("GET", "/api/2.0/secrets/scopes/list").get("scopes", [])

    def list(self, scope):
        return _json("GET", "/api/2.0/secrets/list?" + urllib.parse.urlencode({"scope": scope})).get("secrets", [])


class RestartPython(BaseException):
    """dbutils.library.restartPython(): the execution context's interpreter restarts after the command."""


class _Library:
    def restartPython(self):
        raise RestartPython("dbutils.library.restartPython()")


class _Notebook:
    def exit(self, value):
        raise NotebookExit("" if value is None else str(value))


class _TaskValues:
    def __init__(self):
        self._mine = {}
        self._upstream = json.loads(os.environ.get("MINILAKE_TASK_VALUES", "{}"))

    def set(self, key, value):
        json.dumps(value)  # Databricks requires JSON-serialisable values
        self._mine[key] = value

    def get(self, taskKey, key, default=None, debugValue=None):
        values = self._upstream.get(taskKey, {})
        if key in values:
            return values[key]
        if default is not None:
            return default
        raise ValueError(f"No task value {key!r} was set by task {taskKey!r}")

    def _flush(self):
        if self._mine and os.environ.get("MINILAKE_TASK_DIR"):
            with open(os.path.join(os.environ["MINILAKE_TASK_DIR"], "task_values.json"), "w") as f:
                f.write(redact(json.dumps(self._mine)))


class _Jobs:
    def __init__(self):
        self.taskValues = _TaskValues()


class FileInfo(tuple):
    __slots__ = ()

    def __new__(cls, path, name, size, modificationTime):
        return tuple.__new__(cls, (path, name, size, modificationTime))

    path = property(lambda self: self[0])
    name = property(lambda self: self[1])
    size = property(lambda self: self[2])
    modificationTime = property(lambda self: self[3])

    def isDir(self):
        return self.name.endswith("/")

    def isFile(self):
        return not self.isDir()


def _split(path):
    """('dbfs', '/a/b') or ('volumes', '/Volumes/c/s/v/x')."""
    if path.startswith("/Volumes/"):
        return "volumes", path
    if path.startswith("dbfs:"):
        path = path[len("dbfs:"):]
    if path.startswith("/dbfs/"):
        path = path[len("/dbfs"):]
    return "dbfs", path if path.startswith("/") else "/" + path


class _Fs:
    def ls(self, path):
        kind, p = _split(path)
        if kind == "dbfs":
            files = _json("GET", "/api/2.0/dbfs/list?" + urllib.parse.urlencode({"path": p})).get("files", [])
            return [FileInfo("dbfs:" + f["path"] + ("/" if f["is_dir"] else ""),
                             f["path"].rsplit("/", 1)[-1] + ("/" if f["is_dir"] else ""),
                             f.get("file_size", 0), f.get("modification_time", 0)) for f in files]
        out = _json("GET", "/api/2.0/fs/directories" + urllib.parse.quote(p)).get("contents", [])
        return [FileInfo(e["path"].rstrip("/") + ("/" if e.get("is_directory") else ""),
                         e["name"] + ("/" if e.get("is_directory") else ""), e.get("file_size", 0),
                         e.get("last_modified", 0)) for e in out]

    def _read(self, path):
        kind, p = _split(path)
        if kind == "volumes":
            return _call("GET", "/api/2.0/fs/files" + urllib.parse.quote(p))
        chunks, offset = [], 0
        while True:
            r = _json("GET", "/api/2.0/dbfs/read?" + urllib.parse.urlencode({"path": p, "offset": offset, "length": 1 << 20}))
            data = base64.b64decode(r.get("data", ""))
            chunks.append(data)
            offset += len(data)
            if r.get("bytes_read", 0) == 0 or len(data) == 0:
                return b"".join(chunks)

    def _write(self, path, data, overwrite):
        kind, p = _split(path)
        if kind == "volumes":
            _call("PUT", "/api/2.0/fs/files" + urllib.parse.quote(p) + "?overwrite=" + str(overwrite).lower(), raw=data)
            return
        handle = _json("POST", "/api/2.0/dbfs/create", {"path": p, "overwrite": overwrite})["handle"]
        for i in range(0, len(data), 1 << 20):
            _json("POST", "/api/2.0/dbfs/add-block",
                  {"handle": handle, "data": base64.b64encode(data[i:i + (1 << 20)]).decode()})
        _json("POST", "/api/2.0/dbfs/close", {"handle": handle})

    def head(self, file, maxBytes=65536):
        return self._read(file)[:maxBytes].decode("utf-8", "replace")

    def put(self, file, contents, overwrite=False):
        self._write(file, contents.encode("utf-8"), overwrite)
        return True

    def cp(self, source, dest, recurse=False):
        self._write(dest, self._read(source), True)
        return True

    def rm(self, path, recurse=False):
        kind, p = _split(path)
        if kind == "dbfs":
            _json("POST", "/api/2.0/dbfs/delete", {"path": p, "recursive": recurse})
        elif recurse and self._is_volume_dir(p):
            self._rm_volume_tree(p)
        else:
            _call("DELETE", "/api/2.0/fs/files" + urllib.parse.quote(p))
        return True

    def _is_volume_dir(self, p):
        try:
            _call("HEAD", "/api/2.0/fs/directories" + urllib.parse.quote(p))
            return True
        except Exception:
            return False

    def _rm_volume_tree(self, p):
        for e in _json("GET", "/api/2.0/fs/directories" + urllib.parse.quote(p)).get("contents", []):
            child = p.rstrip("/") + "/" + e["name"]
            if e.get("is_directory"):
                self._rm_volume_tree(child)
            else:
                _call("DELETE", "/api/2.0/fs/files" + urllib.parse.quote(child))
        _call("DELETE", "/api/2.0/fs/directories" + urllib.parse.quote(p))

    def mkdirs(self, path):
        kind, p = _split(path)
        if kind == "dbfs":
            _json("POST", "/api/2.0/dbfs/mkdirs", {"path": p})
        else:
            _call("PUT", "/api/2.0/fs/directories" + urllib.parse.quote(p))
        return True


class DBUtils:
    def __init__(self):
        self.widgets = _Widgets()
        self.secrets = _Secrets()
        self.notebook = _Notebook()
        self.jobs = _Jobs()
        self.fs = _Fs()
        self.library = _Library()

    def _sql(self, statement):
        r = _json("POST", "/api/2.0/sql/statements", {
            "statement": statement, "warehouse_id": os.environ.get("MINILAKE_WAREHOUSE_ID", "minilake"),
            "wait_timeout": "50s", "on_wait_timeout": "CONTINUE"})
        while r["status"]["state"] in ("PENDING", "RUNNING"):
            r = _json("GET", "/api/2.0/sql/statements/" + r["statement_id"])
        if r["status"]["state"] != "SUCCEEDED":
            raise RuntimeError(r["status"].get("error", {}).get("message", r["status"]["state"]))
        return (r.get("result") or {}).get("data_array") or []


class _NoSpark:
    def __getattr__(self, name):
        raise RuntimeError("No Spark session: pyspark is not installed in this task's Python, "
                           "or MiniLake's warm Spark is not running (SPARK_REMOTE is unset)")


def spark_session():
    if not os.environ.get("SPARK_REMOTE"):
        return _NoSpark()
    try:
        from pyspark.sql import SparkSession
        return SparkSession.builder.getOrCreate()
    except Exception:  # pyspark missing or Connect unavailable: fail on first use, not at start
        return _NoSpark()


# The task's user namespace (dbutils, spark, display, ...), as the dbruntime module hands it to
# databricks.sdk.runtime; the runner fills it, a bare import gets a fresh dbutils.
NAMESPACE = {}


def displayHTML(html):
    print(html)


def display(df, *args, **kwargs):
    if hasattr(df, "show"):
        df.show()
    else:
        print(df)
