// Hats (shared/rules/hats.md): the tea table's spaces, the deck and discard pile, each seat's hand,
// collection and black hats, and the viewer's own cards.
import type { HatsView } from "../../src/index.js";
import { card, handBacks, cardRow, legend, pile } from "../cards.js";
import { el } from "../dom.js";
import { badge, facts, line, seatBox, seats, stat, table, who, whoList, words, zone, type Ctx } from "./common.js";

const PHASES: Record<string, string> = {
  main: "main action (exchange or black hat)", after: "after the main action (optional action or end)",
  partner: "the partner returns a card", finished: "the game is over",
};

export function drawHats(v: HatsView, ctx: Ctx): HTMLElement {
  const faceDown = new Set(v.faceDownSpaces);
  const spaces = v.table.map((id, i) => {
    const space = i + 1;
    return el("div", { class: `space${faceDown.has(space) ? " face-down" : ""}`, "data-space": String(space) },
      el("span", { class: "space-label" }, `space ${space}`), card("hats", id, faceDown.has(space) ? "dim" : ""),
      el("small", { class: "muted" }, faceDown.has(space) ? "face down: 0" : `${space} pts`));
  });
  const finalScore = new Map(v.scores.map((s) => [s.seat ?? 0, s]));
  const team = (seat: number) => v.teams.findIndex((t) => t.seats.includes(seat));
  const boxes = v.seats.map((s) => {
    const seat = s.seat ?? 0;
    const t = team(seat);
    const score = finalScore.get(seat);
    return seatBox(ctx, seat, [
      v.toAct.includes(seat) && badge("to act", "act"),
      v.cookieHolder === seat && badge("cookie +5", "gold", "The chocolate chip cookie: 5 points at the end (§7.1)"),
      t >= 0 && badge(`team ${"AB"[t] ?? t + 1}`),
      v.winners.includes(seat) && badge("winner", "win"),
    ],
    line("hand", handBacks(s.handCount)),
    line("collection", cardRow("hats", s.collection)),
    line("black hats", s.blackHatCount
      ? el("span", { class: "card back mini dark", title: "Black hats: face down, 1 point each; they break ties" },
        el("b", {}, `${s.blackHatCount} face down`))
      : el("span", { class: "muted" }, "none")),
    s.favourite ? line("favourite", card("hats", s.favourite)) : null,
    score ? line("final", `${score.total} points (collection ${score.collection}, favourite ${score.favourite}, cookie ${score.cookie}; black hats ${score.blackHats})`) : null,
    facts(stat("played", s.played)));
  });
  const mine = v.hand.length || v.blackHats.length || v.ownDiscards.length || v.knownCards.length || v.offeredCard
    ? zone("Your cards", "mine",
      line("hand", cardRow("hats", v.hand)),
      v.blackHats.length ? line("your black hats", cardRow("hats", v.blackHats)) : null,
      v.ownDiscards.length ? line("you discarded", cardRow("hats", v.ownDiscards)) : null,
      v.offeredCard ? line("offered to your partner", card("hats", v.offeredCard)) : null,
      ...v.knownCards.map((k) => line("you gave", card("hats", k.card), " to ", who(ctx, k.seat))))
    : null;
  // The legend says, per type, what a collection card of that type scores now (the space showing it).
  const worth = (letter: string) => {
    const space = v.table.findIndex((id, i) => id.startsWith(letter) && !faceDown.has(i + 1));
    return space >= 0 ? `Now: space ${space + 1}.` : "Now: not on the tea table (0).";
  };
  return table("hats",
    zone("Tea table", "tea", el("div", { class: "spaces" }, ...spaces)),
    facts(
      pile("deck", v.deckCount), pile("discard pile", v.discardCount),
      v.removedTypes.length ? stat("removed types", v.removedTypes.join(", ")) : null,
      stat("phase", words(PHASES[v.phase] ?? v.phase)),
      v.activeSeat !== undefined ? stat("active", who(ctx, v.activeSeat)) : null,
      v.phase !== "finished" && v.phase !== "partner" ? stat("optional action", v.optionalUsed ? "used" : "open") : null,
      v.winners.length ? stat("winners", whoList(ctx, v.winners)) : null),
    seats(...boxes),
    mine,
    legend("hats", v, (k) => {
      const letter = /\^(\w)/.exec(k.test.source)?.[1] ?? "";
      return letter ? worth(letter) : "";
    }));
}
