"""Hostile requests against the production server: counts 5xx answers and invalid JSON.

    python bench/probe_http.py [--requests 20000] [--clients 16] [--port 8766] [--seed 1]

Starts `pokerrules serve` on the bundled books and sends requests built from a seeded random
generator: every route, any method, parameters with any characters (invalid UTF-8, numbers
that are no numbers at a table, 2,000-character descriptions in several scripts, too many
facts), JSON bodies valid and not, odd Host headers, and requests the HTTP layer itself must
refuse (a malformed request line or header, an unknown transfer coding, a huge header).
Each goes on its own connection (`Connection: close`). Prints how many got a 2xx/3xx/4xx, a
5xx, a body under /api (or from the protocol layer) that is not JSON, and no answer at all.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import subprocess
import sys
import time
import urllib.parse
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATHS = ["/api/ruling", "/api/diff", "/api/books", "/api/openapi.json", "/", "/compare", "/diff", "/diff.md",
         "/books", "/books/catfish-bend", "/rule/holdem.exposed-holecard", "/glossary", "/api/nothing",
         "//api//books", "/static/style.css", "/favicon.ico", "/rule/%ff%fe", "/books/%00"]  # fmt: skip
NAMES = ["house", "game", "structure", "format", "q", "fact", "answered", "a", "b", "section", "substantive",
         "fact_name", "fact_value", "num"]  # fmt: skip
VALUES = ["all", "roberts-home", "catfish-bend", "homepokertourney", "holdem", "omaha", "no-limit",
          "tournament", "event=exposed-card", "card_number=nan", "card_number=1e309", "card_number=-0",
          "players_acted=" + "9" * 400, "event=", "=x", "exposed_by=dealer", "1", "true", ""]  # fmt: skip
SCRIPTS = [
    "dealer flashed my second card ",
    "¿el crupier mostró? ",
    "庄家亮了牌 ",
    "🂡🂢 ",
    "\u202e\u0000\ufeff ",
]
METHODS = ["GET"] * 8 + ["POST"] * 4 + ["HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "BREW"]


def raw(request_line: str, *headers: str, body: bytes = b"") -> bytes:
    lines = [request_line, "Host: x", *headers, "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


RAW = [
    raw("GET /api/books HTTP/1.1", "Bad Header: y"),
    raw("GET /api/books HTTP/9.9"),
    b"\x00\xff\xfe garbage\r\n\r\n",
    raw("GET /api/books HTTP/1.1", "X: " + "a" * 9000),
    raw("POST /api/ruling HTTP/1.1", "Transfer-Encoding: gzip, chunked", body=b"0\r\n\r\n"),
    raw("POST /api/ruling HTTP/1.1", "Transfer-Encoding: chunked", body=b"zz\r\n\r\n"),
    raw("POST /api/ruling HTTP/1.1", "Content-Length: -1"),
    raw("POST /api/ruling HTTP/1.1", "Content-Length: 1", "Content-Length: 2", body=b"ab"),
    raw("GET /api/books?" + "%" * 5000 + " HTTP/1.1"),
    raw("GET /api/books HTTP/1.1", " Folded: y"),
    raw("GET http://other.example/api/books HTTP/1.1"),
    raw("GET * HTTP/1.1"),
]


def any_text(rng: random.Random, limit: int = 40) -> str:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(VALUES)
    if roll < 0.4:
        return (rng.choice(SCRIPTS) * 400)[: rng.choice([1999, 2000, 2001, 2500])]
    return "".join(
        chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x2FFF)]))
        for _ in range(rng.randrange(limit))
    )


def query(rng: random.Random) -> str:
    pairs = [(rng.choice(NAMES), any_text(rng)) for _ in range(rng.randrange(8))]
    if rng.random() < 0.05:
        pairs += [("fact", f"f{n}=1") for n in range(60)]
    encoded = urllib.parse.urlencode(pairs)
    if rng.random() < 0.1:
        encoded += "&q=%ff%fe%c3&house=%e2%82"  # not UTF-8
    return encoded


def any_json(rng: random.Random, depth: int = 0) -> object:
    roll = rng.random()
    if depth > 2 or roll < 0.4:
        return rng.choice([None, True, 0, -1, 1e308, 2**70, "", any_text(rng), "nan"])
    if roll < 0.6:
        return [any_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["house", "q", "game", "facts", "answered", "structure", "format", any_text(rng, 8)]
    return {rng.choice(keys): any_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def build(rng: random.Random) -> tuple[bytes, bool]:
    """A request's bytes, and whether its answer must be JSON."""
    if rng.random() < 0.05:
        return rng.choice(RAW), True
    method, path = rng.choice(METHODS), rng.choice(PATHS)
    target = f"{path}?{query(rng)}" if rng.random() < 0.8 else path
    host = rng.choice(
        ["localhost", "x", "a" * 70 + ".example", "", "exa mple", "ex\u00e4mple.com", "[::1]:80"]
    )
    body = b""
    headers = [f"Host: {host}", "Connection: close"]
    if method == "POST":
        body = (
            json.dumps(any_json(rng)).encode()
            if rng.random() < 0.8
            else bytes(rng.randrange(256) for _ in range(50))
        )
        kind = rng.choice(["application/json", "text/plain", "application/json; charset=latin-1"])
        headers += [f"Content-Type: {kind}"]
        headers += [f"Content-Length: {len(body)}"]
    head = f"{method} {target} HTTP/1.1\r\n" + "\r\n".join(headers) + "\r\n\r\n"
    return head.encode("utf-8", "surrogateescape") + body, path.startswith("/api") and method not in ("HEAD",)


def send(port: int, request: bytes) -> bytes | None:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(request)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
            return answer
    except OSError:
        return None


def judge(answer: bytes | None, wants_json: bool) -> str:
    if not answer:
        return "no answer"
    head, _, body = answer.partition(b"\r\n\r\n")
    try:
        status = int(head.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return "no status line"
    if status >= 500:
        return "5xx"
    is_json = b"content-type: application/json" in head.lower()
    if (wants_json or is_json) and status != 204 and body:
        try:
            json.loads(body)
        except ValueError:
            return "invalid JSON"
    return f"{status // 100}xx"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    requests = [build(rng) for _ in range(args.requests)]
    log = (
        open(ROOT / "test-output" / "probe_http.log", "w")
        if (ROOT / "test-output").is_dir()
        else subprocess.DEVNULL
    )
    command = [sys.executable, "-m", "engine.cli", "serve", "--port", str(args.port)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_for(args.port)
        started = time.monotonic()
        with ThreadPoolExecutor(args.clients) as pool:
            verdicts = list(
                pool.map(lambda item: (judge(send(args.port, item[0]), item[1]), item[0]), requests)
            )
        seconds = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    counts = Counter(verdict for verdict, _ in verdicts)
    print(
        f"{len(requests)} hostile requests in {seconds:.0f} s from {args.clients} clients (seed {args.seed}):"
    )
    for verdict, count in sorted(counts.items()):
        print(f"  {verdict:<14} {count}")
    bad = [
        request
        for verdict, request in verdicts
        if verdict in ("5xx", "invalid JSON", "no status line", "no answer")
    ]
    for request in bad[:5]:
        print("  e.g.", request[:300])


def wait_for(port: int) -> None:
    for _ in range(900):
        if send(port, b"GET /api/books HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"):
            return
        time.sleep(0.1)
    raise SystemExit("the server did not start")


if __name__ == "__main__":
    main()
