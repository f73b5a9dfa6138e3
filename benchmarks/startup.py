"""How long ``import dominolab`` takes in a fresh interpreter, and what it loads.

    python benchmarks/startup.py [--runs 15]

Prints the median and the spread of the import time over fresh processes (``-X importtime``'s
figure for the package) and the engine modules the import loaded; the simulator, the puzzles,
the tournament, the reachability checker and the widget load when first used.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

LATER = ("dominolab.simulation", "dominolab.puzzles", "dominolab.tournament", "dominolab.reachable",
         "dominolab.widget", "dominolab.session")


def once() -> float:
    """Milliseconds ``import dominolab`` took in a new interpreter."""
    run = subprocess.run([sys.executable, "-X", "importtime", "-c", "import dominolab"],
                         capture_output=True, text=True, check=True)
    last = [line for line in run.stderr.splitlines() if line.rstrip().endswith("| dominolab")][-1]
    return int(last.split("|")[1]) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    times = sorted(once() for _ in range(args.runs))
    print(f"import dominolab: median {statistics.median(times):.0f} ms over {args.runs} fresh processes "
          f"(fastest {times[0]:.0f} ms, slowest {times[-1]:.0f} ms)")
    loaded = subprocess.run([sys.executable, "-c", "import sys, dominolab; "
                             "print(' '.join(sorted(m for m in sys.modules if m.startswith('dominolab'))))"],
                            capture_output=True, text=True, check=True).stdout.split()
    print(f"loaded at import: {len(loaded)} dominolab modules")
    print("loaded when first used:", ", ".join(m for m in LATER if m not in loaded))


if __name__ == "__main__":
    main()
