"""The play widget's Python side, driven directly: every intent, and bad ones by the batch.

No browser here (see tests/browser/ for that): ``handle_intent`` is exactly what a click sends.
Outside a kernel the table moves the opponents synchronously, so every assertion below is
about the state right after the intent.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.moves import Event
from dominolab.widget import DominoTable, IntentError, seat_names

ROOT = Path(__file__).resolve().parent.parent


def table(**kw) -> DominoTable:
    kw.setdefault("opponents", "greedy")
    kw.setdefault("seed", 11)
    return DominoTable(**kw)


def send(t: DominoTable, action: str, **fields) -> dict:
    return t.handle_intent({"action": action, "version": t.version, "id": f"test-{action}", **fields})


def frozen(t: DominoTable) -> tuple:
    """Everything an intent could change in the game (not the message)."""
    return (t.round.state_key(), t.version, tuple(t.match.scores), len(t.match.rounds), t._round_number,
            t._match_number, tuple(t._marks))


def any_legal(t: DominoTable) -> dict:
    move = t.round.legal_moves()[0]
    if isinstance(move, dl.Play):
        return {"action": "play", "tile": str(move.tile), "end": move.end}
    return {"action": str(move)}


def play_out(t: DominoTable, rng: random.Random | None = None) -> None:
    """Finish the hand with random legal intents, as a learner clicking would."""
    rng = rng or random.Random(0)
    while not t.round.is_over:
        assert t.snapshot["your_turn"]
        move = rng.choice(t.round.legal_moves())
        fields = {"tile": str(move.tile), "end": move.end} if isinstance(move, dl.Play) else {}
        action = "play" if isinstance(move, dl.Play) else str(move)
        reply = send(t, action, **fields)
        assert reply["ok"], reply


# ---------------------------------------------------------------- set-up and the snapshot
def test_the_engine_imports_without_jupyter():
    code = "import sys, dominolab; assert 'anywidget' not in sys.modules and 'ipywidgets' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_seat_names_follow_the_turn_to_the_left():
    assert seat_names(2) == ["You", "North"]
    assert seat_names(3) == ["You", "East", "West"]
    assert seat_names(4) == ["You", "East", "North", "West"]


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"rules": "nonsense"}, "preset"),
    ({"rules": 3}, "Rules object"),
    ({"players": 5}, "players"),
    ({"rules": "partnership", "players": 2}, "for 4 players"),
    ({"opponents": "wizard"}, "no opponent named"),
    ({"opponents": ["greedy", "greedy"]}, "list of 1"),
    ({"opponents": [object()]}, "choose(view)"),
    ({"seed": "x"}, "seed"),
    ({"pace": -1}, "pace"),
])
def test_bad_options_are_refused_with_a_clear_message(kwargs, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        table(**kwargs)


@pytest.mark.parametrize(("rules", "players"), [("standard", 2), ("standard", 3), ("standard", 4),
                                                ("partnership", 4), ("block", 2), ("basic", 3)])
def test_the_snapshot_is_the_human_view_and_nothing_more(rules, players):
    t = table(rules=rules, players=players)
    s = t.snapshot
    json.dumps(s)  # plain JSON
    r = t.round
    view = r.view(0)
    assert [h["tile"] for h in s["hand"]] == [str(x) for x in view.hand]
    playable = {str(m.tile) for m in view.legal if isinstance(m, dl.Play)}
    assert {h["tile"] for h in s["hand"] if h["playable"]} == playable
    assert s["can_draw"] == (dl.Draw() in view.legal) and s["can_pass"] == (dl.Pass() in view.legal)
    assert [o["count"] for o in s["opponents"]] == list(view.hand_counts[1:])
    assert s["boneyard"]["count"] == r.boneyard_count and s["boneyard"]["drawable"] == r.drawable_count
    assert [p["tile"] for p in s["line"]] == [str(p.tile) for p in r.line]
    assert s["names"] == seat_names(players)
    # No hidden tile anywhere: every tile named is in the human's hand or on the line.
    visible = {str(x) for x in view.hand} | {str(p.tile) for p in r.line}
    named = set(re.findall(r"\b\d+-\d+\b", json.dumps(s)))
    assert named <= visible
    assert all(o["tiles"] is None for o in s["opponents"])


def test_open_hands_show_the_opponents_tiles_and_hints_the_known_voids():
    t = table(players=3, open_hands=True, hints=True, seed=4)
    s = t.snapshot
    for o in s["opponents"]:
        assert [x["tile"] for x in o["tiles"]] == [str(x) for x in t.round.hands[o["seat"]]]
    play_out(t)
    voids = dl.inference.known_voids(t.round.view(0))
    assert [o["lacks"] for o in t.snapshot["opponents"]] == [sorted(voids[s]) for s in (1, 2)]
    t.open_hands = False
    t.hints = False
    assert t.snapshot["options"]["open_hands"] is False and t.snapshot["options"]["hints"] is False


def test_the_log_says_each_turn_in_words():
    events = [Event(3, "draw", None, None, (4, 6)), Event(3, "draw", None, None, (4, 6)),
              Event(3, "pass", None, None, (4, 6)), Event(0, "draw"), Event(0, "play", dl.Tile(6, 2), "right", (4, 6)),
              Event(1, "play", dl.Tile(4, 4), "left", (4, 2)), Event(2, "draw")]
    names = seat_names(4)
    assert dl.narrate(events, names) == [
        "West draws 2 and passes", "You draw 1 and play 6-2 on the right", "East plays 4-4 on the left", "North draws 1"]
    assert dl.narrate([Event(0, "play", dl.Tile(6, 6), "left", None)], names) == ["You lead 6-6"]


def test_a_stable_repr_for_notebooks():
    t = table()
    assert repr(t) == "<DominoTable standard, 2 players: you vs greedy>"
    assert "0x" not in repr(t)


# ---------------------------------------------------------------- every intent
def test_play_with_and_without_an_end():
    t = table()
    while True:  # find a turn with a tile that fits one end only, then play it without saying which
        s = t.snapshot
        single = [h for h in s["hand"] if len(h["ends"]) == 1]
        if single:
            break
        assert send(t, **any_legal(t))["ok"]
    before = len(t.round.hands[0])
    reply = send(t, "play", tile=single[0]["tile"])
    assert reply == {"ok": True, "message": ""}
    assert len(t.round.line) >= 1 and dl.Tile.parse(single[0]["tile"]) in t.round.line.tiles
    assert len(t.round.hands[0]) in (before - 1, before) or t.round.is_over


def test_a_tile_that_fits_both_ends_needs_an_end():
    for seed in range(60):
        t = table(seed=seed)
        while not t.round.is_over:
            both = [h for h in t.snapshot["hand"] if len(h["ends"]) == 2]
            if both and t.round.ends[0] != t.round.ends[1]:
                break
            send(t, **any_legal(t))
        else:
            continue
        key = frozen(t)
        reply = send(t, "play", tile=both[0]["tile"])
        assert not reply["ok"] and "fits both ends" in reply["message"]
        assert frozen(t) == key
        assert send(t, "play", tile=both[0]["tile"], end="right")["ok"]
        assert any(e.seat == 0 and e.end == "right" and str(e.tile) == both[0]["tile"] for e in t.round.history)
        return
    pytest.fail("no position with a tile for both ends")


def test_draw_and_pass():
    rules = "standard"
    for seed in range(100):
        t = table(rules=rules, seed=seed)
        while not t.round.is_over and not t.snapshot["can_draw"]:
            send(t, **any_legal(t))
        if t.round.is_over:
            continue
        bones = t.round.boneyard_count
        assert send(t, "draw")["ok"]
        assert t.round.boneyard_count < bones
        break
    t = DominoTable(dl.Rules.preset("block"), players=2, opponents="greedy", seed=1)
    while not t.round.is_over and not t.snapshot["can_pass"]:
        send(t, **any_legal(t))
    if not t.round.is_over:
        history = len(t.round.history)
        assert send(t, "pass")["ok"]
        assert len(t.round.history) > history and any(e.action == "pass" and e.seat == 0 for e in t.round.history)


def test_undo_takes_back_my_move_and_the_opponents_replies():
    t = table(players=4)
    key = t.round.state_key()
    assert send(t, **any_legal(t))["ok"]
    assert t.snapshot["can_undo"]
    assert len(t.round.history) > 1
    reply = send(t, "undo")
    assert reply["ok"] and reply["message"] == "Took back your last move."
    assert t.round.state_key()[:-1] == key[:-1] and len(t.round.history) == key[-1]
    reply = send(t, "undo")
    assert not reply["ok"] and "no move of yours" in reply["message"]


def test_hint_needs_hints_and_gives_a_move_with_a_reason():
    t = table()
    reply = send(t, "hint")
    assert not reply["ok"] and "hints=True" in reply["message"]
    t = table(hints=True)
    key = frozen(t)
    assert send(t, "hint")["ok"]
    hint = t.snapshot["hint"]
    assert hint["text"] and hint["action"] in ("play", "draw", "pass")
    assert frozen(t) == key  # a hint changes nothing
    move, reason = t.hint()
    assert t.round.is_legal(move) and reason == hint["text"]
    send(t, **any_legal(t))
    assert t.snapshot["hint"] is None


def test_next_round_and_new_match():
    t = table()
    reply = send(t, "next_round")
    assert not reply["ok"] and "still being played" in reply["message"]
    play_out(t)
    s = t.snapshot
    assert s["result"]["explanation"] == t.round.result.explain(names=seat_names(2))
    assert s["scores"][0]["points"] + s["scores"][1]["points"] == sum(t.round.result.points)
    assert not s["can_undo"]
    assert not send(t, "undo")["ok"]
    finished = t.round
    assert send(t, "next_round")["ok"]
    assert t.round is not finished and t.snapshot["round_number"] == 2 and t.match.rounds == [finished]
    assert send(t, "new_match")["ok"]
    assert t.match.rounds == [] and t.snapshot["match_number"] == 2 and t.snapshot["round_number"] == 1


def test_a_whole_match_through_intents():
    t = DominoTable("standard", players=2, opponents="strategy", seed=2, target=40)
    rng = random.Random(1)
    for _ in range(50):
        play_out(t, rng)
        if t.match.is_over:
            break
        assert send(t, "next_round")["ok"]
    assert t.match.is_over and t.snapshot["match_over"]
    assert re.match(r"(You win|North wins) the match, \d+ to \d+ \(target 40\)\.", t.snapshot["match_result"])
    reply = send(t, "next_round")
    assert not reply["ok"] and "new match" in reply["message"]


@pytest.mark.parametrize(("rules", "players"), [("standard", 3), ("standard", 4), ("partnership", 4),
                                                ("family", 3), ("dutch", 2), ("block", 4), ("arabic", 2)])
def test_complete_hands_under_other_rules(rules, players):
    t = DominoTable(rules, players=players, opponents="random", seed=9)
    play_out(t)
    s = t.snapshot
    assert s["result"] and s["result"]["title"] and s["log_total"] >= 1
    if rules == "partnership":
        assert [x["label"] for x in s["scores"]] == ["You & North", "East & West"]
        assert s["opponents"][1]["partner"]


# ---------------------------------------------------------------- bad intents
GARBAGE = [
    None, 1, "play", [], ["play", "6-4"], {},
    {"action": "fly"}, {"action": None}, {"action": 5, "version": 0},
    {"action": "play"}, {"action": "draw", "version": "0"}, {"action": "draw", "version": True},
    {"action": "draw", "version": 1.5},
    {"action": "play", "tile": None}, {"action": "play", "tile": 64}, {"action": "play", "tile": "banana"},
    {"action": "play", "tile": "99-99"}, {"action": "play", "tile": ["6", "4"]},
    {"action": "play", "tile": "6-4", "end": "middle"}, {"action": "play", "tile": "6-4", "end": 1},
    {"action": "play", "tile": "x" * 10_000},
    {"action": "next_round"}, {"action": "undo"},
]


def test_a_batch_of_garbage_intents_changes_nothing():
    t = table(players=3, seed=5)
    send(t, **any_legal(t))  # so that an undo would have something to take back
    key = frozen(t)
    snapshot_before = {k: v for k, v in t.snapshot.items() if k not in ("seq", "message", "ack")}
    v = t.version
    well_formed_but_refused = [
        {"action": "next_round", "version": v}, {"action": "hint", "version": v},
        {"action": "play", "tile": "99-99", "version": v}, {"action": "play", "tile": "banana", "version": v},
        {"action": "play", "tile": "6-4", "end": "middle", "version": v}, {"action": "play", "tile": 64, "version": v},
        {"action": "undo", "version": v - 1}, {"action": "new_match", "version": v + 1},
        {"action": "draw", "version": v, "id": {"not": "an id"}},
    ]
    for intent in GARBAGE + well_formed_but_refused:
        t._on_msg(t, intent, [])  # the path a comm message takes
        reply = t.handle_intent(intent)
        assert not reply["ok"], intent
        assert reply["message"] and len(reply["message"]) < 300, reply
        assert t.snapshot["message"] == {"kind": "error", "text": reply["message"]}
        assert frozen(t) == key, intent
    assert {k: v for k, v in t.snapshot.items() if k not in ("seq", "message", "ack")} == snapshot_before


def test_illegal_moves_say_why_in_plain_words():
    t = DominoTable("basic", players=2, opponents="greedy", seed=3)
    def can_play_mid_hand() -> bool:
        return t.round.ends is not None and any(h["playable"] for h in t.snapshot["hand"])

    while not can_play_mid_hand():
        assert not t.round.is_over
        send(t, **any_legal(t))
    key = frozen(t)
    playable = [h["tile"] for h in t.snapshot["hand"] if h["playable"]]
    unplayable = [h["tile"] for h in t.snapshot["hand"] if not h["playable"]]
    reply = send(t, "draw")
    assert reply["message"].startswith("Not allowed: you cannot draw:") and "you hold a playable tile" in reply["message"]
    reply = send(t, "pass")
    assert "you cannot pass" in reply["message"]
    if unplayable:
        reply = send(t, "play", tile=unplayable[0], end="left")
        assert "does not match the left end" in reply["message"]
    reply = send(t, "play", tile="9-9" if "9-9" not in playable else "0-0")
    assert "is not in your hand" in reply["message"]
    assert frozen(t) == key


def test_stale_and_repeated_intents_never_act_twice():
    t = table(players=4)
    intent = {**any_legal(t), "version": t.version, "id": "click-1"}
    assert t.handle_intent(intent)["ok"]
    key = frozen(t)
    again = t.handle_intent(dict(intent, id="click-2"))  # a double click, or a second view
    assert not again["ok"] and "earlier position" in again["message"]
    assert frozen(t) == key
    assert t.snapshot["ack"] == "click-2"  # the view that sent it stops waiting


def test_the_python_api_raises_for_what_the_widget_refuses():
    t = table()
    with pytest.raises(IntentError, match="not in your hand"):
        t.play("9-9", "left")
    with pytest.raises(IntentError, match="still being played"):
        t.next_round()
    with pytest.raises(ValueError):
        t.play("banana")


# ---------------------------------------------------------------- records
def test_record_and_from_record_carry_on_the_same_game():
    t = table(players=3, hints=True)
    play_out(t)
    send(t, "next_round")
    send(t, **any_legal(t))
    data = json.loads(json.dumps(t.record()))
    again = DominoTable.from_record(data)
    assert again.round.state_key() == t.round.state_key()
    assert again.match.scores == t.match.scores and again.hints
    skip = ("seq", "ack", "ai_ms", "version", "can_undo")
    assert {k: v for k, v in again.snapshot.items() if k not in skip} == {
        k: v for k, v in t.snapshot.items() if k not in skip}
    play_out(again)
    with pytest.raises(dl.RecordError):
        DominoTable.from_record({"format": "something else"})


# ---------------------------------------------------------------- slow and broken opponents
class SlowPlayer:
    """Thinks until the test lets it move."""

    name = "slow"

    def __init__(self):
        self.go = threading.Event()
        self.asked = threading.Event()
        self.inner = dl.GreedyPlayer(seed=1)

    def choose(self, view):
        self.asked.set()
        assert self.go.wait(10), "the test never let the slow player move"
        return self.inner.choose(view)


def test_a_slow_opponent_thinks_in_the_background_and_the_table_stays_responsive():
    slow = SlowPlayer()
    t = DominoTable("standard", players=2, opponents=slow, seed=3, background=True)
    assert t.wait(10)
    if not t.snapshot["your_turn"]:  # the slow player led: let it
        slow.go.set()
        assert t.wait(10)
    slow.go.clear()
    slow.asked.clear()
    before = t.round.state_key()
    assert send(t, **any_legal(t))["ok"]  # returns while North is still thinking
    assert slow.asked.wait(10)
    s = t.snapshot
    assert s["thinking"] == 1 and s["status"] == "North is thinking…" and s["opponents"][0]["thinking"]
    reply = send(t, "draw")
    assert not reply["ok"] and reply["message"] == "Wait: it is North's turn (North is thinking)."
    assert send(t, "undo")["ok"]  # an undo cancels the move North is thinking about
    assert t.round.state_key()[:-1] == before[:-1]
    slow.go.set()
    assert t.wait(10)
    assert t.round.state_key()[:-1] == before[:-1] and t.snapshot["your_turn"]
    assert send(t, **any_legal(t))["ok"]
    assert t.wait(10)
    assert t.round.is_over or t.snapshot["your_turn"]
    assert t.snapshot["thinking"] is None and t.snapshot["ai_ms"]


class BrokenPlayer:
    name = "broken"

    def __init__(self, move=None):
        self.move = move

    def choose(self, view):
        if self.move is None:
            raise RuntimeError("boom")
        return self.move


@pytest.mark.parametrize(("player", "words"), [(BrokenPlayer(), "North's player failed: RuntimeError('boom')"),
                                               (BrokenPlayer(dl.Play("0-0", "left")), "which is illegal")])
def test_a_broken_opponent_is_reported_not_obeyed(player, words):
    t = DominoTable("standard", players=2, opponents=player, seed=3)
    if t.round.turn == 0:
        send(t, **any_legal(t))
    assert t.round.turn == 1 and not t.round.is_over
    assert words in t.snapshot["message"]["text"]
    assert t.snapshot["thinking"] is None


# ---------------------------------------------------------------- the shipped front end
def test_the_static_files_ship_with_the_package():
    static = ROOT / "src" / "dominolab" / "static"
    js = (static / "widget.js").read_text()
    assert str(DominoTable._esm) == js and str(DominoTable._css) == (static / "widget.css").read_text()
    assert "export default { render }" in js and "data-lm-suppress-shortcuts" in js
    css = (static / "widget.css").read_text()
    assert "--jp-layout-color1" in css and "prefers-reduced-motion" in css


def test_the_js_test_fixtures_are_current():
    spec = importlib.util.spec_from_file_location("widget_fixtures", ROOT / "tools" / "widget_fixtures.py")
    fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    assert fixtures.OUT.read_text(encoding="utf-8") == fixtures.render(), (
        "domino_widget/test/fixtures/snapshots.json is stale: run python tools/widget_fixtures.py")
