"""OAuth M2M with the Python SDK against a strict-mode server: host metadata, OIDC discovery, a
service principal's secret and the SDK's own oauth-m2m flow (auth_type oauth-m2m)."""
import pytest
import requests
from databricks.sdk import WorkspaceClient
from databricks.sdk.service import iam

from conftest import Server

ADMIN = "admin-token"


@pytest.fixture(scope="module")
def strict():
    s = Server(env={"MINILAKE_AUTH": "strict", "MINILAKE_TOKEN": ADMIN})
    yield s
    s.stop()


def test_host_metadata_and_the_oidc_endpoints_it_advertises(strict):
    meta = requests.get(strict.url + "/.well-known/databricks-config").json()
    assert meta["account_id"] and meta["workspace_id"] == "6051921418418893"
    oidc = requests.get(meta["oidc_endpoint"] + "/.well-known/oauth-authorization-server").json()
    assert oidc["issuer"] == strict.url + "/oidc"
    assert oidc["token_endpoint"] == strict.url + "/oidc/v1/token"
    assert requests.get(oidc["authorization_endpoint"]).status_code == 400  # served: no user login, said in OAuth's words
    # the SDK reads the same metadata: the config names the account and the workspace
    admin = WorkspaceClient(host=strict.url, token=ADMIN)
    assert admin.config.account_id == meta["account_id"]
    assert admin.config.workspace_id == meta["workspace_id"]


def test_oauth_m2m_with_a_service_principal_secret(strict):
    admin = WorkspaceClient(host=strict.url, token=ADMIN)
    sp = admin.service_principals.create(display_name="py-m2m")
    secret = admin.service_principal_secrets_proxy.create(sp.id, lifetime="3600s")
    assert secret.secret and secret.status == "ACTIVE"
    assert [s.id for s in admin.service_principal_secrets_proxy.list(sp.id)] == [secret.id]

    bot = WorkspaceClient(host=strict.url, client_id=sp.application_id, client_secret=secret.secret)
    assert bot.config.auth_type == "oauth-m2m"
    assert bot.current_user.me().user_name  # authenticated by the OAuth token in strict mode
    assert [c.name for c in bot.catalogs.list()]  # and so is every other call

    # the token endpoint answers as an OAuth server does
    token_url = strict.url + "/oidc/v1/token"
    ok = requests.post(token_url, {"grant_type": "client_credentials", "scope": "all-apis"},
                       auth=(sp.application_id, secret.secret))
    assert ok.status_code == 200
    body = ok.json()
    assert body["token_type"] == "Bearer" and body["expires_in"] == 3600
    assert requests.get(strict.url + "/api/2.0/preview/scim/v2/Me",
                        headers={"Authorization": "Bearer " + body["access_token"]}).status_code == 200
    wrong = requests.post(token_url, {"grant_type": "client_credentials"}, auth=(sp.application_id, "nope"))
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client"
    with pytest.raises(ValueError, match="invalid_client"):
        WorkspaceClient(host=strict.url, client_id=sp.application_id, client_secret="nope").current_user.me()

    admin.service_principal_secrets_proxy.delete(sp.id, secret.id)
    assert requests.post(token_url, {"grant_type": "client_credentials"},
                         auth=(sp.application_id, secret.secret)).status_code == 401


def test_scim_filters_in_the_forms_the_sdk_sends(strict):
    admin = WorkspaceClient(host=strict.url, token=ADMIN)
    admin.groups.create(display_name="py-data-eng")
    sp = admin.service_principals.create(display_name="py-filter-bot")
    assert [g.display_name for g in admin.groups.list(filter="displayName eq 'py-data-eng'")] == ["py-data-eng"]
    assert [s.id for s in admin.service_principals.list(filter=f"applicationId eq '{sp.application_id}'")] == [sp.id]
    assert [s.id for s in admin.service_principals.list(filter="displayName co 'filter' and displayName sw 'py-'")] == [sp.id]
    with pytest.raises(Exception) as e:
        list(admin.users.list(filter="userName eq 'unterminated"))
    assert e.value.error_code == "INVALID_PARAMETER_VALUE"
    # a PUT without applicationId keeps it
    admin.service_principals.update(sp.id, display_name="py-filter-bot-2", active=True)
    again = admin.service_principals.get(sp.id)
    assert again.application_id == sp.application_id and again.display_name == "py-filter-bot-2"
    assert isinstance(again, iam.ServicePrincipal)
