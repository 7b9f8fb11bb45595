"""Scale: 1,000 generated house books, each extending an edition and overriding 5% of its
rules, loaded into one process with the bundled books. Prints measured numbers only.

    python bench/scale_houses.py [--houses 1000] [--share 0.05] [--base roberts-home]

Each generated house replaces a random 5% of the base edition's rules with a record of its
own (same key, another outcome), as a house that rewords some rules would.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ruling_latency import percentile, situations  # noqa: E402
from engine.books.model import Book, BookKind  # noqa: E402
from engine.freetext.knowledge import KnowledgeBase  # noqa: E402
from engine.rulings.resolver import resolve  # noqa: E402
from engine.rulings.situation import make_situation  # noqa: E402

OTHER_OUTCOME = {"allowed": "not-allowed", "not-allowed": "allowed", "misdeal": "no-misdeal"}


def add_houses(kb: KnowledgeBase, count: int, share: float, base: str, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    base_rules = [rule for rule in kb.library.rules_of(base) if "event" in rule.when]
    houses = []
    for index in range(count):
        house = f"house-{index:04d}"
        kb.library.books[house] = Book(
            id=house,
            title=f"Generated house {index}",
            publisher="bench",
            version="1",
            date="2026",
            source=kb.library.books[base].source,
            kind=BookKind.HOUSE,
            extends=(base,),
        )
        for rule in rng.sample(base_rules, max(1, int(len(base_rules) * share))):
            kb.library.rules.append(
                replace(
                    rule,
                    id=rule.id.replace(base, house, 1),
                    book=house,
                    outcome=OTHER_OUTCOME.get(rule.outcome, rule.outcome),
                )
            )
        houses.append(house)
    return houses


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--houses", type=int, default=1000)
    parser.add_argument("--share", type=float, default=0.05)
    parser.add_argument("--base", default="roberts-home")
    parser.add_argument("--rulings", type=int, default=20000)
    args = parser.parse_args()
    start = time.perf_counter()
    kb = KnowledgeBase.load()
    loaded = time.perf_counter()
    houses = add_houses(kb, args.houses, args.share, args.base)
    generated = time.perf_counter()
    for house in houses:
        kb.effective(house)
    compiled = time.perf_counter()
    print(
        f"load bundled books: {(loaded - start) * 1000:.0f} ms; generate {len(houses)} houses "
        f"({len(kb.library.rules)} rules in all): {(generated - loaded) * 1000:.0f} ms; "
        f"effective rulebooks of all houses: {(compiled - generated) * 1000:.0f} ms"
    )
    rng = random.Random(11)
    cases = situations()
    timings = []
    for _ in range(args.rulings):
        case, house = rng.choice(cases), rng.choice(houses)
        situation = make_situation(
            kb.vocab,
            house,
            game=case.get("game"),
            structure=case.get("structure"),
            format=case.get("format"),
            facts=case.get("facts"),
        )
        begin = time.perf_counter()
        resolve(kb, situation)
        timings.append(time.perf_counter() - begin)
    print(
        f"{len(timings)} rulings over {len(houses)} houses x {len(cases)} situations "
        f"(first ruling in a house includes indexing it): p50 {percentile(timings, 0.5) * 1000:.2f} ms, "
        f"p99 {percentile(timings, 0.99) * 1000:.2f} ms, max {max(timings) * 1000:.2f} ms"
    )
    print(f"peak resident memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
