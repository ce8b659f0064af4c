// The options a seat count needs: at these tables the game refuses their defaults (ListGames'
// option descriptions say so). White Hat §7.8: 1 seat plays solo, 2 seats play with the robot.
// The engine's `Game.seat_options`, mirrored for clients that deal any game at any seat count.
const SEAT_OPTIONS: Record<string, Record<number, Record<string, string>>> = {
  white_hat: { 1: { solo: "true" }, 2: { robot: "true" } },
  black_hat: { 2: { robot: "true" } },
};

/** The options `game` needs at `seats` seats (none for most games and seat counts). */
export function seatOptions(game: string, seats: number): Record<string, string> {
  return { ...(SEAT_OPTIONS[game]?.[seats] ?? {}) };
}

/** Every option name `game` needs at some seat count (a form resets them to their defaults elsewhere). */
export function seatOptionNames(game: string): string[] {
  return [...new Set(Object.values(SEAT_OPTIONS[game] ?? {}).flatMap((o) => Object.keys(o)))];
}
