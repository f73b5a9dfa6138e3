import dataclasses
import json

import pytest

import dominolab as dl
from dominolab.rules import _CHOICES

PRESETS = dl.Rules.presets()


def test_required_presets_exist():
    assert set(PRESETS) >= {
        "standard", "basic", "classic", "family", "puerto-rico", "dutch", "arabic", "block",
        "austrian", "partnership",
    }
    assert PRESETS[0] == "standard"


@pytest.mark.parametrize("name", PRESETS)
def test_preset_is_frozen_named_and_described_with_its_source(name):
    rules = dl.Rules.preset(name)
    assert rules.name == name
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.max_pip = 9
    text = rules.describe()
    assert f"preset {name!r}" in text
    assert "Source: rule source 00" in text
    for rid in ("R1)", "R2)", "R3)", "R4, R5)", "R6)", "R7, R8)", "R10)", "R11)", "R12)", "R13)",
                "R14)", "R15)", "R16)", "R17)"):
        assert rid in text, rid
    assert hash(rules) == hash(dl.Rules.from_dict(rules.to_dict()))
    assert rules.title in text and rules.source.startswith("rule source 00")


def test_standard_is_the_main_rules_of_source_000():
    r = dl.Rules.preset("standard")
    assert (r.max_pip, r.doubles) == (6, True)
    assert [r.hand_size(n) for n in (2, 3, 4)] == [7, 5, 5]
    assert r.draw_limit is None and r.draw_when_able and r.boneyard_floor == 2
    assert r.blocked_layout == "draw-down"
    assert r.scoring == "others-minus-own" and r.blocked_tie == "nobody"
    assert r.next_leader == "rotate-left"
    assert [r.target_for(n) for n in (2, 3, 4)] == [100, 61, 61]
    assert r == dl.Rules()  # the defaults are the standard game


def test_preset_settings_follow_the_issue():
    family = dl.Rules.preset("family")
    assert family.draw_limit == 3 and family.scoring == "differences"
    assert [family.hand_size(n) for n in (2, 3, 4, 5)] == [7, 7, 5, 5]
    classic = dl.Rules.preset("classic")
    assert classic.boneyard_floor == 0 and classic.draw_when_able and classic.first_leader == "turn-up-lowest"
    pr = dl.Rules.preset("puerto-rico")
    assert not pr.draw_when_able and pr.scoring == "others" and pr.next_leader == "winner"
    assert pr.first_leader == "highest-double" and pr.lead_tile == "highest-double"
    dutch = dl.Rules.preset("dutch")
    assert dutch.draw_limit == 2 and dutch.tile_value(dl.Tile(0, 0)) == 13 and dutch.tile_value(dl.Tile(6, 6)) == 12
    assert dl.Rules.preset("arabic").blocked_layout == "ends-hand"
    assert dl.Rules.preset("block").draw_limit == 0 and not dl.Rules.preset("block").can_draw
    austrian = dl.Rules.preset("austrian")
    assert austrian.set_size == 36 and not any(t.is_double for t in austrian.tiles)
    p = dl.Rules.preset("partnership")
    assert p.partnerships and p.player_counts == (4,) and p.hand_size(4) == 7
    assert p.first_leader == "top-double" and p.scoring == "all-pips" and p.target_for(2) == 100


def test_unknown_preset():
    with pytest.raises(ValueError, match="no preset named 'bogus'; choose one of standard"):
        dl.Rules.preset("bogus")


BAD_VALUES = [
    ("max_pip", 0), ("max_pip", 19), ("max_pip", "6"), ("doubles", 1), ("hand_sizes", {1: 7}),
    ("hand_sizes", {2: 0}), ("hand_sizes", {2: 15}), ("hand_sizes", {}), ("hand_sizes", "7"),
    ("hand_sizes", {2: 7.5}), ("partnerships", "yes"), ("first_leader", "youngest"),
    ("lead_tile", "lightest"), ("next_leader", "loser"), ("draw_limit", -1), ("draw_limit", 1.5),
    ("draw_when_able", None), ("boneyard_floor", -2), ("draw_cost", -1), ("blocked_layout", "explode"),
    ("stuck_end", "never"), ("blocked_tie", "coin"), ("scoring", "double"), ("tile_values", {"7-7": 3}),
    ("tile_values", {"0-0": -1}), ("tile_values", 13), ("team_winner", "captain"), ("target", 0),
    ("target", {1: 100}), ("target", "100"), ("redeal_doubles", 0), ("redeal_suit", 1),
    ("draw_from", "choice"),
]


@pytest.mark.parametrize(("field", "value"), BAD_VALUES)
def test_bad_values_raise_value_error_naming_the_field(field, value):
    with pytest.raises(ValueError, match=field):
        dataclasses.replace(dl.Rules.preset("standard"), **{field: value})


def test_cross_field_validation():
    with pytest.raises(ValueError, match="partnerships need 4 players"):
        dataclasses.replace(dl.Rules(), hand_sizes={2: 7}, partnerships=True)
    with pytest.raises(ValueError, match="top-double"):
        dataclasses.replace(dl.Rules.preset("austrian"), first_leader="top-double")
    with pytest.raises(ValueError, match="need 40 tiles, but the set has 28"):
        dataclasses.replace(dl.Rules(), hand_sizes={4: 10})


def test_every_catalogue_choice_is_accepted():
    for field, choices in _CHOICES.items():
        for choice in choices:
            rules = dataclasses.replace(dl.Rules(), **{field: choice})
            assert getattr(rules, field) == choice
            assert rules.describe()


def test_mappings_are_normalised_and_hashable():
    rules = dataclasses.replace(dl.Rules(), hand_sizes={3: 6, 2: 8}, target=121, tile_values={(0, 0): 13})
    assert rules.hand_sizes == ((2, 8), (3, 6))
    assert rules.player_counts == (2, 3)
    assert rules.target_for(2) == rules.target_for(4) == 121
    assert rules.tile_values == ((dl.Tile(0, 0), 13),)
    hash(rules)
    with pytest.raises(ValueError, match="not 4"):
        rules.hand_size(4)


def test_target_falls_back_to_nearest_smaller_number_of_sides():
    rules = dataclasses.replace(dl.Rules(), target={2: 100, 3: 61})
    assert rules.target_for(4) == 61


def test_replace_keeps_validation_and_describe_names_the_change():
    rules = dataclasses.replace(dl.Rules.preset("standard"), boneyard_floor=0)
    assert rules.boneyard_floor == 0
    assert rules != dl.Rules.preset("standard")
    assert "Changed from the preset: boneyard_floor=0." in rules.describe()
    assert "every tile may be drawn" in rules.describe()
    assert rules.changes_from(dl.Rules.preset("standard")) == {"boneyard_floor": (2, 0)}


@pytest.mark.parametrize("name", PRESETS)
def test_dict_round_trip_through_json(name):
    rules = dl.Rules.preset(name)
    again = dl.Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules and again.name == name


def test_from_dict_rejects_unknown_fields():
    data = dl.Rules().to_dict()
    data["spinners"] = True
    with pytest.raises(ValueError, match="unknown rules field"):
        dl.Rules.from_dict(data)
    with pytest.raises(ValueError, match="mapping"):
        dl.Rules.from_dict(["standard"])


def test_describe_mentions_the_settings_it_describes():
    text = dataclasses.replace(dl.Rules.preset("standard"), draw_cost=1, redeal_doubles=4, redeal_suit=5,
                               draw_from="row-end", partnerships=True).describe()
    assert "costs its drawer one point" in text
    assert "four or more doubles" in text and "five or more tiles of one number" in text
    assert "one end of a row" in text
    assert "two partnerships" in text
    assert "Changed from the preset: partnerships=True" in text
    assert dl.Rules(name="mine").describe().startswith("Custom rules ('mine')")
