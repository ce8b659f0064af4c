// Move buttons in plain words: each game's move kinds (the first word of a move's text) with a title
// and the spec's meaning (the rules' move tables, shared/rules/<game>.md), and a short label for each
// move's arguments (cards drawn as cards, positions as the seat's name and slot).
import { card } from "./cards.js";
import { type Child } from "./dom.js";
import { seatName } from "./games/common.js";

/** A kind of move: its group title and what it does (shown on hover). */
export type MoveKind = { title: string; meaning: string };

const HATS: Record<string, MoveKind> = {
  exchange: { title: "Exchange with the tea table", meaning: "Put a hand card face up on a table space and take the card there into your collection: the same type or a higher number (§6)." },
  black: { title: "Play a black hat", meaning: "Play a hand card face down as a black hat: 1 point, and it breaks ties (§6)." },
  discard: { title: "Discard and draw", meaning: "Discard a hand card and draw the top card of the deck; once a turn, 2-3 players (§6)." },
  offer: { title: "Offer your partner a card", meaning: "Set a hand card aside for your partner, who returns one of theirs; once a turn, 4 players (§6)." },
  return: { title: "Return a card to your partner", meaning: "Give your partner this card for the one they offered (§6)." },
  end: { title: "End the turn", meaning: "End your turn without the optional action (§6)." },
};

const CAMBIO: Record<string, MoveKind> = {
  draw: { title: "Draw a card", meaning: "Take the top card of the deck (only you see it) or of the discard pile (everyone sees it) (§5)." },
  cambio: { title: "Call Cambio", meaning: "Instead of drawing: your cards freeze and the round ends when your turn comes round again (§8.1)." },
  discard: { title: "Discard the drawn card", meaning: "Put the card you drew from the deck face up on the discard pile; an action card then acts (§5, §6)." },
  replace: { title: "Replace one of your cards", meaning: "Put the held card face down into your slot; the old card goes onto the discard pile (§5)." },
  lookown: { title: "Look at one of your cards", meaning: "Action: look at one of your own face-down cards (§6)." },
  look: { title: "Look at another player's card", meaning: "Action: look at one face-down card of another player (§6)." },
  swap: { title: "Swap two cards", meaning: "Action: two cards of two different players change places, face down (§6)." },
  show: { title: "Blue king: pick a card to show", meaning: "Pick one card of each other player; all picked cards are then shown to everyone (§6)." },
  snap: { title: "Snap a card", meaning: "Throw a face-down card with the discard's rune onto the pile; a wrong one comes back with a penalty card (§7)." },
  give: { title: "Give one of your cards", meaning: "After snapping another player's card, give them one of yours in its place (§7)." },
  nogive: { title: "Keep your cards", meaning: "Let the pending give lapse (§7)." },
  pass: { title: "Pass", meaning: "Do nothing (more) in the snap window (§7)." },
};

const KODIAK: Record<string, MoveKind> = {
  exchange: { title: "Exchange the drawn card", meaning: "Put the drawn card face down into your slot; the old card goes onto the pile (a hairball beside your table) and may act (§5)." },
  lookown: { title: "Look at one of your cards", meaning: "Action: look at one of your own face-down cards (§6)." },
  look: { title: "Turn a mouse card face up", meaning: "Action: turn one card of another mouse face up for everyone (§5)." },
  swap: { title: "Swap two cards", meaning: "Action: swap two cards of two seats; a mouse names Kodiak's side as ?, and Kodiak picks (§5)." },
  pick: { title: "Pick your card for the swap", meaning: "Kodiak completes a mouse's swap with this slot (§5)." },
  reveal: { title: "Blue king: reveal a card", meaning: "Turn a card of another seat face up for everyone (§5)." },
  throw: { title: "Throw a card (escape)", meaning: "A mouse throws an own card with the window's rune; wrong throws bring a penalty card (§7)." },
  done: { title: "Stop throwing", meaning: "The escaping mouse stops throwing (§7.2)." },
  pounce: { title: "Pounce on a mouse card", meaning: "Kodiak attacks a mouse card with one of his as a paw: a matching rune catches it (§7.1)." },
  counter: { title: "Counter-pounce", meaning: "Kodiak's late attack on a finished escape (§7.3)." },
  pass: { title: "Pass", meaning: "Do nothing (more) in the hunt window; at the counter, let the escape stand (§7)." },
};

const ALASKA: Record<string, MoveKind> = {
  place: { title: "Place a fallen salmon", meaning: "As the right neighbour, put the next fallen salmon into the river at this section (§5)." },
  cast: { title: "Cast", meaning: "One or two cast cards summing to a section 1-10: a salmon there is caught, unless an angler is in the way (§7.2)." },
  angler: { title: "Put an angler on the river", meaning: "A tourist or local onto an empty section; a tourist may chase a local away (§5)." },
  eagle: { title: "Eagle", meaning: "Catch any salmon in the river, or chase an angler off (§5)." },
  bear: { title: "Bear roars", meaning: "Every angler leaves the river (§5)." },
  bearsteal: { title: "Bear eats the salmon just caught", meaning: "Out of turn: the salmon just caught goes to the discard pile (§6)." },
  pass: { title: "Pass", meaning: "Let the bear window go by (§6)." },
  end: { title: "End the turn", meaning: "End the play phase, keeping at most one card (none in the final round) (§5)." },
};

const RUNE_MARKET: Record<string, MoveKind> = {
  interest: { title: "Take interest", meaning: "Take the interest due on your stores (§4, phase 1b)." },
  nointerest: { title: "Decline interest", meaning: "Take no interest this turn (§4)." },
  abandon: { title: "Abandon a main storage", meaning: "Discard your main storage of that colour; an outpost stays, else its runes become loose (§5)." },
  buy: { title: "Buy with runes", meaning: "The turn's one rune purchase: an outpost or a collector, paid with runes of one colour (L loose, S from a store) (§5)." },
  free3: { title: "Free a store with 3 runes", meaning: "Pay 3 runes to send the collector on that store back to the market (§5)." },
  neutralize: { title: "Neutralize a collector", meaning: "Give up your outpost of the other colour to remove the collector (§5)." },
  store: { title: "Store loose runes", meaning: "Put loose runes into your store of that colour, where they are protected (§5)." },
  rune: { title: "Buy a rune with cards", meaning: "Number cards summing to exactly 5, 10 or 15 buy one rune (§5)." },
  buycards: { title: "Buy with cards", meaning: "Number cards summing to 21 or more buy an outpost or a collector (§5)." },
  ransom: { title: "Ransom a store", meaning: "Number cards summing to 21 or more send the collector back (§5)." },
  duel: { title: "Duel", meaning: "Attack a player with a number card: they must show one at least as high, or you steal once (§6)." },
  defend: { title: "Defend", meaning: "Show a number card at least as high as the attack (§6)." },
  concede: { title: "Concede the duel", meaning: "You hold no card high enough: the attacker steals once from you (§6)." },
  thief: { title: "Play a thief", meaning: "Steal a loose rune or a random hand card from a player (§5)." },
  storage: { title: "Build a main storage", meaning: "Play the card as your store of its colour (§5)." },
  double: { title: "Double theft", meaning: "Discard a main-storage card for two steals (§5)." },
  steal: { title: "Steal", meaning: "Take a loose rune or a random hand card from that player (§5)." },
  nosteal: { title: "Stop stealing", meaning: "Let the remaining steals lapse (§5)." },
  end: { title: "End the turn", meaning: "Refill to three cards; the next player's turn (§4)." },
};

const WHITE_HAT: Record<string, MoveKind> = {
  play: { title: "Play cards", meaning: "Lead, or follow with one card or as many as the lead: one rank plus wildcards (§4.2-4.4)." },
  pass: { title: "Pass", meaning: "Only when the hat is your last card and the lead has several cards (§4.4)." },
  collect: { title: "Collect from the hat trick", meaning: "Take all, or the hat and this many rank cards of the trick (§4.6)." },
  move: { title: "Move a pawn", meaning: "The trick winner moves a pawn forward along the arrows (§5.7)." },
  dos: { title: "Denial of service", meaning: "Send a pawn back to a start space (§5.8)." },
  exploit: { title: "Place an exploit marker", meaning: "Raise or lower a space's value by 1 (§5.8)." },
  randomize: { title: "Randomize", meaning: "Draw a random tile to place on the board (§5.8)." },
  place: { title: "Place the drawn tile", meaning: "Put a face of the drawn tile on a slot (§5.8)." },
  backflip: { title: "Backflip", meaning: "Move another pawn backwards (§5.8)." },
  skip: { title: "Skip the special", meaning: "Decline the pending special effect (§5.9)." },
  tracer: { title: "Move the tracer", meaning: "The trick winner moves the tracer; a pawn where it stops goes to jail (§7.3)." },
};

const KINDS: Record<string, Record<string, MoveKind>> = {
  hats: HATS, cambio: CAMBIO, kodiak: KODIAK, alaska: ALASKA, rune_market: RUNE_MARKET, white_hat: WHITE_HAT, black_hat: WHITE_HAT,
};

/** The group a move's text belongs to, and its title and meaning. */
export function moveKind(game: string, text: string): { kind: string } & MoveKind {
  const kind = text.split(" ")[0] || text;
  const known = KINDS[game]?.[kind];
  return { kind, ...(known ?? { title: kind, meaning: "" }) };
}

const TOKENS: Record<string, string> = { Lr: "loose red", Lb: "loose blue", Sr: "stored red", Sb: "stored blue" };
const a = (item: string) => (/^[aeiou]/.test(item) ? `an ${item}` : `a ${item}`);

/** The move's arguments in words, with cards drawn small: "R2 → space 3", "Ann (1)'s #2", ... */
export function moveLabel(game: string, text: string, names: readonly string[]): Child[] {
  const [kind, ...args] = text.split(" ");
  if (args.length === 0) return [moveKind(game, text).title];
  const c = (id: string) => card(game, id, "mini");
  const position = (p: string) => {
    const [seat, slot] = p.split(".");
    const owner = seatName(names, Number(seat));
    return slot === "?" ? `${owner}: Kodiak picks` : `${owner} #${slot}`;
  };
  switch (game) {
    case "hats":
      return kind === "exchange" ? [c(args[0]), ` to space ${args[1]}`] : args.map(c);
    case "cambio":
    case "kodiak": {
      if (kind === "draw") return [`from the ${args[0] === "deck" ? "deck" : "discard pile"}`];
      if (["replace", "lookown", "give", "throw", "pick", "counter", "exchange"].includes(kind)) return [`your #${args[0]}`];
      if (kind === "pounce") return [`paw #${args[0]} on ${position(args[1])}`];
      if (kind === "swap") return [position(args[0]), " with ", position(args[1])];
      return [args.map(position).join(", ")];
    }
    case "alaska": {
      if (kind === "place") return [`at section ${args[0]}`];
      if (kind === "angler") return [c(args[0]), ` on section ${args[1]}`];
      if (kind === "cast") {
        const at = args.indexOf("salmon");
        const cards = at >= 0 ? args.slice(0, at) : args;
        const sum = cards.reduce((n, id) => n + Number(id.slice(1, 2)), 0);
        return [...cards.map(c), ` = section ${sum}`, at >= 0 ? [" for ", c(args[at + 1])] : ""].flat();
      }
      if (kind === "eagle") {
        if (args[1] === "salmon") return [c(args[0]), " takes ", c(args[2])];
        if (args[1] === "angler") return [c(args[0]), ` chases the angler on section ${args[2]}`];
        return [c(args[0]), " (empty river)"];
      }
      return args.map(c);
    }
    case "rune_market": {
      const seat = (n: string) => seatName(names, Number(n));
      const cards = (list: string[]) => list.filter((x) => /^N\d+[a-c]$/.test(x)).map(c);
      const tokens = (list: string[]) => {
        const counts = new Map<string, number>();
        for (const t of list.filter((x) => TOKENS[x])) counts.set(t, (counts.get(t) ?? 0) + 1);
        return [...counts].map(([t, n]) => `${n} ${TOKENS[t]}`).join(", ");
      };
      const placement = (rest: string[]): string => {
        const at = rest.findIndex((x) => x === "to" || x === "neutralize" || x === "on");
        if (at < 0) return "";
        if (rest[at] === "to") return ` as your ${rest[at + 1]} outpost`;
        if (rest[at] === "neutralize") return ` to clear the collector off your ${rest[at + 1]} store`;
        return ` on ${seat(rest[at + 1])}'s ${rest[at + 2]} store`;
      };
      const what = (rest: string[]) => (rest[0] === "rune" ? `a ${rest[1]} rune` : rest[0] === "hand" ? "a hand card" : "nothing");
      switch (kind) {
        case "abandon": return [`your ${args[0]} store`];
        case "buy": return [`${args[0]} for ${tokens(args)}${placement(args)}`];
        case "free3": return [`your ${args[0]} store, paying ${tokens(args)}`];
        case "neutralize": return [`your ${args[0]} store, giving up your ${args[1]} outpost`];
        case "store": return [`${args[1]} into your ${args[0]} store`];
        case "rune": return [...cards(args), ` for a ${args.at(-1)} rune`];
        case "buycards": return [...cards(args), ` for ${a(args[0])}${placement(args)}`];
        case "ransom": return [...cards(args), ` for your ${args[0]} store`];
        case "duel": return [c(args[0]), ` against ${seat(args[1])}`];
        case "thief": return args[1] === "none" ? [c(args[0]), " on nobody"] : [c(args[0]), ` on ${seat(args[1])}: ${what(args.slice(2))}`];
        case "steal": return [`${seat(args[0])}: ${what(args.slice(1))}`];
        default: return args.map((x) => (/^(N\d+[a-c]|T\d|H[RB]\d)$/.test(x) ? c(x) : x));
      }
    }
    case "white_hat":
    case "black_hat": {
      if (kind === "play") {
        const as = args.indexOf("as");
        const cards = as >= 0 ? args.slice(0, as) : args;
        return [...cards.map(c), as >= 0 ? ` as ${args[as + 1]}` : ""];
      }
      if (kind === "collect") return args[0] === "all" ? ["all"] : ["the hat", ...args.slice(1).flatMap((a) => [" ", c(a)])];
      if (kind === "move" || kind === "backflip") return [`pawn ${args[0]} to space ${args[1]}`];
      if (kind === "dos") return [`pawn ${args[0]} back to space ${args[1]}`];
      if (kind === "exploit") return [`space ${args[0]} ${args[1]}`, args[2] ? ` (moving ${args[2]})` : ""];
      if (kind === "place") return [`face ${args[0]} on slot ${args[1]}`];
      if (kind === "tracer") return [`to space ${args[0]}`];
      return [args.join(" ")];
    }
    default:
      return [args.join(" ")];
  }
}
