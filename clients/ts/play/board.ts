// The White Hat / Black Hat board as SVG, drawn from the coordinates the view carries (the board
// file's grid cells, tiles already placed): spaces, arrows, tile slots, pawns and exploit markers.
import type { WhiteHatBoard, WhiteHatView } from "../src/index.js";
import { svg } from "./dom.js";

const CELL = 92;
const PAD = 6;
const SEAT_COLOURS = ["#d33", "#27c", "#2a2", "#d90", "#93c", "#0aa", "#777", "#c6a"];
const SPACE_COLOURS: Record<string, string> = {
  internet_cafe: "#fff3c4", public_server: "#fff3c4", router: "#dde8f5", database_server: "#cfe3cf",
  cell_phone: "#f5d9d9", dark_grey: "#9a9a9a", critical_asset: "#ffd36b", denial_of_service: "#333",
  honeypot: "#f4c27a", fbi_server: "#8fa6c9", exploit: "#e7d0f3", randomizer: "#d3f0ef", backflip: "#f0e2c8",
};

/** A colour per seat, shared by the board, the seat tabs and the score sheet. */
export function seatColour(seat: number): string {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

type Point = { x: number; y: number };

function centres(board: WhiteHatBoard): Map<number, Point> {
  const out = new Map<number, Point>();
  for (const s of board.spaces) {
    if (s.id === undefined || s.x === undefined || s.y === undefined) continue;
    out.set(s.id, { x: s.x * CELL + CELL / 2, y: s.y * CELL + CELL / 2 });
  }
  return out;
}

/** The board of a White Hat / Black Hat view, or null when the view has none. */
export function drawBoard(view: WhiteHatView): SVGSVGElement | null {
  const board = view.board;
  if (!board || board.spaces.length === 0) return null;
  const at = centres(board);
  const root = svg("svg", {
    class: "board", viewBox: `0 0 ${board.width * CELL} ${board.height * CELL}`,
    width: String(board.width * CELL), "data-board": board.id, role: "img", "aria-label": board.title,
  });
  root.append(arrowHead());
  for (const slot of board.slots) root.append(drawSlot(slot.id, slot.face, slot.x, slot.y));
  for (const a of board.arrows) {
    const from = a.from === undefined ? undefined : at.get(a.from);
    const to = a.to === undefined ? undefined : at.get(a.to);
    if (from && to) root.append(drawArrow(from, to));
  }
  for (const s of board.spaces) {
    const c = s.id === undefined ? undefined : at.get(s.id);
    if (!c) continue;
    const g = svg("g", { class: `space space-${s.type}`, "data-space": String(s.id) });
    const half = CELL / 2 - PAD;
    g.append(svg("rect", { x: String(c.x - half), y: String(c.y - half), width: String(2 * half),
      height: String(2 * half), rx: "10", fill: SPACE_COLOURS[s.type] ?? "#eee", stroke: "#555" }));
    const dark = s.type === "denial_of_service" || s.type === "dark_grey";
    const lines = nameLines(s.name);
    lines.forEach((part, i) => g.append(text(c.x, c.y - half + 13 + i * 12, part,
      lines.some((l) => l.length > NAME_CHARS) ? "name narrow" : "name", dark)));
    g.append(text(c.x - half + 8, c.y + half - 6, `#${s.id}`, "id", dark));
    if (s.value !== 0 || s.effectiveValue !== 0) {
      g.append(text(c.x + half - 14, c.y + half - 6, signed(s.effectiveValue), "value", dark));
    }
    root.append(g);
  }
  for (const slot of board.slots) root.append(slotTag(slot.id, slot.face, slot.x, slot.y));
  drawMarkers(root, view, at);
  drawPawns(root, view, at);
  return root;
}

const NAME_CHARS = 13;  // what fits on one line of a space at the names' font size

/** A space's name on one line, or two (split at the space or hyphen nearest the middle) when long. */
function nameLines(name: string): string[] {
  if (name.length <= NAME_CHARS) return [name];
  const cuts = [...name.matchAll(/[ -]/g)].map((m) => m.index ?? 0);
  if (cuts.length === 0) return [name];
  const cut = cuts.reduce((best, i) => (Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2) ? i : best));
  const keep = name[cut] === "-" ? 1 : 0;
  return [name.slice(0, cut + keep), name.slice(cut + 1)];
}

function drawSlot(id: string, face: string, x?: number, y?: number): SVGElement {
  const g = svg("g", { class: "slot" });
  if (x === undefined || y === undefined) return g;
  g.append(svg("rect", { x: String(x * CELL + 1), y: String(y * CELL + 1), width: String(2 * CELL - 2),
    height: String(2 * CELL - 2), rx: "14", fill: "none", stroke: "#889", "stroke-dasharray": "6 4" }));
  return g;
}

/** A slot's name and face, where its four spaces' corners meet (clear of their labels; drawn over them). */
function slotTag(id: string, face: string, x?: number, y?: number): SVGElement {
  const g = svg("g", { class: "slot-tag" });
  if (x === undefined || y === undefined) return g;
  const label = face ? `${id} ${face}` : id;
  const cx = x * CELL + CELL, cy = y * CELL + CELL;
  const w = 8 + label.length * 6.5;
  g.append(svg("rect", { x: String(cx - w / 2), y: String(cy - 7), width: String(w), height: "14", rx: "7",
    fill: "#fff", stroke: "#889" }));
  g.append(text(cx, cy + 4, label, "slot-label", false));
  return g;
}

function drawArrow(from: Point, to: Point): SVGElement {
  const dx = to.x - from.x, dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const cut = CELL / 2 - PAD + 2;  // from edge to edge, not centre to centre
  const ux = dx / len, uy = dy / len;
  const fx = Math.abs(ux) > Math.abs(uy) ? cut / Math.abs(ux) : cut / Math.abs(uy);
  const trim = Math.min(fx, len / 2 - 2);
  return svg("line", { class: "arrow", x1: String(from.x + ux * trim), y1: String(from.y + uy * trim),
    x2: String(to.x - ux * trim), y2: String(to.y - uy * trim), stroke: "#445", "stroke-width": "2",
    "marker-end": "url(#head)" });
}

function arrowHead(): SVGElement {
  const defs = svg("defs", {});
  const marker = svg("marker", { id: "head", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7",
    markerHeight: "7", orient: "auto-start-reverse" });
  marker.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#445" }));
  defs.append(marker);
  return defs;
}

function drawPawns(root: SVGElement, view: WhiteHatView, at: Map<number, Point>): void {
  const onSpace = new Map<number, number>();
  for (const p of view.pawns) {
    if (p.space === undefined) continue;
    const c = at.get(p.space);
    if (!c) continue;
    const k = onSpace.get(p.space) ?? 0;
    onSpace.set(p.space, k + 1);
    const px = c.x - 26 + (k % 4) * 17, py = c.y + 2 + Math.floor(k / 4) * 17;
    const g = svg("g", { class: "pawn", "data-pawn": p.pawn });
    g.append(svg("circle", { cx: String(px), cy: String(py), r: "8", fill: seatColour(p.seat ?? 0),
      stroke: p.blocked || p.jailed ? "#000" : "#fff", "stroke-width": p.blocked || p.jailed ? "3" : "1.5" }));
    g.append(text(px, py + 3, p.pawn.slice(-1), "pawn-label", true));
    root.append(g);
  }
}

function drawMarkers(root: SVGElement, view: WhiteHatView, at: Map<number, Point>): void {
  for (const mk of view.markers) {
    const c = mk.space === undefined ? undefined : at.get(mk.space);
    if (!c) continue;
    // Bottom centre: between the space's id (left) and its value (right), below its pawns.
    root.append(text(c.x, c.y + CELL / 2 - PAD - 6, `${mk.marker} ${signed(mk.sign)}`, "marker", false));
  }
}

function text(x: number, y: number, value: string, cls: string, light: boolean): SVGElement {
  const t = svg("text", { x: String(x), y: String(y), class: cls, "text-anchor": "middle",
    fill: light ? "#fff" : "#222" });
  t.textContent = value;
  return t;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
