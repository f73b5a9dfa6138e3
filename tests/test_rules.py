import dataclasses
import json
import os
import re
from pathlib import Path

import pytest

import dominolab as dl
from dominolab.rules import _CHOICES, SOURCES

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
    # The source is cited by its title (shared/rules/README.md).
    assert any(text.split("\n")[1].count(title) for title in SOURCES.values())
    for rid in ("R1)", "R2)", "R3)", "R4, R5)", "R6)", "R7, R8)", "R10)", "R11)", "R12)", "R13)",
                "R14)", "R15)", "R16)", "R17)"):
        assert rid in text, rid
    assert hash(rules) == hash(dl.Rules.from_dict(rules.to_dict()))
    assert rules.title in text and f"Source: {rules.source}" in text


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
    assert not pr.draw_when_able and pr.scoring == "all-pips" and pr.next_leader == "winner"
    assert pr.first_leader == "highest-double" and pr.lead_tile == "highest-double"
    dutch = dl.Rules.preset("dutch")
    assert dutch.draw_limit == 2 and dutch.tile_value(dl.Tile(0, 0)) == 13 and dutch.tile_value(dl.Tile(6, 6)) == 12
    assert dl.Rules.preset("arabic").blocked_layout == "ends-hand"
    assert dl.Rules.preset("block").draw_limit == 0 and not dl.Rules.preset("block").can_draw
    austrian = dl.Rules.preset("austrian")
    assert austrian.set_size == 36 and not any(t.is_double for t in austrian.tiles)
    p = dl.Rules.preset("partnership")
    assert p.partnerships and p.player_counts == (4,) and p.hand_size(4) == 7
    assert p.first_leader == "turn-up-highest" and p.lead_tile == "any" and p.target_for(2) == 100
    assert (p.team_winner, p.scoring) == ("went-out", "others")


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
            rules = dataclasses.replace(dl.Rules(partnerships=field == "team_winner"), **{field: choice,
                                        **({"scoring": "others"} if choice == "went-out" else {})})
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


# describe(): every sentence true for the rules it describes ------------------------------------
def sentences(rules: dl.Rules) -> dict[str, str]:
    """describe()'s sentences about the fields, by their label ("Drawing", "Boneyard"...)."""
    text = rules.describe().split("\n\n")[1]
    return {line[2:].split(" (R")[0]: line[2:] for line in text.splitlines()}


def replace(preset="standard", **changes):
    return dataclasses.replace(dl.Rules.preset(preset), **changes)


def test_describe_when_every_tile_is_dealt():
    s = sentences(replace("partnership", draw_limit=None, draw_when_able=True, boneyard_floor=2))
    assert s["Hands"] == "Hands (R3): 4 players take 7; every tile is dealt, so there is no boneyard."
    assert s["Drawing"] == ("Drawing (R7, R8): allowed, but nothing is left to draw (every tile is dealt), "
                            "so a player who cannot play passes.")
    assert "Boneyard" not in s
    assert s["Blocked layout"].endswith("nobody can play or draw, so the hand ends and is scored.")
    assert "stay" not in " ".join(s.values())


def test_describe_when_only_the_tiles_that_stay_are_left():
    s = sentences(replace(hand_sizes={2: 13}))
    assert s["Drawing"] == ("Drawing (R7, R8): allowed, but nothing is left to draw (the tiles left after the "
                            "deal are among the last two, which must stay), so a player who cannot play passes.")
    assert s["Blocked layout"].endswith("nobody can play or draw, so the hand ends and is scored.")


def test_describe_when_some_player_counts_leave_nothing_to_draw():
    s = sentences(replace(hand_sizes={2: 7, 4: 7}))
    assert s["Hands"] == ("Hands (R3): 2 or 4 players take 7; the rest form the boneyard "
                          "(with 4 players every tile is dealt).")
    assert "With 4 players nothing is left to draw after the deal." in s["Boneyard"]


def test_block_game_sets_its_leftover_tiles_aside():
    s = sentences(dl.Rules.preset("block"))
    assert s["Hands"] == ("Hands (R3): 2 players take 7; 3 or 4 players take 5; the rest are set aside, "
                          "out of play (there is no drawing).")
    assert "boneyard" not in " ".join(s.values()).lower()


def test_describe_one_tile_a_turn():
    s = sentences(replace(draw_limit=1))
    assert s["Drawing"].startswith("Drawing (R7, R8): a player who cannot play draws one tile and passes if it "
                                   "does not fit; drawing is also allowed when able to play")
    assert "one tile a turn" in s["Blocked layout"] and "at most one" not in s["Drawing"]


@pytest.mark.parametrize("first_leader", ["highest-double", "turn-up-lowest", "turn-up-highest", "lots",
                                          "first-seat"])
@pytest.mark.parametrize("lead_tile", ["any", "highest-double", "heaviest"])
def test_a_set_without_doubles_is_described_without_doubles(first_leader, lead_tile):
    s = sentences(replace("austrian", first_leader=first_leader, lead_tile=lead_tile))
    for label, sentence in s.items():
        if label != "Tiles":
            assert "double " not in sentence.replace("the set has no doubles", ""), sentence
    if first_leader == "highest-double":
        assert "the holder of the heaviest tile leads (the set has no doubles" in s["First lead"]


def test_redeal_for_doubles_needs_doubles():
    with pytest.raises(ValueError, match="redeal_doubles needs a set with doubles"):
        replace("austrian", redeal_doubles=3)


def test_standard_notes_say_which_source_gives_which_hand_sizes():
    text = dl.Rules.preset("standard").describe()
    assert ('2 players take 7 and 3 or 4 take 5, as in "Dominoes: Rules of Draw Dominoes", LearnPlayWin.net '
            '("Rules to Block and Draw Dominoes" gives three players 7)') in text
    assert "The engine's choices where the source is silent or unclear:" in text


def test_puerto_rico_winner_scores_every_hand_including_their_own():
    """The variation: the winner scores the pips left in the hands of all players."""
    pr = dl.Rules.preset("puerto-rico")
    assert "every pip left in all hands, their own included" in sentences(pr)["Hand score"]
    assert dl.score(pr, pips=[5, 9, 12]).points == (26, 0, 0)


@pytest.mark.parametrize(("changes", "lead"), [
    ({}, "the holder of the 6-6 leads it: the game starts with the 6-6. If it is in the boneyard, the players "
         "take one tile each in turn, starting from a seat chosen at random with the deal, until someone draws "
         "it; if it is among the last two tiles, which must stay, the tiles are dealt again instead."),
    ({"boneyard_floor": 0, "draw_cost": 1}, "the holder of the 6-6 leads it: the game starts with the 6-6. If it "
     "is in the boneyard, the players take one tile each in turn, starting from a seat chosen at random with "
     "the deal, until someone draws it (without paying for those draws)."),
    ({"draw_limit": 0}, "the holder of the 6-6 leads it: the game starts with the 6-6. If the 6-6 is not "
                        "dealt, the tiles are dealt again (nobody may draw)."),
    ({"hand_sizes": {4: 7}}, "the holder of the 6-6 leads it: the game starts with the 6-6."),
])
def test_describe_the_top_double_hunt(changes, lead):
    s = sentences(replace(first_leader="top-double", **changes))
    assert s["First lead"] == f"First lead (R4, R5): {lead}"
    redeals = "a deal where the 6-6 must be found but cannot be drawn (R4)" in s["Redeal"]
    assert redeals == (changes in ({}, {"draw_limit": 0}))


def test_partnership_describe_allows_four_players_only():
    s = sentences(replace(partnerships=True))
    assert s["Players"].startswith("Players (R2): 4, as two partnerships")
    assert s["Hands"] == "Hands (R3): 4 players take 5; the rest form the boneyard."
    assert s["Match"] == "Match (R16): the first partnership to reach 100 points wins."
    assert s["Hand score"] == ("Hand score (R13): the winning team scores the difference between the two teams' "
                               "pips; the other team scores nothing.")
    assert s["Partnerships"].startswith("Partnerships (R15): the team with fewer pips wins, even when a player "
                                        "of the other team dominoed")
    basic = sentences(replace("basic", partnerships=True))
    assert basic["Hand score"].startswith("Hand score (R13): the winner scores the pips left in the opponents' "
                                          "hands minus their own")
    assert "partners add their scores" in basic["Partnerships"]


def every_variant():
    """One rules object per choice of every field, and the combinations that change the words."""
    for field, choices in _CHOICES.items():
        for choice in choices:
            extra = {"partnerships": True, "scoring": "others"} if field == "team_winner" else {}
            if field == "first_leader" and choice == "top-double":
                extra = {"draw_cost": 1}
            yield dataclasses.replace(dl.Rules(), **{field: choice, **extra})
    for limit in (None, 0, 1, 2):
        for floor in (0, 2):
            yield dataclasses.replace(dl.Rules(), draw_limit=limit, boneyard_floor=floor, redeal_doubles=1,
                                      redeal_suit=2, target=1, draw_cost=1)
    for name in PRESETS:
        preset = dl.Rules.preset(name)
        yield preset
        if 4 in dict(preset.hand_sizes):
            yield dataclasses.replace(preset, partnerships=True)


def test_describe_speaks_of_they_and_agrees_in_number():
    for rules in every_variant():
        text = rules.describe()
        assert not re.search(r"\b(he|his|him|himself)\b", text, re.IGNORECASE), text
        assert not re.search(r"\b(1|one) (tiles|pips|points|players)\b", text), text
        assert "rule source" not in text and "sources 0" not in text


# describe() word for word ----------------------------------------------------------------------
GOLDEN = Path(__file__).with_name("describe.golden.txt")


def _variants() -> list[tuple[str, dl.Rules]]:
    """Rules that exercise every branch of describe(), by a label saying what changed."""
    base = dl.Rules()
    out = []

    def add(preset: str = "standard", **changes):
        label = ", ".join(f"{k}={v!r}" for k, v in changes.items())
        out.append((f"{preset}: {label}", dataclasses.replace(dl.Rules.preset(preset), **changes)))

    for name in PRESETS:
        if 4 in dict(dl.Rules.preset(name).hand_sizes):
            add(name, partnerships=True)
    for scoring in _CHOICES["scoring"]:
        add(scoring=scoring)
        add(scoring=scoring, partnerships=True, team_winner="player")
        if scoring not in ("others-minus-own", "differences"):
            add(scoring=scoring, partnerships=True, team_winner="went-out")
    for tie in _CHOICES["blocked_tie"]:
        add(blocked_tie=tie)
        add(blocked_tie=tie, partnerships=True)
    for first in _CHOICES["first_leader"]:
        for lead in _CHOICES["lead_tile"]:
            add(first_leader=first, lead_tile=lead)
            if first != "top-double":
                add("austrian", first_leader=first, lead_tile=lead)
    add(first_leader="top-double", boneyard_floor=0, draw_cost=1)
    add(first_leader="top-double", draw_limit=0)
    add(first_leader="top-double", hand_sizes={4: 7})
    for limit in (None, 0, 1, 2):
        for floor in (0, 2):
            for when_able in (True, False):
                for stuck in _CHOICES["stuck_end"]:
                    add(draw_limit=limit, boneyard_floor=floor, draw_when_able=when_able, stuck_end=stuck)
    add(blocked_layout="ends-hand", stuck_end="after-passes")
    for name in _CHOICES["next_leader"]:
        add(next_leader=name)
        add(next_leader=name, partnerships=True)
    add(hand_sizes={2: 7, 4: 7})
    add(hand_sizes={2: 13})
    add(hand_sizes={2: 14})
    add(hand_sizes={2: 7, 3: 7}, draw_limit=0)
    add(target=121)
    add(target={2: 150, 3: 100, 4: 100})
    add(redeal_doubles=4, redeal_suit=5)
    add(redeal_doubles=1)
    add(draw_cost=2, draw_from="row-end")
    add(tile_values={"0-0": 13, "6-6": 20})
    add("basic", max_pip=9, hand_sizes={2: 7, 4: 7})
    assert base == dl.Rules.preset("standard")
    return out


def golden_text() -> str:
    """Every preset's describe(), then each variant's sentences that differ from the standard's."""
    parts = [f"## preset {name}\n{dl.Rules.preset(name).describe()}\n" for name in PRESETS]
    standard = sentences(dl.Rules())
    standard_choices = dl.Rules.preset("standard").choices()
    for label, rules in _variants():
        changed = [sentence for key, sentence in sentences(rules).items() if standard.get(key) != sentence]
        changed += [f"Choice: {c}" for c in rules.choices() if c not in standard_choices]
        changed += [f"No longer a choice: {c}" for c in standard_choices if c not in rules.choices()]
        parts.append(f"## {label}\n" + "\n".join(changed) + "\n")
    return "\n".join(parts)


def test_describe_word_for_word():
    """Lessons print describe(): every sentence is reviewed in tests/describe.golden.txt.
    After changing the words on purpose, rewrite the file with
    ``DOMINOLAB_GOLDEN=update pytest tests/test_rules.py -k word_for_word`` and read the diff."""
    text = golden_text()
    if os.environ.get("DOMINOLAB_GOLDEN") == "update":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_target_for_a_number_of_sides_not_given():
    rules = dataclasses.replace(dl.Rules(), target={2: 100, 4: 61})
    assert [rules.target_for(n) for n in (2, 3, 4, 5)] == [100, 100, 61, 61]  # the nearest smaller
    assert dataclasses.replace(dl.Rules(), target={3: 61}).target_for(2) == 61  # none smaller: the smallest


def test_messages_list_every_name():
    with pytest.raises(ValueError, match="choose one of " + ", ".join(PRESETS) + "$"):
        dl.Rules.preset("bogus")
    changed = dataclasses.replace(dl.Rules.preset("standard"), boneyard_floor=0, draw_cost=1)
    assert "Changed from the preset: boneyard_floor=0, draw_cost=1." in changed.describe()


def test_boundary_values_are_accepted():
    tiny = dataclasses.replace(dl.Rules(), max_pip=1, hand_sizes={2: 1}, target={2: 1}, tile_values=[("0-0", 0)])
    assert tiny.set_size == 3 and tiny.hand_size(2) == 1 and tiny.target_for(2) == 1
    assert tiny.tile_value(dl.Tile(0, 0)) == 0
    assert dataclasses.replace(dl.Rules(), max_pip=18).set_size == 190
    without = dataclasses.replace(dl.Rules.preset("austrian"), tile_values={"8-7": 1})
    assert without.tile_value(dl.Tile(8, 7)) == 1


@pytest.mark.parametrize(("changes", "message"), [
    ({"scoring": "double"}, "^scoring must be one of 'others-minus-own', 'differences', 'all-pips', 'others', "
                            "'one-point'; got 'double'$"),
    ({"hand_sizes": 7}, r"^hand_sizes must be a mapping of player count to tiles per hand, got 7$"),
    ({"hand_sizes": [(2, 7, 1)]}, r"^hand_sizes must be a mapping of player count to tiles per hand, got \[\(2, 7, 1\)\]$"),
    ({"hand_sizes": {}}, "^hand_sizes must allow at least one player count$"),
    ({"hand_sizes": {2: 7}, "partnerships": True}, "^partnerships need 4 players, but hand_sizes does not allow 4$"),
    ({"target": {}}, "^target must give at least one number of sides$"),
    ({"target": "x"}, "^target must be a mapping of number of sides to points, got 'x'$"),
    ({"tile_values": [("0-0", 13, 1)]}, r"^tile_values must map tiles to values, got \[\('0-0', 13, 1\)\]$"),
    ({"tile_values": {"0-0": 1.5}}, "^tile_values: 0-0 must count a whole number >= 0, got 1.5$"),
    ({"partnerships": True, "team_winner": "went-out"},
     "^team_winner='went-out' with scoring='others-minus-own' can leave the team that dominoes with 0 points "
     r"\(its own pips, a partner's included, are subtracted\); use scoring='others' \(the losing team's pips, "
     r"as \"Draw Dominoes\" pairs them\) or team_winner='fewest-pips' \(the team with fewer pips scores the "
     r"difference\)$"),
    ({"max_pip": 8, "doubles": False, "first_leader": "top-double"}, "^first_leader='top-double' needs a set with "
                                                                      "doubles$"),
    ({"max_pip": 8, "doubles": False, "redeal_doubles": 2}, r"^redeal_doubles needs a set with doubles; this set "
                                                            r"has none \(use None\)$"),
    ({"target": {2: 0}}, r"^target: 2 sides to 0 points is not a valid target$"),
    ({"hand_sizes": {2: 0}}, "^hand_sizes: 2 players must take at least 1 tile, got 0$"),
    ({"name": 3}, "^name must be a string, got 3$"),
])
def test_rules_errors_word_for_word(changes, message):
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(dl.Rules(), **changes)


def test_from_dict_errors_word_for_word():
    with pytest.raises(ValueError, match=r"^rules must be a mapping of fields, got list$"):
        dl.Rules.from_dict(["standard"])
    with pytest.raises(ValueError, match=r"^unknown rules field\(s\): a, b$"):
        dl.Rules.from_dict({"a": 1, "b": 2})


# The engine's choices: named wherever they apply, whatever the preset -------------------------------
def choices_text(rules: dl.Rules) -> str:
    parts = rules.describe().split("\n\n")
    return parts[2] if len(parts) > 2 else ""


def test_the_team_rule_choice_is_named_when_partners_play_the_standard_rules():
    teams = replace(partnerships=True)
    assert "Changed from the preset: partnerships=True." in teams.describe()
    text = choices_text(teams)
    assert "The engine's choices where the source is silent or unclear:" in text
    assert "lists two team rules without saying which its main game uses" in text
    assert "the team of the player who went out wins" not in choices_text(dl.Rules.preset("standard"))
    # a changed team rule is no longer the preset's choice
    assert "two team rules" not in choices_text(replace(partnerships=True, team_winner="player"))
    assert "went out wins and scores the losing team's pips" in choices_text(dl.Rules.preset("partnership"))


def test_the_six_six_hunt_names_its_two_choices():
    text = choices_text(replace(first_leader="top-double"))
    assert "The page does not say who draws first: the engine starts from a seat chosen at random" in text
    assert "does not say what happens when the 6-6 is among them: the engine throws the hand in" in text
    assert "among them" not in choices_text(replace(first_leader="top-double", boneyard_floor=0))
    assert "without drawing the engine deals again" in choices_text(replace(first_leader="top-double",
                                                                            draw_limit=0))
    assert "6-6" not in choices_text(replace(first_leader="top-double", hand_sizes={4: 7}))


def test_the_dutch_second_draw_and_the_family_draw_ban_are_named_as_choices():
    assert 'draw "one or two" tiles' in choices_text(dl.Rules.preset("dutch"))
    assert "a second must be drawn before passing" in choices_text(replace(draw_limit=2))
    assert "one or two" not in choices_text(replace(draw_limit=3))
    family = choices_text(dl.Rules.preset("family"))
    assert "does not say whether a player able to play may draw instead: the engine forbids it" in family
    assert "may draw instead" not in choices_text(replace("family", draw_when_able=True))


def test_the_dutch_second_draw_is_forced():
    from .positions import position

    r = position("dutch", hands=["6-6", "1-0"], line="5-5", boneyard="4-4 3-3 2-2 2-1 6-5", turn=0)
    r.play(dl.Draw())
    assert dl.Pass() not in r.legal_moves() and dl.Draw() in r.legal_moves()
    r.play(dl.Draw())
    assert r.legal_moves() == [dl.Pass()]


def test_the_double_blank_tie_is_named_where_it_applies():
    tie = "ties with them and nobody wins the hand"
    assert tie in choices_text(dl.Rules.preset("standard"))
    assert tie in choices_text(dl.Rules())  # custom rules too
    assert tie not in choices_text(dl.Rules.preset("dutch"))  # the 0-0 counts 13
    assert tie not in choices_text(dl.Rules.preset("family"))
    assert tie not in choices_text(replace(partnerships=True))  # team totals decide
