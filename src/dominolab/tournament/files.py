"""Files: reading what students hand in (regular files only, of a bounded size, UTF-8 JSON
with or without a byte order mark), the names Domino Lab gives its files, and the sources of
a leaderboard (a folder, paths, dicts or uploads)."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Union

from ..i18n import NP_, _, pgettext
from ..validate import excerpt
from .seals import MAX_FILE_BYTES, TournamentError, _normal_name, _whole


def _read_file(path: Path, *, follow_links: bool = False) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES`, read in time
    proportional to that limit.  Folders, FIFOs, devices, sockets (and, unless
    ``follow_links``, symbolic links) are never opened: each raises
    :class:`TournamentError` saying what it is, as does a file that cannot be read."""
    try:
        info = os.stat(path) if follow_links else os.lstat(path)
    except FileNotFoundError:
        raise TournamentError(_("the link points to nothing (a broken link)") if os.path.islink(path)
                              else _("the file is gone")) from None
    except OSError as exc:
        raise _unreadable(exc) from None
    what = _not_a_file(info.st_mode)
    if what and stat.S_ISLNK(info.st_mode) and not os.path.exists(path):
        what = _("a broken symbolic link (it points to nothing)")
    if what:
        raise TournamentError(_("{what}: not read").format(what=what))
    if info.st_size > MAX_FILE_BYTES:
        raise TournamentError(_("the file is too large to be a result ({size} bytes; the limit is {limit})").format(
            size=_whole(info.st_size), limit=_whole(MAX_FILE_BYTES)))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _unreadable(exc) from None
    try:
        what = _not_a_file(os.fstat(fd).st_mode)  # swapped for something else since the look
        if what:
            raise TournamentError(_("{what}: not read").format(what=what))
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _unreadable(exc) from None
    finally:
        os.close(fd)
    if size > MAX_FILE_BYTES:
        raise TournamentError(_("the file is too large to be a result (the limit is {limit} bytes)").format(
            limit=_whole(MAX_FILE_BYTES)))
    return b"".join(chunks)


def _unreadable(exc: OSError) -> TournamentError:
    """The error for a file the system would not read (its reason as the system gives it)."""
    return TournamentError(_("it cannot be read ({reason})").format(reason=exc.strerror or exc))


def _not_a_file(mode: int) -> str:
    """What a file of ``mode`` is when it is not a regular file ("" when it is one)."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISLNK(mode):
        return _("a symbolic link (copy the file itself into the folder)")
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def _parse(data: Union[bytes, bytearray, memoryview]) -> Any:
    """JSON from a file's bytes; what is not JSON (or nests too deeply, or holds a number
    too long for Python to read) raises :class:`TournamentError` saying so."""
    if len(data) > MAX_FILE_BYTES:
        raise TournamentError(_("the file is too large to be a result ({size} bytes; the limit is {limit})").format(
            size=_whole(len(data)), limit=_whole(MAX_FILE_BYTES)))
    try:
        text = bytes(data).decode("utf-8-sig")  # Notepad and others write a byte order mark first
    except UnicodeDecodeError:
        raise TournamentError(_("it is not a JSON file (not UTF-8 text)")) from None
    try:
        return json.loads(text)
    except RecursionError:
        raise TournamentError(_("it is not a result file (its JSON nests too deeply)")) from None
    except json.JSONDecodeError as exc:
        # {problem} is what Python's JSON reader says, in words of the language of the moment
        raise TournamentError(_("it is not a JSON file ({problem}, line {line})").format(
            problem=_json_problem(exc.msg), line=exc.lineno)) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise TournamentError(_("it is not a result file ({problem})").format(problem=excerpt(str(exc), 80))) from None


def _slug(name: str) -> str:
    """A readable, file-system-safe part of a file name for ``name``: its letters and digits
    with accents taken off (ASCII, lower case), at most 24 characters, else "student".
    Not unique on its own ("Ana B" and "Ana-B" share ``ana-b``): :func:`_file_stem` adds a
    fingerprint of the exact name."""
    plain = unicodedata.normalize("NFKD", _normal_name(name))
    kept = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in plain if not unicodedata.combining(ch))
    return "-".join(part for part in kept.split("-") if part)[:24].strip("-") or "student"


def _file_stem(name: str) -> str:
    """The part of a student's file names that stands for the student: a readable slug and
    10 hex digits of the SHA-256 of the normalised name (:func:`_normal_name`).  Names that
    are the same student give the same stem; different students give different stems, also
    on a file system that ignores case (the stem is all lower case)."""
    key = hashlib.sha256(_normal_name(name).encode("utf-8")).hexdigest()[:10]
    return f"{_slug(name)}-{key}"


def _sources(results: Union[str, Path, Iterable[Any]]) -> list[tuple[str, Any]]:
    """(label, source) for every result given: a folder's visible ``.json`` entries (all of
    them: folders, links and pipes too, so that each is listed with the reason it is not
    read), or the paths, dicts and ``(name, bytes)`` pairs of an iterable."""
    if isinstance(results, (str, Path)):
        folder = Path(results)
        if not folder.is_dir():
            raise TournamentError(_("no folder at {folder}").format(folder=folder))
        names = sorted(n for n in os.listdir(folder) if n.lower().endswith(".json") and not n.startswith("."))
        return [(_label(n), folder / n) for n in names]
    out: list[tuple[str, Any]] = []
    for i, item in enumerate(results):
        if isinstance(item, (str, Path)):
            out.append((_label(Path(item).name), Path(item)))
        elif isinstance(item, tuple) and len(item) == 2:
            out.append((_label(str(item[0])), item[1]))
        else:
            out.append((_("result {number}").format(number=i + 1), item))
    return out


def _progress_in(folder: Path) -> list[tuple[str, dict[str, Any]]]:
    """The hidden progress files of ``folder`` that name a player and an entry, in file-name
    order, each with its file name; files that cannot be read are skipped (a result's own
    file says what is wrong with it)."""
    found = []
    for file in sorted(os.listdir(folder)):
        if not (file.startswith(".") and file.endswith(".progress.json")):
            continue
        try:
            data = _parse(_read_file(folder / file))
        except TournamentError:
            continue
        if isinstance(data, dict) and isinstance(data.get("name"), str) and isinstance(data.get("entry"), str):
            found.append((file, data))
    return found


def _played_in(folder: Path) -> frozenset[tuple[str, str, str]]:
    """What the hidden progress files of ``folder`` show was played at a table there: (who, the
    entry's key, a digest of the moves) for each."""
    from .seals import _digest

    return frozenset((_normal_name(data["name"]), data["entry"], _digest(data.get("moves")))
                     for _, data in _progress_in(folder))


def _begun_in(folder: Path) -> list[dict[str, Any]]:
    """Every game begun at a table in ``folder``, from its hidden progress files: the name,
    the entry's key, the hands dealt (``hands``), the moves made, and the file's name."""
    return [{"name": data["name"], "entry": data["entry"], "hands": len(data["moves"]),
             "moves": sum(len(hand) for hand in data["moves"] if isinstance(hand, list)), "file": _label(file)}
            for file, data in _progress_in(folder) if isinstance(data.get("moves"), list)]


def _label(name: str) -> str:
    """A file name as it can be shown and written anywhere: a byte that is not UTF-8 (Python
    keeps it as a lone surrogate, which no page or file can encode) is shown as ``\\xff``."""
    try:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate that does not stand for a byte
        return name.encode("utf-8", "backslashreplace").decode("utf-8")


def _load(source: Any) -> Any:
    """A result's data from a path (a regular file only), bytes, or the data itself."""
    if isinstance(source, Path):
        return _parse(_read_file(source))
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _parse(source)
    return source


#: What Python's JSON reader says about a file that is not JSON (``JSONDecodeError.msg``), each
#: said in the language of the moment; another message is shown as Python writes it.
_JSON_PROBLEMS = {text: text for text in (
    NP_("json", "Expecting value"), NP_("json", "Expecting ',' delimiter"), NP_("json", "Expecting ':' delimiter"),
    NP_("json", "Expecting property name enclosed in double quotes"), NP_("json", "Extra data"),
    NP_("json", "Unterminated string starting at"), NP_("json", "Invalid control character at"),
    NP_("json", "Invalid \\escape"), NP_("json", "Invalid \\uXXXX escape"),
    NP_("json", "Illegal trailing comma before end of object"),
    NP_("json", "Illegal trailing comma before end of array"))}


def _json_problem(message: str) -> str:
    """Python's JSON error ``message`` in the language of the moment ("Expecting value":
    "se esperaba un valor")."""
    return pgettext("json", message) if message in _JSON_PROBLEMS else message
