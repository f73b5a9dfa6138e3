"""The story of a hand in words: consecutive actions of one seat told as one turn.

``narrate(round.history, names=["You", "West"])`` gives sentences such as
"West draws 2 and passes" or "You play 6-4 on the left": what a log, a lesson or a screen
reader says about the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Optional

from .i18n import N_, _
from .moves import Event
from .words import is_you, seat_name

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


#: One whole sentence for each kind of turn: (drew, what ended it) -> (for "you", for a name).
#: What ends a turn: a lead, a play on the left or the right, a pass, or nothing yet.
_TURNS = {
    (True, None): (N_("{you} draw {count}{shown}"), N_("{who} draws {count}{shown}")),
    (True, "lead"): (N_("{you} draw {count}{shown} and lead {tile}"),
                     N_("{who} draws {count}{shown} and leads {tile}")),
    (True, "left"): (N_("{you} draw {count}{shown} and play {tile} on the left"),
                     N_("{who} draws {count}{shown} and plays {tile} on the left")),
    (True, "right"): (N_("{you} draw {count}{shown} and play {tile} on the right"),
                      N_("{who} draws {count}{shown} and plays {tile} on the right")),
    (True, "pass"): (N_("{you} draw {count}{shown} and pass"), N_("{who} draws {count}{shown} and passes")),
    (False, "lead"): (N_("{you} lead {tile}"), N_("{who} leads {tile}")),
    (False, "left"): (N_("{you} play {tile} on the left"), N_("{who} plays {tile} on the left")),
    (False, "right"): (N_("{you} play {tile} on the right"), N_("{who} plays {tile} on the right")),
    (False, "pass"): (N_("{you} pass"), N_("{who} passes")),
}


def narrate(events: Iterable[Event], names: Optional[Sequence[str]] = None) -> list[str]:
    """One sentence per turn, in the current language.  ``names`` gives each seat's name
    ("Seat 0" ... by default, :func:`dominolab.words.seat_name`); the name "You" (in any
    case) takes the verb without an s ("You draw 2")."""
    sentences = []
    for run in turns(events):
        seat = run[0].seat
        who = names[seat] if names else seat_name(seat)
        draws = sum(1 for e in run if e.action == "draw")
        last = run[-1]
        shown = [str(e.tile) for e in run if e.action == "draw" and e.tile is not None]
        ended: Optional[str] = None
        if last.action == "play":
            ended = "lead" if last.ends is None else last.end
        elif last.action == "pass":
            ended = "pass"
        you = is_you(who)
        if you:
            who = who.strip()
            who = who[:1].upper() + who[1:]
        text = _(_TURNS[(draws > 0, ended)][0 if you else 1]).format(
            you=who, who=who, count=draws, tile=last.tile,
            shown=f" ({', '.join(shown)})" if shown and len(shown) == draws else "")
        # A sentence opens with a capital ("El asiento 0 sale con el 6-3"), a given name as given.
        sentences.append(text[:1].upper() + text[1:] if not names else text)
    return sentences
