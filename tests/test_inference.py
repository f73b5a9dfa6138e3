"""Inference: known voids, exact counting of consistent deals, probabilities, sampling."""

import itertools
import math
import random

from hypothesis import given
from hypothesis import strategies as st

import dominolab as dl
from dominolab import Draw, Pass, Play
from dominolab import inference as inf
from dominolab.inference import BONEYARD, infer, known_voids

from .checks import check_world
from .positions import play_random, position

PRESET_PLAYERS = [(name, n) for name in dl.Rules.presets() for n in dl.Rules.preset(name).player_counts]


def test_a_pass_shows_both_ends_are_lacking():
    r = position("basic", hands=["6-1 0-0", "2-2 3-0", "5-5 4-2"], line="6-4", boneyard="")
    r.play(Play("6-1", "left"))  # ends 1 | 4
    r.play(Pass())  # seat 1 holds no 1 and no 4
    voids = known_voids(r.view(2))
    assert voids == {0: {}, 1: {1: 1, 4: 1}}


def test_a_draw_shows_lacking_only_when_drawing_while_able_is_forbidden():
    for preset, expected in (("basic", {6: 0}), ("standard", {})):
        r = position(preset, hands=["1-0 2-2", "6-1 0-0"], line="6-6", boneyard="5-5 4-4 3-3 6-2 2-1",
                     rule_changes={"boneyard_floor": 0})
        for _ in range(3):
            r.play(Draw())
            assert known_voids(r.view(1))[0] == {}  # mid-turn: the next tile drawn may fit
        r.play(Draw())  # 6-2 fits ...
        assert known_voids(r.view(1))[0] == {}
        r.play(Play("6-2", "left"))  # ... and is played: the turn is over
        assert known_voids(r.view(1))[0] == expected, preset


def test_a_later_draw_cancels_what_it_could_contradict():
    # Standard rules: a pass shows 6 and 4 lacking; a later draw brings an unknown tile.
    r = position("standard", hands=["1-0 2-2 3-3", "6-1 6-3 4-4"], line="6-4", boneyard="5-5 2-1 1-1",
                 rule_changes={"boneyard_floor": 2})
    r.play(Draw())  # seat 0 draws 5-5; one tile left above the floor... now at the floor
    r.play(Pass())
    assert known_voids(r.view(1))[0] == {6: 1, 4: 1}
    r.play(Play("6-1", "left"))  # ends 1 | 4
    r.play(Play("1-0", "left"))
    assert known_voids(r.view(1))[0] == {6: 1, 4: 1}  # playing a tile keeps the voids


def test_exact_probabilities_add_up():
    r = play_random(dl.Round.deal("standard", 3, seed=4), 8, seed=1)
    view = r.view(r.turn)
    knowledge = infer(view)
    assert knowledge.method == "exact" and knowledge.deals > 0
    for tile in knowledge.unseen:
        assert math.isclose(sum(knowledge.tile_probabilities[p][tile] for p in knowledge.places), 1.0)
    for place, capacity in zip(knowledge.places, knowledge.capacity, strict=True):
        assert math.isclose(sum(knowledge.tile_probabilities[place].values()), capacity)
    for seat, odds in knowledge.suit_probabilities.items():
        assert all(0.0 <= p <= 1.0 for p in odds.values())
        for number in knowledge.voids[seat]:
            assert odds[number] == 0.0


def brute_force(knowledge):
    """Every consistent deal, enumerated directly (only for small cases)."""
    tiles = list(knowledge.unseen)
    places = knowledge.places
    deals = []

    def assign(i, caps, chosen):
        if i == len(tiles):
            deals.append(dict(chosen))
            return
        tile = tiles[i]
        for p, place in enumerate(places):
            lacking = knowledge.voids.get(place, {}) if place != BONEYARD else {}
            if caps[p] and not (tile.high in lacking or tile.low in lacking):
                caps[p] -= 1
                chosen[tile] = place
                assign(i + 1, caps, chosen)
                caps[p] += 1
                del chosen[tile]

    assign(0, list(knowledge.capacity), {})
    return deals


def test_counting_matches_brute_force_late_in_a_hand():
    checked = 0
    for seed in range(60):
        r = dl.Round.deal("basic", 3, seed=seed)
        rng = random.Random(seed)
        while not r.is_over and len(r.view(r.turn).unseen) > 9:
            moves = r.legal_moves()
            r.play(moves[rng.randrange(len(moves))])
        if r.is_over:
            continue
        knowledge = infer(r.view(r.turn))
        deals = brute_force(knowledge)
        assert knowledge.deals == len(deals)
        for place in knowledge.places:
            for tile in knowledge.unseen:
                share = sum(1 for d in deals if d[tile] == place) / len(deals)
                assert math.isclose(knowledge.tile_probabilities[place][tile], share)
        for seat, odds in knowledge.suit_probabilities.items():
            for n, p in odds.items():
                share = sum(1 for d in deals if any(t.has(n) for t, pl in d.items() if pl == seat)) / len(deals)
                assert math.isclose(p, share), (seat, n)
        checked += 1
    assert checked > 20


@given(st.sampled_from(PRESET_PLAYERS), st.integers(0, 2**32), st.integers(0, 200))
def test_inferred_voids_are_true_and_samples_fit(preset_players, seed, steps):
    """Whatever the rules, what inference concludes holds of the real hidden hands, and
    every sampled deal fits the view."""
    preset, players = preset_players
    r = dl.Round.deal(preset, players, seed=seed)
    rng = random.Random(seed)
    play_random(r, steps, seed=seed)
    for seat in range(players):
        view = r.view(seat)
        for other, lacking in known_voids(view).items():
            assert not any(t.high in lacking or t.low in lacking for t in r.hands[other]), (other, lacking)
        if r.is_over:
            continue
        knowledge = infer(view, probabilities=False)
        for _ in range(5):
            check_world(view, knowledge, knowledge.sample(rng))


def test_sampled_method_when_the_table_is_large(monkeypatch):
    monkeypatch.setattr(inf, "EXACT_STATE_LIMIT", 0)
    r = play_random(dl.Round.deal("standard", 4, seed=2), 14, seed=2)
    rng = random.Random(2)
    view = r.view(r.turn)
    knowledge = infer(view, samples=300, seed=1)
    assert knowledge.method == "sampled" and knowledge.deals is None
    for tile in knowledge.unseen:
        assert math.isclose(sum(knowledge.tile_probabilities[p][tile] for p in knowledge.places), 1.0)
    for _ in range(20):
        check_world(view, knowledge, knowledge.sample(rng))


def test_sampling_is_uniform_over_consistent_deals():
    r = position("basic", hands=["6-6 5-5", "1-0 2-0", "3-0 4-0"], line="6-4", boneyard="")
    r.play(Play("6-6", "left"))
    r.play(Pass())  # seat 1 lacks 6 and 4
    view = r.view(2)
    knowledge = infer(view)
    counts = {}
    rng = random.Random(0)
    for _ in range(3000):
        world = knowledge.sample(rng)
        key = tuple(sorted(world.hands[1]))
        counts[key] = counts.get(key, 0) + 1
    expected = 3000 / knowledge.deals
    assert len(counts) == knowledge.deals
    assert all(abs(c - expected) < 5 * math.sqrt(expected) for c in counts.values())


def test_summary_and_lacks():
    r = position("basic", hands=["6-1 0-0", "2-2 3-0", "5-5 4-2"], line="6-4", boneyard="")
    r.play(Play("6-1", "left"))
    r.play(Pass())
    knowledge = infer(r.view(2))
    assert knowledge.lacks(1) == [1, 4]
    assert knowledge.summary(names=["You", "East", "West"]).splitlines() == ["You: nothing known", "East has no 1, 4"]


def test_combinatorics_of_an_opening_view():
    r = dl.Round.deal("standard", 2, seed=9)
    knowledge = infer(r.view(0))
    assert knowledge.deals == math.comb(21, 7)
    assert all(math.isclose(p, 7 / 21) for p in knowledge.tile_probabilities[1].values())
    assert list(itertools.islice(knowledge.places, 2)) == [1, BONEYARD]
