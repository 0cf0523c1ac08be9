"""Prepares the Python environment MiniLake's job tasks run in: a virtualenv with the pinned
requirements.txt beside this file (pyspark-client for Spark Connect, its dependencies, the SDK).

    python3 prepare.py DEST

`mvn package` runs it for api-server/target/task-python; the Docker image runs it for
/opt/minilake/task-python. A stamp file records what was installed (the requirements' hash and the
interpreter), so a rebuild with nothing changed returns in milliseconds; the server uses the
environment only once the stamp is there, i.e. after a complete install.
"""
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
REQUIREMENTS = HERE / "requirements.txt"
# the server reads this name too (TaskPython.STAMP): present only after a complete install
STAMP = ".minilake-task-env"


def wanted() -> str:
    digest = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    return f"requirements-sha256={digest}\npython={sys.version.split()[0]} {os.path.realpath(sys.executable)}\n"


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dest = pathlib.Path(sys.argv[1]).resolve()
    stamp = dest / STAMP
    python = dest / "bin" / "python"
    expected = wanted()
    if stamp.is_file() and stamp.read_text() == expected and python.exists():
        print(f"[task-python] {dest} is up to date (pinned requirements unchanged)")
        return 0
    started = time.monotonic()
    print(f"[task-python] preparing the job tasks' Python environment in {dest}", flush=True)
    # a half-made or outdated environment is rebuilt from scratch, so nothing stale survives
    shutil.rmtree(dest, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(dest)], check=True)
    print(f"[task-python] installing {REQUIREMENTS.name} (pyspark-client and its dependencies, pinned)", flush=True)
    subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "--no-input",
                    "--progress-bar", "off", "-r", str(REQUIREMENTS)], check=True)
    # a quick proof that the Connect client imports, before the stamp says the environment is ready
    subprocess.run([str(python), "-c", "import pyspark.sql.connect.session"], check=True)
    stamp.write_text(expected)
    print(f"[task-python] ready in {time.monotonic() - started:.0f} s: {python}", flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as e:
        print(f"[task-python] failed: {' '.join(map(str, e.cmd[:4]))} ... exited {e.returncode}. "
              "The build prepares the job tasks' Python environment from the package index; "
              "build with -Dminilake.taskenv.skip to leave it out", file=sys.stderr)
        sys.exit(1)
