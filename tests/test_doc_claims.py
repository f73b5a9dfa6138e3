"""The documents' figures and claims, checked against the files and code they come from (issue 38).

Each test reads a sentence or a table of README.md, ARCHITECTURE.md, docs/teachers/ or
benchmarks/README.md and recomputes what it says from the data file, the script or the code
behind it, so that a re-recorded study, a new puzzle set or a changed tool fails here until
the document says the same.  (The examples themselves run in tests/test_docs.py.)
"""

from __future__ import annotations

import collections
import contextlib
import importlib.util
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BENCHMARKS = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
STUDIES = json.loads((ROOT / "src" / "dominolab" / "exercises" / "strategy_studies.json").read_text(encoding="utf-8"))
STUDY = {s["id"]: s for s in STUDIES["studies"]}
PUZZLES = json.loads((ROOT / "src" / "dominolab" / "puzzles.json").read_text(encoding="utf-8"))["puzzles"]


def _script(path: str) -> Any:
    """A script of tools/ or benchmarks/, loaded as a module (they are not a package)."""
    spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _jsonl(path: str) -> dict[str, dict[str, Any]]:
    """A log of verdicts, one JSON object a line: the last line for an id counts."""
    out: dict[str, dict[str, Any]] = {}
    for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            out[entry["id"]] = entry
    return out


def _number(text: str) -> float:
    return float(text.replace(",", "").replace("−", "-"))


def _points_per_won_hand(study: dict[str, Any]) -> float:
    """All points scored in a study over the hands someone won."""
    stats = study["stats"]
    return sum(s["points_per_hand"] for s in stats) * study["hands"] / sum(s["wins"] for s in stats)


# ---------------------------------------------------------------- lesson 4's studies


def test_benchmarks_lesson4_table_is_the_studies_file():
    """benchmarks/README.md's lesson 4 table, written by lesson4_studies.py from the file the
    lesson loads (it disagreed with it: search v greedy +3.42 and 61.4% against +8.38 and 66.8%)."""
    studies = _script("benchmarks/lesson4_studies.py")
    start, end = BENCHMARKS.index(studies.START) + len(studies.START), BENCHMARKS.index(studies.END)
    assert BENCHMARKS[start:end].strip() == studies.table(STUDIES), (
        "benchmarks/README.md's lesson 4 table is not strategy_studies.json's: "
        "run `python benchmarks/lesson4_studies.py --readme`"
    )


def test_the_table_writer_keeps_the_text_around_it(tmp_path):
    studies = _script("benchmarks/lesson4_studies.py")
    readme = tmp_path / "README.md"
    readme.write_text(f"before\n{studies.START}\nold table\n{studies.END}\nafter\n", encoding="utf-8")
    studies.write_readme(STUDIES, readme)
    text = readme.read_text(encoding="utf-8")
    assert text.startswith(f"before\n{studies.START}\n| study |") and text.endswith(f"{studies.END}\nafter\n")
    assert "old table" not in text and "+8.38 (+7.49..+9.27)" in text


def test_readme_players_table_is_the_studies_file():
    """The README's players against Greedy: lesson 4's ladder studies (it quoted 48.6%, 58.7%
    and 66.6% from other runs)."""
    for player, study in [("RandomPlayer", "ladder-random"), ("StrategyPlayer", "ladder-strategy"),
                          ("SearchPlayer", "ladder-search")]:
        row = next(line for line in README.splitlines() if line.startswith(f"| `{player}` |"))
        share, margin, hands = re.search(r"\| ([\d.]+)% and ([+-][\d.]+)[^|]*?\(([\d,]+) hands", row).groups()
        compare = STUDY[study]["compare"]
        assert (share, margin, _number(hands)) == (
            f"{100 * compare['win_share']:.1f}", f"{compare['margin']:+.2f}", STUDY[study]["hands"]), player


def test_readme_points_of_a_won_hand_are_the_studies():
    """"A won standard hand is worth about 18 points" was not what the games give (14.6 over
    1,425 greedy-v-strategy hands); the sentence now quotes lesson 4's studies."""
    found = re.search(r"a won standard hand scores about (\d+) to (\d+) points:\s+([\d.]+) when the Strategist\s+"
                      r"plays Greedy, ([\d.]+) when it plays itself", README)
    assert found, "README: the sentence on a won hand's points changed; update this test with it"
    low, high, greedy, itself = found.groups()
    assert greedy == f"{_points_per_won_hand(STUDY['ladder-strategy']):.1f}"
    assert itself == f"{_points_per_won_hand(STUDY['null']):.1f}"
    assert (int(low), int(high)) == (round(float(greedy)), round(float(itself)))


def test_benchmarks_quote_the_search_study_as_the_file_has_it():
    compare = STUDY["ladder-search"]["compare"]
    low, high = compare["margin_interval"]
    assert f"shipped play-outs score {compare['margin']:+.2f} ({low:+.2f}..{high:+.2f})" in BENCHMARKS


# ---------------------------------------------------------------- puzzles


def test_the_shipped_puzzle_count_is_the_files():
    """Every count of shipped puzzles in the documents is puzzles.json's."""
    n = len(PUZZLES)
    grades = collections.Counter(p["grade"] for p in PUZZLES)
    assert f"The {n} shipped puzzles come from the engine's own games" in README
    rules = sorted({p["rules"] for p in PUZZLES})
    listed = re.search(r"shipped puzzles come from the engine's own games, across the\s+(.*?)\s+rules", README, flags=re.S)
    assert listed and sorted(re.split(r",\s+(?:and\s+)?|\s+and\s+", listed.group(1))) == rules
    assert f"then all {n} puzzles" in BENCHMARKS
    assert f"the second check below leaves {n}." in BENCHMARKS
    assert f"**{n} shipped** ({grades['easy']} easy, {grades['medium']} medium, {grades['hard']} hard)" in BENCHMARKS


GROUPS = {"standard, 2 players": "standard-2p", "standard, 3 players": "standard-3p", "family, 2 players": "family-2p",
          "family, 3 players": "family-3p", "partnership, 4 players": "partnership-4p"}


def test_benchmarks_puzzle_table_counts_the_logs():
    """The verification table, recounted from the verdicts' logs and the shipped file (its
    "shipped" column added up to 66 while 60 ship: it was the first check's count)."""
    verified = _jsonl("benchmarks/puzzle_verification.jsonl")
    second = _jsonl("benchmarks/puzzle_second_check.jsonl")
    shipped = collections.Counter(p["id"].rsplit("-", 1)[0] for p in PUZZLES)
    header = "| preset | exact kept | exact dropped | paired kept | paired fixed | paired dropped | passed | dropped by the second check | shipped |"
    assert header in BENCHMARKS
    table = BENCHMARKS.split(header, 1)[1].split("\n\n", 1)[0]  # other tables name the same presets
    rows = {line.split(" | ")[0].lstrip("| "): line for line in table.splitlines()
            if line.startswith("| ") and line.split(" | ")[0].lstrip("| ") in GROUPS}
    assert set(rows) == set(GROUPS)
    for name, group in GROUPS.items():
        mine = [e for key, e in verified.items() if key.rsplit("-", 1)[0] == group]
        count = collections.Counter((e["method"], e["status"]) for e in mine)
        passed = [key for key, e in verified.items() if key.rsplit("-", 1)[0] == group and e["status"] != "dropped"]
        expected = [count["exact", "kept"], count["exact", "dropped"], count["paired", "kept"], count["paired", "fixed"],
                    count["paired", "dropped"], len(passed), sum(1 for key in passed if not second[key]["ok"]),
                    shipped[group]]
        cells = [c.strip() for c in rows[name].strip("| \n").split("|")[1:]]
        said = [sum(int(x) for x in re.findall(r"\d+", cell)) for cell in cells]  # "19 + 1 new" is 20
        assert said == expected, f"{name}: the table says {said}, the logs {expected}"
        assert set(passed) - {key for key, e in second.items() if not e["ok"]} == {
            p["id"] for p in PUZZLES if p["id"].rsplit("-", 1)[0] == group}, name


def test_benchmarks_puzzle_sentences_count_the_logs():
    verified = _jsonl("benchmarks/puzzle_verification.jsonl")
    second = _jsonl("benchmarks/puzzle_second_check.jsonl")
    status = collections.Counter(e["status"] for e in verified.values())
    passed = [e for e in verified.values() if e["status"] != "dropped"]
    grades = collections.Counter(e["puzzle"]["grade"] for e in passed)
    found = re.search(r"(\d+) puzzles checked on .*?\):\s+(\d+) exactly, (\d+) by paired play-outs\. (\d+) kept "
                      r"\((\d+) as found, (\d+) with a new best move\), (\d+) dropped\.\s+Then (\d+) more", BENCHMARKS)
    assert found
    checked, exact, paired, kept, as_found, fixed, dropped, more = (int(x) for x in found.groups())
    assert checked + more == len(verified)
    assert exact + paired == checked
    assert exact <= sum(1 for e in verified.values() if e["method"] == "exact") <= exact + more
    assert (as_found + more, fixed, dropped) == (status["kept"], status["fixed"], status["dropped"])
    assert kept == as_found + fixed
    assert (f"{len(passed)} passed this verification ({grades['easy']} easy, {grades['medium']} medium, "
            f"{grades['hard']} hard)") in BENCHMARKS
    for method, words in [("exact", "exact solver"), ("paired", "paired play-outs (easy)")]:
        mine = [e for e in second.values() if e["of"] == method]
        ok = sum(1 for e in mine if e["ok"])
        assert f"| {words} | {len(mine)} | {ok} | {len(mine) - ok}: " in BENCHMARKS, method
        for e in mine:
            if not e["ok"]:
                assert e["id"] in BENCHMARKS.split(f"| {words} |")[1].split("\n")[0], e["id"]


# ---------------------------------------------------------------- figures quoted from benchmarks


def test_readme_throughput_is_the_benchmarks_table():
    """The README's hands a second is benchmarks/README.md's latest measured figure, rounded
    (it said 18,000 after the table had moved to 28,763)."""
    measured = _number(re.search(r"^\| standard, 2 players \| ([\d,]+) ", BENCHMARKS, flags=re.M).group(1))
    said = _number(re.search(r"plays about ([\d,]+) complete\s+2-player hands a second", README).group(1))
    assert said == round(measured, -3)


def test_readme_omniscient_row_is_the_strength_table():
    row = re.search(r"^\| omniscient v greedy \| (\d+) \| ([\d.]+) \([^)]*\) \| [\d.]+ \| ([+-][\d.]+) ", BENCHMARKS,
                    flags=re.M)
    hands, wins, margin = row.groups()
    assert f"| {wins}% and {margin} ({int(hands):,} hands) |" in README


# ---------------------------------------------------------------- statements


def _prose(path: Path) -> str:
    """A document's text, less ARCHITECTURE.md's Tests section (kept by hand with its run)."""
    text = path.read_text(encoding="utf-8")
    if path.name == "ARCHITECTURE.md":
        text = re.sub(r"^## Tests\n.*?(?=^## |\Z)", "", text, flags=re.M | re.S)
    return text


DOCUMENTS = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", ROOT / "benchmarks" / "README.md",
             *sorted((ROOT / "docs" / "teachers").glob("*.md"))]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_counts_the_tests(path):
    """Counts of tests drift with every test added ("1,566 of 2,174", "passes 372 tests"):
    the documents say what the tests check, not how many there are."""
    found = re.findall(r"\b\d[\d,]* (?:of [\d,]+ )?tests\b", _prose(path))
    assert not found, f"{path.relative_to(ROOT)} counts tests: {found}"


def test_no_quick_claim_for_a_command_that_runs_the_slow_tests():
    """The README called a command that collects the slow tests quick ("seconds")."""
    for line in README.splitlines():
        if line.startswith("pytest tests") and re.search(r"second|quick|fast", line):
            assert "not slow" in line, line


def test_where_the_guides_say_a_lesson_holds_a_cell_it_does():
    """"Students open a notebook (lesson 0 has the cell)": lesson 0 had no tournament cell."""
    for path in DOCUMENTS:
        for lesson in re.findall(r"lesson (\d) has the cell", _prose(path)):
            notebook = next((ROOT / "notebooks").glob(f"0{lesson}-*.ipynb"))
            cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
            code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
            assert any("DominoTable.tournament(" in c for c in code), f"{path.name}: lesson {lesson} has no such cell"


def test_lesson_times_prints_how_it_counts():
    """The README says `python tools/lesson_times.py` prints the times and how they are
    counted; it printed only the totals."""
    assert "`python tools/lesson_times.py`\n  prints them and how they are counted" in README
    times = _script("tools/lesson_times.py")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        times.main()
    printed = out.getvalue()
    assert "about 60 minutes" in printed
    assert "85 words a minute" in printed and "Hasbrouck and Tindal" in printed and "code to write" in printed
    assert "A 50-minute period" in printed  # and how the plans split a lesson into periods


# ---------------------------------------------------------------- the benchmarks' position sets


def _benchmark_script(name: str) -> Any:
    """A benchmark that imports its neighbours (hint_search imports known_answers)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return _script(f"benchmarks/{name}.py")
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def test_benchmarks_known_answers_counts_are_the_files():
    known = _benchmark_script("known_answers")
    positions = known.load()
    groups = collections.Counter((p["preset"], p["players"]) for p in positions)
    decisive = 0
    for entry in positions:
        r = known.replay(entry)
        decisive += known.gap_of(entry, r.view(r.turn).ends)[1] >= known.DECISIVE
    said = re.search(r"holds (\d+) positions \(standard 2 players: (\d+), family 2\s+players: (\d+), family 3 players: "
                     r"(\d+), standard 3 players: (\d+)\)", BENCHMARKS)
    assert said and [int(x) for x in said.groups()] == [len(positions), groups["standard", 2], groups["family", 2],
                                                         groups["family", 3], groups["standard", 3]]
    perfect = sum(1 for p in positions if p["perfect"])
    assert f"{perfect} have one deal and an empty boneyard (nothing hidden at all)." in BENCHMARKS
    assert re.search(rf"\n{decisive} are \*decisive\*: the exact best is ahead of every other move by at least "
                     rf"{known.DECISIVE:g} points", BENCHMARKS)
    assert f"/{decisive} (" in BENCHMARKS and f"(all {len(positions)} positions, every level" in BENCHMARKS


def test_benchmarks_hint_positions_are_the_reference_file():
    """The hint's positions: how many, how many the 32x reference separates, how many offer a
    draw beside a play, from benchmarks/hint_search.jsonl (replayed from each line's key)."""
    hint = _benchmark_script("hint_search")
    refs = hint.load_cache(ROOT / "benchmarks" / "hint_search.jsonl")
    separated = draws = 0
    groups: dict[str, list[int]] = {}
    for key, ref in refs.items():
        preset, players, seed, moves = key.split(" ", 3)
        r = hint.replay({"preset": preset, "players": int(players), "seed": int(seed), "moves": moves})
        view = r.view(r.turn)
        gap, low = hint.separation(ref, view.ends)
        apart = gap >= hint.SEPARATION and low > 0
        separated += apart
        draws += hint.DRAW in view.legal and any(isinstance(m, hint.Play) for m in view.legal)
        group = groups.setdefault(f"{preset}, {players} players", [0, 0])
        group[0] += 1
        group[1] += apart
    n = len(refs)
    assert f"* **Positions**: {n:,} decisions" in BENCHMARKS
    assert f"{draws:,} of them have drawing beside a play" in BENCHMARKS
    assert f"{separated} positions are separated, {n - separated} are not." in BENCHMARKS
    for name, (count, apart) in groups.items():
        assert re.search(rf"^\| {re.escape(name)} \| {count} \| {apart} \|", BENCHMARKS, flags=re.M), name


def test_benchmarks_lesson7_puzzles_are_the_second_checks():
    second = _jsonl("benchmarks/puzzle_second_check.jsonl")
    found = re.search(r"Lesson 7's three puzzles \(([^)]*)\) are exact ones\s+whose check at medium agrees clearly: "
                      r"([\d.]+) ± ([\d.]+), ([\d.]+) ± ([\d.]+) and ([\d.]+) ± ([\d.]+) points", BENCHMARKS)
    assert found
    ids = [x.strip() for x in found.group(1).split(",")]
    figures = [float(x) for x in found.groups()[1:]]
    lesson = (ROOT / "notebooks" / "07-learn-from-your-games.ipynb").read_text(encoding="utf-8")
    for i, puzzle in enumerate(ids):
        entry = second[puzzle]
        assert entry["of"] == "exact" and entry["ok"] and puzzle in lesson, puzzle
        assert [entry["check"]["gain"], entry["check"]["margin"]] == figures[2 * i: 2 * i + 2], puzzle


def test_readme_hint_figures_are_the_benchmarks_table():
    """The README's hint figures round benchmarks/README.md's table of the shipped hint."""
    def row(words: str) -> tuple[int, int]:
        found = re.search(rf"^\| {re.escape(words)} \| \**(\d+)/(\d+)", BENCHMARKS, flags=re.M)
        assert found, words
        return int(found.group(1)), int(found.group(2))

    agrees, separated = row("separated: names the 32x best move (agrees)")
    close, _ = row('separated: says "about equal"')
    other, _ = row("separated: names another move")
    equal, others = row('others: says "about equal"')
    assert agrees + close + other == separated
    said = re.search(r"in (\d+)% of ([\d,]+) positions, said \"about equal\" in (\d+)% and named another move in "
                     r"([\d.]+)%;.*?it said \"about equal\" in (\d+)% of ([\d,]+)", README, flags=re.S)
    assert said
    assert said.groups() == (f"{100 * agrees / separated:.0f}", f"{separated:,}", f"{100 * close / separated:.0f}",
                             f"{100 * other / separated:.1f}", f"{100 * equal / others:.0f}", f"{others:,}")
