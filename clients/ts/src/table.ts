// A thin typed helper over the generated GameService client for the common flow: deal a game,
// list the legal moves, apply a move (with `want`, so a turn is one round trip), look at a view
// or the score. A `seats` game's calls carry the seat's key as `authorization: Bearer <key>`.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { createClient, type CallOptions, type Client, type Transport } from "@connectrpc/connect";
import {
  GameService,
  MoveSchema,
  NewGameRequestSchema,
  NewGameResponseSchema,
  WantSchema,
  type ApplyMoveResponse,
  type GameInfo,
  type Move,
  type NewGameRequest,
  type NewGameResponse,
  type Score,
  type SeatMoves,
  type ViewResponse,
} from "./gen/engine/v1/engine_pb.js";
import { withTabletopErrors } from "./errors.js";
import { tokenBytes, tokenText } from "./records.js";

/** The generated Connect client of engine.v1.GameService. */
export type GameClient = Client<typeof GameService>;

/** What a caller wants back with a move: view (for `seat`), legal moves, score. */
export type WantInit = MessageInitShape<typeof WantSchema>;

/** NewGame's request without `want` (given to Table.start on its own). */
export type NewGameInit = Omit<Exclude<MessageInitShape<typeof NewGameRequestSchema>, NewGameRequest>,
                               "want" | "$typeName">;

/** A move to apply: its index in the caller's list, its text, or a typed Move. */
export type MoveChoice = { index: number } | { text: string } | { move: Move };

/** A GameService client over any Connect transport (connect-web, connect-node, gRPC-Web); its calls
 *  reject with a TabletopError (the service's `reason`, `code` and `fields`). */
export function gameClient(transport: Transport): GameClient {
  return createClient(GameService, withTabletopErrors(transport));
}

/** Call options carrying `key` as `authorization: Bearer <key>` (none without a key). */
export function withKey(key: string | undefined, options: CallOptions = {}): CallOptions {
  if (!key) return options;
  const headers = new Headers(options.headers);
  headers.set("authorization", `Bearer ${key}`);
  return { ...options, headers };
}

/** The registered games (ListGames), in registry order. */
export async function listGames(client: GameClient): Promise<GameInfo[]> {
  return (await client.listGames({})).games;
}

/** What a front end keeps to come back to a game (Table.saved, JSON.stringify(table)) and gives
 *  to Table.resume: the newest token and the keys it holds. */
export interface SavedTable {
  /** The game's id; Table.resume reads it from the token's score when absent. */
  game?: string;
  /** The newest state token: base64 text (as saved) or bytes. */
  state: string | Uint8Array;
  /** The seat keys by seat, "" for a seat whose key this front end does not hold. */
  keys?: string[];
  /** The host key (acts and sees for every seat): only on a server. */
  hostKey?: string;
  /** "seats" or "open", as NewGame answered. */
  access?: string;
  /** One seat's key, for a player's front end (the same as `keys` with only that seat's key). */
  seat?: number;
  key?: string;
}

/**
 * One game as a front end holds it: the newest state token, the seat keys and who may act.
 * Every call of a seat uses that seat's key; calls without a seat use the host key (which acts
 * and sees for every seat: keep it where the players cannot read it).
 */
export class Table {
  state: Uint8Array;
  toAct: number[];
  finished = false;
  moveCount = 0;

  private constructor(
    readonly client: GameClient,
    readonly game: string,
    readonly keys: string[],
    readonly hostKey: string,
    readonly access: string,
    /** NewGame's answer; for a resumed table, the token, seats and keys it resumed from (no events). */
    readonly dealt: NewGameResponse,
  ) {
    this.state = dealt.state;
    this.toAct = [...dealt.toAct];
  }

  /** How many seats the game has. */
  get seatCount(): number {
    return this.dealt.seats.length;
  }

  /** Deal a new game (NewGame); `want` asks for the first view / legal moves / score in the same answer. */
  static async start(client: GameClient, request: NewGameInit, want?: WantInit, options?: CallOptions): Promise<Table> {
    const dealt = await client.newGame({ ...request, want }, options);
    return new Table(client, dealt.game, dealt.seats.map((s) => s.key), dealt.hostKey, dealt.access, dealt);
  }

  /**
   * Come back to a game from what Table.saved (or JSON.stringify(table)) kept, or from a token and
   * one seat's key (`{ state, seat, key }`): asks the service who is to act (View, with a key held,
   * so a wrong key is refused here) and the move count (Score), in parallel.
   */
  static async resume(client: GameClient, saved: SavedTable, options?: CallOptions): Promise<Table> {
    const state = tokenBytes(saved.state);
    const keys = [...(saved.keys ?? [])];
    if (saved.seat !== undefined || saved.key !== undefined) {
      if (saved.seat === undefined || !saved.key || !Number.isInteger(saved.seat) || saved.seat < 0) {
        throw new TypeError("Table.resume: `seat` and `key` come together (a seat number and that seat's key)");
      }
      if (keys[saved.seat] && keys[saved.seat] !== saved.key) {
        throw new TypeError(`Table.resume: \`key\` and \`keys[${saved.seat}]\` differ`);
      }
      keys[saved.seat] = saved.key;
    }
    const asSeat = keys.findIndex((k) => !!k);
    const asKey = saved.hostKey || keys[asSeat] || undefined;
    const seat = saved.hostKey || asSeat < 0 ? undefined : asSeat;
    const game = saved.game ?? "";
    const [seen, score] = await Promise.all([
      client.view({ state, seat, game }, withKey(asKey, options)),
      client.score({ state, game }, options),
    ]);
    const seats = seen.seats.length;
    if (keys.length > seats) {
      throw new RangeError(`Table.resume: keys for ${keys.length} seats, but the game has ${seats}`);
    }
    const filled = Array.from({ length: seats }, (_, i) => keys[i] ?? "");
    const access = saved.access ?? "";
    const hostKey = saved.hostKey ?? "";
    const dealt = create(NewGameResponseSchema, {
      state, game: score.score?.game || game, toAct: seen.toAct, hostKey, access,
      seats: seen.seats.map((s, i) => ({ name: s.name, kind: s.kind, key: filled[i] })),
    });
    const table = new Table(client, dealt.game, filled, hostKey, access, dealt);
    table.finished = seen.finished;
    table.moveCount = score.score?.moveCount ?? 0;
    return table;
  }

  /** What to keep to resume this game: the token as text and the keys; with `seat`, only that
   *  seat's key (a player's front end), else every key and the host key (keep that on a server). */
  saved(seat?: number): SavedTable & { game: string; state: string; keys: string[] } {
    const base = { game: this.game, state: tokenText(this.state), access: this.access };
    if (seat === undefined) return { ...base, keys: [...this.keys], hostKey: this.hostKey };
    const key = this.keyFor(seat) ?? "";
    return { ...base, keys: this.keys.map((_, i) => (i === seat ? key : "")) };
  }

  /** JSON.stringify(table) writes `saved()`: every key and the host key. */
  toJSON(): SavedTable {
    return this.saved();
  }

  /** The key a call for `seat` carries: the seat's own key, or the host key for no seat. */
  keyFor(seat?: number): string | undefined {
    if (seat === undefined) return this.hostKey || undefined;
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.seatCount) {
      throw new RangeError(`no seat ${seat}: the game has seats 0..${this.seatCount - 1}`);
    }
    return this.keys[seat] || undefined;
  }

  /** The legal moves now: `seat`'s own list with its key (ApplyMove's `index` counts in it), else all seats'. */
  async legalMoves(seat?: number): Promise<Move[]> {
    const out = await this.client.legalMoves({ state: this.state, seat, game: this.game }, withKey(this.keyFor(seat)));
    this.toAct = [...out.toAct];
    this.finished = out.finished;
    return out.moves;
  }

  /** Apply `choice` as `seat` (with its key); the new token replaces the old. Returns the whole answer. */
  async apply(seat: number, choice: MoveChoice, want?: WantInit): Promise<ApplyMoveResponse> {
    const request =
      "index" in choice ? { index: choice.index } :
      "text" in choice ? { move: { seat, text: choice.text } } :
      { move: choice.move };
    const out = await this.client.applyMove(
      { state: this.state, game: this.game, want, ...request }, withKey(this.keyFor(seat)));
    this.state = out.state;
    this.toAct = [...out.toAct];
    this.finished = out.finished;
    this.moveCount = out.moveCount;
    return out;
  }

  /** What `seat` may see (with its key); the spectator's view without a seat. */
  async view(seat?: number): Promise<ViewResponse> {
    const key = seat === undefined ? undefined : this.keyFor(seat);
    return this.client.view({ state: this.state, seat, game: this.game }, withKey(key));
  }

  /** The score now: final once the game is over; mid-game, the host key's full sheet. */
  score(): Promise<Score> {
    return this.scoreWith(this.keyFor());
  }

  /** The score as anyone may see it (no key): final once the game is over, mid-game who sits where. */
  publicScore(): Promise<Score> {
    return this.scoreWith(undefined);
  }

  private async scoreWith(key: string | undefined): Promise<Score> {
    const out = await this.client.score({ state: this.state, game: this.game }, withKey(key));
    if (!out.score) throw new Error("Score answered without a score");
    return out.score;
  }
}

/** The moves a NewGame/ApplyMove answer lists, in order (ApplyMove's `index` counts in them): `legalMoves`
 *  as they are (with `want.typedMoves`), else the compact `legalBySeat` spelled out as seat and text. */
export function listed(out: { legalMoves: Move[]; legalBySeat: SeatMoves[] }): Move[] {
  if (out.legalMoves.length > 0) return out.legalMoves;
  return out.legalBySeat.flatMap((group) => group.moves.map((text) => create(MoveSchema, { seat: group.seat, text })));
}

/** A `want` asking for everything about the new state, seen by `seat`. */
export function wantAll(seat?: number): WantInit {
  return create(WantSchema, { view: true, seat, legalMoves: true, score: true });
}
