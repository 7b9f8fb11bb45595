"""Measure, on this machine: knowledge-base load time (cold, in a fresh process) and the
latency of rulings over every situation in tests/rulings/, for every house, in one process.

    python bench/ruling_latency.py [--repeat N]

Prints measured numbers only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.freetext.knowledge import KnowledgeBase  # noqa: E402
from engine.rulings.resolver import resolve  # noqa: E402
from engine.rulings.situation import make_situation  # noqa: E402


def cold_load_seconds(runs: int = 5) -> list[float]:
    code = (
        "import time; t=time.perf_counter(); from engine.freetext.knowledge import KnowledgeBase; "
        "kb=KnowledgeBase.load(); [kb.effective(b) for b in kb.houses]; print(time.perf_counter()-t)"
    )
    return [
        float(
            subprocess.run(
                [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(runs)
    ]


def situations() -> list[dict]:
    found = []
    for path in sorted((ROOT / "tests" / "rulings").glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            found.append(case["situation"])
            if "then" in case:
                found.append(
                    {
                        **case["situation"],
                        "facts": {**case["situation"].get("facts", {}), **case["then"]["facts"]},
                    }
                )
    return found


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    loads = cold_load_seconds()
    print(
        f"cold load + effective rulebooks, fresh process: median {statistics.median(loads) * 1000:.0f} ms "
        f"(min {min(loads) * 1000:.0f}, max {max(loads) * 1000:.0f}; {len(loads)} runs)"
    )
    kb = KnowledgeBase.load()
    cases = situations()
    timings = []
    for _ in range(args.repeat):
        for situation in cases:
            for house in kb.houses:
                built = make_situation(
                    kb.vocab,
                    house,
                    game=situation.get("game"),
                    structure=situation.get("structure"),
                    format=situation.get("format"),
                    facts=situation.get("facts"),
                )
                start = time.perf_counter()
                resolve(kb, built)
                timings.append(time.perf_counter() - start)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"rulings: {len(timings)} ({len(cases)} situations x {len(kb.houses)} houses x {args.repeat})")
    print(
        f"ruling latency: p50 {percentile(timings, 0.5) * 1000:.2f} ms, "
        f"p99 {percentile(timings, 0.99) * 1000:.2f} ms, max {max(timings) * 1000:.2f} ms"
    )
    print(f"peak resident memory of the ruling process: {peak_kb / 1024:.0f} MB")


if __name__ == "__main__":
    main()
