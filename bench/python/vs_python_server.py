"""MiniLake against the original Python minilake server, side by side in one run (issue 33's table).

Both servers run at once; calls are interleaved one by one, so machine noise hits both alike. The
client is the Python databricks-sdk; the figures are medians, and the ratio is MiniLake / Python
(below 1 is faster). With --java-sdk the Java SDK's SELECT 42 (bench/target/minilake-bench.jar)
runs against both too.

    python3 bench/python/vs_python_server.py [--jar api-server/target/minilake.jar] [--compare-jar OLD.jar] [--calls 200] [--java-sdk]

The Python server (minilake==1.9.0) and the SDK are installed by this script into its own virtualenv
under ~/.cache/minilake/, and the script re-runs itself with that virtualenv's Python.
"""
import os
import pathlib
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

ROOT = pathlib.Path(__file__).resolve().parents[2]
PY_SERVER = "minilake==1.9.0"
SDK = "databricks-sdk==0.167.0"  # the version tests/python/requirements.txt pins
VENV = pathlib.Path.home() / ".cache/minilake/bench-python-minilake-1.9.0"


def arg(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def ensure_venv():
    """Re-runs this script under a virtualenv that has the Python server and the SDK."""
    py = VENV / "bin/python"
    if pathlib.Path(sys.prefix).resolve() == VENV.resolve():
        return
    if not (VENV / "bin/minilake").exists():
        print(f"installing {PY_SERVER} and {SDK} into {VENV} ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", PY_SERVER, SDK], check=True)
    os.execv(str(py), [str(py), *sys.argv])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url, path, proc, timeout=120):
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if proc.poll() is not None:
            raise SystemExit(f"server for {url} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + path, timeout=2) as r:
                if r.status == 200:
                    return time.perf_counter() - start
        except OSError:
            time.sleep(0.01)
    raise SystemExit(f"{url} was not ready within {timeout} s")


class Server:
    """One running server: MiniLake (java -jar) or the Python minilake, each in its own directory."""

    def __init__(self, kind, jar=None, data_dir=None):
        self.kind, self.jar = kind, jar
        self.dir = data_dir or tempfile.mkdtemp(prefix=f"bench-{kind}-")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = None

    def start(self):
        env = dict(os.environ, MINILAKE_PERSIST="1")
        if self.kind == "java":
            cmd = ["java", "-jar", self.jar, "--port", str(self.port), "--data-dir", self.dir]
            ready = "/_minilake/ready"
        else:
            cmd = [str(VENV / "bin/minilake"), "--port", str(self.port)]
            ready = "/_minilake/health"
        t0 = time.perf_counter()
        self.proc = subprocess.Popen(cmd, cwd=self.dir, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        wait_ready(self.url, ready, self.proc)
        return time.perf_counter() - t0

    def stop(self, sig=signal.SIGTERM):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(30)


def client(server):
    import logging
    logging.getLogger("databricks.sdk").setLevel(logging.ERROR)  # the Python server has no host metadata
    from databricks.sdk import WorkspaceClient
    return WorkspaceClient(host=server.url, token="bench")


def warehouse(w):
    listed = list(w.warehouses.list())
    return listed[0].id if listed else w.warehouses.create(name="bench", cluster_size="2X-Small").result().id


def interleave(name, calls, fns, rows, warm_seconds=3.0):
    """fns: label -> callable. Warms each up (the JVM's JIT compiles the path), then runs them
    alternately, `calls` times each; records the medians in ms. Start-up is measured on its own."""
    for f in fns.values():
        end = time.perf_counter() + warm_seconds
        while time.perf_counter() < end:
            f()
    samples = {k: [] for k in fns}
    for _ in range(calls):
        for k, f in fns.items():
            t = time.perf_counter()
            f()
            samples[k].append((time.perf_counter() - t) * 1000)
    rows.append((name, statistics.median(samples["java"]), statistics.median(samples["python"]), "ms",
                 statistics.median(samples["before"]) if "before" in samples else None))


def main():
    ensure_venv()
    from databricks.sdk.service.sql import Disposition, Format
    jar = arg("--jar", str(ROOT / "api-server/target/minilake.jar"))
    calls = int(arg("--calls", "200"))
    before_jar = arg("--compare-jar")  # an earlier MiniLake build, measured in the same run
    java, python = Server("java", jar), Server("python")
    before = Server("java", before_jar) if before_jar else None
    rows = []
    try:
        print("starting the servers ...", flush=True)
        java.start()
        python.start()
        clients = {"java": client(java), "python": client(python)}
        if before:
            before.start()
            clients["before"] = client(before)
        wh = {k: warehouse(w) for k, w in clients.items()}

        def select42(k):
            def run():
                r = clients[k].statement_execution.execute_statement(statement="SELECT 42", warehouse_id=wh[k], wait_timeout="30s")
                assert str(r.result.data_array[0][0]) == "42", r  # the Python server answers the int 42
            return run

        print("SELECT 42 ...", flush=True)
        interleave("SELECT 42 via execute_statement", calls, {k: select42(k) for k in clients}, rows)

        def uc(k):
            def run():
                name = "c" + uuid.uuid4().hex[:10]
                w = clients[k]
                w.catalogs.create(name=name)
                w.catalogs.get(name)
                w.catalogs.delete(name, force=True)
            return run

        print("UC catalog create + get + delete ...", flush=True)
        interleave("UC catalog create + get + delete", max(20, calls // 4), {k: uc(k) for k in clients}, rows)

        for k, w in clients.items():
            w.catalogs.create(name="bench_ins")
            w.schemas.create(name="s", catalog_name="bench_ins")
            r = w.statement_execution.execute_statement(statement="CREATE TABLE bench_ins.s.t (id BIGINT, v STRING)",
                                                        warehouse_id=wh[k], wait_timeout="30s")
            assert r.status.state.value == "SUCCEEDED", r.status

        def insert(k):
            def run():
                r = clients[k].statement_execution.execute_statement(statement="INSERT INTO bench_ins.s.t VALUES (1, 'a')",
                                                                     warehouse_id=wh[k], wait_timeout="30s")
                assert r.status.state.value == "SUCCEEDED", r.status
            return run

        print("1-row INSERT into a MANAGED table ...", flush=True)
        interleave("1-row INSERT (MANAGED table)", max(20, calls // 2), {k: insert(k) for k in clients}, rows)

        def bulk(k):
            def run():
                w = clients[k]
                r = w.statement_execution.execute_statement(statement="SELECT * FROM range(1000000)", warehouse_id=wh[k],
                                                            wait_timeout="50s", disposition=Disposition.EXTERNAL_LINKS,
                                                            format=Format.ARROW_STREAM)
                assert r.status.state.value == "SUCCEEDED", r.status
                total = 0
                for i in range(r.manifest.total_chunk_count):
                    chunk = r.result if i == 0 else w.statement_execution.get_statement_result_chunk_n(r.statement_id, i)
                    for link in chunk.external_links or []:
                        with urllib.request.urlopen(link.external_link) as resp:
                            total += len(resp.read())
                assert total > 0
                print(f"    {k}: {r.manifest.total_chunk_count} chunks, {total} bytes", flush=True)
            return run

        print("1M rows, EXTERNAL_LINKS + ARROW_STREAM, all chunks fetched ...", flush=True)
        interleave("1M rows Arrow, all chunks", 5, {k: bulk(k) for k in clients}, rows, warm_seconds=0)

        if "--java-sdk" in sys.argv:
            bench_jar = ROOT / "bench/target/minilake-bench.jar"
            print("Java SDK: SELECT 42 (A = MiniLake, B = Python) ...", flush=True)
            subprocess.run(["java", "-jar", str(bench_jar), "select42", "--url", java.url, "--compare", python.url, "--runs", "3"])
    finally:
        for srv in (java, python, before):
            if srv:
                srv.stop()

    print("start to ready (fresh directory each, interleaved) ...", flush=True)
    starts = {"java": [], "python": []}
    for _ in range(5):
        for kind in starts:
            s = Server(kind, jar)
            try:
                starts[kind].append(s.start() * 1000)
            finally:
                s.stop()
                shutil.rmtree(s.dir, ignore_errors=True)
    rows.append(("start to ready", statistics.median(starts["java"]), statistics.median(starts["python"]), "ms", None))

    print("MiniLake restart after kill -9 ...", flush=True)
    restarts, lost = [], 0
    s = Server("java", jar)
    s.start()
    for i in range(3):
        w = client(s)
        name = f"survivor_{i}"
        w.catalogs.create(name=name)  # acknowledged, then the process is killed at once
        s.stop(signal.SIGKILL)
        restarts.append(s.start() * 1000)
        try:
            client(s).catalogs.get(name)
        except Exception:
            lost += 1
    s.stop()
    shutil.rmtree(s.dir, ignore_errors=True)

    print()
    print(f"{'scenario':40s} {'MiniLake':>12s} {'Python':>12s} {'ratio':>7s}" + (f" {'before':>12s} {'now/before':>10s}" if before else ""))
    for name, j, p, unit, b in rows:
        extra = f" {b:10.2f} {unit} {j / b:10.2f}" if b is not None else ""
        print(f"{name:40s} {j:10.2f} {unit} {p:10.2f} {unit} {j / p:7.2f}{extra}")
    print(f"{'restart after kill -9 (MiniLake)':40s} {statistics.median(restarts):10.2f} ms {'':>12s}   lost={lost}")


if __name__ == "__main__":
    main()
