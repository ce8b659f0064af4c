"""Issue 36, acceptance 1 and 2: /play in headless Chromium at a desktop (1400x1000) and a phone (390x844)
size plays every registered game to its final score sheet with no sideways scroll, no overlapping panels,
cards, badges or board labels, nothing sticking out of its panel, no console error and no raw JSON in the
event log; a reload mid-game resumes the same game; a page on an origin the service refuses names the
TABLETOP_CORS_ORIGINS to start it with. The browser work is tests/web/play_layout.mjs (playwright-core
from clients/ts); each game's table is saved as a screenshot, listed at the end of the run.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from engines.registry import BUILT_IN

SCRIPT = Path(__file__).with_name("play_layout.mjs")
GAMES = [game.info.id for game in BUILT_IN]


def test_play_every_game_at_desktop_and_phone_size(ts_client, chromium_binary, tmp_path, record_property):
    done = subprocess.run([shutil.which("node"), str(SCRIPT)], cwd=ts_client, stdin=subprocess.DEVNULL,
                          env=dict(os.environ, TABLETOP_PYTHON=sys.executable, CHROMIUM=chromium_binary,
                                   TABLETOP_SHOTS=str(tmp_path)),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    print(done.stdout)
    assert done.returncode == 0, f"{SCRIPT.name} failed:\n{done.stdout[-6000:]}"
    played = re.findall(r"^played (desktop|phone) (\w+): Game over after \d+ moves", done.stdout, re.M)
    assert sorted(played) == sorted((size, game) for size in ("desktop", "phone") for game in GAMES), played
    assert "refused this page's origin" in done.stdout
    shots = re.findall(r"^screenshot: (\S+\.png)$", done.stdout, re.M)
    assert len(shots) == 4 * len(GAMES) and all(os.path.getsize(p) > 10_000 for p in shots), shots
    for shot in shots:  # listed at the end of the run (tests/conftest.py), from any xdist worker
        record_property("screenshot", shot)
