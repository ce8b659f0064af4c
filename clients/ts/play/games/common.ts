// Pieces every game's table uses: who sits where (a coloured name), seat boxes, zones, badges and counters.
import { seatColour } from "../board.js";
import { el, type Child } from "../dom.js";

/** What a table drawing needs besides the view: the game, the seats' names and whose view it is. */
export type Ctx = { game: string; names: string[]; viewer: number | null };

/** The seat's display name, e.g. "Ann (1)". */
export function seatName(names: readonly string[], seat: number): string {
  return `${names[seat] || `Seat ${seat}`} (${seat})`;
}

/** A seat's name with its colour. */
export function who(ctx: Ctx, seat: number | undefined): HTMLElement {
  if (seat === undefined) return el("span", { class: "who" }, "nobody");
  return el("span", { class: "who", style: `--seat:${seatColour(seat)}` }, seatName(ctx.names, seat));
}

/** A small label on a seat or a zone: "to act", "dealer", "cookie", ... */
export function badge(text: string, tone = "", title = ""): HTMLElement {
  return el("span", { class: `badge${tone ? ` ${tone}` : ""}`, ...(title ? { title } : {}) }, text);
}

/** "to act" (the seat may move now) and "turn" (it is the seat's turn), as they apply to `seat`. */
export function actBadges(toAct: readonly number[], active: number | undefined, seat: number): (HTMLElement | false)[] {
  return [toAct.includes(seat) && badge("to act", "act"), active === seat && badge("turn")];
}

/** A number with its label, e.g. "deck 41". */
export function stat(label: string, value: Child | Child[] | number, title = ""): HTMLElement {
  const shown = typeof value === "number" ? String(value) : value;
  return el("span", { class: "stat", ...(title ? { title } : {}) }, el("span", { class: "stat-label" }, label), " ", el("b", {}, shown));
}

/** A titled area of the table (the river, the market, the trick, ...). */
export function zone(title: string, cls: string, ...content: (Child | Child[])[]): HTMLElement {
  return el("section", { class: `zone ${cls}`, "data-zone": cls }, el("h4", {}, title), ...content);
}

/** A labelled line inside a seat box or zone. */
export function line(label: string, ...content: (Child | Child[])[]): HTMLElement {
  return el("div", { class: "line" }, el("span", { class: "line-label" }, label), el("span", { class: "line-body" }, ...content));
}

/** One seat's place at the table: its name and badges, then what lies in front of it. */
export function seatBox(ctx: Ctx, seat: number, badges: (HTMLElement | null | false)[], ...content: (Child | Child[])[]): HTMLElement {
  const mine = ctx.viewer === seat;
  return el("section", { class: `seat-box${mine ? " mine" : ""}`, "data-seat": String(seat), style: `--seat:${seatColour(seat)}` },
    el("header", {}, el("span", { class: "who" }, seatName(ctx.names, seat)), mine ? badge("you", "you") : null,
      ...badges.filter((b): b is HTMLElement => !!b)),
    ...content);
}

/** The seats' boxes in a wrapping grid. */
export function seats(...boxes: HTMLElement[]): HTMLElement {
  return el("div", { class: "seats" }, ...boxes);
}

/** The whole table of one game. */
export function table(game: string, ...parts: (Child | Child[])[]): HTMLElement {
  return el("div", { class: `game-table game-${game}`, "data-game": game }, ...parts);
}

/** A few facts in a wrapping row. */
export function facts(...items: (Child | Child[])[]): HTMLElement {
  return el("div", { class: "facts" }, ...items);
}

/** "Ann (0), Bob (1)" as coloured names. */
export function whoList(ctx: Ctx, seats: readonly number[]): Child[] {
  if (seats.length === 0) return ["nobody"];
  return seats.flatMap((s, i) => (i === 0 ? [who(ctx, s)] : [", ", who(ctx, s)]));
}

/** Words for a snake_case value, e.g. "turn_start" -> "turn start". */
export function words(value: string): string {
  return value.replace(/_/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}
