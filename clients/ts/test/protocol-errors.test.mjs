// Every refusal on the Connect and gRPC-Web paths reaches a generated client (connect-node, over
// Connect JSON, Connect binary and gRPC-Web) as its own code with the service's ErrorInfo, never as
// UNKNOWN: a wrong HTTP method, a body past the method's cap, an empty NewGame, an unknown method
// name. Run by tests/service/test_service_protocol_errors.py against a real service started here.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { GameService, nodeTransport, WIRE_FORMATS } from "../dist/node.js";
import { ErrorInfoSchema } from "../dist/gen/google/rpc/error_details_pb.js";
import { startService } from "./server.mjs";

const NO_SIDE_EFFECTS = 1;  // google.protobuf.MethodOptions.IdempotencyLevel

let service;
before(async () => { service = await startService({ workers: 1 }); });
after(async () => { assert.equal(await service?.stop(), 0, "the service should exit 0 on SIGTERM"); });

/** The ConnectError `call()` is refused with; fails when it is answered. */
async function refusal(call) {
  try {
    await call();
  } catch (err) {
    return ConnectError.from(err);
  }
  assert.fail("the call was answered, not refused");
}

/** Asserts the client decoded `code` and the service's ErrorInfo `reason` (and `metadata`); logs a line. */
function expect(t, format, what, err, code, reason, metadata = {}) {
  const infos = err.findDetails(ErrorInfoSchema);
  const where = `${format} ${what}: [${Code[err.code]}] ${err.rawMessage}`;
  assert.equal(Code[err.code], Code[code], where);
  assert.equal(infos.length, 1, `${where}: one ErrorInfo in the details`);
  assert.equal(infos[0].reason, reason, where);
  assert.equal(infos[0].domain, "tabletop-engine", where);
  for (const [key, value] of Object.entries(metadata)) assert.equal(infos[0].metadata[key], value, where);
  t.diagnostic(`refusal ${format} ${what}: ${Code[err.code]} ${infos[0].reason}`);
}

/** An interceptor that sends every call with `method` as its HTTP method. */
const httpMethod = (method) => (next) => (req) => next({ ...req, requestMethod: method });

test("refusals decode to their codes on every wire format", { concurrency: true }, async (t) => {
  await Promise.all(WIRE_FORMATS.map((format) => t.test(format, async (t) => {
    const transport = nodeTransport(service.url, format);
    const client = createClient(GameService, transport);

    // An empty NewGame (Connect binary sends no body at all): bad input naming `game`, not 404.
    expect(t, format, "empty", await refusal(() => client.newGame({})), Code.InvalidArgument, "missing_game",
      { field: "game" });

    // A body past the method's cap (64 KiB for Score).
    const big = new Uint8Array(300_000).fill(7);
    expect(t, format, "too-large", await refusal(() => client.score({ state: big })), Code.ResourceExhausted,
      "body_too_large");

    // A method name the service does not have (a newer client's, say).
    const nope = { ...GameService.method.listGames, name: "NoSuchMethod" };
    expect(t, format, "unknown-method", await refusal(() => transport.unary(nope, undefined, undefined, undefined, {})),
      Code.Unimplemented, "no_such_method");

    // The wrong HTTP method.
    const options = { baseUrl: service.url, httpVersion: "1.1", interceptors: [httpMethod("PUT")] };
    const put = createClient(GameService, format === "grpc-web" ? createGrpcWebTransport(options)
      : createConnectTransport({ ...options, useBinaryFormat: format === "connect-binary" }));
    expect(t, format, "wrong-method", await refusal(() => put.listGames({})), Code.Unimplemented,
      "method_not_allowed", { allow: "GET, POST" });
  })));
});

test("a client that believes ApplyMove side-effect free asks by GET, and reads the refusal", async (t) => {
  // What a client generated from a newer proto (ApplyMove marked NO_SIDE_EFFECTS) meets on this service.
  const getting = createConnectTransport({ baseUrl: service.url, httpVersion: "1.1", useHttpGet: true });
  const applyMove = { ...GameService.method.applyMove, idempotency: NO_SIDE_EFFECTS };
  const err = await refusal(() => getting.unary(applyMove, undefined, undefined, undefined,
    { state: new Uint8Array([1, 2, 3]) }));
  expect(t, "connect-json", "get", err, Code.Unimplemented, "method_not_allowed", { allow: "POST" });
});
