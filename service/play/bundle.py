"""The /play web table's bundle: where it is, how it is built, and what is missing when it is not.

The bundle (index.html, play.js, play.css) is built from clients/ts by npm (`npm ci` from the
committed lock file, then `npm run build`: buf generate, tsc, esbuild) into `static/` beside this
file; it is never committed. The install builds it when Node.js and npm are present (setup.py's
`build_play` step); `python -m service.play.bundle` builds it by hand. Standard library only:
setup.py loads this file before any dependency is installed.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
CLIENT = Path(__file__).resolve().parents[2] / "clients" / "ts"  # present in a source checkout only
FILES = ("index.html", "play.js", "play.css")
FAILED = STATIC / "BUILD-FAILED.txt"  # the last failed build's reason, shown by /play
NPM_TIMEOUT = 900


def built() -> bool:
    """True when every file of the bundle is there."""
    return all((STATIC / name).is_file() for name in FILES)


def _sources() -> list[Path]:
    inputs = [CLIENT / n for n in ("package-lock.json", "buf.gen.yaml", "tsconfig.json")]
    for folder, pattern in ((CLIENT / "src", "*.ts"), (CLIENT / "play", "*"), (CLIENT / "scripts", "*"),
                            (CLIENT.parents[1] / "proto", "*.proto")):
        inputs += [p for p in folder.rglob(pattern) if "gen" not in p.relative_to(folder).parts]
    return [p for p in inputs if p.is_file()]


def stale() -> bool:
    """True in a source checkout whose bundle or compiled client (dist/) is missing or older than a source."""
    if not (CLIENT / "package.json").is_file():
        return False
    outputs = [STATIC / name for name in FILES] + [CLIENT / "dist" / "node.js"]
    if not all(p.is_file() for p in outputs):
        return True
    return max(p.stat().st_mtime for p in _sources()) > min(p.stat().st_mtime for p in outputs)


def missing() -> str:
    """What stands between this installation and a working /play, in words, with the command to fix it."""
    tools = [t for t in ("node", "npm") if shutil.which(t) is None]
    if not (CLIENT / "package.json").is_file():
        return ("This installation has no web table bundle and no clients/ts source to build it from. "
                "Build it in a source checkout that has Node.js 20+ and npm (`python -m service.play.bundle`) "
                "before building the wheel or image.")
    if tools:
        return (f"The web table is built from clients/ts with Node.js 20+ and npm, and {' and '.join(tools)} "
                f"{'is' if len(tools) == 1 else 'are'} not on PATH. Install Node.js and npm, then run "
                "`python -m service.play.bundle` (or reinstall: `pip install -e .`).")
    why = FAILED.read_text(errors="replace").strip() if FAILED.is_file() else "it has not been built yet"
    return (f"The web table's bundle is missing ({why}). Build it with `python -m service.play.bundle` "
            "(npm ci from the lock file, then npm run build, in clients/ts).")


def build(force: bool = False, out=sys.stderr) -> bool:
    """Build the bundle with npm (installing clients/ts's packages from the lock file when missing).

    Returns False, with the reason kept for /play, when it cannot; never raises for a missing tool."""
    if built() and not stale() and not force:
        return True
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None or not (CLIENT / "package.json").is_file():
        return False
    steps = [[npm, "run", "build", "--silent"]]
    if not (CLIENT / "node_modules" / ".package-lock.json").is_file():
        steps.insert(0, [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"])
    for step in steps:
        try:
            done = subprocess.run(step, cwd=CLIENT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=NPM_TIMEOUT, env=dict(os.environ, npm_config_update_notifier="false"))
        except (OSError, subprocess.TimeoutExpired) as exc:
            return _failed(f"`{' '.join(step[1:3])}` could not run: {exc}", out)
        if done.returncode != 0:
            return _failed(f"`npm {' '.join(step[1:3])}` exited {done.returncode}: {done.stdout.strip()[-2000:]}", out)
    FAILED.unlink(missing_ok=True)
    return built() and not stale()


def _failed(reason: str, out) -> bool:
    STATIC.mkdir(parents=True, exist_ok=True)
    FAILED.write_text(reason + "\n")
    out.write(f"WARNING: the /play web table was not built: {reason}\n")
    return False


def main(argv: list[str] | None = None) -> int:
    """`python -m service.play.bundle [--force]`: build the bundle now; exit 1 saying why when it cannot."""
    force = "--force" in (argv if argv is not None else sys.argv[1:])
    if build(force=force):
        print(f"web table bundle: {STATIC}")
        return 0
    print(missing(), file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
