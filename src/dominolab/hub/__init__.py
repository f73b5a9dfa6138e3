"""The classroom hub: Domino Lab as a JupyterHub service (``python -m dominolab.hub``).

On a school's JupyterHub the service referees the class's tournaments and gathers the
lessons' progress for the teacher:

* :mod:`.store`: everything kept, through SQLAlchemy and a database URL (SQLite in WAL mode
  by default, PostgreSQL by URL); each move is committed as it is made.
* :mod:`.referee`: the tournaments' games on the service.  The deals and every hidden tile
  stay there; each student is answered with only what seat 0 may see; a move made is final
  and a move sent twice is played once.
* :mod:`.app`: the tornado web service (the JSON API the kernels call with their hub token,
  and the teacher's page at ``/services/dominolab/``), signed in by the hub (HubOAuth).
* :mod:`.client`: what a student's kernel uses (standard library only): it finds the hub in
  the environment (``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_SERVICE_PREFIX``) and calls the service.

Only :mod:`.store`, :mod:`.referee`, :mod:`.app` and :mod:`.__main__` need the ``hub`` extra
(``pip install "dominolab[hub]"``); this package's ``__init__`` and :mod:`.client` need
nothing beyond the standard library, so a kernel without the extra still plays on a hub.
"""

from __future__ import annotations

#: The service's name in ``jupyterhub_config.py`` (its pages are under ``/services/dominolab/``).
SERVICE_NAME = "dominolab"
#: The hub group whose members are teachers (hub admins are teachers too).
TEACHERS_GROUP = "dominolab-teachers"
