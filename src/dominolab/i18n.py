"""The language the engine speaks: one switch, gettext catalogs, and the markers texts use.

``set_language("es")`` makes every text built afterwards Spanish for the whole kernel;
``with language("es"):`` does it for one block (and only in the thread or task that entered
it), which is what one table among several uses.  English is the default, and its texts are
the source strings themselves, unchanged.

The catalogs are standard gettext files, ``locale/<lang>/LC_MESSAGES/dominolab.po`` compiled
to ``.mo`` and shipped in the package; only the standard library reads them, so this runs
under Pyodide too.  Texts are whole sentences with named placeholders (``{tile}``), marked
with :func:`_` and :func:`ngettext` (or :func:`N_` for a constant translated when used), so
``pybabel extract`` finds them.  See ARCHITECTURE.md, "Translations".
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Optional

from .validate import PicklableError

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "NP_",
    "N_",
    "Deferred",
    "UnknownLanguageError",
    "_",
    "get_language",
    "language",
    "ngettext",
    "npgettext",
    "pgettext",
    "said",
    "set_language",
]

#: The gettext domain: the catalogs are ``locale/<lang>/LC_MESSAGES/dominolab.mo``.
DOMAIN = "dominolab"
#: Where the catalogs live, inside the package.
LOCALE_DIR = Path(__file__).with_name("locale")
#: The languages there are, by code, each with its own name for itself.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
#: The language of the source strings (no catalog needed).
SOURCE_LANGUAGE = "en"


class UnknownLanguageError(PicklableError, ValueError):
    """A language code the library has no texts for; the message lists the ones it has."""

    def __init__(self, given: object):
        self.given = given
        choices = ", ".join(f"{code!r} ({name})" for code, name in LANGUAGES.items())
        super().__init__(f"no texts in the language {given!r}; choose one of {choices}")


_default = SOURCE_LANGUAGE
#: The language of the current block (``language(...)``), or None to use the default.
_override: ContextVar[Optional[str]] = ContextVar("dominolab_language", default=None)
_catalogs: dict[str, gettext.NullTranslations] = {}


def _check(code: object) -> str:
    if not isinstance(code, str) or code.strip().lower() not in LANGUAGES:
        raise UnknownLanguageError(code)
    return code.strip().lower()


def _catalog(code: str) -> gettext.NullTranslations:
    """The translations for ``code`` (read once); the source language needs none."""
    catalog = _catalogs.get(code)
    if catalog is None:
        if code == SOURCE_LANGUAGE:
            catalog = gettext.NullTranslations()
        else:
            catalog = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])
        _catalogs[code] = catalog
    return catalog


def set_language(code: str) -> None:
    """Make ``code`` ("en" or "es") the language of every text built from now on, in the
    whole kernel.  An unknown code raises :class:`UnknownLanguageError`; nothing changes."""
    global _default
    code = _check(code)
    _catalog(code)  # a missing catalog fails here, not in the middle of a sentence
    _default = code


def get_language() -> str:
    """The language texts are built in here and now: the current block's, else the kernel's."""
    return _override.get() or _default


@contextmanager
def language(code: Optional[str]) -> Iterator[str]:
    """Build the texts of a ``with`` block in ``code``; ``None`` keeps the current language.

    Only the thread or task that enters the block is affected, so a table that holds its own
    language wraps its work (and its worker threads' work) in this."""
    if code is None:
        yield get_language()
        return
    code = _check(code)
    _catalog(code)
    token = _override.set(code)
    try:
        yield code
    finally:
        _override.reset(token)


def _(message: str) -> str:
    """``message`` in the current language (the message itself in English, or where the
    catalog has no translation of it; "" stays "", never the catalog's header)."""
    return _catalog(get_language()).gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that agrees with ``n``, in the current language."""
    return _catalog(get_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words used
    elsewhere by ``context`` (a short English word for a place in a sentence)."""
    return _catalog(get_language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return _catalog(get_language()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark a constant for extraction without translating it now: it is translated with
    :func:`_` where it is used, in the language of that moment."""
    return message


def NP_(context: str, message: str) -> str:
    """:func:`N_` with a context: translated later with :func:`pgettext` and that context."""
    return message


class Deferred(str):
    """English text built from a message and its named parts, that can be said again in the
    language of the moment it is read (:func:`said`).  It is the English string itself
    everywhere else, so code that keeps texts as strings (an exercise's hint) keeps working."""

    message: str
    parts: dict[str, object]

    def __new__(cls, message: str, **parts: object) -> Deferred:
        text = super().__new__(cls, message.format(**parts))
        text.message = message
        text.parts = parts
        return text

    def said(self) -> str:
        """The text in the current language."""
        return _(self.message).format(**self.parts)


def said(text: str) -> str:
    """``text`` in the current language: a :class:`Deferred` said again, else :func:`_`."""
    return text.said() if isinstance(text, Deferred) else _(text)
