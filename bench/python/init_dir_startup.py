"""Server start (process start to /_minilake/ready answering 200) with a 20-file init dir against
start without one: median of a few interleaved starts each, in ms, and the ratio.

    .venv/bin/python bench/python/init_dir_startup.py [--runs 5] [--jar api-server/target/minilake.jar]
"""
import json
import pathlib
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def init_dir(d):
    """20 hooks as a user's seed might be: 14 SQL files (a schema and a seeded table each), 6 REST calls."""
    for i in range(14):
        (d / f"{i:02d}-table.sql").write_text(
            f"CREATE SCHEMA IF NOT EXISTS main.s{i};\nCREATE TABLE main.s{i}.t AS SELECT range AS id FROM range(100);\n")
    for i in range(14, 20):
        (d / f"{i:02d}-scope.json").write_text(json.dumps(
            {"method": "POST", "path": "/api/2.0/secrets/scopes/create", "body": {"scope": f"scope{i}"}}) + "\n")


def start_ms(jar, extra):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as data:
        t0 = time.monotonic()
        p = subprocess.Popen(["java", "-jar", jar, "--port", str(port), "--data-dir", data, *extra],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:
                assert p.poll() is None, "the server exited"
                try:
                    if urllib.request.urlopen(f"http://127.0.0.1:{port}/_minilake/ready", timeout=2).status == 200:
                        return (time.monotonic() - t0) * 1000
                except OSError:
                    time.sleep(0.02)
        finally:
            p.terminate()
            p.wait(30)


def main():
    runs = int(arg("--runs", "5"))
    jar = arg("--jar", str(ROOT / "api-server/target/minilake.jar"))
    with tempfile.TemporaryDirectory() as d:
        init_dir(pathlib.Path(d))
        plain, seeded = [], []
        for _ in range(runs):  # interleaved, so load on the machine falls on both alike
            plain.append(start_ms(jar, []))
            seeded.append(start_ms(jar, ["--init-dir", d]))
    a, b = statistics.median(plain), statistics.median(seeded)
    print(f"scenario init-dir-startup: start to ready, {runs} starts each")
    print("samples without:", " ".join(f"{x:.0f}" for x in plain))
    print("samples with 20-file init dir:", " ".join(f"{x:.0f}" for x in seeded))
    print(f"RESULT init-dir-startup without median={a:.0f} ms")
    print(f"RESULT init-dir-startup with-20-files median={b:.0f} ms")
    print(f"RESULT init-dir-startup ratio with/without = {b / a:.2f}")


if __name__ == "__main__":
    main()
