// Random legal play: the web table's robot seats and the tests' full games use it.
import type { ApplyMoveResponse, Move } from "./gen/engine/v1/engine_pb.js";
import { listed, type Table, type WantInit } from "./table.js";

/** A small seeded generator (mulberry32): the same seed plays the same game. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Play one random legal move of `seat` with its key: from `moves` (its own list) when given, else
 *  after listing them. The answer's listing (with `want.legalMoves`, read by `listed`) is again `seat`'s own list. */
export async function randomMove(table: Table, seat: number, random: () => number, want?: WantInit,
                                 moves?: Move[]): Promise<ApplyMoveResponse> {
  const listed = moves ?? await table.legalMoves(seat);
  if (listed.length === 0) throw new Error(`seat ${seat} is listed to act but has no legal move`);
  return table.apply(seat, { index: Math.floor(random() * listed.length) }, want);
}

/** Play random legal moves (a random seat among those to act) until the game ends; returns the
 *  move count. A seat that acts again reuses the list its last move's answer brought. */
export async function playOut(table: Table, random: () => number, maxMoves = 20_000): Promise<number> {
  let played = 0;
  let last: { seat: number; moves: Move[] } | undefined;
  while (!table.finished) {
    if (played >= maxMoves) throw new Error(`${table.game}: not over after ${maxMoves} moves`);
    if (table.toAct.length === 0) throw new Error(`${table.game}: nobody to act but the game is not over`);
    const seat = table.toAct[Math.floor(random() * table.toAct.length)];
    const out = await randomMove(table, seat, random, { legalMoves: true }, last?.seat === seat ? last.moves : undefined);
    last = { seat, moves: listed(out) };
    played++;
  }
  return played;
}
