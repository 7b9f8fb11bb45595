"""List the non-blank lines of a source that no record quotes and no omission explains.

python -m tools.extract.uncovered SOURCE_FILE_NAME
"""

from __future__ import annotations

import sys

import yaml

from engine.books.sourcetext import load_source
from tools.extract.build import RULES, SOURCES


def covered_lines(source_name: str) -> set[int]:
    covered: set[int] = set()
    for path in RULES.glob("*/[0-9]*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if data.get("source") != source_name:
            continue
        for record in data.get("records", []):
            covered.update(_expand(record["source"]["lines"]))
    omitted = SOURCES / f"{source_name.rsplit('.', 1)[0]}.omitted.yaml"
    if omitted.exists():
        for entry in yaml.safe_load(omitted.read_text(encoding="utf-8")) or []:
            covered.update(_expand(entry["lines"]))
    return covered


def _expand(lines: str) -> set[int]:
    numbers: set[int] = set()
    for part in str(lines).split(","):
        start, _, end = part.strip().partition("-")
        numbers.update(range(int(start), int(end or start) + 1))
    return numbers


def main(source_name: str) -> None:
    document = load_source(SOURCES / source_name)
    covered = covered_lines(source_name)
    for number, line in enumerate(document.rendered, start=1):
        if line.strip() and number not in covered:
            print(f"{number}: {line[:100]}")


if __name__ == "__main__":
    main(sys.argv[1])
