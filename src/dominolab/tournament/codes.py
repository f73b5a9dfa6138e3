"""The tournament itself: its hands, its opponents, its file and its short code."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from ..i18n import _, ngettext
from ..i18n import language as in_language
from ..players import Player, create, player_name
from ..playout import derive_seed, play_out
from ..records import RecordError, rules_from_record
from ..round import Round
from ..rules import Rules
from ..validate import check_int, excerpt, is_int
from .files import _parse, _read_file
from .seals import (
    KINDS,
    MAX_PLAYERS,
    TOURNAMENT_FORMAT,
    VERSION,
    TournamentError,
    _check_language,
    _decode,
    _digest,
    _encode,
    _int,
    _is_small_number,
)

if TYPE_CHECKING:
    from .board import Leaderboard
    from .checks import Checked
    from .entries import Entry


@dataclass(frozen=True)
class Tournament:
    """The hands every student plays: rules, seats, opponents, how many hands, the seed.

    ``opponents`` holds one kind per opponent seat (seats 1, 2, ...: the student sits in
    seat 0); ``baseline`` is the computer player the duplicate score compares with.
    ``language`` ("en", "es"; None: the language of the moment) is the language of the texts
    the tournament builds (its errors, an entry's notices, the leaderboard): it is no part of
    the tournament's identity, file or code, so a class may read one tournament in two languages.
    """

    rules: Rules
    hands: int
    opponents: tuple[str, ...]
    seed: int
    baseline: str = "strategy"
    title: str = ""
    language: Optional[str] = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.language is not None:
            object.__setattr__(self, "language", _check_language(self.language))
        with in_language(self.language):
            self._check()

    def _check(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TournamentError(_("rules must be a Rules object, got {rules}").format(rules=excerpt(self.rules)))
        _int(self.hands, "hands", 1, 100)
        _int(self.seed, "seed", 0, 2**40 - 1)
        if not isinstance(self.opponents, tuple):
            raise TournamentError(_("opponents must be a tuple of kinds, got {opponents}").format(
                opponents=excerpt(self.opponents)))
        players = len(self.opponents) + 1
        if players not in self.rules.player_counts:
            raise TournamentError(_("these rules ({rules}) are for {counts} players, not {players} (the student and "
                                    "{opponents} opponents)").format(rules=self.rules.said_name,
                                                                      counts=self.rules.player_counts,
                                                                      players=players, opponents=len(self.opponents)))
        if self.rules.partnerships and players != 4:
            raise TournamentError(_("partnership rules need 4 players"))
        for kind in (*self.opponents, self.baseline):
            if not isinstance(kind, str) or kind not in KINDS:
                raise TournamentError(_("no computer player named {kind}; choose one of {kinds}").format(
                    kind=excerpt(kind), kinds=", ".join(KINDS)))
        if not isinstance(self.title, str) or len(self.title) > 80:
            raise TournamentError(_("title must be text of at most 80 characters"))

    # ------------------------------------------------------------------ making one
    @classmethod
    def create(
        cls,
        rules: Union[Rules, str] = "standard",
        hands: int = 8,
        opponents: Union[str, Sequence[str]] = "strategy",
        seed: Optional[int] = None,
        *,
        players: int = 2,
        baseline: Optional[str] = None,
        title: str = "",
        language: Optional[str] = None,
    ) -> Tournament:
        """A new tournament.  ``opponents`` is a kind ("random", "greedy", "strategy",
        "search") for every opponent seat, or one kind per seat; ``players`` counts the
        student too.  ``seed=None`` picks a fresh seed (kept in the tournament).
        ``language``: the language of the texts it builds (see the class)."""
        if language is not None:
            language = _check_language(language)
        with in_language(language):
            return cls._create(rules, hands, opponents, seed, players, baseline, title, language)

    @classmethod
    def _create(cls, rules: Union[Rules, str], hands: int, opponents: Union[str, Sequence[str]],
                seed: Optional[int], players: int, baseline: Optional[str], title: str,
                language: Optional[str]) -> Tournament:
        try:
            rules = Rules.coerce(rules)
        except ValueError as exc:
            raise TournamentError(str(exc)) from None
        _int(players, "players", 2, MAX_PLAYERS)
        kinds = (opponents,) * (players - 1) if isinstance(opponents, str) else tuple(opponents)
        if len(kinds) != players - 1:
            raise TournamentError(_("give one opponent kind for each of the {seats} opponent seats").format(
                seats=players - 1))
        if seed is None:
            seed = random.SystemRandom().getrandbits(30)
        return cls(rules, hands, kinds, seed, baseline or (kinds[0] if len(set(kinds)) == 1 else "strategy"), title,
                   language)

    @property
    def players(self) -> int:
        """Seats at each table (the student and the opponents)."""
        return len(self.opponents) + 1

    @property
    def id(self) -> str:
        """A short fingerprint of everything that decides the hands (rules, seats, seed...)."""
        return _digest(self._identity())[:12]

    def _identity(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "hands": self.hands, "opponents": list(self.opponents),
                "seed": self.seed, "baseline": self.baseline}

    # ------------------------------------------------------------------ the hands
    def deal(self, index: int) -> Round:
        """Hand ``index`` (0 for the first), as dealt: the same for every student."""
        check_int(index, "index", 0, self.hands - 1)
        return Round.deal(self.rules, self.players, seed=derive_seed(self.seed, index))

    def opponent(self, index: int, seat: int) -> Player:
        """The computer player in ``seat`` (1 or more) for hand ``index``: fresh, seeded."""
        check_int(seat, "seat", 1, self.players - 1)
        player: Player = create(self.opponents[seat - 1], seed=derive_seed(self.seed, index, seat))
        return player

    def seats(self, index: int, student: Player) -> list[Player]:
        """The players of hand ``index`` with ``student`` in seat 0."""
        return [student, *(self.opponent(index, seat) for seat in range(1, self.players))]

    def baseline_points(self, index: int) -> int:
        """What the baseline computer player scores from the student's seat in hand ``index``."""
        computer = create(self.baseline, seed=derive_seed(self.seed, index, 0))
        r = play_out(self.deal(index), self.seats(index, computer))
        return _points_of_seat(r, 0)

    # ------------------------------------------------------------------ files and codes
    def to_dict(self) -> dict[str, Any]:
        return {"format": TOURNAMENT_FORMAT, "version": VERSION, "title": self.title, **self._identity(),
                "id": self.id}

    @classmethod
    def from_dict(cls, data: Any, *, language: Optional[str] = None) -> Tournament:
        """The tournament a dict (:meth:`to_dict`) stands for; anything else raises
        :class:`TournamentError` naming the first field that is wrong."""
        if language is not None:
            language = _check_language(language)
        with in_language(language):
            return cls._from_dict(data, language)

    @classmethod
    def _from_dict(cls, data: Any, language: Optional[str]) -> Tournament:
        if not isinstance(data, dict) or data.get("format") != TOURNAMENT_FORMAT:
            raise TournamentError(_("not a Domino Lab tournament file"))
        if data.get("version") != VERSION or not is_int(data.get("version")):
            raise TournamentError(_("unknown tournament version {version}").format(
                version=excerpt(data.get("version"))))
        keys = {"format", "version", "title", "rules", "hands", "opponents", "seed", "baseline", "id"}
        if set(data) != keys:
            raise TournamentError(_("the tournament file's fields are not the ones Domino Lab writes: {fields}").format(
                fields=", ".join(sorted(set(data) ^ keys))))
        try:
            rules = rules_from_record(data["rules"])
        except RecordError as exc:
            raise TournamentError(str(exc)) from None
        opponents = data["opponents"]
        if not isinstance(opponents, list) or len(opponents) >= MAX_PLAYERS:
            raise TournamentError(_("opponents must be a list of at most {count} kinds").format(count=MAX_PLAYERS - 1))
        try:
            t = cls(rules, data["hands"], tuple(opponents), data["seed"], data["baseline"], data["title"], language)
        except TournamentError:
            raise
        except (ValueError, TypeError) as exc:  # a check deeper down (the rules): still ours
            raise TournamentError(str(exc)) from None
        if data["id"] != t.id:
            raise TournamentError(_("the tournament file was changed after it was made (its id does not match)"))
        return t

    def save(self, path: Union[str, Path]) -> Path:
        """Write the tournament file to hand out; returns its path."""
        path = Path(path)
        path.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")
        return path

    @property
    def code(self) -> str:
        """A short code to type instead of handing out a file, e.g. ``standard-2-strategy-8-0K7M4Q2X``.

        Codes exist for presets with one kind of opponent and the default baseline;
        other tournaments are handed out as files."""
        with in_language(self.language):
            return self._code()

    def _code(self) -> str:
        is_preset = self.rules.name in Rules.presets() and Rules.preset(self.rules.name) == self.rules
        if not is_preset:
            raise TournamentError(_("custom rules cannot be written as a code: hand out the file (t.save(...))"))
        if len(set(self.opponents)) != 1 or self.baseline != self.opponents[0] or self.title:
            raise TournamentError(_("only a tournament with one kind of opponent (and no title) has a code"))
        body = f"{self.rules.name}-{self.players}-{self.opponents[0]}-{self.hands}"
        seed = _encode(self.seed, 8)
        check = _encode(int(_digest(body + seed)[:4], 16) % 32, 1)
        return f"{body}-{seed}{check}"

    @classmethod
    def from_code(cls, code: str, *, language: Optional[str] = None) -> Tournament:
        """The tournament a code stands for (case and spaces do not matter)."""
        if language is not None:
            language = _check_language(language)
        with in_language(language):
            return cls._from_code(code, language)

    @classmethod
    def _from_code(cls, code: str, language: Optional[str]) -> Tournament:
        if not isinstance(code, str) or len(code) > 80:
            raise TournamentError(_("not a tournament code: {code}").format(code=excerpt(code)))
        parts = "".join(code.split()).lower().split("-")
        # preset names may contain a hyphen (puerto-rico): the last four parts are fixed
        if len(parts) < 5:
            raise TournamentError(_("not a tournament code: {code} (expected e.g. {example})").format(
                code=excerpt(code), example="standard-2-strategy-8-0K7M4Q2X"))
        preset = "-".join(parts[:-4])
        players_text, kind, hands_text, tail = parts[-4:]
        tail = tail.upper().replace("O", "0").replace("I", "1").replace("L", "1")  # letters read as digits
        if len(tail) != 9 or not _is_small_number(players_text) or not _is_small_number(hands_text):
            raise TournamentError(_("not a tournament code: {code}").format(code=excerpt(code)))
        body = f"{preset}-{players_text}-{kind}-{hands_text}"
        seed_text, check = tail[:8], tail[8]
        if _encode(int(_digest(body + seed_text)[:4], 16) % 32, 1) != check:
            raise TournamentError(_("the code {code} has a typo (its last character does not match)").format(
                code=excerpt(code)))
        try:
            rules = Rules.preset(preset)
        except ValueError as exc:
            raise TournamentError(str(exc)) from None
        players = _int(int(players_text), "players", 2, MAX_PLAYERS)
        return cls(rules, int(hands_text), (kind,) * (players - 1), _decode(seed_text), kind, "", language)

    @classmethod
    def load(cls, source: Union[str, Path, dict[str, Any], Tournament], *,
             language: Optional[str] = None) -> Tournament:
        """A tournament from a file path, a code, its dict, or itself; ``language`` (when
        given) is the language of the texts it builds (see the class)."""
        if language is not None:
            language = _check_language(language)
        with in_language(language):
            return cls._load(source, language)

    @classmethod
    def _load(cls, source: Union[str, Path, dict[str, Any], Tournament], language: Optional[str]) -> Tournament:
        if isinstance(source, Tournament):
            return source if language is None else replace(source, language=language)
        if isinstance(source, dict):
            return cls.from_dict(source, language=language)
        if isinstance(source, Path) or (isinstance(source, str) and (source.endswith(".json") or "/" in source)):
            path = Path(source)
            if not os.path.lexists(path):
                raise TournamentError(_("no tournament file at {path}").format(path=path))
            try:
                return cls.from_dict(_parse(_read_file(path, follow_links=True)), language=language)
            except TournamentError as exc:
                raise TournamentError(_("{file} is not a usable tournament file: {reason}").format(
                    file=path.name, reason=exc)) from None
        if not isinstance(source, str):
            raise TournamentError(_("a tournament is a file, a code, a dict or a Tournament, not {source}").format(
                source=excerpt(source)))
        return cls.from_code(source, language=language)

    # ------------------------------------------------------------------ results
    def entry(self, name: str, folder: Union[str, Path, None] = None, *, carry_on: Optional[bool] = None) -> Entry:
        """A student's run through the tournament.  With ``folder``, it carries on from the
        progress saved there (:meth:`Entry.save_progress`) under this name by this kernel (a
        restart keeps the kernel's id), or, with ``carry_on=True``, by anyone.  Progress of
        the same name made elsewhere is another student's: this entry is then a new game of
        the student's own, with files of its own, and :attr:`Entry.notice` says so
        (``carry_on=False`` always starts a new game)."""
        from .entries import Entry, _entry_in

        with in_language(self.language):
            if carry_on is not None and not isinstance(carry_on, bool):
                raise TournamentError(_("carry_on must be True, False or None, got {given}").format(
                    given=excerpt(carry_on)))
            if folder is None:
                return Entry(self, name)
            return _entry_in(self, name, Path(folder), carry_on)

    def check(self, result: Any) -> Checked:
        """Replay one result (a dict, as ``Entry.result()`` gives, its file's bytes or path)
        against this tournament's deals and opponents; raise :class:`TournamentError` saying
        what is wrong."""
        from .checks import check_source

        with in_language(self.language):
            return check_source(self, result)

    def leaderboard(self, results: Union[str, Path, Iterable[Any]], *, accept: Iterable[str] = ()) -> Leaderboard:
        """Check and rank results: a folder of result files, or an iterable of paths,
        dicts or ``(name, bytes)`` pairs (what an upload widget gives).

        Every file that cannot be read or checked is listed in ``rejected`` with the
        reason.  Results identical to another's where chance does not explain it (a copy,
        or hands taken from several classmates), two results that claim one student, and
        totals far above what the class and the computer scored on the same deals are held
        back from the ranking and described in ``findings``; ``accept`` names students the
        teacher has cleared, or files (the one to rank when two claim one student)."""
        from .board import _leaderboard

        with in_language(self.language):
            return _leaderboard(self, results, accept)

    def rank(self, checked: Iterable[tuple[str, Union[Checked, str]]], *, accept: Iterable[str] = ()) -> Leaderboard:
        """The leaderboard of results checked already (:meth:`check`): ``(label, Checked)``
        pairs, or ``(label, reason)`` for a file that was refused.  An upload box keeps each
        file's check and ranks again, so adding a file replays that file only."""
        from .board import _rank

        with in_language(self.language):
            return _rank(self, checked, accept)

    def __str__(self) -> str:
        with in_language(self.language):
            # English says "hands" for one hand too (its texts stay as they were); a language
            # with its own singular gives it (a translator's msgstr[0])
            text = ngettext("{hands} hands of {rules}, {players} players (the student against {kinds}), id {id}",
                            "{hands} hands of {rules}, {players} players (the student against {kinds}), id {id}",
                            self.hands).format(hands=self.hands, rules=self.rules.title, players=self.players,
                                               kinds=", ".join(player_name(k) for k in self.opponents),
                                               id=self.id)
            return _("{title}: {tournament}").format(title=self.title, tournament=text) if self.title else text


def _points_of_seat(r: Round, seat: int) -> int:
    result = r.result
    assert result is not None
    return result.points[r.rules.side_of(seat, r.players)]
