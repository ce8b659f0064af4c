"""Regenerate the Python code for proto/engine/v1/*.proto into this package.

    python -m service.api.generate          # rewrite service/api/*_pb2*.py (and the client's copy)
    python -m service.api.generate --check  # exit 1 if the committed code is stale

The generated code is committed (so installing needs no protoc); the test
tests/service/test_service_proto_sync.py fails when it is out of date.
protoc writes `from engine.v1 import x_pb2`, which would need a top-level
`engine` package; we rewrite those imports to relative ones so the code lives
inside `service.api`. The Python client (clients/python, `tabletop_client.api`) ships the same
modules: it installs without the service, so it cannot import `service.api`.
"""
from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROTO_DIR = ROOT / "proto"
PACKAGE_DIR = Path(__file__).resolve().parent
# Every package that ships the generated modules: the service's and the client's.
TARGETS = (PACKAGE_DIR, ROOT / "clients" / "python" / "tabletop_client" / "api")
_IMPORT = re.compile(r"^from engine\.v1 import (\w+) as", re.M)


def generate() -> dict[str, str]:
    """The generated modules, by file name, for every proto file under proto/engine/v1."""
    import grpc_tools
    from grpc_tools import protoc

    include = Path(grpc_tools.__file__).parent / "_proto"
    protos = sorted(str(p.relative_to(PROTO_DIR)) for p in (PROTO_DIR / "engine" / "v1").glob("*.proto"))
    with tempfile.TemporaryDirectory() as out:
        args = ["protoc", f"-I{PROTO_DIR}", f"-I{include}", f"--python_out={out}", f"--pyi_out={out}",
                f"--grpc_python_out={out}", *protos]
        if protoc.main(args) != 0:
            raise RuntimeError("protoc failed: " + " ".join(args))
        files = {}
        for path in sorted((Path(out) / "engine" / "v1").iterdir()):
            text = path.read_text()
            if path.name.endswith("_pb2_grpc.py") and "class " not in text:
                continue  # a proto file without a service: the plugin's output is empty
            files[path.name] = _IMPORT.sub(r"from . import \1 as", text)
    return files


def stale() -> list[str]:
    """Paths (from the repository root) of generated files that differ from or are missing in a target."""
    files = generate()
    return [str((target / name).relative_to(ROOT)) for target in TARGETS for name, text in files.items()
            if not (target / name).is_file() or (target / name).read_text() != text]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        names = stale()
        if names:
            print("stale generated code: " + ", ".join(names) + " (run python -m service.api.generate)")
            return 1
        return 0
    files = generate()
    for target in TARGETS:
        for name, text in files.items():
            (target / name).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
