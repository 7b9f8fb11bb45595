"""Load on the production server: /api/ruling from 50 concurrent connections for 30 seconds.

    python bench/load_api.py [--clients 50] [--seconds 30] [--port 8765] [--unique] [--warm S]

Starts `pokerrules serve` (gunicorn, one worker per core) on localhost and drives it with
wrk (Debian's package, written in C, so the load generator takes little of the machine's
two cores), cycling through real requests: every ruling case's situation in the three
houses and every free-text description of the development set. `--unique` makes each
free-text request different, so the server's ruling cache cannot answer it. `--warm S`
first runs S seconds of the same load unmeasured, so the figures are those of a server
whose caches are full (by default they start empty, as after a restart). Prints the
measured p50/p99 latency, throughput and error count; bounded by wrk's duration. Also:
the server's start time (until it answers), the CPU its workers spent per request during
the measured run and the limit that sets (cores / CPU per request: the throughput if the
server had every core to itself), each worker's memory (PSS: its share of the pages the
workers share after the fork), and the machine's load average (other programs included).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
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
    for _ in range(900):
        try:
            urllib.request.urlopen(url, timeout=1)  # noqa: S310 - our own server on localhost
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"the server did not answer at {url}")


def reload_meanwhile(server: int, every: float, seconds: int) -> list[float]:
    """SIGHUP to the server every `every` seconds while the measured run lasts (in a thread)."""
    sent: list[float] = []
    if not every:
        return sent

    def send() -> None:
        started = time.monotonic()
        while time.monotonic() - started + every < seconds:
            time.sleep(every)
            os.kill(server, signal.SIGHUP)
            sent.append(time.monotonic() - started)

    threading.Thread(target=send, daemon=True).start()
    return sent


def workers_of(master: int) -> list[int]:
    """The server's worker processes (the master's children)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if parent == master:
            found.append(int(stat.parent.name))
    return found


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time the processes have used."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def scheduled_seconds(pids: list[int]) -> tuple[float, float]:
    """(on a core, runnable but waiting for one) of every thread of the processes: the second
    is the time other programs (or each other) took the cores from them."""
    ran = waited = 0
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
            try:
                on_cpu, on_queue, _ = task.read_text().split()
            except (OSError, ValueError):
                continue
            ran, waited = ran + int(on_cpu), waited + int(on_queue)
    return ran / 1e9, waited / 1e9


def memory_mb(pid: int) -> tuple[float, float]:
    """(PSS, RSS) of a process in MB."""
    values = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name in ("Pss", "Rss"):
            values[name] = int(rest.split()[0]) / 1024
    return values.get("Pss", 0.0), values.get("Rss", 0.0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--unique", action="store_true", help="make every free-text request different")
    parser.add_argument("--warm", type=int, default=0, help="seconds of load before the measured run")
    parser.add_argument("--workers", type=int, help="server worker processes (default: the server's own)")
    parser.add_argument("--threads", type=int, help="threads per server worker (default: the server's own)")
    parser.add_argument(
        "--reload-every",
        type=float,
        default=0,
        help="send the server SIGHUP (reload the rules) every S seconds",
    )
    args = parser.parse_args()
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("wrk is not installed: apt-get install wrk")
    paths = request_paths()
    command = [sys.executable, "-m", "engine.cli", "serve", "--port", str(args.port)]
    command += ["--workers", str(args.workers)] if args.workers else []
    command += ["--threads", str(args.threads)] if args.threads else []
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", args.port)) == 0:
            raise SystemExit(f"port {args.port} is taken (another server?): choose one with --port")
    started = time.monotonic()
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(f"http://127.0.0.1:{args.port}/api/books")
        start_seconds = time.monotonic() - started
        workers = workers_of(server.pid)
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
            cpu_before, load_before = cpu_seconds(workers), os.getloadavg()[0]
            sched_before = scheduled_seconds(workers)
            reloads = reload_meanwhile(server.pid, args.reload_every, args.seconds)
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
            server_cpu = cpu_seconds(workers) - cpu_before
            ran, waited = (
                end - start for end, start in zip(scheduled_seconds(workers), sched_before, strict=True)
            )
            load = (load_before + os.getloadavg()[0]) / 2
            memory = (
                [] if args.reload_every else [memory_mb(pid) for pid in workers]
            )  # replaced workers are gone
    finally:
        server.terminate()
        server.wait(timeout=120)  # a reload under way finishes first
    report(result.stdout, args, len(paths))
    if args.reload_every:
        print(f"{len(reloads)} reloads (SIGHUP) during the run, every {args.reload_every:g} s")
        return
    requests = int(re.search(r"(\d+) requests in", result.stdout).group(1))
    per_request = server_cpu / max(requests, 1)
    cores = os.cpu_count() or 1
    print(
        f"server CPU per request {per_request * 1000:.1f} ms: the CPU limit on {cores} cores is "
        f"{cores / per_request:.0f} requests/s; measured {requests / args.seconds:.0f}/s "
        f"({requests / args.seconds / (cores / per_request):.0%} of it)"
    )
    print(
        f"start {start_seconds:.1f} s; {len(workers)} workers, each PSS "
        + ", ".join(f"{pss:.0f} MB (RSS {rss:.0f})" for pss, rss in memory)
        + f"; load average during the run {load:.1f} (other programs included)"
    )
    print(
        f"the workers' threads ran {ran:.1f} s and waited {waited:.1f} s for a core "
        f"({cores * args.seconds} core-seconds in the run)"
    )


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
    for line in output.splitlines():
        if "Socket errors" in line or "Non-2xx" in line:
            print(f"wrk: {line.strip()}")


if __name__ == "__main__":
    main()
