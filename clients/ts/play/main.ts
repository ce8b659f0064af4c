// The web table (/play): pick a game, seats and options from ListGames, then play hot-seat or
// against seats that make random legal moves. Every call goes through the Connect client of
// clients/ts with the acting seat's key. Query parameters: `api` (the service's base URL, default
// this page's origin), `wire` (connect-json, connect-binary or grpc-web), `speed` (ms per robot move).
import { ConnectError } from "@connectrpc/connect";
import {
  checkFormat, gameClient, listGames, randomMove, seatOptionNames, seatOptions, seededRandom, Table, webTransport,
  type ApplyMoveResponse, type GameClient, type GameInfo, type Move,
} from "../src/index.js";
import { byId, el } from "./dom.js";
import { seatColour } from "./board.js";
import { renderEvent, renderScore, renderView, resultText, seatName } from "./render.js";

type Session = {
  table: Table;
  info: GameInfo;
  names: string[];
  robots: boolean[];
  viewer: number | null;  // the seat whose view is shown; null = spectator
  follow: boolean;        // show the human seat to act after each move (hot-seat)
  random: () => number;
  log: { seat: number; out: ApplyMoveResponse }[];
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

function showError(err: unknown): void {
  const message = err instanceof ConnectError ? `${err.code ? `[${codeName(err)}] ` : ""}${err.rawMessage}` : String(err);
  byId("error").textContent = message;
  byId("error").hidden = false;
}

function codeName(err: ConnectError): string {
  return ["ok", "canceled", "unknown", "invalid_argument", "deadline_exceeded", "not_found", "already_exists",
    "permission_denied", "resource_exhausted", "failed_precondition", "aborted", "out_of_range", "unimplemented",
    "internal", "unavailable", "data_loss", "unauthenticated"][err.code] ?? String(err.code);
}

/** Run `step` after whatever runs now; errors are shown, never thrown away. */
function enqueue(step: () => Promise<void>): Promise<void> {
  pending++;
  markIdle();
  queue = queue.then(step).catch(showError).finally(() => { pending--; markIdle(); });
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
    showError(err);
    byId("error").prepend(`Cannot list the games at ${api}: `);
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
  setPhase("setup");
  markIdle();
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
  const seed = seedText ? BigInt(seedText) : undefined;
  const table = await Table.start(client, { game: info.id, seats, options, seed });
  session = {
    table, info, names: seats.map((s, i) => s.name || `Seat ${i}`), robots: seats.map((s) => s.kind === "robot"),
    viewer: null, follow: true, log: [], random: seededRandom(Number(seed ?? BigInt(Date.now())) >>> 0),
  };
  byId("title").textContent = `${info.title} · ${seats.length} seats`;
  setPhase("playing");
  await refresh();
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
  const mayMove = viewer !== null && !s.robots[viewer] && s.table.toAct.includes(viewer);
  const [view, moves, score] = await Promise.all([
    s.table.view(viewer ?? undefined),
    mayMove ? s.table.legalMoves(viewer) : Promise.resolve([] as Move[]),
    s.table.finished ? s.table.score() : s.table.publicScore(),
  ]);
  if (s !== session) return;
  renderTabs(s);
  byId("view").replaceChildren(view.view ? renderView(view.view, s.names) : el("p", {}, "no view"));
  renderMoves(s, moves, mayMove);
  byId("score").replaceChildren(renderScore(score, s.names));
  renderLog(s);
  byId("status").textContent = s.table.finished ? "" :
    `Move ${s.table.moveCount} · to act: ${s.table.toAct.map((x) => seatName(s.names, x)).join(", ")}`;
  const result = byId("result");
  result.hidden = !s.table.finished;
  result.textContent = s.table.finished ? resultText(score, s.names) : "";
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
  byId("tabs").replaceChildren(...tabs, spectator, follow);
}

function renderMoves(s: Session, moves: Move[], mayMove: boolean): void {
  const box = byId("moves");
  if (!mayMove) {
    const who = s.viewer === null ? "The spectator" : seatName(s.names, s.viewer);
    box.replaceChildren(el("p", { class: "muted" }, s.table.finished ? "The game is over." : `${who} has no move now.`));
    return;
  }
  const state = s.table.state;
  box.replaceChildren(...moves.map((m, index) => {
    const b = el("button", { type: "button", class: "move", "data-index": String(index) }, m.text);
    // `index` counts in this list for this state: a click after the state moved on is ignored.
    b.onclick = () => enqueue(async () => {
      if (s !== session || s.table.state !== state || s.viewer === null) return;
      const out = await s.table.apply(s.viewer, { index });
      logMove(s, s.viewer, out);
      await refresh();
    });
    return b;
  }));
}

/** Let a robot seat to act move after `speed` ms (none when only humans are to act). */
function scheduleRobot(s: Session): void {
  const robots = s.table.toAct.filter((seat) => s.robots[seat]);
  if (robots.length === 0) return;
  const state = s.table.state;
  robotWaiting = true;
  setTimeout(() => enqueue(async () => {
    robotWaiting = false;
    if (s !== session || s.table.state !== state || s.table.finished) return;
    const seat = robots[Math.floor(s.random() * robots.length)];
    const out = await randomMove(s.table, seat, s.random);
    logMove(s, seat, out);
    await refresh();
  }), speed);
}

function logMove(s: Session, seat: number, out: ApplyMoveResponse): void {
  s.log.push({ seat, out });
}

function renderLog(s: Session): void {
  const shown = s.log.slice(-LOG_SHOWN).reverse().map(({ seat, out }) => el("li", { class: "entry" },
    el("span", { class: "dot", style: `background:${seatColour(seat)}` }),
    el("b", {}, `${out.moveCount}. ${seatName(s.names, seat)}: `), out.move?.text || "(a move)",
    el("ul", {}, ...out.events.map((e) => renderEvent(e, s.viewer, s.names)))));
  byId("log").replaceChildren(...shown);
}
byId("new-game").onclick = () => { session = null; setPhase("setup"); };
void start();
