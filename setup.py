"""Build the Cython extensions; fall back to the pure-Python source without a compiler.

The hot modules are written in Cython's pure-Python mode, so the same `.py`
file is both the compiled extension's source and the interpreted fallback.
"""
import os
import shutil
import sys

from setuptools import Command, setup
from setuptools.command.build import build
from setuptools.command.build_ext import build_ext

# Modules compiled by Cython: the core's hot modules, and in every game package its kernel (`rules.py`,
# `rules_<topic>.py`) and its validator (`validate.py`), found by that shape so a new game needs no line here.
CORE_COMPILED = [
    "engines/core/rng.py",
    "engines/core/runpack.py",
    "engines/core/compact.py",
    "engines/core/kernel.py",
]
def _game_modules() -> list[str]:
    """The compiled modules of every game package: those under engines/, and those TABLETOP_EXTRA_GAMES names
    (`tests.toy.toy:TOY`: a game kept outside engines/ is built by the same rule, in place)."""
    import glob
    here = os.path.dirname(os.path.abspath(__file__))
    folders = [os.path.dirname(p) for p in sorted(glob.glob(os.path.join(here, "engines", "*", "__init__.py")))
               if os.path.basename(os.path.dirname(p)) != "core"]
    for entry in os.environ.get("TABLETOP_EXTRA_GAMES", "").split(","):
        folder = os.path.join(here, *entry.partition(":")[0].strip().split("."))
        if entry.strip() and os.path.isfile(os.path.join(folder, "__init__.py")):
            folders.append(folder)
    found = []
    for folder in folders:
        names = ["rules.py", *sorted(os.path.basename(p) for p in glob.glob(os.path.join(folder, "rules_*.py"))),
                 "validate.py"]
        found += [os.path.relpath(os.path.join(folder, n), here).replace(os.sep, "/") for n in names
                  if os.path.isfile(os.path.join(folder, n))]
    return found


COMPILED = CORE_COMPILED + _game_modules()
# Compiled as plain Python: annotations stay hints (the codec must turn any wrong type into BadState).
COMPILED_PLAIN = [
    "engines/core/codec.py",
]


class OptionalBuildExt(build_ext):
    """Build extensions, but keep installing when no C compiler works (pure-Python fallback)."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:  # one C compiler per core: ~20 modules, and the build was most of the install
            self.parallel = _CORES

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler failure means "use the source"
            self._warn(exc)

    def build_extension(self, ext):
        # pip builds an editable install in a new temporary directory each time, where distutils' own
        # up-to-date check always finds nothing and recompiles every module (minutes on 2 cores): the
        # in-place copy of the last install is reused while no source (the C Cython wrote from the .py and
        # .pxd files, or a declared dependency) is newer.
        target = self.get_ext_fullpath(ext.name)
        last = os.path.join(_HERE, self.get_ext_filename(ext.name))
        if not self.force and last != target and _up_to_date(last, [*ext.sources, *(ext.depends or ())]):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(last, target)
            return
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            self._warn(exc)

    @staticmethod
    def _warn(exc):
        sys.stderr.write(f"WARNING: Cython extension not built ({exc}); the pure-Python source will run.\n")


class BuildPlay(Command):
    """Build the /play web table from clients/ts when Node.js and npm are present (else /play says what is missing)."""

    description = "build the /play web table's bundle with npm"
    user_options: list = []

    def initialize_options(self):
        pass

    def finalize_options(self):
        pass

    def run(self):
        # Loaded by path: the service package's dependencies are not installed while it builds.
        import importlib.util
        spec = importlib.util.spec_from_file_location("_play_bundle", os.path.join(_HERE, "service", "play", "bundle.py"))
        bundle = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bundle)
        if not bundle.build():
            sys.stderr.write(f"WARNING: /play will answer 503 until it is built: {bundle.missing()}\n")


class BuildWithPlay(build):
    """`build` with the web table first, so a wheel's package data includes it."""

    sub_commands = [("build_play", None), *build.sub_commands]


_HERE = os.path.dirname(os.path.abspath(__file__))


def _up_to_date(built: str, sources: list) -> bool:
    """True when `built` exists and is newer than every one of `sources` (paths relative to this file)."""
    if not os.path.isfile(built):
        return False
    paths = [os.path.join(_HERE, s) for s in sources]
    return all(os.path.isfile(p) for p in paths) and max(map(os.path.getmtime, paths)) < os.path.getmtime(built)


_CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def extensions():
    if os.environ.get("TABLETOP_PUREPYTHON") == "1":
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    fresh = [m for m in COMPILED + COMPILED_PLAIN if _c_is_fresh(m)]
    stale = [m for m in COMPILED + COMPILED_PLAIN if m not in fresh]
    for m in stale:  # cythonize's own scan misses pure-mode cimports: it must not keep a stale C file
        if os.path.isfile(os.path.join(_HERE, m[:-3] + ".c")):
            os.remove(os.path.join(_HERE, m[:-3] + ".c"))
    from setuptools import Extension
    # Named by path, not by cythonize's search for __init__.py files: tests/ has none, so a game package kept
    # there (tests/toy/toy) would otherwise build as `toy.rules`, outside its package.
    typed = cythonize(
        [Extension(m[:-3].replace("/", "."), [m]) for m in COMPILED if m not in fresh],
        compiler_directives={"language_level": 3, "boundscheck": False, "wraparound": False,
                             "cdivision": True, "initializedcheck": False},
        quiet=True, nthreads=_CORES,
    )
    plain = cythonize([m for m in COMPILED_PLAIN if m not in fresh],
                      compiler_directives={"language_level": 3, "annotation_typing": False}, quiet=True)
    return [Extension(m[:-3].replace("/", "."), [m[:-3] + ".c"]) for m in fresh] + typed + plain


def _c_is_fresh(path: str) -> bool:
    """True when the C Cython wrote from `path` is newer than it and every project file it cimports.

    cythonize itself also weighs Cython's own .pxd files, which pip's build environment installs anew
    (with new times) on every install, so it would write the C of every module that cimports one again."""
    from Cython.Build.Dependencies import create_dependency_tree
    c_file = path[:-3] + ".c"
    if not os.path.isfile(os.path.join(_HERE, c_file)):
        return False
    # The project's own files only: not an installed Cython's (in a virtualenv inside the checkout too).
    ours = [os.path.join(_HERE, d) for d in create_dependency_tree().all_dependencies(path)
            if not os.path.isabs(d) or (d.startswith(_HERE + os.sep) and "site-packages" not in d)]
    return _up_to_date(os.path.join(_HERE, c_file), ours + _pure_cimports(path))


def _pure_cimports(path: str) -> list[str]:
    """The project's .pxd files that `path` cimports in pure-Python mode (`from cython.cimports.engines.core
    import kernel`), which Cython's dependency scan does not see: without them, a changed kernel.pxd left the
    games' C built against the old struct."""
    import re
    with open(os.path.join(_HERE, path), encoding="utf-8") as f:
        text = f.read()
    found = []
    for package, names in re.findall(r"from cython\.cimports\.([\w.]+) import ([\w, ]+)", text):
        base = os.path.join(_HERE, *package.split("."))
        for name in (n.strip() for n in names.split(",")):
            for pxd in (os.path.join(base, name + ".pxd"), base + ".pxd"):
                if os.path.isfile(pxd):
                    found.append(pxd)
                    break
    return found


if __name__ == "__main__":  # setuptools runs this file as __main__; tests read its lists with runpy
    setup(ext_modules=extensions(),
          cmdclass={"build_ext": OptionalBuildExt, "build_play": BuildPlay, "build": BuildWithPlay})
