"""proto/ as other languages' generators see it, through `buf` (npm's @bufbuild/buf, from package-lock.json).

- `buf lint` has no finding (buf.yaml silences each rule it does not fix, with its reason).
- Every API file carries the language options: csharp_namespace, go_package, java_package.
- The google/rpc protos shipped under proto/ are the ones the service's refusals are built from,
  so a client generated from proto/ decodes the ErrorInfo in a refusal.
"""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from google.protobuf import descriptor_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from installs import one_installer

from .conftest import ROOT

BUF = ROOT / "node_modules" / ".bin" / "buf"


@pytest.fixture(scope="module")
def buf() -> str:
    """buf at the version package.json pins: `npm ci` from the committed lock file when it is not there."""
    wanted = json.loads((ROOT / "package.json").read_text())["devDependencies"]["@bufbuild/buf"]
    with one_installer():
        if not BUF.exists() or subprocess.run([BUF, "--version"], capture_output=True, text=True).stdout.strip() \
                != wanted:
            npm = shutil.which("npm")
            assert npm, "npm is needed to install buf (package.json)"
            subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True,
                           timeout=600)
    return str(BUF)


@pytest.fixture(scope="module")
def image(buf, tmp_path_factory) -> dict[str, descriptor_pb2.FileDescriptorProto]:
    """The module as buf builds it, by file name."""
    out = tmp_path_factory.mktemp("buf") / "image.binpb"
    subprocess.run([buf, "build", "-o", str(out)], cwd=ROOT, check=True, timeout=120)
    files = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file
    return {f.name: f for f in files}


def test_buf_lint_has_no_finding(buf):
    done = subprocess.run([buf, "lint", "--error-format=json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    findings = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert done.returncode == 0 and findings == [], findings or done.stderr


def test_every_api_file_has_the_language_options(image):
    api = [f for name, f in image.items() if name.startswith("engine/v1/")]
    assert len(api) == len(list((ROOT / "proto" / "engine" / "v1").glob("*.proto")))
    for f in api:
        o = f.options
        # Not `Engine.V1`: a top-level `Engine` namespace is a common name in game code (Unity).
        assert o.csharp_namespace == "Tabletop.Engine.V1", f.name
        assert o.go_package == "tabletop-engine/gen/go/engine/v1;enginev1", f.name
        assert (o.java_package, o.java_multiple_files) == ("tabletop.engine.v1", True), f.name
        assert o.java_outer_classname.endswith("Proto"), f.name  # never the name of a message in the file


@pytest.mark.parametrize("module,name", [(error_details_pb2, "error_details"), (status_pb2, "status"),
                                         (code_pb2, "code")])
def test_the_shipped_google_rpc_protos_are_the_ones_refusals_use(image, module, name):
    shipped = image[f"google/rpc/{name}.proto"]
    used = descriptor_pb2.FileDescriptorProto()
    module.DESCRIPTOR.CopyToProto(used)
    assert shipped.package == used.package == "google.rpc"
    assert _plain(shipped.message_type) == _plain(used.message_type)
    assert list(shipped.enum_type) == list(used.enum_type)


def _plain(messages) -> list:
    """Copies of the messages without json_name (buf fills it in; the Python runtime's copies leave it out)."""
    def strip(m):
        for f in m.field:
            f.ClearField("json_name")
        for nested in m.nested_type:
            strip(nested)
        return m
    return [strip(descriptor_pb2.DescriptorProto.FromString(m.SerializeToString())) for m in messages]
