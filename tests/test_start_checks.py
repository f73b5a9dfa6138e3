"""Every refusal of ``Round.from_start``: which field it names and what it says.

Each case takes a start that is valid and breaks exactly one thing in it, then checks the
exception's type, its ``path`` (the field; empty for a problem with the start as a whole)
and its whole message.  Checks that go through :mod:`dominolab.validate` (``check_int``,
``check_seat``, ``check_seed``), ``_orient_line`` and ``_leader_from_turn_up`` raise a plain
``ValueError`` whose message starts with the argument's name, and are pinned as such.
"""

import dataclasses

import pytest

from dominolab import Round, Rules, Start, Tile
from dominolab.round import StartError
from dominolab.tiles import parse_tiles

STANDARD = Rules.preset("standard")
TWO_SIX_MISSING = "tiles missing from the start (set aside the tiles out of play): "


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


def position(hands, line="6-6 6-4", boneyard="5-5 3-0 1-1", rules="standard", **fields) -> Start:
    """A position start (seat 0 to move), everything not named set aside."""
    start = Round.from_position(rules, hands, boneyard=boneyard, line=line, seed=0).start
    return dataclasses.replace(start, **fields)


#: Seat 0 holds 6-1 4-2, seat 1 holds 2-2; the line is 6-6 6-4; the boneyard 5-5 1-1 3-0.
POS = position(["6-1 4-2", "2-2"])
#: The same hands before the lead: 6-6 6-4 5-5 in the boneyard.
LEAD = position(["6-1 4-2", "2-2"], line="", boneyard="6-6 6-4 5-5")
#: Three seats: 6-1, 4-2 and 2-2.
POS3 = position(["6-1", "4-2", "2-2"])
#: A standard two-player deal where seat 0 was told to lead (no tiles turned up, no hunt).
DEAL = Round.deal("standard", 2, seed=5, leader=0).start
#: The same rules deciding the leader: tiles turned up.
TURNED = Round.deal("standard", 2, seed=5).start


def refused(start: Start, rules=STANDARD) -> ValueError:
    with pytest.raises(ValueError) as info:
        Round.from_start(rules, start)
    return info.value


def assert_start_error(error: ValueError, path: str, message: str) -> None:
    assert type(error) is StartError, repr(error)
    assert (error.path, error.message) == (path, message)
    assert str(error) == (f"{path}: {message}" if path else message)


def assert_plain_error(error: ValueError, message: str) -> None:
    assert type(error) is ValueError, repr(error)
    assert str(error) == message


def test_the_starts_these_tests_break_are_valid():
    for rules, start in ((STANDARD, POS), (STANDARD, LEAD), (STANDARD, POS3), (STANDARD, DEAL), (STANDARD, TURNED)):
        assert Round.from_start(rules, start).start == start
    assert TURNED.turned_up is not None and TURNED.leader is None and DEAL.turned_up is None


# ---------------------------------------------------------------------- kind
@pytest.mark.parametrize(("kind", "shown"), [
    ("magic", "'magic'"),
    ("Deal", "'Deal'"),
    ("", "''"),
    (None, "None"),
], ids=["word", "capitalised", "empty", "none"])
@pytest.mark.parametrize("base", [POS, DEAL], ids=["position", "deal"])
def test_kind_must_be_deal_or_position(base, kind, shown):
    error = refused(dataclasses.replace(base, kind=kind))
    assert_start_error(error, "kind", f"must be 'deal' or 'position', got {shown}")


# ---------------------------------------------------------------------- where the tiles are
@pytest.mark.parametrize(("change", "path", "message"), [
    pytest.param(dict(hands=list(POS.hands)), "hands",
                 "must be a tuple of hands, got [(Tile(6, 1), Tile(4, 2)), (Tile(2, 2),)]", id="hands-list"),
    pytest.param(dict(hands="ab"), "hands", "must be a tuple of hands, got 'ab'", id="hands-string"),
    pytest.param(dict(hands=(POS.hands[0], [Tile(2, 2)])), "hands[1]",
                 "must be a tuple of tiles, got [Tile(2, 2)]", id="second-hand-list"),
    pytest.param(dict(hands=(None, POS.hands[1])), "hands[0]", "must be a tuple of tiles, got None",
                 id="first-hand-none"),
    pytest.param(dict(line=list(POS.line)), "line", "must be a tuple of tiles, got [Tile(6, 6), Tile(6, 4)]",
                 id="line-list"),
    pytest.param(dict(boneyard=None), "boneyard", "must be a tuple of tiles, got None", id="boneyard-none"),
    pytest.param(dict(set_aside=list(POS.set_aside)), "set_aside",
                 "must be a tuple of tiles, got [Tile(6, 5), Tile(6, 3), Tile(6, 2), Til…", id="set-aside-list"),
    pytest.param(dict(boneyard=(Tile(5, 5), "1-1", Tile(3, 0))), "boneyard[1]", "expected a Tile, got '1-1'",
                 id="boneyard-text"),
    pytest.param(dict(hands=((Tile(6, 1), (4, 2)), POS.hands[1])), "hands[0][1]", "expected a Tile, got (4, 2)",
                 id="hand-pair"),
    pytest.param(dict(line=(Tile(6, 6), None)), "line[1]", "expected a Tile, got None", id="line-none"),
    pytest.param(dict(set_aside=(*POS.set_aside[:2], 53, *POS.set_aside[2:])), "set_aside[2]",
                 "expected a Tile, got 53", id="set-aside-int"),
])
def test_tile_containers_and_tiles(change, path, message):
    assert_start_error(refused(dataclasses.replace(POS, **change)), path, message)


@pytest.mark.parametrize(("rules", "hands", "line", "boneyard", "stranger", "set_name"), [
    ("standard", ["6-1 4-2", "2-2"], "6-6 6-4", "5-5 3-0", Tile(7, 7), "double-6"),
    ("austrian", ["8-7 6-5", "4-3"], "8-1", "2-1 3-0", Tile(8, 8), "double-8 without doubles"),
    (dataclasses.replace(STANDARD, max_pip=9), ["9-1 4-2", "2-2"], "9-9", "5-5", Tile(10, 0), "double-9"),
], ids=["double-six", "no-doubles", "double-nine"])
def test_a_tile_not_in_the_set(rules, hands, line, boneyard, stranger, set_name):
    rules = Rules.coerce(rules)
    start = position(hands, line=line, boneyard=boneyard, rules=rules)
    bad = dataclasses.replace(start, hands=(start.hands[0], (*start.hands[1], stranger)))
    assert_start_error(refused(bad, rules), "hands[1][1]", f"{stranger} is not in this set ({set_name})")


@pytest.mark.parametrize(("change", "path", "message"), [
    pytest.param(dict(hands=(tiles("6-1 4-2 6-1"), POS.hands[1])), "hands[0][2]", "6-1 is already in hands[0][0]",
                 id="same-hand"),
    pytest.param(dict(hands=(POS.hands[0], tiles("2-2 4-2"))), "hands[1][1]", "4-2 is already in hands[0][1]",
                 id="two-hands"),
    pytest.param(dict(line=tiles("6-6 6-4 4-2")), "line[2]", "4-2 is already in hands[0][1]", id="line-after-hands"),
    pytest.param(dict(boneyard=(*POS.boneyard, Tile(6, 4))), "boneyard[3]", "6-4 is already in line[1]",
                 id="boneyard-after-line"),
    pytest.param(dict(set_aside=(Tile(1, 1), *POS.set_aside)), "set_aside[0]", "1-1 is already in boneyard[1]",
                 id="set-aside-after-boneyard"),
    pytest.param(dict(set_aside=(*POS.set_aside, Tile(2, 2))), "set_aside[20]", "2-2 is already in hands[1][0]",
                 id="set-aside-after-hands"),
])
def test_a_tile_in_two_places_names_both(change, path, message):
    assert_start_error(refused(dataclasses.replace(POS, **change)), path, message)


@pytest.mark.parametrize(("dropped", "listed"), [
    (1, "6-5"),
    (10, "6-5, 6-3, 6-2, 6-0, 5-4, 5-3, 5-2, 5-1, 5-0, 4-4"),
    (11, "6-5, 6-3, 6-2, 6-0, 5-4, 5-3, 5-2, 5-1, 5-0, 4-4 …"),
    (20, "6-5, 6-3, 6-2, 6-0, 5-4, 5-3, 5-2, 5-1, 5-0, 4-4 …"),
], ids=["one", "ten", "eleven", "twenty"])
def test_missing_tiles_are_listed_heaviest_first_ten_at_most(dropped, listed):
    start = dataclasses.replace(POS, set_aside=POS.set_aside[dropped:])
    assert_start_error(refused(start), "", TWO_SIX_MISSING + listed)


def test_missing_tiles_follow_the_set_order_not_the_start():
    start = dataclasses.replace(POS, boneyard=(Tile(1, 1),), line=(Tile(6, 6),))  # 6-4, 5-5 and 3-0 gone
    assert_start_error(refused(start), "", TWO_SIX_MISSING + "6-4, 5-5, 3-0")


def test_missing_tiles_of_a_deal():
    start = dataclasses.replace(DEAL, boneyard=DEAL.boneyard[:-1])
    assert_start_error(refused(start), "", TWO_SIX_MISSING + str(DEAL.boneyard[-1]))


# ---------------------------------------------------------------------- numbers
@pytest.mark.parametrize(("change", "message"), [
    pytest.param(dict(redeals=-1), "start.redeals must be a whole number >= 0, got -1", id="redeals-negative"),
    pytest.param(dict(redeals=1.0), "start.redeals must be a whole number >= 0, got 1.0", id="redeals-float"),
    pytest.param(dict(redeals=True), "start.redeals must be a whole number >= 0, got True", id="redeals-bool"),
    pytest.param(dict(turn_draws=-1), "start.turn_draws must be a whole number >= 0, got -1", id="draws-negative"),
    pytest.param(dict(turn_draws="2"), "start.turn_draws must be a whole number >= 0, got '2'", id="draws-text"),
    pytest.param(dict(passes=-1), "start.passes must be a whole number from 0 to 2, got -1", id="passes-negative"),
    pytest.param(dict(passes=3), "start.passes must be a whole number from 0 to 2, got 3", id="passes-above-players"),
    pytest.param(dict(passes=None), "start.passes must be a whole number from 0 to 2, got None", id="passes-none"),
    pytest.param(dict(seed="7"), "start.seed must be a whole number, got '7'", id="seed-text"),
    pytest.param(dict(seed=1.5), "start.seed must be a whole number, got 1.5", id="seed-float"),
    pytest.param(dict(seed=False), "start.seed must be a whole number, got False", id="seed-bool"),
    pytest.param(dict(leader=2), "start.leader must be a whole number from 0 to 1, got 2", id="leader-too-high"),
    pytest.param(dict(leader=-1), "start.leader must be a whole number from 0 to 1, got -1", id="leader-negative"),
    pytest.param(dict(leader=True), "start.leader must be a whole number from 0 to 1, got True", id="leader-bool"),
    pytest.param(dict(leader=False), "start.leader must be a whole number from 0 to 1, got False", id="leader-false"),
])
@pytest.mark.parametrize("base", [POS, DEAL], ids=["position", "deal"])
def test_numbers_of_any_start(base, change, message):
    assert_plain_error(refused(dataclasses.replace(base, **change)), message)


@pytest.mark.parametrize(("change", "message"), [
    pytest.param(dict(passes=4), "start.passes must be a whole number from 0 to 3, got 4", id="passes"),
    pytest.param(dict(leader=3), "start.leader must be a whole number from 0 to 2, got 3", id="leader"),
    pytest.param(dict(turn=3), "start.turn must be a whole number from 0 to 2, got 3", id="turn"),
])
def test_seat_numbers_follow_the_number_of_players(change, message):
    assert_plain_error(refused(dataclasses.replace(POS3, **change)), message)


@pytest.mark.parametrize("change", [
    pytest.param(dict(passes=2), id="passes-equal-players"),
    pytest.param(dict(passes=1), id="one-pass"),
    pytest.param(dict(leader=1), id="last-seat-leads"),
    pytest.param(dict(leader=0), id="first-seat-leads"),
    pytest.param(dict(seed=-5), id="negative-seed"),
    pytest.param(dict(seed=2**70), id="huge-seed"),
    pytest.param(dict(seed=None), id="no-seed"),
    pytest.param(dict(turn=1), id="second-seat-to-move"),
    pytest.param(dict(turn_draws=3, draw_counts=(3, 0)), id="drawn-this-turn"),
    pytest.param(dict(draw_counts=(0, 0)), id="no-draws"),
])
def test_numbers_in_range_are_accepted(change):
    start = dataclasses.replace(POS, **change)
    assert Round.from_start(STANDARD, start).start == start


@pytest.mark.parametrize(("value", "shown"), [(1, "1"), (0, "0"), (None, "None"), ("yes", "'yes'")],
                         ids=["one", "zero", "none", "text"])
@pytest.mark.parametrize("base", [LEAD, DEAL], ids=["position", "deal"])
def test_lead_restricted_must_be_a_bool(base, value, shown):
    error = refused(dataclasses.replace(base, lead_restricted=value))
    assert_start_error(error, "lead_restricted", f"must be True or False, got {shown}")


# ---------------------------------------------------------------------- deals
def _moved(start: Start, seat: int, count: int) -> Start:
    """``start`` with ``count`` tiles moved between ``seat``'s hand and the boneyard
    (positive: from the hand to the boneyard)."""
    hands = list(start.hands)
    if count >= 0:
        kept, given = hands[seat][:len(hands[seat]) - count], hands[seat][len(hands[seat]) - count:]
        hands[seat] = kept
        return dataclasses.replace(start, hands=tuple(hands), boneyard=(*given, *start.boneyard))
    hands[seat] = (*hands[seat], *start.boneyard[:-count])
    return dataclasses.replace(start, hands=tuple(hands), boneyard=start.boneyard[-count:])


@pytest.mark.parametrize(("players", "seat", "count", "message"), [
    (2, 1, 1, "6 tiles, but these rules deal 7"),
    (2, 0, 6, "1 tile, but these rules deal 7"),
    (2, 1, -1, "8 tiles, but these rules deal 7"),
    (3, 2, 1, "4 tiles, but these rules deal 5"),
    (4, 3, -3, "8 tiles, but these rules deal 5"),
], ids=["one-short", "only-one", "one-over", "three-players", "four-players"])
def test_a_deal_has_full_hands(players, seat, count, message):
    start = _moved(Round.deal("standard", players, seed=11, leader=0).start, seat, count)
    assert_start_error(refused(start), f"hands[{seat}]", message)


DEAL_EXTRAS = {
    "line": dict(line=DEAL.boneyard[:1], boneyard=DEAL.boneyard[1:]),
    "set_aside": dict(set_aside=DEAL.boneyard[:2], boneyard=DEAL.boneyard[2:]),
    "turn": dict(turn=0),
    "turn_draws": dict(turn_draws=1),
    "draw_counts": dict(draw_counts=(0, 0)),
    "passes": dict(passes=1),
    "lead_restricted": dict(lead_restricted=True),
}


@pytest.mark.parametrize("name", list(DEAL_EXTRAS))
def test_a_deal_has_none_of_a_positions_fields(name):
    error = refused(dataclasses.replace(DEAL, **DEAL_EXTRAS[name]))
    assert_start_error(error, "", f"a deal has no {name} (that belongs to a position)")


@pytest.mark.parametrize(("name", "value"), [("draw_counts", ()), ("turn", 0), ("draw_counts", (0, 0))],
                         ids=["no-draw-counts", "seat-zero", "zero-draws"])
def test_a_deal_has_no_position_field_even_when_it_is_empty(name, value):
    error = refused(dataclasses.replace(DEAL, **{name: value}))
    assert_start_error(error, "", f"a deal has no {name} (that belongs to a position)")


@pytest.mark.parametrize(("names", "first"), [
    (("line", "set_aside", "turn", "turn_draws", "draw_counts", "passes", "lead_restricted"), "line"),
    (("set_aside", "lead_restricted"), "set_aside"),
    (("turn", "passes"), "turn"),
    (("turn_draws", "draw_counts"), "turn_draws"),
    (("draw_counts", "passes", "lead_restricted"), "draw_counts"),
    (("passes", "lead_restricted"), "passes"),
], ids=lambda v: "+".join(v) if isinstance(v, tuple) else v)
def test_a_deal_with_several_position_fields_names_the_first(names, first):
    change = {}
    for name in names:
        change.update(DEAL_EXTRAS[name])
    if "line" in names and "set_aside" in names:
        change.update(line=DEAL.boneyard[:1], set_aside=DEAL.boneyard[1:3], boneyard=DEAL.boneyard[3:])
    error = refused(dataclasses.replace(DEAL, **change))
    assert_start_error(error, "", f"a deal has no {first} (that belongs to a position)")


def _hand_dealt(rules: Rules, first: str, second: str) -> Start:
    """A two-player deal built by hand (seat 0 told to lead): the rest in the boneyard."""
    hands = (tiles(first), tiles(second))
    dealt = set(hands[0] + hands[1])
    return Start(kind="deal", hands=hands, boneyard=tuple(t for t in rules.tiles if t not in dealt), leader=0)


THROWN_IN = "this deal should have been thrown in under the redeal rules"
FIVE_DOUBLES = "6-6 5-5 4-4 3-3 2-2 6-5 6-4"
FOUR_DOUBLES = "6-6 5-5 4-4 3-3 6-5 6-4 6-3"
SIX_SIXES = "6-6 6-5 6-4 6-3 6-2 6-1 5-4"
FIVE_SIXES = "6-6 6-5 6-4 6-3 6-2 5-4 5-3"
PLAIN = "5-0 4-1 4-0 3-1 2-1 1-0 3-0"


@pytest.mark.parametrize(("change", "first", "second"), [
    (dict(redeal_doubles=5), PLAIN, FIVE_DOUBLES),
    (dict(redeal_doubles=5), FIVE_DOUBLES, PLAIN),
    (dict(redeal_suit=6), PLAIN, SIX_SIXES),
    (dict(redeal_doubles=5, redeal_suit=6), SIX_SIXES, PLAIN),
], ids=["five-doubles-second-seat", "five-doubles-first-seat", "six-of-a-suit", "both-rules"])
def test_a_deal_the_redeal_rules_throw_in(change, first, second):
    rules = dataclasses.replace(STANDARD, **change)
    assert_start_error(refused(_hand_dealt(rules, first, second), rules), "", THROWN_IN)


@pytest.mark.parametrize(("change", "first", "second"), [
    (dict(redeal_doubles=5), PLAIN, FOUR_DOUBLES),
    (dict(redeal_suit=6), PLAIN, FIVE_SIXES),
    (dict(), FIVE_DOUBLES, "1-1 0-0 6-3 6-2 6-1 6-0 5-4"),
], ids=["four-doubles", "five-of-a-suit", "no-redeal-rule"])
def test_a_deal_below_the_redeal_rules_is_kept(change, first, second):
    rules = dataclasses.replace(STANDARD, **change)
    start = _hand_dealt(rules, first, second)
    assert Round.from_start(rules, start).start == start


# ---------------------------------------------------------------------- the hunt for the top double
TOP = dataclasses.replace(STANDARD, first_leader="top-double")
NO_SIXES = "6-5 6-4 6-3 6-2 6-1 6-0 5-4"


def _top_deal(rules: Rules, first: str, second: str, top_last: bool = False, **fields) -> Start:
    """A deal built by hand with nobody told to lead; the boneyard heaviest first, or with
    the top double drawn last."""
    start = dataclasses.replace(_hand_dealt(rules, first, second), leader=None, **fields)
    if top_last:
        top = Tile(rules.max_pip, rules.max_pip)
        start = dataclasses.replace(start, boneyard=(*(t for t in start.boneyard if t is not top), top))
    return start


@pytest.mark.parametrize(("rules", "start", "path", "message"), [
    pytest.param(TOP, _top_deal(TOP, PLAIN, NO_SIXES), "hunt_first",
                 "the 6-6 is in the boneyard: name the seat that draws first", id="hunt-without-first-seat"),
    pytest.param(TOP, _top_deal(TOP, PLAIN, FIVE_DOUBLES, hunt_first=0), "hunt_first",
                 "the 6-6 was dealt, so nobody draws for it", id="dealt-top-double"),
    pytest.param(TOP, _top_deal(TOP, PLAIN, NO_SIXES, top_last=True, hunt_first=0), "",
                 "the 6-6 was not dealt and cannot be drawn, so this deal should have been thrown in",
                 id="top-double-among-the-last-two"),
    pytest.param(dataclasses.replace(TOP, max_pip=9), _top_deal(dataclasses.replace(TOP, max_pip=9), PLAIN, NO_SIXES,
                                                                top_last=True), "",
                 "the 9-9 was not dealt and cannot be drawn, so this deal should have been thrown in",
                 id="double-nine"),
    pytest.param(TOP, dataclasses.replace(_top_deal(TOP, PLAIN, NO_SIXES, hunt_first=0), leader=1), "hunt_first",
                 "nobody draws for the top double in this deal", id="leader-named"),
    pytest.param(STANDARD, dataclasses.replace(DEAL, hunt_first=0), "hunt_first",
                 "nobody draws for the top double in this deal", id="other-lead-rule"),
])
def test_the_hunt_for_the_top_double(rules, start, path, message):
    assert_start_error(refused(start, rules), path, message)


@pytest.mark.parametrize(("hunt_first", "shown"), [(2, "2"), (-1, "-1"), (True, "True")])
def test_the_hunt_starts_at_a_seat(hunt_first, shown):
    error = refused(_top_deal(TOP, PLAIN, NO_SIXES, hunt_first=hunt_first), TOP)
    assert_plain_error(error, f"start.hunt_first must be a whole number from 0 to 1, got {shown}")


@pytest.mark.parametrize("hunt_first", [0, 1])
def test_a_hunt_from_either_seat_is_accepted(hunt_first):
    start = _top_deal(TOP, PLAIN, NO_SIXES, hunt_first=hunt_first)
    assert Round.from_start(TOP, start).leader == hunt_first  # 6-6 is the first tile drawn


# ---------------------------------------------------------------------- tiles turned up for the lead
@pytest.mark.parametrize(("rules", "base", "turned_up"), [
    pytest.param(STANDARD, DEAL, ((0, Tile(6, 6)), (1, Tile(5, 5))), id="leader-named"),
    pytest.param(STANDARD, DEAL, (), id="leader-named-empty"),
    pytest.param(Rules.preset("basic"), Round.deal("basic", 2, seed=3).start, (((0, Tile(6, 6)), (1, Tile(5, 5))),),
                 id="highest-double-rule"),
    pytest.param(Rules.preset("basic"), Round.deal("basic", 2, seed=3).start, (), id="highest-double-empty"),
])
def test_turned_up_only_when_the_rules_turn_tiles_up(rules, base, turned_up):
    error = refused(dataclasses.replace(base, turned_up=turned_up), rules)
    assert_start_error(error, "turned_up", "no tiles are turned up for this lead")


@pytest.mark.parametrize("rule", ["turn-up-highest", "turn-up-lowest", "lots"])
def test_turned_up_is_needed_when_the_rules_turn_tiles_up(rule):
    rules = dataclasses.replace(STANDARD, first_leader=rule)
    start = Round.deal(rules, 3, seed=4).start
    assert start.turned_up is not None
    error = refused(dataclasses.replace(start, turned_up=None), rules)
    assert_start_error(error, "turned_up", f"first_leader={rule!r} turns up tiles for the lead")


GOOD_ROUND = ((0, Tile(3, 3)), (1, Tile(2, 1)))


@pytest.mark.parametrize(("turned_up", "path", "message"), [
    pytest.param([((0, Tile(6, 6)), (1, Tile(5, 5)))], "turned_up",
                 "must be rounds of (seat, tile), got [((0, Tile(6, 6)), (1, Tile(5, 5)))]", id="list-of-rounds"),
    pytest.param("0-0", "turned_up", "must be rounds of (seat, tile), got '0-0'", id="text"),
    pytest.param((GOOD_ROUND, [(0, Tile(6, 6)), (1, Tile(5, 5))]), "turned_up[1]",
                 "must be (seat, tile) pairs, got [(0, Tile(6, 6)), (1, Tile(5, 5))]", id="round-list"),
    pytest.param((None,), "turned_up[0]", "must be (seat, tile) pairs, got None", id="round-none"),
    pytest.param(((None, (1, Tile(5, 5))),), "turned_up[0][0]",
                 "expected (seat, tile of this set), got None", id="pair-none"),
    pytest.param((GOOD_ROUND, ((0, Tile(6, 6)), [1, Tile(5, 5)])), "turned_up[1][1]",
                 "expected (seat, tile of this set), got [1, Tile(5, 5)]", id="pair-list"),
    pytest.param((GOOD_ROUND, ((0, Tile(6, 6)), (1,))), "turned_up[1][1]",
                 "expected (seat, tile of this set), got (1,)", id="pair-short"),
    pytest.param((GOOD_ROUND, ((0, Tile(6, 6)), (1, Tile(5, 5), 0))), "turned_up[1][1]",
                 "expected (seat, tile of this set), got (1, Tile(5, 5), 0)", id="pair-long"),
    pytest.param((GOOD_ROUND, ((0, Tile(6, 6)), (True, Tile(5, 5)))), "turned_up[1][1]",
                 "expected (seat, tile of this set), got (True, Tile(5, 5))", id="seat-bool"),
    pytest.param((GOOD_ROUND, ((0, Tile(6, 6)), (1.0, Tile(5, 5)))), "turned_up[1][1]",
                 "expected (seat, tile of this set), got (1.0, Tile(5, 5))", id="seat-float"),
    pytest.param((GOOD_ROUND, ((-1, Tile(6, 6)), (1, Tile(5, 5)))), "turned_up[1][0]",
                 "expected (seat, tile of this set), got (-1, Tile(6, 6))", id="seat-negative"),
    pytest.param((GOOD_ROUND, ((0, Tile(6, 6)), (2, Tile(5, 5)))), "turned_up[1][1]",
                 "expected (seat, tile of this set), got (2, Tile(5, 5))", id="seat-equal-players"),
    pytest.param((GOOD_ROUND, ((0, Tile(6, 6)), (1, "5-5"))), "turned_up[1][1]",
                 "expected (seat, tile of this set), got (1, '5-5')", id="tile-text"),
    pytest.param((GOOD_ROUND, ((0, Tile(6, 6)), (1, Tile(7, 5)))), "turned_up[1][1]",
                 "expected (seat, tile of this set), got (1, Tile(7, 5))", id="tile-not-in-set"),
])
def test_turned_up_must_be_rounds_of_seat_tile_pairs(turned_up, path, message):
    assert_start_error(refused(dataclasses.replace(TURNED, turned_up=turned_up)), path, message)


@pytest.mark.parametrize(("turned_up", "message"), [
    pytest.param((), "no tiles were turned up for the lead", id="no-rounds"),
    pytest.param((((0, Tile(6, 6)), (1, Tile(6, 6))),), "turned_up[0]: the same tile was turned up twice", id="twice"),
    pytest.param((((1, Tile(6, 6)), (0, Tile(5, 5))),), "turned_up[0]: expected seats [0, 1] to turn up, got [1, 0]",
                 id="seats-out-of-order"),
])
def test_turned_up_must_name_a_leader(turned_up, message):
    assert_plain_error(refused(dataclasses.replace(TURNED, turned_up=turned_up)), message)


def test_a_turned_up_seat_may_be_the_last_seat():
    start = dataclasses.replace(TURNED, turned_up=(GOOD_ROUND,))
    assert Round.from_start(STANDARD, start).leader == 0
    start = dataclasses.replace(TURNED, turned_up=(((0, Tile(2, 1)), (1, Tile(6, 6))),))
    assert Round.from_start(STANDARD, start).leader == 1


# ---------------------------------------------------------------------- positions
DEAL_ONLY = "a position has no tiles turned up, no redeals and no hunt_first (those belong to a deal)"


@pytest.mark.parametrize("change", [
    pytest.param(dict(turned_up=()), id="turned-up-empty"),
    pytest.param(dict(turned_up=(GOOD_ROUND,)), id="turned-up"),
    pytest.param(dict(redeals=1), id="redeals"),
    pytest.param(dict(hunt_first=0), id="hunt-first-zero"),
    pytest.param(dict(hunt_first=1), id="hunt-first"),
])
def test_a_position_has_none_of_a_deals_fields(change):
    assert_start_error(refused(dataclasses.replace(POS, **change)), "", DEAL_ONLY)


@pytest.mark.parametrize(("turn", "shown"), [(None, "None"), (2, "2"), (-1, "-1"), (True, "True"), ("0", "'0'")],
                         ids=["none", "too-high", "negative", "bool", "text"])
def test_a_position_has_a_seat_to_move(turn, shown):
    error = refused(dataclasses.replace(POS, turn=turn))
    assert_plain_error(error, f"start.turn must be a whole number from 0 to 1, got {shown}")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_position_has_no_empty_hand(seat):
    hands = list(POS3.hands)
    gone = hands[seat]
    hands[seat] = ()
    start = dataclasses.replace(POS3, hands=tuple(hands), set_aside=(*POS3.set_aside, *gone))
    assert_start_error(refused(start), f"hands[{seat}]", "an empty hand: that seat would already have gone out")


@pytest.mark.parametrize(("line", "boneyard", "message"), [
    ("6-6 5-5", "6-4 3-0 1-1", "line: 6-6 and 5-5 do not match"),
    ("6-4 1-1", "6-6 5-5 3-0", "line: 6-4 and 1-1 do not match"),
    ("6-6 6-4 3-0", "5-5 1-1", "line: 3-0 does not match 4, the number showing after 6-4"),
    ("6-4 6-6 5-5", "3-0 1-1", "line: 5-5 does not match 6, the number showing after 6-6"),
], ids=["first-two", "first-two-undouble", "third", "after-turning"])
def test_a_position_line_must_chain(line, boneyard, message):
    start = dataclasses.replace(POS, line=tiles(line), boneyard=tiles(boneyard))
    assert_plain_error(refused(start), message)


@pytest.mark.parametrize("line", ["6-4 6-6", "4-6 6-6", "6-6 4-6 4-4"], ids=["turned", "as-written", "double"])
def test_a_line_that_chains_in_any_orientation_is_accepted(line):
    rest = [t for t in tiles("6-6 6-4 5-5 3-0 1-1") if t not in tiles(line)]
    start = dataclasses.replace(POS, line=tiles(line), boneyard=tuple(rest),
                                set_aside=tuple(t for t in POS.set_aside if t not in tiles(line)))
    assert Round.from_start(STANDARD, start).start == start


def test_nobody_draws_before_the_lead():
    assert_start_error(refused(dataclasses.replace(LEAD, turn_draws=1)), "", "nobody draws before the first tile is led")
    error = refused(dataclasses.replace(LEAD, turn_draws=2, turn=1))
    assert_start_error(error, "", "nobody draws before the first tile is led")
    assert Round.from_start(STANDARD, dataclasses.replace(POS, turn_draws=1)).turn_draws == 1


def test_nobody_draws_before_the_lead_through_from_position():
    with pytest.raises(StartError) as info:
        Round.from_position("standard", ["6-1 4-2", "2-2"], boneyard="6-6 6-4 5-5", turn_draws=1)
    assert_start_error(info.value, "", "nobody draws before the first tile is led")


def test_the_lead_restriction_is_for_an_empty_line():
    error = refused(dataclasses.replace(POS, lead_restricted=True))
    assert_start_error(error, "lead_restricted", "is for an empty line (the lead)")
    restricted = dataclasses.replace(LEAD, lead_restricted=True)
    assert Round.from_start(STANDARD, restricted).start == restricted


@pytest.mark.parametrize(("draw_counts", "shown"), [
    ((0,), "(0,)"),
    ((0, 0, 0), "(0, 0, 0)"),
    ((), "()"),
    ([0, 0], "[0, 0]"),
    (0, "0"),
], ids=["short", "long", "empty", "list", "number"])
def test_draw_counts_give_one_number_per_seat(draw_counts, shown):
    error = refused(dataclasses.replace(POS, draw_counts=draw_counts))
    assert_start_error(error, "draw_counts", f"must give one number per seat, got {shown}")


@pytest.mark.parametrize(("draw_counts", "message"), [
    ((0, -1), "start.draw_counts[1] must be a whole number >= 0, got -1"),
    ((-2, 0), "start.draw_counts[0] must be a whole number >= 0, got -2"),
    ((1.0, 0), "start.draw_counts[0] must be a whole number >= 0, got 1.0"),
    ((0, True), "start.draw_counts[1] must be a whole number >= 0, got True"),
    ((0, None), "start.draw_counts[1] must be a whole number >= 0, got None"),
], ids=["negative-second", "negative-first", "float", "bool", "none"])
def test_draw_counts_are_whole_numbers(draw_counts, message):
    assert_plain_error(refused(dataclasses.replace(POS, draw_counts=draw_counts)), message)


def test_draw_counts_of_three_seats():
    error = refused(dataclasses.replace(POS3, draw_counts=(0, 0)))
    assert_start_error(error, "draw_counts", "must give one number per seat, got (0, 0)")
    start = dataclasses.replace(POS3, draw_counts=(0, 4, 1))
    assert Round.from_start(STANDARD, start).draw_counts == [0, 4, 1]


# ---------------------------------------------------------------------- which problem comes first
@pytest.mark.parametrize(("base", "change", "path", "message"), [
    pytest.param(POS, dict(kind="magic", hands=list(POS.hands)), "kind", "must be 'deal' or 'position', got 'magic'",
                 id="kind-before-tiles"),
    pytest.param(POS, dict(hands=(POS.hands[0], [Tile(2, 2)]), line=None), "hands[1]",
                 "must be a tuple of tiles, got [Tile(2, 2)]", id="hands-before-line"),
    pytest.param(POS, dict(set_aside=POS.set_aside[1:], redeals=-1), "", TWO_SIX_MISSING + "6-5",
                 id="missing-before-numbers"),
    pytest.param(POS, dict(lead_restricted=None, turn=5), "lead_restricted", "must be True or False, got None",
                 id="lead-restricted-before-turn"),
    pytest.param(DEAL, dict(lead_restricted=1, turn=0), "lead_restricted", "must be True or False, got 1",
                 id="lead-restricted-before-extras"),
    pytest.param(_moved(DEAL, 1, 1), dict(turn=0), "hands[1]", "6 tiles, but these rules deal 7",
                 id="hand-size-before-extras"),
    pytest.param(POS, dict(redeals=1, turn=None), "", DEAL_ONLY, id="deal-fields-before-turn"),
    pytest.param(dataclasses.replace(POS3, hands=(POS3.hands[0], (), POS3.hands[2]),
                                     set_aside=(*POS3.set_aside, *POS3.hands[1])),
                 dict(line=tiles("6-6 3-0"), boneyard=tiles("5-5 6-4 1-1")), "hands[1]",
                 "an empty hand: that seat would already have gone out", id="empty-hand-before-line"),
    pytest.param(LEAD, dict(turn_draws=1, lead_restricted=True, draw_counts=(1,)), "",
                 "nobody draws before the first tile is led", id="draws-before-draw-counts"),
    pytest.param(POS, dict(lead_restricted=True, draw_counts=(1,)), "lead_restricted",
                 "is for an empty line (the lead)", id="restriction-before-draw-counts"),
])
def test_the_first_problem_is_named(base, change, path, message):
    assert_start_error(refused(dataclasses.replace(base, **change)), path, message)


@pytest.mark.parametrize(("change", "message"), [
    pytest.param(dict(redeals=-1, turn_draws=-1), "start.redeals must be a whole number >= 0, got -1",
                 id="redeals-before-draws"),
    pytest.param(dict(turn_draws=-1, passes=-1), "start.turn_draws must be a whole number >= 0, got -1",
                 id="draws-before-passes"),
    pytest.param(dict(passes=-1, seed="x"), "start.passes must be a whole number from 0 to 2, got -1",
                 id="passes-before-seed"),
    pytest.param(dict(seed="x", leader=9), "start.seed must be a whole number, got 'x'", id="seed-before-leader"),
    pytest.param(dict(leader=9, lead_restricted=None), "start.leader must be a whole number from 0 to 1, got 9",
                 id="leader-before-restriction"),
    pytest.param(dict(hunt_first=0, turn=None), DEAL_ONLY, id="position-fields-before-turn"),
    pytest.param(dict(turn=7, line=tiles("6-6 5-5"), boneyard=tiles("6-4 3-0 1-1")),
                 "start.turn must be a whole number from 0 to 1, got 7", id="turn-before-line"),
    pytest.param(dict(line=tiles("6-6 5-5"), boneyard=tiles("6-4 3-0 1-1"), draw_counts=(0, -1)),
                 "line: 6-6 and 5-5 do not match", id="line-before-draw-counts"),
])
def test_the_first_number_problem_is_named(change, message):
    error = refused(dataclasses.replace(POS, **change))
    if message == DEAL_ONLY:
        assert_start_error(error, "", message)
    else:
        assert_plain_error(error, message)


# ---------------------------------------------------------------------- valid starts, and no trace of a refusal
@pytest.mark.parametrize("preset", Rules.presets())
def test_every_preset_accepts_its_own_deals(preset):
    rules = Rules.preset(preset)
    for players in rules.player_counts:
        for seed in (1, 2):
            dealt = Round.deal(rules, players, seed=seed)
            again = Round.from_start(rules, dealt.start)
            assert again.start == dealt.start and again.state_key() == dealt.state_key()


def test_a_refused_start_leaves_everything_as_it_was():
    dealt = Round.deal("standard", 2, seed=8)
    key, start = dealt.state_key(), dealt.start
    built = Round.from_start(STANDARD, POS)
    built_key = built.state_key()
    for change in (*DEAL_EXTRAS.values(), dict(turned_up=None), dict(kind="magic"), dict(redeals=-1),
                   dict(hands=(start.hands[0], start.hands[0]))):
        refused(dataclasses.replace(start, **change))
    for change in (dict(turn_draws=1, line=()), dict(draw_counts=(0,)), dict(turn=None), dict(hunt_first=0)):
        refused(dataclasses.replace(POS, **change))
    assert dealt.start is start and dealt.state_key() == key
    assert built.state_key() == built_key
    assert Round.from_start(STANDARD, start).state_key() == key
    assert Round.from_start(STANDARD, POS).state_key() == built_key


# ---------------------------------------------------------------------- starts that cannot arise in play
@pytest.mark.parametrize(("hands", "shown"), [(None, "None"), (5, "5")])
@pytest.mark.parametrize("base", [POS, DEAL], ids=["position", "deal"])
def test_hands_that_are_not_a_sequence_are_a_start_error(base, hands, shown):
    assert_start_error(refused(dataclasses.replace(base, hands=hands)), "hands", f"must be a tuple of hands, got {shown}")


def test_an_unsized_hands_still_names_a_bad_kind_first():
    assert_start_error(refused(dataclasses.replace(POS, hands=None, kind="magic")), "kind",
                       "must be 'deal' or 'position', got 'magic'")


@pytest.mark.parametrize("passes", [1, 2])
def test_nobody_passes_before_the_lead(passes):
    assert_start_error(refused(dataclasses.replace(LEAD, passes=passes)), "", "nobody passes before the first tile is led")
    assert Round.from_start(STANDARD, dataclasses.replace(POS, passes=passes)).start.passes == passes


def test_while_the_line_is_empty_the_seat_to_move_leads():
    assert_start_error(refused(dataclasses.replace(LEAD, leader=1)), "leader",
                       "seat 1, but while the line is empty the seat to move (seat 0) is the one leading")
    assert Round.from_start(STANDARD, dataclasses.replace(LEAD, leader=0)).start.leader == 0
    assert Round.from_start(STANDARD, dataclasses.replace(POS, leader=1)).start.leader == 1  # led, then moved on


@pytest.mark.parametrize(("preset", "drawn"), [("dutch", 3), ("block", 1)])
def test_more_draws_in_a_turn_than_the_rules_allow_is_for_reachable_to_explain(preset, drawn):
    """A start is refused when it contradicts itself; one the rules could not have produced
    is built, and ``dl.reachable`` says why it cannot arise (tests/test_reachable.py)."""
    rules = Rules.preset(preset)
    start = dataclasses.replace(position(["6-1 4-2", "2-2"], rules=rules), turn_draws=drawn)
    assert Round.from_start(rules, start).turn_draws == drawn


def test_the_tiles_drawn_this_turn_count_in_the_hand():
    assert_start_error(refused(dataclasses.replace(POS, turn_draws=3, draw_counts=(2, 0))), "draw_counts[0]",
                       "2, but the seat to move has drawn 3 this turn")
    assert Round.from_start(STANDARD, dataclasses.replace(POS, turn_draws=3, draw_counts=(3, 0))).turn_draws == 3


def test_a_deal_is_redealt_only_under_a_redeal_rule_or_a_hunt():
    assert_start_error(refused(dataclasses.replace(DEAL, redeals=1)), "redeals",
                       "1, but these rules never throw a deal in")
    hunt = dataclasses.replace(STANDARD, first_leader="top-double")
    for seed in range(500):  # a deal thrown in because its top double could not be drawn
        dealt = Round.deal(hunt, 2, seed=seed)
        if dealt.start.redeals:
            assert Round.from_start(hunt, dealt.start).start == dealt.start
            break
    else:
        pytest.fail("no hunt deal was thrown in")
