"""The wire layer: what travels. The JSON Structs derived from proto/ (messages), the
Struct <-> protobuf converters (convert), the method table (methods) and the generic
mapping of engine data onto a game's typed messages (games). The generated protobuf
code itself is the public `service.api` package (so clients' imports stay short)."""
