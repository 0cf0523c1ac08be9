"""The Dockerfile's build outputs, checked against the real build (no Docker engine here): every
path it copies exists, the spark-runner jar runs with `java -jar`, and the class-data training run
the image makes exits by itself and leaves an archive that a server starts with."""
import pathlib
import re
import subprocess
import tempfile

import requests

from conftest import JAR, ROOT, Server

DOCKERFILE = (ROOT / "Dockerfile").read_text()


def test_every_path_the_image_copies_is_built():
    """The build stage stages the runtime tree with `cp`: every module output it copies exists after `mvn package`."""
    sources = re.findall(r"cp (?:-r )?((?:api-server|operator|spark-runner)/\S+) ", DOCKERFILE)
    assert len(sources) >= 6, sources
    for src in sources:
        assert list(ROOT.glob(src)), f"the Dockerfile copies {src}, which the build does not make"


def test_spark_runner_jar_runs_by_itself():
    p = subprocess.run(["java", "-jar", str(ROOT / "spark-runner/target/spark-runner.jar")],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "spark-runner sql --uri URL" in p.stderr


def test_class_data_training_run_exits_and_its_archive_serves():
    m = re.search(r"RUN java (-XX:ArchiveClassesAtExit=\S+) -Dspring.context.exit=onRefresh", DOCKERFILE)
    assert m, "the Dockerfile records a class-data archive"
    with tempfile.TemporaryDirectory() as d:
        archive = pathlib.Path(d) / "minilake.jsa"
        p = subprocess.run(["java", f"-XX:ArchiveClassesAtExit={archive}", "-Dspring.context.exit=onRefresh",
                            "-jar", str(JAR), "--port", "0", "--data-dir", f"{d}/data"],
                           capture_output=True, text=True, timeout=180)
        assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
        assert archive.stat().st_size > 1_000_000
        server = Server(java_options=[f"-XX:SharedArchiveFile={archive}", "-Xshare:auto"])
        try:
            assert requests.get(server.url + "/_minilake/ready").status_code == 200
            me = requests.get(server.url + "/api/2.0/preview/scim/v2/Me").json()
            assert me["userName"]
        finally:
            server.stop()


def _launcher_serves(port, data, env):
    """Starts bin/minilake, waits for ready, stops it with SIGTERM (the archive is written at exit)."""
    import os
    import signal
    import time
    p = subprocess.Popen([str(ROOT / "bin/minilake"), "--port", str(port), "--data-dir", data],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=dict(os.environ, **env))
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            assert p.poll() is None, p.stdout.read().decode()[-2000:]
            try:
                if requests.get(f"http://127.0.0.1:{port}/_minilake/ready", timeout=2).status_code == 200:
                    return True
            except requests.ConnectionError:
                time.sleep(0.1)
        return False
    finally:
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=60)


def test_the_readme_launcher_records_its_archive_then_starts_with_it():
    from conftest import _free_port
    with tempfile.TemporaryDirectory() as cache:
        env = {"XDG_CACHE_HOME": cache}
        assert _launcher_serves(_free_port(), f"{cache}/data1", env)
        archives = list(pathlib.Path(cache, "minilake", "cds").glob("minilake-*.jsa"))
        assert len(archives) == 1 and archives[0].stat().st_size > 1_000_000, archives
        recorded = archives[0].stat().st_mtime
        assert _launcher_serves(_free_port(), f"{cache}/data2", env)
        # the second start mapped the archive instead of writing a new one
        assert list(pathlib.Path(cache, "minilake", "cds").glob("minilake-*.jsa")) == archives
        assert archives[0].stat().st_mtime == recorded


def test_the_image_prepares_the_task_environment_beside_the_jar_from_the_build_pins():
    """The image's tasks get the same environment as `mvn package` makes: the same script and pinned
    requirements, at task-python/ beside the jar, which is where the server looks for it."""
    assert re.search(r"cp api-server/target/minilake.jar \$o/ ", DOCKERFILE), "the jar sits at the top of the runtime tree"
    assert re.search(r"cp -r api-server/task-python \$o/task-python-src", DOCKERFILE), "the image copies api-server/task-python"
    assert re.search(r"python3 /opt/minilake/task-python-src/prepare.py /opt/minilake/task-python ", DOCKERFILE), \
        "the image runs prepare.py into task-python/ beside /opt/minilake/minilake.jar"
    # the build stage leaves it out: a venv made there would point at the build image's Python
    assert re.search(r"mvn .*package .*-Dminilake.taskenv.skip", DOCKERFILE)
    # the build made the same environment here, complete (its stamp is written last)
    assert (ROOT / "api-server/target/task-python/.minilake-task-env").is_file()
