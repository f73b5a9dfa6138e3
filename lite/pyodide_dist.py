"""Prepare a Pyodide distribution that a JupyterLite site can serve itself.

Why: the Pyodide kernel normally loads Pyodide and every package from a public CDN.  A site
built with this folder in ``<lite_dir>/static/pyodide/`` instead loads, from its own origin,

* Pyodide's core runtime (the npm package ``pyodide`` at the version the kernel pins),
* the pure-Python wheels the kernel needs to boot (micropip, IPython, jedi and what they
  depend on), downloaded from PyPI at the versions Pyodide's lock file names,
* extra wheels given by the caller (here: Domino Lab and its widget's dependencies), added to
  the lock file so that a plain ``import dominolab`` in a notebook loads them, no ``%pip``.

Every other lock entry (numpy, matplotlib, ...) is rewritten to an absolute CDN URL, so a
published site still fetches those on demand.  The npm package holds only the core runtime,
none of the packages its lock lists; and Pyodide repacks the wheels it hosts, so PyPI's files
have other sha256 digests: each local entry gets its own file name and digest.

Used by ``lite/build.py``; also runs alone::

    python lite/pyodide_dist.py DEST [--wheel X.whl ...] [--spec NAME==VERSION ...] [--skip-depends NAME ...]

Needs ``npm`` (for the runtime) and ``pip`` with access to PyPI (for the wheels); downloads
are cached in ``lite/.cache/`` and reused.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterable
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement

HERE = Path(__file__).resolve().parent
DEFAULT_CACHE = HERE / ".cache"

#: The files of the npm package the kernel needs: the ES module entry point (the kernel runs
#: in a module worker), the Emscripten module and binary, the standard library, the lock.
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: What the kernel's worker loads while it boots (see ``initPackageManager`` / ``initKernel``
#: in jupyterlite-pyodide-kernel): ``loadPackage(["micropip"])``, then ``piplite.install`` of
#: ipykernel, comm, pyodide-kernel, jedi and ipython.  ipykernel, pyodide-kernel and piplite
#: come from the kernel extension's own wheels; comm is not in Pyodide's lock, so the caller
#: adds it as an extra wheel.  Their dependencies are followed through the lock.
BOOT_ROOTS = ("micropip", "ipython", "jedi")


def canonical(name: str) -> str:
    """The normalized project name (PEP 503), the form the lock file's keys use."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    """Hex sha256 digest of a file, as Pyodide checks it before installing a wheel."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch_runtime(version: str, cache: Path) -> Path:
    """Return the unpacked npm package ``pyodide@version``, fetching it with ``npm pack`` once."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "package" / "pyodide-lock.json").exists():
        return unpacked / "package"
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        subprocess.run(["npm", "pack", f"pyodide@{version}", "--pack-destination", str(cache), "--silent"],
                       check=True, stdout=subprocess.DEVNULL)
    tmp = cache / f"pyodide-{version}.partial"
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tarball) as tar:
        if hasattr(tarfile, "data_filter"):  # refuse odd members where Python can check
            tar.extractall(tmp, filter="data")
        else:  # pragma: no cover - Python < 3.11.4
            tar.extractall(tmp)
    tmp.rename(unpacked)
    return unpacked / "package"


def download_pure_wheels(specs: Iterable[str], dest: Path, python_version: str) -> dict[str, Path]:
    """Download pure-Python (``py3-none-any``) wheels and return them by canonical name.

    A spec is ``name==version`` (reused from ``dest`` once downloaded) or a bare ``name``
    (pip picks the newest pure wheel).  pip is told the target is Python ``python_version``
    on no particular platform, so it can only pick pure wheels (psygnal, for one, also ships
    compiled wheels that Pyodide could not load; recent hypothesis ships only compiled ones).
    """
    pinned = {canonical(s.split("==")[0]): s.split("==")[1] for s in specs if "==" in s}
    bare = sorted(canonical(s) for s in specs if "==" not in s)
    dest.mkdir(parents=True, exist_ok=True)

    def present() -> dict[str, list[Path]]:
        found: dict[str, list[Path]] = {}
        for path in dest.glob("*.whl"):
            found.setdefault(canonical(path.name.split("-")[0]), []).append(path)
        return found

    have = present()
    missing = [f"{n}=={v}" for n, v in sorted(pinned.items())
               if not any(wheel_version(p) == v for p in have.get(n, []))] + bare
    if missing:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "--python-version", python_version, "--implementation", "py", "--abi", "none",
                        "--platform", "any", "--dest", str(dest), *missing], check=True)
    have = present()
    result = {}
    for name, version in pinned.items():
        result[name] = next((p for p in have.get(name, []) if wheel_version(p) == version), None)
    for name in bare:
        result[name] = max(have.get(name, []), key=lambda p: _version_key(wheel_version(p)), default=None)
    absent = sorted(name for name, path in result.items() if path is None)
    if absent:
        raise RuntimeError(f"pip did not download pure wheels for {absent} into {dest}")
    return result


def _version_key(version: str) -> tuple:
    """Sort key for plain release versions such as 6.155.7."""
    return tuple(int(part) if part.isdigit() else -1 for part in re.split(r"[.+-]", version))


def wheel_version(path: Path) -> str:
    """The version part of a wheel's file name."""
    return path.name.split("-")[1]


def wheel_metadata(path: Path) -> tuple[str, str, list[str], list[str]]:
    """Name, version, requirements and top-level import names of a wheel."""
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        meta = Parser().parsestr(whl.read(f"{dist_info}/METADATA").decode())
        if f"{dist_info}/top_level.txt" in names:
            imports = whl.read(f"{dist_info}/top_level.txt").decode().split()
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if not n.split("/")[0].endswith((".dist-info", ".data"))
                              and (n.endswith(".py") or "/" in n)})
    return meta["Name"], meta["Version"], meta.get_all("Requires-Dist") or [], imports


def runtime_requirements(requires: Iterable[str], python_version: str) -> list[str]:
    """The canonical names of the requirements that apply inside Pyodide (no extras)."""
    env = {"python_version": python_version, "python_full_version": f"{python_version}.0",
           "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
           "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
    names = []
    for line in requires:
        req = Requirement(line)
        if req.marker is None or Marker(str(req.marker)).evaluate(env):
            names.append(canonical(req.name))
    return names


def closure(packages: dict[str, dict], roots: Iterable[str]) -> set[str]:
    """Every lock entry reachable from ``roots`` through ``depends``."""
    seen: set[str] = set()
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise KeyError(f"{name!r} is not in the Pyodide lock file")
        seen.add(name)
        todo.extend(canonical(d) for d in packages[name]["depends"])
    return seen


@contextlib.contextmanager
def cache_lock(cache: Path):
    """Hold ``cache`` for this process alone while it is filled: the JupyterLite build and the
    engine's Pyodide run may prepare at once (CI runs tests on two workers), and both fetch
    into the same cache.  Where ``fcntl`` is missing (Windows) no lock is taken."""
    cache.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on the machines CI uses
        yield
        return
    with open(cache / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def prepare(dest: Path, version: str, cdn_url: str, wheels: Iterable[Path] = (), specs: Iterable[str] = (),
            skip_depends: Iterable[str] = (), cache: Path = DEFAULT_CACHE) -> dict[str, dict]:
    """Write a servable Pyodide distribution into ``dest`` and return its local lock entries
    (one process at a time per cache: :func:`cache_lock`)."""
    with cache_lock(cache):
        return _prepare(dest, version, cdn_url, wheels, specs, skip_depends, cache)


def _prepare(dest: Path, version: str, cdn_url: str, wheels: Iterable[Path], specs: Iterable[str],
             skip_depends: Iterable[str], cache: Path) -> dict[str, dict]:
    """:func:`prepare`'s work, with the cache held.

    ``wheels`` (paths) and ``specs`` (``name==version``, downloaded from PyPI as pure wheels)
    are added to the lock.  Each one's runtime requirements become its ``depends``, except
    names in ``skip_depends``: packages a notebook loads on demand by importing them, or that
    Pyodide must not load at all.  Everything needed to boot the kernel and to import the
    added packages is served from ``dest``; every other entry points at ``cdn_url``.
    """
    runtime = fetch_runtime(version, cache)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    packages: dict[str, dict] = lock["packages"]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    skip = {canonical(s) for s in skip_depends}
    wheel_cache = cache / f"wheels-py{python}"
    wheels = [*wheels, *download_pure_wheels(specs, wheel_cache, python).values()]

    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(runtime / name, dest / name)

    added: dict[str, dict] = {}
    for wheel in wheels:
        name, wversion, requires, imports = wheel_metadata(wheel)
        key = canonical(name)
        shutil.copy2(wheel, dest / wheel.name)
        added[key] = {
            "name": name, "version": wversion, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports,
            "depends": [d for d in runtime_requirements(requires, python) if d not in skip],
            "unvendored_tests": False,
        }
    packages.update(added)

    # What must be local: the kernel's boot set and everything the added wheels pull in.
    local = closure(packages, [*BOOT_ROOTS, *added])
    from_pypi = sorted(local - set(added))
    compiled = [n for n in from_pypi if not packages[n]["file_name"].endswith("-none-any.whl")]
    if compiled:
        raise RuntimeError(f"these packages must load offline but are not pure Python: {compiled}")
    downloaded = download_pure_wheels((f"{n}=={packages[n]['version']}" for n in from_pypi), wheel_cache, python)
    for name in from_pypi:
        wheel = downloaded[name]
        shutil.copy2(wheel, dest / wheel.name)
        packages[name]["file_name"] = wheel.name
        packages[name]["sha256"] = sha256(wheel)
    for name, entry in packages.items():
        if name not in local and "://" not in entry["file_name"]:
            entry["file_name"] = f"{cdn_url.rstrip('/')}/{entry['file_name']}"

    (dest / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":"), sort_keys=True))
    return {name: packages[name] for name in sorted(local)}


def kernel_pyodide() -> tuple[str, str]:
    """The Pyodide version the installed jupyterlite-pyodide-kernel pins, and its CDN URL."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL, PYODIDE_VERSION

    return PYODIDE_VERSION, PYODIDE_CDN_URL


def main() -> int:
    """Command line: prepare DEST, print the locally served entries."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path, help="folder to write (replaced if it exists)")
    parser.add_argument("--wheel", type=Path, action="append", default=[], help="pure wheel to add to the lock")
    parser.add_argument("--spec", action="append", default=[], help="name==version to add from PyPI")
    parser.add_argument("--skip-depends", action="append", default=[], help="requirement to leave out of depends")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()
    version, cdn = kernel_pyodide()
    local = prepare(args.dest, version, cdn, args.wheel, args.spec, args.skip_depends, args.cache)
    for name, entry in local.items():
        print(f"{name:24} {entry['version']:12} {entry['file_name']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
