"""The pytest plugin's per-test overhead: 100 tests that take `workspace_client` (so each pays the
reset before it and a fresh client), one server for the session. Prints the median and p90 of the
setup phase, leaving out the first test, which also starts the server.

    .venv/bin/python bench/python/fixture_overhead.py [--minilake-jar api-server/target/minilake.jar]
"""
import pathlib
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
TESTS = 100
CONFTEST = '''
import json, os
SETUPS = []
def pytest_runtest_logreport(report):
    if report.when == "setup":
        SETUPS.append(report.duration)
def pytest_sessionfinish(session):
    with open(os.environ["BENCH_OUT"], "w") as f:
        json.dump(SETUPS, f)
'''


def main():
    jar = sys.argv[sys.argv.index("--minilake-jar") + 1] if "--minilake-jar" in sys.argv else str(ROOT / "api-server/target/minilake.jar")
    with tempfile.TemporaryDirectory() as d:
        tests = pathlib.Path(d)
        (tests / "conftest.py").write_text(CONFTEST)
        (tests / "test_overhead.py").write_text("".join(
            f"def test_{i}(workspace_client):\n    assert workspace_client.config.host\n\n" for i in range(TESTS)))
        out = tests / "setups.json"
        p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--minilake-jar={jar}", str(tests)],
                           cwd=d, env={**__import__("os").environ, "BENCH_OUT": str(out)}, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(p.stdout[-3000:] + p.stderr[-3000:])
        import json
        setups = [s * 1000 for s in json.loads(out.read_text())][1:]
    q = statistics.quantiles(setups, n=10)
    print(f"scenario fixture-overhead: pytest-minilake reset + WorkspaceClient per test, {len(setups)} tests")
    print(f"RESULT fixture-overhead median={statistics.median(setups):.1f} ms p90={q[8]:.1f} ms "
          f"min={min(setups):.1f} ms max={max(setups):.1f} ms")


if __name__ == "__main__":
    main()
