"""A second install with nothing changed compiles nothing (the README's run command starts in seconds).

pip builds an editable install in a new temporary directory each time; setup.py reuses the extension the
last install left beside its source while no source is newer. Run here as pip runs it: build_ext into an
empty directory, with a compiler that always fails, so any module it compiled again shows as not built.
"""
from __future__ import annotations

import os
import runpy
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import engines

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def _modules() -> list[str]:
    """setup.py's compiled modules, as source paths."""
    lists = runpy.run_path(str(ROOT / "setup.py"), run_name="setup_lists")
    return lists["COMPILED"] + lists["COMPILED_PLAIN"]


def _built_after_sources(module: str) -> bool:
    """True when the in-place extension is newer than the module's source and C (what the install left)."""
    so, py, c = (ROOT / (module[:-3] + ext) for ext in (SUFFIX, ".py", ".c"))
    return so.is_file() and c.is_file() and so.stat().st_mtime > max(py.stat().st_mtime, c.stat().st_mtime)


@pytest.mark.skipif(not engines.COMPILED, reason="the engines run interpreted: no extension was built")
def test_a_second_build_reuses_every_extension_it_built_before(tmp_path):
    modules = _modules()
    stale = [m for m in modules if not _built_after_sources(m)]
    assert not stale, f"older than their source (rebuild: setup.py build_ext --inplace): {stale}"
    env = {**os.environ, "CC": "false", "LDSHARED": "false"}
    env.pop("TABLETOP_PUREPYTHON", None)
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "-b", str(tmp_path / "lib"),
                           "-t", str(tmp_path / "temp")], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "not built" not in done.stderr, done.stderr[-2000:]  # the failing compiler was called
    for module in modules:
        copy = tmp_path / "lib" / (module[:-3] + SUFFIX)
        assert copy.read_bytes() == (ROOT / (module[:-3] + SUFFIX)).read_bytes(), module
