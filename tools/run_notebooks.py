"""Execute notebooks in place and strip volatile metadata, so committed outputs match nbval.

Usage: ``python tools/run_notebooks.py notebooks/*.ipynb``  (run it after editing a lesson).
Timings, execution counts from other runs and widget state are removed; outputs are kept
so the lessons read well on GitHub and nbviewer.  It prints how long each notebook took
(kernel start included), the figure the lessons' 60-second budget is about.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def strip(nb: nbformat.NotebookNode) -> None:
    """Drop metadata that changes from run to run."""
    nb.metadata.pop("widgets", None)
    nb.metadata.setdefault("kernelspec", {"name": "python3", "display_name": "Python 3", "language": "python"})
    lang = nb.metadata.get("language_info", {})
    nb.metadata["language_info"] = {"name": lang.get("name", "python")}
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        cell.metadata.pop("ExecuteTime", None)
        if "id" in cell and cell.get("cell_type") and nb.nbformat_minor < 5:
            del cell["id"]


def run(path: Path, timeout: int) -> float:
    """Run ``path`` in place; return the seconds it took."""
    started = time.perf_counter()
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    took = time.perf_counter() - started
    strip(nb)
    nbformat.write(nb, path)
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    args = parser.parse_args()
    for path in args.notebooks:
        print(f"running {path}", flush=True)
        print(f"  {run(path, args.timeout):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
