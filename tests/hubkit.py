"""Real parts for the classroom hub's tests and benchmark: a real JupyterHub (its dummy
authenticator, its users, groups, roles and tokens; a proxy that only records routes, since
these tests talk to the hub's API and the service directly), the service
``python -m dominolab.hub`` started as a process of its own (so a test can SIGKILL it and
start it again), and a throwaway PostgreSQL cluster (Debian's initdb/pg_ctl, as a non-root
user) when one can be made.

A student's token is made by the hub with the scope a kernel's token gets on a hub set up
as docs/teachers/hub.md says (``access:services!service=dominolab``)."""

from __future__ import annotations

import glob
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

SERVICE = "dominolab"
SCOPE = f"access:services!service={SERVICE}"

_NO_PROXY = '''
from jupyterhub.proxy import Proxy


class RoutesOnly(Proxy):
    """Keeps the routes the hub sets; the tests reach the hub and the service directly."""

    should_start = False

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._routes = {}

    async def start(self):
        pass

    async def stop(self):
        pass

    async def add_route(self, routespec, target, data):
        self._routes[routespec] = {"routespec": routespec, "target": target, "data": data}

    async def delete_route(self, routespec):
        self._routes.pop(routespec, None)

    async def get_all_routes(self):
        return dict(self._routes)
'''


DOCS = Path(__file__).resolve().parent.parent / "docs" / "teachers"


def doc_config(language: str = "") -> Any:
    """The ``jupyterhub_config.py`` lines of the teachers' hub chapter (``docs/teachers/hub.md``,
    or ``docs/teachers/es/hub.md`` for "es"), run as the hub runs them: the Config they make."""
    from traitlets.config import Config

    text = (DOCS / language / "hub.md").read_text(encoding="utf-8")
    start = text.index("```python\nimport sys\n\nc.JupyterHub.services")
    block = text[start + len("```python\n"): text.index("```", start + 3)]
    c = Config()
    exec(compile(block, str(DOCS / "hub.md"), "exec"), {"c": c, "get_config": lambda: c})
    return c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(check: Any, what: str, timeout: float = 60.0, proc: Optional[subprocess.Popen[bytes]] = None,
             log: Optional[Path] = None) -> None:
    """Poll ``check()`` until it is true; fail naming ``what`` (and the log's tail)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            break
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.1)
    tail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
    raise RuntimeError(f"{what} did not come up in {timeout:.0f} s\n{tail}")


def http(method: str, url: str, token: Optional[str] = None, body: Any = None,
         timeout: float = 30.0, headers: Optional[dict[str, str]] = None) -> tuple[int, Any]:
    """One request; returns (status, JSON or text)."""
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method)
    if token:
        request.add_header("Authorization", f"token {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    text = raw.decode("utf-8", errors="replace")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


@dataclass
class Hub:
    """A running JupyterHub with the dominolab service registered (started by :func:`start_hub`)."""

    folder: Path
    port: int
    service_port: int
    service_token: str
    admin_token: str
    proc: subprocess.Popen[bytes]
    service: Optional[subprocess.Popen[bytes]] = None
    db_url: str = ""
    tokens: dict[str, str] = field(default_factory=dict)

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/hub/api"

    @property
    def service_url(self) -> str:
        return f"http://127.0.0.1:{self.service_port}/services/{SERVICE}/"

    def admin(self, method: str, path: str, body: Any = None) -> Any:
        status, data = http(method, self.api + path, self.admin_token, body)
        if status >= 400:
            raise RuntimeError(f"hub API {method} {path}: {status} {data}")
        return data

    def user(self, name: str, *, teacher: bool = False) -> str:
        """A hub user (made if new; a teacher is put in the teachers' group) and a token of
        theirs with the scope a kernel's token has on the hub."""
        if name not in self.tokens:
            status, _ = http("GET", f"{self.api}/users/{name}", self.admin_token)
            if status == 404:
                self.admin("POST", f"/users/{name}")
            if teacher:
                self.admin("POST", "/groups/dominolab-teachers/users", {"users": [name]})
            token = self.admin("POST", f"/users/{name}/tokens", {"scopes": [SCOPE], "note": "test kernel"})
            self.tokens[name] = token["token"]
        return self.tokens[name]

    def service_env(self) -> dict[str, str]:
        """What the hub gives a managed service's process (the external service's here)."""
        return {
            "JUPYTERHUB_API_TOKEN": self.service_token,
            "JUPYTERHUB_API_URL": self.api,
            "JUPYTERHUB_BASE_URL": "/",
            "JUPYTERHUB_SERVICE_NAME": SERVICE,
            "JUPYTERHUB_SERVICE_PREFIX": f"/services/{SERVICE}/",
            "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{self.service_port}",
            "JUPYTERHUB_CLIENT_ID": f"service-{SERVICE}",
            "JUPYTERHUB_OAUTH_CALLBACK_URL": f"/services/{SERVICE}/oauth_callback",
            "JUPYTERHUB_OAUTH_ACCESS_SCOPES": json.dumps([SCOPE]),
        }

    def start_service(self, db_url: str) -> subprocess.Popen[bytes]:
        """``python -m dominolab.hub`` on ``db_url``, waited for until it answers."""
        self.db_url = db_url
        log = self.folder / "service.log"
        env = {**os.environ, **self.service_env()}
        out = open(log, "ab")
        self.service = subprocess.Popen([sys.executable, "-m", "dominolab.hub", "--db", db_url],
                                        stdout=out, stderr=subprocess.STDOUT, env=env, cwd=self.folder)
        token = self.user("probe")
        wait_for(lambda: http("GET", self.service_url + "api/me", token, timeout=5)[0] == 200,
                 "the dominolab service", proc=self.service, log=log)
        return self.service

    def kill_service(self) -> None:
        """SIGKILL: no clean-up at all, as a crash or an OOM kill."""
        assert self.service is not None
        self.service.send_signal(signal.SIGKILL)
        self.service.wait(10)
        self.service = None

    def stop(self) -> None:
        for proc in (self.service, self.proc):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(5)


def start_hub(folder: Path) -> Hub:
    """JupyterHub (dummy authenticator) on a free port, with the dominolab service registered
    as an external service (the tests start its process), and the teachers' group and the
    roles read from docs/teachers/hub.md's ``jupyterhub_config.py`` lines."""
    folder.mkdir(parents=True, exist_ok=True)
    port, service_port = free_port(), free_port()
    service_token, admin_token = secrets.token_hex(16), secrets.token_hex(16)
    (folder / "routes_only.py").write_text(_NO_PROXY)
    documented = doc_config()  # the roles and the group the teachers' guide gives, as it gives them
    roles = list(documented.JupyterHub.load_roles)
    groups = {name: {"users": []} for name in documented.JupyterHub.load_groups}
    config = f'''
import sys
sys.path.insert(0, {str(folder)!r})
from routes_only import RoutesOnly
c = get_config()  # noqa
c.JupyterHub.proxy_class = RoutesOnly
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {free_port()}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {port}
c.JupyterHub.db_url = "sqlite:///{folder}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{folder}/cookie_secret"
c.JupyterHub.pid_file = "{folder}/jupyterhub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.services = [
    {{"name": "{SERVICE}", "url": "http://127.0.0.1:{service_port}", "api_token": "{service_token}",
      "oauth_no_confirm": True}},
    {{"name": "test-admin", "api_token": "{admin_token}"}},
]
c.JupyterHub.load_groups = {groups!r}
c.JupyterHub.load_roles = {roles!r} + [{{"name": "admin", "services": ["test-admin"]}}]
'''
    (folder / "jupyterhub_config.py").write_text(config)
    log = folder / "hub.log"
    out = open(log, "ab")
    proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(folder / "jupyterhub_config.py")],
                            stdout=out, stderr=subprocess.STDOUT, cwd=folder)
    hub = Hub(folder, port, service_port, service_token, admin_token, proc)
    wait_for(lambda: http("GET", hub.api + "/", timeout=5)[0] == 200, "JupyterHub", proc=proc, log=log)
    return hub


# ---------------------------------------------------------------------- PostgreSQL
@dataclass
class Postgres:
    folder: Path
    port: int
    bin: Path
    as_user: list[str]

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@/dominolab?host={self.folder}&port={self.port}"

    def stop(self) -> None:
        subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate",
                        "stop"], capture_output=True, timeout=60)


def postgres_bin() -> Optional[Path]:
    """Debian's PostgreSQL programs (initdb, pg_ctl), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def start_postgres(folder: Path) -> Postgres:
    """A throwaway cluster in ``folder``, on a Unix socket there, run by a non-root user
    (``postgres`` when this runs as root: PostgreSQL refuses to run as root)."""
    bin_dir = postgres_bin()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    as_user: list[str] = []
    if os.geteuid() == 0:
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    port = free_port()
    subprocess.run([*as_user, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                    "-E", "UTF8", "--no-sync"], check=True, capture_output=True, timeout=120)
    subprocess.run([*as_user, str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "pg.log"),
                    "-o", f"-k {folder} -p {port} -c listen_addresses='' -c fsync=on", "start"],
                   check=True, capture_output=True, timeout=120)
    subprocess.run([*as_user, str(bin_dir / "createdb"), "-h", str(folder), "-p", str(port), "-U", "postgres",
                    "dominolab"], check=True, capture_output=True, timeout=60)
    return Postgres(folder, port, bin_dir, as_user)
