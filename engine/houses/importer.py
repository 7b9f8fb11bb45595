"""`pokerrules house import`: a house's rules document made into a house book over an edition.

The document is copied into the house's folder as its source; each section becomes a
section file whose records quote it verbatim at their lines. Each rule is aligned with the
known rule it restates (engine.houses.align): the same key, its annotations copied for the
house to check, or a new key by the project's conventions (engine.houses.keys) and the
outcome its wording states (engine.houses.wording), to annotate; a glossary's entries are
glossary entries (engine.houses.glossary). What is uncertain is listed
in a review report (REVIEW.md), which `validate` does not read.
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
from engine.books.model import Rule
from engine.houses.align import Aligner, Alignment
from engine.houses.document import Item, Section, read_document
from engine.houses.glossary import glossary_record, is_entry, is_glossary
from engine.houses.keys import GAME_AREAS, named_areas, new_key, section_area, unique
from engine.houses.new import HouseError, check_new_house
from engine.houses.wording import stated_outcome

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
        placed = _Placed(house, slug, section, aligner)
        records = [placed.record(item, used, report) for item in _numbered(section)]
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


class _Placed:
    """A section's records: its rules aligned first, so that its new rules get the area most
    of them share."""

    def __init__(self, house: str, slug: str, section: Section, aligner: Aligner) -> None:
        self.house, self.slug, self.section, self.aligner = house, slug, section, aligner
        self.glossary = is_glossary(section)
        rules = [item for item in section.items if not (self.glossary and is_entry(item))]
        self.first = {id(item): aligner.align(item.text, section.title) for item in rules}
        sure = [a.key for a in self.first.values() if a.key and not a.uncertain]
        self.area = section_area([section.title, *reversed(section.outer)], sure)
        self.keys: dict[str, str] = {}  # the key of each numbered item, for its sub-items

    def record(self, item: Item, used: set[str], report: ImportReport) -> dict[str, Any]:
        entry = glossary_record(self.house, self.slug, item, used) if self.glossary else None
        if entry is not None:
            used.add(entry["key"])
            report.records.append(Imported(entry["id"], entry["key"], item.lines, Alignment(None, None, 0.0)))
            return entry
        alignment = self.first[id(item)]
        if alignment.key in used:
            alignment = self.aligner.align(item.text, self.section.title, taken=used)
        key, note = self._key(item, alignment, used)
        used.add(key)
        self.keys[str(item.number)] = key
        paragraph = str(item.number).startswith("p")
        record: dict[str, Any] = {
            "id": f"{self.house}/{self.slug}/{item.number}",
            "key": key,
            "number": None if paragraph else item.number,
            "kind": "paragraph" if paragraph else "rule",
        }
        if item.parent:
            record["parent"] = item.parent
        record |= {"text": item.text, "source": {"lines": item.lines}}
        if key == alignment.key and alignment.rule is not None:
            fields, note = _restated(item, alignment.rule, alignment.confidence, note)
            record |= fields
        else:  # rules nothing yet: its words stand as its summary until the house annotates it
            record |= _new(item, note)
        report.records.append(Imported(record["id"], key, item.lines, alignment, note))
        return record

    def _key(self, item: Item, alignment: Alignment, used: set[str]) -> tuple[str, str]:
        """The key, and what a person should check about it ('' when nothing)."""
        key, held = alignment.key, alignment.held_by_another
        taken = f"; the closest, {held}, is another record's" if held else ""
        if key is not None and self._other_game(key):
            this_games = f"{self.area}.{key.split('.', 1)[1]}"
            return unique(this_games, used), f"new: {key} says this of another game"
        if key is not None:
            if not alignment.uncertain:
                return key, ""
            near = f"; {alignment.runner_up} is as close" if alignment.runner_up else ""
            restated = alignment.rule.id if alignment.rule else "?"
            return key, f"uncertain: restates {restated}? ({alignment.confidence}){near}{taken}"
        heading = self.section.title if len(self.section.items) == 1 else None
        parent = self.keys.get(str(item.parent)) if item.parent else None
        context = " ".join([self.section.title, *self.section.outer, self.house])
        made = new_key(self.area, item.text, parent_key=parent, heading=heading, context=context)
        return unique(made, used), f"new: no known rule says this{taken}"

    def _other_game(self, key: str) -> bool:
        """A rule of one game aligned with another game's: Omaha's "straights and flushes do
        not impair a low hand" is not stud's rule, though the words are."""
        area = key.split(".", 1)[0]
        headings = [self.section.title, *self.section.outer]
        named = {name for title in headings for name in named_areas(title)}
        return area in GAME_AREAS and self.area in GAME_AREAS and area != self.area and area not in named


def _restated(item: Item, rule: Rule, confidence: float, note: str) -> tuple[dict[str, Any], str]:
    """The known rule's annotations, copied for the house to check, and the note to check."""
    copied = {name: getattr(rule, name) for name in _COPIED}
    fields: dict[str, Any] = {name: _plain(value) for name, value in copied.items() if value}
    if set(_NUMBER.findall(item.text)) != set(_NUMBER.findall(rule.text)):
        note = note or f"numbers differ from {rule.id}: check parameters and cases"
    fields["note"] = f"imported: restates {rule.id} (confidence {confidence}). {note}".strip()
    return fields, note


def _new(item: Item, note: str) -> dict[str, Any]:
    """A new rule's summary (its first sentence) and the outcome its wording states."""
    outcome, said = stated_outcome(item.text)
    told = f"; its outcome read from '{said}'" if said else ""
    return {
        "summary": _first_sentence(item.text),
        "outcome": outcome,
        "note": f"imported: {note}{told}; write its summary, when and outcome (schema/README.md)",
    }


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
