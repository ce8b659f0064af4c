"""scripts/build-wheel.sh, the Dockerfile's build step, run here without Docker.

It builds from a copy of exactly the files the Docker build context holds
(.dockerignore applied), so a file the image needs but .dockerignore drops
fails here too. The wheel must carry a compiled extension for every module in
setup.py's COMPILED, and those must import and run from the unpacked wheel.
"""
from __future__ import annotations

import os
import runpy
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build-wheel.sh"

pytestmark = pytest.mark.skipif(not shutil.which("bash") or not (shutil.which("cc") or shutil.which("gcc")),
                                reason="needs bash and a C compiler")


def _dockerignore_patterns() -> list[tuple[bool, re.Pattern]]:
    """(excluded, regex) per .dockerignore line, in order; the last matching line wins."""
    patterns = []
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        glob = line.lstrip("!").strip("/")
        rx = ""
        i = 0
        while i < len(glob):
            if glob.startswith("**/", i):
                rx, i = rx + "(?:.*/)?", i + 3
            elif glob.startswith("**", i):
                rx, i = rx + ".*", i + 2
            elif glob[i] == "*":
                rx, i = rx + "[^/]*", i + 1
            elif glob[i] == "?":
                rx, i = rx + "[^/]", i + 1
            elif glob[i] == "[":
                j = glob.index("]", i)
                rx, i = rx + glob[i:j + 1], j + 1
            else:
                rx, i = rx + re.escape(glob[i]), i + 1
        patterns.append((not negated, re.compile(rx)))
    return patterns


def build_context(dest: Path) -> list[str]:
    """Copy what `docker build .` would send (Docker matches a pattern against a path or any parent of it)."""
    patterns = _dockerignore_patterns()
    copied = []
    for path in sorted(ROOT.rglob("*")):
        rel = path.relative_to(ROOT).as_posix()
        if not path.is_file() or rel.startswith((".git/", ".venv/")):
            continue
        parts = rel.split("/")
        candidates = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
        excluded = False
        for excludes, rx in patterns:
            if any(rx.fullmatch(c) for c in candidates):
                excluded = excludes
        if not excluded:
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest / rel)
            copied.append(rel)
    return copied


def compiled_modules() -> list[str]:
    """Every module setup.py compiles (its COMPILED and COMPILED_PLAIN lists)."""
    lists = runpy.run_path(str(ROOT / "setup.py"), run_name="setup_lists")
    found = lists["COMPILED"] + lists["COMPILED_PLAIN"]
    assert found, "setup.py compiles nothing"
    return found


def test_build_context_holds_the_sources_and_no_build_products(tmp_path):
    copied = build_context(tmp_path)
    assert "pyproject.toml" in copied and "setup.py" in copied and "scripts/build-wheel.sh" in copied
    assert any(c.startswith("engines/") for c in copied) and any(c.startswith("service/") for c in copied)
    leaked = [c for c in copied if c.endswith((".so", ".c", ".pyc")) or "/build/" in f"/{c}" or c.startswith("tests/")]
    assert not leaked, f".dockerignore lets build products or tests into the image: {leaked}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("context")
    build_context(src)
    out = tmp_path_factory.mktemp("wheels")
    # -O0 -g0: this checks what the build produces and that it imports, not how fast it runs; unoptimised,
    # gcc takes a fraction of the time on the ~20 generated C files (the whole build was minutes on 2 cores).
    env = {k: v for k, v in os.environ.items() if k != "TABLETOP_PUREPYTHON"} | {"PYTHON": sys.executable,
                                                                                   "CFLAGS": "-O0 -g0"}
    done = subprocess.run(["bash", str(src / "scripts" / "build-wheel.sh"), str(out)], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"build-wheel.sh failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    wheels = list(out.glob("tabletop_engine-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_carries_every_compiled_extension(wheel):
    tag = sysconfig.get_config_var("EXT_SUFFIX")  # e.g. .cpython-311-x86_64-linux-gnu.so
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not wheel.name.endswith("-none-any.whl"), wheel.name
    for source in compiled_modules():
        assert source[:-3] + tag in names, f"{wheel.name} lacks the extension for {source}"
        assert source in names, f"{wheel.name} lacks the source of {source} (the pure-Python fallback)"
    assert any(n.startswith("service/") for n in names), "the service package is not in the wheel"
    assert not any(n.startswith("bench/") for n in names), "the benchmarks are a source checkout's, not the wheel's"


def test_unpacked_wheel_imports_the_compiled_engines_and_plays(wheel, tmp_path):
    """Installing a wheel is unpacking it: import from there only (no repo, no editable install)."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    deps = sysconfig.get_paths()["purelib"]  # cython etc.; -S keeps the editable install's finder out
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": f"{site}{os.pathsep}{deps}"}
    code = ("import engines, sys; "
            f"assert engines.__file__.startswith({str(site)!r}), engines.__file__; "
            "assert engines.COMPILED, 'engines not compiled'; "
            "import engines.core.rng as r; print(r.__file__)")
    done = subprocess.run([sys.executable, "-S", "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(sysconfig.get_config_var("EXT_SUFFIX"))
    played = subprocess.run([sys.executable, "-S", "-m", "engines", "--seed", "3"], env=env, cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert played.returncode == 0, played.stderr
    assert "winners:" in played.stdout and "[pure Python]" not in played.stdout


def test_build_wheel_refuses_a_pure_python_build(tmp_path):
    env = dict(os.environ, TABLETOP_PUREPYTHON="1", PYTHON=sys.executable)
    done = subprocess.run(["bash", str(SCRIPT), str(tmp_path)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "TABLETOP_PUREPYTHON" in done.stderr
    assert not list(tmp_path.glob("*.whl"))


def test_packaging_keeps_bench_out_and_pins_the_uvicorn_it_subclasses():
    import tomllib
    from importlib.metadata import version

    from setuptools import find_packages
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    found = find_packages(str(ROOT), include=project["tool"]["setuptools"]["packages"]["find"]["include"])
    assert "engines" in found and "service" in found
    assert not [p for p in found if p.split(".")[0] == "bench"], found
    pins = [d for d in project["project"]["dependencies"] if d.replace(" ", "").startswith("uvicorn")]
    assert pins == [f"uvicorn=={version('uvicorn')}"], pins  # service/process/http.py subclasses its protocol
