"""Check rule-record files while they are being written: schema, vocabulary, quotations.

    python -m tools.check_records rules/roberts-home/16-holdem.yaml [...]

Prints one line per problem (file:line: field: message) and exits 1 if there are any.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import jsonschema
import yaml

from engine.books.paths import rules_dir, schema_dir
from engine.books.record_checks import iter_record_problems
from engine.books.sourcetext import load_source
from engine.books.vocabulary import load_vocabulary


def _ranges(lines: str) -> list[tuple[int, int]]:
    ranges = []
    for part in lines.split(","):
        start, _, end = part.strip().partition("-")
        ranges.append((int(start), int(end or start)))
    return ranges


def check(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    schema = json.loads((schema_dir() / "section.schema.json").read_text())
    vocab = load_vocabulary()
    problems = []

    def line_of(record_id: str) -> int:
        match = re.search(rf"^- id: {re.escape(record_id)}\s*$", text, re.M)
        return text[: match.start()].count("\n") + 1 if match else 1

    for error in jsonschema.Draft202012Validator(schema).iter_errors(data):
        where = list(error.absolute_path)
        line = 1
        if len(where) >= 2 and where[0] == "records":
            line = line_of(data["records"][where[1]].get("id", ""))
        field = ".".join(str(p) for p in where[2:]) or "record"
        problems.append(f"{path}:{line}: {field}: {error.message}")
    source = load_source(rules_dir() / "sources" / data.get("source", ""))
    for record in data.get("records", []):
        line = line_of(record.get("id", ""))
        for field, message in iter_record_problems(record, vocab):
            problems.append(f"{path}:{line}: {field}: {message}")
        if not source.contains(record.get("text", ""), _ranges(record["source"]["lines"])):
            problems.append(f"{path}:{line}: text: not found verbatim in {source.name} "
                            f"lines {record['source']['lines']}")
        if str(record.get("key", "")).startswith("todo."):
            problems.append(f"{path}:{line}: key: still a placeholder")
    return problems


def main(argv: list[str]) -> int:
    problems = [p for name in argv for p in check(Path(name))]
    print("\n".join(problems) if problems else f"{len(argv)} file(s) clean")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
