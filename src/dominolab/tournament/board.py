"""The leaderboard: results checked, compared and ranked, and its exports (text, HTML, CSV,
a chart), every name and file name shown safely."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from ..i18n import _, ngettext, npgettext, pgettext
from ..i18n import language as in_language
from ..validate import excerpt
from .checks import Checked, check_source
from .codes import Tournament
from .files import _begun_in, _played_in, _sources
from .findings import Finding, Identical, _claims, _compare, _look_alikes
from .plausible import far_above
from .seals import TournamentError, _normal_name


@dataclass
class Leaderboard:
    """Ranked, checked results; the results held back for the teacher (copies, splices:
    see :attr:`findings`); the files turned away (with the reason); and every pair of
    results that played some hands identically (:attr:`identical`, most of them honest)."""

    tournament: Tournament
    rows: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    held: list[dict[str, Any]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    identical: list[Identical] = field(default_factory=list)
    #: Every game begun at a table in the folder that has no result here (a student who gave
    #: up, or opened a new notebook and started again): name, entry key, hands dealt, moves
    #: made and the progress file, from the folder's progress files.
    unfinished: list[dict[str, Any]] = field(default_factory=list)

    def table(self, by: str = "points") -> str:
        """The standings as text: ``by`` "points" (total) or "duplicate"; in the tournament's
        language (or the language of the moment)."""
        with in_language(self.tournament.language):
            return self._table(by)

    def _table(self, by: str) -> str:
        rows = self.ranked(by)
        heads = [pgettext("board", "rank"), pgettext("board", "name"), pgettext("board", "points"),
                 pgettext("board", "duplicate"), pgettext("board", "won")]
        # each column as wide as in English, or as its heading (and two spaces) in another language
        w_rank = max(4, len(heads[0]))
        w_points, w_duplicate, w_won = (max(width, len(head) + 2) for width, head in
                                        zip((8, 11, 6), heads[2:], strict=True))
        lines = [f"{self.tournament}",
                 f"{heads[0]:>{w_rank}}  {heads[1]:<20}{heads[2]:>{w_points}}{heads[3]:>{w_duplicate}}"
                 f"{heads[4]:>{w_won}}"]
        for rank, row in rows:
            lines.append(f"{rank:>{w_rank}}  {_one_line(row['name'])[:20]:<20}{row['points']:>{w_points}}"
                         f"{row['duplicate']:>+{w_duplicate}}{row['hands_won']:>{w_won - 2}}/{self.tournament.hands}")
        for row in self.held:
            # English says "points" for one point too (its texts stay as they were)
            lines.append(ngettext("held for the teacher: {name} ({file}), {points} points: {reason}",
                                  "held for the teacher: {name} ({file}), {points} points: {reason}",
                                  row["points"]).format(name=_one_line(row["name"]), file=row["file"],
                                                        points=row["points"], reason=row["held"]))
        for finding in self.findings:
            lines.append(_("look at: {finding}").format(finding=finding))
        usual = sum(not pair.improbable for pair in self.identical)
        if usual:
            lines.append(ngettext("{count} pair of results played some hands identically with usual moves only "
                                  "(see .identical): common among honest students",
                                  "{count} pairs of results played some hands identically with usual moves only "
                                  "(see .identical): common among honest students", usual).format(count=usual))
        for source, reason in self.rejected:
            lines.append(_("rejected {file}: {reason}").format(file=_one_line(source), reason=reason))
        for game in self.unfinished:
            lines.append(_unfinished_text(game, self.tournament.hands, _one_line(game["name"]),
                                          _one_line(game["file"])))
        return "\n".join(lines)

    def ranked(self, by: str = "points") -> list[tuple[int, dict[str, Any]]]:
        """(rank, row) pairs, best first; equal scores share a rank."""
        if by not in ("points", "duplicate"):
            with in_language(self.tournament.language):
                raise TournamentError(_("rank by 'points' or 'duplicate', not {given}").format(given=excerpt(by)))
        rows = sorted(self.rows, key=lambda row: (-row[by], _normal_name(row["name"])))
        out: list[tuple[int, dict[str, Any]]] = []
        for i, row in enumerate(rows):
            rank = out[-1][0] if out and out[-1][1][by] == row[by] else i + 1
            out.append((rank, row))
        return out

    def to_csv(self, path: Union[str, Path, None] = None) -> str:
        """The standings as CSV (written to ``path`` when given); returns the text.  A name
        that a spreadsheet would read as a formula (it starts with = + - @, a tab or a
        carriage return) is written with a ' in front, so it shows as text."""
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["rank", "name", "points", "duplicate", "hands_won",
                         *(f"hand_{i + 1}" for i in range(self.tournament.hands))])
        for rank, row in self.ranked():
            writer.writerow([rank, _csv_text(row["name"]), row["points"], row["duplicate"], row["hands_won"],
                             *row["hand_points"]])
        text = buffer.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def plot(self, by: str = "points", ax: Any = None) -> Any:
        """A bar chart of the standings (matplotlib); returns the axes.  Names are drawn
        as typed (a $ or a backslash is not read as mathematics)."""
        with in_language(self.tournament.language):
            return self._plot(by, ax)

    def _plot(self, by: str, ax: Any) -> Any:
        import matplotlib.pyplot as plt

        rows = self.ranked(by)
        made = ax is None
        if ax is None:
            _figure, ax = plt.subplots(figsize=(7, 0.6 * max(len(rows), 2) + 1.2))
        values = [row[by] for _, row in rows][::-1]
        positions = list(range(len(values)))
        ax.barh(positions, values, color=["#2e7d32" if v >= 0 else "#c62828" for v in values])
        ax.set_yticks(positions)
        ax.set_yticklabels([_wrapped(_plain(row["name"])) for _, row in rows][::-1], usetex=False)
        label = _("total points") if by == "points" else _("duplicate score (points minus the computer's, same deals)")
        ax.set_xlabel(label)
        # English says "students" and "hands" for one too (its texts stay as they were)
        students = npgettext("chart", "{count} students", "{count} students", len(rows)).format(count=len(rows))
        hands = npgettext("chart", "{count} hands", "{count} hands", self.tournament.hands).format(
            count=self.tournament.hands)
        ax.set_title(_("{title}: {students}, {hands} each").format(
            title=_plain(self.tournament.title) or _("Tournament"), students=students, hands=hands), usetex=False)
        if by == "duplicate":
            ax.axvline(0, color="#555", linewidth=1)
        if made:  # room on the left for every name, drawn whole
            ax.figure.tight_layout()
        return ax

    def _repr_html_(self) -> str:
        with in_language(self.tournament.language):
            return self._html()

    def _html(self) -> str:
        from html import escape

        head = "".join(f"<th>{escape(h)}</th>" for h in (
            pgettext("board", "rank"), pgettext("board", "name"), pgettext("board", "points"),
            pgettext("board", "duplicate"), pgettext("board", "hands won")))
        body = "".join(
            f"<tr><td>{rank}</td><td>{escape(row['name'])}</td><td>{row['points']}</td>"
            f"<td>{row['duplicate']:+d}</td><td>{row['hands_won']}/{self.tournament.hands}</td></tr>"
            for rank, row in self.ranked())
        held = "".join("<li>" + ngettext("{name} ({file}), {points} points: {reason}",
                                         "{name} ({file}), {points} points: {reason}", row["points"]).format(
            name=escape(row["name"]), file=escape(row["file"]), points=row["points"], reason=escape(row["held"]))
            + "</li>" for row in self.held)
        look = "".join(f"<li>{escape(str(f))}</li>" for f in self.findings)
        rejected = "".join(f"<li>{escape(s)}: {escape(r)}</li>" for s, r in self.rejected)
        unfinished = "".join("<li>" + _unfinished_text(game, self.tournament.hands, escape(game["name"]),
                                                        escape(game["file"])) + "</li>" for game in self.unfinished)
        parts = ((_("Held for the teacher (not ranked):"), held), (_("Look at:"), look), (_("Rejected:"), rejected),
                 (_("Begun, with no result:"), unfinished))
        extra = "".join(f"<p>{escape(title)}</p><ul>{items}</ul>" for title, items in parts if items)
        return f"<table><caption>{escape(str(self.tournament))}</caption><tr>{head}</tr>{body}</table>{extra}"

    def __repr__(self) -> str:
        return self.table()


def _unfinished_text(game: dict[str, Any], hands: int, name: str, file: str) -> str:
    """A game begun with no result, in a line (``name`` and ``file`` as the page shows them)."""
    return ngettext("not finished: {name} began the tournament ({dealt} of {hands} hand dealt, {moves} moves; {file})",
                    "not finished: {name} began the tournament ({dealt} of {hands} hands dealt, {moves} moves; "
                    "{file})", hands).format(name=name, dealt=game["hands"], hands=hands, moves=game["moves"],
                                             file=file)


def _one_line(text: str) -> str:
    """``text`` with its control characters shown as spaces (a name on one line)."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


def _plain(text: str) -> str:
    """``text`` for a matplotlib label, drawn as typed: a $ would start mathematics
    ("$\\frac$" raises), so each is escaped; control characters become spaces."""
    return _one_line(text).replace("$", r"\$")


def _wrapped(text: str, width: int = 20) -> str:
    """A long name on lines of at most ``width`` characters (broken at spaces where it can),
    so that a chart's labels stay narrow enough to be drawn whole."""
    import textwrap

    return "\n".join(textwrap.wrap(text, width, break_on_hyphens=False)) or text


def _csv_text(text: str) -> str:
    """A cell a spreadsheet shows as text: a leading = + - @ tab or CR would start a formula
    (CSV injection), so such a cell gets a ' in front, as spreadsheets themselves do."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


_BASELINES: dict[Tournament, tuple[int, ...]] = {}


def _baseline(t: Tournament) -> tuple[int, ...]:
    """The baseline player's points in each hand (kept for the last few tournaments)."""
    if t not in _BASELINES:
        if len(_BASELINES) >= 8:
            _BASELINES.pop(next(iter(_BASELINES)))
        _BASELINES[t] = tuple(t.baseline_points(i) for i in range(t.hands))
    return _BASELINES[t]


def _leaderboard(t: Tournament, results: Union[str, Path, Iterable[Any]], accept: Iterable[str] = ()) -> Leaderboard:
    checked: list[tuple[str, Union[Checked, str]]] = []
    for label, source in _sources(results):
        try:
            checked.append((label, check_source(t, source)))
        except TournamentError as exc:
            checked.append((label, str(exc)))
    played = _played_in(Path(results)) if isinstance(results, (str, Path)) else frozenset()
    board = _rank(t, checked, accept, played)
    if isinstance(results, (str, Path)):
        with_result = {item.entry for _label, item in checked if isinstance(item, Checked)}
        board.unfinished = [game for game in _begun_in(Path(results)) if game["entry"] not in with_result]
    return board


def _rank(t: Tournament, checked: Iterable[tuple[str, Union[Checked, str]]],
          accept: Iterable[str] = (), played: frozenset[tuple[str, str, str]] = frozenset()) -> Leaderboard:
    """The board of results already checked: ``(label, Checked or the reason it was refused)``.
    ``accept`` holds names of students the teacher has cleared, or file names (labels): a
    file named there is ranked, also when another result claims the same student.  ``played``:
    what the folder's progress files show was played at a table there (:func:`_played_in`)."""
    board = Leaderboard(t)
    baseline = sum(_baseline(t))
    chosen = {a for a in accept if isinstance(a, str)}
    cleared = {_normal_name(a) for a in chosen}
    seen: dict[tuple[str, str], str] = {}
    kept: list[tuple[str, Checked]] = []
    for label, item in checked:
        if isinstance(item, str):
            board.rejected.append((label, item))
            continue
        same = (_normal_name(item.name), item.digest)
        if same in seen:  # the very same games: nothing is lost by ranking one of them
            board.rejected.append((label, _("the same result again for {name} (the same games as {file}, which is "
                                            "kept)").format(name=item.name, file=seen[same])))
            continue
        seen[same] = label
        kept.append((label, item))
    held = _compare(t, kept, board, played)
    for n, why in _look_alikes(kept, board).items():
        held.setdefault(n, why)
    for n, why in far_above(t, kept, board).items():
        held.setdefault(n, why)
    claimed = _claims(t, kept, board, chosen)
    for n, (label, item) in enumerate(kept):
        row = {
            "name": item.name,
            "points": item.points,
            "duplicate": item.points - baseline,
            "hands_won": item.hands_won,
            "hand_points": list(item.hand_points),
            "file": label,
        }
        reason = held.get(n)
        if n in claimed:
            board.held.append({**row, "held": claimed[n]})
        elif reason and _normal_name(item.name) not in cleared and label not in chosen:
            board.held.append({**row, "held": reason})
        else:
            board.rows.append(row)
    return board
