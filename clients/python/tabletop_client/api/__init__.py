"""Generated protobuf and gRPC code for proto/engine/v1 (do not edit; run `python -m service.api.generate` in the repository)."""
