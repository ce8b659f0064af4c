// The web table (/play): pick a game, seats and options from ListGames, then play hot-seat or
// against seats that make random legal moves. Every call goes through the Connect client of
// clients/ts with the acting seat's key. The game survives a reload (saved.ts). Query parameters:
// `api` (the service's base URL, default this page's origin), `wire` (connect-json, connect-binary
// or grpc-web), `speed` (ms per robot move), `game` (the game the form starts on).
import {
  checkFormat, gameClient, listGames, randomMove, seatOptionNames, seatOptions, seededRandom, Table, webTransport,
  type GameClient, type GameInfo, type Move,
} from "../src/index.js";
import { seatColour } from "./board.js";
import { byId, el } from "./dom.js";
import { describe, fetchFailed, unreachable } from "./errors.js";
import { renderEvent } from "./events.js";
import { type Ctx } from "./games/common.js";
import { moveKind, moveLabel } from "./moves.js";
import { renderScore, renderView, resultText, seatName } from "./render.js";
import { clear, load, loadLog, save, saveLog, type LogEntry, type Saved } from "./saved.js";

type Session = {
  table: Table;
  info: GameInfo;
  names: string[];
  robots: boolean[];
  options: Record<string, string>;
  seed: string;
  viewer: number | null;  // the seat whose view is shown; null = spectator
  follow: boolean;        // show the human seat to act after each move (hot-seat)
  random: () => number;
  log: LogEntry[];
  shown: { viewer: number | null; count: number };  // what the log on the page holds
};

const LOG_SHOWN = 200;  // newest entries drawn; the log is redrawn for each viewer (privacy on a shared screen)

const params = new URLSearchParams(location.search);
const api = params.get("api") ?? location.origin;
const speed = Number(params.get("speed") ?? "350");
let client: GameClient;
let games: GameInfo[] = [];
let session: Session | null = null;
let queue: Promise<void> = Promise.resolve();  // one call sequence at a time: a click never races a robot

function setPhase(phase: "setup" | "playing" | "finished" | "error"): void {
  document.body.dataset.phase = phase;
}

let pending = 0;          // steps queued or running
let robotWaiting = false;  // a robot's move is scheduled

/** `data-idle` is "true" while nothing is pending (no call running, no robot about to move). */
function markIdle(): void {
  document.body.dataset.idle = String(pending === 0 && !robotWaiting);
}

/** Show `err` (with `prefix`); a call the browser could not make says why (a refused origin, no service). */
async function showError(err: unknown, prefix = ""): Promise<void> {
  const box = byId("error");
  box.textContent = prefix + (fetchFailed(err) ? await unreachable(api) : describe(err));
  box.hidden = false;
}

/** Run `step` after whatever runs now; errors are shown, never thrown away. */
function enqueue(step: () => Promise<void>): Promise<void> {
  pending++;
  markIdle();
  queue = queue.then(step).catch((err) => showError(err)).finally(() => { pending--; markIdle(); });
  return queue;
}

// ---------------------------------------------------------------- setup

async function start(): Promise<void> {
  byId("api").textContent = api;
  try {
    client = gameClient(webTransport(api, checkFormat(params.get("wire") ?? "connect-json")));
    games = await listGames(client);
  } catch (err) {
    setPhase("error");
    await showError(err, `Cannot list the games at ${api}: `);
    markIdle();
    return;
  }
  const select = byId<HTMLSelectElement>("game");
  select.replaceChildren(...games.map((g) => el("option", { value: g.id }, `${g.title} (${g.id})`)));
  const wanted = params.get("game");
  if (wanted && games.some((g) => g.id === wanted)) select.value = wanted;
  select.onchange = () => setupForm();
  byId<HTMLInputElement>("seat-count").onchange = () => { seatRows(); setSeatOptions(); };
  byId("setup-form").onsubmit = (e) => { e.preventDefault(); void enqueue(deal); };
  setupForm();
  const saved = load(api);
  if (saved && games.some((g) => g.id === saved.game)) {
    await enqueue(() => resume(saved));
  } else {
    setPhase("setup");
    markIdle();
  }
}

function chosen(): GameInfo {
  const id = byId<HTMLSelectElement>("game").value;
  return games.find((g) => g.id === id) ?? games[0];
}

function setupForm(): void {
  const info = chosen();
  const count = byId<HTMLInputElement>("seat-count");
  count.min = String(info.minSeats);
  count.max = String(info.maxSeats);
  count.value = String(Math.min(Math.max(Number(count.value) || info.minSeats, info.minSeats), info.maxSeats));
  byId("seat-range").textContent = `${info.minSeats}-${info.maxSeats} seats · rules ${info.version}`;
  seatRows();
  byId("options").replaceChildren(...info.options.map((o) => {
    const input = o.allowed.length
      ? el("select", { name: o.name }, ...o.allowed.map((v) => el("option", v === o.default ? { value: v, selected: "" } : { value: v }, v)))
      : el("input", { name: o.name, value: o.default, placeholder: o.type });
    return el("label", { title: o.description }, el("span", {}, o.name), input);
  }));
  setSeatOptions();
}

/** Set the options the chosen seat count needs (White Hat's robot at 2 seats); their defaults elsewhere. */
function setSeatOptions(): void {
  const info = chosen();
  const needed = seatOptions(info, Number(byId<HTMLInputElement>("seat-count").value));
  for (const o of info.options.filter((opt) => seatOptionNames(info).includes(opt.name))) {
    const field = byId("options").querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${o.name}"]`);
    if (field) field.value = needed[o.name] ?? o.default;
  }
}

function seatRows(): void {
  const box = byId("seats");
  const n = Number(byId<HTMLInputElement>("seat-count").value);
  const rows = [...box.querySelectorAll(".seat-row")];
  while (rows.length > n) rows.pop()?.remove();
  for (let i = rows.length; i < n; i++) {
    const row = el("div", { class: "seat-row", "data-seat": String(i) },
      el("span", { class: "dot", style: `background:${seatColour(i)}` }),
      el("input", { class: "name", value: `Player ${i + 1}`, "aria-label": `seat ${i} name` }),
      el("select", { class: "kind", "aria-label": `seat ${i} plays` },
        el("option", { value: "human" }, "hot-seat (you)"), el("option", { value: "robot" }, "random legal moves")));
    box.append(row);
    rows.push(row);
  }
}

async function deal(): Promise<void> {
  byId("error").hidden = true;
  const info = chosen();
  const rows = [...byId("seats").querySelectorAll<HTMLElement>(".seat-row")];
  const seats = rows.map((r) => ({
    name: r.querySelector<HTMLInputElement>(".name")!.value.trim(),
    kind: r.querySelector<HTMLSelectElement>(".kind")!.value,
  }));
  const options: Record<string, string> = {};
  for (const o of info.options) {
    const field = byId("options").querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${o.name}"]`);
    if (field && field.value !== o.default) options[o.name] = field.value;
  }
  const seedText = byId<HTMLInputElement>("seed").value.trim();
  if (seedText && !/^\d+$/.test(seedText)) throw new Error(`the seed must be a whole number from 0, not "${seedText}"`);
  const seed = seedText ? BigInt(seedText) : undefined;
  const table = await Table.start(client, { game: info.id, seats, options, seed });
  open({
    table, info, names: seats.map((s, i) => s.name || `Seat ${i}`), robots: seats.map((s) => s.kind === "robot"),
    options, seed: seedText, viewer: null, follow: true, shown: { viewer: null, count: -1 },
    // The deal's events (cut for the spectator: nobody's hand) open the log.
    log: [{ seat: -1, moveCount: 0, text: "", events: table.dealt?.events ?? [] }],
    random: seededRandom(Number(seed ?? BigInt(Date.now())) >>> 0),
  });
  await refresh();
}

function open(s: Session): void {
  session = s;
  byId("title").textContent = `${s.info.title} · ${s.names.length} seats`;
  byId("log").replaceChildren();
  setPhase("playing");
}

/** Resume the game this tab kept: the same token and keys, the same seats, viewer and log. */
async function resume(saved: Saved): Promise<void> {
  const info = games.find((g) => g.id === saved.game)!;
  try {
    const table = await Table.resume(client, saved.table);
    open({
      table, info, names: saved.names, robots: saved.robots, options: saved.options,
      seed: saved.seed, viewer: saved.viewer, follow: saved.follow, log: loadLog(saved.log),
      shown: { viewer: null, count: -1 },
      // A fresh stream for the robots, fixed by the seed and the move reached.
      random: seededRandom(((Number(saved.seed || "0") >>> 0) + table.moveCount * 7919) >>> 0),
    });
    await refresh();
  } catch (err) {
    session = null;
    clear(api);
    setPhase("setup");
    await showError(err, "The saved game could not be resumed (it is forgotten now): ");
  }
}

function keep(s: Session): void {
  save(api, {
    version: 1, game: s.info.id, title: s.info.title, names: s.names, robots: s.robots, options: s.options, seed: s.seed,
    table: s.table.saved(), viewer: s.viewer, follow: s.follow,
    log: saveLog(s.log),
  });
}

// ---------------------------------------------------------------- play

/** Show the seat to act when it is a human's turn (hot-seat: the screen passes to them). */
function pickViewer(s: Session): void {
  if (!s.follow) return;
  const human = s.table.toAct.find((seat) => !s.robots[seat]);
  if (human !== undefined) s.viewer = human;
  else if (s.viewer === null || s.robots[s.viewer]) s.viewer = s.robots.findIndex((r) => !r) >= 0 ? s.robots.findIndex((r) => !r) : null;
}

async function refresh(): Promise<void> {
  const s = session;
  if (!s) return;
  pickViewer(s);
  const viewer = s.viewer;
  const [view, moves, score] = await Promise.all([
    s.table.view(viewer ?? undefined),
    viewer !== null && !s.robots[viewer] && s.table.toAct.includes(viewer) ? s.table.legalMoves(viewer) : Promise.resolve([] as Move[]),
    s.table.finished ? s.table.score() : s.table.publicScore(),
  ]);
  if (s !== session) return;
  s.table.toAct = [...view.toAct];
  s.table.finished = view.finished;
  if (s.table.moveCount < score.moveCount) s.table.moveCount = score.moveCount;
  const mayMove = viewer !== null && !s.robots[viewer] && s.table.toAct.includes(viewer);
  // White Hat's robot (two players, §7.6) sits at a seat of its own that no player holds.
  const g = view.view?.game;
  const robot = g && (g.case === "whiteHat" || g.case === "blackHat") ? g.value.robot : undefined;
  const names = robot !== undefined && robot >= s.names.length ? Object.assign([...s.names], { [robot]: "Robot" }) : s.names;
  const ctx: Ctx = { game: s.info.id, names, viewer };
  renderTabs(s);
  byId("view").replaceChildren(view.view ? renderView(view.view, ctx) : el("p", {}, "no view"));
  renderMoves(s, mayMove ? moves : [], mayMove);
  byId("score").replaceChildren(renderScore(score, names));
  renderLog(s, ctx);
  byId("status").textContent = s.table.finished ? "" :
    `Move ${s.table.moveCount} · to act: ${s.table.toAct.map((x) => seatName(names, x)).join(", ")}`;
  const result = byId("result");
  result.hidden = !s.table.finished;
  result.textContent = s.table.finished ? resultText(score, names) : "";
  keep(s);
  if (s.table.finished) setPhase("finished");
  else scheduleRobot(s);
}

function renderTabs(s: Session): void {
  const tabs = s.names.map((name, seat) => {
    const b = el("button", { type: "button", class: "tab", "data-seat": String(seat),
      style: `border-bottom-color:${seatColour(seat)}` },
      `${name}${s.robots[seat] ? " (random)" : ""}${s.table.toAct.includes(seat) ? " •" : ""}`);
    if (s.viewer === seat) b.classList.add("active");
    b.onclick = () => enqueue(async () => { s.viewer = seat; s.follow = false; await refresh(); });
    return b;
  });
  const spectator = el("button", { type: "button", class: `tab${s.viewer === null ? " active" : ""}` }, "spectator");
  spectator.onclick = () => enqueue(async () => { s.viewer = null; s.follow = false; await refresh(); });
  const follow = el("label", { class: "follow" }, el("input", s.follow ? { type: "checkbox", checked: "" } : { type: "checkbox" }),
    " follow the seat to act");
  follow.querySelector("input")!.onchange = (e) => enqueue(async () => {
    s.follow = (e.target as HTMLInputElement).checked;
    await refresh();
  });
  // Hot-seat: a player may leave their seat to a robot (random legal moves) and take it back.
  const seat = s.viewer;
  const takeover = seat !== null && !s.table.finished ? el("button", { type: "button", class: "takeover", "data-seat": String(seat) },
    s.robots[seat] ? `Play ${s.names[seat]} yourself` : `Let a robot play ${s.names[seat]}`) : null;
  if (takeover && seat !== null) {
    takeover.onclick = () => enqueue(async () => {
      s.robots[seat] = !s.robots[seat];
      await refresh();
    });
  }
  byId("tabs").replaceChildren(...tabs, spectator, follow, ...(takeover ? [takeover] : []));
}

/** The viewer's legal moves, grouped by kind: a title per group (the rule on hover), a button per move. */
function renderMoves(s: Session, moves: Move[], mayMove: boolean): void {
  const box = byId("moves");
  if (!mayMove) {
    const who = s.viewer === null ? "The spectator" : seatName(s.names, s.viewer);
    box.replaceChildren(el("p", { class: "muted" }, s.table.finished ? "The game is over." : `${who} has no move now.`));
    return;
  }
  const state = s.table.state;
  const groups = new Map<string, HTMLElement>();
  const sections: HTMLElement[] = [];
  moves.forEach((m, index) => {
    const kind = moveKind(s.info.id, m.text);
    let group = groups.get(kind.kind);
    if (!group) {
      group = el("div", { class: "move-buttons" });
      groups.set(kind.kind, group);
      sections.push(el("section", { class: "move-group", "data-kind": kind.kind },
        el("h4", { title: kind.meaning }, kind.title, kind.meaning ? el("span", { class: "hint", "aria-hidden": "true" }, " ?") : null),
        group));
    }
    const b = el("button", { type: "button", class: "move", "data-index": String(index), "data-text": m.text,
      title: `${kind.meaning ? `${kind.meaning} ` : ""}Move: ${m.text}` }, ...moveLabel(s.info.id, m.text, s.names));
    // `index` counts in this list for this state: a click after the state moved on is ignored.
    b.onclick = () => enqueue(async () => {
      if (s !== session || s.table.state !== state || s.viewer === null) return;
      const seat = s.viewer;
      const out = await s.table.apply(seat, { index });
      s.log.push({ seat, moveCount: out.moveCount, text: out.move?.text || m.text, events: out.events });
      await refresh();
    });
    group.append(b);
  });
  box.replaceChildren(el("p", { class: "muted small" }, `${seatName(s.names, s.viewer!)} to move: hover a title for the rule.`),
    ...sections);
}

/** Let a robot seat to act move after `speed` ms (none when only humans are to act). */
function scheduleRobot(s: Session): void {
  const robots = s.table.toAct.filter((seat) => s.robots[seat]);
  if (robots.length === 0) return;
  const state = s.table.state;
  robotWaiting = true;
  markIdle();
  setTimeout(() => enqueue(async () => {
    robotWaiting = false;
    if (s !== session || s.table.state !== state || s.table.finished) return;
    const seat = robots[Math.floor(s.random() * robots.length)];
    const out = await randomMove(s.table, seat, s.random);
    s.log.push({ seat, moveCount: out.moveCount, text: out.move?.text ?? "", events: out.events });
    // At speed 0 nobody watches the robots' moves one by one: the table is drawn when a human is to act.
    if (speed <= 0 && !s.table.finished && s.table.toAct.every((x) => s.robots[x])) {
      keep(s);
      scheduleRobot(s);
    } else {
      await refresh();
    }
  }), speed);
}

function logEntry(entry: LogEntry, ctx: Ctx): HTMLElement {
  const head = entry.seat < 0 ? [el("b", {}, "The deal")] : [el("span", { class: "dot", style: `background:${seatColour(entry.seat)}` }),
    el("b", {}, `${entry.moveCount}. ${seatName(ctx.names, entry.seat)}`), entry.text ? `: ${entry.text}` : ": a move"];
  return el("li", { class: "entry", "data-move": String(entry.moveCount) }, el("div", { class: "entry-head" }, ...head),
    entry.events.length ? el("ul", {}, ...entry.events.map((e) => renderEvent(e, ctx))) : null);
}

/** The newest entries first; redrawn whole when the viewer changes (what each seat may read differs). */
function renderLog(s: Session, ctx: Ctx): void {
  const log = byId("log");
  if (s.shown.viewer !== ctx.viewer || s.shown.count < 0 || s.shown.count > s.log.length) {
    log.replaceChildren(...s.log.slice(-LOG_SHOWN).reverse().map((e) => logEntry(e, ctx)));
  } else {
    log.prepend(...s.log.slice(s.shown.count).reverse().map((e) => logEntry(e, ctx)));
    while (log.children.length > LOG_SHOWN) log.lastElementChild?.remove();
  }
  s.shown = { viewer: ctx.viewer, count: s.log.length };
}

byId("new-game").onclick = () => {
  session = null;
  clear(api);
  byId("error").hidden = true;
  setPhase("setup");
};
void start();
