// The event log in words: a sentence per event kind of each game (the kinds of each game's Event
// message, shared/rules/<game>.md §8/§9), and for any other kind "kind: field value, ..." in words.
// A private field (the cards only some seats may see) is blanked when the viewer is not among them.
import type { Event } from "../src/index.js";
import { card } from "./cards.js";
import { el, joined, plural, type Child } from "./dom.js";
import { seatName, who, whoList, words, type Ctx } from "./games/common.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;
type Say = (b: Body, x: Helpers) => Child[];
type Helpers = {
  ctx: Ctx;
  w: (seat: number | undefined) => Child;
  c: (id: string) => Child;
  cs: (ids: readonly string[]) => Child[];
  pos: (position: string) => string;
  perSeat: (values: readonly (number | string)[]) => Child[];
};

/** The private fields of each game's events (the proto's "Private:" fields), by event member. */
const PRIVATE: Record<string, Record<string, string[]>> = {
  hats: { dealt: ["hand"], blackHat: ["card"], offered: ["card"], discardedDrew: ["discarded", "drawn"],
    partnerExchange: ["offered", "returned"] },
  cambio: { deal: ["cards"], drew: ["card"], replaced: ["card"], looked: ["card"] },
  kodiak: { deal: ["card"], drew: ["card"], lookedOwn: ["card"] },
  alaska: { dealt: ["cards"], refilled: ["cards"] },
  runeMarket: { dealt: ["cards"], stolen: ["card"], refilled: ["cards"] },
  whiteHat: { soloRound: ["hand"], statusCard: ["status"], dealt: ["hand"], played: ["hand"], collected: ["hand"],
    drew: ["card", "hand"] },
};
PRIVATE.blackHat = PRIVATE.whiteHat;

const a = (n: number | undefined) => n ?? 0;

const HATS: Record<string, Say> = {
  setup: (b, x) => ["The tea table is laid out: ", ...x.cs(b.table), `; ${plural(b.handCounts[0] ?? 0, "card")} each, `,
    `${plural(b.deckCount, "card")} in the deck`, b.removedTypes.length ? `; types ${b.removedTypes.join(" and ")} are out of the game` : ""],
  dealt: (b, x) => [x.w(b.seat), " is dealt a hand", b.hand.length ? [": ", ...x.cs(b.hand)] : ""].flat(),
  exchanged: (b, x) => [x.w(b.seat), " puts ", x.c(b.card), ` on space ${b.space} and takes `, x.c(b.taken)],
  blackHat: (b, x) => [x.w(b.seat), " plays a black hat", b.card ? [" (", x.c(b.card), ")"] : ""].flat(),
  offered: (b, x) => [x.w(b.seat), " offers their partner a card", b.card ? [" (", x.c(b.card), ")"] : ""].flat(),
  discardedDrew: (b, x) => [x.w(b.seat), " discards ", b.discarded ? x.c(b.discarded) : "a card", " and draws ",
    b.drawn ? x.c(b.drawn) : "a card"],
  reshuffled: (b) => [`The discard pile is shuffled into a new deck of ${plural(b.deckCount, "card")}`],
  partnerExchange: (b, x) => [x.w(b.partner), " returns ", b.returned ? x.c(b.returned) : "a card", " to ", x.w(b.seat),
    " for ", b.offered ? x.c(b.offered) : "the offered card"],
  cookieMoved: (b, x) => ["The cookie goes ", b.from !== undefined ? ["from ", x.w(b.from), " "] : "", "to ", x.w(b.to)].flat(),
  gameEnd: (b, x) => ["Game over. Favourite hats: ",
    ...joined((b.favourites as string[]).map((f, seat) => el("span", {}, x.w(seat), " ", f ? x.c(f) : "none")), ", "),
    b.faceDownSpaces.length ? `; space ${b.faceDownSpaces.join(", ")} turned face down` : "",
    "; winners: ", ...whoList(x.ctx, b.winners)],
};

const CAMBIO: Record<string, Say> = {
  deal: (b, x) => [`Round ${b.round}: `, x.w(b.seat), ` is dealt ${plural(b.slots.length, "card")}`,
    ...Object.entries(b.cards as Record<string, string>).flatMap(([p, id], i) => [i === 0 ? " and sees " : ", ", `${x.pos(p)} `, x.c(id)])],
  drew: (b, x) => [x.w(b.seat), " draws ", b.card ? x.c(b.card) : "a card", ` from the ${b.source === "deck" ? "deck" : "discard pile"}`],
  reshuffled: (b) => [`The discard pile becomes a new deck of ${plural(b.deckCount, "card")}`],
  discarded: (b, x) => [x.w(b.seat), " discards ", x.c(b.card)],
  replaced: (b, x) => [x.w(b.seat), " puts ", b.card ? x.c(b.card) : "the drawn card", ` into #${a(b.slot)} and discards `, x.c(b.out)],
  looked: (b, x) => [x.w(b.seat), ` looks at ${x.pos(b.position)}`, b.card ? [": ", x.c(b.card)] : ""].flat(),
  swapped: (b, x) => [x.w(b.seat), ` swaps ${b.positions.map(x.pos).join(" and ")}`],
  picked: (b, x) => [x.w(b.seat), ` picks ${x.pos(b.position)} to be shown`],
  shown: (b, x) => ["Shown to everyone: ", ...joined((b.cards as Body[]).map((k) => el("span", {}, `${x.pos(k.position)} `, x.c(k.card))), ", ")],
  snapOk: (b, x) => [x.w(b.seat), ` snaps ${x.pos(b.position)}: `, x.c(b.card), ", correct"],
  snapWrong: (b, x) => [x.w(b.seat), ` snaps ${x.pos(b.position)}: `, x.c(b.card), ", wrong: it goes back"],
  penalty: (b, x) => [x.w(b.seat), ` gets a penalty card in #${a(b.slot)}`],
  gave: (b, x) => [x.w(b.seat), ` gives their #${a(b.fromSlot)} to ${x.pos(b.to)}`],
  nogive: (b, x) => [x.w(b.seat), " gives nothing"],
  passed: (b, x) => [x.w(b.seat), b.automatic ? " passes (nothing to snap)" : " passes"],
  cambioCalled: (b, x) => [x.w(b.seat), " calls Cambio"],
  windowOpened: (b) => [`A snap window opens: snap a ${words(b.rune)}`],
  windowClosed: (b) => [`The snap window closes with ${plural(b.successes, "correct snap")}`, b.frozen ? "; the discard pile is frozen" : ""],
  actionLapsed: (b, x) => [x.w(b.seat), `'s action (${words(b.action)}) has no target and lapses`],
  roundEnd: (b, x) => [`Round ${b.round} ends (${words(b.reason)})`,
    b.caller !== undefined ? ["; ", x.w(b.caller), b.callerSuccess ? " called Cambio with success" : " called Cambio and failed"] : "",
    ". Round scores: ", ...x.perSeat(b.roundScores), ". Totals: ", ...x.perSeat(b.totals)].flat(),
  gameEnd: (b, x) => [`Game over (${words(b.reason)}). Totals: `, ...x.perSeat(b.totals), ". Winners: ", ...whoList(x.ctx, b.winners)],
};

const KODIAK: Record<string, Say> = {
  deal: (b, x) => [`Round ${b.round}: `, x.w(b.seat), ` is dealt ${plural(b.cardCounts[a(b.seat)] ?? 3, "card")}`,
    b.kodiak === b.seat ? " as Kodiak" : " as a mouse", b.card ? [", top card ", x.c(b.card)] : ""].flat(),
  drew: (b, x) => [x.w(b.seat), " draws ", b.card ? x.c(b.card) : "a card"],
  exchanged: (b, x) => [x.w(b.seat), ` exchanges #${a(b.slot)}: `, x.c(b.card), b.beside ? " goes beside the table" : " goes onto the pile"],
  action: (b, x) => [x.w(b.seat), " acts with ", x.c(b.card), `: ${words(b.action)}`],
  lookedOwn: (b, x) => [x.w(b.seat), ` looks at their #${a(b.slot)}`, b.card ? [": ", x.c(b.card)] : ""].flat(),
  turnedUp: (b, x) => [x.w(b.seat), ` turns ${x.pos(b.position)} face up: `, x.c(b.card)],
  swapAsked: (b, x) => [x.w(b.seat), ` swaps ${x.pos(b.position)} with a card Kodiak picks`],
  swapped: (b, x) => [x.w(b.seat), ` swaps ${b.positions.map(x.pos).join(" and ")}`],
  actionLapsed: (b, x) => [x.w(b.seat), "'s ", x.c(b.card), ` (${words(b.action)}) has no target and lapses`],
  windowOpened: (b) => [b.rune ? `The hunt window opens: throw a ${words(b.rune)}` : "The hunt window opens for Kodiak alone (a hairball)"],
  thrown: (b, x) => [x.w(b.seat), ` throws #${a(b.slot)}: `, x.c(b.card), b.correct ? ", correct" : ", wrong: it comes back"],
  penalty: (b, x) => [x.w(b.seat), ` gets a penalty card in #${a(b.slot)}`],
  pounce: (b, x) => [x.w(b.seat), ` pounces with paw #${a(b.pawSlot)} `, x.c(b.paw), ` on ${x.pos(b.target)} `, x.c(b.card),
    b.success ? ": caught" : ": missed"],
  replacement: (b, x) => [x.w(b.seat), ` gets unseen cards in ${b.slots.map((s: number) => `#${s}`).join(", ")}`],
  counter: (b, x) => [x.w(b.seat), ` counters with paw #${a(b.pawSlot)} `, x.c(b.paw),
    b.success ? `: it works, ${plural(b.cardsDrawn, "card")} back to the mouse` : ": it fails"],
  passed: (b, x) => [x.w(b.seat), " passes"],
  escapeDone: (b, x) => [x.w(b.seat), " stops throwing"],
  windowClosed: () => ["The hunt window closes"],
  roundEnd: (b, x) => [`Round ${b.round} ends (${words(b.reason)}); Kodiak `, x.w(b.kodiak), ` caught ${b.catches}. Round scores: `,
    ...x.perSeat(b.roundScores), ". Totals: ", ...x.perSeat(b.totals)],
  gameEnd: (b, x) => ["Game over. Totals: ", ...x.perSeat(b.totals), ". Winners: ", ...whoList(x.ctx, b.winners)],
};

const CAST_OUTCOMES: Record<string, string> = {
  empty_water: "empty water", caught: "catches", tourist: "meets a tourist: the hand is lost",
  local_paid: "meets a local, who takes a salmon", local_stays: "meets a local, who stays",
};

const ALASKA: Record<string, Say> = {
  dealt: (b, x) => [x.w(b.seat), ` is dealt ${plural(b.count, "card")}`, b.cards.length ? [": ", ...x.cs(b.cards)] : ""].flat(),
  fell: (b, x) => ["From ", x.w(b.seat), "'s hand ", ...x.cs([...b.salmon, ...b.currents]),
    b.salmon.length + b.currents.length === 1 ? " falls" : " fall"],
  placed: (b, x) => [x.w(b.seat), " places ", x.c(b.salmon), ` at section ${b.position}`],
  currentStep: (b, x) => [`Current ${b.step}: `,
    ...(b.positions.length ? joined((b.positions as Body[]).map((p) => el("span", {}, x.c(p.salmon), ` to ${p.position}`)), ", ") : ["no salmon moves"]),
    ...(b.catches as Body[]).flatMap((k) => ["; ", x.c(k.angler), " catches ", x.c(k.salmon), ` at section ${k.section}`])],
  cast: (b, x) => [x.w(b.seat), " casts ", ...x.cs(b.cards), ` at section ${b.section}`, b.die ? ` (die ${b.die})` : "",
    `: ${CAST_OUTCOMES[b.outcome] ?? words(b.outcome)}`, b.salmon ? [" ", x.c(b.salmon)] : "",
    b.angler ? [" (", x.c(b.angler), ")"] : "", b.paidSalmon ? [", paid ", x.c(b.paidSalmon)] : ""].flat(),
  anglerPlaced: (b, x) => [x.w(b.seat), " puts ", x.c(b.card), ` on section ${b.section}`],
  anglerChased: (b, x) => [x.w(b.seat), "'s ", x.c(b.card), " chases ", x.c(b.chased), ` off section ${b.section}`],
  eagle: (b, x) => [x.w(b.seat), "'s eagle ", x.c(b.card),
    b.salmon ? [" catches ", x.c(b.salmon)] : b.section ? ` chases the angler off section ${b.section}` : " finds nothing"].flat(),
  bearRoar: (b, x) => [x.w(b.seat), "'s bear ", x.c(b.card), " roars",
    b.anglers.length ? [": ", ...x.cs((b.anglers as Body[]).map((k) => k.card)), " leave the river"] : ""].flat(),
  bearSteal: (b, x) => [x.w(b.seat), "'s bear ", x.c(b.card), " eats ", x.c(b.salmon), " caught by ", x.w(b.catcher)],
  passed: (b, x) => [x.w(b.seat), " passes"],
  emptyTurn: (b, x) => [x.w(b.seat), " has an empty turn"],
  turnEnded: (b, x) => [x.w(b.seat), " ends the turn"],
  bearWindow: (b, x) => ["A bear window opens for ", ...whoList(x.ctx, b.seats),
    b.autoPassed.length ? [" (", ...whoList(x.ctx, b.autoPassed), " without a bear pass)"] : ""].flat(),
  bearWindowClosed: (b) => [`The bear window closes: ${b.why === "bear_steal" ? "a bear ate the salmon" : "everyone passed"}`],
  touristPenalty: (b, x) => [x.w(b.seat), " loses the hand to the tourist: ", ...x.cs(b.lost)],
  refilled: (b, x) => [x.w(b.seat), ` draws ${plural(b.count, "card")}`, b.cards.length ? [": ", ...x.cs(b.cards)] : ""].flat(),
  finalRound: (b, x) => ["The deck is empty: last turns for ", ...whoList(x.ctx, b.order)],
  dice: (b, x) => [x.w(b.seat), ` rolls a ${b.die}`],
  playoff: (b, x) => [`Playoff ${b.playoff} among `, ...whoList(x.ctx, b.seats), b.first !== undefined ? ["; ", x.w(b.first), " starts"] : ""].flat(),
  gameEnd: (b, x) => ["Game over. Salmon: ", ...x.perSeat(b.scores), ". Winners: ", ...whoList(x.ctx, b.winners),
    b.tiebreak ? ` (${words(b.tiebreak)})` : ""],
};

const TOKENS: Record<string, string> = { Lr: "loose red", Lb: "loose blue", Sr: "stored red", Sb: "stored blue" };

const RUNE_MARKET: Record<string, Say> = {
  dealt: (b, x) => [x.w(b.seat), ` is dealt ${plural(b.handCount, "card")}`, b.cards.length ? [": ", ...x.cs(b.cards)] : ""].flat(),
  turn: (b, x) => [x.w(b.seat), "'s turn"],
  plundered: (b, x) => [`A collector takes a ${b.colour} rune from `, x.w(b.seat), " for ", x.w(b.to)],
  storeAbandoned: (b, x) => [x.w(b.seat), ` loses the ${b.colour} store`, b.card ? [" ", x.c(b.card)] : "",
    b.runesLoose ? `; ${plural(b.runesLoose, "rune")} become loose` : "",
    b.collector !== undefined ? ["; the collector of ", x.w(b.collector), " leaves"] : ""].flat(),
  interest: (b, x) => [x.w(b.seat), ` takes interest: ${b.red} red, ${b.blue} blue`],
  noInterest: (b, x) => [x.w(b.seat), " takes no interest"],
  bought: (b, x) => [x.w(b.seat), ` buys ${b.item === "outpost" ? "an outpost" : "a collector"} (${b.placement.replace(/^on (\d+)/,
    (_: string, s: string) => `on ${seatName(x.ctx.names, Number(s))}'s`)})`,
    b.tokens.length ? ` with ${b.tokens.map((t: string) => TOKENS[t] ?? t).join(", ")}` : "",
    b.cards.length ? [" with ", ...x.cs(b.cards)] : ""].flat(),
  collectorPlaced: (b, x) => [x.w(b.seat), "'s collector occupies ", x.w(b.target), `'s ${b.colour} store`,
    b.outpostDestroyed ? "; the outpost there is destroyed" : ""],
  collectorRemoved: (b, x) => ["The collector of ", x.w(b.owner), " leaves ", x.w(b.seat), `'s ${b.colour} store (${words(b.how)})`],
  runeBought: (b, x) => [x.w(b.seat), ` buys a ${b.colour} rune with `, ...x.cs(b.cards)],
  duel: (b, x) => [x.w(b.seat), " duels ", x.w(b.defender), " with ", x.c(b.card)],
  defended: (b, x) => [x.w(b.seat), " defends with ", x.c(b.card)],
  conceded: (b, x) => [x.w(b.seat), " concedes the duel"],
  stolen: (b, x) => [x.w(b.thief), " steals ", b.card ? x.c(b.card) : "a hand card", " from ", x.w(b.victim)],
  storagePlayed: (b, x) => [x.w(b.seat), ` builds a ${b.colour} store with `, x.c(b.card)],
  thief: (b, x) => [x.w(b.seat), " plays the thief ", x.c(b.card), b.victim !== undefined ? [" on ", x.w(b.victim)] : " on nobody"].flat(),
  double: (b, x) => [x.w(b.seat), " discards ", x.c(b.card), " for two steals"],
  noSteal: (b, x) => [x.w(b.seat), " stops stealing"],
  refilled: (b, x) => [x.w(b.seat), ` draws ${plural(b.count, "card")}`, b.cards.length ? [": ", ...x.cs(b.cards)] : ""].flat(),
  reshuffled: (b) => [`The discard pile becomes a new deck of ${plural(b.deckCount, "card")}`],
  stored: (b, x) => [x.w(b.seat), ` stores ${plural(b.count, `${b.colour} rune`)}`],
  gameEnd: (b, x) => [`Game over (${words(b.reason)}). Rune points: `, ...x.perSeat(b.scores), ". Winners: ", ...whoList(x.ctx, b.winners),
    b.tiebreak ? ` (${words(b.tiebreak)})` : ""],
  runeStolen: (b, x) => [x.w(b.thief), ` steals a ${b.colour} rune from `, x.w(b.victim)],
  lotDrawn: (b, x) => ["The lot picks ", x.w(b.seat), " among ", ...whoList(x.ctx, b.tied)],
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const SOLO = ["black", "white", "orange", "blue"];

const WHITE_HAT: Record<string, Say> = {
  gameSetup: (b) => [`${words(b.game)} on the ${words(b.board)} board, ${b.players} seats`,
    b.robot !== undefined ? `; the robot plays seat ${b.robot}` : ""],
  rowPlayed: (b, x) => ["The row answers ", ...x.cs(b.lead), ` (value ${b.value}) with `, ...x.cs(b.row),
    `: the ${b.winner} wins`, b.colour ? ` (the ${b.colour} hat moves)` : ""],
  moveSkipped: (b) => [`No ${b.colour} hat can move`],
  rowRefilled: (b, x) => ["The row is refilled: ", ...x.cs(b.cards)],
  jokerToHand: () => ["A joker goes to the hand"],
  markersMoved: (b) => [`The tracer markers move (track ${b.index})`, b.m1 !== undefined ? `; m1 on ${b.m1}` : "",
    b.m2 !== undefined ? `; m2 on ${b.m2}` : ""],
  hatRemoved: (b) => [`Hat ${b.pawn} is removed`, b.space !== undefined ? ` from space ${b.space}` : ""],
  coloursScored: (b) => [`Round ${b.round} scores `, SOLO.map((c, i) => `${c} ${b.scores[i] ?? 0}`).join(", "),
    "; totals ", SOLO.map((c, i) => `${c} ${b.totals[i] ?? 0}`).join(", ")],
  soloRound: (b, x) => [`Round ${b.round}`, b.hand.length ? [": the hand is ", ...x.cs(b.hand)] : ""].flat(),
  statusCard: (b, x) => [x.w(b.seat), " gets a status card", b.status ? ` (${b.status})` : ""],
  roundStart: (b, x) => [`Round ${b.round}: `, x.w(b.dealer), " deals", b.countOut ? [", count-out card ", x.c(b.countOut)] : "",
    "; the hat goes to ", x.w(b.hatHolder), "; ", x.w(b.leader), " leads",
    b.controller !== undefined ? ["; ", x.w(b.controller), " controls the robot"] : ""].flat(),
  dealt: (b, x) => [x.w(b.seat), " is dealt a hand", b.hand.length ? [": ", ...x.cs(b.hand)] : ""].flat(),
  played: (b, x) => [x.w(b.seat), " plays ", ...x.cs(b.cards)],
  passed: (b, x) => [x.w(b.seat), " passes"],
  trickWon: (b, x) => [x.w(b.seat), b.hatTrick ? " wins the hat trick with " : " wins the trick with ", ...x.cs(b.cards)],
  discarded: (b, x) => ["Discarded: ", ...x.cs(b.cards)],
  collected: (b, x) => [x.w(b.seat), " collects ", ...x.cs(b.taken), b.discarded.length ? ["; discarded ", ...x.cs(b.discarded)] : ""].flat(),
  drew: (b, x) => [x.w(b.seat), " draws ", b.card ? x.c(b.card) : "a card"],
  drawSkipped: (b, x) => [x.w(b.seat), " draws nothing"],
  reshuffled: (b) => [`The discard pile becomes a new deck of ${plural(b.deckCount, "card")}`],
  pawnMoved: (b, x) => [x.w(b.seat), ` moves pawn ${b.pawn} from space ${a(b.from)} to ${a(b.to)}`, b.blocked ? " (blocked there)" : ""],
  honeypotFlag: () => ["A pawn entered a honeypot"],
  specialTriggered: (b, x) => [`Pawn ${b.pawn} on space ${a(b.space)} sets off the ${words(b.type)}: `, x.w(b.seat), " decides"],
  specialSkipped: (b, x) => [x.w(b.seat), ` skips the ${words(b.type)} of pawn ${b.pawn}`],
  triggerDropped: (b) => [`The ${words(b.type)} of pawn ${b.pawn} is dropped`],
  dos: (b) => [`Denial of service: pawn ${b.pawn} goes from space ${a(b.from)} back to ${a(b.to)}`],
  backflip: (b) => [`Backflip: pawn ${b.pawn} goes back from space ${a(b.from)} to ${a(b.to)}`],
  exploit: (b) => [`Exploit marker ${b.marker} shows ${signed(b.sign)} on space ${a(b.space)}`,
    b.previous !== undefined ? ` (moved from ${b.previous})` : ""],
  tileDrawn: (b) => [`Tile ${b.tile} is drawn`],
  tilePlaced: (b) => [`Face ${b.face} goes on slot ${b.slot}`, b.returned !== undefined ? `; tile ${b.returned} goes back` : "",
    b.pawns.length ? `; pawns ${b.pawns.join(", ")} stand on it` : ""],
  roundScored: (b, x) => [`Round ${b.round} scored: `, ...joined((b.seats as Body[]).map((s) => el("span", {}, x.w(s.seat),
    ` ${s.round} (cards ${s.cardPoints}, pawns ${s.pawnPoints}), total ${s.total}`)), "; ")],
  gameEnd: (b, x) => ["Game over. Totals: ", ...x.perSeat(b.totals), ". Winners: ", ...whoList(x.ctx, b.winners),
    b.tiebreak && b.tiebreak !== "none" ? ` (decided by ${words(b.tiebreak)})` : ""],
  tracerMoved: (b) => [b.space !== undefined ? `The tracer moves to space ${b.space}` : `The tracer moves to track step ${b.index}`],
  tracerStuck: (b) => ["The tracer is stuck", b.space !== undefined ? ` on space ${b.space}` : ""],
  captured: (b) => [`The tracer captures pawn ${b.pawn}`, b.space !== undefined ? ` on space ${b.space}` : "", ": it goes to jail"],
};

const SAY: Record<string, Record<string, Say>> = {
  hats: HATS, cambio: CAMBIO, kodiak: KODIAK, alaska: ALASKA, runeMarket: RUNE_MARKET, whiteHat: WHITE_HAT, blackHat: WHITE_HAT,
};

const SEAT_FIELDS = /^(seat|seats|toAct|activeSeat|dealer|leader|winner|winners|hatHolder|caller|order|catcher|defender|victim|thief|owner|target|partner|from|to|controller|claimant|kodiak|tied|first)$/;

/** Any value in words, never as JSON: lists joined, messages as "field value" pairs, seats by name. */
function inWords(key: string, value: unknown, x: Helpers): Child[] {
  if (value === undefined || value === null || value === "") return [];
  if (typeof value === "number" && SEAT_FIELDS.test(key)) return [x.w(value)];
  if (Array.isArray(value)) {
    if (value.length === 0) return ["none"];
    return value.flatMap((v, i) => (i === 0 ? inWords(key, v, x) : [", ", ...inWords(key, v, x)]));
  }
  if (typeof value === "object") {
    const parts = Object.entries(value as Body).filter(([k]) => !k.startsWith("$"))
      .map(([k, v]) => [words(k), " ", ...inWords(k, v, x)] as Child[]).filter((p) => p.length > 2);
    return parts.flatMap((p, i) => (i === 0 ? p : ["; ", ...p]));
  }
  if (typeof value === "boolean") return [value ? "yes" : "no"];
  return [String(value).replace(/[{}[\]]/g, " ")];
}

function fallback(kind: string, body: Body, x: Helpers): Child[] {
  const parts = Object.entries(body).filter(([k]) => !k.startsWith("$"))
    .map(([k, v]) => [words(k), " ", ...inWords(k, v, x)] as Child[]).filter((p) => p.length > 2);
  return [words(kind), ...(parts.length ? [": ", ...parts.flatMap((p, i) => (i === 0 ? p : [", ", ...p]))] : [])];
}

function parsed(text: string): Body {
  try {
    const value: unknown = JSON.parse(text || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value as Body : { value };
  } catch {
    return { text };
  }
}

/** One event as a sentence, its private fields blanked unless the viewer may see them. */
export function renderEvent(event: Event, ctx: Ctx): HTMLElement {
  const mayRead = event.privateTo.length === 0 || (ctx.viewer !== null && event.privateTo.includes(ctx.viewer));
  const x: Helpers = {
    ctx,
    w: (seat) => who(ctx, seat),
    c: (id) => (id ? card(ctx.game, id, "mini") : "a card"),
    cs: (ids) => joined(ids.map((id) => card(ctx.game, id, "mini")), ", "),
    pos: (p) => {
      const [seat, slot] = String(p).split(".");
      return slot === "?" ? `${seatName(ctx.names, Number(seat))}'s card of Kodiak's choice` : `${seatName(ctx.names, Number(seat))} #${slot}`;
    },
    perSeat: (values) => joined(values.map((v, seat) => el("span", {}, who(ctx, seat), ` ${v}`)), ", "),
  };
  let sentence: Child[];
  const game = event.game;
  if (game.case === "generic") {
    sentence = fallback(event.kind, mayRead ? { ...parsed(game.value.public), ...parsed(game.value.private) } : parsed(game.value.public), x);
  } else if (game.case && game.value.event.case) {
    const member = game.value.event.case;
    const body: Body = { ...(game.value.event.value as Body) };
    if (!mayRead) for (const field of PRIVATE[game.case]?.[member] ?? []) body[field] = Array.isArray(body[field]) ? [] : typeof body[field] === "object" ? {} : "";
    const say = SAY[game.case]?.[member];
    try {
      sentence = say ? say(body, x) : fallback(event.kind, body, x);
    } catch {
      sentence = fallback(event.kind, body, x);  // a field this page does not know yet: still words
    }
  } else {
    sentence = [words(event.kind)];
  }
  return el("li", { class: "event", "data-kind": event.kind }, ...sentence);
}
