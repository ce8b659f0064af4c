// Errors in words: a refusal with its code and reason, and a call the browser could not make at all
// (fetch's TypeError): from another origin, either the service refused this page's origin (CORS) or
// it is not reachable; a no-cors probe of its /readyz tells the two apart.
import { ConnectError, TabletopError } from "../src/index.js";

/** The call never reached an answer: the browser's fetch failed (network, or CORS). */
export function fetchFailed(err: unknown): boolean {
  const cause = err instanceof ConnectError ? err.cause : err;
  return cause instanceof TypeError;
}

/** A refusal or failure in words, e.g. "[FAILED_PRECONDITION] not your turn (not_your_turn)". */
export function describe(err: unknown): string {
  if (err instanceof ConnectError) {
    const e = TabletopError.from(err);
    return `[${e.codeName}] ${e.rawMessage}${e.reason ? ` (${e.reason})` : ""}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Why a call to `api` could not be made from this page, in words a developer can act on. */
export async function unreachable(api: string): Promise<string> {
  const origin = location.origin;
  const target = new URL(api, location.href).origin;
  if (target === origin) return `the service at ${api} did not answer: is it running?`;
  let reachable = false;
  try {
    await fetch(new URL("/readyz", api), { mode: "no-cors", cache: "no-store" });
    reachable = true;  // an opaque answer: the service is there, it only refused to share it with this origin
  } catch { /* not reachable at all */ }
  return reachable
    ? `the service at ${api} refused this page's origin ${origin}: start it with TABLETOP_CORS_ORIGINS=${origin}`
    : `the service at ${api} did not answer: is it running, and is the address right?`;
}
