"""How well the example disputes teach the lookup: 4-fold cross-validation on them.

    python bench/examples_crossval.py [--folds 4] [--confusions 40]

The examples (freetext/examples/) are split into folds; each fold is looked up with a
knowledge base that learnt from the other folds only (the terse examples left out), in a
house whose rulebook has the key. Prints top-1 / top-3 accuracy and the pairs of keys
most often mistaken for each other: where the examples do not yet tell neighbours apart.
It uses no test set.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.freetext.knowledge import KnowledgeBase  # noqa: E402
from engine.freetext.lexicon import dispute_examples  # noqa: E402
from engine.freetext.lookup import lookup  # noqa: E402

HOUSES = ("roberts-home", "catfish-bend", "homepokertourney")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folds", type=int, default=4)
    parser.add_argument("--confusions", type=int, default=40)
    args = parser.parse_args()
    full = KnowledgeBase.load()
    examples = dispute_examples()
    books = [*HOUSES, *(book for book in full.library.books if book not in HOUSES)]
    home = {key: next(book for book in books if key in full.rules_by_key(book)) for key in examples}
    top = {1: 0, 3: 0}
    total = 0
    confused: Counter = Counter()
    for fold in range(args.folds):
        learnt = {
            key: [text for i, text in enumerate(said) if i % args.folds != fold]
            for key, said in examples.items()
        }
        kb = KnowledgeBase(full.library, full.vocab, learnt, terse={})
        for key, said in examples.items():
            for text in said[fold :: args.folds]:
                ranked = lookup(kb, home[key], text).ranked
                total += 1
                top[1] += ranked[:1] == (key,)
                top[3] += key in ranked[:3]
                if ranked and ranked[0] != key:
                    confused[(key, ranked[0])] += 1
    print(f"examples: {total} in {args.folds} folds")
    print(f"top-1 {top[1] / total:6.1%}   top-3 {top[3] / total:6.1%}")
    for (key, taken), count in confused.most_common(args.confusions):
        print(f"{count:3d}  {key}  taken for  {taken}")


if __name__ == "__main__":
    main()
