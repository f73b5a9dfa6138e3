"""The play table's presenter: one :class:`~dominolab.session.TableState` in, one JSON
*snapshot* out, everything the browser draws and nothing it may not see.

A pure function of the state: no Jupyter, no lock, no change to anything.  Every number and
sentence on the table is computed here from the engine (the view of the seat whose tiles
show, ``Round.parse_move`` for where a tile can go, the result's own explanation, the rules'
``drawable``), so the browser holds no rule of its own.  Hidden tiles never get in: another
seat's hand appears only when the hand is over, or with ``open_hands`` for a computer player
(never for another person at the screen), and only the viewer's own drawn tiles are named.

Every sentence is built in the table's language (``TableState.language``; the English texts
are the source strings, unchanged), whatever thread calls :func:`present`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from .i18n import N_, NP_, _, language, ngettext, npgettext, pgettext
from .inference import known_voids
from .moves import DRAW, PASS, AmbiguousMoveError, IllegalMoveError, Move, Pass, Play, same_move
from .narration import narrate, turn_numbers
from .review import Choice, move_words
from .round import Round
from .session import CoachState, TableState, heard_by
from .table_words import keys
from .tiles import Tile
from .words import count_in_words, is_you, list_or, points_count

__all__ = ["SNAPSHOT_KEYS", "present"]


def _tile(tile: Tile) -> dict:
    return {"tile": str(tile), "high": tile.high, "low": tile.low, "spoken": tile.spoken}


def _action(move: Move) -> str:
    """A move's kind as the snapshot names it: "play", "pass" or "draw"."""
    return "play" if isinstance(move, Play) else ("pass" if isinstance(move, Pass) else "draw")


def _speaks_to_you(name: str) -> bool:
    """True when a seat's or a side's name takes the verb of "you" in English: "You win",
    "You & North win" (any other side, "East & West wins", as the table has always said)."""
    return is_you(name) or name.startswith("You ")


def _decimal(text: str) -> str:
    """A figure with the decimal mark of the current language ("0.5"; Spanish "0,5")."""
    return text.replace(".", pgettext("decimal mark", "."))


def present(state: TableState) -> dict:
    """The snapshot the browser draws for ``state`` (plain JSON data), in its language."""
    with language(state.language):
        return _present(state)


def _present(state: TableState) -> dict:
    r = state.round
    names = list(state.names)
    viewer = state.viewer
    view = r.view(viewer) if viewer is not None else None
    labels = _side_labels(state)
    snapshot: dict[str, Any] = {
        "seq": state.seq,
        "version": state.version,
        "ack": state.ack,
        "match_number": state.match_number,
        "hand_number": state.hand_number,
        "names": names,
        "players": r.players,
        "humans": list(state.humans),
        "viewer": viewer,
        "viewer_name": None if viewer is None else names[viewer],
        "screen": None if state.screen is None else {"seat": state.screen, "name": names[state.screen]},
        "offer": state.offer,
        "rules": {"name": state.rules.name, "said": state.rules.said_name, "can_draw": state.rules.can_draw},
        "line": _line(r),
        "line_said": _line_said(r.line),
        "lead_index": _lead_index(r, state.lead_tile),
        "ends": list(r.ends) if r.ends else None,
        "turn": r.turn,
        "turn_name": names[r.turn],
        "thinking": state.thinking,
        "your_turn": bool(view is not None and view.is_my_turn and state.offer is None),
        "hand": [],
        "drawn": [],
        "can_draw": False,
        "can_pass": False,
        "others": _others(state, view),
        "boneyard": _boneyard(state),
        "scoreboard": _scoreboard(state, labels),
        "log": _log(state),
        "last": _last(state),
        "status": _status(state, view),
        # What the screen reader hears: the same without "You drew ...", which the log's own
        # line for each draw says once.
        "status_said": _status(state, view, drew=False),
        "result": _result(state, labels),
        "message": None if state.message is None else {"kind": state.message[0], "text": state.message[1]},
        "hint": _hint(state.hint, state.hint_marks, state.hint_why),
        "hinting": state.hinting,
        "undo": {"policy": state.settings.undo, "available": state.undo_available,
                 "why_not": "" if state.undo_available else state.undo_reason, "count": state.undos},
        "in_progress": state.in_progress,
        "saving": state.saving,
        "ai_ms": [round(ms, 1) for ms in state.ai_ms],
        "options": {"open_hands": state.settings.open_hands, "hints": state.settings.hints,
                    "highlight_playable": state.settings.highlight_playable,
                    "pace_ms": round(state.settings.pace * 1000), "scale": state.settings.scale},
        "tournament": _tournament(state.tournament),
        "can_review": state.can_review,
        "reviews": _reviews(state),
        "coach": _coach(state.coach),
        "analysis": _analysis(state.analysis),
        # The letter keys, in the table's language (read from its labels: "r" draws in Spanish).
        "keys": keys(),
    }
    if view is not None:
        legal = view.legal if snapshot["your_turn"] else ()
        snapshot["hand"] = _hand(r, view, legal)
        snapshot["drawn"] = [str(t) for t in _drawn(r, viewer, view.hand)]  # type: ignore[arg-type]
        snapshot["can_draw"] = DRAW in legal
        snapshot["can_pass"] = PASS in legal
        drawn = set(snapshot["drawn"])
        for entry in snapshot["hand"]:
            entry["drawn"] = entry["tile"] in drawn
    return snapshot


#: The keys of every snapshot (the JS tests and the browser rely on them).
SNAPSHOT_KEYS = (
    "seq", "version", "ack", "match_number", "hand_number", "names", "players", "humans", "viewer",
    "viewer_name", "screen", "offer", "rules", "line", "line_said", "lead_index", "ends", "turn", "turn_name",
    "thinking",
    "your_turn", "hand", "drawn", "can_draw", "can_pass", "others", "boneyard", "scoreboard", "log", "last",
    "status", "status_said", "result", "message", "hint", "hinting", "undo", "in_progress", "saving", "ai_ms",
    "options", "tournament", "can_review", "reviews", "coach", "analysis", "keys",
)


def _reviews(state: TableState) -> list[dict]:
    """The "Review" buttons under a finished hand: one per person at the table (the first
    answers V)."""
    if not state.can_review:
        return []
    if len(state.humans) == 1:
        return [{"seat": state.humans[0], "text": _("Review this hand (V)")}]
    return [{"seat": s, "text": (_("Review {name}'s moves (V)") if i == 0 else _("Review {name}'s moves")).format(
        name=state.names[s])} for i, s in enumerate(state.humans)]


def _hand(r: Round, view: Any, legal: Sequence[Move]) -> list[dict]:
    """The viewer's tiles; for each playable one, the ends it can go to as different moves
    (two only when the engine would ask which: ``Round.parse_move`` decides)."""
    fits: dict[Tile, list[str]] = {}
    for move in legal:
        if isinstance(move, Play):
            fits.setdefault(move.tile, []).append(move.end)
    out = []
    for tile in view.hand:
        ends: list[str] = []
        if tile in fits:
            try:
                ends = [r.parse_move(tile).end]  # type: ignore[union-attr]
            except AmbiguousMoveError:
                ends = ["left", "right"]
            except IllegalMoveError:  # pragma: no cover - a listed move is legal
                ends = []
        out.append({**_tile(tile), "playable": bool(ends), "ends": ends, "drawn": False})
    return out


def _drawn(r: Round, viewer: int, hand: Sequence[Tile]) -> list[Tile]:
    """The tiles the viewer drew in their latest turn with draws, if still in hand."""
    collected: list[Tile] = []
    decided = False
    for event in reversed(r.history):
        if event.seat != viewer:
            continue
        if event.action == "draw":
            collected.append(event.tile)  # type: ignore[arg-type]
        elif collected or decided:
            break
        else:
            decided = True
    held = set(hand)
    return [t for t in reversed(collected) if t in held]


def _line(r: Any) -> list[dict]:
    """The line as drawn: ``r`` is a :class:`Round` or a :class:`~dominolab.view.View` (both
    hold the line and the public history)."""
    by: dict[Tile, int] = {}
    last = None
    for event in r.history:
        if event.action == "play":
            by[event.tile] = event.seat
            last = event.tile
    # Each tile is named as it lies, from the end it meets ("five-six" after "blank-five").
    return [{**_tile(p.tile), "spoken": p.spoken, "left": p.left, "right": p.right, "double": p.is_double,
             "by": by.get(p.tile), "last": p.tile is last, "index": i} for i, p in enumerate(r.line)]


def _line_said(line: Any) -> str:
    """What a screen reader says of the line: its tiles in chain order from the left end, each
    read from the end it meets, then both ends (the line's ``aria-label``)."""
    if not line:
        return _("The line is empty")
    left, right = line.ends
    return _("The line, from the left end: {tiles}. Left end {left}, right end {right}.").format(
        tiles=line.spoken, left=left, right=right)


def _lead_index(r: Any, lead: Any) -> Optional[int]:
    if lead is None:
        return None
    for i, placed in enumerate(r.line):
        if placed.tile is lead:
            return i
    return None


def _others(state: TableState, view: Any) -> list[dict]:
    r = state.round
    voids = known_voids(view) if (view is not None and state.settings.hints) else {}
    partner = state.rules.partner_of(state.viewer, r.players) if state.viewer is not None else None
    hands = r.hands
    out = []
    for seat in range(r.players):
        if seat == state.viewer:
            continue
        human = seat in state.humans
        shown = r.is_over or (state.settings.open_hands and not human)
        out.append({
            "seat": seat,
            "name": state.names[seat],
            "count": len(hands[seat]),
            "human": human,
            "partner": seat == partner,
            "thinking": state.thinking == seat,
            "to_move": r.turn == seat and not r.is_over,
            "tiles": [_tile(t) for t in hands[seat]] if shown else None,
            "lacks": sorted(voids.get(seat, {})),
        })
    return out


def _boneyard(state: TableState) -> dict:
    r = state.round
    count = r.boneyard_count
    drawable = state.rules.drawable(count)
    return {"count": count, "drawable": drawable, "stay": count - drawable}


def _side_labels(state: TableState) -> list[str]:
    return [" & ".join(state.names[s] for s in members) for members in state.round.sides]


def _scoreboard(state: TableState, labels: list[str]) -> dict:
    sides = []
    for index, (label, points) in enumerate(zip(labels, state.scores, strict=True)):
        members = state.round.sides[index]
        sides.append({"label": label, "points": points, "mine": state.viewer in members or (
            state.viewer is None and len(state.humans) == 1 and state.humans[0] in members),
            "progress": min(1.0, points / state.target) if state.target else 0.0,
            "winner": state.winner == index})
    hands = []
    for number, hand in enumerate(state.hand_points, start=1):
        best = max(hand)
        hands.append({"number": number, "points": list(hand),
                      "winner": labels[hand.index(best)] if best > 0 else None})
    result = None
    if state.match_over and state.winner is not None:
        winner = labels[state.winner]
        others = ", ".join(str(p) for i, p in enumerate(state.scores) if i != state.winner)
        # The verb agrees with the side: "you", a side of two (plural in Spanish), or one seat.
        if len(state.round.sides[state.winner]) > 1:
            sentence = (pgettext("team", "{winner} win the match, {points} to {others} (first to {target}).")
                        if _speaks_to_you(winner) else
                        pgettext("team", "{winner} wins the match, {points} to {others} (first to {target})."))
        else:
            sentence = (pgettext("you", "{winner} win the match, {points} to {others} (first to {target}).")
                        if _speaks_to_you(winner) else
                        _("{winner} wins the match, {points} to {others} (first to {target})."))
        result = sentence.format(winner=winner, points=state.scores[state.winner], others=others,
                                 target=state.target)
    return {"target": state.target, "sides": sides, "hands": hands, "match_over": state.match_over,
            "result": result}


def _log(state: TableState) -> list[dict]:
    """The whole hand in sentences, with undos and setting changes in their places.  Each
    turn carries its ``number`` (:func:`~dominolab.narration.turn_numbers`: the numbering
    a review and the lessons use too); a note has ``number`` None."""
    r = state.round
    events = heard_by(r.history, state.viewer)
    numbers = turn_numbers(events)
    out: list[dict] = []
    done = 0

    def told(start: int, end: int) -> list[dict]:
        firsts = [start + i for i, e in enumerate(events[start:end])
                  if i == 0 or numbers[start + i] != numbers[start + i - 1]]
        return [{"kind": "turn", "text": text, "number": numbers[first]}
                for text, first in zip(narrate(events[start:end], state.names), firsts, strict=True)]

    repeats = 1  # how many undos in a row the last line of the log says
    for note in sorted(state.notes, key=lambda n: n.at):
        at = min(note.at, len(events))
        between = told(done, at)
        out.extend(between)
        done = at
        if note.kind == "undo":
            text = _undo_text(note, state.names)
            if not between and out and out[-1]["kind"] == "undo" and out[-1]["said"] == text:
                # The same move taken back again from the same place: one line, saying how often.
                repeats += 1
                out[-1]["text"] = " ".join((text, _times(repeats)))
                continue
            repeats = 1
            out.append({"kind": "undo", "text": text, "number": None, "said": text})
        else:
            out.append({"kind": "setting", "text": _(note.text), "number": None})  # kept in English, said here
    out.extend(told(done, len(events)))
    for line in out:
        line.pop("said", None)
    return out


def _times(count: int) -> str:
    """The sentence after an undo said again from the same place: how many times in all."""
    return ngettext("That is {count} time in all.", "That is {count} times in all.", count).format(
        count=count_in_words(count))


def _undo_text(note: Any, names: Sequence[str]) -> str:
    """An undo in the log: the person's own move, and how many turns after it went too (not
    what they were: the tiles the others played are back in hands the viewer cannot see)."""
    who = names[note.seat] if note.seat is not None else _("Someone")
    own = note.turns[0] if note.turns else _("a move")
    if own.startswith(f"{who} "):
        own = own[len(who) + 1:]
    rest = len(note.turns) - 1
    you = is_you(who)
    if rest <= 0:
        sentence = pgettext("you", "{who} take back: {move}.") if you else _("{who} takes back: {move}.")
    elif you:
        sentence = npgettext("you", "{who} take back: {move}, and the {count} turn after it.",
                             "{who} take back: {move}, and the {count} turns after it.", rest)
    else:
        sentence = ngettext("{who} takes back: {move}, and the {count} turn after it.",
                            "{who} takes back: {move}, and the {count} turns after it.", rest)
    return sentence.format(who=who, move=own, count=count_in_words(rest))


def _last(state: TableState) -> Optional[dict]:
    """The last move: its seat, its action, and its own sentence as the viewer may hear it
    (``text``; the log's line for the turn may hold more: "You draw 1 (3-3) and play ...")."""
    history = state.round.history
    if not history:
        return None
    event = history[-1]
    heard = heard_by(history[-1:], state.viewer)
    return {"seat": event.seat, "action": event.action, "text": narrate(heard, state.names)[0]}


def _status(state: TableState, view: Any, drew: bool = True) -> str:
    r = state.round
    names = state.names
    if state.offer is not None:
        return state.offer
    if state.screen is not None:
        return _("Pass the screen to {name}. {name}: press Show my tiles when only you can see it.").format(
            name=names[state.screen])
    if r.is_over:
        if state.tournament is not None:
            over = state.match_over
            return _tournament_over(state.tournament, len(r.sides[0]) > 1) if over else _("The hand is over.")
        return _("The match is over.") if state.match_over else _("The hand is over.")
    if view is None or r.turn != state.viewer:
        who = names[r.turn]
        return (_("{who} is thinking…") if state.thinking == r.turn else _("{who} to play.")).format(who=who)
    drawn = _drawn(r, r.turn, view.hand) if r.turn_draws and drew else []
    prefix = _("You drew {tiles}.").format(tiles=", ".join(str(t) for t in drawn)) + " " if drawn else ""
    if r.ends is None:
        return prefix + _("Your lead: play any highlighted tile.")
    left, right = r.ends
    options = []
    if any(isinstance(m, Play) for m in view.legal):
        options.append(_("play a tile with a {left} or a {right}").format(left=left, right=right) if left != right
                       else _("play a tile with a {left}").format(left=left))
    if DRAW in view.legal:
        options.append(pgettext("choice", "draw"))
    if PASS in view.legal:
        options.append(pgettext("choice", "pass"))
    # Two choices, the first with its own "or" in it, are joined as whole clauses (a comma
    # before the Spanish "o"); other counts as a plain list.
    choices = pgettext("choices", "{first} or {second}").format(first=options[0], second=options[1]) \
        if len(options) == 2 else list_or(options)
    return prefix + _("Your turn: {choices}.").format(choices=choices)


def _result(state: TableState, labels: list[str]) -> Optional[dict]:
    r = state.round
    result = r.result
    if result is None:
        return None
    names = list(state.names)
    side = result.winning_side
    if side is None:  # a tie (blocked, or a 0-pip hand left beside the one that went out)
        title = _("A tie: nobody scores")
    else:
        who = labels[side]
        if len(r.sides[side]) > 1:  # the verb agrees with the side, as in the match's result
            title = (pgettext("team", "{who} win the hand") if _speaks_to_you(who)
                     else pgettext("team", "{who} wins the hand"))
        else:
            title = pgettext("you", "{who} win the hand") if _speaks_to_you(who) else _("{who} wins the hand")
        title = title.format(who=who)
    if result.reason == "domino":
        went = names[result.went_out]  # type: ignore[index]
        why = (_("{who} played your last tile (domino).") if is_you(went)
               else _("{who} played their last tile (domino).")).format(who=went)
    else:
        stay = state.rules.boneyard_floor if state.rules.can_draw else 0
        why = r.explain_block() or (
            ngettext("Nobody can play, and nobody may draw: the last {count} tile stay in the boneyard.",
                     "Nobody can play, and nobody may draw: the last {count} tiles stay in the boneyard.",
                     stay).format(count=count_in_words(stay)) if stay
            else _("Nobody can play, and nobody may draw."))
    mine = state.viewer if state.viewer is not None else (state.humans[0] if len(state.humans) == 1 else None)
    return {
        "title": title,
        "reason": result.reason,
        "why": why,
        "explanation": result.explain(names=names),
        "points": list(result.points),
        "side": side,
        "you_won": side is not None and mine is not None and mine in r.sides[side],
    }


def _hint(hint: Optional[tuple[Move, str]], marks: bool = True, why: str = "") -> Optional[dict]:
    """The hint's plain words (``text``), its figures (``why``, behind "Why?") and, when it
    names one move (``marks``), that move to mark."""
    if hint is None:
        return None
    move, text = hint
    action = _action(move)
    marked = move if marks and isinstance(move, Play) else None
    return {"text": text, "why": why or text, "action": action if marks else None,
            "tile": str(marked.tile) if marked is not None else None,
            "end": marked.end if marked is not None else None}


def _tournament(info: Optional[dict]) -> Optional[dict]:
    """Tournament mode: where the student is, and, at the end, the result to save."""
    if info is None:
        return None
    # The name the students know it by: its title, else the code they typed (as on the board).
    label = f"“{info['title']}”" if info["title"] else (info.get("code") or info["id"])
    saved = None
    if info["finished"] and info.get("kind") == "hub":
        saved = _("Every move is kept on the class hub: your teacher sees the result there.")
    elif info["finished"]:
        saved = (_("Your result is saved as {file}.").format(file=info["saved_to"]) if info["saved_to"] is not None
                 else info["save_error"] or _("Download your result and hand the file in."))
    banner = (_("Tournament {name} on the class hub — hand {hand} of {hands}") if info.get("kind") == "hub"
              else _("Tournament {name} — hand {hand} of {hands}")).format(name=label, hand=info["hand"],
                                                                          hands=info["hands"])
    return {**info, "banner": banner, "saved_text": saved}


def _tournament_over(info: dict, team: bool) -> str:
    sentence = (_("The tournament is over: {name}'s side scored {points} in {hands}.") if team
                else _("The tournament is over: {name} scored {points} in {hands}."))
    hands = ngettext("one hand", "{count} hands", info["hands"]).format(count=count_in_words(info["hands"]))
    return sentence.format(name=info["name"], points=points_count(info["points"]), hands=hands)


# ---------------------------------------------------------------------------- the analysis board
_VERDICT_WORDS = {"best": NP_("verdict", "best"), "about as good": NP_("verdict", "about as good as the best"),
                  "worse": NP_("verdict", "worse")}


def _analysis(a: Any) -> Optional[dict]:
    """The analysis board on screen (a :class:`~dominolab.session.analysis.AnalysisState`):
    the position as the analysed seat knows it, the hand's moves with the way through them,
    and, once asked for, every legal move's value (plain words; the figures behind "Why?")."""
    if a is None:
        return None
    view = a.view
    names = list(a.names)
    over = view.is_over
    mine = not over and view.turn == a.seat
    who = names[view.turn]
    if over:
        status = _("The hand is over. Step back (←) to study a decision.")
    elif mine and a.evaluating:
        status = _("Your move: every move is being valued.")
    elif mine and a.values is not None:  # valued: the figures are on the board, no need to ask again
        status = _("Your move: every move is valued below. Play one to try it.")
    elif mine:
        status = _("Your move: press Evaluate (E) to value every move, or play one to try it.")
    else:
        status = _("{who} to move: add {who}'s move as the table saw it (a tile and its end, "
                   "'draws 2' or 'pass').").format(who=who)
    values = a.values
    rows = list(values) if values is not None else []
    moves = []
    points = [row.points for row in rows]
    low, high = (min(points), max(points)) if points else (0.0, 0.0)
    shown = [row.move for row in rows] if rows else (list(view.legal) if mine else [])
    # On two equal ends a tile makes the same line either way: shown once, as the review does.
    shown = [m for i, m in enumerate(shown) if not any(same_move(p, m, view.ends) for p in shown[:i])]
    for move in shown:
        row = values[move] if values is not None else None
        words = move_words(move, view)
        entry: dict[str, Any] = {
            "action": _action(move),
            "tile": _tile(move.tile) if isinstance(move, Play) else None,
            "words": words,
            # What the board's play() reads; a draw of your own names its tile, so it is typed.
            "send": (None if move is DRAW else "pass" if move is PASS else
                     f"lead {move.tile}" if view.ends is None else f"{move.tile} {move.end}"),
            "value": None,
        }
        if row is not None:
            share = 1.0 if high - low < 1e-9 else 0.1 + 0.9 * (row.points - low) / (high - low)
            verdict = pgettext("verdict", _VERDICT_WORDS[row.verdict]) if row.verdict in _VERDICT_WORDS else row.verdict
            net = _decimal(f"{row.points:+.1f}")
            figures = (_("{points} (exact) net points").format(points=net) if row.exact else
                       _("{points} ± {margin} net points").format(points=net, margin=_decimal(f"{row.margin:.1f}")))
            if row.chance is not None:
                figures = _("{figures}, {percent}% to win the match").format(figures=figures,
                                                                            percent=round(100 * row.chance))
            entry["value"] = {"verdict": row.verdict, "words": f"{words}: {verdict}", "figures": f"{words}: {figures}",
                              "bar": round(share, 3), "exact": row.exact}
        moves.append(entry)
    return {
        "rev": a.rev, "rules": a.rules_name, "names": names, "seat": a.seat, "turn": view.turn,
        "turn_name": who, "mine": mine, "over": over, "status": status,
        **_position(view),
        "hand": [_tile(t) for t in view.hand],
        "others": [{"seat": s, "name": names[s], "count": n} for s, n in enumerate(view.hand_counts) if s != a.seat],
        "boneyard": view.boneyard_count,
        "moves": moves,
        "evaluated": values is not None,
        "evaluating": a.evaluating,
        "says": values.says if values is not None else None,
        "why": values.why if values is not None else None,
        "exact": values is not None and values.method == "exact",
        "history": [{"path": list(path), "text": narrate([event], names)[0], "current": current, "number": i + 1}
                    for i, (path, event, current) in enumerate(a.line)],
        "at": a.at,
        "branches": [{"path": list(path), "text": narrate([event], names)[0]} for path, event in a.branches],
        "can_undo": a.can_undo, "can_redo": a.can_redo,
        "text": a.text, "error": a.error or None,
        "unseen": [{**_tile(t), "ends": list(ends)} for t, ends in a.unseen],
        "pick": {"tiles": [_tile(t) for t in a.tiles], "count": a.deal},
    }


# ---------------------------------------------------------------------------- the coach
_LABEL_WORDS = {"best": NP_("label", "Best move"), "good": NP_("label", "Good"),
                "inaccuracy": NP_("label", "Inaccuracy"), "mistake": NP_("label", "Mistake"),
                "blunder": NP_("label", "Blunder"), "forced": NP_("label", "Only move")}
_VERDICTS = {"correct": N_("Correct"), "incorrect": N_("Not this time")}


def _coach(coach: Optional[CoachState]) -> Optional[dict]:
    """The review or puzzle over the table: the position it shows, built from the engine's
    view of that moment, and the engine's own figures and sentences."""
    if coach is None:
        return None
    if coach.kind == "review":
        return _review(coach)
    return _puzzle(coach)


def _move_shown(move: Move, figures: Optional[Choice], view: Any = None) -> dict:
    action = _action(move)
    return {"action": action, "tile": _tile(move.tile) if isinstance(move, Play) else None,
            "end": move.end if isinstance(move, Play) else None, "words": move_words(move, view),
            "figures": figures.words() if figures is not None else None}


def _position(view: Any) -> dict:
    """A seat's view drawn as the table draws its hand in play: the line, the ends."""
    lead = None
    for e in view.history:
        if e.action == "play":
            lead = e.tile if e.ends is None else None
            break
    return {"line": _line(view), "line_said": _line_said(view.line), "lead_index": _lead_index(view, lead),
            "ends": list(view.ends) if view.ends else None}


def _review(coach: CoachState) -> dict:
    count = len(coach.decisions)
    out: dict[str, Any] = {
        "kind": "review", "status": coach.status, "done": coach.done, "total": coach.total,
        "progress_text": ngettext("Reviewing: {done} of {total} decision", "Reviewing: {done} of {total} decisions",
                                  coach.total).format(done=coach.done, total=coach.total),
        "index": coach.index, "count": count, "summary": coach.summary, "decision": None,
    }
    if coach.status != "running" and count:
        d = coach.decisions[coach.index]
        view = d.view
        out["decision"] = {
            **_position(view),
            "number": coach.index + 1,
            "move": d.index + 1,
            "turn": d.turn,
            "heading": _("Decision {number} of {count}: turn {turn} of the hand").format(
                number=coach.index + 1, count=count, turn=d.turn),
            "hand": [_tile(t) for t in view.hand],
            "played": _move_shown(d.played, d.chosen, d.view),
            "best": _move_shown(d.best.move, d.best, d.view),
            "same": d.best.move == d.chosen.move,
            "forced": d.forced,
            "label": d.label,
            "label_text": pgettext("label", _LABEL_WORDS[d.label]) if d.label in _LABEL_WORDS else d.label,
            "loss": round(d.loss, 1),
            "sentence": d.sentence(coach.who or None),
            "why": d.why(coach.who or None),
        }
    return out


def _puzzle(coach: CoachState) -> dict:
    p = coach.puzzle
    r = coach.round
    assert r is not None
    view = r.view(p.seat)
    answering = coach.status in ("asking", "incorrect")
    legal = view.legal if answering else ()
    feedback = None
    if coach.feedback is not None:
        status, text, why = coach.feedback
        # After a wrong answer, while the puzzle is still asked, the figures would give the
        # answer away (with two moves, the other is the best): they wait for the answer.
        feedback = {"status": status, "title": _(_VERDICTS[status]) if status in _VERDICTS else status.capitalize(),
                    "text": text,
                    "why": (why or None) if coach.status != "incorrect" else None}
    # A right answer's verdict is the answer's sentence, with its one "Why?"; the answer is
    # written again only when shown without one.
    shown = coach.status in ("correct", "solution")
    answered = coach.status == "solution"
    return {
        "kind": "puzzle", "status": coach.status, "id": p.id, "grade": p.grade, "question": p.question,
        "number": coach.number, "count": coach.count,
        **_position(view),
        "hand": _hand(r, view, legal),
        "can_answer": answering,
        "can_draw": DRAW in legal,
        "can_pass": PASS in legal,
        "others": [{"seat": s, "count": n} for s, n in enumerate(view.hand_counts) if s != p.seat],
        "boneyard": view.boneyard_count,
        "feedback": feedback,
        "best": {**_move_shown(p.best, None, view), "figures": p.figures()} if shown else None,
        "explanation": p.answer() if answered else None,
        "why": p.explain() if answered else None,
        "hint": p.hint_text() if coach.hint and not shown else None,
    }
