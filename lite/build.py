"""Build the Domino Lab JupyterLite site: the lessons running entirely in the browser.

Usage (from the repository root, in an environment with the ``lite`` extra)::

    pip install -e ".[lite]"
    python lite/build.py                 # writes lite/_output/, a static site
    python -m http.server -d lite/_output --bind 127.0.0.1 8000
    # open http://127.0.0.1:8000/lab/index.html?path=notebooks/quickstart.ipynb

What the site holds and why:

* every notebook of ``notebooks/``, the Spanish lessons of ``notebooks/es/`` with them, under
  ``notebooks/`` as in the repository, so links and Binder's ``lab/tree/notebooks/...`` paths
  read the same (``?path=notebooks/es/00-empieza-aqui.ipynb`` opens the Spanish start);
* Pyodide's core runtime and the kernel's boot wheels, served by the site itself
  (``static/pyodide/``, prepared by ``lite/pyodide_dist.py``), so the kernel starts without a
  CDN; numpy, matplotlib and the rest of Pyodide's packages stay absolute CDN URLs that a
  visitor's browser fetches when a notebook imports them;
* the project's own wheel (``pip wheel --no-deps .``) and the widget's pure-Python
  dependencies (anywidget, ipywidgets, comm, psygnal, jupyterlab_widgets) in Pyodide's lock
  file, so a plain ``import dominolab`` loads them: no ``%pip`` in any lesson.  Their versions
  are the ones installed here, so the front-end extensions the build copies from this
  environment (anywidget's, the widget manager's) match the Python side in the browser.

``widgetsnbextension`` is left out of ipywidgets' dependencies (the kernel ships a stub), and
matplotlib and tqdm out of Domino Lab's: the engine does not need them, and a lesson that
plots loads matplotlib by importing it.

Needs ``npm`` and access to PyPI and the npm registry at build time (downloads are cached in
``lite/.cache/``); the built site needs no server, only static hosting.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import pyodide_dist  # noqa: E402  (a sibling script, not an installed module)

#: Pure-Python packages the widget needs in the browser, at the versions installed here.
WIDGET_WHEELS = ("anywidget", "ipywidgets", "comm", "psygnal", "jupyterlab_widgets")

#: Requirements not to load with their dependents in the browser (see the module docstring).
SKIP_DEPENDS = ("widgetsnbextension", "matplotlib", "tqdm")

#: Settings merged into the site's ``jupyter-lite.json``.  ``exposeAppInBrowser`` sets
#: ``window.jupyterapp`` (as JupyterLab's ``--LabApp.expose_app_in_browser`` does), which the
#: browser test uses to run cells and read the notebook model; a static site has no server
#: for it to reach, so it exposes nothing a visitor's own scripts could not already do.
SITE_CONFIG = {"appName": "Domino Lab", "exposeAppInBrowser": "true"}

#: What the site's kernel says it is (jupyterlite-pyodide-kernel's kernel spec and its reply to
#: a kernel-info request): JupyterLab writes both into a notebook when its kernel starts, so a
#: notebook that says anything else opens marked as changed (●).  The staged notebooks say this.
PYODIDE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
PYODIDE_LANGUAGE_INFO = {"codemirror_mode": {"name": "python", "version": 3}, "file_extension": ".py",
                         "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                         "pygments_lexer": "ipython3", "version": "3.8"}

DEFAULT_OUTPUT = HERE / "_output"
DEFAULT_WORK = HERE / "_build"


def installed_version(name: str) -> str:
    """The version of ``name`` in this environment, or a clear error naming the extra."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit(f"{name} is not installed: run `pip install -e \".[lite]\"` first") from None


def project_wheel(dest: Path) -> Path:
    """Build Domino Lab's own wheel (no dependencies, with build isolation) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dest),
                    str(ROOT)], check=True)
    (wheel,) = dest.glob("dominolab-*.whl")
    return wheel


def stage_contents(notebooks: Path, dest: Path) -> list[Path]:
    """Copy the notebooks folder, with its subfolders (``es/``), to ``dest/notebooks``, each
    notebook saying the site's kernel (:data:`PYODIDE_KERNELSPEC`), and return the notebooks
    copied."""
    target = dest / "notebooks"
    shutil.copytree(notebooks, target, ignore=shutil.ignore_patterns(".*", "__pycache__"))
    found = sorted(target.rglob("*.ipynb"))
    if not found:
        raise SystemExit(f"no notebooks in {notebooks}")
    for path in found:  # as the site's kernel will say it is: they open unchanged
        nb = json.loads(path.read_text(encoding="utf-8"))
        nb["metadata"]["kernelspec"] = dict(PYODIDE_KERNELSPEC)
        nb["metadata"]["language_info"] = json.loads(json.dumps(PYODIDE_LANGUAGE_INFO))
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return found


def jupyter_lite() -> list[str]:
    """The ``jupyter lite`` command of this environment."""
    script = Path(sys.executable).parent / "jupyter-lite"
    if script.exists():
        return [str(script)]
    found = shutil.which("jupyter-lite")
    if found is None:
        raise SystemExit("jupyter-lite not found: run `pip install -e \".[lite]\"` first")
    return [found]


def build(output: Path = DEFAULT_OUTPUT, work: Path = DEFAULT_WORK, notebooks: Path = ROOT / "notebooks",
          cache: Path = pyodide_dist.DEFAULT_CACHE, verbose: bool = False) -> dict:
    """Build the site into ``output`` (replaced), staging in ``work``; return a summary.

    ``jupyter lite build``'s own log is shown only when it fails, or with ``verbose``.
    """
    started = time.monotonic()
    versions = {name: installed_version(name) for name in ("jupyterlite-core", "jupyterlite-pyodide-kernel",
                                                           *WIDGET_WHEELS)}
    pyodide_version, cdn_url = pyodide_dist.kernel_pyodide()

    shutil.rmtree(work, ignore_errors=True)
    lite_dir = work / "lite"
    lite_dir.mkdir(parents=True)
    ours = project_wheel(work / "wheels")
    local = pyodide_dist.prepare(lite_dir / "static" / "pyodide", pyodide_version, cdn_url, wheels=[ours],
                                 specs=[f"{n}=={versions[n]}" for n in WIDGET_WHEELS],
                                 skip_depends=SKIP_DEPENDS, cache=cache)
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(
        {"jupyter-lite-schema-version": 0, "jupyter-config-data": SITE_CONFIG}, indent=2))
    staged = stage_contents(notebooks, work / "contents")

    if output.exists():
        shutil.rmtree(output)
    command = [*jupyter_lite(), "build", "--lite-dir", str(lite_dir), "--contents", str(work / "contents"),
               "--output-dir", str(output.resolve()), "--no-sourcemaps"]
    done = subprocess.run(command, cwd=work, capture_output=not verbose, text=True)
    if done.returncode:
        sys.stderr.write((done.stdout or "") + (done.stderr or ""))
        raise SystemExit(f"jupyter lite build failed ({done.returncode})")

    # GitHub Pages runs Jekyll on a pushed branch, which drops files whose names start with "_".
    (output / ".nojekyll").touch()
    files = [p for p in output.rglob("*") if p.is_file()]
    return {
        "output": str(output),
        "seconds": round(time.monotonic() - started, 1),
        "files": len(files),
        "megabytes": round(sum(p.stat().st_size for p in files) / 1e6, 1),
        "notebooks": [f"notebooks/{p.relative_to(work / 'contents' / 'notebooks').as_posix()}" for p in staged],
        "pyodide": pyodide_version,
        "versions": versions,
        "served_locally": {name: entry["version"] for name, entry in local.items()},
    }


def main() -> int:
    """Command line: build, then print what was built."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", type=Path, default=DEFAULT_OUTPUT, help="the site (default lite/_output)")
    parser.add_argument("--work-dir", type=Path, default=DEFAULT_WORK, help="staging folder (default lite/_build)")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks", help="the lessons to include")
    parser.add_argument("--cache-dir", type=Path, default=pyodide_dist.DEFAULT_CACHE,
                        help="downloads from npm and PyPI, reused (default lite/.cache)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--verbose", action="store_true", help="show jupyter lite build's log")
    args = parser.parse_args()
    summary = build(args.output_dir, args.work_dir, args.notebooks, args.cache_dir, verbose=args.verbose)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"built {summary['output']} in {summary['seconds']} s: {summary['files']} files, "
              f"{summary['megabytes']} MB, Pyodide {summary['pyodide']}")
        print("notebooks:", ", ".join(summary["notebooks"]))
        print("served by the site itself:", ", ".join(f"{k} {v}" for k, v in summary["served_locally"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
