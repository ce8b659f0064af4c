"""clients/ts as a user gets it: packed, installed into an empty directory, its README's example run.

Acceptance 3 of issue 36: `npm pack` the package, `npm install` the tarball in an empty directory
(its dependencies from the npm registry), run the README's example verbatim (the block after
`<!-- example: play.mjs`) against a service on 127.0.0.1: it plays a game and prints a refusal's
reason. Bundled with esbuild from the installed package, the example (and everything the package
exports) holds one copy of the Connect runtime and one of protobuf-ES. The package's own guarantees
(refusals, Table.resume, records) are clients/ts/test/client.test.mjs, run here too.
"""
from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import httpx
import pytest
from bench.ports import free_port
from web.test_front_ends import node_test

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = re.compile(r"<!-- example: play\.mjs[^>]*-->\s*```js\n(.*?)```", re.S)


def run(args: list[str], cwd: Path, timeout: float = 300, **env) -> str:
    """Run a command; its output, or a failure quoting it."""
    done = subprocess.run(args, cwd=cwd, env=dict(os.environ, npm_config_update_notifier="false", **env),
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, args))} exited {done.returncode}:\n{done.stdout[-6000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def service_url(tmp_path_factory):
    """`python -m service` (its default access: seat keys for Hats) on free ports; its HTTP URL."""
    grpc_port, http_port = free_port(), free_port()
    here = tmp_path_factory.mktemp("service")
    log = (here / "service.log").open("w")
    # The fork guard on, as by default, in a file of its own (never the user's default store file).
    env = dict(os.environ, TABLETOP_TOKEN_KEYS=f"k1:{base64.b64encode(os.urandom(32)).decode()}",
               TABLETOP_GAME_STORE=f"sqlite://{here / 'games.db'}")
    proc = subprocess.Popen([sys.executable, "-m", "service", "--host", "127.0.0.1", "--grpc-port", str(grpc_port),
                             "--http-port", str(http_port), "--workers", "1", "--log-level", "warning"],
                            cwd=ROOT, env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{http_port}"
    deadline = time.monotonic() + 90
    try:
        while True:
            assert proc.poll() is None, f"the service exited with {proc.returncode} at start: {log.name}"
            try:
                if httpx.get(url + "/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"the service was not ready in 90 s: {log.name}"
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(20)
        log.close()


@pytest.fixture(scope="module")
def installed(ts_client, tmp_path_factory):
    """The packed tarball installed in an empty project; (project folder, pack's file list, seconds taken)."""
    npm = shutil.which("npm")
    empty, project = tmp_path_factory.mktemp("pack"), tmp_path_factory.mktemp("project")
    # ts_client built dist/ from the current sources; prepack would rebuild it under the other tests' feet.
    packed = json.loads(run([npm, "pack", str(ts_client), "--pack-destination", str(empty), "--json",
                             "--ignore-scripts", "--loglevel=error"], cwd=empty))[0]
    tarball = empty / packed["filename"]
    started = time.monotonic()
    run([npm, "init", "-y"], cwd=project)
    run([npm, "install", str(tarball), "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], cwd=project)
    took = time.monotonic() - started
    return project, tarball, took


def test_package_contents(installed):
    project, tarball, took = installed
    with tarfile.open(tarball) as tar:
        names = {n.removeprefix("package/") for n in tar.getnames()}
        meta = json.load(tar.extractfile("package/package.json"))
    print(f"{tarball.name}: {len(names)} files, {tarball.stat().st_size} bytes; npm init + install took {took:.1f} s")
    assert not meta.get("private"), "a private package cannot be published"
    assert {"README.md", "package.json", "dist/index.js", "dist/index.d.ts", "dist/node.js", "dist/node.d.ts",
            "dist/gen/index.js"} <= names
    for entry in meta["exports"].values():  # every entry point the exports map names is in the tarball
        targets = [entry] if isinstance(entry, str) else entry.values()
        assert all(t.removeprefix("./") in names for t in targets), entry
    assert not any(n.startswith(("src/", "test/", "play/", "node_modules/")) for n in names), sorted(names)
    dependencies = json.loads((project / "package.json").read_text())["dependencies"]
    assert list(dependencies) == [meta["name"]], f"the project installed {dependencies}"


def test_readme_example_plays_a_game_and_prints_a_refusal_reason(installed, service_url):
    project = installed[0]
    blocks = EXAMPLE.findall((ROOT / "clients" / "ts" / "README.md").read_text())
    assert len(blocks) == 1, "clients/ts/README.md marks one block `<!-- example: play.mjs -->`"
    (project / "play.mjs").write_text(blocks[0])
    out = run([shutil.which("node"), "play.mjs"], cwd=project, timeout=120, TABLETOP_URL=service_url)
    print(out)
    assert "dealt with seed 7\n" in out, "a record of the deal names its seed (a bigint) as JSON text"
    assert re.search(r"^refused: not_your_turn FAILED_PRECONDITION \S", out, re.M), "the refusal's reason is printed"
    assert re.search(r"^game over after [1-9]\d* moves; winners: \d", out, re.M), "the game was played to the end"


def test_refusals_resume_and_records(ts_client):
    """clients/ts/test/client.test.mjs: reason, code and fields on every wire format; Table.resume; records."""
    out = node_test(ts_client, "client.test.mjs")
    assert len(re.findall(r"\[INVALID_ARGUMENT\] bad_option_value: ", out)) == 3, "one refusal per wire format"


# What a bundle that uses everything holds: the README's example, and every name of both entry points.
ENTRIES = {"example.mjs": None, "everything.mjs": 'export * from "@tabletop-engine/client/node";\n'}


@pytest.mark.parametrize("entry", ENTRIES)
def test_one_copy_of_the_connect_runtime_in_a_bundle(installed, ts_client, tmp_path, entry):
    """Bundled with esbuild from the installed package: each runtime's files come from one package folder."""
    project = installed[0]
    esbuild = ts_client / "node_modules" / ".bin" / "esbuild"
    source = ENTRIES[entry] or EXAMPLE.findall((ROOT / "clients" / "ts" / "README.md").read_text())[0]
    (project / entry).write_text(source)
    meta_file, out_file = tmp_path / "meta.json", tmp_path / "bundle.js"
    run([str(esbuild), entry, "--bundle", "--platform=node", "--format=esm", "--log-level=warning",
         f"--metafile={meta_file}", f"--outfile={out_file}"], cwd=project)
    inputs = json.loads(meta_file.read_text())["inputs"]
    for runtime in ("@connectrpc/connect", "@bufbuild/protobuf"):
        roots = {m.group(0) for path in inputs if (m := re.match(rf".*node_modules/{runtime}/", path))}
        assert len(roots) == 1, f"{runtime} in the bundle from {len(roots)} places: {sorted(roots)}"
    bundle = out_file.read_text()
    defined = re.findall(r"\bclass _*ConnectError\d* extends Error\b", bundle)
    assert len(defined) == 1, f"ConnectError is defined {len(defined)} times in the bundle"
    print(f"{entry} bundled: {len(bundle.encode())} bytes from {len(inputs)} files")
