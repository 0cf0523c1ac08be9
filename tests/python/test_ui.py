"""The SQL workspace at /ui: its build output is inside the jar and served with the right headers,
and the whole scenario of issue 19 runs in a real browser (Debian's chromium driven by
playwright-core, ui/tests/e2e.mjs), offline (no request leaves the origin), in open and strict auth."""
import gzip
import json
import os
import re
import shutil
import subprocess
import zipfile

import pytest
import requests

from conftest import JAR, ROOT, Server

UI = ROOT / "ui"
CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = ROOT / "target" / "ui-screenshots"


def _browser_ready():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: scripts/test installs it (apt-get install -y chromium)")
    if not (UI / "node_modules" / "playwright-core").exists():
        # the Maven build ran `npm ci`; a build with -Dminilake.ui.skip did not
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=UI, check=True)


def _run_scenario(url, name, env=None):
    _browser_ready()
    shots = SCREENSHOTS / name
    shutil.rmtree(shots, ignore_errors=True)
    p = subprocess.run(["node", str(UI / "tests" / "e2e.mjs"), "--url", url, "--screenshots", str(shots)],
                       capture_output=True, text=True, timeout=600, env=dict(os.environ, **(env or {})))
    print(p.stdout)
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-4000:]
    report = json.loads(p.stdout.strip().splitlines()[-1])
    assert report["problems"] == []
    assert report["steps"] == (15 if env else 14), report  # strict mode adds the token dialog
    assert len(list(shots.glob("*.png"))) == report["steps"]
    return report


def test_the_build_output_is_in_the_jar():
    with zipfile.ZipFile(JAR) as jar:
        names = set(jar.namelist())
        index = jar.read("static/ui/index.html").decode()
    scripts = re.findall(r'(?:src|href)="/ui/(assets/[^"]+)"', index)
    assert scripts, index
    for asset in scripts:
        assert f"static/ui/{asset}" in names
        assert f"static/ui/{asset}.gz" in names, f"{asset} is not precompressed"


def test_assets_are_served_precompressed_with_cache_headers(server):
    r = requests.get(server.url + "/", allow_redirects=False)
    assert (r.status_code, r.headers["Location"]) == (302, "/ui/")
    index = requests.get(server.url + "/ui/")
    assert index.status_code == 200 and index.headers["Cache-Control"] == "no-cache"
    script = re.search(r'src="(/ui/assets/[^"]+\.js)"', index.text).group(1)

    raw = requests.get(server.url + script, headers={"Accept-Encoding": "identity"})
    assert raw.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Content-Encoding" not in raw.headers and raw.headers["Content-Type"].startswith("text/javascript")
    packed = requests.get(server.url + script, headers={"Accept-Encoding": "gzip, deflate"}, stream=True)
    assert packed.headers["Content-Encoding"] == "gzip" and packed.headers["Vary"] == "Accept-Encoding"
    body = packed.raw.read()
    assert len(body) < len(raw.content) / 2
    assert gzip.decompress(body) == raw.content

    for bad in ["/ui/assets/nope.js", "/ui/..%2F..%2Fapplication.properties", "/ui/assets/../../META-INF/MANIFEST.MF"]:
        r = requests.get(server.url + bad)
        assert r.status_code == 404 and r.json()["error_code"] == "ENDPOINT_NOT_FOUND", (bad, r.text)


def test_the_workspace_in_a_browser(server):
    report = _run_scenario(server.url, "open")
    print("benchmark:", json.dumps(report["figures"]))


def test_the_workspace_in_a_browser_with_strict_auth():
    token = "ui-strict-token"
    strict = Server(env={"MINILAKE_AUTH": "strict", "MINILAKE_TOKEN": token})
    try:
        # the page loads without a token; the API still wants one
        assert requests.get(strict.url + "/ui/").status_code == 200
        r = requests.get(strict.url + "/api/2.1/unity-catalog/catalogs")
        assert r.status_code == 401 and r.json()["error_code"] == "UNAUTHENTICATED"
        _run_scenario(strict.url, "strict", env={"MINILAKE_TEST_TOKEN": token})
    finally:
        strict.stop()
