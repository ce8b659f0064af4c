// Node transports (connect-node over node:http, HTTP/1.1: the service's HTTP port speaks HTTP/1.1).
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import type { Transport } from "@connectrpc/connect";
import { checkFormat, type WireFormat } from "./transports.js";

export * from "./index.js";

/** A connect-node transport to the service's HTTP port (`baseUrl`, e.g. "http://127.0.0.1:8080"). */
export function nodeTransport(baseUrl: string, format: WireFormat = "connect-json"): Transport {
  checkFormat(format);
  if (format === "grpc-web") return createGrpcWebTransport({ baseUrl, httpVersion: "1.1" });
  return createConnectTransport({ baseUrl, httpVersion: "1.1", useBinaryFormat: format === "connect-binary" });
}
