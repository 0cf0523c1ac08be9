"""JupyterLab at /jupyter, through MiniLake's proxy: the first request starts it, its REST API and a
kernel's WebSocket answer through MiniLake, and the kernel's WorkspaceClient reaches MiniLake."""
import json
import time
import uuid

import pytest
import requests

websocket = pytest.importorskip("websocket", reason="websocket-client is in tests/python/requirements.txt")
pytest.importorskip("jupyterlab", reason="jupyterlab is in tests/python/requirements.txt")


def _request(msg_type, content):
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "test", "session": uuid.uuid4().hex,
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [], "content": content}


def _await_kernel(ws, timeout=120):
    """Asks kernel_info until the kernel answers, as Jupyter's own clients do before they execute:
    a request sent while the kernel's connection is still settling can be lost."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        msg = _request("kernel_info_request", {})
        ws.send(json.dumps(msg))
        ws.settimeout(3)
        try:
            while True:
                m = json.loads(ws.recv())
                if m["header"]["msg_type"] == "kernel_info_reply" and m["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
                    return
        except websocket.WebSocketTimeoutException:
            continue
        finally:
            ws.settimeout(120)
    raise AssertionError(f"the kernel did not answer kernel_info in {timeout} s")


def _execute(ws, code, timeout=120):
    """Runs code on the kernel (Jupyter messaging protocol over the channels WebSocket); returns stdout."""
    msg_id = uuid.uuid4().hex
    ws.send(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "test", "session": uuid.uuid4().hex,
                   "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
        "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {}, "allow_stdin": False},
    }))
    out, deadline = [], time.time() + timeout
    while time.time() < deadline:
        m = json.loads(ws.recv())
        if m.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind = m["header"]["msg_type"]
        if kind == "stream":
            out.append(m["content"]["text"])
        elif kind == "error":
            raise AssertionError("\n".join(m["content"]["traceback"]))
        elif kind == "status" and m["content"]["execution_state"] == "idle":
            return "".join(out)
    raise AssertionError(f"no answer in {timeout} s; got {out}")


def test_jupyterlab_through_the_proxy(server, w):
    w.catalogs.create(name="from_jupyter")
    started = time.time()
    r = requests.get(server.url + "/jupyter", allow_redirects=False, timeout=180)
    assert (r.status_code, r.headers["Location"]) == (302, "/jupyter/lab")
    lab = requests.get(server.url + "/jupyter/lab", timeout=180)  # the first request starts JupyterLab
    assert lab.status_code == 200 and "JupyterLab" in lab.text
    assert requests.get(server.url + "/jupyter/api/status").json()["started"]

    kernel = requests.post(server.url + "/jupyter/api/kernels", json={"name": "python3"}).json()
    ws = websocket.create_connection(server.url.replace("http", "ws") + f"/jupyter/api/kernels/{kernel['id']}/channels",
                                     timeout=120)
    try:
        _await_kernel(ws)
        assert _execute(ws, "print(6 * 7)").strip() == "42"
        print(f"benchmark: first /jupyter request to a kernel's answer: {time.time() - started:.1f} s")
        listed = _execute(ws, "import os\nfrom databricks.sdk import WorkspaceClient\n"
                              "print(sorted(c.name for c in WorkspaceClient().catalogs.list()))")
        assert "from_jupyter" in listed, listed
        # MiniLake's kernel setup: a ready WorkspaceClient `w`, a %%sql magic on the SQL API, and `spark`
        assert "from_jupyter" in _execute(ws, "print(sorted(c.name for c in w.catalogs.list()))")
        rows = _execute(ws, "r = get_ipython().run_cell_magic('sql', '', 'SELECT 41 + 1 AS answer')\n"
                            "print(list(r.columns), r.values.tolist())")
        assert "['answer'] [['42']]" in rows, rows
        assert "warm Spark" in _execute(ws, "print(repr(spark))")
        # a kernel message far above Netty's default 64 KB frame (a big output) crosses the proxy whole
        assert len(_execute(ws, "print('x' * 300000)").strip()) == 300000
    finally:
        ws.close()
        requests.delete(server.url + f"/jupyter/api/kernels/{kernel['id']}")

    # a notebook saved in JupyterLab is also a notebook in the MiniLake workspace
    notebook = {"type": "notebook", "content": {
        "cells": [{"cell_type": "code", "source": "print('saved from jupyter')", "metadata": {}, "outputs": [],
                   "execution_count": None}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5}}
    saved = requests.put(server.url + "/jupyter/api/contents/saved.ipynb", json=notebook, timeout=60)
    assert saved.status_code in (200, 201), saved.text
    from databricks.sdk.service.workspace import ExportFormat
    status = w.workspace.get_status("/Users/dev@minilake.local/jupyter/saved")
    assert status.object_type.value == "NOTEBOOK" and status.language.value == "PYTHON"
    source = w.workspace.export("/Users/dev@minilake.local/jupyter/saved", format=ExportFormat.SOURCE).content
    import base64
    assert "saved from jupyter" in base64.b64decode(source).decode()


def test_a_notebook_runs_in_the_browser_through_the_proxy(server):
    """JupyterLab's own front end, kernel WebSocket subprotocol included, in chromium."""
    import subprocess
    from test_ui import SCREENSHOTS, UI, _browser_ready
    _browser_ready()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    p = subprocess.run(["node", str(UI / "tests" / "jupyter.mjs"), "--url", server.url,
                        "--screenshot", str(SCREENSHOTS / "jupyter-notebook.png")],
                       capture_output=True, text=True, timeout=400)
    print(p.stdout)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
