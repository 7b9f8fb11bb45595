"""Suggest keys for records from the most similar records in other books.

    python -m tools.suggest_keys rules/roberts-v7/08-misdeals.yaml

For each record, prints the three closest records of other books (by wording) with their
keys, so the same rule gets the same key in every book that prints it.
"""

from __future__ import annotations

import sys
from difflib import SequenceMatcher
from pathlib import Path

import yaml

from engine.books.loader import load_library


def main(paths: list[str]) -> None:
    library = load_library()
    for path in paths:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        others = [r for r in library.rules if r.book != data["book"] and not r.key.startswith("todo.")]
        for record in data["records"]:
            if record.get("kind") == "glossary":
                continue
            scored = sorted(
                ((SequenceMatcher(None, record["text"][:400], r.text[:400]).ratio(), r) for r in others),
                key=lambda pair: -pair[0],
            )[:3]
            print(f"{record['id']}: {record['text'][:70]}")
            for score, rule in scored:
                print(f"    {score:.2f} {rule.key:<45} {rule.id}")


if __name__ == "__main__":
    main(sys.argv[1:])
