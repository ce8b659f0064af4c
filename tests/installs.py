"""One installer at a time: the suite installs what it needs on first use (pip, npm, apt-get), and
pytest-xdist runs its workers side by side, so two of them may want the same install at once."""
import contextlib
import fcntl
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def one_installer():
    """Hold the checkout's install lock (flock on its directory: no lock file to leave behind)."""
    fd = os.open(ROOT, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
