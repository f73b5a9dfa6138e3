"""``random.Random``'s ``shuffle`` and ``sample``, drawing the same numbers, cheaper.

Dealing is the simulator's and the search's hot path, and ``random.shuffle`` spends most of
its time in a Python call per tile (``_randbelow``).  :func:`shuffle` and :func:`sample`
make exactly the draws CPython's methods make, in the same order (``getrandbits`` of the
bound's bit length, again while the number is too large or already taken), so a seed deals
the same hand as before and every record replays; they only inline the calls.  Only a
plain ``random.Random`` takes that path: any other generator (a subclass, which may draw
differently, or ``SystemRandom``) is asked to shuffle or sample itself.
``tests/test_shuffling.py`` checks both against ``random`` for many sizes and seeds.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["sample", "shuffle"]

T = TypeVar("T")

_RANDOM = random.Random
#: For a list of n items, what random.shuffle draws, from the top: (i, i + 1, the bit length
#: of i + 1) for i = n - 1 down to 1.  One entry per length met; emptied past _STEPS_MAX.
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_STEPS_MAX = 128


def _steps(n: int) -> tuple[tuple[int, int, int], ...]:
    steps = _STEPS.get(n)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
        if len(_STEPS) >= _STEPS_MAX:
            _STEPS.clear()
        _STEPS[n] = steps
    return steps


def shuffle(rng: random.Random, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    if rng.__class__ is not _RANDOM:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, n, bits in _steps(len(items)):
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``: the same ``k`` items, for ``k`` up to 5 (a turn-up
    for the lead) without the method's general checks; larger samples ask ``rng``."""
    n = len(population)
    if rng.__class__ is not _RANDOM or k > 5 or k > n or k < 0:  # (min() costs more than these)
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    result: list[T] = []
    if n <= 21:  # random.sample's list method: draw from a shrinking pool
        pool = list(population)
        m = n
        while k:  # (loops without range(): it costs more than a turn-up's two draws)
            bits = m.bit_length()
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            m -= 1
            pool[j] = pool[m]
            k -= 1
        return result
    bits = n.bit_length()  # its set method: draw positions until a new one comes up
    taken: list[int] = []
    while k:
        j = getrandbits(bits)
        if j < n and j not in taken:
            taken.append(j)
            result.append(population[j])
            k -= 1
    return result
