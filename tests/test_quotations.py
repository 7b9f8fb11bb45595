"""Every record's text is the source document's words, at the lines it cites."""

from __future__ import annotations

import pytest

from engine.books.loader import load_library
from engine.books.sourcetext import load_source

LIBRARY = load_library()
BOOKS = sorted(LIBRARY.books)


@pytest.mark.parametrize("book_id", BOOKS)
def test_every_quotation_is_verbatim(book_id: str) -> None:
    book = LIBRARY.books[book_id]
    document = load_source(LIBRARY.sources / book.source)
    rules = LIBRARY.rules_of(book_id)
    assert rules, f"{book_id} has no records"
    mismatched = [f"{rule.id} ({rule.file}:{rule.line})" for rule in rules
                  if not document.contains(rule.text, list(rule.lines))]
    assert not mismatched, "texts not found verbatim in the source:\n" + "\n".join(mismatched)


def test_glossary_definitions_are_verbatim() -> None:
    by_book = {book.id: load_source(LIBRARY.sources / book.source) for book in LIBRARY.books.values()}
    missing = [entry.id for entry in LIBRARY.glossary
               if entry.definition not in by_book[entry.book].full_text()]
    assert not missing, missing


def test_a_changed_word_is_caught() -> None:
    """The check can fail: one word changed in a real record is not found."""
    rule = next(r for r in LIBRARY.rules_of("roberts-home") if "misdeal results" in r.text)
    document = load_source(LIBRARY.sources / LIBRARY.books["roberts-home"].source)
    assert document.contains(rule.text, list(rule.lines))
    assert not document.contains(rule.text.replace("misdeal", "redeal", 1), list(rule.lines))
    assert not document.contains(rule.text, [(1, 3)])
