// Acceptance: the TypeScript client plays a full game of every registered game (ListGames) from
// Node, over Connect JSON, Connect binary and gRPC-Web, against a real service started here.
// Every move is made with its seat's key; a final score is read with the host key.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  gameClient, listGames, nodeTransport, playOut, seatOptions, seededRandom, Table, WIRE_FORMATS,
} from "../dist/node.js";
import { startService } from "./server.mjs";

let service;
before(async () => { service = await startService(); });
after(async () => { assert.equal(await service?.stop(), 0, "the service should exit 0 on SIGTERM"); });

test("every registered game, full game, per wire format", { concurrency: true }, async (t) => {
  const games = await listGames(gameClient(nodeTransport(service.url)));
  assert.ok(games.length >= 7, `ListGames listed ${games.length} games`);
  const results = {};  // format -> game -> "moves/winners": the same seeds must give the same games
  await Promise.all(WIRE_FORMATS.map((format) => t.test(format, async (t) => {
    results[format] = {};
    const client = gameClient(nodeTransport(service.url, format));
    for (const info of games) {
      const seats = Array.from({ length: info.minSeats }, (_, i) => ({ name: `P${i}` }));
      const options = seatOptions(info, info.minSeats);  // White Hat's smallest table is the solo game (ListGames says)
      const table = await Table.start(client, { game: info.id, seats, options, seed: 11n, access: "seats" });
      assert.equal(table.access, "seats", `${info.id}: the game was dealt with seat keys`);
      assert.ok(table.keys.every((k) => k.length > 0) && table.hostKey, `${info.id}: every seat has a key`);
      const moves = await playOut(table, seededRandom(11));
      const score = await table.score();
      assert.ok(score.finished, `${info.id} over ${format}: the score says finished`);
      assert.equal(score.moveCount, moves, `${info.id} over ${format}: the service counted every move`);
      assert.ok(score.winners.length > 0, `${info.id} over ${format}: someone won`);
      t.diagnostic(`${format} ${info.id}: ${moves} moves, winners ${score.winners.join(",")}`);
      results[format][info.id] = `${moves}/${score.winners.join(",")}`;
    }
  })));
  for (const format of WIRE_FORMATS) {
    assert.deepEqual(results[format], results[WIRE_FORMATS[0]], `${format} played the games ${WIRE_FORMATS[0]} played`);
  }
});
