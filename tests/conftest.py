"""Shared test settings: hypothesis profiles (``dev`` by default, ``ci`` in CI; see
:mod:`tests.budget`) and the order in which long tests start."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from .budget import PROFILE, examples

_QUIET = [HealthCheck.too_slow]
settings.register_profile("dev", max_examples=examples(200), deadline=None, suppress_health_check=_QUIET)
settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("thorough", max_examples=1000, deadline=None, suppress_health_check=_QUIET)
settings.load_profile(PROFILE)


def pytest_report_header() -> str:
    return f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=dev|ci|thorough)"


def pytest_collection_modifyitems(items: list) -> None:
    """Start the slow tests first: under a parallel runner the longest ones then overlap the
    many short ones instead of finishing last.  The order within each group is kept."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
