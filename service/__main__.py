"""`python -m service`: gRPC on 50051 and HTTP on 8080 by default (`--help` for flags and environment)."""
import sys

from .process.config import parse
from .process.server import run

if __name__ == "__main__":
    sys.exit(run(parse(sys.argv[1:])))
