"""The player ladder: legal, deterministic, and the search never peeks at hidden tiles."""

import random
import sys
import time

import pytest

import dominolab as dl
from dominolab import Draw, Pass, Play, PlayerError
from dominolab.inference import infer
from dominolab.players import OPPONENTS, create, hint

from .checks import check_world
from .positions import play_random, position, rest_of_set

KINDS = ["random", "greedy", "strategy", "search"]
PRESET_PLAYERS = [(name, n) for name in dl.Rules.presets() for n in dl.Rules.preset(name).player_counts]


def play_with(kinds, preset="standard", seed=1, **options):
    rules = dl.Rules.preset(preset)
    options = {"level": "easy", **options}
    players = [create(k, seed=seed + i, **(options if k == "search" else {})) for i, k in enumerate(kinds)]
    r = dl.Round.deal(rules, len(kinds), seed=seed)
    choices = []
    while not r.is_over:
        move = dl.playout.ask(players[r.turn], r, r.turn)
        assert r.is_legal(move), move
        choices.append(move)
        r.play(move)
    return r, choices


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS)
def test_every_player_plays_legal_moves_under_every_preset(preset, players):
    kinds = (KINDS * 2)[:players]
    r, _ = play_with(kinds, preset, seed=3, worlds=4)
    assert r.result is not None


@pytest.mark.parametrize("kind", KINDS)
def test_players_are_deterministic_for_a_seed(kind):
    _, a = play_with([kind, kind], seed=5, worlds=6)
    _, b = play_with([kind, kind], seed=5, worlds=6)
    assert a == b


def test_create_knows_the_ladder():
    assert list(OPPONENTS) == KINDS
    assert isinstance(create("search", level="hard"), dl.SearchPlayer)
    with pytest.raises(ValueError, match="no player named 'genius'; choose one of random"):
        create("genius")
    with pytest.raises(ValueError, match="level must be one of easy, medium, hard"):
        create("search", level="godlike")


def test_greedy_sheds_the_heaviest_tile():
    r = position(hands=["6-5 6-1 4-4", "0-0"], line="6-4")
    assert dl.GreedyPlayer(1).choose(r.view(0)).tile == dl.Tile(6, 5)
    dutch = position("dutch", hands=["0-0 6-1", "2-2"], line="6-0")
    assert dl.GreedyPlayer(1).choose(dutch.view(0)).tile == dl.Tile(0, 0)  # 0-0 counts 13 here


def test_players_draw_or_pass_only_when_they_must():
    r = position(hands=["6-1 2-2", "0-0"], line="6-6", boneyard="5-5 5-0 3-3")
    assert Draw() in r.legal_moves()  # standard rules allow drawing when able ...
    for kind in ("random", "greedy", "strategy"):
        assert create(kind, seed=1).choose(r.view(0)).__class__ is Play  # ... these players do not
    stuck = position(hands=["1-0", "6-3"], line="6-6", boneyard="5-5 5-0")
    for kind in KINDS:
        assert create(kind, seed=1).choose(stuck.view(0)) == Pass()
    must_draw = position(hands=["1-0", "6-3"], line="6-6", boneyard="5-5 5-0 2-2")
    for kind in KINDS:
        assert create(kind, seed=1).choose(must_draw.view(0)) == Draw()


class TestStrategy:
    def test_leads_its_strongest_suit_with_the_double(self):
        r = position(hands=["5-5 5-3 5-1 5-0 6-2 4-3 2-1", "0-0"], line="")
        assert dl.StrategyPlayer(1).choose(r.view(0)) == Play("5-5", "left")

    def test_components_can_be_switched_off(self):
        r = position(hands=["5-5 5-3 5-1 5-0 6-2 4-3 2-1", "0-0"], line="")
        plain = dl.StrategyPlayer(1, disable=list(dl.StrategyPlayer.COMPONENTS))
        assert plain.scores(r.view(0)) == {m: {} for m in r.legal_moves()}
        heavy_only = dl.StrategyPlayer(1, disable=[c for c in dl.StrategyPlayer.COMPONENTS if c != "shed_heavy"])
        assert heavy_only.choose(r.view(0)).tile == dl.Tile(5, 5)
        assert "disable" in repr(plain)
        with pytest.raises(ValueError, match="unknown strategy component"):
            dl.StrategyPlayer(disable=["luck"])

    def test_keeps_suits_it_controls_on_the_ends(self):
        # Ends 6 | 1.  Playing 6-3 leaves 3, of which it holds two more; 1-0 leaves a 0.
        r = position(hands=["6-3 1-0 3-3 3-2", "4-4"], line="6-6 6-1", rule_changes={"draw_when_able": False})
        scores = dl.StrategyPlayer(1).scores(r.view(0))
        assert scores[Play("6-3", "left")]["suit_control"] > scores[Play("1-0", "right")]["suit_control"]

    def test_blocks_when_ahead_not_when_behind(self):
        line = "4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6"
        ahead = position(hands=["6-4 1-1", "6-6 5-5 3-3"], line=line,
                         boneyard=rest_of_set(line, "6-4 1-1 6-6 5-5 3-3"))
        assert dl.StrategyPlayer(1).scores(ahead.view(0))[Play("6-4", "right")]["blocking"] == 1.0
        behind = position(hands=["6-4 6-6 5-5 6-0", "1-1"], line=line,
                          boneyard=rest_of_set(line, "6-4 6-6 5-5 6-0 1-1"))
        assert dl.StrategyPlayer(1).scores(behind.view(0))[Play("6-4", "right")]["blocking"] == -1.0
        assert dl.StrategyPlayer(1).choose(behind.view(0)) != Play("6-4", "right")

    def test_plays_to_the_partners_suit(self):
        r = position("partnership", hands=["5-1 3-0 6-6", "0-0 3-3", "5-5 2-2", "5-3 4-4"], line="", turn=2)
        r.play(Play("5-5", "left"))  # seat 2, seat 0's partner, leads fives
        r.play(Play("5-3", "left"))  # ends 3 | 5
        view = r.view(0)
        assert view.partner == 2
        scores = dl.StrategyPlayer(1).scores(view)
        assert scores[Play("3-0", "left")]["partner_suit"] == 1.0  # keeps the 5 open
        assert scores[Play("5-1", "right")]["partner_suit"] == -1.0  # would cover it
        only_partner = dl.StrategyPlayer(1, disable=[c for c in dl.StrategyPlayer.COMPONENTS if c != "partner_suit"])
        assert only_partner.choose(view) == Play("3-0", "left")


class TestSearch:
    def test_never_peeks(self):
        """Two rounds that differ only in hidden tiles give the same view, so the same
        sampled deals and the same choice."""
        line = "6-6 6-4"
        mine = "6-5 6-1 4-4 2-0"
        hidden = rest_of_set(line, mine).split()
        rng = random.Random(4)
        rng.shuffle(hidden)
        other_a, stock_a = hidden[:6], hidden[6:]
        rng.shuffle(hidden)
        other_b, stock_b = hidden[:6], hidden[6:]
        assert sorted(other_a) != sorted(other_b)
        a = position(hands=[mine, " ".join(other_a)], line=line, boneyard=" ".join(stock_a))
        b = position(hands=[mine, " ".join(other_b)], line=line, boneyard=" ".join(stock_b))
        assert a.view(0) == b.view(0) and a.hands != b.hands
        pa, pb = dl.SearchPlayer(7, worlds=20), dl.SearchPlayer(7, worlds=20)
        assert pa.choose(a.view(0)) == pb.choose(b.view(0))
        assert pa.last_worlds == pb.last_worlds and pa.last_values == pb.last_values
        # The search tree too: the same view, the same tree, the same figures.
        ta, tb = TreeAtEasy(7, level="easy"), TreeAtEasy(7, level="easy")
        assert ta.choose(a.view(0)) == tb.choose(b.view(0))
        assert ta.last_evaluation.tree and ta.last_evaluation == tb.last_evaluation

    def test_sampled_worlds_fit_the_view(self):
        r = play_random(dl.Round.deal("basic", 3, seed=12), 10, seed=12)
        view = r.view(r.turn)
        player = dl.SearchPlayer(1, worlds=30)
        player.evaluate(view)
        knowledge = infer(view, probabilities=False)
        assert len(player.last_worlds) == 30
        for world in player.last_worlds:
            check_world(view, knowledge, world)

    def test_time_limit_stops_sampling_early(self):
        r = dl.Round.deal("standard", 2, seed=3)
        r.play(r.legal_moves()[0])
        player = dl.SearchPlayer(1, worlds=10_000, time_limit=0.05)
        start = time.perf_counter()
        player.choose(r.view(r.turn))
        assert len(player.last_worlds) < 10_000 and time.perf_counter() - start < 5

    def test_bad_options(self):
        with pytest.raises(ValueError, match="worlds must be a whole number >= 1, got 0"):
            dl.SearchPlayer(worlds=0)
        with pytest.raises(ValueError, match="time_limit must be a positive number, got -1"):
            dl.SearchPlayer(time_limit=-1)
        with pytest.raises(ValueError, match="time_limit must be a positive number, got '1'"):
            dl.SearchPlayer(time_limit="1")
        with pytest.raises(ValueError, match="level must be one of easy, medium, hard, expert, got 3"):
            dl.SearchPlayer(level=3)
        with pytest.raises(ValueError, match="seed must be a whole number"):
            dl.SearchPlayer(seed="x")
        with pytest.raises(ValueError, match=r"scores\[1\] must be a whole number >= 0"):
            dl.SearchPlayer(match=([10, -5], 100))
        with pytest.raises(ValueError, match="target must be a whole number >= 1"):
            dl.SearchPlayer(match=([10, 5], 0))

    def test_levels_are_budgets_of_work(self):
        r = play_random(dl.Round.deal("standard", 2, seed=2), 3, seed=2)
        view = r.view(r.turn)
        work = []
        for level in dl.SearchPlayer.LEVELS:
            player = dl.SearchPlayer(1, level=level)
            assert player.budget == dl.SearchPlayer.LEVELS[level]
            if level != "expert":
                work.append(player.analyse(view).work)
        assert work == sorted(work) and work[0] >= dl.SearchPlayer.LEVELS["easy"]

    def test_match_scores_change_what_it_values(self):
        r = play_random(dl.Round.deal("standard", 2, seed=2), 3, seed=2)
        view = r.view(r.turn)
        player = dl.SearchPlayer(1, level="easy", match=([95, 20], 100))
        evaluation = player.analyse(view)
        assert evaluation.objective == "match"
        for item in evaluation.moves:
            assert -0.5 <= item.value <= 0.5
        with pytest.raises(ValueError, match="the match scores give 3 sides; this hand has 2"):
            dl.SearchPlayer(1, match=([1, 2, 3], 100)).analyse(view)


class TreeAtEasy(dl.SearchPlayer):
    """The expert's search tree at the easy level's budget, so that whole hands are quick."""

    TREE_LEVELS = frozenset({"easy"})


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS)
def test_a_search_tree_plays_legal_moves_under_every_preset(preset, players):
    r = dl.Round.deal(preset, players, seed=6)
    seats = [TreeAtEasy(6 + s, level="easy") for s in range(players)]
    searched = 0
    while not r.is_over:
        move = seats[r.turn].choose(r.view(r.turn))
        assert r.is_legal(move), move
        evaluation = seats[r.turn].last_evaluation
        if evaluation is not None:
            # A tree, or near the end the decision solved over every consistent deal.
            exact = evaluation.exact == evaluation.deals and all(m.margin == 0 for m in evaluation.moves)
            assert (evaluation.tree or exact) and evaluation.best == move
            searched += evaluation.tree
        r.play(move)
    assert searched > 0


class TestTree:
    """Hard and expert choose by a search tree; the figures learners read compare every move over
    the same deals, whatever the level."""

    def view(self):
        r = play_random(dl.Round.deal("standard", 2, seed=2), 3, seed=2)
        return r.view(r.turn)

    def test_hard_and_expert_search_a_tree(self):
        assert dl.SearchPlayer.TREE_LEVELS == {"hard", "expert"}
        player = dl.SearchPlayer(1, level="expert", time_limit=0.05)
        move = player.choose(self.view())
        assert player.last_evaluation.tree and player.last_evaluation.best == move
        assert dl.SearchPlayer(1, level="hard", time_limit=0.05).analyse(self.view()).tree
        assert not dl.SearchPlayer(1, level="medium", time_limit=0.05).analyse(self.view()).tree

    def test_a_hint_at_expert_sets_every_move_over_the_same_deals(self):
        advice = dl.players.advise(self.view(), player=dl.SearchPlayer(1, level="expert", time_limit=0.05))
        assert not advice.evaluation.tree
        assert {m.deals for m in advice.evaluation.moves} == {advice.evaluation.deals}

    def test_analyse_can_ask_for_either_search(self):
        view = self.view()
        assert dl.SearchPlayer(1, level="easy").analyse(view, tree=True).tree
        assert not dl.SearchPlayer(1, level="expert", time_limit=0.05).analyse(view, tree=False).tree


def test_omniscient_needs_the_round_and_gets_it_from_a_match():
    r = position(hands=["6-1 6-2 0-0", "3-3"], line="6-6")
    with pytest.raises(ValueError, match="needs the true round"):
        dl.OmniscientPlayer(1, rollouts=4).choose(r.view(0))
    assert r.is_legal(dl.OmniscientPlayer(1, rollouts=4).choose(r.view(0), round=r.copy()))
    m = dl.Match("standard", [dl.OmniscientPlayer(1, rollouts=4), dl.GreedyPlayer(2)], seed=1, target=20).play()
    assert m.is_over


class TestHint:
    def test_hint_gives_a_legal_move_and_a_reason(self):
        r = dl.Round.deal("standard", 2, seed=8)
        rng = random.Random(8)
        for _ in range(12):
            if r.is_over:
                break
            view = r.view(r.turn)
            move, reason = hint(view, level="easy")
            assert r.is_legal(move)
            assert reason.endswith(".") and len(reason.split()) >= 5 and "\n" not in reason
            moves = r.legal_moves()
            r.play(moves[rng.randrange(len(moves))])

    def test_a_hint_is_the_search_players_move(self):
        r = play_random(dl.Round.deal("standard", 2, seed=5), 4, seed=5)
        view = r.view(r.turn)
        assert hint(view, level="easy", seed=3)[0] == dl.SearchPlayer(3, level="easy").choose(view)


class Slow:
    def choose(self, view):
        time.sleep(0.05)  # the behaviour under test, not synchronisation
        return view.legal[0]


def test_a_slow_player_is_reported_by_seat():
    m = dl.Match("standard", [Slow(), Slow()], seed=1, time_limit=0.01)
    # Where threads cannot start (Pyodide) the limit is checked when the player returns.
    expected = (r"took 0\.\d\d s to choose Play\(.*\); the limit is 0\.01 s" if sys.platform == "emscripten"
                else r"did not answer within the time limit of 0\.01 s")
    with pytest.raises(PlayerError, match=r"seat \d failed: " + expected):
        m.play_round()
    assert m.rounds == []


class Hangs:
    """A player that never answers (until the test lets it go)."""

    def __init__(self):
        import threading

        self.release = threading.Event()

    def choose(self, view):
        self.release.wait()  # the behaviour under test: a hung player
        return view.legal[0]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no threads in Pyodide: the limit is checked on return")
def test_a_hanging_player_fails_at_its_time_limit_instead_of_hanging_the_match():
    hung = Hangs()
    m = dl.Match("standard", [hung, hung], seed=1, time_limit=0.2)
    try:
        with pytest.raises(PlayerError, match=r"did not answer within the time limit of 0\.2 s"):
            m.play_round()
    finally:
        hung.release.set()
    assert m.rounds == [] and m.scores == [0, 0]


def test_a_match_tells_the_search_player_the_score():
    searcher = dl.SearchPlayer(1, level="easy")
    m = dl.Match("standard", [searcher, dl.GreedyPlayer(2)], seed=4, target=500)
    m.deal_next()
    assert searcher.match == ((0, 0), 500)
    m.play_round()
    assert searcher.match == ((0, 0), 500) and sum(m.scores) > 0
    m.deal_next()
    assert searcher.match == (tuple(m.scores), 500)
