"""Fault injection (/_minilake/faults): the real Python SDK's retry logic goes through injected 429s and 503s."""
import time

import pytest
import requests
from databricks.sdk.errors import NotFound


def fault(server, **rule):
    r = requests.post(server.url + "/_minilake/faults", json=rule)
    assert r.status_code == 200, r.text
    return r.json()


def rules(server):
    return requests.get(server.url + "/_minilake/faults").json()["faults"]


def test_the_python_sdk_retries_through_a_503_and_a_429_then_succeeds(w, server):
    w.catalogs.create(name="sales")
    fault(server, method="GET", path="/api/2.1/unity-catalog/catalogs/{name}", status=503, count=2, retry_after_seconds=1)
    fault(server, method="GET", path="/api/2.1/unity-catalog/catalogs/{name}", status=429, count=1, retry_after_seconds=1)

    t0 = time.monotonic()
    assert w.catalogs.get("sales").name == "sales"

    assert time.monotonic() - t0 >= 2, "the SDK waited for Retry-After before each retry"
    assert [(r["fired"], r["remaining"]) for r in rules(server)] == [(2, 0), (1, 0)]


def test_a_count_is_honoured_and_non_retriable_faults_raise_the_typed_error(w, server):
    w.catalogs.create(name="x")
    fault(server, method="GET", path="/api/2.1/unity-catalog/catalogs/**", status=404, message="injected", count=1)
    with pytest.raises(NotFound, match="injected"):
        w.catalogs.get("x")
    assert w.catalogs.get("x").name == "x"


def test_reset_clears_the_rules(server):
    fault(server, path="/api/2.0/clusters/list", status=503)
    assert requests.get(server.url + "/api/2.0/clusters/list").status_code == 503
    server.reset()
    assert rules(server) == []
    assert requests.get(server.url + "/api/2.0/clusters/list").status_code == 200
