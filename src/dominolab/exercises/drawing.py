"""Exercises for lesson 2, drawing and blocked games.  Expected answers come from the engine.

Every position here can arise in a real hand (``dl.reachable`` checks them in the tests);
the tiles still to be drawn are shuffled from a seed, as at a real table.
"""

from __future__ import annotations

from typing import Optional

from ..i18n import N_, _
from ..moves import DRAW, Play
from ..reachable import end_of_hand
from ..round import Round
from ..rules import Rules
from ..tiles import Tile, tile_set
from ..words import tiles_count
from .answers import PASSES, Boolean, Code, Failed, Integer, _is_numpy_bool, call, describe
from .core import Exercise
from .hands import ends_of

__all__ = [
    "ALMOST_BLOCKED",
    "BLOCKER_HANDS",
    "STUCK",
    "almost_blocked",
    "line_position",
    "q1",
    "q2",
    "q3",
    "q4",
    "q5",
    "q6",
    "q7",
    "stuck_position",
]

#: Lesson 2's blocking position: seat 1 led, both have played in turn and seat 1 drew three
#: tiles on the way; the line's ends show 4 and 6, and the 6-4 is the last 4 still off it.
ALMOST_BLOCKED = "4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6".split()
#: Who holds what in that position: seat 0 (to play) holds the 6-4.
BLOCKER_HANDS = [["6-4", "0-0", "1-1"], ["6-6", "5-5", "3-3", "6-3", "5-3"]]

#: Exercise 3's line (ten tiles; seat 0 led and each seat has drawn a little).
LINE_Q3 = "2-1 1-1 1-3 3-6 6-1 1-4 4-2 2-0 0-1 1-5".split()


def almost_blocked(rules: Rules | str = "standard", seed: int = 2) -> Round:
    """Lesson 2's position under ``rules``, seat 0 to play 6-4 and block the game."""
    return Round.from_position(rules, hands=BLOCKER_HANDS, line=ALMOST_BLOCKED, seed=seed)


def line_position() -> Round:
    """Exercise 3's position: the line :data:`LINE_Q3`, seat 0 to play."""
    return Round.from_position("standard", hands=[["6-6", "5-3", "4-4"], ["6-5", "5-5", "3-2", "0-0"]],
                               line=LINE_Q3, seed=3)


#: Real positions for exercises 1 and 2: (preset, seed, moves) such that two RandomPlayers,
#: seeded seed and seed + 1, playing `moves` moves of the hand dealt from `seed`, leave a
#: player to move who cannot play, with 6 tiles in the boneyard and none of them fitting.
STUCK = {"standard": (683, 21), "dutch": (17, 28)}


def stuck_position(preset: str) -> Round:
    """A real position for exercises 1 and 2 (see :data:`STUCK`)."""
    from ..players import RandomPlayer

    seed, moves = STUCK[preset]
    r = Round.deal(preset, 2, seed=seed)
    players = [RandomPlayer(seed=seed + s) for s in range(2)]
    for _turn in range(moves):
        r.play(players[r.turn].choose(r.view(r.turn)))
    return r


def _drawn_in_one_turn(preset: str) -> int:
    """How many tiles the player to move draws in :func:`stuck_position` before the turn ends."""
    r = stuck_position(preset)
    seat, ends = r.turn, ends_of(r)
    assert r.boneyard_count == 6 and not any(isinstance(m, Play) for m in r.legal_moves())
    assert not any(t.has(ends[0]) or t.has(ends[1]) for t in r.boneyard)
    drawn = 0
    while r.turn == seat and DRAW in r.legal_moves():
        r.play(DRAW)
        drawn += 1
    return drawn


def _blocker_draws(preset: str) -> int:
    """Tiles seat 0 (the blocker) draws after blocking, before the hand ends."""
    r = almost_blocked(preset)
    r.play(Play(Tile(6, 4), "right"))
    while not r.is_over:
        r.play(r.legal_moves()[0])  # every move from here on is forced
    return sum(1 for e in r.history[1:] if e.seat == 0 and e.action == "draw")


def _line_is_blocked() -> bool:
    return line_position().is_blocked


def _test_is_blocked(is_blocked: object) -> Optional[str]:
    """Try ``is_blocked`` on positions of real hands (every play of random hands, blocked
    ones included); ``Round.is_blocked`` says what is right."""
    from ..players import RandomPlayer

    seen_blocked = 0
    for seed in range(60):
        r = Round.deal("standard", 2 + seed % 3, seed=seed)
        players = [RandomPlayer(seed=seed * 10 + s) for s in range(r.players)]
        while not r.is_over:
            r.play(players[r.turn].choose(r.view(r.turn)))
            if r.ends is None:
                continue
            on_line = [p.tile for p in r.line]
            shown = _("is_blocked(<the {tiles} of the line {line}>, {ends})").format(
                tiles=tiles_count(len(on_line), words=False), line=r.line, ends=r.ends)
            try:
                got = call(is_blocked, list(on_line), r.ends, shown=shown)
            except Failed as failed:
                return failed.message
            if not isinstance(got, bool) and not _is_numpy_bool(got):
                return _("{call} returned {given}; it should return True or False.").format(
                    call=shown, given=describe(got))
            right = r.is_blocked
            seen_blocked += right
            if got != right:
                left, end = r.ends
                if right:
                    return _("{call} returned False, but it is blocked: every tile showing {left} or {right} is on "
                             "the line.").format(call=shown, left=left, right=end)
                missing = next(t for t in tile_set(6) if (t.has(left) or t.has(end)) and t not in on_line)
                return _("{call} returned True, but {tile} is not on the line and matches an end.").format(
                    call=shown, tile=missing)
    assert seen_blocked, "the cases must include blocked layouts"
    return None


q1 = Exercise(
    1,
    "Standard rules: the boneyard holds 6 tiles and the player to move cannot play. At most how many tiles "
    "may they draw this turn? Give a whole number.",
    answer=Integer(),
    expected=lambda: _drawn_in_one_turn("standard"),
    nudges={
        6: N_("not all of them: what do the standard rules say about the last tiles of the boneyard?"),
        Rules.preset("standard").boneyard_floor: N_("that is how many tiles must stay in the boneyard; "
                                                 "how many may be taken?"),
    },
    hint=N_("In the standard rules some tiles always stay in the boneyard: "
         "`dl.Rules.preset('standard').boneyard_floor`."),
    solution=N_("The last two tiles are never drawn, so at most 6 - 2."),
    code="6 - dl.Rules.preset('standard').boneyard_floor",
)

q2 = Exercise(
    2,
    "Dutch rules: a player who cannot play draws one tile at a time. With 6 tiles in the boneyard and none of "
    "them playable, how many do they draw before passing? Give a whole number.",
    answer=Integer(),
    expected=lambda: _drawn_in_one_turn("dutch"),
    nudges={
        6: N_("the Dutch rules set a limit on drawing in one turn."),
        4: N_("that is what the boneyard floor allows; the Dutch rules also limit drawing in one turn."),
        3: N_("that is the family rules' limit; look up the Dutch one."),
    },
    hint=N_("Look at `dl.Rules.preset('dutch').draw_limit` and `dl.Rules.preset('dutch').boneyard_floor`."),
    solution=N_("The Dutch rules let a player draw at most two tiles in a turn, and the boneyard has more to spare."),
    code="dutch = dl.Rules.preset('dutch')\nmin(dutch.draw_limit, 6 - dutch.boneyard_floor)",
)

q3 = Exercise(
    3,
    "Is the layout `2-1 1-1 1-3 3-6 6-1 1-4 4-2 2-0 0-1 1-5` blocked? Answer True or False.",
    answer=Boolean(),
    expected=_line_is_blocked,
    nudges={True: N_("all seven 1s are down, but is a 1 showing at an end? Look at the two ends.")},
    hint=N_("Which numbers show at the two ends? Are all the tiles carrying those numbers on the table?"),
    solution=N_("The ends show 2 and 5, and tiles such as 2-2 and 5-5 are still to be played. "
             "(All seven 1s are down, but no 1 is at an end.) Section 6's proof says it too: "
             "a blocked double-six line shows the same number at both ends."),
    code="ex.line_position().is_blocked",
)

q4 = Exercise(
    4,
    "Predict, then check: the position of sections 3 and 4 under the Dutch rules (draw at most two, then pass; "
    "the last two tiles stay). Seat 0 plays 6-4 and blocks the game. How many tiles does seat 0 itself draw "
    "before the hand ends? Give a whole number.",
    answer=Integer(),
    expected=lambda: _blocker_draws("dutch"),
    nudges={
        0: N_("under the standard rules seat 0 draws nothing after the block; "
           "the Dutch rules make each player stop after two draws, so the drawing goes round the table."),
        9: N_("that is every tile drawn, by both players; how many of them does seat 0 take?"),
        5: N_("a Dutch player draws at most two tiles a turn, so seat 0's draws come in pairs; count the turns "
           "seat 0 draws in before only two tiles are left."),
    },
    hint=N_("After two draws a player who still cannot play passes; then it is the other player's turn to draw. "
         "Play the forced moves out as section 4 does, with `dl.Rules.preset('dutch')`."),
    solution=N_("The players draw two tiles each in turn until two tiles are left."),
    code=N_("r = ex.almost_blocked('dutch')\n"
            "r.play(dl.Play('6-4', 'right'))\n"
            "while not r.is_over:\n"
            "    r.play(r.legal_moves()[0])  # every move is forced\n"
            "print('; '.join(dl.narrate(r.history)))\n"
            "sum(1 for e in r.history[1:] if e.seat == 0 and e.action == 'draw')"),
)

q5 = Exercise(
    5,
    "Could a blocked two-player hand under the family rules (every tile may be drawn) end with 9 pips in one "
    "hand and 14 in the other? Answer True or False.",
    answer=Boolean(),
    expected=lambda: end_of_hand("family", [9, 14]).ok,
    nudges={True: N_("add the two numbers up and compare with what section 6 proved.")},
    hint=N_("What did section 6 prove about the pips left after a blocked double-six hand with an empty boneyard?"),
    solution=N_("9 + 14 = 23 is odd, but the pips left after a blocked double-six hand with an empty boneyard "
             "have the parity of the whole set, 168: they are even."),
    code="dl.reachable.end_of_hand('family', [9, 14]).ok",
)

q6 = Exercise(
    6,
    "Write a function `is_blocked(on_line, ends)`: `on_line` is the list of tiles on the line and `ends` the pair "
    "of numbers at its ends. Return True when no tile of the double-six set that is off the line shows either "
    "end number. Check it with `ex.q6.check(is_blocked)`: the engine tries it on every position of sixty real "
    "hands.",
    answer=Code(_test_is_blocked, what=N_("a function is_blocked(on_line, ends) that returns True or False"),
                example="def is_blocked(on_line, ends): ..."),
    expected=lambda: PASSES,
    hint=N_("Go through `dl.tile_set(6)`: is there a tile that is not in `on_line` and has either end number?"),
    hint_code="on_line = [dl.Tile(6, 6), dl.Tile(6, 4)]\nends = (6, 4)\n"
              "[t for t in dl.tile_set(6) if t not in on_line and (t.has(ends[0]) or t.has(ends[1]))][:3]",
    solution=N_("Blocked means every tile carrying an end number is already on the line."),
    code="def is_blocked(on_line, ends):\n"
         "    left, right = ends\n"
         "    return not any(t not in on_line and (t.has(left) or t.has(right)) for t in dl.tile_set(6))\n\n"
         "is_blocked",
)

q7 = Exercise(
    7,
    "Predict, then check: a double-nine set has each number on eleven tile halves (nine tiles with one, the "
    "double with two). Can a blocked double-nine layout show the same number at both ends? Answer True or False, "
    "then run the experiment below.",
    answer=Boolean(),
    expected=lambda: False,
    nudges={True: N_("redo section 6's count with eleven halves instead of eight: how many ends can show the number?")},
    hint=N_("Follow section 6's proof: the halves showing n are matched in pairs except those at the ends. "
         "Eleven is odd."),
    solution=N_("Eleven halves of the end number are all on the line; pairs of matched halves leave an odd number "
             "at the ends, so exactly one end shows it: the two ends differ. The experiment agrees."),
)
