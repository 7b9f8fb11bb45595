"""Are the free-text rulings the same as before a change? The ruling object (the contract's
JSON, as `/api/ruling` and `ruling --json` give it) of every text of tests/lookup/*.yaml and
every `said` example of freetext/examples/*.yaml, in each of three houses, written once from
the code before a change and compared with the code after it.

    python bench/same_answers.py --write /tmp/answers-before.jsonl.gz     # before the change
    python bench/same_answers.py --compare /tmp/answers-before.jsonl.gz   # after it
    python bench/same_answers.py --files BEFORE AFTER     # or write both, then compare them

`--every N` takes every Nth text (a quicker sample; the same sample on both sides). Prints
"N of N identical" and the first differences; measured only, nothing asserted. Keep the
baseline outside the repository: it is made from code, not data.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.answer import answer_dispute  # noqa: E402
from engine.freetext.knowledge import KnowledgeBase  # noqa: E402

HOUSES = ("roberts-home", "catfish-bend", "homepokertourney")


def corpus() -> list[str]:
    """The texts, in a fixed order, each once."""
    texts = [
        case["text"] for path in sorted((ROOT / "tests" / "lookup").glob("*.yaml")) for case in _yaml(path)
    ]
    for path in sorted((ROOT / "freetext" / "examples").glob("*.yaml")):
        for examples in _yaml(path).values():
            texts.extend(examples.get("said") or ())
    return list(dict.fromkeys(texts))


def _yaml(path: Path) -> object:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def answers(every: int) -> Iterator[tuple[str, str, str]]:
    """(house, text, the ruling object as canonical JSON) for each text and house."""
    kb = KnowledgeBase.load().prepare()
    for text in corpus()[::every]:
        for house in HOUSES:
            try:
                ruling: object = answer_dispute(kb, house, text)
            except Exception as error:  # noqa: BLE001 - a failure is an answer too, to compare
                ruling = {"error": repr(error)}
            yield house, text, json.dumps(ruling, sort_keys=True, ensure_ascii=False)


def write(path: Path, every: int) -> None:
    start = time.perf_counter()
    count = 0
    with gzip.open(path, "wt", encoding="utf-8") as file:
        for house, text, ruling in answers(every):
            file.write(json.dumps([house, text, ruling], ensure_ascii=False) + "\n")
            count += 1
    print(f"{count} rulings written to {path} in {time.perf_counter() - start:.0f} s")


def read(path: Path) -> dict[tuple[str, str], str]:
    """The answers written to a file; of one still being written, those written so far."""
    found = {}
    with gzip.open(path, "rt", encoding="utf-8") as file:
        try:
            for line in file:
                house, text, ruling = json.loads(line)
                found[house, text] = ruling
        except (EOFError, json.JSONDecodeError):
            pass  # the end of a file still being written
    return found


def compare(before: dict[tuple[str, str], str], after: Iterable[tuple[str, str, str]], shown: int) -> None:
    same = total = 0
    for house, text, ruling in after:
        total += 1
        if before.get((house, text)) == ruling:
            same += 1
        elif total - same <= shown:
            print(f"DIFFERENT {house}: {text!r}\n  before {before.get((house, text))}\n  after  {ruling}")
    failed = sum('"error"' in ruling[:10] for ruling in before.values())
    print(f"{same} of {total} identical ({len(before)} in the baseline, {failed} of them failures)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", type=Path, metavar="PATH")
    action.add_argument("--compare", type=Path, metavar="PATH")
    action.add_argument(
        "--files", type=Path, nargs=2, metavar=("BEFORE", "AFTER"), help="compare two written"
    )
    parser.add_argument("--every", type=int, default=1, help="take every Nth text")
    parser.add_argument("--show", type=int, default=5, help="differences printed in full")
    args = parser.parse_args()
    if args.write:
        write(args.write, args.every)
    elif args.files:
        before, after = map(read, args.files)
        compare(before, ((house, text, ruling) for (house, text), ruling in after.items()), args.show)
    else:
        compare(read(args.compare), answers(args.every), args.show)


if __name__ == "__main__":
    main()
