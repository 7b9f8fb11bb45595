"""Measure the diff of the two largest books and one situation ruled in every house.

    python bench/diff_speed.py [--repeat 20]

Prints measured numbers only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.compare.behaviour import rule_everywhere  # noqa: E402
from engine.compare.diff import diff_books  # noqa: E402
from engine.freetext.knowledge import KnowledgeBase  # noqa: E402


def timed(function, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    kb = KnowledgeBase.load()
    largest = sorted(kb.houses, key=lambda b: -len(kb.library.rules_of(b)))[:2]
    for house in kb.houses:
        kb.effective(house)
    diff_times = timed(lambda: diff_books(kb, *largest), args.repeat)
    spec = {
        "game": "holdem",
        "facts": {
            "event": "exposed-card",
            "card": "holecard",
            "exposed_by": "dealer",
            "card_number": 2,
            "cards_exposed": 1,
            "players_acted": 0,
        },
    }
    everywhere = timed(lambda: rule_everywhere(kb, spec), args.repeat)
    print(
        f"diff {largest[0]} vs {largest[1]}: median {statistics.median(diff_times) * 1000:.1f} ms, "
        f"max {max(diff_times) * 1000:.1f} ms ({args.repeat} runs, effective rulebooks already built)"
    )
    print(
        f"one situation ruled in all {len(kb.houses)} houses: median "
        f"{statistics.median(everywhere) * 1000:.2f} ms, max {max(everywhere) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
