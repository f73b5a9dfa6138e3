"""How long does the search player think in the browser (Pyodide)?

Run: ``python benchmarks/pyodide_search.py`` (needs node, npm and PyPI, like
tests/test_pyodide.py, which shows how the engine runs under Pyodide here).  It builds
Domino Lab's wheel, prepares the Pyodide distribution the JupyterLite kernel pins
(``lite/pyodide_dist.py``), loads it in Node.js and times the search player's decisions at
each level given (only decisions with more than one legal move), printing the median and
p90 in the same form as ``benchmarks/search.py timing``.  With ``--hint`` it times the table's
hint instead (``players.advise`` with the table's time limit, ``players.HINT_SECONDS``), under
Pyodide and then under this CPython on the same positions.  Nothing here is asserted by tests.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lite"))

RUNNER = """
import path from "node:path";
const [dist, code] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(dist, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: dist + "/" });
await py.loadPackage(["dominolab"], { messageCallback: () => {} });
await py.runPythonAsync(code);
"""

CODE = """
import statistics, sys, time
import dominolab as dl
print("python", sys.version.split()[0], sys.platform, flush=True)
for level in {levels!r}:
    times = []
    for hand in range({hands}):
        seats = [dl.SearchPlayer(31 * hand + s, level=level) for s in range(2)]
        r = dl.Round.deal("standard", 2, seed=1 + hand)
        while not r.is_over:
            view = r.view(r.turn)
            start = time.perf_counter()
            move = seats[r.turn].choose(view)
            if len(view.legal) > 1:
                times.append(time.perf_counter() - start)
            r.play(move)
    p90 = statistics.quantiles(times, n=10)[-1]
    print(f"| {{level}} (Pyodide) | {{dl.SearchPlayer.LEVELS[level]:,}} | {{len(times)}} | "
          f"{{statistics.median(times) * 1000:.1f}} | {{p90 * 1000:.1f}} |", flush=True)
"""

HINT_CODE = """
import statistics, sys, time
import dominolab as dl
from dominolab import players
times, cut = [], 0
for hand in range({hands}):
    r = dl.Round.deal("standard", 2, seed=1 + hand)
    greedy = dl.GreedyPlayer()
    while not r.is_over:
        view = r.view(r.turn)
        if len(view.legal) > 1:
            start = time.perf_counter()
            players.advise(view, time_limit=players.HINT_SECONDS)
            times.append(time.perf_counter() - start)
        r.play(greedy.choose(view))
p90 = statistics.quantiles(times, n=10)[-1]
where = "Pyodide" if sys.platform == "emscripten" else "CPython " + sys.version.split()[0]
print(f"| hint ({{where}}) | {{players.HINT_SECONDS}} s | {{len(times)}} | "
      f"{{statistics.median(times) * 1000:.0f}} | {{p90 * 1000:.0f}} | {{max(times) * 1000:.0f}} |", flush=True)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", action="append", default=None)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--hint", action="store_true", help="time the table's hint, Pyodide then CPython")
    args = parser.parse_args()
    import pyodide_dist

    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        wheels = tmp_path / "wheels"
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels),
                        str(ROOT)], check=True)
        version, cdn = pyodide_dist.kernel_pyodide()
        dist = tmp_path / "pyodide"
        pyodide_dist.prepare(dist, version, cdn, wheels=list(wheels.glob("*.whl")), specs=[],
                             skip_depends=("anywidget", "ipywidgets", "matplotlib", "tqdm"))
        runner = tmp_path / "run.mjs"
        runner.write_text(RUNNER)
        if args.hint:
            code = HINT_CODE.format(hands=args.hands)
            print("| what | time limit | hints | median ms | p90 ms | max ms |\n|---|---|---|---|---|---|", flush=True)
            subprocess.run(["node", str(runner), str(dist), code], check=True, timeout=3600)
            subprocess.run([sys.executable, "-c", code], check=True, timeout=3600,
                           env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
            return
        code = CODE.format(levels=args.level or ["easy", "medium", "hard"], hands=args.hands)
        print("| level | budget | decisions | median ms | p90 ms |\n|---|---|---|---|---|", flush=True)
        subprocess.run(["node", str(runner), str(dist), code], check=True, timeout=3600)


if __name__ == "__main__":
    main()
