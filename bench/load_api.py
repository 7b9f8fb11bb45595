"""Load on the production server: /api/ruling from 50 concurrent connections for 30 seconds.

    python bench/load_api.py [--clients 50] [--seconds 30] [--port 8765] [--unique] [--warm S]

Starts `pokerrules serve` (gunicorn, one worker per core) on localhost and drives it with
wrk (Debian's package, written in C, so the load generator takes little of the machine's
two cores), cycling through real requests: every ruling case's situation in the three
houses and every free-text description of the development set. `--unique` makes each
free-text request different, so the server's ruling cache cannot answer it. `--warm S`
first runs S seconds of the same load unmeasured, so the figures are those of a server
whose caches are full (by default they start empty, as after a restart). Prints the
measured p50/p99 latency, throughput and error count; bounded by wrk's duration.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.compare.behaviour import load_situations  # noqa: E402

LUA = """
local paths = {}
for line in io.lines("%(file)s") do paths[#paths + 1] = line end
local counter = 0
request = function()
  counter = counter + 1
  local path = paths[(counter * 7) %% #paths + 1]
  if %(unique)s and string.find(path, "&q=") then
    path = path .. "+seat+" .. counter .. "-" .. math.random(1000000)
  end
  return wrk.format("GET", path)
end
"""


def request_paths() -> list[str]:
    """Every ruling case's situation in the three houses, and every dev-set description."""
    paths = []
    for spec in load_situations(ROOT / "tests" / "rulings"):
        for house in ("roberts-home", "catfish-bend", "homepokertourney"):
            query = [("house", house)]
            query += [(k, spec[k]) for k in ("game", "structure", "format") if spec.get(k)]
            query += [("fact", f"{k}={v}") for k, v in (spec.get("facts") or {}).items()]
            paths.append("/api/ruling?" + urllib.parse.urlencode(query))
    dev = yaml.safe_load((ROOT / "tests" / "lookup" / "dev.yaml").read_text(encoding="utf-8"))
    for entry in dev:
        query = [("house", entry["house"]), ("q", entry["text"])]
        paths.append("/api/ruling?" + urllib.parse.urlencode(query))
    return paths


def wait_for(url: str) -> None:
    for _ in range(150):
        try:
            urllib.request.urlopen(url, timeout=1)  # noqa: S310 - our own server on localhost
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"the server did not answer at {url}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--unique", action="store_true", help="make every free-text request different")
    parser.add_argument("--warm", type=int, default=0, help="seconds of load before the measured run")
    parser.add_argument("--workers", type=int, help="server worker processes (default: the server's own)")
    parser.add_argument("--threads", type=int, help="threads per server worker (default: the server's own)")
    args = parser.parse_args()
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("wrk is not installed: apt-get install wrk")
    paths = request_paths()
    command = [sys.executable, "-m", "engine.cli", "serve", "--port", str(args.port)]
    command += ["--workers", str(args.workers)] if args.workers else []
    command += ["--threads", str(args.threads)] if args.threads else []
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(f"http://127.0.0.1:{args.port}/api/books")
        with tempfile.TemporaryDirectory() as folder:
            listing = Path(folder) / "paths.txt"
            listing.write_text("\n".join(paths) + "\n", encoding="utf-8")
            script = Path(folder) / "cycle.lua"
            script.write_text(LUA % {"file": listing, "unique": "true" if args.unique else "false"})
            if args.warm:
                subprocess.run(
                    [
                        wrk,
                        "-t2",
                        f"-c{args.clients}",
                        f"-d{args.warm}s",
                        "-s",
                        str(script),
                        f"http://127.0.0.1:{args.port}",
                    ],
                    capture_output=True,
                    timeout=args.warm + 60,
                )
            result = subprocess.run(
                [
                    wrk,
                    "-t2",
                    f"-c{args.clients}",
                    f"-d{args.seconds}s",
                    "--latency",
                    "--timeout",
                    "10s",
                    "-s",
                    str(script),
                    f"http://127.0.0.1:{args.port}",
                ],
                capture_output=True,
                text=True,
                timeout=args.seconds + 60,
            )
    finally:
        server.terminate()
        server.wait(timeout=20)
    report(result.stdout, args, len(paths))


def report(output: str, args: argparse.Namespace, distinct: int) -> None:
    def find(pattern: str) -> str:
        match = re.search(pattern, output)
        return match.group(1) if match else "?"

    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    errors += int(find(r"Non-2xx or 3xx responses: (\d+)") if "Non-2xx" in output else 0)
    kind = "every free-text request different" if args.unique else f"{distinct} distinct requests, cycled"
    total, rate = find(r"(\d+) requests in"), find(r"Requests/sec:\s+([\d.]+)")
    p50, p99 = find(r"50%\s+([\d.]+\w+)"), find(r"99%\s+([\d.]+\w+)")
    print(
        f"{args.clients} connections, {args.seconds} s, {kind}: {total} requests ({rate}/s), {errors} errors"
    )
    print(f"latency: p50 {p50}, p99 {p99} (wrk and the server share this machine's cores)")


if __name__ == "__main__":
    main()
