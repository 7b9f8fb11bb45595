"""Load on the production server: /api/ruling from N concurrent clients for T seconds.

    python bench/load_api.py [--clients 50] [--seconds 30] [--port 8765]

Starts `pokerrules serve` (waitress) on localhost, sends requests from client threads over
keep-alive connections, cycling through ruling situations (structured and free text), and
prints measured p50/p99 latency, throughput and the error count. Bounded in time and count.
The requests are the ruling cases' situations in the three houses and the free-text
development set; `--unique` makes each one different so the server's cache cannot help.
"""

from __future__ import annotations

import argparse
import http.client
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from bench.ruling_latency import percentile  # noqa: E402
from engine.behaviour import load_situations  # noqa: E402


def load_queries() -> list[dict]:
    """Every situation of the ruling cases (structured) and every development-set text."""
    queries = []
    for spec in load_situations(ROOT / "tests" / "rulings"):
        for house in ("roberts-home", "catfish-bend", "homepokertourney"):
            query = {"house": house, "fact": [f"{k}={v}" for k, v in (spec.get("facts") or {}).items()]}
            query.update({k: spec[k] for k in ("game", "structure", "format") if spec.get(k)})
            queries.append(query)
    for entry in yaml.safe_load((ROOT / "tests" / "lookup" / "dev.yaml").read_text(encoding="utf-8")):
        queries.append({"house": entry["house"], "q": entry["text"]})
    return queries


QUERIES = load_queries()


def client(port: int, deadline: float, max_requests: int, timings: list, errors: list,
           offset: int, unique: bool) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    sent = 0
    while time.perf_counter() < deadline and sent < max_requests:
        query = dict(QUERIES[(offset + sent * 7) % len(QUERIES)])
        if unique:  # a different request every time: nothing can come from the server's cache
            query["q"] = f"{query.get('q', '')} seat {offset}-{sent}".strip()
        path = "/api/ruling?" + urllib.parse.urlencode(query, doseq=True)
        start = time.perf_counter()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors.append(response.status)
        except (OSError, http.client.HTTPException) as error:
            errors.append(repr(error))
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        timings.append(time.perf_counter() - start)
        sent += 1
    connection.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--max-requests", type=int, default=20000, help="per client, an upper bound")
    parser.add_argument("--unique", action="store_true",
                        help="make every request different (free text), so the server's cache never answers")
    args = parser.parse_args()
    command = [sys.executable, "-m", "engine.cli", "serve", "--port", str(args.port), "--threads", "8"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", args.port, timeout=1).request("GET", "/api/books")
                break
            except OSError:
                time.sleep(0.1)
        timings: list[float] = []
        errors: list = []
        deadline = time.perf_counter() + args.seconds
        work = (args.port, deadline, args.max_requests, timings, errors)
        threads = [threading.Thread(target=client, args=(*work, index * 13, args.unique))
                   for index in range(args.clients)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=10)
    rate = len(timings) / elapsed
    kind = "every request different" if args.unique else f"{len(QUERIES)} distinct requests, cycled"
    print(f"{args.clients} clients, {elapsed:.1f} s, {kind}: {len(timings)} requests ({rate:.0f}/s), "
          f"{len(errors)} errors")
    print(f"latency: p50 {percentile(timings, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(timings, 0.99) * 1000:.1f} ms, max {max(timings) * 1000:.1f} ms "
          f"(client and server share this machine's 2 cores)")


if __name__ == "__main__":
    main()
