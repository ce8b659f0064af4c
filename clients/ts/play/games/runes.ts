// Cambio and Kodiak (shared/rules/cambio.md, kodiak.md): every seat's face-down cards by slot (a card
// shows its face where the viewer may know it, with dots for the seats that know it), the deck, the
// discard pile, the held card, the pending action and the snap / hunt window.
import type { CambioSlot, CambioView, KodiakSlot, KodiakView } from "../../src/index.js";
import { seatColour } from "../board.js";
import { card, cardOrBack, cardRow, legend, pile } from "../cards.js";
import { el, type Child } from "../dom.js";
import { actBadges, badge, facts, line, seatBox, seats, stat, table, who, whoList, words, zone, type Ctx } from "./common.js";

const ACTIONS: Record<string, string> = {
  look_own: "look at an own card", look_other: "look at another's card", swap: "swap two cards",
  two_actions: "two actions (red king)", show: "show one card of every other player (blue king)",
  reveal: "turn a card face up (blue king)",
};

function slotCard(game: string, s: CambioSlot | KodiakSlot, seats: number): HTMLElement {
  const faceUp = "faceUp" in s && s.faceUp;
  const known = s.knownBy.length === seats ? "everyone" : s.knownBy.map((k) => String(k)).join(", ");
  const dots = el("span", { class: "known", title: s.knownBy.length ? `known by ${known}` : "nobody knows it" },
    ...s.knownBy.map((k) => el("span", { class: "dot", style: `background:${seatColour(k)}` })));
  return el("span", { class: "slot", "data-position": s.position },
    cardOrBack(game, s.card, "", faceUp ? "up" : ""), el("small", { class: "slot-name" }, `#${s.slot ?? 0}`), dots);
}

type RuneSeat = { seat?: number; slots: (CambioSlot | KodiakSlot)[]; cardCount: number; total: number; roundScores: number[] };

/** A seat's cards by slot, then its counts and scores. */
function runeSeat(ctx: Ctx, s: RuneSeat, players: number, badges: (HTMLElement | false)[], ...more: (Child | Child[])[]): HTMLElement {
  return seatBox(ctx, s.seat ?? 0, badges,
    el("div", { class: "slots" }, ...s.slots.map((slot) => slotCard(ctx.game, slot, players))),
    ...more.slice(1),
    facts(stat("cards", s.cardCount), stat("total", s.total),
      s.roundScores.length ? stat("rounds", s.roundScores.join(", ")) : null, more[0]));
}

/** The deck, the discard pile (its top card up) and the card in the active seat's hand. */
function piles(ctx: Ctx, deck: number, discard: string[], held: HTMLElement | null): HTMLElement {
  return el("div", { class: "piles" }, pile("deck", deck), pile("discard pile", discard.length, discard.at(-1), ctx.game), held);
}

export function drawCambio(v: CambioView, ctx: Ctx): HTMLElement {
  const boxes = v.seats.map((s) => {
    const seat = s.seat ?? 0;
    const final = v.scores.find((f) => f.seat === seat);
    return runeSeat(ctx, s, v.players, [
      ...actBadges(v.toAct, v.activeSeat, seat),
      v.dealer === seat && badge("dealer"),
      v.caller === seat && badge("called Cambio", "gold", "Its cards are frozen until the round ends (§8.1)"),
    ], final ? stat("last round", `${final.roundPoints} points, scored ${final.roundScore}`) : null);
  });
  const held = v.held;
  const win = v.window;
  return table("cambio",
    zone("Middle", "middle",
      piles(ctx, v.deckCount, v.discard, held ? el("span", { class: "pile held" }, cardOrBack("cambio", held.card, "held"),
        el("span", { class: "pile-label" }, "held by ", who(ctx, held.seat), ` (from the ${held.source})`)) : null),
      facts(stat("round", v.round), stat("phase", words(v.phase)),
        v.activeSeat !== undefined ? stat("turn", who(ctx, v.activeSeat)) : null,
        v.caller !== undefined ? stat("Cambio called by", who(ctx, v.caller)) : null,
        v.frozen ? badge("discard pile frozen", "warn", "A snap succeeded last turn: nobody may draw from the pile") : null,
        stat("turns", `${v.turns} of at most ${v.maxTurns}`)),
      v.action ? line("action", card("cambio", v.action.card, "mini"), ` ${ACTIONS[v.action.action] ?? words(v.action.action)}`,
        `, ${v.action.stepsLeft} step${v.action.stepsLeft === 1 ? "" : "s"} left`,
        v.action.picked.length ? `, picked ${v.action.picked.join(", ")}` : "") : null,
      win ? line("snap window", `throw a ${words(win.rune)}`,
        win.claimant !== undefined ? [", claimed by ", who(ctx, win.claimant)] : null,
        win.pendingGive ? `, a give to ${win.pendingGive} is pending` : null,
        win.passed.length ? [", passed: ", ...whoList(ctx, win.passed)] : null,
        `, ${win.successes} correct snap${win.successes === 1 ? "" : "s"}`) : null),
    seats(...boxes),
    v.discard.length > 1 ? zone("Discard pile, newest last", "discards", cardRow("cambio", v.discard.slice(-12))) : null,
    legend("cambio", v));
}

export function drawKodiak(v: KodiakView, ctx: Ctx): HTMLElement {
  const boxes = v.seats.map((s) => {
    const seat = s.seat ?? 0;
    const final = v.scores.find((f) => f.seat === seat);
    return runeSeat(ctx, s, v.players, [
      ...actBadges(v.toAct, v.activeSeat, seat),
      badge(s.role === "kodiak" ? "Kodiak" : "mouse", s.role === "kodiak" ? "bear" : ""),
      v.winners.includes(seat) && badge("winner", "win"),
    ], final ? stat("last round", final.roundScore) : null,
    s.beside.length ? line("hairballs beside (+5 each)", cardRow("kodiak", s.beside)) : null);
  });
  const held = v.held;
  const win = v.window;
  const winPhase: Record<string, string> = { open: "open", escaping: "a mouse is escaping", counter: "Kodiak may counter" };
  return table("kodiak",
    zone("Middle", "middle",
      piles(ctx, v.deckCount, v.discard, held ? el("span", { class: "pile held" }, cardOrBack("kodiak", held.card, "drawn"),
        el("span", { class: "pile-label" }, "drawn by ", who(ctx, held.seat))) : null),
      facts(stat("round", `${v.round} of ${v.rounds}`), stat("phase", words(v.phase)),
        v.kodiak !== undefined ? stat("Kodiak", who(ctx, v.kodiak)) : null,
        v.activeSeat !== undefined ? stat("turn", who(ctx, v.activeSeat)) : null,
        stat("catches this round", v.catches)),
      v.action ? line("action", card("kodiak", v.action.card, "mini"), ` ${ACTIONS[v.action.action] ?? words(v.action.action)}`,
        `, ${v.action.stepsLeft} step${v.action.stepsLeft === 1 ? "" : "s"} left`,
        v.action.stepsDone.length ? ` (done: ${v.action.stepsDone.join(", ")})` : "") : null,
      v.pendingPick ? line("swap", `a mouse swaps ${v.pendingPick} with a card Kodiak picks`) : null,
      win ? line("hunt window", win.rune ? `throw a ${words(win.rune)}` : "a hairball went beside the table",
        `, ${winPhase[win.phase] ?? words(win.phase)}`,
        win.escapee !== undefined ? [", escaping: ", who(ctx, win.escapee), `, ${win.thrown} thrown`] : null,
        win.passed.length ? [", passed: ", ...whoList(ctx, win.passed)] : null) : null),
    seats(...boxes),
    v.discard.length > 1 ? zone("Discard pile, newest last", "discards", cardRow("kodiak", v.discard.slice(-12))) : null,
    legend("kodiak", v));
}
