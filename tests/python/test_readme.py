"""The README agrees with the server: its services table lists exactly the services that
`/_minilake/services` serves, with the same status labels, and setup stays two commands."""
import re

import requests

from conftest import ROOT

README = (ROOT / "README.md").read_text()


def _section(title):
    start = README.index(f"## {title}")
    end = README.find("\n## ", start + 1)
    return README[start:end if end > 0 else None]


def _services_table():
    """{service name: status label} from the README's table; a row may name several services."""
    table = {}
    for line in _section("What is served").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| `") or len(cells) < 3:
            continue
        for name in re.findall(r"`([a-z][a-z0-9-]*)`", cells[0]):
            assert name not in table, f"{name} is in the README's services table twice"
            table[name] = cells[1]
    return table


def test_services_table_agrees_with_the_served_list(server):
    served = {s["name"]: s["label"] for s in requests.get(server.url + "/_minilake/services").json()["services"]}
    documented = _services_table()
    assert sorted(set(served) - set(documented)) == [], "served but not in the README's table"
    assert sorted(set(documented) - set(served)) == [], "in the README's table but not served"
    wrong = {n: (documented[n], served[n]) for n in served if documented[n] != served[n]}
    assert wrong == {}, "README label vs served label"


def test_setup_is_two_commands_build_and_run_then_the_test_suite():
    def commands(title):
        # the section's own text, before its examples
        blocks = re.findall(r"```sh\n(.*?)```", _section(title).split("\n### ")[0], re.S)
        return [line for b in blocks for line in b.splitlines() if line.strip() and not line.startswith("#")
                and not line.startswith("export ")]
    assert commands("Quick start") == [
        "mvn -q package -DskipTests && java -jar api-server/target/minilake.jar --port 8000"]
    assert commands("Run MiniLake's own tests") == ["./scripts/test"]
    assert "./scripts/test" in (ROOT / ".ci/run").read_text()
