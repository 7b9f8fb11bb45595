"""What the `books` listing reports about each book."""

from __future__ import annotations

from typing import TypedDict

from engine.books.effective import effective_rulebook
from engine.books.loader import Library
from engine.books.quarantine import Quarantine


class BookSummary(TypedDict):
    """One line of the listing (`pokerrules books`, /api/books), in the order it is printed."""

    id: str
    title: str
    publisher: str
    version: str
    date: str
    kind: str  # edition | house
    extends: list[str]  # the books it inherits rules from, nearest first
    follows: str | None  # the edition it was made from, if any
    source: str  # its source document under rules/sources/
    records: int  # the records it prints itself
    glossary: int  # the terms it defines
    effective: int  # the rules that hold in it, inherited ones included


def describe_books(library: Library) -> list[BookSummary]:
    """One summary per book, in id order: identity, inheritance and record counts."""
    glossary_counts: dict[str, int] = {}
    for entry in library.glossary:
        glossary_counts[entry.book] = glossary_counts.get(entry.book, 0) + 1
    listing: list[BookSummary] = []
    for book_id in sorted(library.books):
        book = library.books[book_id]
        listing.append(
            {
                "id": book.id,
                "title": book.title,
                "publisher": book.publisher,
                "version": book.version,
                "date": book.date,
                "kind": str(book.kind),
                "extends": list(book.extends),
                "follows": book.follows or None,
                "source": book.source,
                "records": len(library.rules_of(book.id)),
                "glossary": glossary_counts.get(book.id, 0),
                "effective": len(effective_rulebook(library, book.id)),
            }
        )
    return listing


class QuarantinedSummary(TypedDict):
    """A book `serve` holds back, listed after the served ones: its problems as
    `file:line: field: message`."""

    id: str
    served: bool  # always False
    problems: list[str]


def describe_quarantined(held: Quarantine) -> list[QuarantinedSummary]:
    return [
        {"id": book_id, "served": False, "problems": [str(problem) for problem in problems]}
        for book_id, problems in held.books.items()
    ]
