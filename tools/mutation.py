"""Mutation testing of the engine with mutmut: does the test suite notice when the code changes?

mutmut changes the code one small edit at a time (``<`` for ``<=``, ``and`` for ``or``, a
number plus one, a string garbled...) and runs the tests that cover the changed function.
A mutant the tests fail on is *killed*; one they pass is a *survivor*: a change nobody would
notice.  Not part of CI: a full run takes tens of minutes on two cores.

Usage::

    pip install mutmut                       # 3.x
    python tools/mutation.py                 # rules(_text).py, scoring.py, round(setup).py
    python tools/mutation.py --modules render view --max-children 2
    python tools/mutation.py --show          # ... and print every survivor's diff

The working tree (``src``, ``tests``, ``pyproject.toml``; uncommitted edits included) is
copied to a scratch directory (``--workdir``, default a new temporary one) so the repository
stays clean; mutmut's ``mutants/`` folder and cache live there.  Run it again with the same
``--workdir`` to re-test only what changed.  The script prints killed/total per module and
the surviving mutants; ``cd WORKDIR && mutmut show NAME`` shows one, ``mutmut browse`` all.
Property tests run 25 examples per mutant there (a profile added to the copy's conftest).
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "src" / "dominolab"
DEFAULT_MODULES = ("rules", "rules_text", "scoring", "round", "roundsetup")  # the engine as split in issue 46
#: The fast tests that exercise the engine (no widget, browser, notebooks or Binder).
TESTS = ("test_rules.py", "test_scoring.py", "test_variants.py", "test_round.py", "test_render.py",
         "test_engine_api.py", "test_records.py", "test_properties.py", "test_tiles.py", "test_match.py",
         "test_search.py")  # the search tests cover Round's fast play-out section
STATUS = re.compile(r"^\s*(dominolab\.(\w+)\.\S+): (.+)$")
#: Appended to the scratch copy's tests/conftest.py: property tests draw fewer examples per
#: mutant (a mutant they catch is usually caught in the first few), so a run takes minutes.
HYPOTHESIS_PROFILE = """

# Added by tools/mutation.py in its scratch copy only.
from hypothesis import HealthCheck as _HealthCheck, settings as _settings  # noqa: E402

_settings.register_profile("mutation", max_examples=25, deadline=None,
                           suppress_health_check=list(_HealthCheck))
_settings.load_profile("mutation")
"""


def _config(modules: list[str], tests: list[str]) -> str:
    def toml_list(items: list[str]) -> str:
        return "[" + ", ".join(json.dumps(item) for item in items) + "]"

    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = {toml_list([f'src/dominolab/{m}.py' for m in modules])}\n"
        f"pytest_add_cli_args_test_selection = {toml_list([f'tests/{t}' for t in tests])}\n"
        # Hypothesis draws the same examples every run, so a mutant's fate does not vary.
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "--hypothesis-seed=0"]\n'
    )


def prepare(workdir: Path, modules: list[str], tests: list[str]) -> None:
    """Copy the working tree into ``workdir`` and configure mutmut there."""
    for name in ("src", "tests"):
        target = workdir / name
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(ROOT / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    conftest = workdir / "tests" / "conftest.py"
    conftest.write_text(conftest.read_text(encoding="utf-8") + HYPOTHESIS_PROFILE, encoding="utf-8")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (workdir / "pyproject.toml").write_text(pyproject + _config(modules, tests), encoding="utf-8")


def results(workdir: Path, mutmut: str) -> dict[str, collections.Counter]:
    """mutmut's verdict per module: a Counter of statuses ("killed", "survived", ...)."""
    out = subprocess.run([mutmut, "results", "--all", "true"], cwd=workdir, capture_output=True,
                         text=True, check=True).stdout
    by_module: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for line in out.splitlines():
        match = STATUS.match(line)
        if match:
            by_module[match.group(2)][match.group(3).strip()] += 1
    return by_module


def survivors(workdir: Path, mutmut: str) -> list[str]:
    out = subprocess.run([mutmut, "results"], cwd=workdir, capture_output=True, text=True, check=True).stdout
    return [m.group(1) for m in map(STATUS.match, out.splitlines()) if m and m.group(3).strip() == "survived"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", nargs="+", default=list(DEFAULT_MODULES),
                        help="engine modules to mutate (default: %(default)s)")
    parser.add_argument("--tests", nargs="+", default=list(TESTS), help="test files to run (default: the engine's)")
    parser.add_argument("--workdir", type=Path, help="scratch directory (default: a new temporary one)")
    parser.add_argument("--max-children", type=int, default=2, help="parallel test processes (default: 2)")
    parser.add_argument("--show", action="store_true", help="print the diff of every surviving mutant")
    args = parser.parse_args(argv)

    for module in args.modules:
        if not (ENGINE / f"{module}.py").is_file():
            parser.error(f"no engine module src/dominolab/{module}.py")
    for test in args.tests:
        if not (ROOT / "tests" / test).is_file():
            parser.error(f"no test file tests/{test}")
    mutmut = shutil.which("mutmut") or str(Path(sys.executable).with_name("mutmut"))
    if not Path(mutmut).exists():
        print("mutmut is not installed: pip install mutmut", file=sys.stderr)
        return 2

    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="dominolab-mutation-"))
    workdir.mkdir(parents=True, exist_ok=True)
    prepare(workdir, args.modules, args.tests)
    print(f"mutating {', '.join(args.modules)} in {workdir} (tests: {len(args.tests)} files)", flush=True)
    run = subprocess.run([mutmut, "run", "--max-children", str(args.max_children)], cwd=workdir,
                         stdout=subprocess.DEVNULL)
    if run.returncode:
        print(f"mutmut run failed with exit code {run.returncode}", file=sys.stderr)
        return run.returncode

    by_module = results(workdir, mutmut)
    print(f"\n{'module':<12}{'killed':>8}{'survived':>10}{'other':>7}{'total':>7}   score (killed/total)")
    totals: collections.Counter = collections.Counter()
    for module in args.modules:
        counts = by_module.get(module, collections.Counter())
        total = sum(counts.values())
        killed, survived = counts["killed"], counts["survived"]
        totals.update(counts)
        score = f"{killed / total:.1%}" if total else "-"
        print(f"{module:<12}{killed:>8}{survived:>10}{total - killed - survived:>7}{total:>7}   {score}")
    total = sum(totals.values())
    if total:
        print(f"{'all':<12}{totals['killed']:>8}{totals['survived']:>10}"
              f"{total - totals['killed'] - totals['survived']:>7}{total:>7}   {totals['killed'] / total:.1%}")
    other = {status: n for status, n in totals.items() if status not in ("killed", "survived")}
    if other:
        print("other verdicts: " + ", ".join(f"{n} {status}" for status, n in sorted(other.items())))

    names = survivors(workdir, mutmut)
    print(f"\n{len(names)} survivors" + (":" if names else "."))
    for name in names:
        print(f"  {name}")
        if args.show:
            diff = subprocess.run([mutmut, "show", name], cwd=workdir, capture_output=True, text=True).stdout
            print("    " + diff.strip().replace("\n", "\n    "))
    print(f"\ninspect one: cd {workdir} && mutmut show NAME")
    return 0


if __name__ == "__main__":
    sys.exit(main())
