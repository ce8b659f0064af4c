"""Run the engines from their Python source even where compiled extensions exist.

The hot modules are Cython pure-Python mode, so their `.py` source is a complete
interpreted implementation. Two uses:

- `TABLETOP_PUREPYTHON=1` in the environment makes `import engines` load every
  module from source (like msgpack's `MSGPACK_PUREPYTHON`).
- `load()` returns a second, fully interpreted copy of the package, imported as
  `engines_pure`, beside the compiled one in the same process: the differential
  tests and the benchmark compare the two paths with it.

Both work because the package uses relative imports only, so a module loaded
from source under either name finds its siblings under the same name.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
PURE_NAME = "engines_pure"


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds `<prefix>` and its submodules in `directory` (the engines source tree by default), always as
    `.py` source."""

    def __init__(self, prefix: str, directory: Path = PACKAGE_DIR):
        self.prefix = prefix
        self.directory = directory

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.prefix and not fullname.startswith(self.prefix + "."):
            return None
        rest = fullname[len(self.prefix) + 1:]
        base = self.directory.joinpath(*rest.split(".")) if rest else self.directory
        if base.is_dir() and (base / "__init__.py").is_file():
            origin = base / "__init__.py"
            loader = importlib.machinery.SourceFileLoader(fullname, str(origin))
            return importlib.util.spec_from_file_location(
                fullname, origin, loader=loader, submodule_search_locations=[str(base)])
        origin = base.with_suffix(".py")
        if origin.is_file():
            loader = importlib.machinery.SourceFileLoader(fullname, str(origin))
            return importlib.util.spec_from_file_location(fullname, origin, loader=loader)
        return None


def forced() -> bool:
    """True when the environment asks for the interpreted engines."""
    return os.environ.get("TABLETOP_PUREPYTHON", "") not in ("", "0")


def install_for(prefix: str, directory: Path = PACKAGE_DIR) -> None:
    """Make imports of `prefix.*` load from source in `directory` (idempotent)."""
    if not any(isinstance(f, SourceFinder) and f.prefix == prefix for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder(prefix, directory))


def folder(package: str) -> Path:
    """The folder of a package, found without importing it (so nothing of it loads compiled first)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{package!r} is not a package")
    return Path(list(spec.submodule_search_locations)[0])


def load():
    """The interpreted twin of `engines`, importable as `engines_pure`."""
    install_for(PURE_NAME)
    return importlib.import_module(PURE_NAME)


def load_outside(package: str):
    """The interpreted twin of a game package kept outside engines/ (`tests.toy.toy`), beside its compiled
    self: its source imported under a second name, as `load` does for engines."""
    alias = f"{PURE_NAME}__{package.replace('.', '__')}"
    install_for(alias, folder(package))
    return importlib.import_module(alias)
