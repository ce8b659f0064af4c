"""Ours against the plain peer (OpenSpiel behind FastAPI and grpcio): `python -m bench.peers`."""
