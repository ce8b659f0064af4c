// The options a seat count needs: at these tables the game refuses their defaults. ListGames says which
// (GameInfo.tableOptions; White Hat §7.8: 1 seat plays solo, 2 seats play with the robot).
import type { GameInfo } from "./gen/engine/v1/engine_pb.js";

/** The options `info`'s game needs at `seats` seats (none for most games and seat counts). */
export function seatOptions(info: GameInfo, seats: number): Record<string, string> {
  return { ...(info.tableOptions.find((t) => t.seats === seats)?.options ?? {}) };
}

/** Every option name the game needs at some seat count (a form resets them to their defaults elsewhere). */
export function seatOptionNames(info: GameInfo): string[] {
  return [...new Set(info.tableOptions.flatMap((t) => Object.keys(t.options)))];
}
