// Rune Market (shared/rules/rune_market.md): the market's runes, outposts and collectors, the piles,
// the duel and steal state, and each seat's loose runes and two stores (§3).
import type { RuneMarketStore, RuneMarketView } from "../../src/index.js";
import { card, handBacks, cardRow, legend, pile } from "../cards.js";
import { el } from "../dom.js";
import { actBadges, badge, facts, line, seatBox, seats, stat, table, who, whoList, words, zone, type Ctx } from "./common.js";

const PHASES: Record<string, string> = {
  interest: "take interest or not", market: "market: buy with runes", hand: "play hand cards",
  defend: "the defender answers a duel", steal: "steal", finished: "the game is over",
};

/** A pile of runes (or another market piece) as a token with its count. */
function token(kind: "red" | "blue" | "outpost" | "collector", count: number, label = ""): HTMLElement {
  const text = label || { red: "red runes", blue: "blue runes", outpost: "outposts", collector: "collectors" }[kind];
  return el("span", { class: `token t-${kind}`, title: `${count} ${text}` }, el("b", {}, String(count)), el("small", {}, text));
}

function store(s: RuneMarketStore, ctx: Ctx): HTMLElement {
  const colour = s.colour === "blue" ? "blue" : "red";
  const real = !!s.main || s.outpost;
  return el("div", { class: `store s-${colour}${real ? "" : " empty"}`, "data-store": colour },
    el("span", { class: "store-name" }, `${colour} store`),
    s.main ? card("rune_market", s.main, "mini") : null,
    s.outpost ? badge(s.main ? "outpost (attached)" : "outpost", "", "An outpost: 2 points for its owner") : null,
    s.runes || real ? token(colour, s.runes, "inside") : null,
    s.collector !== undefined ? el("span", { class: "badge warn" }, "collector of ", who(ctx, s.collector)) : null,
    s.ruin ? badge("ruin", "warn", "A collector on runes without a storage card") : null,
    !real && !s.ruin && s.collector === undefined ? el("small", { class: "muted" }, "none") : null);
}

export function drawRuneMarket(v: RuneMarketView, ctx: Ctx): HTMLElement {
  const market = v.market;
  const boxes = v.seats.map((s) => {
    const seat = s.seat ?? 0;
    const final = v.scores.find((f) => f.seat === seat);
    return seatBox(ctx, seat, [
      ...actBadges(v.toAct, v.activeSeat, seat),
      v.defender === seat && badge("defending", "warn"),
      v.stealFrom === seat && badge("may be robbed", "warn"),
      v.dueled.includes(seat) && badge("dueled this turn"),
      v.winners.includes(seat) && badge("winner", "win"),
    ],
    line("hand", handBacks(s.handCount),
      s.knownCards.length ? [" you know: ", cardRow("rune_market", s.knownCards)] : null),
    line("loose runes", el("span", { class: "tokens" }, token("red", s.looseRed), token("blue", s.looseBlue))),
    el("div", { class: "stores" }, ...s.stores.map((st) => store(st, ctx))),
    facts(stat("rune points", s.points),
      final ? stat("final", `${final.total} (runes ${final.runes}, outposts ${final.outposts}, collectors ${final.collectors})`) : null));
  });
  return table("rune_market",
    zone("Market", "market",
      el("div", { class: "tokens" }, token("red", market?.red ?? 0), token("blue", market?.blue ?? 0),
        token("outpost", market?.outposts ?? 0), token("collector", market?.collectors ?? 0)),
      facts(stat("price", `${v.price} runes of one colour`, "An outpost or a collector paid in runes (§2.2)"),
        stat("round", v.round), stat("phase", PHASES[v.phase] ?? words(v.phase)),
        v.activeSeat !== undefined ? stat("turn", who(ctx, v.activeSeat)) : null,
        v.handPlayed ? badge("hand card played") : null, v.bought ? badge("rune purchase made") : null)),
    facts(pile("deck", v.deckCount), pile("discard pile", v.discard.length, v.discard.at(-1), "rune_market")),
    v.defender !== undefined ? zone("Duel", "duel", line("", who(ctx, v.activeSeat), " attacks ", who(ctx, v.defender),
      " with ", v.attack ? card("rune_market", v.attack, "mini") : "a card")) : null,
    v.phase === "steal" ? zone("Steal", "steal", line("", `${v.steals} steal${v.steals === 1 ? "" : "s"} left`,
      v.stealFrom !== undefined ? [", only from ", who(ctx, v.stealFrom)] : null)) : null,
    seats(...boxes),
    v.hand.length ? zone("Your hand", "mine", cardRow("rune_market", v.hand)) : null,
    v.winners.length ? facts(stat("winners", whoList(ctx, v.winners)), v.tiebreak ? stat("decided by", words(v.tiebreak)) : null) : null,
    legend("rune_market", v));
}
