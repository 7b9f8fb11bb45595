"""`pokerrules house import`: a house's rules document made into a house book over an edition.

The document is copied into the house's folder as its source; each section becomes a
section file whose records quote it verbatim at their lines. Each rule is aligned with the
known rule it restates (engine.houses.align): the same key, its annotations copied for the
house to check, or a new `house.` key to annotate. What is uncertain is listed in a review
report (REVIEW.md), which `validate` does not read.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.books.loader import Library
from engine.houses.align import Aligner, Alignment
from engine.houses.document import Item, Section, read_document
from engine.houses.new import HouseError, check_new_house

_COPIED = ("summary", "applies", "when", "outcome", "cases", "parameters", "discretion")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


@dataclass
class Imported:
    """One record written, and how its key was found."""

    id: str
    key: str
    lines: str
    alignment: Alignment
    note: str = ""


@dataclass
class ImportReport:
    folder: Path
    records: list[Imported] = field(default_factory=list)

    @property
    def aligned(self) -> list[Imported]:
        return [r for r in self.records if r.alignment.key == r.key]

    @property
    def to_review(self) -> list[Imported]:
        return [r for r in self.records if r.note]


def import_house(
    library: Library, document: Path, folder: Path, house: str, base: str, exclude: Iterable[str] = ()
) -> ImportReport:
    """Write `folder`/`house` from `document`, extending `base`; `exclude`: books whose keys
    are not to be borrowed (a benchmark leaves out the hand-made book of the same document)."""
    target = check_new_house(library, folder, house, base)
    if not document.is_file():
        raise HouseError(f"no such document: {document}")
    target.mkdir(parents=True)
    source = target / document.name
    shutil.copyfile(document, source)
    _, sections = read_document(source)
    aligner = Aligner(library, base, exclude=[house, *exclude])
    report, used = ImportReport(target), set[str]()
    for index, section in enumerate(sections, start=1):
        slug = _slug(section.title) or f"section-{index}"
        records = [_record(house, slug, item, section, aligner, used, report) for item in _numbered(section)]
        data = {"book": house, "source": source.name, "section": section.title, "records": records}
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
        (target / f"{index:02d}-{slug}.yaml").write_text(text, encoding="utf-8")
    (target / "book.yaml").write_text(_manifest(house, base, source.name), encoding="utf-8")
    (target / "REVIEW.md").write_text(review(report, base), encoding="utf-8")
    return report


def _numbered(section: Section) -> list[Item]:
    """Unnumbered paragraphs get p1, p2 ... in their section."""
    count = 0
    for item in section.items:
        if item.number is None:
            count += 1
            item.number, item.parent = f"p{count}", None
    return section.items


def _record(
    house: str,
    slug: str,
    item: Item,
    section: Section,
    aligner: Aligner,
    used: set[str],
    report: ImportReport,
) -> dict[str, Any]:
    alignment = aligner.align(item.text, section.title)
    key, note = alignment.key, ""
    if key is None or key in used:
        note = "new: no known rule says this" if key is None else f"new: {key} is already another record's"
        key = _new_key(item.text, used)
    elif alignment.uncertain:
        near = f"; {alignment.runner_up} is as close" if alignment.runner_up else ""
        restated = alignment.rule.id if alignment.rule else "?"
        note = f"uncertain: restates {restated}? ({alignment.confidence}){near}"
    used.add(key)
    record: dict[str, Any] = {
        "id": f"{house}/{slug}/{item.number}",
        "key": key,
        "number": None if str(item.number).startswith("p") else item.number,
        "kind": "paragraph" if str(item.number).startswith("p") else "rule",
    }
    if item.parent:
        record["parent"] = item.parent
    record |= {"text": item.text, "source": {"lines": item.lines}}
    if key == alignment.key and alignment.rule is not None:
        rule = alignment.rule
        copied = {name: getattr(rule, name) for name in _COPIED}
        record |= {name: _plain(value) for name, value in copied.items() if value}
        if set(_NUMBER.findall(item.text)) != set(_NUMBER.findall(rule.text)):
            note = note or f"numbers differ from {rule.id}: check parameters and cases"
        record["note"] = f"imported: restates {rule.id} (confidence {alignment.confidence}). {note}".strip()
    else:  # rules nothing yet: its words stand as its summary until the house annotates it
        record |= {"summary": _first_sentence(item.text), "outcome": "definition"}
        record["note"] = f"imported: {note}; write its summary, when and outcome (schema/README.md)"
    report.records.append(Imported(record["id"], key, item.lines, alignment, note))
    return record


def _plain(value: object) -> object:
    """Plain dicts and lists (what was loaded carries its line numbers) for the YAML writer."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _first_sentence(text: str, limit: int = 160) -> str:
    sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return sentence if len(sentence) <= limit else sentence[:limit].rsplit(" ", 1)[0] + " …"


def _slug(text: str, words: int = 6) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", text.lower())[:words])


def _new_key(text: str, used: set[str]) -> str:
    base = f"house.{_slug(text, 4) or 'rule'}"
    key, n = base, 2
    while key in used:
        key, n = f"{base}-{n}", n + 1
    return key


def _manifest(house: str, base: str, source: str) -> str:
    data = {
        "id": house,
        "title": f"{house.replace('-', ' ').title()} house rules",
        "publisher": house,
        "version": "1",
        "date": "undated",
        "source": source,
        "kind": "house",
        "extends": [base],
    }
    return "# Imported by `pokerrules house import`: see REVIEW.md.\n" + yaml.safe_dump(data, sort_keys=False)


def review(report: ImportReport, base: str) -> str:
    """The records to check, most doubtful first."""
    lines = [
        f"# Review of the import over {base}",
        "",
        f"{len(report.records)} records; {len(report.aligned)} aligned with a known rule (its key "
        f"and annotations copied); {len(report.to_review)} to check:",
        "",
    ]
    for item in sorted(report.to_review, key=lambda r: r.alignment.confidence):
        lines.append(f"- `{item.id}` (lines {item.lines}) key `{item.key}`: {item.note}")
    return "\n".join(lines) + "\n"
