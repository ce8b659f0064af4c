// White Hat / Black Hat (shared/rules/white_hat.md): the board (board.ts), the trick, the hands, the
// piles, the pending special and the tracer; solo games also the row and the colour scores (§7.7).
import type { WhiteHatView } from "../../src/index.js";
import { drawBoard } from "../board.js";
import { card, handBacks, cardRow, legend, pile } from "../cards.js";
import { el } from "../dom.js";
import { badge, facts, line, seatBox, seats, stat, table, who, whoList, words, zone, type Ctx } from "./common.js";

const PHASES: Record<string, string> = {
  trick: "trick: play cards", collect: "the hat-trick winner collects", move: "the trick winner moves a pawn",
  special: "a special space's effect", place: "place the drawn tile", tracer: "move the tracer",
  lead: "lead against the row", finished: "the game is over",
};
const SOLO_COLOURS = ["black (K)", "white (W)", "orange (O)", "blue (B)"];

export function drawWhiteHat(v: WhiteHatView, base: Ctx): HTMLElement {
  const game = base.game;
  const names = [...base.names];
  if (v.robot !== undefined) names[v.robot] = "Robot";
  const ctx: Ctx = { ...base, names };
  const board = drawBoard(v);
  const trick = v.trick;
  const plays = trick ? trick.plays.map((p) => el("div", { class: "play", "data-seat": String(p.seat ?? 0) },
    who(ctx, p.seat), " ", p.passed ? el("span", { class: "muted" }, "passed") : cardRow(game, p.cards))) : [];
  const boxes = v.handCounts.map((count, seat) => seatBox(ctx, seat, [
    v.toAct === seat && badge("to act", "act"),
    v.dealer === seat && badge("dealer"),
    v.hatSeat === seat && badge("holds the hat", "gold", "The hat card: a wildcard that makes a hat trick"),
    v.robot === seat && badge("robot", "", "The robot's hand is open; a human controls it each trick (§7.6)"),
    v.controller === seat && badge("controls the robot"),
    trick?.winner === seat && badge("won the trick", "win"),
  ],
  line("hand", v.robot === seat && v.robotHand.length ? cardRow(game, v.robotHand)
    : handBacks(count)),
  facts(stat("total", v.totals[seat] ?? 0), v.lastRound.length ? stat("last round", v.lastRound[seat] ?? 0) : null,
    v.statusCards[seat] ? stat("status card", v.statusCards[seat]) : null,
    stat("pawns", v.pawns.filter((p) => p.seat === seat).map((p) => `${p.pawn}${p.jailed ? " (jail)" : p.space !== undefined ? ` on ${p.space}` : ""}`).join(", ") || "none"))));
  const pending = v.pending;
  const solo = v.solo;
  return table(game,
    board ? zone(v.board?.title || "Board", "board-zone", el("div", { class: "board-wrap" }, board)) : null,
    zone("Trick", "trick",
      facts(stat("round", v.round), stat("phase", PHASES[v.phase] ?? words(v.phase)),
        v.countOut ? stat("count-out card", card(game, v.countOut, "mini")) : null,
        v.hatHolder !== undefined ? stat("hat dealt to", who(ctx, v.hatHolder)) : null,
        v.hatInTrick ? badge("the hat is in the trick", "gold") : null),
      trick ? facts(trick.leader !== undefined ? stat("leader", who(ctx, trick.leader)) : null,
        trick.order.length ? stat("order", whoList(ctx, trick.order)) : null,
        trick.leadCount ? stat("lead", `${trick.leadCount} card${trick.leadCount === 1 ? "" : "s"} of value ${trick.leadValue}`) : null,
        trick.hatPlayed ? badge("hat trick", "gold", "The winner collects (§4.6)") : null) : null,
      plays.length ? el("div", { class: "plays" }, ...plays) : el("p", { class: "muted" }, "No card played yet.")),
    pending ? zone("Special space", "special", line("", who(ctx, pending.seat), ` decides: ${words(pending.type)} (pawn ${pending.pawn}`,
      pending.space !== undefined ? ` on space ${pending.space})` : ")")) : null,
    solo ? zone("Solo", "solo",
      line("row", cardRow(game, solo.row), solo.hatAtRow ? [" and ", card(game, "H", "mini")] : null),
      facts(stat("tracer markers", `track ${solo.markers?.index ?? 0}${solo.markers?.m1 !== undefined ? `, m1 on ${solo.markers.m1}` : ""}${solo.markers?.m2 !== undefined ? `, m2 on ${solo.markers.m2}` : ""}`),
        solo.moveColour ? stat("must move", solo.moveColour) : null),
      line("colour totals", SOLO_COLOURS.map((c, i) => `${c} ${solo.colourTotals[i] ?? 0}`).join(", "))) : null,
    facts(pile("deck", v.deckCount), pile("discard pile", v.discard.length, v.discard.at(-1), game),
      v.drawnTile ? stat("drawn tile", v.drawnTile) : null,
      v.tracer?.enabled ? stat("tracer", v.tracer.space !== undefined ? `on space ${v.tracer.space}` : `track step ${v.tracer.index} of ${v.tracer.stepsToBoard}`) : null,
      v.honeypotEntered ? badge("a honeypot was entered", "warn") : null,
      v.reduceLuck && v.reduceLuck !== "off" ? stat("reduce luck", v.reduceLuck) : null),
    seats(...boxes),
    v.hand.length ? zone("Your hand", "mine", cardRow(game, v.hand), v.status ? line("your status card", String(v.status)) : null) : null,
    legend(game, { hand: v.hand, discard: v.discard, robotHand: v.robotHand, trick: v.trick, countOut: v.countOut }));
}
