// The three wire formats the service speaks on its HTTP port, named the same for browsers and Node.

/** Connect with JSON bodies, Connect with binary protobuf bodies, or gRPC-Web (binary). */
export type WireFormat = "connect-json" | "connect-binary" | "grpc-web";

export const WIRE_FORMATS: readonly WireFormat[] = ["connect-json", "connect-binary", "grpc-web"];

/** Refuse an unknown format name with the list of known ones. */
export function checkFormat(format: string): WireFormat {
  if ((WIRE_FORMATS as readonly string[]).includes(format)) return format as WireFormat;
  throw new Error(`unknown wire format ${JSON.stringify(format)}: use one of ${WIRE_FORMATS.join(", ")}`);
}
