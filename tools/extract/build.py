"""Write (or refresh) the rule records of every book from its source document.

    python -m tools.extract.build [BOOK ...]

The number, text and source location of each record are produced from the source, so the
quotations are verbatim by construction. Everything else in a record (key, applicability,
conditions, outcome, ...) is written by people and is kept when the file is refreshed:
records are matched by id, and only `number`, `parent`, `text`, `source`, `kind` and
`term` are replaced. A record whose id no longer appears in the source is reported.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from pathlib import Path

import yaml

from engine.books.sourcetext import load_source, normalize
from tools.extract import blog, cardroom, catfish, hpt, roberts_home
from tools.extract.model import Item, slug

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rules"
SOURCES = RULES / "sources"

SEGMENTERS = {
    "roberts-rules-home-games-v11.adoc": roberts_home.segment,
    "roberts-rules-cardroom-web-2014.txt": cardroom.segment,
    "roberts-rules-blog-excerpts.txt": blog.segment,
    "catfish-bend-rules-of-poker.md": catfish.segment,
    "homepokertourney-tournament-rulebook-2006.txt": hpt.segment,
}
EXTRACTED = ("number", "parent", "text", "source", "kind", "term")
FIRST = ("id", "key", "number", "parent", "kind", "term", "text", "source")


def record_id(book: str, item: Item, counters: dict[str, int]) -> str:
    section = slug(item.section)
    if item.kind == "glossary":
        return f"{book}/glossary/{slug(item.term or '')}"
    if item.number is not None:
        return f"{book}/{section}/{item.number}"
    counters[section] = counters.get(section, 0) + 1
    return f"{book}/{section}/p{counters[section]}"


def format_lines(ranges: list[tuple[int, int]]) -> str:
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)


def fresh_record(book: str, item: Item, counters: dict[str, int]) -> dict:
    rid = record_id(book, item, counters)
    key = f"glossary.{slug(item.term or '')}" if item.kind == "glossary" else placeholder_key(item)
    record: dict = {"id": rid, "key": key}
    record["number"] = item.number
    if item.parent:
        record["parent"] = item.parent
    if item.kind != "rule":
        record["kind"] = item.kind
    if item.term:
        record["term"] = item.term
    record["text"] = normalize(item.text)
    record["source"] = {"lines": format_lines(item.lines)}
    if item.flags:
        record["flags"] = list(item.flags)
    if item.note:
        record["source_note"] = item.note
    return record


def placeholder_key(item: Item) -> str:
    number = (item.number or "p").replace("(", "-").replace(")", "").lower()
    return f"todo.{slug(item.section)}.{slug(number) or 'p'}"


def merge(fresh: dict, old: dict | None) -> dict:
    if old is None:
        return fresh
    merged = dict(old)
    for field in EXTRACTED:
        merged.pop(field, None)
        if field in fresh:
            merged[field] = fresh[field]
    for field in ("flags", "source_note"):
        if field in fresh and field not in old:
            merged[field] = fresh[field]
    ordered = {k: merged[k] for k in FIRST if k in merged}
    ordered.update({k: v for k, v in merged.items() if k not in ordered})
    return ordered


def group_sections(items: list[Item]) -> list[tuple[Item, list[Item]]]:
    groups: OrderedDict[tuple, list[Item]] = OrderedDict()
    for item in items:
        groups.setdefault((item.chapter, item.section), []).append(item)
    return [(members[0], members) for members in groups.values()]


def load_existing(folder: Path) -> dict[str, dict]:
    existing: dict[str, dict] = {}
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "book.yaml":
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for record in data.get("records", []):
            existing[record["id"]] = record
    return existing


def write_book(book: str, items: list[Item], source_name: str) -> None:
    folder = RULES / book
    folder.mkdir(parents=True, exist_ok=True)
    existing = load_existing(folder)
    seen: set[str] = set()
    counters: dict[str, int] = {}
    for path in folder.glob("[0-9]*.yaml"):
        path.unlink()
    for index, (head, members) in enumerate(group_sections(items), start=1):
        records = []
        for item in members:
            fresh = fresh_record(book, item, counters)
            if fresh["id"] in seen:
                raise SystemExit(f"{book}: duplicate record id {fresh['id']}")
            seen.add(fresh["id"])
            records.append(merge(fresh, existing.get(fresh["id"])))
        document = {"book": book, "source": source_name}
        if head.chapter:
            document["chapter"] = head.chapter
        document["section"] = head.section
        if head.section_number:
            document["section_number"] = head.section_number
        document["records"] = records
        name = f"{index:02d}-{slug(head.section)}.yaml"
        (folder / name).write_text(dump(document), encoding="utf-8")
    for gone in sorted(set(existing) - seen):
        print(f"warning: {gone} is no longer produced by the source", file=sys.stderr)
    print(f"{book}: {len(items)} records")


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: object) -> bool:  # a reader wants each record whole
        return True


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = ">" if len(value) > 90 and "\n" not in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def dump(document: dict) -> str:
    return yaml.dump(document, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=96)


def main(argv: list[str]) -> None:
    wanted = set(argv)
    for source_name, segment in SEGMENTERS.items():
        document = load_source(SOURCES / source_name)
        for book, items in segment(document).items():
            if not wanted or book in wanted:
                write_book(book, items, source_name)


if __name__ == "__main__":
    main(sys.argv[1:])
