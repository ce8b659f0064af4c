// Issue 36, acceptance 1 and 2, in headless Chromium (Debian's, driven by clients/ts's playwright-core):
// /play plays every game to its score sheet at a desktop (1400x1000) and a phone (390x844) size, seat 0
// clicking random move buttons and the other seats making random legal moves. Checked as it plays: no
// sideways scroll, no overlapping panels, cards, badges or board labels, nothing sticking out of its
// panel, no console error, no raw JSON in the event log; a reload mid-game resumes the same game. Each
// game's table is saved as a screenshot (TABLETOP_SHOTS). Also: a page on an origin the service refuses
// says which TABLETOP_CORS_ORIGINS to start it with. Prints "played <size> <game>: ..." per game.
// Run by tests/web/test_play_layout.py; alone: node tests/web/play_layout.mjs (CHROMIUM, TABLETOP_SHOTS).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CLIENT = join(ROOT, "clients", "ts");
const { chromium } = createRequire(join(CLIENT, "package.json"))("playwright-core");
const { seededRandom } = await import(join(CLIENT, "dist", "index.js"));
const { startService } = await import(join(CLIENT, "test", "server.mjs"));

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = process.env.TABLETOP_SHOTS ?? mkdtempSync(join(tmpdir(), "play-layout-"));
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  // Nothing resolves but this machine: localhost serves the page from a second origin for the CORS check.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"];
const SIZES = { desktop: { width: 1400, height: 1000 }, phone: { width: 390, height: 844 } };
// Seat 0 clicks random move buttons, checked and reloaded on the way, then leaves its seat to a robot
// (the table's "Let a robot play" button), and the robots play the game out. Seeds: any; options keep
// Rune Market's random games short (its round cap).
const GAMES = process.env.PLAY_SPECS ? JSON.parse(process.env.PLAY_SPECS) : [
  { game: "hats", seats: 3, seed: 11 },
  { game: "cambio", seats: 2, seed: 3 },
  { game: "kodiak", seats: 2, seed: 3 },
  { game: "alaska", seats: 3, seed: 5 },
  { game: "rune_market", seats: 2, seed: 4, options: { max_rounds: "20" } },
  { game: "white_hat", seats: 2, seed: 7 },  // 2 seats: the game's robot plays the third (robot=true)
  { game: "black_hat", seats: 3, seed: 9 },
];
const CHECK_EVERY = 3;   // clicks between layout checks (and the last state is checked)
const RELOAD_AT = 3;     // the click before which the page is reloaded
const HAND_OVER_AT = 7;  // the click after which seat 0 is left to a robot

/** Once the table is idle (no call running, no robot about to move): its phase, the error it shows, its move buttons. */
async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.idle === "true" && document.body.dataset.phase !== "loading");
  return page.evaluate(() => {
    const error = document.getElementById("error");
    return { phase: document.body.dataset.phase, error: error.hidden ? "" : error.textContent,
             moves: document.querySelectorAll("#moves button.move").length };
  });
}

/** In the page: every layout fault, in words (an empty list when the page is right). */
function layoutFaults() {
  const faults = [];
  const width = window.innerWidth;
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}.${[...e.classList].join(".")}` +
    `${e.dataset.card ? `[${e.dataset.card}]` : ""}${e.textContent ? ` "${e.textContent.trim().slice(0, 30)}"` : ""}`;
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const cross = (a, b, slack) => a.left < b.right - slack && b.left < a.right - slack &&
    a.top < b.bottom - slack && b.top < a.bottom - slack;
  const pairwise = (elements, what, slack = 0.5) => {
    const boxes = elements.filter(shown).map((e) => [e, e.getBoundingClientRect()]);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, ra] = boxes[i], [b, rb] = boxes[j];
        if (a.contains(b) || b.contains(a)) continue;
        if (cross(ra, rb, slack)) faults.push(`${what}: ${name(a)} overlaps ${name(b)}`);
      }
    }
  };
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) faults.push(`sideways scroll: the page is ${scrollWidth} px wide in a ${width} px window`);
  const panels = [...document.querySelectorAll("main .panel, header.top, #tabs, .headline, #result")].filter(shown);
  pairwise(panels, "panels");
  for (const p of panels) {
    const r = p.getBoundingClientRect();
    if (r.right > width + 0.5 || r.left < -0.5) faults.push(`panel ${name(p)} reaches past the window (${r.left}..${r.right})`);
  }
  // Within each panel: its parts do not overlap, and none sticks out (except inside a scrolling frame).
  const PARTS = ".zone, .seat-box, .card, .badge, .stat, .token, .store, .space, .slot, .pile, .move, .move-group, " +
    ".tab, .entry, .play, .line, table, svg, .legend";
  const scrolled = (e, panel) => { for (let x = e.parentElement; x && x !== panel; x = x.parentElement) {
    const o = getComputedStyle(x); if (o.overflowX !== "visible" || o.overflowY !== "visible") return true; } return false; };
  for (const panel of panels) {
    // A drawing's own parts (a board's spaces) are checked by their labels below.
    const parts = [...panel.querySelectorAll(PARTS)].filter((e) => shown(e) && !e.parentElement.closest("svg"));
    // Pairs only among siblings in the same flow: a card does not meet a badge of another seat box anyway,
    // and checking each part against all others finds every overlap between boxes that are not nested.
    pairwise(parts.filter((e) => !e.closest("#log")), `in ${name(panel).split(" ")[0]}`);
    pairwise([...panel.querySelectorAll("#log > li")], "log entries");
    const edge = panel.getBoundingClientRect();
    for (const e of parts) {
      if (scrolled(e, panel)) continue;
      const r = e.getBoundingClientRect();
      if (r.right > edge.right + 1 || r.left < edge.left - 1) faults.push(`${name(e)} sticks out of ${name(panel).split(" ")[0]}`);
    }
  }
  // Drawn tables: the labels of a board or river never cover each other, and a space's name stays inside it.
  for (const drawing of document.querySelectorAll("svg.board, svg.river")) {
    pairwise([...drawing.querySelectorAll("text")], `labels of ${drawing.getAttribute("class")}`, 0.5);
    for (const space of drawing.querySelectorAll("g.space")) {
      const box = space.querySelector("rect").getBoundingClientRect();
      for (const t of space.querySelectorAll("text.name")) {
        const r = t.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5) faults.push(`space ${space.dataset.space}: its name "${t.textContent}" is wider than the space`);
      }
    }
  }
  const log = document.getElementById("log").textContent;
  if (/[{}[\]]/.test(log)) faults.push(`raw JSON in the event log: ${log.match(/.{0,60}[{}[\]].{0,60}/)?.[0]}`);
  return faults;
}

async function check(page, where) {
  const faults = await page.evaluate(layoutFaults);
  if (faults.length) await page.screenshot({ path: join(SHOTS, `fault-${where.replace(/\W+/g, "-")}.png`), fullPage: true });
  assert.deepEqual(faults.slice(0, 12), [], `${where}: the layout is wrong`);
}

/** What must survive a reload: the status, the table, the moves offered and the log. */
function snapshot() {
  return {
    status: document.getElementById("status").textContent,
    title: document.getElementById("title").textContent,
    view: document.getElementById("view").textContent,
    moves: [...document.querySelectorAll("#moves button.move")].map((b) => b.dataset.text),
    log: document.getElementById("log").textContent,
  };
}

async function deal(page, { game, seats, seed, options = {} }) {
  await page.selectOption("#game", game);
  await page.fill("#seat-count", String(seats));
  await page.dispatchEvent("#seat-count", "change");
  for (let i = 0; i < seats; i++) await page.selectOption(`.seat-row[data-seat="${i}"] .kind`, i === 0 ? "human" : "robot");
  for (const [name, value] of Object.entries(options)) await page.fill(`#options [name="${name}"]`, value);
  await page.fill("#seed", String(seed));
  await page.click("#deal");
}

async function play(page, size, spec) {
  const random = seededRandom(spec.seed);
  let status = await idle(page);
  if (status.phase !== "setup") await page.click("#new-game");
  await deal(page, spec);
  let clicks = 0;
  let resumed = false;
  for (;;) {
    status = await idle(page);
    assert.equal(status.error, "", `${size} ${spec.game}: the table shows no error`);
    if (status.phase === "finished") break;
    assert.ok(status.moves > 0, `${size} ${spec.game}: seat 0 is to act but no move button is shown`);
    if (clicks === RELOAD_AT && !resumed) {
      await check(page, `${size} ${spec.game} before the reload`);
      await page.screenshot({ path: join(SHOTS, `${size}-${spec.game}-table.png`), fullPage: true });
      const before = await page.evaluate(snapshot);
      await page.reload();
      const after = await idle(page);
      assert.equal(after.error, "", `${size} ${spec.game}: the resumed table shows no error`);
      assert.deepEqual(await page.evaluate(snapshot), before, `${size} ${spec.game}: the reload resumed the same game`);
      resumed = true;
    }
    if (clicks % CHECK_EVERY === 0) await check(page, `${size} ${spec.game} after ${clicks} clicks`);
    if (clicks === HAND_OVER_AT) {
      await page.click(".takeover");
      clicks++;
      continue;
    }
    await page.evaluate((pick) => {
      const buttons = document.querySelectorAll("#moves button.move");
      buttons[Math.floor(pick * buttons.length)].click();
    }, random());
    clicks++;
  }
  assert.ok(resumed, `${size} ${spec.game}: the game ended before the reload (${clicks} clicks): pick another seed`);
  await check(page, `${size} ${spec.game} at the end`);
  const result = await page.textContent("#result");
  assert.match(result, /^Game over after \d+ moves\. Winners?: /);
  assert.equal(await page.getAttribute("table.score", "data-finished"), "true", `${spec.game}: the final score sheet`);
  const shot = join(SHOTS, `${size}-${spec.game}-final.png`);
  await page.screenshot({ path: shot, fullPage: true });
  return { clicks, result, shot };
}

async function refusedOrigin(context, service) {
  const page = await context.newPage();
  const port = new URL(service.url).port;
  const origin = `http://localhost:${port}`;
  await page.goto(`${origin}/play/?api=${encodeURIComponent(service.url)}`);
  const status = await idle(page);
  assert.equal(status.phase, "error");
  assert.ok(status.error.includes(`the service at ${service.url} refused this page's origin ${origin}: ` +
    `start it with TABLETOP_CORS_ORIGINS=${origin}`), `the refused origin is named: ${status.error}`);
  console.log(`refused origin: ${status.error}`);
  const gone = `http://127.0.0.1:${Number(port) === 9 ? 10 : 9}`;  // the discard port: nothing listens
  await page.goto(`${origin}/play/?api=${encodeURIComponent(gone)}`);
  const down = await idle(page);
  assert.ok(down.error.includes(`the service at ${gone} did not answer`), `a missing service is named: ${down.error}`);
  await page.close();
}

const started = Date.now();
mkdirSync(SHOTS, { recursive: true });
const service = await startService({ workers: 2 });
let failed = false;
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
try {
  const only = process.env.PLAY_GAMES ? process.env.PLAY_GAMES.split(",") : null;
  for (const [size, viewport] of Object.entries(SIZES)) {
    if (process.env.PLAY_SIZES && !process.env.PLAY_SIZES.split(",").includes(size)) continue;
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${service.url}/play?speed=0`);
    for (const spec of GAMES.filter((g) => !only || only.includes(g.game))) {
      const t0 = Date.now();
      const { clicks, result, shot } = await play(page, size, spec);
      assert.deepEqual(errors, [], `${size} ${spec.game}: no console errors`);
      console.log(`played ${size} ${spec.game}: ${result} (${clicks} clicks, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      console.log(`screenshot: ${join(SHOTS, `${size}-${spec.game}-table.png`)}`);
      console.log(`screenshot: ${shot}`);
    }
    if (size === "desktop") await refusedOrigin(context, service);
    await context.close();
  }
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await browser.close();
  const code = await service.stop();
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s; the service exited ${code}`);
  process.exit(failed || code !== 0 ? 1 : 0);
}
