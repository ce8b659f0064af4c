// What the table shows: a seat's redacted view (any game, from its proto3 JSON; the board drawn for
// White Hat / Black Hat), the score sheet, the final result and the event log.
import { toJson, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { EventSchema, ViewSchema, type Event, type Score, type View } from "../src/index.js";
import { drawBoard, seatColour } from "./board.js";
import { el } from "./dom.js";

/** Keys whose numbers are seats: shown with the seat's name. */
const SEAT_KEYS = /^(seat|seats|toAct|activeSeat|dealer|leader|winner|winners|hatHolder|hatSeat|caller|order|privateTo|knownBy)$/;

/** The seat's display name, e.g. "Ann (1)". */
export function seatName(names: string[], seat: number): string {
  return `${names[seat] || `Seat ${seat}`} (${seat})`;
}

function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

function chip(value: JsonValue, key: string, names: string[]): HTMLElement {
  if (typeof value === "number" && SEAT_KEYS.test(key)) {
    return el("span", { class: "chip seat", style: `border-color:${seatColour(value)}` }, seatName(names, value));
  }
  const textValue = String(value);
  const colour = /^([A-Z])\d/.exec(textValue);
  return el("span", { class: `chip${colour ? ` card c-${colour[1]}` : ""}` }, textValue);
}

function isPlain(v: JsonValue): boolean {
  return v === null || typeof v !== "object";
}

/** Any JSON value as nested definition lists, chips and tables. */
export function tree(value: JsonValue, key: string, names: string[]): HTMLElement {
  if (isPlain(value)) return chip(value, key, names);
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "empty" }, "none");
    if (value.every(isPlain)) return el("span", { class: "chips" }, ...value.map((v) => chip(v, key, names)));
    if (value.every((v) => v !== null && typeof v === "object" && !Array.isArray(v))) {
      return table(value as JsonObject[], names);
    }
    return el("ol", {}, ...value.map((v) => el("li", {}, tree(v, key, names))));
  }
  const dl = el("dl", {});
  for (const [k, v] of Object.entries(value as JsonObject)) dl.append(el("dt", {}, words(k)), el("dd", {}, tree(v, k, names)));
  return dl;
}

function table(rows: JsonObject[], names: string[]): HTMLElement {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const head = el("tr", {}, ...columns.map((c) => el("th", {}, words(c))));
  const body = rows.map((r) => el("tr", {}, ...columns.map((c) => el("td", {}, c in r ? tree(r[c], c, names) : ""))));
  return el("table", { class: "rows" }, el("thead", {}, head), el("tbody", {}, ...body));
}

/** A seat's (or the spectator's) view: the board for the board games, then every other field. */
export function renderView(view: View, names: string[]): HTMLElement {
  const box = el("div", { class: "view", "data-seat": view.seat === undefined ? "spectator" : String(view.seat) });
  const g = view.game;
  if (g.case === "whiteHat" || g.case === "blackHat") {
    const board = drawBoard(g.value);
    if (board) box.append(el("div", { class: "board-wrap" }, board));
  }
  const json = toJson(ViewSchema, view) as JsonObject;
  delete json.seat;
  for (const [member, body] of Object.entries(json)) {
    let shown: JsonValue = body;
    if (member === "generic") shown = JSON.parse(String((body as JsonObject).json ?? "{}")) as JsonValue;
    if (shown && typeof shown === "object" && !Array.isArray(shown)) delete (shown as JsonObject).board;
    box.append(tree(shown, member, names));
  }
  return box;
}

/** The score sheet: one row per seat, a column per breakdown category. */
export function renderScore(score: Score, names: string[]): HTMLElement {
  const categories = [...new Set(score.seats.flatMap((s) => Object.keys(s.breakdown)))].sort();
  const full = score.finished || score.seats.some((s) => s.rank > 0);
  const head = el("tr", {}, el("th", {}, "seat"), ...(full ? ["round", "total", "rank"] : []).map((c) => el("th", {}, c)),
    ...categories.map((c) => el("th", {}, words(c))));
  const rows = score.seats.map((s) => {
    const seat = s.seat ?? 0;
    // `winners` is the result (empty until the end); `leaders` who would win now (whole scores only).
    const mark = score.winners.includes(seat) ? "winner" : score.leaders.includes(seat) ? "leader" : "";
    return el("tr", { class: mark, "data-seat": String(seat) },
      el("td", {}, el("span", { class: "dot", style: `background:${seatColour(seat)}` }), seatName(names, seat)),
      ...(full ? [s.round, s.total, s.rank] : []).map((v) => el("td", { class: "num" }, String(v))),
      ...categories.map((c) => el("td", { class: "num" }, String(s.breakdown[c] ?? ""))));
  });
  const caption = score.finished ? "Final score sheet" :
    full ? `Score sheet after ${score.moveCount} moves` : `Score sheet (shown when the game ends) · ${score.moveCount} moves`;
  const teams = score.teams.length
    ? el("p", { class: "teams" }, "Teams: ", score.teams.map((t) => t.seats.map((x) => seatName(names, x)).join(" + ")).join(" vs "))
    : null;
  return el("div", {}, el("table", { class: "score", "data-finished": String(score.finished) },
    el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...rows)), teams);
}

/** The final result in words: who won, and the rule that broke a tie. */
export function resultText(score: Score, names: string[]): string {
  const who = score.winners.map((s) => seatName(names, s)).join(", ");
  const verb = score.winners.length > 1 ? "Winners" : "Winner";
  return `Game over after ${score.moveCount} moves. ${verb}: ${who || "nobody"}` +
    (score.tiebreak ? ` (decided by: ${score.tiebreak})` : "");
}

/** One event for the log, its payload shown only to a seat it is not private from. */
export function renderEvent(event: Event, viewer: number | null, names: string[]): HTMLElement {
  const item = el("li", { class: "event" }, el("b", {}, event.kind));
  const privateTo = event.privateTo;
  // The answer was cut for the mover; on a shared screen, another seat must not read the mover's secrets.
  const mayRead = privateTo.length === 0 || (viewer !== null && privateTo.includes(viewer));
  if (!mayRead) {
    item.append(` (private to ${privateTo.map((s) => seatName(names, s)).join(", ")})`);
    return item;
  }
  const json = toJson(EventSchema, event) as JsonObject;
  for (const [k, v] of Object.entries(json)) {
    if (k === "kind" || k === "privateTo") continue;
    const body = k === "generic" ? v : Object.values((v ?? {}) as JsonObject)[0];
    if (body && typeof body === "object") item.append(" ", compact(body as JsonObject, names));
  }
  return item;
}

function compact(body: JsonObject, names: string[]): HTMLElement {
  const parts = Object.entries(body).map(([k, v]) => {
    const shown = typeof v === "number" && SEAT_KEYS.test(k) ? seatName(names, v) : JSON.stringify(v);
    return `${words(k)}: ${shown}`;
  });
  return el("span", { class: "payload" }, parts.join(" · "));
}
