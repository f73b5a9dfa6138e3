"""The rules of a Draw Dominoes game as one frozen, validated object.

Every dimension of the variant catalogue (R1-R18 in ``shared/rules/README.md``) is a
field of :class:`Rules`.  The round asks the rules object; it never tests a preset's name.
Presets are named instances with a title, a source and notes on the choices made where a
source is silent or ambiguous.  :meth:`Rules.describe` turns the fields into sentences.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Optional

from .tiles import MAX_PIP, Tile, tile_set
from .validate import excerpt, is_int
from .words import count_word, join_or, pip_word, plural

__all__ = ["FirstLeader", "LeadTile", "NextLeader", "Rules", "Scoring"]

FirstLeader = Literal[
    "highest-double", "top-double", "turn-up-lowest", "turn-up-highest", "lots", "first-seat"
]
LeadTile = Literal["any", "highest-double", "heaviest"]
NextLeader = Literal["rotate-left", "winner", "same", "first-hand-rule"]
BlockedLayout = Literal["draw-down", "ends-hand"]
StuckEnd = Literal["at-once", "after-passes"]
BlockedTie = Literal["nobody", "fewest-tiles", "lowest-heaviest-end", "blocker", "ignore-tied"]
Scoring = Literal["others-minus-own", "differences", "all-pips", "others", "one-point"]
TeamWinner = Literal["went-out", "fewest-pips", "player"]
DrawFrom = Literal["shuffled-stock", "row-end"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "first_leader": FirstLeader.__args__,
    "lead_tile": LeadTile.__args__,
    "next_leader": NextLeader.__args__,
    "blocked_layout": BlockedLayout.__args__,
    "stuck_end": StuckEnd.__args__,
    "blocked_tie": BlockedTie.__args__,
    "scoring": Scoring.__args__,
    "team_winner": TeamWinner.__args__,
    "draw_from": DrawFrom.__args__,
}

#: The hand sizes of the main rules: 2 players take 7, 3 or 4 take 5.
STANDARD_HAND_SIZES = {2: 7, 3: 5, 4: 5}
#: 100 points for two players or two partnerships, 61 for three or four sides.
STANDARD_TARGETS = {2: 100, 3: 61, 4: 61}


def _int_pairs(name: str, value: Any, what: str) -> tuple[tuple[int, int], ...]:
    """Normalise a mapping (or pairs) of whole numbers to a sorted tuple of pairs."""
    if isinstance(value, Mapping):
        items = list(value.items())
    else:
        try:
            items = [tuple(pair) for pair in value]
        except TypeError:
            raise ValueError(f"{name} must be a mapping of {what}, got {value!r}") from None
    pairs = {}
    for item in items:
        if len(item) != 2:
            raise ValueError(f"{name} must be a mapping of {what}, got {value!r}")
        key, val = item
        if isinstance(key, str) and key.strip().isdigit():
            key = int(key)  # JSON turns int keys into strings
        if not is_int(key) or not is_int(val):
            raise ValueError(f"{name} must map whole numbers to whole numbers ({what}), got {value!r}")
        if key in pairs:
            raise ValueError(f"{name} gives {key} twice")
        pairs[key] = val
    return tuple(sorted(pairs.items()))


@dataclass(frozen=True)
class Rules:
    """One complete set of rules.  Build it from a preset and change fields with
    ``dataclasses.replace``; a bad value raises ``ValueError`` naming the field.

    Settings that depend on the number of players (hand sizes, targets) are mappings
    from that number to the value; read them with :meth:`hand_size` and :meth:`target_for`.
    """

    #: The preset this object was built from ("custom" otherwise).  Not part of equality.
    name: str = field(default="custom", compare=False)

    # R1 — the tile set.
    max_pip: int = 6
    doubles: bool = True

    # R2, R3 — players and hand sizes.  The keys of ``hand_sizes`` are the player counts
    # these rules allow; a mapping or pairs such as ``{2: 7, 3: 5, 4: 5}``.
    hand_sizes: Any = field(default_factory=lambda: dict(STANDARD_HAND_SIZES))
    #: R2/R15: four players play as two teams sitting opposite (seats 0+2 against 1+3).
    partnerships: bool = False

    # R4-R6 — who leads, with what.
    first_leader: FirstLeader = "turn-up-highest"
    lead_tile: LeadTile = "any"
    next_leader: NextLeader = "rotate-left"

    # R7-R9 — drawing.
    #: Most tiles one turn may draw; ``None`` = until a playable tile comes; 0 = no drawing.
    draw_limit: Optional[int] = None
    draw_when_able: bool = True
    #: Tiles that always stay in the boneyard.
    boneyard_floor: int = 2
    #: Points a player pays for each tile drawn (R9's paying variant); 0 = free.
    draw_cost: int = 0

    # R10, R11 — blocked layouts and the end of the hand.
    blocked_layout: BlockedLayout = "draw-down"
    stuck_end: StuckEnd = "at-once"

    # R12-R14 — who wins a blocked hand and what the hand scores.
    blocked_tie: BlockedTie = "nobody"
    scoring: Scoring = "others-minus-own"
    #: Tiles counted at a special value, e.g. ``{"0-0": 13}``.
    tile_values: Any = field(default_factory=dict)

    # R15 — partnership scoring (only used when ``partnerships`` is on).
    team_winner: TeamWinner = "went-out"

    # R16 — match target: a whole number, or a mapping from the number of sides
    # (players, or teams) to the target.
    target: Any = field(default_factory=lambda: dict(STANDARD_TARGETS))

    # R17 — redeals.
    #: A hand with at least this many doubles is thrown in and all hands redealt.
    redeal_doubles: Optional[int] = None
    #: A hand with at least this many tiles showing one number is thrown in.
    redeal_suit: Optional[int] = None

    # R18 — how a tile is drawn.
    draw_from: DrawFrom = "shuffled-stock"

    # ------------------------------------------------------------------ validation
    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.name, str):
            raise ValueError(f"name must be a string, got {self.name!r}")
        for key, choices in _CHOICES.items():
            value = getattr(self, key)
            if value not in choices:
                raise ValueError(
                    f"{key} must be one of {', '.join(repr(c) for c in choices)}; got {value!r}"
                )
        for key in ("doubles", "partnerships", "draw_when_able"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(f"{key} must be True or False, got {getattr(self, key)!r}")

        if not is_int(self.max_pip) or not 1 <= self.max_pip <= MAX_PIP:
            raise ValueError(f"max_pip must be a whole number from 1 to {MAX_PIP}, got {self.max_pip!r}")
        set_size = self.set_size

        sizes = _int_pairs("hand_sizes", self.hand_sizes, "player count to tiles per hand")
        if not sizes:
            raise ValueError("hand_sizes must allow at least one player count")
        for players, size in sizes:
            if players < 2:
                raise ValueError(f"hand_sizes: a game needs at least 2 players, got {players}")
            if size < 1:
                raise ValueError(f"hand_sizes: {players} players must take at least 1 tile, got {size}")
            if players * size > set_size:
                raise ValueError(
                    f"hand_sizes: {players} hands of {size} need {players * size} tiles, "
                    f"but the set has {set_size}"
                )
        set_(self, "hand_sizes", sizes)
        if self.partnerships and 4 not in dict(sizes):
            raise ValueError("partnerships need 4 players, but hand_sizes does not allow 4")

        if self.first_leader == "top-double" and not self.doubles:
            raise ValueError("first_leader='top-double' needs a set with doubles")

        if self.draw_limit is not None and (not is_int(self.draw_limit) or self.draw_limit < 0):
            raise ValueError(f"draw_limit must be None or a whole number >= 0, got {self.draw_limit!r}")
        for key in ("boneyard_floor", "draw_cost"):
            value = getattr(self, key)
            if not is_int(value) or value < 0:
                raise ValueError(f"{key} must be a whole number >= 0, got {value!r}")

        values = {}
        raw = self.tile_values.items() if isinstance(self.tile_values, Mapping) else self.tile_values
        try:
            items = list(raw)
        except TypeError:
            raise ValueError(f"tile_values must map tiles to values, got {self.tile_values!r}") from None
        tiles_in_set = set(tile_set(self.max_pip, self.doubles))
        for item in items:
            if not isinstance(item, (tuple, list)) or len(item) != 2:
                raise ValueError(f"tile_values must map tiles to values, got {self.tile_values!r}")
            tile = Tile.coerce(item[0])
            value = item[1]
            if tile not in tiles_in_set:
                raise ValueError(f"tile_values: {tile} is not in this set")
            if not is_int(value) or value < 0:
                raise ValueError(f"tile_values: {tile} must count a whole number >= 0, got {value!r}")
            values[tile] = value
        set_(self, "tile_values", tuple(sorted(values.items(), reverse=True)))
        set_(self, "_values_by_id", {tile.id: value for tile, value in values.items()})

        if is_int(self.target):
            if self.target < 1:
                raise ValueError(f"target must be at least 1, got {self.target}")
        else:
            targets = _int_pairs("target", self.target, "number of sides to points")
            if not targets:
                raise ValueError("target must give at least one number of sides")
            for sides, points in targets:
                if sides < 2 or points < 1:
                    raise ValueError(f"target: {sides} sides to {points} points is not a valid target")
            set_(self, "target", targets)

        if self.redeal_doubles is not None and (
            not is_int(self.redeal_doubles) or self.redeal_doubles < 1
        ):
            raise ValueError(f"redeal_doubles must be None or a whole number >= 1, got {self.redeal_doubles!r}")
        if self.redeal_suit is not None and (not is_int(self.redeal_suit) or self.redeal_suit < 2):
            raise ValueError(f"redeal_suit must be None or a whole number >= 2, got {self.redeal_suit!r}")

    # ------------------------------------------------------------------ derived facts
    @property
    def set_size(self) -> int:
        """Number of tiles in the set."""
        n = self.max_pip + 1
        return n * (n + 1) // 2 if self.doubles else n * (n - 1) // 2

    @property
    def tiles(self) -> list[Tile]:
        """The tiles of the set, heaviest first."""
        return tile_set(self.max_pip, self.doubles)

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players these rules allow."""
        return tuple(players for players, _ in self.hand_sizes)

    def hand_size(self, players: int) -> int:
        """Tiles dealt to each of ``players`` players (R3)."""
        for count, size in self.hand_sizes:
            if count == players:
                return size
        raise ValueError(
            f"these rules ({self.name}) are for {join_or(self.player_counts)} players, not {excerpt(players)}"
        )

    def seating(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The seats of each scoring side: the two partnerships, partners sitting opposite
        (seats 0 and 2 against 1 and 3), or one seat each.  The one home of that fact."""
        if self.partnerships and players == 4:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(players))

    def sides(self, players: int) -> int:
        """How many scoring sides ``players`` players form: teams or single players."""
        return len(self.seating(players))

    def side_of(self, seat: int, players: int) -> int:
        """The scoring side (index into :meth:`seating`) that ``seat`` plays for."""
        return next(i for i, members in enumerate(self.seating(players)) if seat in members)

    def partner_of(self, seat: int, players: int) -> Optional[int]:
        """``seat``'s partner in partnership play, else ``None``."""
        members = self.seating(players)[self.side_of(seat, players)]
        return next((s for s in members if s != seat), None)

    def drawable(self, boneyard_count: int) -> int:
        """How many of ``boneyard_count`` boneyard tiles may still be drawn (R7, R9): none
        without drawing, else all but the floor."""
        if not self.can_draw:
            return 0
        return max(0, boneyard_count - self.boneyard_floor)

    def hand_value(self, tiles: Iterable[Tile]) -> int:
        """What ``tiles`` count when a hand is scored: pips, with special values (R14)."""
        return sum(self.tile_value(t) for t in tiles)

    def target_for(self, sides: int) -> int:
        """The match target for ``sides`` sides (R16)."""
        if is_int(self.target):
            return self.target
        table = dict(self.target)
        if sides in table:
            return table[sides]
        # Fall back to the nearest smaller number of sides given, else the smallest.
        smaller = [s for s in table if s < sides]
        return table[max(smaller)] if smaller else table[min(table)]

    def tile_value(self, tile: Tile) -> int:
        """What ``tile`` counts when hands are scored (R14): its pips unless special."""
        return self._values_by_id.get(tile.id, tile.pips)

    @property
    def can_draw(self) -> bool:
        """True when these rules allow drawing at all."""
        return self.draw_limit != 0

    # ------------------------------------------------------------------ presets
    @classmethod
    def coerce(cls, rules: Any) -> Rules:
        """``rules`` itself, or the preset it names: what every "rules" argument accepts."""
        if isinstance(rules, Rules):
            return rules
        if isinstance(rules, str):
            return cls.preset(rules)
        raise ValueError(f"rules must be a Rules object or a preset name, got {excerpt(rules)}")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset; see :meth:`presets` for the names."""
        try:
            return _PRESETS[name].rules
        except (KeyError, TypeError):
            raise ValueError(
                f"no preset named {excerpt(name)}; choose one of {', '.join(_PRESETS)}"
            ) from None

    @staticmethod
    def presets() -> list[str]:
        """Names of the presets, in the order lessons present them."""
        return list(_PRESETS)

    @property
    def title(self) -> str:
        """The preset's title ("Standard Draw Dominoes"), or "Custom rules"."""
        info = _PRESETS.get(self.name)
        return info.title if info is not None else "Custom rules"

    @property
    def source(self) -> str:
        """Which rule source the preset follows ("" for custom rules)."""
        info = _PRESETS.get(self.name)
        return info.source if info is not None else ""

    # ------------------------------------------------------------------ records
    def to_dict(self) -> dict:
        """The rules as plain JSON-safe data (every field)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in ("hand_sizes",) or (f.name == "target" and not is_int(value)):
                value = {str(k): v for k, v in value}
            elif f.name == "tile_values":
                value = {str(tile): v for tile, v in value}
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` output; unknown keys are an error."""
        if not isinstance(data, Mapping):
            raise ValueError(f"rules must be a mapping of fields, got {type(data).__name__}")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rules field(s): {', '.join(unknown)}")
        return cls(**data)

    def changes_from(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """Fields whose values differ from ``other``: name -> (other's, ours)."""
        return {
            f.name: (getattr(other, f.name), getattr(self, f.name))
            for f in dataclasses.fields(self)
            if f.compare and getattr(self, f.name) != getattr(other, f.name)
        }

    # ------------------------------------------------------------------ words
    def describe(self) -> str:
        """Every setting in plain language, with the preset's source and the choices made
        where the source is silent.  Meant to be printed in a lesson."""
        lines: list[str] = []
        info = _PRESETS.get(self.name)
        if info is not None:
            changes = self.changes_from(info.rules)
            lines.append(f"{info.title} (preset {self.name!r})")
            lines.append(f"Source: {info.source}")
            if changes:
                changed = ", ".join(f"{k}={v[1]!r}" for k, v in changes.items())
                lines.append(f"Changed from the preset: {changed}.")
        else:
            lines.append(f"Custom rules ({self.name!r})")
        lines.append("")
        lines.extend(f"- {sentence}" for sentence in _describe_fields(self))
        if info is not None and info.notes and not self.changes_from(info.rules):
            lines.append("")
            lines.append("Where the source is silent or unclear:")
            lines.extend(f"- {note}" for note in info.notes)
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return self.describe().replace("\n- ", "\n* ").replace("\n", "  \n")


# ---------------------------------------------------------------------- descriptions
def _describe_fields(r: Rules) -> list[str]:
    out = []
    kind = f"double-{pip_word(r.max_pip)}"
    if r.doubles:
        out.append(f"Tiles (R1): a {kind} set of {r.set_size} tiles.")
    else:
        out.append(f"Tiles (R1): a {kind} set without doubles, {r.set_size} tiles.")
    teams = (
        " Four players play as two partnerships, partners sitting opposite (seats 0 and 2 against 1 and 3)."
        if r.partnerships else " Everyone plays alone."
    )
    out.append(f"Players (R2): {join_or(r.player_counts)}.{teams}")
    by_size: dict[int, list[int]] = {}
    for players, size in r.hand_sizes:
        by_size.setdefault(size, []).append(players)
    parts = [f"{join_or(p)} players take {s}" for s, p in by_size.items()]
    leftover = any(players * size < r.set_size for players, size in r.hand_sizes)
    out.append("Hands (R3): " + "; ".join(parts) + ("; the rest form the boneyard." if leftover
                                                   else "; every tile is dealt, so there is no boneyard."))
    out.append("First lead (R4, R5): " + {
        "highest-double": "the holder of the highest double leads (if nobody holds a double, the holder of the heaviest tile).",
        "top-double": f"the holder of the {pip_word(r.max_pip)}-{pip_word(r.max_pip)} leads; if it is in the boneyard, players draw in turn until someone gets it.",
        "turn-up-lowest": "each player turns up a tile from the shuffled set and the lowest leads (ties turn up again); the tiles go back before the deal.",
        "turn-up-highest": "each player turns up a tile from the shuffled set and the highest leads (ties turn up again); the tiles go back before the deal.",
        "lots": "each player turns up a tile; the total divided by the number of players, plus one, counted round the table from the first seat, names the leader.",
        "first-seat": "the first seat (seat 0) leads.",
    }[r.first_leader] + " " + {
        "any": "The first tile may be any tile.",
        "highest-double": "He must lead his highest double, or his heaviest tile if he holds no double.",
        "heaviest": "He must lead his heaviest tile.",
    }[r.lead_tile])
    out.append("Later leads (R6): " + {
        "rotate-left": "the lead passes to the left (the next seat) each hand, with any tile.",
        "winner": "the winner of the last hand leads, with any tile; after a hand nobody won, the first-hand rule decides.",
        "same": "the same player leads every hand, with any tile.",
        "first-hand-rule": "every hand is led by the same rule as the first.",
    }[r.next_leader])
    if r.draw_limit == 0:
        out.append("Drawing (R7, R8): none, as in the Block game: a player who cannot play passes, and any tiles left after the deal are set aside.")
    else:
        if r.draw_limit is None:
            unable = "a player who cannot play draws one tile at a time until he can"
        else:
            unable = (
                f"a player who cannot play draws one tile at a time, at most {count_word(r.draw_limit)} a turn, "
                "and passes if none of them fits"
            )
        able = (
            "drawing is also allowed when able to play, even after drawing a playable tile (to hunt for a blocking tile)."
            if r.draw_when_able else "drawing is not allowed while holding a playable tile."
        )
        out.append(f"Drawing (R7, R8): {unable}; {able} The leader does not draw before the first tile.")
        floor = (
            "every tile may be drawn" if r.boneyard_floor == 0
            else f"the last {count_word(r.boneyard_floor)} tiles always stay in the boneyard"
        )
        cost = "" if r.draw_cost == 0 else f" Each tile drawn costs its drawer {plural(r.draw_cost, 'point')}."
        draw_from = (
            "Tiles are drawn from a shuffled stock." if r.draw_from == "shuffled-stock"
            else "Tiles are drawn from one end of a row laid out after the deal; nobody chooses which."
        )
        out.append(f"Boneyard (R9, R18): {floor}; when a player cannot play or draw he passes.{cost} {draw_from}")
    if r.blocked_layout == "ends-hand":
        blocked = "the hand ends at once and is scored; nobody draws."
    elif not r.can_draw:
        blocked = "everyone passes, so the hand ends and is scored."
    elif r.draw_limit is None:
        blocked = "play goes on, so the next player must draw all the boneyard he may before passing."
    else:
        blocked = "play goes on, so each player in turn draws as many as he may and passes, until the boneyard is down to its floor."
    out.append("Blocked layout (R10): when both ends show numbers whose tiles are all down, " + blocked)
    out.append("End of hand (R11): when a player plays his last tile (dominoes), or when nobody can play or draw; " + {
        "at-once": "the referee ends a stuck hand at once.",
        "after-passes": "a stuck hand ends once every player has passed in turn (saying \"Go\").",
    }[r.stuck_end])
    out.append("Blocked hand winner (R12): the fewest pips wins; on a tie " + {
        "nobody": "nobody scores.",
        "fewest-tiles": "the tied player with fewest tiles wins (still tied: nobody scores).",
        "lowest-heaviest-end": "the tied player whose highest single half is lowest wins (still tied: nobody scores).",
        "blocker": "the player who made the last play wins if he is among the tied; otherwise nobody scores.",
        "ignore-tied": "the tied players are set aside and the fewest pips among the rest wins (nobody left: nobody scores).",
    }[r.blocked_tie])
    out.append("Hand score (R13): the winner " + {
        "others-minus-own": "scores the pips left in the other hands minus his own (never below zero).",
        "differences": "scores the sum of the differences between each other hand and his own (10 against 14 and 15 scores 4 + 5 = 9).",
        "all-pips": "scores every pip left in all hands, his own included.",
        "others": "scores the pips left in the other hands.",
        "one-point": "scores one point.",
    }[r.scoring] + " The others score nothing.")
    if r.tile_values:
        special = ", ".join(f"{t} counts {v}" for t, v in r.tile_values)
        out.append(f"Tile values (R14): {special}; every other tile counts its pips.")
    else:
        out.append("Tile values (R14): every tile counts its pips.")
    if r.partnerships:
        out.append("Partnerships (R15): " + {
            "went-out": "a team wins when one of its players dominoes; in a blocked hand the team with fewer pips wins. The scoring rule is applied to team totals.",
            "fewest-pips": "the team with fewer pips wins, even if the other team's player went out. The scoring rule is applied to team totals.",
            "player": "the hand is won and scored as if everyone played alone; partners add their scores.",
        }[r.team_winner])
    else:
        out.append("Partnerships (R15): not used.")
    if is_int(r.target):
        out.append(f"Match (R16): first to {r.target} points wins.")
    else:
        by_points: dict[int, list[int]] = {}
        for sides, points in r.target:
            by_points.setdefault(points, []).append(sides)
        parts = [
            f"{points} points with {join_or([count_word(s) for s in sides])} sides"
            for points, sides in by_points.items()
        ]
        out.append("Match (R16): the first side (a player, or a partnership) to reach the target wins: "
                   + "; ".join(parts) + ".")
    redeal = []
    if r.redeal_doubles is not None:
        redeal.append(f"a hand with {count_word(r.redeal_doubles)} or more doubles")
    if r.redeal_suit is not None:
        redeal.append(f"a hand with {count_word(r.redeal_suit)} or more tiles of one number")
    out.append(
        "Redeal (R17): " + (" or ".join(redeal) + " is thrown in and all hands are dealt again (automatically)."
                           if redeal else "never.")
    )
    return out


# ---------------------------------------------------------------------- presets
@dataclass(frozen=True)
class _Preset:
    rules: Rules
    title: str
    source: str
    notes: tuple[str, ...] = ()


def _make(name: str, title: str, source: str, notes: tuple[str, ...] = (), **fields: Any) -> _Preset:
    return _Preset(Rules(name=name, **fields), title, source, notes)


_PRESETS: dict[str, _Preset] = {
    p.rules.name: p
    for p in [
        _make(
            "standard",
            "Standard Draw Dominoes",
            "rule source 000, the main rules of the Draw game (the rule that the last two tiles "
            "stay is the English 'Domino Pool').",
            (
                "Its hand-size table is lost; we use 7 tiles for 2 players and 5 for 3 or 4, as sources 001 and 003 do.",
                "'The players draw for lead' does not say high or low: the highest tile turned up leads.",
                "A tied blocked hand scores nothing, as the source says; partnership play, when chosen, scores team totals.",
            ),
        ),
        _make(
            "basic",
            "Basic Draw Dominoes",
            "rule source 001, a common modern statement of the Draw game.",
            (
                "Drawing is described only for a player who cannot match, so drawing when able is not allowed.",
                "Every hand starts with the highest double, as the first does.",
                "The source plays to 100 whatever the number of players; a tied blocked hand scores nothing.",
            ),
            hand_sizes={2: 7, 3: 5, 4: 5},
            first_leader="highest-double",
            lead_tile="highest-double",
            next_leader="first-hand-rule",
            draw_when_able=False,
            boneyard_floor=0,
            team_winner="player",
            target=100,
        ),
        _make(
            "classic",
            "Classic Draw game",
            "rule source 002, the 19th-century statement (turning up for the pose, unlimited drawing, saying 'Go').",
            (
                "Scoring is deferred to the Block game, which the source does not give: the winner scores the pips left in the other hands.",
                "Hand sizes and targets are not given: we use 7 for 2 players, 5 for 3 or 4, and 100 or 61.",
                "Leading alternates; with more than two players it passes to the left.",
            ),
            first_leader="turn-up-lowest",
            lead_tile="any",
            next_leader="rotate-left",
            draw_when_able=True,
            boneyard_floor=0,
            stuck_end="after-passes",
            scoring="others",
        ),
        _make(
            "family",
            "Block and Draw (family rules)",
            "rule source 003, a family 'block and draw' statement for 2 to 5 players.",
            (
                "The source says both 'fewest bones' and 'lowest total' for a blocked hand: its worked example counts pips, so the lowest pip total wins.",
                "Every hand starts with the highest double; a tied blocked hand scores nothing.",
            ),
            hand_sizes={2: 7, 3: 7, 4: 5, 5: 5},
            first_leader="highest-double",
            lead_tile="highest-double",
            next_leader="first-hand-rule",
            draw_limit=3,
            draw_when_able=False,
            boneyard_floor=0,
            scoring="differences",
            target=100,
        ),
        _make(
            "puerto-rico",
            "Puerto Rican Draw",
            "rule source 000, the Puerto Rico variation of the main rules.",
            (
                "Settings the variation does not mention (the two tiles left in the boneyard, targets) follow the main rules.",
                "A tied blocked hand: nobody wins and the highest double starts the next hand (the other custom, the blocker wins, is blocked_tie='blocker').",
            ),
            hand_sizes={2: 7, 3: 7},
            first_leader="highest-double",
            lead_tile="highest-double",
            next_leader="winner",
            draw_when_able=False,
            scoring="others",
        ),
        _make(
            "dutch",
            "Dutch Draw",
            "rule source 000, the Dutch variation (after the Domino Plaza site).",
            ("Everything the variation does not mention follows the main rules.",),
            draw_limit=2,
            tile_values={"0-0": 13},
        ),
        _make(
            "arabic",
            "Draw with the Arabic blocked-game rule",
            "rule source 000, the rule reported from Arabic countries that a blocked layout ends the hand.",
            ("Everything else follows the main rules.",),
            blocked_layout="ends-hand",
        ),
        _make(
            "block",
            "Block game",
            "rule source 000, which notes that the Block game is the Draw game without the boneyard.",
            ("Hands, leads and scoring follow the main rules; the tiles left over are set aside.",),
            draw_limit=0,
            boneyard_floor=0,
            draw_when_able=False,
        ),
        _make(
            "austrian",
            "Austrian Draw (double-eight without doubles)",
            "rule source 000, the Austrian game on an 8-8 set without doubles (36 tiles).",
            ("Everything else follows the main rules.",),
            max_pip=8,
            doubles=False,
        ),
        _make(
            "partnership",
            "Partnership Dominoes",
            "rule source 000, the four-player partnership game with no boneyard (popular in Spain and Latin America).",
            (
                "Later hands: the lead passes to the left; the source does not say.",
                "Equal team totals in a blocked hand score nothing.",
            ),
            hand_sizes={4: 7},
            partnerships=True,
            first_leader="top-double",
            lead_tile="highest-double",
            next_leader="rotate-left",
            draw_limit=0,
            draw_when_able=False,
            boneyard_floor=0,
            scoring="all-pips",
            team_winner="went-out",
            target=100,
        ),
    ]
}
