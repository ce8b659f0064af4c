#!/usr/bin/env bash
# Build tabletop-engine's wheel, Cython extensions compiled, into OUT_DIR.
#
#   scripts/build-wheel.sh OUT_DIR [--with-deps]
#
# --with-deps  also put a wheel of every runtime dependency in OUT_DIR, so that
#              `pip install --no-index --find-links OUT_DIR tabletop-engine`
#              needs neither network nor compiler (the Dockerfile's runtime stage).
#
# The Dockerfile's build stage runs this; CI runs it without Docker
# (tests/deploy/test_build_wheel.py). It fails when a module listed in
# setup.py's COMPILED is missing from the wheel as an extension: setup.py falls
# back to the pure-Python source when the compiler fails, which is right for
# `pip install .` on a laptop but wrong for an image that is meant to be fast.
#
# Environment: PYTHON (default: python3) is the interpreter the wheel is for; it
# needs pip. PIP_* variables pass through to pip as usual.
set -euo pipefail

usage() { echo "usage: $0 OUT_DIR [--with-deps]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage
out=$1
with_deps=0
if [[ $# -eq 2 ]]; then
    [[ $2 == --with-deps ]] || usage
    with_deps=1
fi

python=${PYTHON:-python3}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -n ${TABLETOP_PUREPYTHON:-} && ${TABLETOP_PUREPYTHON} != 0 ]]; then
    echo "build-wheel: TABLETOP_PUREPYTHON=${TABLETOP_PUREPYTHON} would build a wheel without extensions; unset it" >&2
    exit 1
fi

# Build into a fresh directory first, so the check below sees only this build's wheel.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

deps=(--no-deps)
[[ $with_deps -eq 1 ]] && deps=()
"$python" -m pip wheel --disable-pip-version-check "${deps[@]}" --wheel-dir "$stage" "$root"

"$python" - "$root/setup.py" "$stage" <<'PY'
"""Check that the wheel carries a compiled extension for every module in setup.py's compiled lists."""
import pathlib
import runpy
import sys
import zipfile

setup_py, stage = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
lists = runpy.run_path(str(setup_py), run_name="setup_lists")  # its lists only: setup() runs as __main__
compiled = lists["COMPILED"] + lists["COMPILED_PLAIN"]
if not compiled:
    sys.exit("build-wheel: setup.py compiles nothing")

wheels = sorted(stage.glob("tabletop_engine-*.whl"))
if len(wheels) != 1:
    sys.exit(f"build-wheel: expected one tabletop_engine wheel, found {[w.name for w in wheels]}")
wheel = wheels[0]
if wheel.name.endswith("-none-any.whl"):
    sys.exit(f"build-wheel: {wheel.name} is a pure-Python wheel: the Cython extensions were not built")
names = zipfile.ZipFile(wheel).namelist()
missing = []
for source in compiled:
    stem = source[: -len(".py")] if source.endswith(".py") else source.rsplit(".", 1)[0]
    # engines/core/rng.py -> engines/core/rng.cpython-311-x86_64-linux-gnu.so (or .pyd on Windows)
    if not any(n.startswith(stem + ".") and n.endswith((".so", ".pyd")) for n in names):
        missing.append(source)
if missing:
    sys.exit(f"build-wheel: {wheel.name} has no compiled extension for {missing}; the C compiler failed "
             f"(see the 'Cython extension not built' warnings above)")
print(f"build-wheel: {wheel.name}: {len(compiled)} compiled extension(s) present")
PY

mkdir -p "$out"
mv -f "$stage"/*.whl "$out"/
echo "build-wheel: wheels in $out"
