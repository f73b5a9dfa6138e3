"""What one seat may know about a round: the object players receive in ``choose(view)``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .moves import Event, Move
from .pieces import Hand, Line
from .rules import Rules
from .scoring import RoundResult
from .tiles import Tile

__all__ = ["View"]


@dataclass(frozen=True)
class View:
    """What one seat may know.  Players receive this in ``choose(view)``.

    It holds the seat's own hand, the line and ends, every seat's tile count, the
    boneyard count, the public history (``Event`` s; drawn tiles are hidden) and, when it
    is this seat's turn, its legal moves.  No other hand and no boneyard tile is in it.
    """

    rules: Rules
    seat: int
    players: int
    hand: Hand
    line: Line
    ends: Optional[tuple[int, int]]
    hand_counts: tuple[int, ...]
    boneyard_count: int
    turn: int
    turn_draws: int
    draw_counts: tuple[int, ...]
    history: tuple[Event, ...]
    leader: Optional[int]
    legal: tuple[Move, ...]
    is_over: bool
    result: Optional[RoundResult]
    set_aside: tuple[Tile, ...] = ()
    #: On an empty line, the tiles of this seat's hand it may lead with (R5); else empty.
    lead: tuple[Tile, ...] = ()

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves (empty when it is not its turn)."""
        return list(self.legal)

    @property
    def is_my_turn(self) -> bool:
        return self.turn == self.seat and not self.is_over

    @property
    def partner(self) -> Optional[int]:
        """The partner's seat in partnership play, else ``None``."""
        return self.rules.partner_of(self.seat, self.players)

    def fits(self, tile: Tile) -> bool:
        """True when ``tile`` could be played now on an open end.  On an empty line that
        means leading it: only the tiles the rules let this seat lead (:attr:`lead`)."""
        if self.ends is None:
            return tile in self.lead
        return bool(self.ends_for(tile))

    def ends_for(self, tile: Tile) -> tuple[str, ...]:
        """Where ``tile`` could go on the line now, whoever holds it: the ends whose number it
        shows ("left", "right"), only the first when both show the same number (either gives
        the same line), ``()`` when it fits neither; ``("lead",)`` on an empty line, which any
        tile opens as far as the line goes (which tiles a seat may lead is :attr:`lead`)."""
        if self.ends is None:
            return ("lead",)
        left, right = self.ends
        sides = tuple(side for side, n in (("left", left), ("right", right)) if tile.has(n))
        return sides[:1] if left == right else sides

    @property
    def unseen(self) -> list[Tile]:
        """Tiles this seat cannot see: in other hands or the boneyard, heaviest first."""
        seen = set(self.hand) | {p.tile for p in self.line} | set(self.set_aside)
        return [t for t in self.rules.tiles if t not in seen]

    def __repr__(self) -> str:
        return (f"<View seat {self.seat} of {self.players}: hand {self.hand}, line {self.line}, "
                f"counts {list(self.hand_counts)}, boneyard {self.boneyard_count}>")

    def _repr_svg_(self) -> str:
        from .render import view_svg

        return view_svg(self)

    def _repr_html_(self) -> str:
        # The picture as an <img> with alt text: shown even where SVG output is not trusted.
        from .render import picture_html

        return picture_html(self)
