"""The engine's public surface: move parsing, error codes, the start of a round, strict
records, hostile input, and errors that survive a trip to a worker process."""

import copy
import dataclasses
import json
import pickle

import pytest

import dominolab as dl
from dominolab import AmbiguousMoveError, Draw, IllegalMoveError, InvalidMoveError, Pass, Play, RecordError
from dominolab.moves import ILLEGAL_CODES, move_from_text, read_move_text
from dominolab.round import StartError

from .positions import play_random, position, rules

# ---------------------------------------------------------------------- parse_move


class TestParseMove:
    def r(self):
        # ends 6 (left) and 4 (right); seat 0 holds 6-4 (fits both, differently), 4-1 (right only)
        return position(hands=["6-4 4-1 2-2", "0-0"], line="6-6 6-3 3-4", boneyard="5-5 5-0 1-1")

    @pytest.mark.parametrize(("given", "end", "expected"), [
        ("4-1", None, Play("4-1", "right")),
        ("1-4", None, Play("4-1", "right")),
        ("[4|1]", None, Play("4-1", "right")),
        ("play 6-4 left", None, Play("6-4", "left")),
        ("6-4 r", None, Play("6-4", "right")),
        ("6-4", "right", Play("6-4", "right")),
        (dl.Tile(6, 4), "left", Play("6-4", "left")),
        ((4, 1), None, Play("4-1", "right")),
        (Play("4-1", "right"), None, Play("4-1", "right")),
        ("draw", None, Draw()),
        ("  DRAW ", None, Draw()),
    ])
    def test_reads_text_tiles_and_moves(self, given, end, expected):
        assert self.r().parse_move(given, end) is expected

    def test_a_tile_that_fits_both_ends_differently_is_ambiguous(self):
        with pytest.raises(AmbiguousMoveError, match=r"6-4 fits both ends: choose the left end \(6\) or the right end \(4\)") as info:
            self.r().parse_move("6-4")
        assert info.value.moves == (Play("6-4", "left"), Play("6-4", "right"))

    def test_both_ends_alike_is_not_a_question(self):
        r = position(hands=["6-4 6-1", "0-0"], line="6-6", boneyard="5-5")
        assert r.parse_move("6-4") is Play("6-4", "left")
        lone = position(hands=["3-3", "0-0"], line="3-1 1-5 5-3", boneyard="6-6")  # ends 3 and 3
        assert lone.parse_move("3-3") is Play("3-3", "left")

    def test_the_lead_needs_no_end(self):
        r = position(hands=["6-4 6-1", "0-0"], line="")
        assert r.parse_move("6-4") is Play("6-4", "left")
        assert r.parse_move("6-4 right") is Play("6-4", "left")  # either end means the lead

    @pytest.mark.parametrize("text", ["6-x", "jump", "", "7", "6-4 up", "draw 2", "6-4-3", "x" * 10_000,
                                      "6" + " " * 20_000 + "x"])
    def test_what_is_not_a_move_is_invalid_and_quoted_briefly(self, text):
        with pytest.raises(InvalidMoveError) as info:
            self.r().parse_move(text)
        assert len(str(info.value)) < 160

    @pytest.mark.parametrize("given", [None, 42, 4.5, b"6-4", ["6-4"], object()])
    def test_other_objects_are_invalid(self, given):
        with pytest.raises(InvalidMoveError):
            self.r().parse_move(given)

    def test_a_bad_end_is_invalid(self):
        with pytest.raises(InvalidMoveError, match="an end must be 'left' or 'right'"):
            self.r().parse_move("6-4", "middle")

    @pytest.mark.parametrize(("given", "code"), [
        ("5-5", "not-in-hand"),
        ("2-2", "no-match"),
        ("4-1 left", "no-match"),
        ("pass", "pass-playable"),
    ])
    def test_illegal_moves_carry_their_code(self, given, code):
        r = self.r()
        before = r.state_key()
        with pytest.raises(IllegalMoveError) as info:
            r.parse_move(given)
        assert info.value.code == code and r.state_key() == before

    def test_go_is_a_pass(self):
        assert move_from_text("go") is Pass() and move_from_text("Pass") is Pass()
        assert read_move_text("play 6-4 l") == ("play", dl.Tile(6, 4), "left")
        assert read_move_text("Lead 6-4") == ("play", dl.Tile(6, 4), None)


# ---------------------------------------------------------------------- error codes


def _illegal(r, move, seat=None):
    with pytest.raises(IllegalMoveError) as info:
        r.play(move, seat=seat)
    return info.value


class TestIllegalMoveCodes:
    def test_every_code_arises_and_explains_itself_to_you(self):
        names = ["You", "North"]
        seen = {}
        std = position(hands=["6-1 4-2", "5-5 0-0"], line="6-6", boneyard="3-3 2-1 1-1 0-1 5-1")
        seen["not-in-hand"] = _illegal(std, Play("5-5", "left"))
        seen["no-match"] = _illegal(std, Play("4-2", "left"))
        seen["pass-playable"] = _illegal(std, Pass())
        seen["not-your-turn"] = _illegal(std, Draw(), seat=1)
        seen["not-a-move"] = _illegal(std, "6-1")
        basic = position("basic", hands=["6-1 4-2", "5-5 0-0"], line="6-6", boneyard="3-3 2-1")
        seen["draw-when-able"] = _illegal(basic, Draw())
        lead = position("basic", hands=["6-1 4-2", "5-5 0-0"], line="")
        seen["draw-before-lead"] = _illegal(lead, Draw())
        seen["pass-on-lead"] = _illegal(lead, Pass())
        floor = position(hands=["4-2", "6-5"], line="6-6", boneyard="3-3 2-1")
        seen["boneyard-floor"] = _illegal(floor, Draw())
        empty = position(hands=["4-2", "6-5"], line="6-6", boneyard="", rule_changes={"boneyard_floor": 0})
        seen["boneyard-empty"] = _illegal(empty, Draw())
        block = position("block", hands=["4-2", "6-5"], line="6-6", boneyard="3-3 1-1 0-1")
        seen["no-drawing"] = _illegal(block, Draw())
        must = position(hands=["4-2", "5-5"], line="6-6", boneyard="3-3 1-1 0-1")
        seen["pass-must-draw"] = _illegal(must, Pass())
        dutch = position("dutch", hands=["4-2", "5-5"], line="6-6", boneyard="3-3 1-1 0-1 2-2 0-0")
        dutch.play(Draw())
        dutch.play(Draw())
        seen["draw-limit"] = _illegal(dutch, Draw())
        restricted = dl.Round.deal("basic", 2, seed=1)
        wrong = next(t for t in restricted.hands[restricted.turn] if Play(t, "left") not in restricted.legal_moves())
        seen["lead-restricted"] = _illegal(restricted, Play(wrong, "left"))
        over = play_random(dl.Round.deal("standard", 2, seed=3))
        seen["hand-over"] = _illegal(over, Draw())
        assert {code: e.code for code, e in seen.items()} == {code: code for code in seen}
        assert set(seen) == set(ILLEGAL_CODES)
        for e in seen.values():
            said = e.explain(names)
            assert "seat 0" not in said and "You " not in said, said  # "you", lower case, mid-sentence
        assert seen["draw-when-able"].explain(names) == (
            "you cannot draw: you hold a playable tile (6-1) and these rules forbid drawing when able to play")
        assert seen["not-your-turn"].explain(names) == "it is your turn, not North's"
        assert seen["draw-limit"].explain(names) == "you cannot draw: you have already drawn 2, the most a turn allows"
        assert seen["pass-must-draw"].reason == ("seat 0 cannot pass: it has no playable tile but must draw "
                                                 "(1 tile may still be drawn)")

    def test_why_illegal_agrees_with_play_on_random_hands(self):
        for preset in dl.Rules.presets():
            for n in dl.Rules.preset(preset).player_counts:
                r = dl.Round.deal(preset, n, seed=11)
                while not r.is_over:
                    legal = r.legal_moves()
                    candidates = {*legal, Draw(), Pass(), *(Play(t, e) for t in dl.Rules.preset(preset).tiles[:12]
                                                            for e in ("left", "right"))}
                    for move in candidates:
                        assert (r.why_illegal(move) is None) == r.is_legal(move), (preset, move)
                    r.play(legal[0])


# ---------------------------------------------------------------------- errors cross processes


@pytest.mark.parametrize("error", [
    IllegalMoveError("no-match", Play("6-4", "left"), (1, 2), 0, tile=dl.Tile(6, 4), end="left"),
    InvalidMoveError("cannot read 'x' as a move", "x"),
    AmbiguousMoveError(dl.Tile(6, 4), (6, 4), (Play("6-4", "left"), Play("6-4", "right"))),
    dl.PlayerError(1, Play("6-4", "left"), "returned an illegal move"),
    dl.PlayerError(1, object(), "returned something odd"),
    RecordError("moves[3]", "the hand was already over"),
    StartError("hands[1]", "an empty hand"),
])
def test_errors_pickle(error):
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)


class RaisesOnThirdMove:
    def __init__(self, seed=None):
        self.moves = 0

    def choose(self, view):
        self.moves += 1
        if self.moves == 3:
            raise RuntimeError("my bug")
        return view.legal[0]


def test_a_failing_player_in_a_worker_process_is_named_by_seat():
    with pytest.raises(dl.PlayerError, match=r"player \d \(RaisesOnThirdMove\): choose\(\) raised RuntimeError\('my bug'\)"):
        dl.simulate("standard", [RaisesOnThirdMove, "greedy"], rounds=4, seed=1, workers=2, progress=False)


class MyPlayer:
    """A learner's own player: no seed argument, no reseed method."""

    def choose(self, view):
        plays = [m for m in view.legal if isinstance(m, Play)]
        return min(plays, key=lambda m: m.tile.pips) if plays else view.legal[0]


def test_simulate_takes_player_classes():
    result = dl.simulate("standard", [dl.GreedyPlayer, MyPlayer], rounds=20, seed=2, progress=False)
    assert result.hands == 20 and result.labels == ("greedy", "MyPlayer")
    again = dl.simulate("standard", [dl.GreedyPlayer, MyPlayer], rounds=20, seed=2, progress=False)
    assert again == result


def test_simulate_refuses_what_is_not_a_player():
    with pytest.raises(ValueError, match=r"seats\[1\]: a player must be"):
        dl.simulate("standard", ["greedy", 3], rounds=2, progress=False)
    with pytest.raises(ValueError, match="seats must be a list"):
        dl.simulate("standard", "greedy", rounds=2, progress=False)
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        dl.simulate("standard", ["greedy", "greedy"], rounds=2, time_limit="1", progress=False)


# ---------------------------------------------------------------------- the start of a round


@pytest.mark.parametrize("preset", dl.Rules.presets())
def test_from_start_rebuilds_any_round(preset):
    rs = dl.Rules.preset(preset)
    for n in rs.player_counts:
        r = dl.Round.deal(rs, n, seed=21)
        again = dl.Round.from_start(rs, r.start)
        assert again.state_key() == r.state_key() and again.start == r.start
        play_random(r, moves=6, seed=1)
        for move in r.moves:
            again.play(move)
        assert again.state_key() == r.state_key()


def test_a_round_from_a_view_can_be_saved_and_loaded():
    r = play_random(dl.Round.deal("standard", 3, seed=4), moves=9)
    view = r.view(r.turn)
    hidden = {s: tuple(r.hands[s]) for s in range(r.players) if s != view.seat}
    sub = dl.Round.from_view(view, hidden, r.boneyard)
    assert sub.legal_moves() == r.legal_moves() and sub.draw_counts == r.draw_counts
    data = json.loads(json.dumps(sub.to_record()))
    again = dl.Round.from_record(data)
    assert again.state_key()[:10] == sub.state_key()[:10]
    play_random(sub, seed=2)
    assert dl.Round.from_record(sub.to_record()).result == sub.result


@pytest.mark.parametrize(("change", "message"), [
    (lambda s: dataclasses.replace(s, hands=(*s.hands[:1], s.hands[0][:1] + s.hands[1][1:])), r"hands\[1\]\[0\]: .* is already in hands\[0\]\[0\]"),
    (lambda s: dataclasses.replace(s, boneyard=s.boneyard[1:]), "tiles missing from the start"),
    (lambda s: dataclasses.replace(s, redeals=-1), "redeals must be a whole number >= 0"),
    (lambda s: dataclasses.replace(s, turn=0), "a deal has no turn"),
    (lambda s: dataclasses.replace(s, kind="magic"), "kind: must be 'deal' or 'position'"),
    (lambda s: dataclasses.replace(s, hands=(list(s.hands[0]), s.hands[1])), r"hands\[0\]: must be a tuple of tiles"),
    (lambda s: dataclasses.replace(s, leader=True), "leader must be a whole number"),
])
def test_from_start_names_what_is_wrong(change, message):
    start = dl.Round.deal("standard", 2, seed=1, leader=0).start
    with pytest.raises(ValueError, match=message):
        dl.Round.from_start("standard", change(start))
    with pytest.raises(ValueError, match="start must be a Start"):
        dl.Round.from_start("standard", {"hands": []})


# ---------------------------------------------------------------------- records, strictly


def finished(seed=5, preset="standard", players=2):
    return play_random(dl.Round.deal(preset, players, seed=seed), seed=seed)


def corrupt(change, seed=5):
    data = copy.deepcopy(finished(seed).to_record())
    change(data)
    return data


@pytest.mark.parametrize(("name", "change", "match"), [
    ("rules field missing", lambda d: d["rules"].pop("draw_cost"), r"rules\.draw_cost: missing"),
    ("unknown rules field", lambda d: d["rules"].update(spinners=True), r"rules\.'spinners': unknown field"),
    ("unknown top key", lambda d: d.update(comment="hi"), r"'comment': unknown field"),
    ("unknown start key", lambda d: d["start"].update(dealer=1), r"start\.'dealer': unknown field"),
    ("start key missing", lambda d: d["start"].pop("redeals"), r"start\.redeals: missing"),
    ("unknown move key", lambda d: d["moves"][0].update(note="nice"), r"moves\[0\]\.'note': unknown field"),
    ("play without end", lambda d: d["moves"][0].pop("end"), r"moves\[0\]\.end: missing"),
    ("version true", lambda d: d.update(version=True), r"version: unknown record version True"),
    ("version 1", lambda d: d.update(version=1), r"version: unknown record version 1; this Domino Lab reads version 2"),
    ("redeals", lambda d: d["start"].update(redeals=-2), r"start\.redeals: expected a whole number >= 0"),
    ("redeals wrong", lambda d: d["start"].update(redeals=3), r"start\.redeals: 3, but these rules never throw a deal in"),
    ("seed of another deal", lambda d: d.update(seed=d["seed"] + 1), r"seed: the deal recorded is not the deal that seed"),
    ("result missing key", lambda d: d["result"].pop("team"), r"result\.team: missing"),
    ("result as text", lambda d: d["result"].update(points=[str(p) for p in d["result"]["points"]]), r"result\.points: record says"),
    ("huge tile text", lambda d: d["start"]["boneyard"].__setitem__(0, "6" + " " * 200_000 + "x"), r"start\.boneyard\[0\]: cannot read"),
    ("huge number", lambda d: d["start"].update(leader=10**5000), r"start\.leader: expected a whole number"),
])
def test_records_load_strictly(name, change, match):
    with pytest.raises(RecordError, match=match) as info:
        dl.Round.from_record(corrupt(change))
    assert len(str(info.value)) < 300


def test_a_pass_is_recorded_as_true():
    r = position(hands=["4-2 0-0", "6-5 6-1"], line="6-6", boneyard="3-3 2-1", rule_changes={"boneyard_floor": 2})
    r.play(Pass())
    data = r.to_record()
    assert data["moves"] == [{"seat": 0, "pass": True}]
    data["moves"][0]["pass"] = 1
    with pytest.raises(RecordError, match=r"moves\[0\]\.pass: expected true, got 1"):
        dl.Round.from_record(data)


def test_a_finished_hand_must_give_its_result():
    data = corrupt(lambda d: d.update(result=None))
    with pytest.raises(RecordError, match="result: the hand is over after its moves, but the record gives no result"):
        dl.Round.from_record(data)


@pytest.mark.parametrize("seed", [-1, -(2**70), 2**80, 0])
def test_any_integer_seed_round_trips(seed):
    r = finished(seed)
    data = json.loads(json.dumps(r.to_record()))
    assert dl.Round.from_record(data).state_key() == r.state_key() and data["seed"] == seed


# ---------------------------------------------------------------------- matches


def test_match_asks_for_players_not_a_count():
    with pytest.raises(ValueError, match=r"Match takes the players themselves, one per seat: Match\(rules, seats=\[\.\.\.\]\); players=2"):
        dl.Match("standard", players=2)
    with pytest.warns(DeprecationWarning):
        m = dl.Match("standard", players=[dl.GreedyPlayer(1), dl.GreedyPlayer(2)], seed=1)
    assert m.players == 2 and len(m.seats) == 2


def test_record_round_refuses_what_is_not_the_matchs_next_hand():
    m = dl.Match("standard", [dl.RandomPlayer(1), dl.RandomPlayer(2)], seed=3)
    with pytest.raises(ValueError, match="record_round takes a finished Round, got 'x'"):
        m.record_round("x")
    with pytest.raises(ValueError, match="that hand has 3 players; the match has 2"):
        m.record_round(finished(players=3))
    with pytest.raises(ValueError, match="not the match's hand 1"):
        m.record_round(finished(seed=99))
    r = m.deal_next()
    with pytest.raises(ValueError, match="only a finished hand"):
        m.record_round(r)
    play_random(r)
    m.record_round(r)
    with pytest.raises(ValueError, match="already in the match"):
        m.record_round(r)
    assert len(m.rounds) == 1


def test_a_loaded_match_plays_on_exactly_as_the_original():
    seats = lambda: [dl.StrategyPlayer(1), dl.GreedyPlayer(2)]  # noqa: E731
    original = dl.Match("standard", seats(), seed=8, target=150)
    original.play_round()
    original.play_round()
    data = json.loads(json.dumps(original.to_record()))
    loaded = dl.Match.from_record(data, seats=seats())
    original.play()
    loaded.play()
    assert loaded.scores == original.scores and loaded.to_record() == original.to_record()


def test_a_finished_match_record_loads():
    m = dl.Match("standard", [dl.RandomPlayer(1), dl.RandomPlayer(2)], seed=3, target=20).play()
    again = dl.Match.from_record(json.loads(json.dumps(m.to_record())))
    assert again.is_over and again.winner == m.winner and again.scores == m.scores


# ---------------------------------------------------------------------- odd arguments


@pytest.mark.parametrize(("call", "message"), [
    (lambda: dl.Round.from_position("standard", [["6-4"], None]), r"hands\[1\] must be a list of tiles, got None"),
    (lambda: dl.Round.from_position("standard", [["6-4"], ["7-7"]]), r"hands\[1\]: a tile's halves must be between 0 and 18|not in this set"),
    (lambda: dl.Round.deal("standard", True), "players must be a whole number"),
    (lambda: dl.Round.deal("standard", 2, seed=1.5), "seed must be a whole number"),
    (lambda: dl.Round.deal(object(), 2), "rules must be a Rules object or a preset name"),
    (lambda: dl.Round.deal("standard", 2, seed=1).play(Draw(), seat=True), "seat must be a whole number or None"),
    (lambda: dl.Round.deal("standard", 2, seed=1).view(True), "seat must be a whole number"),
    (lambda: dl.Tile.parse("6" + " " * 200_000 + "x"), r"cannot read '6 +'… as a tile"),
    (lambda: dl.Tile(10**5000, 1), "a tile's halves must be between 0 and 18"),
    (lambda: dl.Rules.preset("x" * 10_000), r"no preset named 'x+'…"),
])
def test_odd_arguments_get_a_clear_short_error(call, message):
    with pytest.raises(ValueError, match=message) as info:
        call()
    assert len(str(info.value)) < 400


def test_a_bad_move_leaves_the_round_unchanged_whatever_it_is():
    r = dl.Round.deal(rules("standard"), 2, seed=6)
    before = r.state_key()
    for bad in [None, "6-4", 42, Play("0-0", "left"), dl.Tile(6, 6), object()]:
        with pytest.raises(ValueError):
            r.play(bad)
        assert r.state_key() == before


def test_import_leaves_the_simulator_puzzles_and_tournament_for_later():
    """``import dominolab`` loads what a first lesson needs; the rest loads when first used
    (measured by benchmarks/startup.py), and is there by name all the same."""
    import subprocess
    import sys
    code = ("import sys, dominolab as dl; later = ['dominolab.simulation', 'dominolab.puzzles', "
            "'dominolab.tournament', 'dominolab.reachable', 'dominolab.widget']; "
            "print([m for m in later if m in sys.modules]); "
            "print(dl.simulate.__module__, dl.Tournament.__module__, dl.puzzles.__name__, dl.review.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]"
    assert out[1] == "dominolab.simulation dominolab.tournament dominolab.puzzles dominolab.review"


def test_importing_the_review_module_first_keeps_dl_review_the_function():
    import subprocess
    import sys
    code = "from dominolab.review import LABELS; import dominolab as dl; print(callable(dl.review))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "True\n"
