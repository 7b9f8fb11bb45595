"""Half-open and slow clients against the production server: do other requests still answer?

    python bench/probe_slow.py [--half-open 100] [--requests 20] [--port 8767]

Starts `pokerrules serve` on the bundled books, opens `--half-open` connections (half send
nothing, half send part of a request's head and stop), then times `--requests` ordinary
rulings one after another on a new connection each. Prints their median and slowest time
(a request that waited for a worker's timeout shows here as tens of seconds).
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULING = (
    "/api/ruling?house=catfish-bend&game=holdem&fact=event=exposed-card&fact=card=holecard&fact=card_number=2"
)


def wait_for(url: str) -> float:
    started = time.monotonic()
    for _ in range(900):
        try:
            urllib.request.urlopen(url, timeout=1)  # noqa: S310 - our own server on localhost
            return time.monotonic() - started
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"the server did not answer at {url}")


def timed(url: str) -> float:
    started = time.perf_counter()
    try:
        urllib.request.urlopen(url, timeout=120).read()  # noqa: S310 - our own server on localhost
    except OSError as error:
        print(f"  a request failed: {error}")
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--half-open", type=int, default=100)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--port", type=int, default=8767)
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    command = [sys.executable, "-m", "engine.cli", "serve", "--port", str(args.port)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    held: list[socket.socket] = []
    try:
        wait_for(base + "/api/books")
        quiet = [timed(base + RULING) for _ in range(args.requests)]
        for index in range(args.half_open):
            sock = socket.create_connection(("127.0.0.1", args.port))
            if index % 2:
                sock.sendall(b"GET /api/books HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            held.append(sock)
        time.sleep(0.5)
        crowded = [timed(base + RULING) for _ in range(args.requests)]
    finally:
        for sock in held:
            sock.close()
        server.terminate()
        server.wait(timeout=60)
    for label, times in (("alone", quiet), (f"beside {args.half_open} half-open connections", crowded)):
        median, slowest = statistics.median(times), max(times)
        print(f"{label}: {len(times)} rulings, median {median:.1f} ms, slowest {slowest:.1f} ms")


if __name__ == "__main__":
    main()
