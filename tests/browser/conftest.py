"""Fixtures for the widget's real-browser tests: JupyterLab or Voila started on a free port with
throw-away settings, and Debian's headless Chromium driven by Playwright.

See ``shared/recipes/browser-tests.md`` for why each flag is here.  Chromium comes from the
system (``/usr/bin/chromium``; ``.ci/run`` installs it); Playwright never downloads a browser.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("DOMINOLAB_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
    # Every browser test talks to 127.0.0.1 only: resolve no other host.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
STARTUP_SECONDS = 90
#: Figures the browser tests measured (latencies), printed at the end of the pytest run.
FIGURES: list[str] = []


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _jupyter_env(tmp: Path) -> dict:
    """Throw-away Jupyter settings, with the news and update toasts turned off."""
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        path = tmp / name.lower()
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    settings = tmp / "jupyterlab_settings_dir" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # The kernel must be this environment's Python (the one with dominolab installed).
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.pop("ANYWIDGET_HMR", None)
    return env


def _notebooks(tmp: Path) -> Path:
    """A copy of notebooks/ to serve: Lab autosaves into what it opens."""
    root = tmp / "notebooks"
    shutil.copytree(ROOT / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return root


class Server:
    """A started Jupyter server process, its address and its log."""

    def __init__(self, process: subprocess.Popen, url: str, token: str, log: Path):
        self.process, self.url, self.token, self.log = process, url, token, log

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""


def _wait_until(ready, server: Server, what: str) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"{what} exited with {server.process.returncode}:\n{server.tail()}")
        try:
            if ready():
                return
        except OSError:
            pass
        time.sleep(0.2)  # polling a starting server, not synchronising the test
    server.stop()
    raise RuntimeError(f"{what} did not start in {STARTUP_SECONDS} s:\n{server.tail()}")


@pytest.fixture(scope="session")
def lab(tmp_path_factory) -> Iterator[Server]:
    """JupyterLab serving a copy of notebooks/."""
    tmp = tmp_path_factory.mktemp("lab")
    port, token = _free_port(), secrets.token_hex(16)
    log = tmp / "lab.log"
    cmd = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
        "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={_notebooks(tmp)}",
        "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=_jupyter_env(tmp))
    server = Server(process, f"http://127.0.0.1:{port}", token, log)

    def ready() -> bool:
        with urllib.request.urlopen(f"{server.url}/api/status?token={token}", timeout=2) as reply:
            return reply.status == 200

    _wait_until(ready, server, "JupyterLab")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila(tmp_path_factory) -> Iterator[Server]:
    """Voila serving notebooks/play.ipynb as an app."""
    tmp = tmp_path_factory.mktemp("voila")
    port = _free_port()
    root = _notebooks(tmp)
    # Voila reads voila.json from where it starts: the one that hides the notebook's
    # teacher cells, as when a class runs `voila notebooks/play.ipynb` from the repository.
    shutil.copy(ROOT / "voila.json", root / "voila.json")
    log = tmp / "voila.log"
    cmd = [sys.executable, "-m", "voila", str(root / "play.ipynb"), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0", "--show_tracebacks=True"]
    with log.open("wb") as out:
        process = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=_jupyter_env(tmp), cwd=root)
    server = Server(process, f"http://127.0.0.1:{port}", "", log)

    def ready() -> bool:  # Voila has no status route: a TCP connect tells
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True

    _wait_until(ready, server, "Voila")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium under Playwright (no browser download), shared by every
    browser test: one Playwright per session, since a second would start inside the first's
    event loop."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; .ci/run installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install -y --no-install-recommends chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, request):
    """A fresh page; its console errors are printed if the test fails."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    yield page
    if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
        print("\n".join(messages[-40:]))
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"failed-{request.node.name}.png"), full_page=True)
    context.close()


def _new_notebook(lab: Server, name: str) -> None:
    """An empty notebook ``name`` made through the server's contents API."""
    body = {"type": "notebook", "format": "json", "content": {
        "cells": [], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                  "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}}
    request = urllib.request.Request(f"{lab.url}/api/contents/{name}?token={lab.token}",
                                     data=json.dumps(body).encode(), method="PUT",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        assert reply.status in (200, 201)


@contextmanager
def fresh_notebook_page(browser, lab: Server, name: str, width: int, height: int) -> Iterator:
    """A page on a fresh notebook ``name`` (so its module shares no kernel with the other
    browser tests) whose kernel has imported dominolab and DominoTable; the page's errors are
    collected in ``page.errors``."""
    from .test_lab import KERNEL_IDLE, TIMEOUT, kernel  # test_lab imports this module

    _new_notebook(lab, name)
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{lab.url}/lab/tree/{name}?reset&token={lab.token}")
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)
    kernel(page, "import dominolab as dl\nfrom dominolab.widget import DominoTable\nprint('ok')")
    page.errors = errors
    try:
        yield page
    finally:
        context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        terminalreporter.section("play widget: measured in the browser")
        for line in FIGURES:
            terminalreporter.write_line(line)
