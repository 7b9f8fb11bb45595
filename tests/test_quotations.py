"""Every record's text is the source document's words, at the lines it cites."""

from __future__ import annotations

from engine.books.loader import Library
from engine.books.sourcetext import load_source


def test_every_quotation_is_verbatim(library: Library, bundled_book: str) -> None:
    """Once per bundled book (conftest.py reads their ids from the manifests)."""
    book = library.books[bundled_book]
    document = load_source(library.sources / book.source)
    rules = library.rules_of(bundled_book)
    assert rules, f"{bundled_book} has no records"
    mismatched = [
        f"{rule.id} ({rule.file}:{rule.line})"
        for rule in rules
        if not document.contains(rule.text, list(rule.lines))
    ]
    assert not mismatched, "texts not found verbatim in the source:\n" + "\n".join(mismatched)


def test_glossary_definitions_are_verbatim(library: Library) -> None:
    by_book = {book_id: load_source(library.source_of(book_id)) for book_id in library.books}
    missing = [
        entry.id for entry in library.glossary if entry.definition not in by_book[entry.book].full_text()
    ]
    assert not missing, missing


def test_a_changed_word_is_caught(library: Library) -> None:
    """The check can fail: one word changed in a real record is not found."""
    rule = next(r for r in library.rules_of("roberts-home") if "misdeal results" in r.text)
    document = load_source(library.sources / library.books["roberts-home"].source)
    assert document.contains(rule.text, list(rule.lines))
    assert not document.contains(rule.text.replace("misdeal", "redeal", 1), list(rule.lines))
    assert not document.contains(rule.text, [(1, 3)])
