"""How much a test tries: a little in the everyday loop, everything in CI.

The hypothesis profile is chosen by ``HYPOTHESIS_PROFILE``: ``dev`` (the default, for the fast
loop on a laptop), ``ci`` (what ``.ci/run`` sets: the numbers the suite was written with) or
``thorough``.  A test that sets its own ``max_examples`` or loops over many seeds asks
:func:`examples` for its count, so one switch scales the whole suite and CI still runs every
example it always did.
"""

from __future__ import annotations

import os

PROFILES = ("dev", "ci", "thorough")
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
if PROFILE not in PROFILES:
    raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: use one of {', '.join(PROFILES)}")

# The share of a test's full count that each profile runs.
_SHARE = {"dev": 0.2, "ci": 1.0, "thorough": 5.0}


def examples(full: int, *, least: int = 3) -> int:
    """The number of examples (or seeds) to try for a test written for ``full`` of them."""
    return max(min(least, full), round(full * _SHARE[PROFILE]))
