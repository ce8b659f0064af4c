// Cards as the table draws them, and each game's card legend. The views carry card ids only; what a
// card is and does comes from the games' rules specs (shared/rules/<game>.md §1/§2, the decks in
// engines/<game>/data): one row per card kind here, matched by the id's pattern.
import { el, type Child } from "./dom.js";

/** One kind of card: the ids it covers, how a card of it is drawn, and what it means. */
export type CardKind = {
  test: RegExp;
  name: string;         // plain words, e.g. "Salmon"
  meaning: string;      // the spec's rule for it, one or two sentences
  colour: string;       // the card's background
  big: (id: string) => string;      // the large label (a number, or a short word)
  caption: (id: string) => string;  // the small line under it (the id, or the points)
};

const same = (text: string) => () => text;
const points = (n: number) => `${n} pt${Math.abs(n) === 1 ? "" : "s"}`;
const idItself = (id: string) => id;
const numberIn = (id: string) => /\d+/.exec(id)?.[0] ?? id;

// Hats §2.1: 7 types x numbers 1-6; a collection card scores the space number of its type on the tea table.
const HAT_TYPES: [string, string, string][] = [
  ["R", "Red", "#f3a6a6"], ["O", "Orange", "#f7c58f"], ["Y", "Yellow", "#f3e27e"], ["G", "Green", "#a8dca8"],
  ["B", "Blue", "#a9c4f0"], ["P", "Purple", "#d2b0ec"], ["W", "White", "#ffffff"],
];
const HATS: CardKind[] = HAT_TYPES.map(([letter, name, colour]) => ({
  test: new RegExp(`^${letter}[1-6]$`), name: `${name} hat (${letter}1-${letter}6)`, colour,
  meaning: `In a collection it scores the number of the tea-table space showing a ${name.toLowerCase()} hat ` +
    "(0 if none); as the favourite hat (the last hand card) the collection's same-type numbers minus its own.",
  big: numberIn, caption: idItself,
}));

// Cambio §1 and Kodiak §1: runes decide "identical"; points count at the round's end (lower is better).
function runeDeck(kodiak: boolean): CardKind[] {
  const numbers: CardKind = {
    test: /^N\d-\d+$/, name: "Number card (N<number>-<copy>)", colour: "#f4f1e8",
    meaning: "Worth its number in points at the round's end; identical to the cards of the same number.",
    big: (id) => id.slice(1, id.indexOf("-")), caption: (id) => points(Number(id.slice(1, id.indexOf("-")))),
  };
  const action = (prefix: string, name: string, meaning: string, colour: string, value = 10, big = prefix): CardKind => ({
    test: new RegExp(`^${prefix}-\\d$`), name: `${name} (${prefix})`, meaning, colour,
    big: same(big), caption: same(points(value)),
  });
  const how = kodiak ? "when exchanged out of your table in your turn" : "when drawn from the deck and discarded at once";
  const deck = [
    numbers,
    action("EYE", "Look at own card", `Look at one of your own cards, ${how}. 10 points.`, "#d9ecf7"),
    action("LENS", "Look at another's card", kodiak
      ? `Turn one mouse card face up for everyone, ${how}. 10 points.`
      : `Look at one card of another player, ${how}. 10 points.`, "#dcefdc"),
    action("SWAP", "Swap", `Swap two table cards of two different seats, ${how}. 10 points.`, "#f7e3cc"),
    action("BOLT", "Energy", "No action. 10 points.", "#eee6f7"),
    action("RK", "Red king", kodiak
      ? `Two different actions (look own, look other, swap), ${how}. -2 points.`
      : `Two actions (look own, look other or swap, any mix), ${how}. -2 points.`, "#f6b3b3", -2, "KING"),
    action("BK", "Blue king", kodiak
      ? `Turn one card of another seat face up for everyone, ${how}. 13 points.`
      : `Pick one card of every other player and show them to everyone, ${how}. 13 points.`, "#b3c8f6", 13, "KING"),
  ];
  if (kodiak) {
    deck.push({
      test: /^BALL-\d$/, name: "Hairball (BALL)", colour: "#d8c3a5", big: same("BALL"), caption: same("10 pts"),
      meaning: "Kodiak's joker in the hunt; 10 points among the table cards, 5 once laid beside them (it is " +
        "never discarded: exchanged out, it goes beside the table).",
    });
  }
  return deck;
}

// Alaska §1: salmon are caught (1 point each); the rest moves the river.
const ALASKA: CardKind[] = [
  { test: /^S\d\d$/, name: "Salmon (S01-S16)", colour: "#f7c4b0", big: same("salmon"), caption: idItself,
    meaning: "Falls from the hand into the river (placed by the right neighbour), covering two sections; 1 point when caught." },
  { test: /^W\d\d$/, name: "Current (W01-W12)", colour: "#c9e3f5", big: same("current"), caption: idItself,
    meaning: "Falls from the hand: each current moves every salmon one section upstream; anglers catch salmon that reach them." },
  { test: /^T\d$/, name: "Tourist (T1-T4)", colour: "#f5e3a3", big: same("tourist"), caption: idItself,
    meaning: "An angler for a section; may chase a local away. A cast into a tourist's section loses your hand." },
  { test: /^L\d$/, name: "Local (L1-L4)", colour: "#d6e8c4", big: same("local"), caption: idItself,
    meaning: "An angler for a section; a cast there pays the local a salmon, or the local stays." },
  { test: /^E\d$/, name: "Eagle (E1-E3)", colour: "#e2d5f0", big: same("eagle"), caption: idItself,
    meaning: "Catches any salmon in the river, or chases an angler away." },
  { test: /^B\d$/, name: "Bear (B1-B3)", colour: "#dcc7b0", big: same("bear"), caption: idItself,
    meaning: "Roars every angler off the river; out of turn, eats the salmon another player just caught." },
  { test: /^C\d[a-d]$/, name: "Cast card (C<number><copy>)", colour: "#fbe98f", big: (id) => id.slice(1, 2), caption: idItself,
    meaning: "One or two cast cards summing to 1-10 fish that river section: a salmon there is caught." },
  { test: /^RV\d+$/, name: "River card (RV1-RV10)", colour: "#bcd6f2", big: (id) => id.slice(2), caption: idItself,
    meaning: "The ten river sections, in a ring; never leave the river." },
];

// Rune Market §1.2: the hand cards (the market's runes, outposts and collectors are counted, not named).
const RUNE_MARKET: CardKind[] = [
  { test: /^N\d+[a-c]$/, name: "Number card (N<number><copy>)", colour: "#f4f1e8", big: numberIn, caption: idItself,
    meaning: "Pays: sum 5, 10 or 15 buys a rune; 21 or more buys an outpost or a collector, or ransoms a collector; attacks and defends in duels." },
  { test: /^T\d$/, name: "Thief (T1-T6)", colour: "#d9d2e9", big: same("thief"), caption: idItself,
    meaning: "Steal a loose rune or a random hand card from another player." },
  { test: /^HR\d$/, name: "Red main storage (HR1-HR4)", colour: "#f3b0b0", big: same("store"), caption: idItself,
    meaning: "Becomes your red store (runes inside are protected and earn interest), or is discarded for two steals." },
  { test: /^HB\d$/, name: "Blue main storage (HB1-HB4)", colour: "#b0c8f3", big: same("store"), caption: idItself,
    meaning: "Becomes your blue store (runes inside are protected and earn interest), or is discarded for two steals." },
];

// White Hat / Black Hat §2.1: a card's colour is its points; J and H are wildcards.
const WHITE_HAT: CardKind[] = [
  { test: /^[123]$/, name: "Rank 1-3 (green)", colour: "#bfe3bf", big: idItself, caption: same("0 pts"),
    meaning: "Rank card: 0 points left in hand at the round's end." },
  { test: /^[456]$/, name: "Rank 4-6 (blue)", colour: "#bcd2f3", big: idItself, caption: same("1 pt"),
    meaning: "Rank card: 1 point left in hand at the round's end." },
  { test: /^[789]$/, name: "Rank 7-9 (yellow)", colour: "#f5e59a", big: idItself, caption: same("2 pts"),
    meaning: "Rank card: 2 points left in hand at the round's end." },
  { test: /^1[0-3]$/, name: "Rank 10-13 (brown)", colour: "#dcc2a2", big: idItself, caption: same("3 pts"),
    meaning: "Rank card: 3 points left in hand at the round's end." },
  { test: /^J$/, name: "Joker (J)", colour: "#f2f2f2", big: same("J"), caption: same("wild"),
    meaning: "Wildcard: plays as any rank with other cards (alone it is worth 14); 5 points in hand." },
  { test: /^H$/, name: "Hat (H)", colour: "#ffffff", big: same("HAT"), caption: same("wild"),
    meaning: "The hat: a wildcard that makes the trick a hat trick (the winner collects); 5 points in hand." },
];

const DECKS: Record<string, CardKind[]> = {
  hats: HATS, cambio: runeDeck(false), kodiak: runeDeck(true), alaska: ALASKA, rune_market: RUNE_MARKET,
  white_hat: WHITE_HAT, black_hat: WHITE_HAT,
};

/** The kind of card `id` in `game`, if the game has a legend for it. */
export function kindOf(game: string, id: string): CardKind | undefined {
  return DECKS[game]?.find((k) => k.test.test(id));
}

/** A card face up: its large label, its caption, its kind's colour, and the legend on hover. */
export function card(game: string, id: string, extra = ""): HTMLElement {
  const kind = kindOf(game, id);
  if (!kind) return el("span", { class: `card${extra ? ` ${extra}` : ""}`, "data-card": id, title: id }, el("b", {}, id));
  const big = kind.big(id);
  const caption = kind.caption(id);
  const attrs = { "data-card": id, style: `background:${kind.colour}`, title: `${id}: ${kind.name}. ${kind.meaning}` };
  // Small (in a line of text): one label, the id where the caption is the id, else the large label.
  if (extra.split(" ").includes("mini")) {
    return el("span", { ...attrs, class: `card ${extra}` }, el("b", {}, caption === id ? id : big));
  }
  return el("span", { ...attrs, class: `card${big.length > 3 ? " word" : ""}${extra ? ` ${extra}` : ""}` },
    el("b", {}, big), el("small", {}, caption));
}

/** A card face down (its caption, e.g. its slot), or a face-up one when the viewer knows it. */
export function cardOrBack(game: string, id: string, caption = "", extra = ""): HTMLElement {
  if (id) return card(game, id, extra);
  return el("span", { class: `card back${extra ? ` ${extra}` : ""}`, title: "face down" }, el("b", {}, ""), el("small", {}, caption));
}

/** A row of cards (wrapping), or "none". */
export function cardRow(game: string, ids: readonly string[], empty = "none"): HTMLElement {
  if (ids.length === 0) return el("span", { class: "muted" }, empty);
  return el("span", { class: "cards" }, ...ids.map((id) => card(game, id)));
}

/** A hand seen from across the table: one face-down card with the count, e.g. "7 cards". */
export function handBacks(count: number): HTMLElement {
  return el("span", { class: "card back mini", title: `${count} cards in hand, face down` }, el("b", {}, `${count} card${count === 1 ? "" : "s"}`));
}

/** A face-down pile: its count drawn as a stack, with a label. */
export function pile(label: string, count: number, top?: string, game = ""): HTMLElement {
  const face = top && game ? card(game, top) : el("span", { class: "card back" }, el("b", {}, String(count)), el("small", {}, "cards"));
  return el("span", { class: "pile", "data-pile": label }, face, el("span", { class: "pile-label" }, `${label} (${count})`));
}

/** Every string in `value` (a view message) that names a card of `game`. */
function cardIds(game: string, value: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 8) return out;
  if (typeof value === "string") {
    if (kindOf(game, value)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) cardIds(game, v, out, depth + 1);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (k !== "board" && !k.startsWith("$")) cardIds(game, v, out, depth + 1);
  }
  return out;
}

/** The card legend: one row per kind of card the view shows (every kind when it shows none),
 *  with a sample card, its name and its rule; `notes` adds what the view says about a kind now. */
export function legend(game: string, view: unknown, notes: (kind: CardKind) => string = () => ""): HTMLElement | null {
  const kinds = DECKS[game];
  if (!kinds) return null;
  const seen = [...cardIds(game, view)];
  const shown = kinds.filter((k) => seen.some((id) => k.test.test(id)));
  const rows = (shown.length ? shown : kinds).map((k) => {
    const sample = seen.find((id) => k.test.test(id)) ?? sampleId(k);
    const note = notes(k);
    return el("tr", {}, el("td", {}, card(game, sample, "mini")), el("td", {}, el("b", {}, k.name)),
      el("td", {}, k.meaning, note ? el("em", {}, ` ${note}`) : null));
  });
  const box = el("details", { class: "legend", ...(legendOpen ?? innerWidth > 800 ? { open: "" } : {}) },
    el("summary", {}, "Card legend"), el("div", { class: "scroll-x" }, el("table", {}, el("tbody", {}, ...rows))));
  box.addEventListener("toggle", () => { legendOpen = box.open; });
  return box;
}

// Open on wide screens, closed on phones (it is long), then as the player last left it.
let legendOpen: boolean | null = null;

function sampleId(kind: CardKind): string {
  // The first id the pattern accepts among a few likely spellings.
  const guesses = ["R1", "O1", "Y1", "G1", "B1", "P1", "W1", "N1-1", "EYE-1", "LENS-1", "SWAP-1", "BOLT-1", "RK-1",
    "BK-1", "BALL-1", "S01", "W01", "T1", "L1", "E1", "C1a", "RV1", "N1a", "HR1", "HB1", "1", "4", "7", "10", "J", "H"];
  return guesses.find((g) => kind.test.test(g)) ?? "?";
}

/** A label with cards inline: each word of `text` that is a card of `game` becomes a small card. */
export function withCards(game: string, text: string): Child[] {
  return text.split(" ").flatMap((word, i) => {
    const piece: Child = kindOf(game, word) ? card(game, word, "mini") : word;
    return i === 0 ? [piece] : [" ", piece];
  });
}
