"""Issue 29: a web page on another origin cannot make MiniLake do anything. Debian's chromium
(playwright-core, ui/tests/attacks.mjs) opens a page served on another port and sends every
request a hostile page could: simple-request SQL and TRANSFORM, workspace import plus runs/submit,
MCP tools, Jupyter's REST API and WebSocket, DELETE, reset, a text/plain form, a file PUT. None
may have an effect; the same requests from MiniLake's own origin still work."""
import json
import subprocess

import requests

from conftest import ROOT
from test_ui import UI, _browser_ready


def test_no_cross_origin_request_has_an_effect(server, tmp_path):
    _browser_ready()
    markers = tmp_path / "markers"
    p = subprocess.run(["node", str(UI / "tests" / "attacks.mjs"), "--url", server.url, "--markers", str(markers)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-4000:]
    report = json.loads(p.stdout.strip().splitlines()[-1])
    print("attacks tried:", report["attacks"], json.dumps(report["seen"]))
    assert report["attacks"] >= 12
    assert report["effects"] == [], report
    assert report["seen"]["jupyter_websocket"] != "opened"
    assert not any(markers.iterdir())
    # MiniLake's own origin is not locked out
    assert report["same_origin"] == {"created": "SUCCEEDED", "read": 200}, report


def test_a_rebinding_host_is_refused_on_every_surface(server):
    for path in ["/api/2.1/unity-catalog/catalogs", "/mcp", "/jupyter/lab", "/ui/", "/_minilake/health"]:
        r = requests.get(server.url + path, headers={"Host": "evil.example"})
        assert r.status_code == 403, path
        assert r.json()["error_code"] == "PERMISSION_DENIED"
        assert "MINILAKE_ALLOWED_HOSTS" in r.json()["message"]
