// The game kept across reloads: the newest token and the seat keys (Table.saved), the names, seats and options, the
// viewer and the log, in this tab's sessionStorage (one entry per service URL). Written after every
// move, cleared when the player leaves the game (New game); a reload resumes from it.
import { fromJson, toJson, type JsonValue } from "@bufbuild/protobuf";
import { EventSchema, type Event, type SavedTable } from "../src/index.js";

/** One line of the log: who moved, the move's text, and the events it caused. */
export type LogEntry = { seat: number; moveCount: number; text: string; events: Event[] };

export type Saved = {
  version: 1;
  game: string;
  title: string;
  names: string[];
  robots: boolean[];
  options: Record<string, string>;
  seed: string;           // "" when the service drew it (a bigint does not travel in JSON)
  table: SavedTable;      // Table.saved(): the newest token, the seat keys and the host key (Table.resume)
  viewer: number | null;
  follow: boolean;
  log: { seat: number; moveCount: number; text: string; events: JsonValue[] }[];
};

const LOG_KEPT = 200;

function storageKey(api: string): string {
  return `tabletop-play:${api}`;
}

/** The log in a form JSON keeps (the newest entries). */
export function saveLog(log: LogEntry[]): Saved["log"] {
  return log.slice(-LOG_KEPT).map((e) => ({ ...e, events: e.events.map((ev) => toJson(EventSchema, ev)) }));
}

export function loadLog(saved: Saved["log"]): LogEntry[] {
  return saved.map((e) => ({ ...e, events: e.events.map((ev) => fromJson(EventSchema, ev, { ignoreUnknownFields: true })) }));
}

/** Keep the game (quietly skipped when storage is full or off: the game goes on, only a reload loses it). */
export function save(api: string, saved: Saved): void {
  try {
    sessionStorage.setItem(storageKey(api), JSON.stringify(saved));
  } catch {
    try { sessionStorage.setItem(storageKey(api), JSON.stringify({ ...saved, log: [] })); } catch { /* storage off */ }
  }
}

/** The game kept for this service, if any and readable. */
export function load(api: string): Saved | null {
  try {
    const text = sessionStorage.getItem(storageKey(api));
    if (!text) return null;
    const saved = JSON.parse(text) as Saved;
    return saved.version === 1 && typeof saved.table?.state === "string" && Array.isArray(saved.names) ? saved : null;
  } catch {
    return null;
  }
}

export function clear(api: string): void {
  try { sessionStorage.removeItem(storageKey(api)); } catch { /* storage off */ }
}
