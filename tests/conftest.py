"""Shared test settings: hypothesis profiles (``dev`` by default, ``ci`` in CI; see
:mod:`tests.budget`) and the order in which long tests start."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from .budget import PROFILE, examples

_QUIET = [HealthCheck.too_slow]
settings.register_profile("dev", max_examples=examples(200), deadline=None, suppress_health_check=_QUIET)
settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("thorough", max_examples=1000, deadline=None, suppress_health_check=_QUIET)
settings.load_profile(PROFILE)


def pytest_report_header() -> str:
    return f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=dev|ci|thorough)"


#: The files whose tests took longest in CI (the durations .ci/run prints; the last log:
#: Pyodide 143 s, Binder 98 s, the tournament notebook 51 s, the JupyterLite site about 90 s
#: with its build, the tournament 41 s, the solver against brute force 43 s, the hub 30 s),
#: longest first.  Started first, they overlap the many short files instead of one of them
#: keeping a worker busy after the other has finished.  (pytest-xdist gives the first file to
#: one worker, the second to the other and the third to the first again: the JupyterLite
#: build, which fills lite/.cache as the Pyodide test does, then follows that test.)
LONGEST_FIRST = (
    "tests/test_pyodide.py",
    "tests/test_binder.py",
    "tests/browser/test_lite.py",
    "tests/browser/test_tournament_notebook.py",
    "tests/test_search.py",
    "tests/browser/test_tournament.py",
    "tests/browser/test_hub.py",
)


def start_order(item: pytest.Item) -> int:
    """0-6 for the files of LONGEST_FIRST, 7 for other slow or browser tests, 8 for the rest."""
    path = item.nodeid.split("::", 1)[0]
    if path in LONGEST_FIRST:
        return LONGEST_FIRST.index(path)
    if item.get_closest_marker("slow") or item.get_closest_marker("browser"):
        return len(LONGEST_FIRST)
    return len(LONGEST_FIRST) + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the long tests first: the files known to be longest, then the other slow and
    browser tests, then the rest, each group in its collected order.  Under
    ``-n 2 --dist loadfile --no-loadscope-reorder`` (.ci/run) a worker takes each file whole,
    in the order its first test comes here (pytest-xdist's default instead reorders the files
    by their number of tests, which would start a file of one long test last)."""
    items.sort(key=start_order)
