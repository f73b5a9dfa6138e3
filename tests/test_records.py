"""Game records: plain JSON that replays and validates; bad records name the first bad entry."""

import copy
import json

import pytest

import dominolab as dl
from dominolab import RecordError

from .positions import play_random, position


def finished(preset="standard", players=2, seed=5):
    return play_random(dl.Round.deal(preset, players, seed=seed), seed=seed)


PRESET_PLAYERS = [(name, n) for name in dl.Rules.presets() for n in dl.Rules.preset(name).player_counts]


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS)
def test_round_trip_through_json(preset, players):
    r = finished(preset, players)
    data = json.loads(json.dumps(r.to_record()))
    again = dl.Round.from_record(data)
    assert again.state_key() == r.state_key()
    assert again.history == r.history and again.result == r.result and again.seed == r.seed
    assert again.to_record() == data


def test_unfinished_round_round_trips():
    r = dl.Round.deal("standard", 3, seed=2)
    r.play(r.legal_moves()[0])
    data = r.to_record()
    assert data["result"] is None
    again = dl.Round.from_record(data)
    assert again.state_key() == r.state_key() and again.legal_moves() == r.legal_moves()


def test_position_round_trips_with_set_aside_tiles():
    r = position(hands=["1-0 6-2", "2-2"], line="6-6 6-4", boneyard="5-5 5-0 3-3")
    r.play(dl.Play("6-2", "left"))
    data = json.loads(json.dumps(r.to_record()))
    assert data["start"]["kind"] == "position" and len(data["start"]["set_aside"]) == 28 - 8
    again = dl.Round.from_record(data)
    assert again.state_key() == r.state_key() and again.set_aside == r.set_aside


def test_record_is_plain_data():
    data = finished().to_record()
    assert data["format"] == "dominolab-round" and data["version"] == 2
    assert json.loads(json.dumps(data)) == data


def corrupt(change):
    data = copy.deepcopy(finished("standard", 2, seed=5).to_record())
    change(data)
    return data


def first_index(data, action):
    return next(i for i, m in enumerate(data["moves"]) if action in m)


CORRUPTIONS = [
    ("version", lambda d: d.update(version=99), r"version: unknown record version 99"),
    ("format", lambda d: d.update(format="chess"), r"format: expected 'dominolab-round'"),
    ("duplicate", lambda d: d["start"]["hands"][1].__setitem__(0, d["start"]["hands"][0][0]),
     r"start\.hands\[1\]\[0\]: .* is already in hands\[0\]\[0\]"),
    ("bad tile", lambda d: d["start"]["boneyard"].__setitem__(3, "7-7"), r"start\.boneyard\[3\]: 7-7 is not in this set"),
    ("garbage tile", lambda d: d["start"]["boneyard"].__setitem__(3, 17), r"start\.boneyard\[3\]: expected a tile"),
    ("short hand", lambda d: d["start"]["boneyard"].append(d["start"]["hands"][0].pop()),
     r"start\.hands\[0\]: 6 tiles, but these rules deal 7"),
    ("impossible move", lambda d: d["moves"][first_index(d, "play")].update(play="0-0" if
     d["moves"][first_index(d, "play")]["play"] != "0-0" else "1-1"), r"moves\[\d+\]: .*(not in seat|must lead)"),
    ("wrong seat", lambda d: d["moves"][2].update(seat=1 - d["moves"][2]["seat"]), r"moves\[2\]: seat \d moved, but it was seat \d's turn"),
    ("wrong draw", lambda d: d["moves"][first_index(d, "draw")].update(draw="6-6"),
     r"moves\[\d+\]\.draw: record says seat \d drew 6-6, but the boneyard gives"),
    ("two actions", lambda d: d["moves"][0].update({"pass": True}), r"moves\[0\]: expected exactly one of"),
    ("points", lambda d: d["result"].update(points=[d["result"]["points"][0] + 1, d["result"]["points"][1]]),
     r"result\.points: record says \[\d+, \d+\], replay gives"),
    ("winner", lambda d: d["result"].update(winner=7), r"result\.winner: record says 7"),
    ("extra move", lambda d: d["moves"].append({"seat": 0, "pass": True}), r"moves\[\d+\]: the hand was already over"),
    ("missing moves", lambda d: d.update(moves=d["moves"][:3]), r"result: the record gives a result, but .* not over"),
    ("rules", lambda d: d["rules"].update(scoring="lots"), r"rules: scoring must be one of"),
    ("players", lambda d: d.update(players=9), r"players: .*not 9"),
    ("no moves", lambda d: d.pop("moves"), r"moves: missing"),
    ("moves not list", lambda d: d.update(moves="all of them"), r"moves: expected a list"),
    ("seed", lambda d: d.update(seed="x"), r"seed: expected a whole number"),
    ("kind", lambda d: d["start"].update(kind="magic"), r"start\.kind: expected 'deal' or 'position'"),
    ("turned up", lambda d: d["start"]["turned_up"][-1].reverse() or d["start"]["turned_up"][-1].__setitem__(
        0, [d["start"]["turned_up"][-1][0][0], "0-0"]), r"start: "),
]


@pytest.mark.parametrize(("name", "change", "match"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_records_name_the_first_bad_entry(name, change, match):
    with pytest.raises(RecordError, match=match):
        dl.Round.from_record(corrupt(change))


def test_not_a_record():
    with pytest.raises(RecordError, match="JSON object"):
        dl.Round.from_record("standard")
    with pytest.raises(RecordError, match="format"):
        dl.Round.from_record({})


def test_redeal_rules_are_checked_on_load():
    import dataclasses

    r = dl.Round.deal("standard", 2, seed=1)
    data = r.to_record()
    doubles = sum(dl.Tile.parse(t).is_double for t in data["start"]["hands"][0])
    strict = dataclasses.replace(r.rules, redeal_doubles=max(1, doubles))
    data["rules"] = strict.to_dict()
    with pytest.raises(RecordError, match="should have been thrown in"):
        dl.Round.from_record(data)


def test_record_error_is_a_value_error_with_a_path():
    with pytest.raises(ValueError) as info:
        dl.Round.from_record(corrupt(lambda d: d.update(version=3)))
    assert info.value.path == "version"
