"""What the test suite demands of the bundled books that matters for a house kept in a
folder of its own too, checked by `pokerrules validate`: every rule its document prints is
transcribed (the suite's completeness test, for a house's document)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engine.books.loader import Library, parse_lines
from engine.books.problems import Problem
from engine.books.sourcetext import heading_of, load_source

_CONTENTS = re.compile(r"\.{4,}\s*\d+\s*$")  # a table of contents line: a title, dots, a page


def iter_house_problems(library: Library) -> Iterator[Problem]:
    """Each line of a house's document that no record of it quotes (headings, in Markdown
    or in capitals, and a table of contents aside)."""
    for book_id in sorted(_house_books(library)):
        path = library.source_of(book_id)
        if not path.is_file() or path.parent == library.sources:
            continue  # a missing document is the manifest check's; a bundled one is the suite's
        quoted = {n for rule in library.rules_of(book_id) for a, b in rule.lines for n in range(a, b + 1)}
        quoted |= _glossary_lines(library, book_id)
        document = load_source(path)
        for number, line in enumerate(document.raw, start=1):
            if (
                line.strip()
                and heading_of(line) is None
                and not _CONTENTS.search(line)
                and number not in quoted
            ):
                message = f"not quoted by any record of {book_id}: '{line.strip()[:60]}'"
                yield Problem(library.display(path), number, "text", message)


def _house_books(library: Library) -> list[str]:
    """The books read from house folders (--rules), not from the rules folder itself."""
    houses = [folder.resolve() for folder in library.houses]
    return [
        book_id
        for book_id, folder in library.folders.items()
        if any(folder.resolve() == house or house in folder.resolve().parents for house in houses)
    ]


def _glossary_lines(library: Library, book_id: str) -> set[int]:
    lines: set[int] = set()
    for parsed in library.files:
        data = parsed.data
        if parsed.book_folder and isinstance(data, dict) and data.get("book") == book_id:
            for record in data.get("records") or []:
                if isinstance(record, dict) and record.get("kind") == "glossary":
                    try:
                        spans = parse_lines(record["source"]["lines"])
                    except (KeyError, TypeError, ValueError):
                        continue
                    lines |= {n for a, b in spans for n in range(a, b + 1)}
    return lines
