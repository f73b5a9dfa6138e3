"""A classroom tournament: the teacher deals, every student plays the same hands against the
same computer opponents, and the results come back as records that replay.

* The teacher: ``t = dl.Tournament.create("standard", hands=8, opponents="strategy")``,
  then ``t.save("class.json")`` or ``t.code`` (a short code to write on the board).
* A student: an :class:`Entry` plays the tournament's hands in order, from seat 0; the
  entry (and the play table's tournament mode, which wraps one) offers no undo and no hints.
  At the end ``entry.result()`` is one JSON object (``entry.save(folder)`` writes it, under a
  file name of its own for every student: :meth:`Entry.filename`).
* A kernel restart loses nothing: given a folder, the entry saves the student's moves there
  after every move (a hidden ``.name-FINGERPRINT-ID.progress.json``), and ``t.entry(name, folder)``
  carries on from them.
* The teacher again: ``t.leaderboard(files_or_folder)`` replays every result against the
  tournament's own deals and opponents.  A file that cannot be read, or was edited, forged,
  played with other deals or rules, unfinished, or handed in twice is rejected with the
  reason; results whose seals no longer match (a classmate's file renamed, re-spelled or
  spliced) or identical to others' where chance does not explain it are held back and
  described; the rest are ranked
  by total points and by *duplicate* score (the student's points minus what the computer
  player scored from the same seat on the same deals).

**An honour system.**  Everything is decided by the tournament's seed, and the seed travels
with the tournament (in its code and its file), because each student's own kernel deals the
hands and moves the opponents: hand ``i`` is dealt from ``derive_seed(seed, i)`` and each
opponent is a fresh player seeded from ``derive_seed(seed, i, seat)``.  So a student can see
every deal in advance (``t.deal(i)``), read the opponents' tiles during play, let an engine
player choose the moves, and go back in a hand by editing the progress file or copying the
entry.  What the replay does establish: every ranked hand is one of the tournament's deals,
every move in it is legal, every opponent's move is the one that opponent makes, and the
points are the hands' points.  Each entry has a random key and seals each hand of its result
(:func:`_seal`), so a file copied, re-spelled or spliced by hand breaks its seals; a file
sealed again with Python is found only when the hands it shares hold enough unusual choices
to rule out chance (:data:`WHOLE_BITS`, :data:`PART_BITS`).  A total far above what the class
and the computer scored on the same deals is held for a look (:mod:`.plausible`).  Nothing is
lost: no file of one student's is written over by another's, a finished result is never
written over at all (a progress file cut back and played on is refused), two results that
claim one student both go to the teacher, and so does every game begun with no result
(:attr:`Leaderboard.unfinished`).  A name is refused when it holds markup (< or >), or, in a
folder, when it looks like another student's (the Unicode confusable skeleton, UTS #39, with
the ``teacher`` extra: "Bеn" with a Cyrillic е beside Ben); on the board such a name is held
with a finding.

The package: :mod:`.seals` (formats, seals, names), :mod:`.codes` (the :class:`Tournament`,
its file and code), :mod:`.files` (reading what is handed in, file names), :mod:`.entries`
(a student's :class:`Entry`), :mod:`.checks` (one result replayed), :mod:`.findings` (what
results checked together show), :mod:`.plausible` (totals far above the class) and
:mod:`.board` (the :class:`Leaderboard` and its exports).
"""

from __future__ import annotations

from .board import Leaderboard
from .checks import PART_BITS, WHOLE_BITS, Checked, Choice, HandPlay, check_source
from .codes import Tournament
from .entries import Entry
from .findings import Finding, Identical
from .seals import (
    KINDS,
    MAX_FILE_BYTES,
    MAX_PLAYERS,
    PROGRESS_FORMAT,
    RESULT_FORMAT,
    RESULT_VERSION,
    TOURNAMENT_FORMAT,
    VERSION,
    TournamentError,
    _hand_list,
    _normal_name,
    _seal,
)

__all__ = ["MAX_FILE_BYTES", "PART_BITS", "PROGRESS_FORMAT", "RESULT_FORMAT", "TOURNAMENT_FORMAT", "WHOLE_BITS",
           "Checked", "Entry", "Finding", "HandPlay", "Identical", "Leaderboard", "Tournament", "TournamentError",
           "check_source"]

# The public classes say they are dominolab.tournament's, where they are imported from.
for _public in (Leaderboard, Checked, Choice, HandPlay, Tournament, Entry, Finding, Identical, TournamentError):
    _public.__module__ = __name__
del _public

_ = (KINDS, MAX_PLAYERS, RESULT_VERSION, VERSION, _hand_list, _normal_name,
     _seal)  # re-exported for tests, benchmarks and notebooks that import them from here
