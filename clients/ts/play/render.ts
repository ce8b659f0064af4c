// What the table shows: a seat's (or the spectator's) view drawn as the game's table, the score
// sheet and the final result. A game this page has no drawing for is shown field by field, in words.
import { type Score, type View } from "../src/index.js";
import { seatColour } from "./board.js";
import { el } from "./dom.js";
import { drawAlaska } from "./games/alaska.js";
import { seatName, words, type Ctx } from "./games/common.js";
import { drawHats } from "./games/hats.js";
import { drawRuneMarket } from "./games/rune_market.js";
import { drawCambio, drawKodiak } from "./games/runes.js";
import { drawWhiteHat } from "./games/white_hat.js";

export { seatName };

/** Any value as nested definition lists (a game without a drawing of its own). */
function tree(value: unknown): HTMLElement {
  if (value === null || typeof value !== "object") return el("span", {}, String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, "none");
    return el("ol", {}, ...value.map((v) => el("li", {}, tree(v))));
  }
  const dl = el("dl", {});
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!k.startsWith("$")) dl.append(el("dt", {}, words(k)), el("dd", {}, tree(v)));
  }
  return dl;
}

/** A seat's view as its game's table. */
export function renderView(view: View, ctx: Ctx): HTMLElement {
  const g = view.game;
  switch (g.case) {
    case "hats": return drawHats(g.value, ctx);
    case "cambio": return drawCambio(g.value, ctx);
    case "kodiak": return drawKodiak(g.value, ctx);
    case "alaska": return drawAlaska(g.value, ctx);
    case "runeMarket": return drawRuneMarket(g.value, ctx);
    case "whiteHat": case "blackHat": return drawWhiteHat(g.value, ctx);
    case "generic": {
      let parsed: unknown;
      try { parsed = JSON.parse(g.value.json || "{}"); } catch { parsed = g.value.json; }
      return el("div", { class: "game-table generic" }, tree(parsed));
    }
    default: return el("p", { class: "muted" }, "This page cannot draw this game.");
  }
}

/** The score sheet: one row per seat, a column per breakdown category (scrolls inside its panel). */
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
  return el("div", {}, el("div", { class: "scroll-x" }, el("table", { class: "score", "data-finished": String(score.finished) },
    el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...rows))), teams);
}

/** The final result in words: who won, and the rule that broke a tie. */
export function resultText(score: Score, names: string[]): string {
  const who = score.winners.map((s) => seatName(names, s)).join(", ");
  const verb = score.winners.length > 1 ? "Winners" : "Winner";
  return `Game over after ${score.moveCount} moves. ${verb}: ${who || "nobody"}` +
    (score.tiebreak ? ` (decided by: ${score.tiebreak})` : "");
}
