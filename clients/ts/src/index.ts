// @tabletop-engine/client: the generated messages and GameService, the Table helper, random play,
// refusals with their reason, JSON-safe records and browser transports (fetch: connect-web). Node
// programs may use these too (Node 20+ has fetch), or the connect-node transports from
// "@tabletop-engine/client/node". The Connect and protobuf names a program needs are re-exported
// here, so it imports one package and a bundle holds one copy of each runtime.
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-web";
import type { Transport } from "@connectrpc/connect";
import { checkFormat, type WireFormat } from "./transports.js";

// Every generated module (each game's messages, engine.v1, google.rpc's ErrorInfo and Status),
// listed by scripts/gen-index.mjs from what `buf generate` wrote.
export * from "./gen/index.js";
export * from "./errors.js";
export * from "./records.js";
export * from "./table.js";
export * from "./robot.js";
export * from "./seats.js";
export * from "./transports.js";

export { Code, ConnectError, createClient } from "@connectrpc/connect";
export type { CallOptions, Client, Interceptor, Transport } from "@connectrpc/connect";
export {
  clone, create, createRegistry, equals, fromBinary, fromJson, fromJsonString, isMessage, toBinary, toJson,
  toJsonString,
} from "@bufbuild/protobuf";
export type {
  DescMessage, JsonObject, JsonValue, Message, MessageInitShape, MessageShape, Registry,
} from "@bufbuild/protobuf";

/** A fetch-based transport to the service's HTTP port (`baseUrl`, e.g. "http://127.0.0.1:8080"). */
export function webTransport(baseUrl: string, format: WireFormat = "connect-json"): Transport {
  checkFormat(format);
  if (format === "grpc-web") return createGrpcWebTransport({ baseUrl });
  return createConnectTransport({ baseUrl, useBinaryFormat: format === "connect-binary" });
}
