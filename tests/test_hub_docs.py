"""The teachers' hub chapter read against the code: its ``jupyterhub_config.py`` lines run
(as the hub runs them) and say what the service, the client and JupyterHub itself expect;
the Spanish chapter gives the very same lines.  (The hub of tests/test_hub.py takes its roles
and group from these lines, so the service's tests run under them.)"""

from __future__ import annotations

import shlex
from urllib.parse import urlparse

import pytest

from dominolab.hub import SERVICE_NAME, TEACHERS_GROUP
from dominolab.hub.client import service_url

from .hubkit import DOCS, doc_config

SCOPE = f"access:services!service={SERVICE_NAME}"


@pytest.fixture(scope="module")
def c():
    return doc_config()


def test_the_service_entry_is_the_service_the_code_is(c):
    (service,) = c.JupyterHub.services
    assert service["name"] == SERVICE_NAME
    command = service["command"]
    assert command[1:3] == ["-m", "dominolab.hub"]
    from dominolab.hub.__main__ import main

    parser_args = command[3:]
    assert parser_args[0] == "--db" and parser_args[1].startswith("sqlite:////")
    with pytest.raises(SystemExit) as done:  # the service's own parser reads the flags the guide gives
        main([*parser_args, "--help"])
    assert done.value.code == 0
    url = urlparse(service["url"])
    assert url.scheme == "http" and url.hostname and url.port
    assert service["oauth_no_confirm"] is True and service["display"] is True


def test_the_teachers_are_the_group_the_service_checks(c):
    assert TEACHERS_GROUP in c.JupyterHub.load_groups


def test_the_roles_give_what_jupyterhub_requires(c):
    get_default_roles = pytest.importorskip("jupyterhub.roles").get_default_roles

    roles = {role["name"]: role for role in c.JupyterHub.load_roles}
    assert roles["dominolab-service"]["services"] == [SERVICE_NAME]
    assert roles["dominolab-service"]["scopes"] == ["read:users"]
    assert SCOPE in roles["user"]["scopes"] and "self" in roles["user"]["scopes"]
    # the server role keeps what JupyterHub's own server role holds, and adds the service
    default_server = next(r for r in get_default_roles() if r["name"] == "server")
    assert set(roles["server"]["scopes"]) == {*default_server["scopes"], SCOPE}
    default_user = next(r for r in get_default_roles() if r["name"] == "user")
    assert set(default_user["scopes"]) <= set(roles["user"]["scopes"])


def test_the_kernels_find_the_service_where_the_guide_says(c):
    (service,) = c.JupyterHub.services
    env = dict(c.Spawner.environment)
    assert service_url(env) == service["url"] + f"/services/{SERVICE_NAME}/"


def test_the_spanish_chapter_gives_the_same_lines():
    english = (DOCS / "hub.md").read_text(encoding="utf-8")
    spanish = (DOCS / "es" / "hub.md").read_text(encoding="utf-8")

    def block(text):
        start = text.index("```python\nimport sys\n\nc.JupyterHub.services")
        return text[start: text.index("```", start + 3)]

    assert block(spanish) == block(english)
    assert doc_config("es").JupyterHub.load_roles == doc_config().JupyterHub.load_roles


def test_the_install_lines_name_the_extra():
    text = (DOCS / "hub.md").read_text(encoding="utf-8")
    lines = [shlex.split(line) for line in text.splitlines() if line.startswith("sudo /opt/tljh/")]
    assert ["sudo", "/opt/tljh/hub/bin/python", "-m", "pip", "install", "dominolab[hub]"] in lines
