"""Copies and splices caught, honest play never punished: a small simulated class (the
full one is benchmarks/tournament_class.py).  A copied file breaks its seals (the naive
cheats below); the statistics of unusual choices are tested on *disguised* cheats, whose
file was given a key of its own and sealed again with Python."""

import copy

import pytest

from dominolab.players import GreedyPlayer, RandomPlayer, SearchPlayer
from dominolab.tournament import PART_BITS, WHOLE_BITS, Tournament, _hand_list, _seal

from .students import finish

HANDS = 5


@pytest.fixture(scope="module")
def t():
    return Tournament.create("standard", hands=HANDS, opponents="greedy", seed=31)


def play(t, name, player):
    return finish(t.entry(name), player).result()


@pytest.fixture(scope="module")
def honest(t):
    """8 random, 8 greedy and 4 searching students."""
    out = [play(t, f"random {n}", RandomPlayer(100 + n)) for n in range(8)]
    out += [play(t, f"greedy {n}", GreedyPlayer(200 + n)) for n in range(8)]
    out += [play(t, f"search {n}", SearchPlayer(300 + n, level="easy")) for n in range(4)]
    return out


def files(results):
    return [(r["name"] + ".json", r) for r in results]


def renamed(result, name):
    return {**copy.deepcopy(result), "name": name}


def disguised(result, key="feedfacecafebeef"):
    """A cheat re-sealed with Python under a key of its own: only the statistics can find it."""
    out = copy.deepcopy(result)
    tid = Tournament.from_dict(out["tournament"]).id
    out["entry"] = key
    out["seals"] = [_seal(key, tid, out["name"], i, hand) for i, hand in enumerate(out["hands"])]
    return out


def respelled(result, name):
    out = renamed(result, name)
    for hand in out["hands"]:
        for move in hand["moves"]:
            if move["seat"] == 0 and "play" in move:
                a, b = move["play"].split("-")
                move["play"] = f"{b}-{a}"
    return out


def test_an_honest_class_is_not_flagged_though_many_play_alike(t, honest):
    board = t.leaderboard(files(honest))
    assert board.rejected == [] and board.held == [] and board.findings == []
    assert len(board.rows) == len(honest)
    alike = [pair for pair in board.identical if pair.names[0].startswith("greedy")]
    assert alike and not any(pair.improbable for pair in alike)  # greedy students coincide: reported, not flagged
    assert "usual moves only" in board.table()


def test_a_copy_is_reported_as_a_pair_and_neither_is_dropped(t, honest):
    original = honest[0]
    assert sum(p.bits for p in t.check(original).plays) >= WHOLE_BITS
    board = t.leaderboard(files([disguised(renamed(original, "Aaron")), *honest]))
    (finding,) = board.findings
    assert finding.kind == "copy" and set(finding.names) == {"Aaron", "random 0"}
    assert f"Aaron's and random 0's hands 1-{HANDS} are identical" in finding.text
    assert {row["name"] for row in board.held} == {"Aaron", "random 0"}  # both kept for the teacher, in any order
    assert board.rejected == []
    again = t.leaderboard(files([*honest, disguised(renamed(original, "Aaron"))]))
    assert {row["name"] for row in again.held} == {"Aaron", "random 0"}  # the order of the files does not matter
    cleared = t.leaderboard(files([disguised(renamed(original, "Aaron")), *honest]), accept=["RANDOM 0"])
    assert {row["name"] for row in cleared.held} == {"Aaron"}


def test_a_copy_with_tiles_spelt_the_other_way_round_is_the_same_copy(t, honest):
    original = honest[1]
    copied = disguised(respelled(original, "Zed"))
    assert copied["hands"] != original["hands"]
    assert [p.key for p in t.check(copied).plays] == [p.key for p in t.check(original).plays]
    board = t.leaderboard(files([*honest, copied]))
    assert {row["name"] for row in board.held} == {"Zed", "random 1"}


def splice(donors, name):
    out = renamed(donors[0], name)
    out["hands"] = [copy.deepcopy(d["hands"][i]) for i, d in enumerate(donors)]
    out["points"] = sum(h["result"]["points"][0] for h in out["hands"])
    return out


def test_a_result_spliced_from_classmates_hands_is_caught_and_they_are_not(t, honest):
    checked = [t.check(r) for r in honest[:8]]  # the random students: the most unusual choices
    donors = []
    for i in range(HANDS):  # each hand from the classmate whose hand holds the most bits
        best = max((n for n in range(8) if n not in donors), key=lambda n: checked[n].plays[i].bits)
        donors.append(best)
    assert sum(checked[n].plays[i].bits for i, n in enumerate(donors)) >= PART_BITS
    board = t.leaderboard(files([*honest, disguised(splice([honest[n] for n in donors], "Mallory"))]))
    (finding,) = board.findings
    assert finding.kind == "splice" and finding.names[0] == "Mallory"
    for i, n in enumerate(donors):
        assert f"hand {i + 1} as random {n}'s" in finding.text
    assert [row["name"] for row in board.held] == ["Mallory"]  # the classmates stay ranked
    assert "Mallory" not in {row["name"] for row in board.rows}


def test_hands_of_usual_play_taken_from_classmates_are_not_called_a_splice(t, honest):
    board = t.leaderboard(files([*honest, disguised(splice(honest[8:8 + HANDS], "Gus"))]))
    assert board.held == [] and board.findings == []


def test_a_copy_of_usual_play_is_shown_but_not_called_a_copy(t, honest):
    greedy = honest[8]
    assert sum(p.bits for p in t.check(greedy).plays) == 0
    board = t.leaderboard(files([*honest, disguised(renamed(greedy, "Copycat"))]))
    assert board.held == [] and board.findings == []
    pair = next(p for p in board.identical if "Copycat" in p.names and "greedy 0" in p.names)
    assert pair.hands == tuple(range(HANDS)) and not pair.improbable
    assert "usual play: honest students often play alike" in str(pair)


@pytest.mark.parametrize("make", ["copy", "re-spelled copy", "splice", "splice of usual play"])
def test_a_copied_file_breaks_its_seals_even_where_the_play_is_usual(t, honest, make):
    cheat = {"copy": lambda: renamed(honest[8], "Copycat"),  # a greedy student's: no unusual choice at all
             "re-spelled copy": lambda: respelled(honest[9], "Copycat"),
             "splice": lambda: splice(honest[:HANDS], "Copycat"),
             "splice of usual play": lambda: splice(honest[8:8 + HANDS], "Copycat")}[make]()
    board = t.leaderboard(files([*honest, cheat]))
    assert [row["name"] for row in board.held] == ["Copycat"]  # the classmates whose hands it holds stay ranked
    assert len(board.rows) == len(honest) and board.findings[0].names[0] == "Copycat"
    assert board.findings[0].kind == ("copy" if "copy" in make else "splice")


def test_the_same_result_twice_is_ranked_once_and_a_renamed_one_is_held(t, honest):
    board = t.leaderboard([("a.json", honest[0]), ("b.json", honest[0]),
                           ("c.json", renamed(honest[1], " RANDOM   0"))])
    reasons = dict(board.rejected)
    assert reasons == {"b.json": "the same result again for random 0 (the same games as a.json, which is kept)"}
    assert [row["name"] for row in board.rows] == ["random 0"]
    assert [row["file"] for row in board.held] == ["c.json"]  # its seals do not match the name typed in


@pytest.mark.parametrize(("hands", "text"), [
    ([0], "hand 1"), ([1, 2, 3], "hands 2-4"), ([0, 2, 3, 5], "hands 1, 3-4 and 6"), ([4, 0], "hands 1 and 5")])
def test_hands_are_named_as_a_reader_says_them(hands, text):
    assert _hand_list(hands) == text


def test_the_upload_box_holds_a_copy_until_the_teacher_accepts_one(t, honest):
    import json

    pytest.importorskip("anywidget")  # not under Pyodide, where the engine's tests run without widgets
    from dominolab.widget import ResultsUpload

    box = ResultsUpload(t)
    for name, data in files([*honest[:3], disguised(renamed(honest[0], "Aaron"))]):
        box.add(name, json.dumps(data))
    assert {row["name"] for row in box.leaderboard.held} == {"Aaron", "random 0"}
    assert "Held for the teacher" in box.children[1].value
    assert "random 0&#x27;s and Aaron&#x27;s hands 1-5 are identical" in box.children[1].value
    box.accept("random 0")
    assert {row["name"] for row in box.leaderboard.held} == {"Aaron"}
    assert "random 0" in {row["name"] for row in box.leaderboard.rows}


# ---------------------------------------------------------------------- far above the class


def test_the_chance_of_a_total_adds_one_hand_from_each_pool():
    from dominolab.tournament.plausible import chance_of

    assert chance_of(20, [[0, 10], [0, 10]]) == 0.25
    assert chance_of(10, [[0, 10], [0, 10]]) == 0.75
    assert chance_of(0, [[3], [4, 5]]) == 1.0 and chance_of(99, [[3], [4, 5]]) == 0.0


def test_the_best_hand_of_every_deal_spliced_and_sealed_again_is_held_for_a_look(t, honest):
    best = [max(honest, key=lambda r, i=i: r["hands"][i]["result"]["points"][0]) for i in range(HANDS)]
    cheat = disguised(splice(best, "Best"))
    board = t.leaderboard(files([*honest, cheat]))
    assert board.rejected == []  # held, never rejected
    assert [row["name"] for row in board.held] == ["Best"]
    (finding,) = [f for f in board.findings if f.kind == "far above"]
    assert finding.names == ("Best",)
    assert f"Best's {cheat['points']} points are far above what this class and the computer scored" in finding.text
    assert "held for you to look at, not rejected" in finding.text
    assert "Best" in {row["name"] for row in t.leaderboard(files([*honest, cheat]), accept=["Best"]).rows}
    quiet = t.leaderboard(files(honest))
    assert not [f for f in quiet.findings if f.kind == "far above"] and quiet.held == []


def test_a_small_class_is_not_judged_by_its_points(t, honest):
    best = [max(honest, key=lambda r, i=i: r["hands"][i]["result"]["points"][0]) for i in range(HANDS)]
    board = t.leaderboard(files([*honest[:3], disguised(splice(best, "Best"))]))
    assert not [f for f in board.findings if f.kind == "far above"]
