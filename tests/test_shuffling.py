"""dominolab.shuffling draws exactly what random.Random's shuffle and sample draw: the same
result and the generator left in the same state, so every seed deals the hand it dealt
before and every record replays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominolab import shuffling


@given(seed=st.integers(0, 2**64), n=st.integers(0, 100))
def test_shuffle_matches_random(seed: int, n: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(n)), list(range(n))
    shuffling.shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**64), n=st.integers(0, 100), k=st.integers(0, 8))
def test_sample_matches_random(seed: int, n: int, k: int) -> None:
    k = min(k, n)
    population = [f"t{i}" for i in range(n)]
    ours, theirs = random.Random(seed), random.Random(seed)
    assert shuffling.sample(ours, population, k) == theirs.sample(population, k)
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("n", [21, 22, 28, 55, 91])  # both of random.sample's methods, the tile sets
def test_sample_at_the_boundaries(n: int) -> None:
    for seed in range(300):
        for k in range(1, 6):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert shuffling.sample(ours, range(n), k) == theirs.sample(range(n), k)
            assert ours.getstate() == theirs.getstate()


def test_other_generators_draw_their_own_way() -> None:
    """A subclass may draw differently (here: reversed lists); it is asked itself."""

    class Backwards(random.Random):
        def shuffle(self, x):  # type: ignore[no-untyped-def, override]
            x.reverse()

        def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def, override]
            return list(population)[:k]

    items = [1, 2, 3, 4]
    shuffling.shuffle(Backwards(0), items)
    assert items == [4, 3, 2, 1]
    assert shuffling.sample(Backwards(0), range(30), 3) == [0, 1, 2]
    with pytest.raises(ValueError):
        shuffling.sample(random.Random(0), range(3), 4)  # random's own error for too large a sample


def test_steps_cache_is_bounded() -> None:
    rng = random.Random(1)
    for n in range(2, 2 + 3 * shuffling._STEPS_MAX):
        shuffling.shuffle(rng, list(range(n)))
    assert 0 < len(shuffling._STEPS) <= shuffling._STEPS_MAX
