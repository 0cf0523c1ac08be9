"""JupyterLab configuration MiniLake passes with --config: every notebook JupyterLab saves is also
imported into the MiniLake workspace (under MINILAKE_NOTEBOOK_PREFIX), so jobs can run it as a
notebook_task and the Workspace API lists it."""
import base64
import json
import os
import urllib.request

c = get_config()  # noqa: F821 (provided by Jupyter when it reads this file)


def _post(path, body):
    req = urllib.request.Request(os.environ["DATABRICKS_HOST"] + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Authorization": "Bearer " + os.environ["DATABRICKS_TOKEN"],
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        r.read()


def save_into_minilake_workspace(model, os_path, contents_manager, **kwargs):
    if model.get("type") != "notebook":
        return
    relative = os.path.relpath(os_path, contents_manager.root_dir).replace(os.sep, "/")
    target = os.environ["MINILAKE_NOTEBOOK_PREFIX"].rstrip("/") + "/" + relative[: -len(".ipynb")]
    _post("/api/2.0/workspace/mkdirs", {"path": target.rsplit("/", 1)[0]})
    with open(os_path, "rb") as f:
        content = base64.b64encode(f.read()).decode()
    _post("/api/2.0/workspace/import", {"path": target, "format": "JUPYTER", "content": content, "overwrite": True})


c.FileContentsManager.post_save_hook = save_into_minilake_workspace
