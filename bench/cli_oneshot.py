"""Time a one-shot free-text ruling on the command line, the whole process (start-up, imports,
loading, the lookup), with the build cache (engine.freetext.cache) cold, warm and off.

    python bench/cli_oneshot.py [--runs N] [--house catfish-bend] [TEXT]

Each run uses a cache folder of its own ($POKERRULES_CACHE, in a temporary folder) holding
the sentence model's vectors, as `make` leaves them: cold runs start with nothing else there
(the first run after an install or a change to the data or the code); warm runs find what
an earlier run kept; off runs keep nothing ($POKERRULES_BUILD_CACHE=off: how every run went
before the cache). Prints the median of N runs of each (min and max beside it); measured
numbers only, nothing asserted.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.freetext.vector_store import store_path  # noqa: E402

TEXT = "dealer flashed seat 4's second card"


def command(house: str, text: str) -> list[str]:
    """The installed `pokerrules` beside this Python, as a person runs it; else the module."""
    script = Path(sys.executable).parent / "pokerrules"
    start = [str(script)] if script.exists() else [sys.executable, "-m", "engine.cli"]
    return [*start, "ruling", "--house", house, text]


CPU = {"cold": [], "warm": [], "off": []}  # CPU seconds (user + system) of each run, by kind


def timed(argv: list[str], environment: dict[str, str], kind: str) -> tuple[float, str]:
    start, used = time.perf_counter(), _children_cpu()
    done = subprocess.run(argv, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - start
    CPU[kind].append(_children_cpu() - used)
    if done.returncode != 0:
        raise SystemExit(f"the command failed ({done.returncode}): {done.stderr.strip()}")
    return seconds, done.stdout


def _children_cpu() -> float:
    """CPU time the finished child processes took: on a machine others share, it says what a
    run costs when the wall time also counts their turns."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def report(name: str, seconds: list[float]) -> None:
    print(
        f"{name:<5} median {statistics.median(seconds):6.3f} s   (min {min(seconds):.3f}, "
        f"max {max(seconds):.3f}; {len(seconds)} runs)   CPU median {statistics.median(CPU[name]):.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--house", default="catfish-bend")
    parser.add_argument("text", nargs="?", default=TEXT)
    args = parser.parse_args()
    vectors = store_path()
    if not vectors.exists():
        raise SystemExit(f"no vectors at {vectors}: build them (`make`, or python -m tools.build_vectors)")
    argv = command(args.house, args.text)
    print(f"{' '.join(argv[-4:-1])} {args.text!r}; {args.runs} runs each")
    with tempfile.TemporaryDirectory(prefix="pokerrules-bench-") as folder:
        cache = Path(folder)
        shutil.copy(vectors, cache / vectors.name)
        environment = {**os.environ, "POKERRULES_CACHE": str(cache)}
        environment.pop("POKERRULES_BUILD_CACHE", None)
        outputs = set()
        cold = []
        for _ in range(args.runs):
            shutil.rmtree(cache / "builds", ignore_errors=True)
            seconds, said = timed(argv, environment, "cold")
            cold.append(seconds)
            outputs.add(said)
        warm = []
        for _ in range(args.runs):
            seconds, said = timed(argv, environment, "warm")
            warm.append(seconds)
            outputs.add(said)
        off = []
        for _ in range(args.runs):
            seconds, said = timed(argv, {**environment, "POKERRULES_BUILD_CACHE": "off"}, "off")
            off.append(seconds)
            outputs.add(said)
    report("cold", cold)
    report("warm", warm)
    report("off", off)
    print(
        "the same ruling printed by every run"
        if len(outputs) == 1
        else f"the runs printed {len(outputs)} different rulings"
    )


if __name__ == "__main__":
    main()
