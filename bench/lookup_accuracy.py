"""Accuracy of the free-text lookup on the development set, beside a plain BM25 search.

    python bench/lookup_accuracy.py [--set tests/lookup/dev.yaml] [--misses]

Top-1 / top-3: the expected rule key (or one of its equally right `also` keys) is first /
among the first three keys returned for the description in that house. The baseline is
what a search box gives: BM25 over the house's rule texts (Porter stemming, the same
engine), without the lexicon, the spelling, the facts or the ruling. Beside the lookup,
the same lookup on words alone (as without the sentence model). Also prints the latency
of a free-text ruling (p50/p99, one process). Measured numbers only.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ruling_latency import percentile  # noqa: E402
from engine.freetext.knowledge import KnowledgeBase  # noqa: E402
from engine.freetext.lookup import lookup  # noqa: E402
from engine.freetext.search import RuleIndex  # noqa: E402


def baseline(plain: dict[str, RuleIndex], house: str, text: str) -> list[str]:
    scores = plain[house].search(text)
    return sorted(scores, key=lambda key: (-scores[key], key))[:20]


def hit(ranked: list[str] | tuple[str, ...], entry: dict, k: int) -> bool:
    right = {entry["key"], *entry.get("also", [])}
    return bool(right & set(ranked[:k]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", default=str(ROOT / "tests" / "lookup" / "dev.yaml"))
    parser.add_argument("--misses", action="store_true", help="list the descriptions missed at top-3")
    args = parser.parse_args()
    entries = yaml.safe_load(Path(args.set).read_text(encoding="utf-8"))
    kb = KnowledgeBase.load()
    kb.prepare()  # built before timing
    words_only = KnowledgeBase.load()
    words_only.sentence_model = None  # type: ignore[misc]
    plain_index = {
        book: RuleIndex([entry.rule for entry in kb.effective(book)], plain=True) for book in kb.library.books
    }
    ours = {1: 0, 3: 0}
    base = {1: 0, 3: 0}
    words = {1: 0, 3: 0}
    timings, misses = [], []
    for entry in entries:
        start = time.perf_counter()
        game = entry.get("game") if entry.get("game") in kb.vocab.games else None  # "lowball": a family
        result = lookup(kb, entry["house"], entry["text"], game=game)
        timings.append(time.perf_counter() - start)
        plain = baseline(plain_index, entry["house"], entry["text"])
        wordy = lookup(words_only, entry["house"], entry["text"], game=game).ranked
        for k in (1, 3):
            ours[k] += hit(result.ranked, entry, k)
            base[k] += hit(plain, entry, k)
            words[k] += hit(wordy, entry, k)
        if not hit(result.ranked, entry, 3):
            misses.append((entry, result.ranked[:3], result.inferred.get("event")))
    n = len(entries)
    print(f"descriptions: {n} ({Path(args.set).name})")
    print(f"lookup:        top-1 {ours[1] / n:6.1%}   top-3 {ours[3] / n:6.1%}")
    print(f"  words only:  top-1 {words[1] / n:6.1%}   top-3 {words[3] / n:6.1%}")
    print(f"plain BM25:    top-1 {base[1] / n:6.1%}   top-3 {base[3] / n:6.1%}")
    print(
        f"free-text ruling latency: p50 {percentile(timings, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(timings, 0.99) * 1000:.1f} ms"
    )
    if args.misses:
        for entry, ranked, event in misses:
            print(
                f"- [{entry['house']}] {entry['text']}\n"
                f"    want {entry['key']}; got {list(ranked)}; event {event}"
            )


if __name__ == "__main__":
    main()
