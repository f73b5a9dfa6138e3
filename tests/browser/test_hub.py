"""The classroom hub on a real JupyterHub, in real Chromium: the hub (its dummy authenticator
and simple local spawner, configurable-http-proxy from npm) runs the teachers' guide's
``jupyterhub_config.py`` lines (docs/teachers/hub.md), so it starts the service itself.  A
teacher signs in and creates a tournament on the service's page; two students sign in, start
their servers, open a notebook, run ``DominoTable.tournament(key)`` and play it with clicks;
one student's kernel restarts mid-game and the cell carries on at the same move; both check a
lesson's exercise; the teacher's page ranks them and shows the lesson's progress, without a
reload."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..hubkit import doc_config, free_port, http, wait_for
from .conftest import ARTIFACTS, ROOT, _jupyter_env
from .test_lab import KERNEL_IDLE, TIMEOUT, add_table, kernel, kernel_json
from .test_tournament import play_tournament

pytestmark = pytest.mark.slow
PASSWORD = "class-password"


def _proxy() -> str:
    for found in (ROOT / ".hub-node" / "node_modules" / ".bin" / "configurable-http-proxy",
                  shutil.which("configurable-http-proxy")):
        if found and Path(found).exists():
            return str(found)
    message = "configurable-http-proxy is missing (.ci/run: npm install --prefix .hub-node configurable-http-proxy)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def jupyterhub(tmp_path_factory):
    pytest.importorskip("jupyterhub")
    folder = tmp_path_factory.mktemp("realhub")
    proxy = _proxy()
    c = doc_config()  # the guide's lines, as a hub admin pastes them
    (service,) = c.JupyterHub.services
    service_port, port, api_port = free_port(), free_port(), free_port()
    service = {**service, "url": f"http://127.0.0.1:{service_port}",
               "command": [sys.executable, "-m", "dominolab.hub", "--db", f"sqlite:///{folder}/dominolab.sqlite"]}
    groups = {name: {"users": ["teacher"]} for name in c.JupyterHub.load_groups}
    env = _jupyter_env(folder / "jupyter")
    spawner_env = {name: env[name] for name in env if name.startswith("JUPYTER")} | {
        "DOMINOLAB_HUB_URL": f"http://127.0.0.1:{service_port}/services/dominolab/", "PATH": env["PATH"]}
    config = f"""
c = get_config()  # noqa
c.JupyterHub.services = [{service!r}]
c.JupyterHub.load_groups = {groups!r}
c.JupyterHub.load_roles = {list(c.JupyterHub.load_roles)!r}
c.Spawner.environment = {spawner_env!r}
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {api_port}
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.JupyterHub.db_url = "sqlite:///{folder}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{folder}/cookie_secret"
c.JupyterHub.pid_file = "{folder}/jupyterhub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{folder}/home/{{username}}"
c.Spawner.cmd = [{str(Path(sys.executable).parent / "jupyterhub-singleuser")!r}]
c.Spawner.args = ["--allow-root", "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
                  "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
c.Spawner.default_url = "/lab"
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120
"""
    (folder / "jupyterhub_config.py").write_text(config)
    log = folder / "hub.log"
    out = open(log, "ab")
    proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(folder / "jupyterhub_config.py")],
                            stdout=out, stderr=subprocess.STDOUT, cwd=folder, env={**env, "CONFIGPROXY_AUTH_TOKEN": secrets.token_hex(16)})
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: http("GET", f"{url}/services/dominolab/api/me", timeout=5)[0] == 403, "the hub and the service",
                 timeout=120, proc=proc, log=log)
        yield url, log
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        if proc.returncode not in (0, -15, None):
            print(log.read_text(errors="replace")[-4000:])


def sign_in(browser, url: str, name: str):
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    page.wait_for_url("**/hub/**", timeout=TIMEOUT)
    page.errors = errors
    return context, page


def open_notebook(page, url: str, name: str) -> None:
    """The student's server started (by the hub's spawner), JupyterLab open on a new notebook."""
    page.goto(f"{url}/user/{name}/lab", timeout=180_000)
    page.wait_for_function("() => !!window.jupyterapp || !!document.querySelector('#jp-main-dock-panel')",
                           timeout=180_000)
    page.wait_for_function("() => !!window.jupyterapp && window.jupyterapp.commands.hasCommand('notebook:create-new')",
                           timeout=TIMEOUT)
    page.evaluate("async () => { await window.jupyterapp.restored;"
                  " await window.jupyterapp.commands.execute('notebook:create-new', {kernelName: 'python3'}); }")
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)


def test_a_teacher_and_two_students_through_a_tournament_and_a_lesson(browser, jupyterhub):
    url, log = jupyterhub
    teacher_context, teacher = sign_in(browser, url, "teacher")
    try:
        teacher.goto(f"{url}/services/dominolab/")
        teacher.wait_for_selector("#create", timeout=TIMEOUT)  # signed in to the service through the hub
        teacher.fill("#hands", "2")
        teacher.select_option("#opponents", "greedy")
        teacher.click("#create")
        teacher.wait_for_function("() => document.getElementById('key').textContent.startsWith('dl-')",
                                  timeout=TIMEOUT)
        key = teacher.locator("#key").inner_text()
        points = {}
        for pick, name in ((0, "ana"), (-1, "ben")):
            context, page = sign_in(browser, url, name)
            try:
                open_notebook(page, url, name)
                root, _index = add_table(page, f'from dominolab.widget import DominoTable\n'
                                               f'table = DominoTable.tournament("{key}", pace=0)\ntable')
                banner = root.locator('[data-key="tournament:banner"]')
                assert f"Tournament {key} on the class hub — hand 1 of 2" in banner.inner_text()
                if name == "ana":  # a kernel restart mid-game: the same cell carries on at the same move
                    from .test_tournament import make_moves

                    make_moves(page, root, 3)
                    before = kernel_json(page, "[table.session.entry.state['number'], table.session.entry.index]")
                    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart()")
                    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
                    root, _index = add_table(page, f'from dominolab.widget import DominoTable\n'
                                                   f'table = DominoTable.tournament("{key}", pace=0)\ntable')
                    assert kernel_json(page, "[table.session.entry.state['number'], "
                                             "table.session.entry.index]") == before
                assert play_tournament(page, root, pick) > 0
                # the end: where the result is, and no file to download (the service keeps it)
                assert "Every move is kept on the class hub" in root.locator('[data-key="tournament:saved"]').inner_text()
                assert root.locator('[data-key="action:download"]').count() == 0
                points[name] = json.loads(kernel(page, "print(table.session.entry.points)"))
                kernel(page, "from dominolab.exercises import counting as ex\n"
                             f"ex.q1.check({'0.444' if name == 'ana' else '12'!r})\nprint('checked')")
                assert not page.errors, page.errors
            finally:
                context.close()
        # the teacher's page: both ranked, the lesson's progress, without a reload
        ranking = teacher.locator("#ranking tr")
        teacher.wait_for_function("() => document.querySelectorAll('#ranking tr').length === 3", timeout=TIMEOUT)
        rows = {r.split("\t")[1]: int(r.split("\t")[2]) for r in ranking.all_inner_texts()[1:]}
        assert rows == points
        teacher.wait_for_function("() => { const c = document.querySelector('#exercises tr:nth-child(2) td:nth-child(3)');"
                                  " return !!c && c.textContent === '2'; }", timeout=TIMEOUT)  # both students tried it
        lesson = teacher.locator("#exercises tr").nth(1).inner_text().split("\t")
        assert lesson[:4] == ["counting", "q1", "2", "1"] and "“12” ×1" in lesson[4]
        students = teacher.locator("#students").inner_text()
        assert "ana" in students and "ben" in students and "finished" in students
        # a hand replayed move by move, every hand face up
        teacher.locator('#students button.replay[data-student="ana"][data-hand="1"]').click()
        teacher.wait_for_function("() => document.getElementById('replay-step').textContent === 'as dealt'",
                                  timeout=TIMEOUT)
        dealt = teacher.locator("#replay-hands").inner_text()
        assert dealt.startswith("seat 0: ") and "seat 1: " in dealt
        teacher.click("#fwd")
        assert teacher.locator("#replay-step").inner_text().startswith("move 1 of ")
        assert teacher.locator("#replay-line").inner_text() != "line: (empty)"
        with teacher.expect_download() as csv:
            teacher.click("#csv")
        text = open(csv.value.path(), encoding="utf-8").read()
        assert text.startswith("rank,name,points,duplicate") and "ana" in text and "ben" in text
        assert not teacher.errors, teacher.errors
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / "failed-hub-teacher.png"), full_page=True)
        print(Path(log).read_text(errors="replace")[-6000:])
        raise
    finally:
        teacher_context.close()
