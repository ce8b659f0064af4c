// The package's own guarantees against a real service: refusals carry the service's reason, code and
// fields on every wire format; Table.resume comes back to a game from what Table.saved kept (or a
// token and one seat's key); records of messages are JSON-safe and read back; every proto's messages
// are exported.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  Code, ConnectError, createClient, fromRecord, gameClient, GameService, NewGameResponseSchema, nodeTransport,
  seededRandom, playOut, Table, TabletopError, toRecord, WIRE_FORMATS,
} from "../dist/node.js";
import * as pkg from "../dist/node.js";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, startService } from "./server.mjs";

let service;
before(async () => { service = await startService({ workers: 1 }); });
after(async () => { assert.equal(await service?.stop(), 0, "the service should exit 0 on SIGTERM"); });

/** The error `call()` is refused with; fails when it is answered. */
async function refused(call) {
  try {
    await call();
  } catch (err) {
    return err;
  }
  assert.fail("the call was answered, not refused");
}

const twoSeats = [{ name: "Ann" }, { name: "Bob" }];

test("every refusal is a TabletopError with the service's reason, code and fields", async (t) => {
  for (const format of WIRE_FORMATS) {
    const client = gameClient(nodeTransport(service.url, format));
    const err = await refused(() => Table.start(client, { game: "white_hat", seats: twoSeats }));
    assert.ok(err instanceof TabletopError && err instanceof ConnectError, `${format}: ${err}`);
    assert.equal(err.reason, "bad_option_value", format);
    assert.equal(err.code, Code.InvalidArgument, format);
    assert.equal(err.codeName, "INVALID_ARGUMENT", format);
    assert.deepEqual(err.fields, { option: "robot" }, format);
    assert.equal(err.info?.domain, "tabletop-engine", format);
    assert.match(err.message, /^\[INVALID_ARGUMENT\] bad_option_value: /, format);
    t.diagnostic(`${format}: ${err.message}`);
  }
  // A client made with Connect's createClient throws plain ConnectErrors; TabletopError.from reads them.
  const raw = createClient(GameService, nodeTransport(service.url));
  const plain = await refused(() => raw.applyMove({ state: new Uint8Array([5, 1, 2]), index: 0 }));
  assert.ok(!(plain instanceof TabletopError));
  assert.ok(TabletopError.from(plain).reason, "the raw client's refusal has its reason once read");
  // A call that never reached the service: a TabletopError without a reason.
  const down = await refused(() => gameClient(nodeTransport("http://127.0.0.1:1")).listGames({}));
  assert.ok(down instanceof TabletopError);
  assert.equal(down.reason, "");
  assert.equal(down.code, Code.Unavailable);
});

test("Table.resume comes back to the game from what Table.saved kept", async () => {
  const client = gameClient(nodeTransport(service.url));
  const table = await Table.start(client, { game: "hats", seats: twoSeats, seed: 3n, access: "seats" });
  for (let i = 0; i < 4; i++) await table.apply(table.toAct[0], { index: 0 });

  const whole = await Table.resume(client, JSON.parse(JSON.stringify(table)));
  assert.deepEqual([whole.game, whole.moveCount, whole.toAct, whole.finished, whole.keys, whole.hostKey, whole.access],
                   [table.game, 4, table.toAct, false, table.keys, table.hostKey, "seats"]);
  assert.deepEqual(whole.state, table.state);

  const seat = table.toAct[0];
  const mine = table.saved(seat);
  assert.equal(mine.hostKey, undefined, "a seat's saved game holds no host key");
  assert.deepEqual(mine.keys.filter(Boolean), [table.keys[seat]], "a seat's saved game holds its key only");
  const player = await Table.resume(client, { state: mine.state, seat, key: table.keys[seat] });
  assert.equal(player.game, "hats", "the game's id comes from the token when not saved");
  assert.equal(player.moveCount, 4);
  const turn = await player.apply(seat, { index: 0 });
  assert.equal(turn.moveCount, 5, "the resumed seat plays with its key");
  const other = 1 - seat;
  assert.equal((await refused(() => player.apply(other, { index: 0 }))).reason, "no_key",
               "the other seat's key was not kept");

  // Bad input is refused, naming the problem.
  const wrong = await refused(() => Table.resume(client, { state: mine.state, seat: other, key: table.keys[seat] }));
  assert.equal(wrong.reason, "wrong_key", "a key that is not the seat's is refused at resume");
  await assert.rejects(Table.resume(client, { state: mine.state, seat }), /`seat` and `key` come together/);
  await assert.rejects(Table.resume(client, { state: "not a token!" }), /base64/);
  await assert.rejects(Table.resume(client, { state: mine.state, keys: [table.keys[0], "", "x"] }),
                     /keys for 3 seats, but the game has 2/);
  // The keys of the whole table with the newest token (the player's: the service refuses older ones).
  const again = await Table.resume(client, { ...table.saved(), state: player.saved().state });
  assert.equal(again.moveCount, 5);
  await playOut(again, seededRandom(3));
  assert.ok((await again.score()).finished);
});

test("records of messages are JSON-safe and read back", async () => {
  const client = gameClient(nodeTransport(service.url));
  const table = await Table.start(client, { game: "cambio", seats: twoSeats, seed: 2n ** 63n + 5n });
  assert.throws(() => JSON.stringify(table.dealt), /BigInt/, "the message itself holds a bigint");
  const text = JSON.stringify(toRecord(table.dealt));
  const record = JSON.parse(text);
  assert.equal(record.seed, "9223372036854775813", "64-bit numbers are strings");
  assert.equal(typeof record.state, "string", "the token is base64 text");
  const back = fromRecord(NewGameResponseSchema, record);
  assert.equal(back.seed, table.dealt.seed);
  assert.deepEqual(back.state, table.dealt.state);
  assert.deepEqual(back.events, table.dealt.events, "each game's typed events survive the round trip");
  assert.throws(() => toRecord({ $typeName: "nope.Nothing" }), /nope\.Nothing is not a message of this package/);
});

test("every message of every proto in proto/engine/v1 is exported, and known to records", () => {
  const protos = readdirSync(join(ROOT, "proto", "engine", "v1")).filter((f) => f.endsWith(".proto"));
  const files = new Map(pkg.protoFiles.map((f) => [f.proto.name, f]));
  for (const proto of protos) {
    const file = files.get(`engine/v1/${proto}`);
    assert.ok(file, `engine/v1/${proto} is in protoFiles`);
    for (const message of file.messages) {
      assert.equal(pkg[`${message.name}Schema`], message, `${message.name}Schema is exported`);
      assert.equal(pkg.registry().getMessage(message.typeName), message);
    }
  }
  assert.ok(pkg.ErrorInfoSchema && pkg.StatusSchema, "google.rpc's ErrorInfo and Status are exported");
  assert.equal(pkg.Code, Code, "Code is Connect's (google.rpc.Code has the same numbers)");
});
