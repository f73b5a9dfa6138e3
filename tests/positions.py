"""Hand-built positions and random play shared by the tests."""

import dataclasses
import random

import dominolab as dl

#: The README's hand as the analysed seat wrote it down: that seat to move (4-0 or 4-3 on the
#: left, among others), with draws on both sides.
README_HAND = """\
rules: standard
seats: me, North
my tiles: 2-0 6-1 5-2 5-0 0-0 6-5 2-1
me: lead 5-0
North: 5-3 left
me: draws 1 (4-0), 0-0 right
North: 3-1 left
me: draws 1 (4-3), 2-1 left
North: 4-2 left
"""
#: Both ends show 4 and all seven 4s are on the line.
BLOCKED_FOURS = "4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6 6-4"
#: The same line without its last tile: ends 4 and 6, and 6-4 still out.
ALMOST_BLOCKED = "4-0 0-1 1-4 4-4 4-2 2-3 3-4 4-5 5-6"


def rules(preset: str = "standard", **changes) -> dl.Rules:
    """A preset with changes; the boneyard is drawn in the order a test lists it."""
    changes.setdefault("draw_from", "row-end")
    return dataclasses.replace(dl.Rules.preset(preset), **changes)


def position(preset="standard", hands=(), line="", boneyard=None, turn=0, rule_changes=None, **kw):
    return dl.Round.from_position(
        rules(preset, **(rule_changes or {})),
        hands=[h.split() for h in hands],
        line=line.split(),
        boneyard=None if boneyard is None else boneyard.split(),
        turn=turn,
        **kw,
    )


def rest_of_set(*used: str, max_pip: int = 6) -> str:
    """The tiles of a double-``max_pip`` set not named in ``used`` (heaviest first)."""
    taken = {dl.Tile.parse(t) for part in used for t in part.split()}
    return " ".join(str(t) for t in dl.tile_set(max_pip) if t not in taken)


def play_random(r: dl.Round, moves=None, seed: int = 0) -> dl.Round:
    """Play up to ``moves`` random legal moves (to the end of the hand when None); returns ``r``."""
    rng = random.Random(seed)
    played = 0
    while not r.is_over and (moves is None or played < moves):
        legal = r.legal_moves()
        r.play(legal[rng.randrange(len(legal))])
        played += 1
    return r


def to_move(preset: str, players: int, hands: int, seed: int):
    """Rounds with a seat to move, from ``hands`` hands played at random (each round is
    yielded before its next move is played, so read it before asking for the next)."""
    rng = random.Random(seed)
    for h in range(hands):
        r = dl.Round.deal(preset, players, seed=seed * 1000 + h)
        while not r.is_over:
            yield r
            moves = r.legal_moves()
            r.play(moves[rng.randrange(len(moves))])
