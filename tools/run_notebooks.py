"""Execute notebooks in place and strip volatile metadata, so committed outputs match nbval.

Usage: ``python tools/run_notebooks.py notebooks/*.ipynb``  (run it after editing a lesson).
Timings, execution counts from other runs and widget state are removed; outputs are kept
so the lessons read well on GitHub and nbviewer.  It prints how long each notebook took
(kernel start included), the figure the lessons' 60-second budget is about.

A notebook is written as JupyterLab keeps it, so that it opens unchanged (no ● with no edit):
the kernel's ``kernelspec`` and ``language_info`` as the kernel reports them (Lab writes them
into the notebook when its kernel starts, and a notebook that differs opens as changed), and
a cell's stream outputs of one name in a row joined into one (as Lab joins them).
``--metadata-only`` does that without running the cells (it starts the kernel once, to ask it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def strip(nb: nbformat.NotebookNode, kernel: dict) -> None:
    """Drop metadata that changes from run to run; keep what Lab keeps (see the module's text):
    ``kernel`` holds the kernel's ``kernelspec`` and ``language_info`` (:func:`kernel_metadata`)."""
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = dict(kernel["kernelspec"])
    nb.metadata["language_info"] = dict(kernel["language_info"])
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        cell.metadata.pop("ExecuteTime", None)
        if "id" in cell and cell.get("cell_type") and nb.nbformat_minor < 5:
            del cell["id"]
        if cell.get("cell_type") == "code":
            cell.outputs = join_streams(cell.outputs)


def join_streams(outputs: list) -> list:
    """The outputs with each run of stream outputs of one name (stdout, stderr) joined into
    one, as JupyterLab's output area joins them when it opens the notebook."""
    joined: list = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (last is not None and output.get("output_type") == "stream" and last.get("output_type") == "stream"
                and output.get("name") == last.get("name")):
            last["text"] = "".join(last["text"]) + "".join(output["text"])
        else:
            joined.append(output)
    return joined


def kernel_metadata(kernel_name: str = "python3") -> dict:
    """The ``kernelspec`` and ``language_info`` the kernel ``kernel_name`` reports, as
    JupyterLab writes them into a notebook when the kernel starts."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name=kernel_name)
    try:
        info = client.kernel_info(reply=True, timeout=60)["content"]["language_info"]
        spec = manager.kernel_spec
        assert spec is not None
        return {"kernelspec": {"display_name": spec.display_name, "language": spec.language, "name": kernel_name},
                "language_info": info}
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(path: Path, timeout: int, kernel: dict, execute: bool = True) -> float:
    """Run ``path`` in place (or, without ``execute``, only write it as Lab keeps it);
    return the seconds it took."""
    started = time.perf_counter()
    nb = nbformat.read(path, as_version=4)
    if execute:
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                                resources={"metadata": {"path": str(path.parent)}})
        client.execute()
    took = time.perf_counter() - started
    strip(nb, kernel)
    nbformat.write(nb, path)
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    parser.add_argument("--metadata-only", action="store_true",
                        help="do not run the cells: only write each notebook as JupyterLab keeps it")
    args = parser.parse_args()
    kernel = kernel_metadata()
    for path in args.notebooks:
        print(f"{'writing' if args.metadata_only else 'running'} {path}", flush=True)
        print(f"  {run(path, args.timeout, kernel, execute=not args.metadata_only):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
