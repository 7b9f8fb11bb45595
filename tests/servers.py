"""The production server, started for a test: fails the test loudly when it does not start."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


STARTUP_SECONDS = 90  # it prepares every index before it listens: about 12 s on a laptop


@contextmanager
def running_server(log: Path, *options: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """`pokerrules serve` (the production server) on a free port, as (base URL, process).
    The test fails, with the server's stderr, if it does not answer in time (a file, not a
    pipe, takes its log: a full pipe would stall it)."""
    port = free_port()
    with log.open("w", encoding="utf-8") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "engine.cli", "serve", "--port", str(port), *options],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_SECONDS
    try:
        while True:
            try:
                with urllib.request.urlopen(base + "/api/books", timeout=1):  # noqa: S310 - our own server
                    break
            except OSError:
                pass  # not listening yet
            exited = process.poll()
            if exited is not None or time.monotonic() > deadline:
                status = (
                    f"exited with status {exited}"
                    if exited is not None
                    else f"did not answer within {STARTUP_SECONDS} s"
                )
                pytest.fail(
                    f"the server on {base} {status}; its stderr:\n"
                    + log.read_text(encoding="utf-8", errors="replace"),
                    pytrace=False,
                )
            time.sleep(0.1)
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=30)
