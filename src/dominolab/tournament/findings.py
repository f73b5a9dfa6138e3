"""Findings: what the results checked together show (copies, splices, files changed after
they were written), each saying only what the evidence shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

from ..i18n import N_, _, ngettext, pgettext
from ..i18n import language as in_language
from .checks import PART_BITS, WHOLE_BITS, Checked
from .codes import Tournament
from .seals import _decimal, _hand_list, _normal_name, _skeleton

if TYPE_CHECKING:
    from .board import Leaderboard


@dataclass(frozen=True)
class Identical:
    """Two results whose student played some hands move for move alike (moves compared
    in canonical form).  ``improbable`` when the shared hands hold enough unusual choices
    that honest students do not play them alike by chance (see :data:`WHOLE_BITS`).
    ``language``: the tournament's (None: it is said in the language of the moment it is read)."""

    names: tuple[str, str]
    files: tuple[str, str]
    hands: tuple[int, ...]
    real: int
    unusual: int
    bits: float
    improbable: bool
    language: Optional[str] = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        """The pair in the tournament's language, or the language of the moment it is read."""
        with in_language(self.language):
            return self._said()

    def _said(self) -> str:
        a, b = self.names
        verdict = (_("identical play this unusual is improbable") if self.improbable
                   else _("usual play: honest students often play alike"))
        return ngettext("{first}'s and {second}'s {hands} is identical ({real} real choices, {unusual} unusual: "
                        "{bits} bits; {verdict})",
                        "{first}'s and {second}'s {hands} are identical ({real} real choices, {unusual} unusual: "
                        "{bits} bits; {verdict})", len(self.hands)).format(
            first=a, second=b, hands=_hand_list(self.hands), real=self.real, unusual=self.unusual,
            bits=_decimal(self.bits), verdict=verdict)


@dataclass(frozen=True)
class Finding:
    """Something the teacher should look at before trusting the standings: a ``"copy"``
    (two results identical where chance does not explain it, or a file carrying another
    result's key), a ``"splice"`` (a result whose hands are identical to different
    classmates' hands), an ``"edited"`` result (its seals do not match, see :func:`_seal`) or
    a ``"look-alike"`` name (written with other letters to look like a classmate's).
    ``names`` are every student concerned, the one held first; ``text`` says what was found."""

    kind: str
    names: tuple[str, ...]
    text: str

    def __str__(self) -> str:
        return self.text


def _played(item: Checked, played: frozenset[tuple[str, str, str]]) -> bool:
    """Whether a progress file of the folder shows ``item`` played at a table there: under its
    name, with its key, move for move."""
    return (_normal_name(item.name), item.entry, item.moves) in played


def _copy_text(pair: str, original: str, copy: str) -> str:
    """A copy finding where the folder's progress files show which result was played there."""
    return _("{finding}. {original}'s progress file in the folder holds {original}'s result, move for move, with "
             "its key, as the table writes it; no progress file there holds {copy}'s. {copy}'s result looks "
             "like the copy.").format(finding=pair, original=original, copy=copy)


def _joined(names: list[str], message: str) -> str:
    """Names said one after the other with ``message`` (``N_("{first} and {second}")``), as
    English joins them: "Ana and Ben and Chloé"."""
    text = names[0]
    for name in names[1:]:
        text = _(message).format(first=text, second=name)
    return text


def _whose(names: list[str]) -> str:
    """Whose hands: "Ana's or Ben's" ("Ana o Ben" where the sentence says "de")."""
    return _joined([pgettext("whose", "{name}'s").format(name=name) for name in names], N_("{first} or {second}"))


def _check_seals(kept: list[tuple[str, Checked]], same: dict[tuple[int, str], list[int]],
                 board: Leaderboard, played: frozenset[tuple[str, str, str]] = frozenset()) -> dict[int, str]:
    """Findings from the seals (:func:`_seal`): a result whose seals do not match its name and
    hands was changed after Domino Lab wrote it (a classmate's file renamed or re-spelled,
    hands taken from other files); two results with one entry's key come from one entry.
    Honest files always match and never share a key (64 random bits each)."""
    held: dict[int, str] = {}
    by_key: dict[str, list[int]] = {}
    for n, (_label, item) in enumerate(kept):
        by_key.setdefault(item.entry, []).append(n)
    for n, (_label, item) in enumerate(kept):
        sharing = [m for m in by_key[item.entry] if m != n]
        if not item.unsealed:
            for m in sharing:  # two results sealed with one key, under two names (one name: a claim)
                other = kept[m][1]
                if m < n or other.unsealed or _normal_name(other.name) == _normal_name(item.name):
                    continue
                differ = [h for h, (a, b) in enumerate(zip(item.plays, other.plays, strict=True)) if a.key != b.key]
                if differ:  # a key can be read in any file: it says nothing against either game
                    board.findings.append(Finding("key", (item.name, other.name), _key_text(item.name, other.name,
                                                                                             differ)))
                    continue
                same_games = _("{first}'s and {second}'s results are the same games, move for move, and "
                               "carry the key of one entry, each sealed under its own name: one was copied from the "
                               "other and sealed again").format(first=item.name, second=other.name)
                origin = [p for p in (n, m) if _played(kept[p][1], played)]
                if len(origin) == 1:  # the folder's progress files show which one was played here
                    taker = m if origin[0] == n else n
                    board.findings.append(Finding("copy", (kept[taker][1].name, kept[origin[0]][1].name),
                                                  _copy_text(same_games, kept[origin[0]][1].name,
                                                             kept[taker][1].name)))
                    held.setdefault(taker, _("the same games as another result, with its key (see findings)"))
                    continue
                board.findings.append(Finding("copy", (item.name, other.name),
                                              _("{finding}. The files do not show which one is the original.").format(
                                                  finding=same_games)))
                for place in (n, m):
                    held.setdefault(place, _("the same games as another result, with its key (see findings)"))
            continue
        owners = [kept[m][1].name for m in sharing if not kept[m][1].unsealed]
        donors: dict[int, list[str]] = {}
        for h, play in enumerate(item.plays):
            donors[h] = sorted({kept[m][1].name for m in same[(h, play.key)] if m != n}, key=_normal_name)
        every = len(item.unsealed) == len(item.plays)
        if every:
            text = ngettext("{name}'s result was changed after Domino Lab wrote it: the seal of every hand does not "
                            "match its name and moves",
                            "{name}'s result was changed after Domino Lab wrote it: the seals of every hand do not "
                            "match its name and moves", len(item.unsealed)).format(name=item.name)
        else:
            text = ngettext("{name}'s result was changed after Domino Lab wrote it: the seal of {hands} does not "
                            "match its name and moves",
                            "{name}'s result was changed after Domino Lab wrote it: the seals of {hands} do not "
                            "match its name and moves", len(item.unsealed)).format(
                name=item.name, hands=_hand_list(item.unsealed))
        if owners:
            text = _("{finding}; it carries the key of {owners}'s entry").format(
                finding=text, owners=_joined(owners, N_("{first} and {second}")))
        copied: dict[str, list[int]] = {}
        for h, who in donors.items():
            if who:
                copied.setdefault(_whose(who[:3]), []).append(h)
        for whose, hs in copied.items():
            text = _("{finding}; {hands} identical to {whose}").format(finding=text, hands=_hand_list(hs), whose=whose)
        whole = bool(owners) and all(owners[0] in donors[h] for h in range(len(item.plays)))
        sources = {name for who in donors.values() for name in who}
        if whole:
            kind, text = "copy", _("{finding}: a copy of {name}'s result?").format(finding=text, name=owners[0])
        elif len(copied) > 1:
            kind, text = "splice", _("{finding}: a result put together from others' results?").format(finding=text)
        else:
            kind, text = "edited", _("{finding}: a copy, or a file edited by hand?").format(finding=text)
        names = (item.name, *owners, *sorted(sources - set(owners), key=_normal_name))
        board.findings.append(Finding(kind, names, text))
        held[n] = _("its seals do not match its name and moves (see findings)")
    return held


def _compare(t: Tournament, kept: list[tuple[str, Checked]], board: Leaderboard,
             played: frozenset[tuple[str, str, str]] = frozenset()) -> dict[int, str]:
    """Find the hands played identically (canonical moves) by two results, say which pairs
    and which results of several classmates' hands are improbable as chance, put them in
    ``board`` and return the results to hold (their places in ``kept``) with the reason."""
    same: dict[tuple[int, str], list[int]] = {}
    for n, (_label, item) in enumerate(kept):
        for h, play in enumerate(item.plays):
            same.setdefault((h, play.key), []).append(n)
    shared: dict[tuple[int, int], list[int]] = {}
    for (h, _key), members in same.items():
        for a_i, a in enumerate(members):
            for b in members[a_i + 1:]:
                shared.setdefault((a, b), []).append(h)
    sealed = _check_seals(kept, same, board, played)
    held = dict(sealed)
    spliced: set[int] = set()
    for n, (_label, item) in enumerate(kept):
        sources = {h: [kept[m][1].name for m in same[(h, play.key)] if m != n] for h, play in enumerate(item.plays)}
        borrowed = [h for h, who in sources.items() if who]
        if not borrowed or n in sealed:
            continue
        bits = round(sum(item.plays[h].bits for h in borrowed), 2)
        if bits < PART_BITS:  # honest students meet one classmate in one hand, another in the next
            continue
        partners = {name for h in borrowed for name in sources[h]}
        if any(all(name in sources[h] for h in borrowed) for name in partners):
            continue  # one classmate has all these hands: a pair, found below
        by_source: dict[str, list[int]] = {}
        for h in borrowed:
            who = _joined(sorted(sources[h], key=_normal_name)[:3], N_("{first} or {second}"))
            by_source.setdefault(who, []).append(h)
        parts = "; ".join(_("{hands} as {who}'s").format(hands=_hand_list(hs), who=who)
                          for who, hs in by_source.items())
        text = _("{name}'s {hands} are identical to different classmates' hands ({parts}; {bits} bits of unusual "
                 "choices): a result put together from others' results?").format(
            name=item.name, hands=_hand_list(borrowed), parts=parts, bits=_decimal(bits))
        board.findings.append(Finding("splice", (item.name, *sorted(partners, key=_normal_name)), text))
        held.setdefault(n, _("its hands are identical to several classmates' hands (see findings)"))
        spliced.add(n)
    hands = t.hands
    for (a, b), hs in sorted(shared.items()):
        (la, x), (lb, y) = kept[a], kept[b]
        plays = [x.plays[h] for h in hs]
        bits = round(sum(p.bits for p in plays), 2)
        improbable = (len(hs) == hands and bits >= WHOLE_BITS) or bits >= PART_BITS
        pair = Identical((x.name, y.name), (la, lb), tuple(hs), sum(p.real for p in plays),
                         sum(p.unusual for p in plays), bits, improbable, t.language)
        board.identical.append(pair)
        # a splice's finding names the hands it took: the classmates it took them from are not held
        if improbable and not {a, b} & (sealed.keys() | spliced):  # else the seals' finding says it
            origin = [p for p in (a, b) if _played(kept[p][1], played)]
            if len(origin) == 1:  # the folder's progress files show which one was played here
                taker = b if origin[0] == a else a
                found, source = kept[taker][1].name, kept[origin[0]][1].name
                board.findings.append(Finding("copy", (found, source), _copy_text(str(pair), source, found)))
                held.setdefault(taker, _("identical to {name}'s result in {hands} (see findings)").format(
                    name=source, hands=_hand_list(hs)))
                continue
            board.findings.append(Finding("copy", pair.names, _("{pair}: one may be a copy of the other").format(
                pair=pair)))
            for place, other in ((a, y.name), (b, x.name)):
                held.setdefault(place, _("identical to {name}'s result in {hands} (see findings)").format(
                    name=other, hands=_hand_list(hs)))
    return held


def _key_text(a: str, b: str, differ: list[int]) -> str:
    """The note on two results that carry one key but differ in their games."""
    return _("{first}'s and {second}'s results carry the same entry key, but their games differ ({hands}). "
             "A key can be read in any result file, so one of them sealed their own games with the other's key; "
             "that shows nothing against either game, and both are ranked.").format(first=a, second=b,
                                                                                      hands=_hand_list(differ))


def _claims(t: Tournament, kept: list[tuple[str, Checked]], board: Leaderboard, chosen: set[str]) -> dict[int, str]:
    """Two or more results with matching seals that claim one student, with different games:
    each is held, side by side with what differs, until the teacher names the right file in
    ``accept`` (never whichever file sorts or arrived first).  Returns what to hold, with why."""
    groups: dict[str, list[int]] = {}
    for n, (_label, item) in enumerate(kept):
        if not item.unsealed:  # a file whose seals do not match is held for that already
            groups.setdefault(_normal_name(item.name), []).append(n)
    held: dict[int, str] = {}
    for members in groups.values():
        if len(members) < 2:
            continue
        name = kept[members[0]][1].name
        files = _joined([ngettext("{file} ({points} points)", "{file} ({points} points)", kept[m][1].points).format(
            file=kept[m][0], points=kept[m][1].points) for m in members], N_("{first} and {second}"))
        first = kept[members[0]][1]
        differ = sorted({h for m in members[1:] for h, p in enumerate(kept[m][1].plays) if p.key != first.plays[h].key})
        one_key = len({kept[m][1].entry for m in members}) == 1
        how = (_("Both carry the key of one entry: one run of the tournament, played on twice, or a key read from "
                 "the other file.") if one_key else
               _("They come from different runs: two students who typed the same name, or one who started again."))
        text = _("{count} results claim to be {name}'s, with different games: {files}. They differ in {hands}. "
                 "{how} Each is held until you choose one: accept=[\"file name\"].").format(
            count=len(members), name=name, files=files, hands=_hand_list(differ), how=how)
        board.findings.append(Finding("claim", (name,), text))
        picked = [m for m in members if kept[m][0] in chosen]
        for m in members:
            if picked and m not in picked:
                held[m] = _("you chose {file} as {name}'s result").format(file=kept[picked[0]][0], name=name)
            elif not picked:
                held[m] = _("{count} results claim to be {name}'s (see findings)").format(count=len(members),
                                                                                          name=name)
    return held


def _look_alikes(kept: list[tuple[str, Checked]], board: Leaderboard) -> dict[int, str]:
    """Results under names of different students that look the same on screen (one
    confusable skeleton, UTS #39: "Bеn" with a Cyrillic е beside Ben): a finding, and each
    name written with look-alike letters is held (a name already in its plain letters, as
    "Ben", is not), so no board ranks a second "Ben" of its own.  Returns what to hold."""
    groups: dict[str, list[int]] = {}
    for n, (_label, item) in enumerate(kept):
        groups.setdefault(_skeleton(item.name), []).append(n)
    held: dict[int, str] = {}
    for skeleton, members in groups.items():
        names = sorted({kept[m][1].name for m in members}, key=_normal_name)
        if len({_normal_name(name) for name in names}) < 2:
            continue
        said = _joined(names, N_("{first} and {second}"))
        board.findings.append(Finding("look-alike", tuple(names), _(
            "{names} look the same on screen but are written with different letters (from another alphabet, or "
            "signs that look alike): one may pose as another. The names in other letters are held until you "
            "accept them: accept=[\"file name\"].").format(names=said)))
        for m in members:
            name = kept[m][1].name
            if _normal_name(name) != skeleton:
                plain = next((other for other in names if _normal_name(other) == skeleton), None)
                held[m] = (_("{name} looks like {other}'s name, written with other letters (see findings)")
                           .format(name=name, other=plain) if plain is not None else
                           _("{name} looks like another student's name, written with other letters (see findings)")
                           .format(name=name))
    return held
