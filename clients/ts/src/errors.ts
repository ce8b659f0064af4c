// Refusals as the service means them: every call of a gameClient rejects with a TabletopError, a
// ConnectError that also carries the google.rpc.ErrorInfo the service sends with every refusal
// (its stable reason and the reason's fields), so a caller never parses the message.
import { ConnectError, Code, type Transport } from "@connectrpc/connect";
import { ErrorInfoSchema, type ErrorInfo } from "./gen/google/rpc/error_details_pb.js";

/** The gRPC name of a code, as REST bodies and the Python client spell it ("FAILED_PRECONDITION"). */
export function codeName(code: Code): string {
  if (code === Code.Canceled) return "CANCELLED";  // gRPC's spelling; Connect's enum says Canceled
  const name = Code[code];
  return typeof name === "string" ? name.replace(/(?<=[a-z])(?=[A-Z])/g, "_").toUpperCase() : String(code);
}

/**
 * A refused call: `reason` is the service's stable snake_case reason ("not_your_turn",
 * "token_stale", ...; "" when the call never reached the service: network, CORS, timeout),
 * `code` Connect's Code (compare with `Code.FailedPrecondition`), `codeName` its gRPC name,
 * `fields` the reason's fields (e.g. `{ option: "robot" }`), `rawMessage` the words.
 * It is a ConnectError too (`instanceof ConnectError` holds; its name stays "ConnectError").
 */
export class TabletopError extends ConnectError {
  readonly reason: string;
  readonly codeName: string;
  readonly fields: Record<string, string>;
  /** The ErrorInfo detail as the service sent it (domain "tabletop-engine"), if there was one. */
  readonly info: ErrorInfo | undefined;

  private constructor(from: ConnectError) {
    super(from.rawMessage, from.code, from.metadata, undefined, from.cause);
    this.details = from.details;
    this.info = from.findDetails(ErrorInfoSchema)[0];
    this.reason = this.info?.reason ?? "";
    this.codeName = codeName(from.code);
    this.fields = { ...this.info?.metadata };
    if (this.reason) this.message = `[${this.codeName}] ${this.reason}: ${from.rawMessage}`;
    if (from.stack) this.stack = from.stack.replace(from.message, this.message);
  }

  /** Any caught value as a TabletopError (a ConnectError's ErrorInfo read; other errors: code Unknown, no reason). */
  static override from(reason: unknown, code: Code = Code.Unknown): TabletopError {
    if (reason instanceof TabletopError) return reason;
    return new TabletopError(ConnectError.from(reason, code));
  }

  // ConnectError's own check would call every ConnectError a TabletopError: check the prototype chain.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && TabletopError.prototype.isPrototypeOf(value);
  }
}

/** `transport` with every refusal (unary and streamed) turned into a TabletopError. */
export function withTabletopErrors(transport: Transport): Transport {
  return {
    async unary(method, signal, timeoutMs, header, input, contextValues) {
      try {
        return await transport.unary(method, signal, timeoutMs, header, input, contextValues);
      } catch (err) {
        throw TabletopError.from(err);
      }
    },
    async stream(method, signal, timeoutMs, header, input, contextValues) {
      try {
        const response = await transport.stream(method, signal, timeoutMs, header, input, contextValues);
        return { ...response, message: rethrowing(response.message) };
      } catch (err) {
        throw TabletopError.from(err);
      }
    },
  };
}

async function* rethrowing<T>(messages: AsyncIterable<T>): AsyncIterable<T> {
  try {
    yield* messages;
  } catch (err) {
    throw TabletopError.from(err);
  }
}
