"""The class settings a teacher controls: whether ``ex.qN.solution()`` shows the answer.

A learner on their own sees every solution: that is the default.  A teacher who wants the
exercises for assessment turns solutions off for the class, and may release them again one
exercise (``"rules.q3"``) or one lesson (``"rules"``) at a time.  The setting is read each
time a solution is asked for, from the first of these that says something:

1. the kernel's own setting, :func:`configure` (:func:`reset` goes back to the rest);
2. a settings file, JSON written by :func:`write` (``{"solutions": "off", "released":
   ["rules.q1"]}``): the file named by the environment variable ``DOMINOLAB_CLASS_SETTINGS``,
   else ``~/.dominolab/class.json``, else ``/etc/dominolab/class.json`` (a school server's);
3. on a JupyterHub with Domino Lab's class service (docs/teachers/hub.md), the service: there
   the solutions are kept until the teacher releases them on the teacher's page, and each
   release is added to the file's (asked at most every :data:`HUB_CACHE_SECONDS`, two seconds
   at most each time; a service that does not answer keeps the solutions hidden and says so);
   off a hub, or on a hub without the service, nothing is asked and nothing changes;
4. the environment variable ``DOMINOLAB_SOLUTIONS`` (``on`` or ``off``), which overrides the
   file's and the hub's ``solutions`` and keeps the releases.

From a shell: ``python -m dominolab.exercises.settings off`` (``on``, ``release rules.q1 ...``,
``show``; ``--file PATH`` for another file than the first above); ``... key OUT [--language es]``
copies the teacher's answer key (a notebook that shows every solution, whatever the setting)
out of the installed package, for a teacher without the repository's ``docs/teachers/``.  A settings file that cannot
be read keeps the solutions hidden and says why.  This is a class convention, not a lock: a
student who writes Python can change it in their own kernel, as the tournament guide says of
the tournament.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Optional, Union

from ..i18n import _
from ..teachers import docs_folder

__all__ = ["ClassSettings", "SettingsError", "answer_key", "configure", "current", "exercise_id", "hub_released",
           "read", "reset", "settings_file", "shown", "write"]

#: The environment variables a teacher's set-up may give.
FILE_VARIABLE = "DOMINOLAB_CLASS_SETTINGS"
SOLUTIONS_VARIABLE = "DOMINOLAB_SOLUTIONS"
#: Where a settings file is looked for when ``DOMINOLAB_CLASS_SETTINGS`` names none.
DEFAULT_FILES = (Path("~/.dominolab/class.json"), Path("/etc/dominolab/class.json"))

#: The answer keys, in the teachers' kit (:func:`dominolab.teachers.docs_folder`).
KEYS = {"en": "answer-key.ipynb", "es": "es/clave-de-respuestas.ipynb"}

_ID = re.compile(r"[a-z][a-z0-9_]*(\.q[1-9][0-9]*)?")
_SWITCH = {"on": True, "off": False}


class SettingsError(ValueError):
    """A settings file or value that cannot be read, with what was wrong."""


@dataclass(frozen=True)
class ClassSettings:
    """Whether solutions show (``solutions``), and the exercises or lessons released even
    when they do not (``"rules.q3"``, ``"rules"``)."""

    solutions: bool = True
    released: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not isinstance(self.solutions, bool):
            raise SettingsError(f"solutions must be True or False, got {self.solutions!r}")
        released = frozenset(self.released)
        wrong = sorted(str(r) for r in released if not isinstance(r, str) or not _ID.fullmatch(r))
        if wrong:
            raise SettingsError(f"released names a lesson ('rules') or an exercise ('rules.q3'); "
                                f"cannot read {', '.join(wrong)}")
        object.__setattr__(self, "released", released)

    def release(self, *ids: str) -> ClassSettings:
        """These settings with ``ids`` released too."""
        return replace(self, released=self.released | frozenset(ids))

    def shows(self, identity: Optional[str]) -> bool:
        """Whether the exercise ``identity`` (``"rules.q3"``) shows its solution."""
        if self.solutions:
            return True
        if identity is None:
            return False
        return identity in self.released or identity.split(".")[0] in self.released

    def to_dict(self) -> dict[str, Any]:
        return {"solutions": "on" if self.solutions else "off", "released": sorted(self.released)}

    @classmethod
    def from_dict(cls, data: Any) -> ClassSettings:
        """Settings from :meth:`to_dict`'s form; anything else is a :class:`SettingsError`."""
        if not isinstance(data, dict):
            raise SettingsError(f"expected a JSON object such as {{\"solutions\": \"off\"}}, got {type(data).__name__}")
        unknown = sorted(set(data) - {"solutions", "released"})
        if unknown:
            raise SettingsError(f"unknown setting(s): {', '.join(map(str, unknown))}")
        switch = data.get("solutions", "on")
        if switch not in _SWITCH:
            raise SettingsError(f"solutions is 'on' or 'off', got {switch!r}")
        released = data.get("released", [])
        if not isinstance(released, list):
            raise SettingsError(f"released is a list such as [\"rules.q1\"], got {type(released).__name__}")
        return cls(_SWITCH[switch], frozenset(released))


_configured: Optional[ClassSettings] = None

#: How long the class hub's releases are remembered (seconds): a release reaches a student's
#: next ``solution()`` within this time.
HUB_CACHE_SECONDS = 30.0
#: How long a class hub that did not answer is left before it is asked again (seconds).
HUB_RETRY_SECONDS = 5.0
#: When the hub was last asked, and its answer: the released ids (None: no hub service here),
#: or the reason it could not be asked.
_hub: Optional[tuple[float, Optional[frozenset[str]], Optional[str]]] = None


def hub_released() -> Optional[frozenset[str]]:
    """The exercises released on the class hub (``"counting.q2"``), or None off a hub or on a
    hub without Domino Lab's service; a :class:`SettingsError` when the service does not
    answer.  Remembered for :data:`HUB_CACHE_SECONDS`."""
    global _hub
    now = time.monotonic()
    if _hub is None or now - _hub[0] >= (HUB_CACHE_SECONDS if _hub[2] is None else HUB_RETRY_SECONDS):
        from ..hub.client import HubError, hub_releases  # the hub's client: imported when asked

        try:
            pairs = hub_releases()
            ids = None if pairs is None else frozenset(
                f"{lesson}.q{number}" for lesson, number in pairs if _ID.fullmatch(f"{lesson}.q{number}"))
            _hub = (now, ids, None)
        except HubError as error:
            _hub = (now, None, error.message)
    reason = _hub[2]
    if reason is not None:
        raise SettingsError(f"the class hub's service did not answer: {reason}")
    return _hub[1]


def configure(settings: Optional[ClassSettings] = None, *, solutions: Optional[bool] = None,
              released: Iterable[str] = ()) -> ClassSettings:
    """Set this kernel's class settings (over any file or environment variable), from
    ``settings`` or from the current ones changed by ``solutions`` and ``released``
    (added to those already released).  Returns what is now in force."""
    global _configured
    base = settings if settings is not None else current()
    if solutions is not None:
        base = replace(base, solutions=solutions)
    _configured = base.release(*released)
    return _configured


def reset() -> None:
    """Forget :func:`configure` and what the class hub said: the file, the hub and the
    environment decide again."""
    global _configured, _hub
    _configured = None
    _hub = None


def settings_file() -> Optional[Path]:
    """The settings file in force: ``DOMINOLAB_CLASS_SETTINGS``'s, else the first default
    that exists, else None."""
    named = os.environ.get(FILE_VARIABLE)
    if named:
        return Path(named).expanduser()
    for path in DEFAULT_FILES:
        try:
            path = path.expanduser()
            if path.is_file():
                return path
        except (OSError, RuntimeError, KeyError, ImportError):  # no home folder (a browser's Python)
            continue
    return None


def read(path: Union[str, Path]) -> ClassSettings:
    """The settings in the JSON file ``path`` (a missing file is the defaults)."""
    path = Path(path)
    if not path.exists():
        return ClassSettings()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as problem:
        raise SettingsError(f"{path}: {problem}") from None
    try:
        return ClassSettings.from_dict(data)
    except SettingsError as problem:
        raise SettingsError(f"{path}: {problem}") from None


def write(path: Union[str, Path], settings: ClassSettings) -> Path:
    """Write ``settings`` to ``path`` as JSON (what :func:`read` reads back)."""
    path = Path(path).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings.to_dict(), indent=1) + "\n", encoding="utf-8")
    return path


def current() -> ClassSettings:
    """The settings in force now (see the module's docstring for the order)."""
    if _configured is not None:
        return _configured
    path = settings_file()
    settings = read(path) if path is not None else ClassSettings()
    released = hub_released()
    if released is not None:  # on a hub with the class service: kept until the teacher releases them
        settings = ClassSettings(False, settings.released | released)
    switch = os.environ.get(SOLUTIONS_VARIABLE, "").strip().lower()
    if switch:
        if switch not in _SWITCH:
            raise SettingsError(f"{SOLUTIONS_VARIABLE} is 'on' or 'off', got {switch!r}")
        settings = replace(settings, solutions=_SWITCH[switch])
    return settings


def exercise_id(exercise: object) -> Optional[str]:
    """``"rules.q3"`` for exercise 3 of ``dominolab.exercises.rules`` (None for an exercise
    that is not in a lesson's module)."""
    prefix = __name__.rsplit(".", 1)[0] + "."
    number = getattr(exercise, "number", None)
    for name, module in list(sys.modules.items()):
        if name.startswith(prefix) and getattr(module, f"q{number}", None) is exercise:
            return f"{name.removeprefix(prefix)}.q{number}"
    return None


def answer_key(language: str = "en") -> Path:
    """The teacher's answer key notebook in ``language`` ("en" or "es")."""
    if language not in KEYS:
        raise SettingsError(f"the answer key is in {' or '.join(KEYS)}, not {language!r}")
    key = docs_folder() / KEYS[language]
    if not key.is_file():
        raise FileNotFoundError(f"the answer key {KEYS[language]} is not in the teachers' kit at {key.parent}")
    return key


def shown(exercise: object) -> Optional[str]:
    """None when ``exercise``'s solution may be shown; otherwise what to tell the student."""
    number = getattr(exercise, "number", "N")
    try:
        if current().shows(exercise_id(exercise)):
            return None
    except SettingsError as problem:
        return _("the class settings cannot be read ({problem}), so the solutions stay hidden for now; "
                 "please tell your teacher.").format(problem=problem)
    return _("your teacher is keeping the solutions for later, so `ex.q{number}.solution()` shows "
             "nothing for now. `ex.q{number}.hint()` still gives you a nudge, and "
             "`ex.q{number}.check(...)` with your answer tells you whether you are right.").format(number=number)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominolab.exercises.settings",
                                     description="Turn the exercises' solutions on or off for a class.")
    parser.add_argument("action", choices=["on", "off", "release", "show", "key"])
    parser.add_argument("ids", nargs="*", help="with release: lessons ('rules') or exercises ('rules.q3'); "
                                               "with key: where to write the answer key")
    parser.add_argument("--language", default="en", choices=sorted(KEYS), help="with key: the key's language")
    parser.add_argument("--file", type=Path, help="the settings file (default: the one in force, "
                                                  "else ~/.dominolab/class.json)")
    args = parser.parse_args(argv)
    if args.action == "key":
        if len(args.ids) != 1:
            parser.error("key needs one place to write the answer key, such as answer-key.ipynb")
        out = Path(args.ids[0])
        out = out / Path(KEYS[args.language]).name if out.is_dir() else out
        shutil.copyfile(answer_key(args.language), out)
        print(f"wrote {out}: every exercise's solution; keep it from students")
        return 0
    path = args.file or settings_file() or DEFAULT_FILES[0].expanduser()
    try:
        settings = read(path)
        if args.action == "show":
            print(f"{path}: {json.dumps(settings.to_dict())}")
            return 0
        if args.action == "release":
            if not args.ids:
                parser.error("release needs at least one lesson or exercise, such as rules.q3")
            settings = settings.release(*args.ids)
        else:
            settings = replace(settings, solutions=args.action == "on")
    except SettingsError as problem:
        parser.error(str(problem))
    write(path, settings)
    print(f"wrote {path}: {json.dumps(settings.to_dict())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
