"""The rules of a Draw Dominoes game as one frozen, validated object.

Every dimension of the variant catalogue (R1-R18 in ``shared/rules/README.md``) is a
field of :class:`Rules`.  The round asks the rules object; it never tests a preset's name.
Presets are named instances with a title, a source and notes on the choices made where a
source is silent or ambiguous.  :meth:`Rules.describe` turns the fields into sentences
(:mod:`dominolab.rules_text`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Optional, get_args

from .i18n import N_, NP_, _, pgettext
from .rules_text import _describe_fields
from .tiles import MAX_PIP, Tile, tile_set
from .validate import excerpt, is_int
from .words import count_in_words, list_or

__all__ = ["SOURCES", "FirstLeader", "LeadTile", "NextLeader", "Rules", "Scoring", "preset_words"]

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
    "first_leader": get_args(FirstLeader),
    "lead_tile": get_args(LeadTile),
    "next_leader": get_args(NextLeader),
    "blocked_layout": get_args(BlockedLayout),
    "stuck_end": get_args(StuckEnd),
    "blocked_tie": get_args(BlockedTie),
    "scoring": get_args(Scoring),
    "team_winner": get_args(TeamWinner),
    "draw_from": get_args(DrawFrom),
}

#: The rule sources of ``shared/rules/README.md``, by the titles lessons cite them by.
SOURCES: dict[str, str] = {
    "000": '"Draw Dominoes"',
    "001": '"Dominoes: Rules of Draw Dominoes", LearnPlayWin.net',
    "002": '"Dominoes - Draw Game", Post Illuminance',
    "003": '"Rules to Block and Draw Dominoes"',
}

#: Hand sizes when a source gives none: 2 players take 7, 3 or 4 take 5, as in
#: "Dominoes: Rules of Draw Dominoes" (the table of "Draw Dominoes" is lost).
STANDARD_HAND_SIZES = {2: 7, 3: 5, 4: 5}
#: "Draw Dominoes": 100 points for two players or two partnerships, 61 for three or four.
STANDARD_TARGETS = {2: 100, 3: 61, 4: 61}

#: Scoring rules that subtract the winning side's own pips.  With ``team_winner="went-out"``
#: they could leave a team that dominoes with nothing, so that pairing is refused.
_SUBTRACTS_OWN = ("others-minus-own", "differences")


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

    # R15 — partnership scoring (only used when ``partnerships`` is on).  "went-out": the
    # team of the player who dominoes wins (a blocked hand: fewer pips); "fewest-pips": the
    # team with fewer pips wins even against a domino; both apply ``scoring`` to the team
    # totals.  "player": each player wins and scores as if alone, counting the opponents'
    # hands only, and partners add their scores.
    team_winner: TeamWinner = "fewest-pips"

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
        """Check every field (the first wrong one raises ``ValueError`` naming it) and store
        the normalised forms of those given loosely (pairs, tile values, targets)."""
        self._check_kinds()
        self._check_hand_sizes()
        if self.first_leader == "top-double" and not self.doubles:
            raise ValueError("first_leader='top-double' needs a set with doubles")
        self._check_drawing()
        self._check_tile_values()
        self._check_target()
        self._check_redeals()

    def _check_kinds(self) -> None:
        """The name, each field with a fixed list of choices, the switches, and the highest
        number on a tile (R1)."""
        if not isinstance(self.name, str):
            raise ValueError(f"name must be a string, got {self.name!r}")
        for key, choices in _CHOICES.items():
            value = getattr(self, key)
            if value not in choices:
                raise ValueError(_("{key} must be one of {choices}; got {given}").format(
                    key=key, choices=", ".join(repr(c) for c in choices), given=repr(value)))
        for key in ("doubles", "partnerships", "draw_when_able"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(_("{key} must be True or False, got {given}").format(
                    key=key, given=repr(getattr(self, key))))

        if not is_int(self.max_pip) or not 1 <= self.max_pip <= MAX_PIP:
            raise ValueError(_("max_pip must be a whole number from 1 to {most}, got {given}").format(
                most=MAX_PIP, given=repr(self.max_pip)))

    def _check_hand_sizes(self) -> None:
        """R3: the hand sizes (stored as pairs), which the set must hold; R2, R15: the
        partnerships they allow (a team rule that could score a domino 0 refused)."""
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
        object.__setattr__(self, "hand_sizes", sizes)
        if self.partnerships and 4 not in dict(sizes):
            raise ValueError("partnerships need 4 players, but hand_sizes does not allow 4")
        if self.partnerships and self.team_winner == "went-out" and self.scoring in _SUBTRACTS_OWN:
            raise ValueError(
                f"team_winner='went-out' with scoring={self.scoring!r} can leave the team that dominoes "
                "with 0 points (its own pips, a partner's included, are subtracted); "
                "use scoring='others' (the losing team's pips, as \"Draw Dominoes\" pairs them) "
                "or team_winner='fewest-pips' (the team with fewer pips scores the difference)"
            )

    def _check_drawing(self) -> None:
        """R7-R9: the draw limit, the boneyard's floor and the draw cost."""
        if self.draw_limit is not None and (not is_int(self.draw_limit) or self.draw_limit < 0):
            raise ValueError(_("draw_limit must be None or a whole number >= 0, got {given}").format(
                given=repr(self.draw_limit)))
        for key in ("boneyard_floor", "draw_cost"):
            value = getattr(self, key)
            if not is_int(value) or value < 0:
                raise ValueError(_("{key} must be a whole number >= 0, got {given}").format(key=key, given=repr(value)))

    def _check_tile_values(self) -> None:
        """R14: the tiles that count a special value, stored heaviest first, and by tile id."""
        set_ = object.__setattr__
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

    def _check_target(self) -> None:
        """R16: the match's target, one number or one per number of sides (stored as pairs)."""
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
            object.__setattr__(self, "target", targets)

    def _check_redeals(self) -> None:
        """R17: when a deal is thrown in (too many doubles, or too many of one number)."""
        if self.redeal_doubles is not None and (
            not is_int(self.redeal_doubles) or self.redeal_doubles < 1
        ):
            raise ValueError(f"redeal_doubles must be None or a whole number >= 1, got {self.redeal_doubles!r}")
        if self.redeal_doubles is not None and not self.doubles:
            raise ValueError("redeal_doubles needs a set with doubles; this set has none (use None)")
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
        """The numbers of players these rules allow: the keys of ``hand_sizes``, or only 4
        when partners play (R2)."""
        if self.partnerships:
            return (4,)
        return tuple(players for players, _ in self.hand_sizes)

    def hand_size(self, players: int) -> int:
        """Tiles dealt to each of ``players`` players (R3)."""
        if not self.partnerships or players == 4:
            for count, size in self.hand_sizes:
                if count == players:
                    return int(size)
        text = (_("these rules ({name}) are for {counts} players (two partnerships), not {given}")
                if self.partnerships else _("these rules ({name}) are for {counts} players, not {given}"))
        raise ValueError(text.format(name=self.said_name, counts=list_or(self.player_counts), given=excerpt(players)))

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
            return int(self.target)
        table: dict[int, int] = dict(self.target)
        if sides in table:
            return table[sides]
        # Fall back to the nearest smaller number of sides given, else the smallest.
        smaller = [s for s in table if s < sides]
        return table[max(smaller)] if smaller else table[min(table)]

    def tile_value(self, tile: Tile) -> int:
        """What ``tile`` counts when hands are scored (R14): its pips unless special."""
        values: dict[int, int] = self.__dict__["_values_by_id"]  # set in __post_init__
        return values.get(tile.id, tile.pips)

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
        raise ValueError(_("rules must be a Rules object or a preset name, got {given}").format(given=excerpt(rules)))

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset; see :meth:`presets` for the names."""
        try:
            return _PRESETS[name].rules
        except (KeyError, TypeError):
            raise ValueError(_("no preset named {given}; choose one of {names}").format(
                given=excerpt(name), names=", ".join(_PRESETS))) from None

    @staticmethod
    def presets() -> list[str]:
        """Names of the presets, in the order lessons present them."""
        return list(_PRESETS)

    @property
    def said_name(self) -> str:
        """The preset's name as a word in the language of the moment, for a sentence: the
        name itself in English ("the standard rules"), an adjective in Spanish ("las reglas
        estándar", "las reglas familiares"); a custom name as it is."""
        return preset_words(self.name)

    @property
    def title(self) -> str:
        """The preset's title ("Standard Draw Dominoes"), or "Custom rules"."""
        info = _PRESETS.get(self.name)
        return _said(info.title) if info is not None else _("Custom rules")

    @property
    def source(self) -> str:
        """Which rule source the preset follows ("" for custom rules)."""
        info = _PRESETS.get(self.name)
        return _said(info.source) if info is not None else ""

    # ------------------------------------------------------------------ records
    def to_dict(self) -> dict[str, Any]:
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
            lines.append(_("{title} (preset {name})").format(title=self.title, name=repr(self.name)))
            lines.append(_("Source: {source}").format(source=self.source))
            if changes:
                changed = ", ".join(f"{k}={v[1]!r}" for k, v in changes.items())
                lines.append(_("Changed from the preset: {changes}.").format(changes=changed))
        else:
            lines.append(_("Custom rules ({name})").format(name=repr(self.name)))
        lines.append("")
        lines.extend(f"- {sentence}" for sentence in _describe_fields(self))
        choices = self.choices()
        if choices:
            lines.append("")
            lines.append(_("The engine's choices where the source is silent or unclear:"))
            lines.extend(f"- {note}" for note in choices)
        return "\n".join(lines)

    def choices(self) -> list[str]:
        """The engine's choices that apply to these settings, each with its source where
        there is one: the preset's notes on the settings still as the preset has them, then
        the readings every rules object with such settings gets, whatever its preset."""
        info = _PRESETS.get(self.name)
        out = []
        if info is not None:
            out = [_said(note.text) for note in info.notes if note.applies(self, info.rules)]
        return out + [text for text in _general_choices(self) if text not in out]

    def _repr_markdown_(self) -> str:
        return self.describe().replace("\n- ", "\n* ").replace("\n", "  \n")


# ---------------------------------------------------------------------- presets
@dataclass(frozen=True)
class _Note:
    """One of a preset's choices: it applies while every field in ``fields`` keeps the
    preset's value, and, with ``partners``, only in partnership play."""

    text: str
    fields: tuple[str, ...] = ()
    partners: bool = False

    def applies(self, rules: Rules, preset: Rules) -> bool:
        if self.partners and not rules.partnerships:
            return False
        return all(getattr(rules, f) == getattr(preset, f) for f in self.fields)


@dataclass(frozen=True)
class _Preset:
    rules: Rules
    title: str
    source: str
    notes: tuple[_Note, ...] = ()


def _make(name: str, title: str, source: str, notes: tuple[_Note, ...] = (), **fields: Any) -> _Preset:
    return _Preset(Rules(name=name, **fields), title, source, notes)


def _general_choices(r: Rules) -> list[str]:
    """The engine's readings that come with a setting, whatever the preset: each says which
    source it reads and what that source leaves open."""
    out = []
    counts = r.player_counts
    boneyard = any(r.set_size - n * r.hand_size(n) for n in counts)
    top = f"{r.max_pip}-{r.max_pip}"
    if r.first_leader == "top-double" and boneyard:
        if r.can_draw:
            out.append(_("Starting with the {top} is a variation in {main} (source 000): when nobody holds it, "
                         "the players draw in turn until someone gets it. The page does not say who draws first: "
                         "the engine starts from a seat chosen at random with the deal."))
            if r.boneyard_floor:
                out.append(_("The same page keeps the last {count} tiles in the boneyard and does not say what "
                             "happens when the {top} is among them: the engine throws the hand in and deals "
                             "again."))
        else:
            out.append(_("Starting with the {top} ({main}, source 000) needs drawing to find it when nobody "
                         "holds it; without drawing the engine deals again."))
    if r.can_draw and r.draw_limit == 2:
        out.append(_("The Dutch variation in {main} (source 000) has a player draw \"one or two\" tiles and pass "
                     "if that gives no playable tile. The engine reads it as: draw one, and when it does not fit, "
                     "a second must be drawn before passing (a player may not stop after one)."))
    elif r.can_draw and r.draw_limit is not None and r.draw_limit > 3:
        out.append(_("A player who cannot play must go on drawing until a tile fits or {limit} are drawn, as "
                     "{s003} (source 003) has it for three; no source gives {limit}."))
    zero = r.doubles and r.tile_value(Tile(0, 0)) == 0
    if zero and r.scoring == "others-minus-own" and not (r.partnerships and r.team_winner != "player"):
        out.append(_("{main} (source 000) scores every hand on the pips left: the lowest total wins and a tie "
                     "for it scores nothing. So a player who goes out while an opponent holds only the 0-0 "
                     "(0 pips) ties with them and nobody wins the hand; the engine reads every 'pips left in the "
                     "other hands minus their own' rule this way (the winner would score 0 anyway)."))
    return [text.format(top=top, count=count_in_words(r.boneyard_floor),
                        limit=count_in_words(r.draw_limit or 0), **_SOURCE_PARTS) for text in out]


def _said(message: str) -> str:
    """A preset's title, source or note in the current language, its sources named."""
    return _(message).format(**_SOURCE_PARTS)


_MAIN = SOURCES["000"]
#: The sources as a preset's texts name them: ``{main}`` (000), ``{s001}``...
_SOURCE_PARTS = {"main": _MAIN, "s001": SOURCES["001"], "s002": SOURCES["002"], "s003": SOURCES["003"]}
_STANDARD_NOTES = (
    _Note(N_("The page's table of hand sizes is lost: 2 players take 7 and 3 or 4 take 5, as in "
          "{s001} ({s003} gives three players 7)."), ("hand_sizes",)),
    _Note(N_("The page says the players draw for the lead, not whether high or low wins: the most pips "
          "turned up leads, tied players turn up again, and the first tile may be any tile."),
          ("first_leader", "lead_tile")),
    _Note(N_("In partnership play the page lists two team rules without saying which its main game uses: the "
          "team with fewer pips wins (even against a partner who went out) and scores the difference, or the "
          "team of the player who went out wins and scores the losing team's pips. The engine takes the first "
          "here, because the main rules already give every hand to the lowest total and score the difference; "
          "the other is team_winner='went-out' with scoring='others' (the partnership preset)."),
          ("team_winner", "scoring"), partners=True),
)
_PRESETS: dict[str, _Preset] = {
    p.rules.name: p
    for p in [
        _make(
            "standard",
            N_("Standard Draw Dominoes"),
            N_("the main rules of {main} (source 000), with the last two tiles left in the boneyard "
            "(what that page says is sometimes called 'Domino Pool' in England)."),
            _STANDARD_NOTES,
            team_winner="fewest-pips",
        ),
        _make(
            "basic",
            N_("Basic Draw Dominoes"),
            N_("{s001} (source 001), a common modern statement of the Draw game."),
            (
                _Note(N_("Drawing is described only for a player who cannot match, so drawing while able to play "
                      "is not allowed."), ("draw_when_able",)),
                _Note(N_("The page says who starts the game, not the later hands: every hand starts the same way."),
                      ("next_leader",)),
                _Note(N_("A tied blocked hand scores nothing (the page does not say)."), ("blocked_tie",)),
                _Note(N_("The page names the first player out the winner; when an opponent holds only the 0-0, "
                      "both count 0 and the engine calls it a tie, as {main} does (next note): "
                      "nobody scores either way."), ("scoring", "tile_values")),
            ),
            hand_sizes={2: 7, 3: 5, 4: 5},
            first_leader="highest-double",
            lead_tile="highest-double",
            next_leader="first-hand-rule",
            draw_when_able=False,
            boneyard_floor=0,
            stuck_end="after-passes",
            team_winner="player",
            target=100,
        ),
        _make(
            "classic",
            N_("Classic Draw game"),
            N_("{s002} (source 002), the 19th-century statement: turning up for the pose, "
            "unlimited drawing, saying 'Go'."),
            (
                _Note(N_("The page leaves scoring to the Block game, which it does not give: the winner scores the "
                      "pips left in the other hands."), ("scoring",)),
                _Note(N_("Hand sizes and targets are not given: 2 players take 7 and 3 or 4 take 5, playing to 100 "
                      "with 2 players and 61 with 3 or 4, as in the standard preset."), ("hand_sizes", "target")),
                _Note(N_("The lead 'alternates' between two players; with more it passes to the left."),
                      ("next_leader",)),
                _Note(N_("Tied players turn up again; a tied blocked hand scores nothing."),
                      ("first_leader", "blocked_tie")),
                _Note(N_("In partnership play (partnerships=True) the team of the player who went out wins and "
                      "scores the losing team's pips, one of the team rules of {main}."),
                      ("team_winner", "scoring"), partners=True),
            ),
            first_leader="turn-up-lowest",
            lead_tile="any",
            next_leader="rotate-left",
            draw_when_able=True,
            boneyard_floor=0,
            stuck_end="after-passes",
            scoring="others",
            team_winner="went-out",
        ),
        _make(
            "family",
            N_("Block and Draw (family rules)"),
            N_("{s003} (source 003), a family 'block and draw' statement for 2 to 5 players."),
            (
                _Note(N_("The page says both 'fewest bones' and 'lowest total' win a blocked game; its worked "
                      "example counts pips, so the lowest pip total wins.")),
                _Note(N_("It does not say who starts when nobody holds a double (the heaviest tile), who starts "
                      "later hands (the same rule as the first), or what a tie scores (nothing)."),
                      ("first_leader", "next_leader", "blocked_tie")),
                _Note(N_("It has a player draw only when they cannot match (they knock, then draw), and does not "
                      "say whether a player able to play may draw instead: the engine forbids it."),
                      ("draw_when_able",)),
                _Note(N_("In partnership play (partnerships=True) the team with fewer pips wins and scores the "
                      "difference, one of the team rules of {main}."),
                      ("team_winner", "scoring"), partners=True),
            ),
            hand_sizes={2: 7, 3: 7, 4: 5, 5: 5},
            first_leader="highest-double",
            lead_tile="highest-double",
            next_leader="first-hand-rule",
            draw_limit=3,
            draw_when_able=False,
            boneyard_floor=0,
            scoring="differences",
            team_winner="fewest-pips",
            target=100,
        ),
        _make(
            "puerto-rico",
            N_("Puerto Rican Draw"),
            N_("the Puerto Rico variation in {main} (source 000)."),
            (
                _Note(N_("What the variation does not mention follows the main rules: the last two tiles stay in "
                      "the boneyard, and the game is played to 100 with 2 players and 61 with 3."),
                      ("boneyard_floor", "target")),
                _Note(N_("If no double is dealt, the holder of the heaviest tile leads it; the winner of the last "
                      "hand may lead any tile."), ("first_leader", "lead_tile", "next_leader")),
                _Note(N_("A tied blocked hand: the variation gives two customs; here nobody wins and the highest "
                      "double starts the next hand (the other custom, the blocker wins, is "
                      "blocked_tie='blocker')."), ("blocked_tie",)),
            ),
            hand_sizes={2: 7, 3: 7},
            first_leader="highest-double",
            lead_tile="highest-double",
            next_leader="winner",
            draw_when_able=False,
            scoring="all-pips",
        ),
        _make(
            "dutch",
            N_("Dutch Draw"),
            N_("the Dutch variation in {main} (source 000), after the Domino Plaza site."),
            (_Note(N_("Everything the variation does not mention follows the standard preset, with its choices:")),
             *_STANDARD_NOTES),
            draw_limit=2,
            tile_values={"0-0": 13},
        ),
        _make(
            "arabic",
            N_("Draw with the Arabic blocked-game rule"),
            N_("{main} (source 000), the rule reported from Arabic countries that a blocked layout ends "
            "the hand at once."),
            (_Note(N_("Everything else follows the standard preset, with its choices:")), *_STANDARD_NOTES),
            blocked_layout="ends-hand",
        ),
        _make(
            "block",
            N_("Block game"),
            N_("{main} (source 000), which makes a Block game a Draw game by allowing the tiles left in the "
            "boneyard to be drawn: here they are not."),
            (_Note(N_("Hands, leads and scoring follow the standard preset, with its choices; the tiles left "
                   "after the deal are set aside:")), *_STANDARD_NOTES),
            draw_limit=0,
            boneyard_floor=0,
            draw_when_able=False,
        ),
        _make(
            "austrian",
            N_("Austrian Draw (double-eight without doubles)"),
            N_("the Austrian game in {main} (source 000), on an 8-8 set without doubles (36 tiles)."),
            (_Note(N_("Everything else follows the standard preset, with its choices:")), *_STANDARD_NOTES),
            max_pip=8,
            doubles=False,
        ),
        _make(
            "partnership",
            N_("Partnership Dominoes"),
            N_("{main} (source 000): its four-player partnership game, 7 tiles each with no boneyard and so "
            "no drawing, played by its main rules (draw for the lead, the lead passes to the left, 100 "
            "points in a partnership game) and its team scoring."),
            (
                _Note(N_("The page does not say whether high or low wins the draw for the lead: the most pips "
                      "turned up leads, and the first tile may be any tile. Starting with the 6-6, one of the "
                      "page's variations, is first_leader='top-double'."), ("first_leader", "lead_tile")),
                _Note(N_("Of the two team rules the page lists, without saying which one its partnership game "
                      "uses, the engine takes the one where the team of the player who went out wins and scores "
                      "the losing team's pips (a blocked hand goes to the team with fewer pips): in a game "
                      "without drawing, going out is what partners play for. The other rule, the standard "
                      "preset's, is team_winner='fewest-pips' with scoring='others-minus-own'."),
                      ("team_winner", "scoring"), partners=True),
                _Note(N_("Equal team totals in a blocked hand score nothing, as a tie does in the main rules."),
                      ("blocked_tie",), partners=True),
            ),
            hand_sizes={4: 7},
            partnerships=True,
            first_leader="turn-up-highest",
            lead_tile="any",
            next_leader="rotate-left",
            draw_limit=0,
            draw_when_able=False,
            boneyard_floor=0,
            scoring="others",
            team_winner="went-out",
            target=100,
        ),
    ]
}


#: The presets' names as words for a sentence, by name (see :attr:`Rules.said_name`).
_PRESET_WORDS = {
    "standard": NP_("preset", "standard"), "basic": NP_("preset", "basic"), "classic": NP_("preset", "classic"),
    "family": NP_("preset", "family"), "puerto-rico": NP_("preset", "puerto-rico"), "dutch": NP_("preset", "dutch"),
    "arabic": NP_("preset", "arabic"), "block": NP_("preset", "block"), "austrian": NP_("preset", "austrian"),
    "partnership": NP_("preset", "partnership"),
}


def preset_words(name: str) -> str:
    """A preset's name as a word in the language of the moment ("family"; "familiares" in
    Spanish, as in "las reglas familiares"); any other name as it is."""
    words = _PRESET_WORDS.get(name) if isinstance(name, str) else None
    return pgettext("preset", words) if words is not None else str(name)
