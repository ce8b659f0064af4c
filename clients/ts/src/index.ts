// @tabletop-engine/client: the generated messages and GameService, the Table helper, random play,
// and browser transports (fetch: connect-web). Node programs may use these too (Node 20+ has
// fetch), or the connect-node transports from "@tabletop-engine/client/node".
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-web";
import type { Transport } from "@connectrpc/connect";
import { checkFormat, type WireFormat } from "./transports.js";

export * from "./gen/engine/v1/engine_pb.js";
export * from "./gen/engine/v1/hats_pb.js";
export * from "./gen/engine/v1/cambio_pb.js";
export * from "./gen/engine/v1/alaska_pb.js";
export * from "./gen/engine/v1/kodiak_pb.js";
export * from "./gen/engine/v1/rune_market_pb.js";
export * from "./gen/engine/v1/white_hat_pb.js";
export * from "./table.js";
export * from "./robot.js";
export * from "./seats.js";
export * from "./transports.js";

/** A fetch-based transport to the service's HTTP port (`baseUrl`, e.g. "http://127.0.0.1:8080"). */
export function webTransport(baseUrl: string, format: WireFormat = "connect-json"): Transport {
  checkFormat(format);
  if (format === "grpc-web") return createGrpcWebTransport({ baseUrl });
  return createConnectTransport({ baseUrl, useBinaryFormat: format === "connect-binary" });
}
