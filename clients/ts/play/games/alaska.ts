// Alaska (shared/rules/alaska.md): the river as a ring of ten sections (§1.1) with its salmon, each
// across two sections, and its anglers; the fallen cards, piles, bear window and each seat's catch.
import type { AlaskaView } from "../../src/index.js";
import { card, handBacks, cardRow, kindOf, legend, pile } from "../cards.js";
import { el, svg } from "../dom.js";
import { actBadges, badge, facts, line, seatBox, seats, stat, table, who, whoList, words, zone, type Ctx } from "./common.js";

const SIZE = 360;
const MID = SIZE / 2;
const OUTER = 170;   // the ring's outer edge
const INNER = 22;    // its inner edge
const LANE0 = 130;   // the outermost salmon lane
const LANE_STEP = 22;  // wide enough that labels of neighbouring lanes never meet
const STEP = (2 * Math.PI) / 10;

/** The angle of a point `fraction` of the way through section `section` (1 at the top, clockwise). */
function angle(section: number, fraction: number): number {
  return -Math.PI / 2 + (section - 1 + fraction) * STEP;
}

function at(r: number, a: number): [number, number] {
  return [MID + r * Math.cos(a), MID + r * Math.sin(a)];
}

function fmt(n: number): string {
  return n.toFixed(1);
}

function sector(section: number): string {
  const [a0, a1] = [angle(section, 0), angle(section, 1)];
  const [x0, y0] = at(OUTER, a0), [x1, y1] = at(OUTER, a1), [x2, y2] = at(INNER, a1), [x3, y3] = at(INNER, a0);
  return `M ${fmt(x0)} ${fmt(y0)} A ${OUTER} ${OUTER} 0 0 1 ${fmt(x1)} ${fmt(y1)} L ${fmt(x2)} ${fmt(y2)} ` +
    `A ${INNER} ${INNER} 0 0 0 ${fmt(x3)} ${fmt(y3)} Z`;
}

function label(x: number, y: number, text: string, cls: string): SVGTextElement {
  const t = svg("text", { x: fmt(x), y: fmt(y), class: cls, "text-anchor": "middle", "dominant-baseline": "central" });
  t.textContent = text;
  return t;
}

/** The river: sections 1-10 clockwise, each salmon an arc over its two sections in its own lane. */
export function drawRiver(v: AlaskaView): SVGSVGElement {
  const root = svg("svg", { class: "river", viewBox: `0 0 ${SIZE} ${SIZE}`, width: String(SIZE), role: "img",
    "aria-label": "the river: ten sections in a ring" });
  const anglers = new Map(v.anglers.map((a) => [a.section, a.card]));
  for (let s = 1; s <= 10; s++) {
    const g = svg("g", { class: "section", "data-section": String(s) });
    g.append(svg("path", { d: sector(s), fill: s % 2 ? "#d7e8f7" : "#c6ddf2", stroke: "#7fa3c6" }));
    const [lx, ly] = at(OUTER - 10, angle(s, 0.5));
    g.append(label(lx, ly, String(s), "section-number"));
    root.append(g);
  }
  // Lanes: a salmon takes the outermost lane free over both its sections (overlapping salmon stack inwards).
  const used = new Map<number, Set<number>>();
  const ordered = [...v.salmon].sort((a, b) => a.position - b.position || a.card.localeCompare(b.card));
  for (const fish of ordered) {
    const covers = fish.covers.length ? fish.covers : [fish.position, fish.position % 10 + 1];
    let lane = 0;
    while (covers.some((c) => used.get(c)?.has(lane))) lane++;
    for (const c of covers) (used.get(c) ?? used.set(c, new Set()).get(c)!).add(lane);
    const r = LANE0 - 8 - lane * LANE_STEP;
    const [a0, a1] = [angle(fish.position, 0.12), angle(fish.position, 1.88)];
    const [x0, y0] = at(r, a0), [x1, y1] = at(r, a1);
    const g = svg("g", { class: "salmon", "data-salmon": fish.card });
    g.append(svg("path", { d: `M ${fmt(x0)} ${fmt(y0)} A ${r} ${r} 0 0 1 ${fmt(x1)} ${fmt(y1)}`, fill: "none",
      stroke: "#e8765a", "stroke-width": "15", "stroke-linecap": "round" }));
    const [tx, ty] = at(r, angle(fish.position, 1));
    g.append(label(tx, ty, fish.card, "salmon-label"));
    const tip = svg("title", {});
    tip.textContent = `${fish.card}: a salmon over sections ${covers.join(" and ")}`;
    g.append(tip);
    root.append(g);
  }
  for (const [section, id] of anglers) {
    const [x, y] = at(OUTER - 29, angle(section, 0.5));
    const g = svg("g", { class: "angler", "data-angler": id });
    g.append(svg("circle", { cx: fmt(x), cy: fmt(y), r: "11", fill: kindOf("alaska", id)?.colour ?? "#fff", stroke: "#445" }));
    g.append(label(x, y, id, "angler-label"));
    const tip = svg("title", {});
    tip.textContent = `${id}: a ${id.startsWith("T") ? "tourist" : "local"} on section ${section}`;
    g.append(tip);
    root.append(g);
  }
  return root;
}

export function drawAlaska(v: AlaskaView, ctx: Ctx): HTMLElement {
  const boxes = v.seats.map((s) => {
    const seat = s.seat ?? 0;
    const inPlay = v.participants.length === 0 || v.participants.includes(seat);
    return seatBox(ctx, seat, [
      ...actBadges(v.toAct, v.activeSeat, seat),
      v.noRefill.includes(seat) && badge("no refill", "warn", "A cast met a tourist: no refill this turn"),
      v.lastSeat === seat && badge("last turn", "warn"),
      !inPlay && badge("out of the playoff"),
      v.winners.includes(seat) && badge("winner", "win"),
    ],
    line("hand", handBacks(s.handCount)),
    line("caught", cardRow("alaska", s.caught)),
    facts(stat("salmon", s.salmon), v.playoff ? stat("main game", s.mainSalmon) : null));
  });
  const win = v.window;
  return table("alaska",
    zone("River", "river-zone", el("div", { class: "river-wrap" }, drawRiver(v)),
      el("p", { class: "muted small" }, "Sections 1-10 run clockwise; a salmon lies over two sections (its head and the next). Currents move the salmon upstream: anticlockwise."),
      v.pending.length ? line("fallen, waiting", cardRow("alaska", v.pending)) : null),
    facts(
      pile("deck", v.deckCount), pile("discard pile", v.discard.length, v.discard.at(-1), "alaska"),
      stat("phase", words(v.phase)),
      v.activeSeat !== undefined ? stat("turn", who(ctx, v.activeSeat)) : null,
      v.finalRound ? badge("final round", "warn", "The deck is empty: play all your cards") : null,
      v.playoff ? stat("playoff", v.playoff) : null,
      v.tiebreak ? stat("ties", words(v.tiebreak)) : null),
    win ? zone("Bear window", "window",
      line("", who(ctx, win.catcher), " caught ", card("alaska", win.salmon, "mini"), ": a bear may eat it"),
      line("may steal", ...whoList(ctx, win.seats)),
      win.passed.length ? line("passed", ...whoList(ctx, win.passed)) : null) : null,
    seats(...boxes),
    v.hand.length ? zone("Your hand", "mine", cardRow("alaska", v.hand),
      v.bearMoves.length ? line("bears you may play now", cardRow("alaska", v.bearMoves)) : null) : null,
    legend("alaska", v));
}
