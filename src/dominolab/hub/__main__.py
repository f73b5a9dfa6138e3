"""``python -m dominolab.hub``: the classroom hub's service, as JupyterHub runs it.

JupyterHub starts it (a managed service in ``jupyterhub_config.py``, see the teachers' guide
``docs/teachers/hub.md``) with ``JUPYTERHUB_SERVICE_URL`` (where to listen),
``JUPYTERHUB_SERVICE_PREFIX`` (``/services/dominolab/``), ``JUPYTERHUB_API_TOKEN`` and the
OAuth variables in its environment.  ``--db`` (or ``DOMINOLAB_HUB_DB``) is the database URL:
``sqlite:///dominolab-hub.sqlite`` by default, ``postgresql+psycopg://user@host/db`` for
PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import signal
import sys
from typing import Optional
from urllib.parse import urlparse


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominolab.hub", description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get("DOMINOLAB_HUB_DB"),
                        help="database URL (default: $DOMINOLAB_HUB_DB or sqlite:///dominolab-hub.sqlite)")
    parser.add_argument("--url", default=os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"),
                        help="where to listen (default: $JUPYTERHUB_SERVICE_URL)")
    args = parser.parse_args(argv)
    try:
        from .app import make_app  # noqa: F401  # here only to say what is missing, before starting
        from .store import DEFAULT_URL, Store
    except ImportError as exc:
        print(f"the classroom hub needs the hub extra: pip install 'dominolab[hub]' ({exc})", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s dominolab.hub %(levelname)s %(message)s")
    store = Store(args.db or DEFAULT_URL)
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/dominolab/")
    url = urlparse(args.url)
    return asyncio.run(_serve(store, prefix, url.hostname or "127.0.0.1", url.port or 10101))


async def _serve(store: object, prefix: str, host: str, port: int) -> int:
    from tornado.httpserver import HTTPServer

    from .app import make_app
    from .store import Store

    assert isinstance(store, Store)
    server = HTTPServer(make_app(store, prefix), xheaders=True)
    # what is loaded by now (JupyterHub, SQLAlchemy, tornado, the engine) lives as long as the
    # service: kept out of the garbage collector's full passes, which then walk the games alone
    gc.freeze()
    server.listen(port, host)
    logging.info("serving %s on %s:%s, database %s (%s)", prefix, host, port, store.kind,
                 store.journal_mode() or "server")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print("dominolab.hub ready", flush=True)
    await stop.wait()
    server.stop()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
