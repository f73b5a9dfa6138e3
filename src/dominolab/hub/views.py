"""Seat 0's view as JSON: what the service sends a student's kernel (standard library only, so
the client reads it with the same function it was written with)."""

from __future__ import annotations

from typing import Any

from ..view import View


def view_to_dict(view: View) -> dict[str, Any]:
    """What seat 0 may see, as JSON: its hand, the line, counts, the public history (drawn
    tiles hidden), its legal moves; nothing of any other hand or of the boneyard."""
    return {
        "seat": view.seat,
        "players": view.players,
        "rules": view.rules.name,
        "hand": [str(t) for t in view.hand],
        "line": [[str(p.tile), p.left, p.right] for p in view.line],
        "ends": None if view.ends is None else list(view.ends),
        "hand_counts": list(view.hand_counts),
        "boneyard_count": view.boneyard_count,
        "turn": view.turn,
        "turn_draws": view.turn_draws,
        "draw_counts": list(view.draw_counts),
        "history": [{"seat": e.seat, "action": e.action, "tile": None if e.tile is None else str(e.tile),
                     "end": e.end, "ends": None if e.ends is None else list(e.ends)} for e in view.history],
        "leader": view.leader,
        "legal": [str(m) for m in view.legal],
        "lead": [str(t) for t in view.lead],
        "is_over": view.is_over,
        "result": None if view.result is None else view.result.to_dict(),
    }
