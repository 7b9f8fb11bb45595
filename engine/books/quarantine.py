"""A book is served whole or not at all.

The validator's problems are sorted by the book folder they are in; a book with any
problem is quarantined (not served), and so is every book that extends a quarantined or
missing one, with that as its reason. What is left is a library of books that are whole:
every rule in it was checked, so no request can meet a half-read book.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from engine.books.loader import Library
from engine.books.problems import Problem


@dataclass(frozen=True)
class Quarantine:
    """The books held back from serving, each with its problems, and the problems that
    belong to no book (a rules folder with no books, a vocabulary defined twice)."""

    books: dict[str, tuple[Problem, ...]] = field(default_factory=dict)
    elsewhere: tuple[Problem, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.books or self.elsewhere)

    def problems(self) -> list[Problem]:
        return sorted({*self.elsewhere, *(p for found in self.books.values() for p in found)})


def _folder_of(path: str) -> str:
    return Path(path).parent.name


def quarantine(library: Library, problems: Iterable[Problem]) -> Quarantine:
    """Which books hold a problem, or extend a book that does (by id; a folder whose
    manifest could not be read is named by the folder)."""
    book_of_folder = {_folder_of(book.path): book.id for book in library.books.values()}
    held: dict[str, list[Problem]] = {}
    elsewhere: list[Problem] = []
    for problem in problems:
        folder = _folder_of(problem.file)
        if folder in book_of_folder or ((library.root / folder).is_dir() and folder != "sources"):
            held.setdefault(book_of_folder.get(folder, folder), []).append(problem)
        else:
            elsewhere.append(problem)
    _hold_dependents(library, held)
    return Quarantine(
        {book: tuple(sorted(set(found))) for book, found in sorted(held.items())}, tuple(elsewhere)
    )


def _hold_dependents(library: Library, held: dict[str, list[Problem]]) -> None:
    """A house over a quarantined (or missing) book would rule on half its rules: it is held
    too, and says so even when it has problems of its own."""
    told: set[tuple[str, str]] = set()
    changed = True
    while changed:
        changed = False
        for book in library.books.values():
            for parent in book.extends:
                if (parent in held or parent not in library.books) and (book.id, parent) not in told:
                    why = "quarantined" if parent in held else "not in this rules folder"
                    message = f"extends '{parent}', which is {why}: a house is served only over a whole base"
                    held.setdefault(book.id, []).append(Problem(book.path, 1, "extends", message))
                    told.add((book.id, parent))
                    changed = True


def served_part(library: Library, held: Quarantine) -> Library:
    """The library without the quarantined books: their rules, glossary and files."""
    books = {book_id: book for book_id, book in library.books.items() if book_id not in held.books}
    folders = {_folder_of(book.path) for book in books.values()}
    return Library(
        root=library.root,
        sources=library.sources,
        books=books,
        rules=[rule for rule in library.rules if rule.book in books and _folder_of(rule.file) in folders],
        glossary=[entry for entry in library.glossary if entry.book in books],
        files=[parsed for parsed in library.files if parsed.book_folder in folders],
    )
