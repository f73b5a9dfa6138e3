"""The story of a hand in words: consecutive actions of one seat told as one turn.

``narrate(round.history, names=["You", "West"])`` gives sentences such as
"West draws 2 and passes" or "You play 6-4 on the left": what a log, a lesson or a screen
reader says about the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Optional

from .moves import Event
from .words import conjugate, is_you

__all__ = ["narrate", "next_turn", "turn_numbers", "turns"]


def turns(events: Iterable[Event]) -> list[list[Event]]:
    """Group events into turns: a seat's draws together with the play or pass that ends them."""
    out: list[list[Event]] = []
    run: list[Event] = []
    for event in events:
        if run and event.seat != run[0].seat:
            out.append(run)
            run = []
        run.append(event)
        if event.action != "draw":
            out.append(run)
            run = []
    if run:
        out.append(run)
    return out


def turn_numbers(events: Iterable[Event]) -> list[int]:
    """Each event's turn number, counted from 1 as the log numbers its sentences (one turn
    per sentence of :func:`narrate`: a seat's draws and the play or pass that ends them).
    The one numbering of turns the table's log, a review and a lesson all use."""
    out: list[int] = []
    for number, run in enumerate(turns(events), start=1):
        out.extend([number] * len(run))
    return out


def next_turn(events: Sequence[Event], seat: int) -> int:
    """The number of the turn a move of ``seat`` made after ``events`` belongs to: the same
    turn as the last event when that was ``seat``'s own draw, else the next one."""
    numbers = turn_numbers(events)
    if not numbers:
        return 1
    last = events[-1]
    return numbers[-1] if (last.seat == seat and last.action == "draw") else numbers[-1] + 1


def narrate(events: Iterable[Event], names: Optional[Sequence[str]] = None) -> list[str]:
    """One sentence per turn.  ``names`` gives each seat's name ("Seat 0" ... by default);
    the name "You" (in any case) takes the verb without an s ("You draw 2")."""
    sentences = []
    for run in turns(events):
        seat = run[0].seat
        who = names[seat] if names else f"Seat {seat}"
        draws = sum(1 for e in run if e.action == "draw")
        last = run[-1]
        parts = []
        if draws:
            shown = [str(e.tile) for e in run if e.action == "draw" and e.tile is not None]
            what = f" ({', '.join(shown)})" if shown and len(shown) == draws else ""
            parts.append(f"{conjugate(who, 'draw')} {draws}{what}")
        if last.action == "play":
            if last.ends is None:
                parts.append(f"{conjugate(who, 'lead')} {last.tile}")
            else:
                parts.append(f"{conjugate(who, 'play')} {last.tile} on the {last.end}")
        elif last.action == "pass":
            parts.append(conjugate(who, "pass", "passes"))
        if is_you(who):
            who = who.strip()
            who = who[:1].upper() + who[1:]
        sentences.append(f"{who} " + " and ".join(parts))
    return sentences
