"""Nothing in a source document is left out.

Two independent checks. (1) A parser of each document's own numbering finds every
numbered rule and lettered sub-item, and each must have a record that quotes its opening
words. (2) Every non-blank line is quoted by some record or listed, with a reason, in the
source's `.omitted.yaml` (titles, headings, tables of contents, navigation, adverts).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from engine.books.loader import Library, parse_lines
from engine.books.sourcetext import load_source, normalize

# `bundled_source`: each source document the bundled books quote (see conftest.py).

# A numbered rule or lettered sub-item at the start of a line, per document format.
LINE_MARKERS = {
    ".adoc": re.compile(r"^(?P<marker>\.{1,2})\s+(?P<text>\S.*)$"),
    ".md": re.compile(r"^\s*(?:-\s+)?(?P<marker>\d{1,2}\.|\([a-zA-Z]\))\s+(?P<text>\S.*)$"),
    ".txt": re.compile(
        r"^\s*(?:-\s+(?P<bullet>\d{1,2})\.?|(?P<marker>\d{1,2}\.|\([a-z]\)))\s+(?P<text>[A-Z(\"“].*)$"
    ),
}
# Rules whose number is printed in the middle of a line (the PDF extraction runs them on).
MID_LINE = re.compile(r"(?<=[.)\]])\s?(?P<marker>\d{1,2}\.)\s+(?P<text>[A-Z][a-z].*)$")


def _opening(text: str, words: int = 7) -> str:
    """The first words of an item, stopping where a run-on sub-item "(b)" begins."""
    text = re.split(r"\s\([a-z]\)\s", normalize(text))[0]
    return " ".join(text.split(" ")[:words])


def numbered_items(document) -> list[tuple[int, str, str]]:
    """(line, marker, opening words) for every numbered item the document prints."""
    pattern = LINE_MARKERS[document.path.suffix]
    found = []
    for number, line in enumerate(document.rendered, start=1):
        match = pattern.match(line)
        if match:
            marker = match.group("marker") or match.group("bullet")
            found.append((number, marker, _opening(match.group("text"))))
        if document.path.suffix == ".txt":
            found += [(number, m.group("marker"), _opening(m.group("text"))) for m in MID_LINE.finditer(line)]
    return found


def _books_of(library: Library, source: str) -> list[str]:
    return [book.id for book in library.books.values() if book.source == source]


def test_every_numbered_item_has_a_record(library: Library, bundled_source: str) -> None:
    source = bundled_source
    document = load_source(library.sources / source)
    records = [r for book in _books_of(library, source) for r in library.rules_of(book)]
    texts = [(normalize(r.text), r) for r in records]
    missing = []
    for line, marker, opening in numbered_items(document):
        holders = [r for text, r in texts if opening in text and line in _covered(r)]
        if not holders:
            missing.append(f"line {line}: {marker} {opening}…")
    assert not missing, f"{len(missing)} numbered items without a record:\n" + "\n".join(missing)


def _covered(rule) -> set[int]:
    return {n for start, end in rule.lines for n in range(start, end + 1)}


def test_every_line_is_quoted_or_explained(library: Library, bundled_source: str) -> None:
    source = bundled_source
    document = load_source(library.sources / source)
    covered: set[int] = set()
    for book in _books_of(library, source):
        for rule in library.rules_of(book):
            covered |= _covered(rule)
    for entry in library.glossary:
        if entry.book in _books_of(library, source):
            covered |= _glossary_lines(library, entry)
    omitted_path = library.sources / f"{Path(source).stem}.omitted.yaml"
    omitted = yaml.safe_load(omitted_path.read_text(encoding="utf-8")) if omitted_path.exists() else []
    for entry in omitted:
        assert entry.get("what"), f"{omitted_path.name}: lines {entry['lines']} say not what they are"
        covered |= {n for start, end in parse_lines(entry["lines"]) for n in range(start, end + 1)}
    uncovered = [
        f"{n}: {line[:70]}"
        for n, line in enumerate(document.rendered, start=1)
        if line.strip() and n not in covered
    ]
    assert not uncovered, f"{len(uncovered)} lines neither quoted nor explained:\n" + "\n".join(uncovered)


def _glossary_lines(library: Library, entry) -> set[int]:
    for parsed in library.files:
        data = parsed.data
        if isinstance(data, dict) and data.get("book") == entry.book:
            for record in data.get("records") or []:
                if record.get("id") == entry.id:
                    return {n for s, e in parse_lines(record["source"]["lines"]) for n in range(s, e + 1)}
    return set()


def test_the_numbering_parser_finds_rules(library: Library) -> None:
    """The check can fail: the parser sees the home edition's misdeal list."""
    document = load_source(library.sources / "roberts-rules-home-games-v11.adoc")
    openings = [opening for _, _, opening in numbered_items(document)]
    assert "Two or more boxed cards (improperly faced" in openings
    assert len(openings) > 300
