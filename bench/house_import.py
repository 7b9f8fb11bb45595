"""Import the Catfish Bend document over the cardroom edition, as a house would import its
own rules, and measure how many rules get the key of the hand-made `catfish-bend` book.

    python bench/house_import.py [--base roberts-cardroom]

The hand-made book is left out of the keys the import may borrow. Each hand-made record is
matched with the imported record holding its first line. Prints measured numbers only.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.books.loader import load_library  # noqa: E402
from engine.books.validate import iter_problems  # noqa: E402
from engine.houses.importer import import_house  # noqa: E402

HAND_MADE = "catfish-bend"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="roberts-cardroom")
    args = parser.parse_args()
    library = load_library(houses=[])
    document = library.source_of(HAND_MADE)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        report = import_house(library, document, Path(folder), "imported", args.base, exclude=[HAND_MADE])
        took = time.perf_counter() - start
        imported = load_library(houses=[Path(folder)])
        problems = list(iter_problems(imported))
    by_line = {n: record for record in report.records for n in _lines(record.lines)}
    hand = library.rules_of(HAND_MADE)
    elsewhere = {rule.key for rule in library.rules if rule.book != HAND_MADE}
    same = [
        rule for rule in hand if rule.lines[0][0] in by_line and by_line[rule.lines[0][0]].key == rule.key
    ]
    reachable = [rule for rule in hand if rule.key in elsewhere]
    same_reachable = [rule for rule in same if rule.key in elsewhere]
    flagged = {record.id for record in report.to_review}
    wrong = [r for r in hand if r.lines[0][0] in by_line and r not in same and r.key in elsewhere]
    wrong_flagged = [r for r in wrong if by_line[r.lines[0][0]].id in flagged]
    new = [r for r in hand if r.key not in elsewhere and r.lines[0][0] in by_line]
    new_same = [r for r in new if r in same]
    new_area = [r for r in new if _area(by_line[r.lines[0][0]].key) == _area(r.key)]
    new_listed = [r for r in new if by_line[r.lines[0][0]].id in flagged]
    print(f"import of {document.name} over {args.base}: {len(report.records)} records in {took:.1f} s")
    print(f"  aligned with a known rule: {len(report.aligned)}; listed for review: {len(report.to_review)}")
    print(f"  validate problems in the imported house: {len(problems)}")
    print(f"same key as the hand-made {HAND_MADE} ({len(hand)} rules): {len(same) / len(hand):.1%}")
    print(
        f"  of the {len(reachable)} whose key another book has: {len(same_reachable) / len(reachable):.1%}"
        f"; of the {len(wrong)} given another key, {len(wrong_flagged)} are listed for review"
    )
    print(
        f"  of the {len(new)} whose key no other book has: {len(new_same) / len(new):.1%} the same key, "
        f"{len(new_area) / len(new):.1%} the same area; {len(new_listed)} listed for review"
    )


def _area(key: str) -> str:
    return key.split(".", 1)[0]


def _lines(lines: str) -> range:
    start, _, end = lines.partition("-")
    return range(int(start), int(end or start) + 1)


if __name__ == "__main__":
    main()
