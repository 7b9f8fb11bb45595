"""What the `books` listing reports about each book."""

from __future__ import annotations

from engine.books.effective import effective_rulebook
from engine.books.loader import Library


def describe_books(library: Library) -> list[dict]:
    """One summary per book, in id order: identity, inheritance and record counts."""
    glossary_counts: dict[str, int] = {}
    for entry in library.glossary:
        glossary_counts[entry.book] = glossary_counts.get(entry.book, 0) + 1
    listing = []
    for book_id in sorted(library.books):
        book = library.books[book_id]
        listing.append({
            "id": book.id, "title": book.title, "publisher": book.publisher,
            "version": book.version, "date": book.date, "kind": str(book.kind),
            "extends": list(book.extends), "follows": book.follows or None,
            "source": book.source, "records": len(library.rules_of(book.id)),
            "glossary": glossary_counts.get(book.id, 0),
            "effective": len(effective_rulebook(library, book.id)),
        })
    return listing
