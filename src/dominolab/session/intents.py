"""Intents: what a view sends the table, checked and carried out.

Intents are small dicts (what a click or a key sends): ``{"action": "play", "tile": "6-4",
"end": "left", "version": 12, "id": "v1-7"}``.  An intent must quote the version it was made
for, so a double click, a second view, or a click on a position that has since changed cannot
act twice or on the wrong position.  A refused intent changes nothing but the message shown.

This module holds the dispatcher (:func:`handle_intent`), the same from code (:func:`act`,
:func:`act_move`, :func:`ask_hint`) and the game's
own actions (a move, a hint, the next hand, a new match, passing the screen, carrying on with
a saved match, undo, a review), calling the table's parts for their share: the undo policy
(:mod:`.undo`), the coach (:mod:`.coach`, whose own intents are its ``act_*`` methods) and
autosave (:mod:`.persist`).  What a move and "Next hand" do, and which intents are refused, is
the table's mode's (:mod:`.modes`).

They are the session's own methods, written here as functions of the session (``self`` is
the :class:`~.table.TableSession`, which names each one in its class body): the dispatcher has
no state of its own.  A new intent is a function ``_act_<name>(self: TableSession, intent) ->
Optional[str]`` here (or an ``act_<name>`` method of the part whose job it is), named in
``TableSession``'s class body and given an entry in ``TableSession.actions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Union

from ..i18n import N_, _, said
from ..moves import (
    DRAW,
    PASS,
    InvalidMoveError,
    Move,
    Play,
    read_move_text,
)
from ..records import RecordError
from ..validate import excerpt, is_int
from .coach import _PuzzleRun
from .persist import _Restored
from .state import IntentError, _gentle, _parse_intent_move

if TYPE_CHECKING:
    from .table import TableSession

_CLIENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
#: What an ordinary table (``MatchMode.over_text``) says once the match is over: its English,
#: marked here for the catalog, is said in the table's language by :func:`_over_text`.
_MATCH_OVER = N_("The match is over; start a new match.")


def _over_text(self: TableSession) -> str:
    """What the table's mode says to a move or "Next hand" once it is all over, in the table's
    language (a mode's English text is said again from the catalog; a translated one is kept)."""
    return said(self._mode.over_text(self))


# ------------------------------------------------------------------ intents
def handle_intent(self: TableSession, intent: Any) -> dict:
    """Check and carry out one intent (what a click or a key sends), in the table's language.

    Returns ``{"ok": bool, "message": str}``; a refused intent changes nothing but the
    message shown.  The computer players then move (in the background when enabled)."""
    with self.speaking():  # every text an intent builds, here or in the parts, is the table's
        return _handle(self, intent)


def _handle(self: TableSession, intent: Any) -> dict:
    ack = None
    if isinstance(intent, dict):
        ident = intent.get("id")
        if isinstance(ident, (str, int)) and not isinstance(ident, bool):
            ack = str(ident)[:64]
    with self._lock:
        self._quiet += 1  # one snapshot per intent, sent below with its answer
        refused: Optional[IntentError] = None
        try:
            info = self._apply(intent)
        except IntentError as exc:
            refused = exc
        finally:
            self._quiet -= 1
        self._ack = ack
        if refused is not None:
            self._message = ("info" if getattr(refused, "gentle", False) else "error", str(refused))
            self._emit()
            return {"ok": False, "message": str(refused)}
        if not (isinstance(intent, dict) and intent.get("action") == "hello"):
            self._message = None if info is None else ("info", info)
        self._emit()
    self._hook("intent-applied")
    self._drain()
    self._coach.review_here()
    self._hints.here()
    self._analysis.here()
    return {"ok": True, "message": info or ""}


def _apply(self: TableSession, intent: Any) -> Optional[str]:
    """Check ``intent`` and carry it out (lock held).  Raises IntentError, changing nothing."""
    if not isinstance(intent, dict):
        raise IntentError(_("The table was sent something that is not an intent ({kind}); nothing was changed.")
                          .format(kind=type(intent).__name__))
    action = intent.get("action")
    if action == "next_round":  # the name the first version of the table used
        action = "next_hand"
    if action == "hello":
        return self._act_hello(intent)
    if not isinstance(action, str) or action not in self.actions:
        raise IntentError(_("Unknown action {action}; nothing was changed.").format(action=excerpt(action, 30)))
    ident = intent.get("id")
    if ident is not None and (isinstance(ident, bool) or not isinstance(ident, (str, int))):
        raise IntentError(_("The intent's id must be text or a number; nothing was changed."))
    version = intent.get("version")
    if not is_int(version):
        raise IntentError(_("The intent did not say which position it was for; nothing was changed."))
    if version != self._version:
        raise _gentle(_("The table had moved on when that arrived, so nothing was changed.") + " "
                      + self._whose_turn_sentence())
    if self._persist.offer is not None and action not in ("resume", "discard"):
        raise _gentle(_("First choose: carry on with the saved match, or start a new one."))
    if isinstance(self._coach.run, _PuzzleRun) and action in ("play", "draw", "pass", "undo", "hint"):
        raise _gentle(_("A puzzle is on the table: answer it, or close the puzzles to play on."))
    refusal = self._mode.refusals.get(action)
    if refusal is not None:
        raise IntentError(said(refusal))  # the mode's refusal, said in the table's language
    if self._analysis.open != action.startswith("analysis_") and action not in ("analysis_open", "resume", "discard"):
        raise _gentle(_("The analysis board is open: close it to play on.") if self._analysis.open
                      else _("The analysis board is not open."))
    return self.actions[action](intent)


# ------------------------------------------------------------------ the same, from code
def act(self: TableSession, action: str, **fields: Any) -> str:
    """Do what a click does, for the person to play, from code: wait for the computer
    players, send the intent for the current position, wait again.  A refusal raises
    :class:`IntentError` with the table's message; returns the message otherwise."""
    self.wait()
    with self._lock, self.speaking():
        screen = self._screen()
        if screen is not None and action in ("play", "draw", "pass", "hint", "undo"):
            self._viewer = screen  # code acts for the person to play: no screen to pass
            self._changed(moved=False)
        intent = {"action": action, "version": self._version, **fields}
    reply = self.handle_intent(intent)
    self.wait()
    if not reply["ok"]:
        raise IntentError(reply["message"])
    return reply["message"]


def act_move(self: TableSession, move: Union[Move, str]) -> None:
    """:meth:`act` for a move object or move text ("6-4 left", "draw", "pass")."""
    if isinstance(move, str):
        try:
            with self.speaking():  # the parser's complaint, in the table's language
                action, tile, end = read_move_text(move)
        except InvalidMoveError as exc:
            raise IntentError(str(exc)) from None
    elif isinstance(move, Play):
        action, tile, end = "play", move.tile, move.end
    elif move is DRAW or move is PASS:
        action, tile, end = str(move), None, None
    else:
        with self.speaking():
            raise IntentError(_("expected a move (Play, Draw, Pass or text like '6-4 left'), got {given}")
                              .format(given=excerpt(move)))
    if action == "play":
        self.act("play", tile=str(tile), end=end)
    else:
        self.act(action)


def ask_hint(self: TableSession, timeout: Optional[float] = 60.0) -> tuple[Move, str]:
    """The hint for the person to play: the suggested move and its reason (waits for the
    search, which runs in the background at a table that thinks there)."""
    self.act("hint")
    ready = self._hints.wait(timeout)
    with self._lock, self.speaking():
        if not ready:
            raise IntentError(_("The hint was not ready in time; ask again."))
        shown = self._hints.shown
        if shown is None:
            raise IntentError(_("The position changed before the hint was ready; ask again."))
        return shown.move, shown.text


def _act_hello(self: TableSession, intent: dict) -> Optional[str]:
    """A view says which browser it is in (its ``client`` id): autosaves are kept per
    browser, so a class on one Voilà server never sees each other's matches."""
    client = intent.get("client")
    if not isinstance(client, str) or not 1 <= len(client) <= 40 or not set(client) <= _CLIENT_CHARS:
        raise IntentError(_("The view's client id must be 1 to 40 letters, digits or dashes."))
    if self._persist.client is None:
        self._persist.client = client
        self._look_for_saved_match()
    return None


def _act_move(self: TableSession, intent: dict) -> Optional[str]:
    r = self._round
    if r.is_over:
        raise IntentError(_("The hand is over; press Next hand.") if not self._match.is_over
                          else _over_text(self))
    seat = r.turn
    if seat not in self.humans:
        raise _gentle(self._whose_turn_sentence())
    if self._viewer != seat:
        raise _gentle(_("Pass the screen to {name} first.").format(name=self.names[seat]))
    return self._mode.play(self, self._read_move(intent), seat)


def _read_move(self: TableSession, intent: dict) -> Move:
    """The legal move an intent means, through the engine's own parser."""
    action = intent["action"]
    r = self._round
    if action in ("draw", "pass"):
        text: Any = action
        end = None
    else:
        text = intent.get("tile")
        if not isinstance(text, str):
            raise IntentError(_("A play must name a tile such as '6-4'; nothing was changed."))
        if len(text) > 12:
            raise IntentError(_("{given} is not a tile; nothing was changed.").format(given=excerpt(text, 12)))
        end = intent.get("end")
        if end is not None and end not in ("left", "right"):
            raise IntentError(_("The end must be 'left' or 'right', not {given}; nothing was changed.")
                              .format(given=excerpt(end, 12)))
    return _parse_intent_move(r, text, end, self.names)


def _act_hint(self: TableSession, intent: dict) -> Optional[str]:
    if not self.settings.hints:
        raise IntentError(_("Hints are off at this table."))
    r = self._round
    if r.is_over or r.turn not in self.humans or self._viewer != r.turn:
        raise _gentle(self._whose_turn_sentence())
    # The search runs after this answer (in a thread, or here once the intent is answered),
    # so the snapshot says at once that a hint is being thought about, and Cancel can reach it.
    run = self._hints.ask(r.view(r.turn))
    if run is not None:
        run.started = self._threads.start(self._hints.worker, run, "dominolab-hint")
    return None


def _act_cancel_hint(self: TableSession, intent: dict) -> Optional[str]:
    """The person no longer wants the hint they asked for (the table's Cancel while it was
    thinking): the search stops at its next deal, the hint is taken off the table if it
    came; nothing else changes."""
    self._hints.drop()
    return None


def _act_next_hand(self: TableSession, intent: dict) -> Optional[str]:
    if not self._round.is_over:
        raise IntentError(_("The hand is still being played; finish it first."))
    if self._match.is_over:
        raise IntentError(_over_text(self))
    return self._mode.next_hand(self)


def _act_new_match(self: TableSession, intent: dict) -> Optional[str]:
    number = self._match_number + 1
    try:  # build everything first: a deal these rules cannot make leaves the old match as it was
        match = self._new_match_object(number)
        r = self._deal_next(match)
    except ValueError as exc:
        raise IntentError(_("A new match could not be dealt: {reason}.").format(reason=exc)) from None
    self._match, self._round, self._match_number = match, r, number
    self._notes = []
    self._changed(new_hand=True)
    return None


def _act_reveal(self: TableSession, intent: dict) -> Optional[str]:
    screen = self._screen()
    if screen is None:
        raise _gentle(_("The tiles are already showing."))
    self._viewer = screen
    self._changed(moved=False)
    return None


def _act_resume(self: TableSession, intent: dict) -> Optional[str]:
    offer = self._persist.offer
    if offer is None:
        raise IntentError(_("There is no saved match to carry on with."))
    try:
        restored = _Restored.read(offer.data, self._seats, self)
    except (RecordError, ValueError) as exc:
        self._persist.offer = None
        raise IntentError(_("The saved match could not be read ({reason}); this table starts afresh.")
                          .format(reason=exc)) from None
    self._persist.offer = None
    self._install(restored)
    self._persist.claim_key(offer.path.stem)
    return _("Carried on with your saved match.")


def _act_discard(self: TableSession, intent: dict) -> Optional[str]:
    if self._persist.offer is None:
        raise IntentError(_("There is no saved match to set aside."))
    self._persist.claim_key(self._persist.offer.path.stem)
    self._persist.offer = None
    self._changed(moved=False)
    return None


def _act_undo(self: TableSession, intent: dict) -> Optional[str]:
    seat = self._viewer
    mark, taken = self._undo.take_back(self.settings.undo, self._round, self.humans, self.names, seat)
    self._note("undo", seat=seat, turns=taken, at=mark)
    self._changed()
    return None


def _act_analysis_open(self: TableSession, intent: dict) -> Optional[str]:
    """Open the review's decision or the answered puzzle on screen in the analysis board
    (refused in a tournament, as the coach is)."""
    if not self._mode.coaching:
        raise IntentError(_("The analysis board is off in a tournament."))
    self._analysis.show(self._coach.board_here(self.names))
    return None


def _act_review(self: TableSession, intent: dict) -> Optional[str]:
    run = self._coach.review(intent, coaching=self._mode.coaching, hand=self._round, viewer=self._viewer,
                             humans=self.humans, names=self.names, key=(self._match_number, self.hand_number),
                             seed=self.seed)
    if not run.started:
        run.started = self._threads.start(self._coach.review_worker, run, "dominolab-review")
    return None
