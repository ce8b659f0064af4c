// Acceptance: in headless Chromium (Debian's, driven by playwright-core; no network but 127.0.0.1),
// a page served from ANOTHER origin plays a full Hats and a full Cambio game through the Connect
// client (CORS), and /play served by the service plays a game to its end, whose final score sheet
// is saved as a screenshot (TABLETOP_SHOTS, else a temporary folder; the path is printed).
import assert from "node:assert/strict";
import { createReadStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";
import { seededRandom } from "../dist/index.js";
import { freePort, ROOT, startService } from "./server.mjs";

const BUNDLE = join(ROOT, "service", "play", "static");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = process.env.TABLETOP_SHOTS ?? mkdtempSync(join(tmpdir(), "play-shots-"));
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  // No name resolves except the loopback: the page can reach nothing but this machine's servers.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"];

let service, site, siteOrigin, context, profile;

/** The built bundle at /play/ on its own port: another origin than the service's. */
async function startSite() {
  const port = await freePort();
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".map": "application/json" };
  const server = createServer((req, res) => {
    const name = new URL(req.url, "http://x").pathname.replace(/^\/play\/?/, "") || "index.html";
    const file = join(BUNDLE, name);
    if (name.includes("/") || !existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { "content-type": types[name.slice(name.lastIndexOf("."))] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${port}` };
}

before(async () => {
  assert.ok(existsSync(join(BUNDLE, "play.js")), `the web table is not built (${BUNDLE}): npm run build`);
  ({ server: site, origin: siteOrigin } = await startSite());
  service = await startService({ env: { TABLETOP_CORS_ORIGINS: siteOrigin } });
  profile = mkdtempSync(join(tmpdir(), "chromium-profile-"));  // a fresh --user-data-dir
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1400, height: 1000 },
  });
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  site?.close();
  assert.equal(await service?.stop(), 0, "the service should exit 0 on SIGTERM");
});

/** In the page: once nothing is pending, the phase, the error shown (if any) and the move buttons. */
function settled() {
  return new Promise((resolve) => {
    const body = document.body;
    const look = () => {
      if (body.dataset.idle !== "true" || body.dataset.phase === "loading") return false;
      const error = document.getElementById("error");
      resolve({ phase: body.dataset.phase, error: error.hidden ? "" : error.textContent,
                moves: document.querySelectorAll("#moves button.move").length });
      return true;
    };
    if (look()) return;
    const watch = new MutationObserver(() => { if (look()) watch.disconnect(); });
    watch.observe(body, { attributes: true, attributeFilter: ["data-idle", "data-phase"] });
  });
}

/** Deal `game` in the table's form, then click random legal moves for the human seats until it ends. */
async function playThrough(page, { game, seats, robots, seed }) {
  let status = await page.evaluate(settled);
  assert.equal(status.error, "", "the table shows no error");
  if (status.phase !== "setup") await page.click("#new-game");
  await page.selectOption("#game", game);
  await page.fill("#seat-count", String(seats));
  await page.dispatchEvent("#seat-count", "change");
  for (let i = 0; i < seats; i++) {
    await page.selectOption(`.seat-row[data-seat="${i}"] .kind`, robots[i] ? "robot" : "human");
  }
  await page.fill("#seed", String(seed));
  await page.click("#deal");
  const random = seededRandom(seed);
  let clicks = 0;
  for (;;) {
    status = await page.evaluate(settled);
    assert.equal(status.error, "", `${game}: the table shows no error`);
    if (status.phase === "finished") break;
    assert.ok(status.moves > 0, `${game}: a human seat is to act but no move button is shown`);
    // One round trip per click: a real click event on a random move button of the seat to act.
    await page.evaluate((pick) => {
      const buttons = document.querySelectorAll("#moves button.move");
      buttons[Math.floor(pick * buttons.length)].click();
    }, random());
    clicks++;
  }
  const result = await page.textContent("#result");
  assert.match(result, /^Game over after \d+ moves\. Winners?: /);
  assert.equal(await page.getAttribute("table.score", "data-finished"), "true");
  assert.ok(await page.$("table.score tr.winner"), `${game}: the score sheet marks the winner`);
  return { clicks, result };
}

test("a page from another origin plays full Hats and Cambio games through the Connect client", async (t) => {
  const page = await context.newPage();
  const calls = [];
  page.on("request", (r) => { if (r.url().startsWith(service.url)) calls.push(r); });
  await page.goto(`${siteOrigin}/play/?api=${encodeURIComponent(service.url)}&speed=0`);
  assert.notEqual(new URL(page.url()).origin, service.url, "the page's origin is not the service's");
  // Hats: seat 0 clicks, seat 1 makes random legal moves. Cambio: hot-seat, both seats click.
  const hats = await playThrough(page, { game: "hats", seats: 2, robots: [false, true], seed: 5 });
  const cambio = await playThrough(page, { game: "cambio", seats: 2, robots: [false, false], seed: 3 });
  const posts = calls.filter((r) => r.method() === "POST");
  assert.ok(posts.length > hats.clicks + cambio.clicks, "the moves went to the service");
  for (const r of posts) {
    assert.equal((await r.allHeaders()).origin, siteOrigin, `${r.url()} was a cross-origin call`);
    assert.match(r.url(), /\/engine\.v1\.GameService\/\w+$/, "every call is a Connect call");
  }
  t.diagnostic(`hats: ${hats.result} (${hats.clicks} clicks); cambio: ${cambio.result} (${cambio.clicks} clicks); ` +
               `${posts.length} Connect calls from ${siteOrigin} to ${service.url}`);
  await page.close();
});

test("/play on the service plays White Hat to the end; the final score sheet is captured", async (t) => {
  const page = await context.newPage();
  await page.goto(`${service.url}/play?speed=0`);
  // Two seats: the form sets robot=true (§7.8 refuses two seats without it); the robot is the third seat.
  const white = await playThrough(page, { game: "white_hat", seats: 2, robots: [true, true], seed: 7 });
  assert.equal(await page.inputValue('#options [name="robot"]'), "true");
  assert.ok(await page.$("svg.board [data-space]"), "the board is drawn");
  const full = join(SHOTS, "play-white_hat-final.png");
  const sheet = join(SHOTS, "play-score-sheet.png");
  await page.screenshot({ path: full, fullPage: true });
  await page.locator("#score").screenshot({ path: sheet });
  t.diagnostic(`white_hat: ${white.result}`);
  t.diagnostic(`screenshot: ${full}`);
  t.diagnostic(`screenshot: ${sheet}`);
  await page.close();
});
