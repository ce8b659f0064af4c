// JSON-safe records of the service's messages: the generated messages hold bigint (a seed) and
// bytes (a token), which JSON.stringify refuses or garbles; a record is the message's proto3 JSON,
// the same body the REST API sends (64-bit numbers as strings, bytes as base64).
import { createRegistry, fromJson, toJson, type DescMessage, type JsonValue, type Message,
  type MessageShape, type Registry } from "@bufbuild/protobuf";
import { base64Decode, base64Encode } from "@bufbuild/protobuf/wire";
import { protoFiles } from "./gen/index.js";

let known: Registry | undefined;

/** Every message, enum and service of this package's protos, by full name. */
export function registry(): Registry {
  known ??= createRegistry(...protoFiles);
  return known;
}

/** `message` as a JSON-safe record (proto3 JSON, as REST answers): `JSON.stringify` takes it. */
export function toRecord(message: Message): JsonValue {
  const schema = registry().getMessage(message.$typeName);
  if (!schema) throw new TypeError(`toRecord: ${message.$typeName} is not a message of this package's protos`);
  return toJson(schema, message, { registry: registry() });
}

/** The message of `schema` a record (from toRecord, or a REST body) describes. */
export function fromRecord<Desc extends DescMessage>(schema: Desc, record: JsonValue): MessageShape<Desc> {
  return fromJson(schema, record, { registry: registry() });
}

/** A state token as text (standard base64, as proto3 JSON writes bytes). */
export function tokenText(state: Uint8Array): string {
  return base64Encode(state, "std");
}

/** A state token from its text (standard or URL-safe base64) or as bytes. */
export function tokenBytes(state: string | Uint8Array): Uint8Array {
  if (typeof state !== "string") return state;
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(state) || state.length === 0) {
    throw new TypeError("a state token's text is base64 (as toRecord and Table.saved write it)");
  }
  return base64Decode(state);
}
