"""Foundation checks with the real Python databricks-sdk against the real server."""
import pytest
import requests
from databricks.sdk import WorkspaceClient
from databricks.sdk.errors import NotFound, NotImplemented, ResourceDoesNotExist


def test_current_user_and_workspace_id_match_host_metadata(w, server):
    me = w.current_user.me()
    assert me.user_name == "dev@minilake.local"
    meta = requests.get(server.url + "/.well-known/databricks-config").json()
    # get_workspace_id reads the X-Databricks-Org-Id header of /Me
    assert w.get_workspace_id() == int(meta["workspace_id"])


def test_out_of_scope_call_raises_not_implemented(w):
    with pytest.raises(NotImplemented) as e:
        w.pipelines.create(name="p")
    assert "PipelinesAPI.create" in str(e.value)


def test_malformed_json_is_400_in_databricks_shape(server):
    r = requests.post(server.url + "/api/2.0/token/create", data="{nope",
                      headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error_code"] == "MALFORMED_REQUEST"


def test_unknown_route_is_endpoint_not_found(w, server):
    r = requests.get(server.url + "/api/2.0/definitely/not/here")
    assert r.status_code == 404
    assert r.json()["error_code"] == "ENDPOINT_NOT_FOUND"
    with pytest.raises(NotFound):
        w.api_client.do("GET", "/api/2.0/definitely/not/here")


def test_tokens_roundtrip_and_reset(w, server):
    created = w.tokens.create(comment="py", lifetime_seconds=60)
    assert created.token_value.startswith("dapi")
    assert [t.token_id for t in w.tokens.list()] == [created.token_info.token_id]
    with pytest.raises(ResourceDoesNotExist):
        w.tokens.delete("nope")
    server.reset()
    assert list(w.tokens.list()) == []


def test_any_token_is_accepted_by_default(server):
    for token in ("dev", "anything-at-all"):
        assert WorkspaceClient(host=server.url, token=token).current_user.me().user_name


def test_seed_curl_health(server):
    # The seed's first curl line: curl http://localhost:8000/_minilake/health
    assert requests.get(server.url + "/_minilake/health").json() == {"status": "ok"}


def test_a_port_in_use_is_one_clear_line_and_exit_1():
    import socket
    import subprocess
    import tempfile
    from conftest import JAR
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with tempfile.TemporaryDirectory() as data:
            p = subprocess.run(["java", "-jar", str(JAR), "--port", str(port), "--data-dir", data],
                               capture_output=True, text=True, timeout=120)
    assert p.returncode == 1, p.stdout + p.stderr
    assert f"minilake: cannot start: Port {port} is already in use" in p.stderr
    assert "\tat " not in p.stderr  # no stack trace unless MINILAKE_VERBOSE=1
    assert "WARN" not in p.stdout + p.stderr, "the one line is the only report of the failed start"
