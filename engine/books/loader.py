"""Read the rulebooks under a rules folder into books, rule records and a glossary.

Reading never stops at the first bad file: whatever cannot be read becomes a Problem and
the rest still loads, so `pokerrules validate` can report everything at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.books.model import Book, BookKind, GlossaryEntry, Rule
from engine.books.paths import house_folders, rules_dir
from engine.books.problems import Problem
from engine.books.yamlfile import LineDict, YamlProblem, read_yaml


@dataclass
class ParsedFile:
    """A YAML file as parsed, kept for the validator's line-precise checks."""

    path: Path
    data: object
    book_folder: str


@dataclass
class Library:
    """Every book found under one rules folder."""

    root: Path
    sources: Path
    books: dict[str, Book] = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    files: list[ParsedFile] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    folders: dict[str, Path] = field(default_factory=dict)  # book id -> the folder it was read from
    houses: list[Path] = field(default_factory=list)  # folders of house books read beside root
    _by_book: dict[str, list[Rule]] = field(default_factory=dict, repr=False)
    _index_size: int = field(default=-1, repr=False)

    def rules_of(self, book_id: str) -> list[Rule]:
        """The records a book prints itself, in its order."""
        if self._index_size != len(self.rules):
            # Built aside and then put in place: the server's threads may ask at once, and
            # two filling one shared index listed every rule twice.
            by_book: dict[str, list[Rule]] = {}
            for rule in self.rules:
                by_book.setdefault(rule.book, []).append(rule)
            self._by_book = by_book
            self._index_size = len(self.rules)
        return list(self._by_book.get(book_id, ()))

    def source_places(self, book_id: str) -> list[Path]:
        """Where a book's source document may be, first found first: its own folder, a
        `sources/` folder beside it, the bundled sources."""
        book, folder = self.books[book_id], self.folders.get(book_id)
        nearby = [folder / book.source, folder.parent / "sources" / book.source] if folder else []
        return [*nearby, self.sources / book.source]

    def source_of(self, book_id: str) -> Path:
        """The source document a book quotes (the first of its places when none exists)."""
        places = self.source_places(book_id)
        return next((place for place in places if place.is_file()), places[0])

    def display(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)


def parse_lines(lines: str) -> tuple[tuple[int, int], ...]:
    """'12-14, 20' -> ((12, 14), (20, 20))."""
    ranges = []
    for part in str(lines).split(","):
        start, _, end = part.strip().partition("-")
        ranges.append((int(start), int(end or start)))
    return tuple(ranges)


def load_library(
    root: Path | None = None, extra_books: list[Path] | None = None, houses: list[Path] | None = None
) -> Library:
    """Load every book folder under ``root`` (default: the bundled rules), then the house
    books of each folder in ``houses`` (default with the bundled rules: $POKERRULES_RULES)."""
    if houses is None:
        houses = house_folders() if root is None else []
    root = Path(root or rules_dir())
    library = Library(root=root, sources=root / "sources", houses=list(houses))
    folders = [p for p in sorted(root.iterdir()) if (p / "book.yaml").is_file()]
    for extra in extra_books or []:
        folders = [f for f in folders if f.name != extra.name] + [extra]
    for folder in folders:
        _load_book(library, folder)
    _note_unread(library, root, folders)
    for folder in houses:
        _load_houses(library, Path(folder))
    return library


def _load_houses(library: Library, folder: Path) -> None:
    """A folder of house books (or one house's own folder), read beside the bundled ones."""
    if not folder.is_dir():
        message = "no such folder: --rules (or $POKERRULES_RULES) names a folder of house books"
        library.problems.append(Problem(str(folder), 1, "rules", message))
        return
    if (folder / "book.yaml").is_file():
        _load_book(library, folder)
        return
    books = [p for p in sorted(folder.iterdir()) if (p / "book.yaml").is_file()]
    for book in books:
        _load_book(library, book)
    _note_unread(library, folder, books)


def _note_unread(library: Library, root: Path, folders: list[Path]) -> None:
    """A folder of section files without its manifest, or a rules folder with no book at all,
    is a problem: its rules would vanish without a word."""
    for folder in sorted(
        p for p in root.iterdir() if p.is_dir() and p not in folders and p.name != "sources"
    ):
        sections = sorted(folder.glob("*.yaml"))
        if sections:
            message = f"no book.yaml in {folder.name}/: its {len(sections)} section file(s) are not read"
            library.problems.append(Problem(library.display(folder / "book.yaml"), 1, "book.yaml", message))
    if not folders:
        message = "no books here: a rules folder holds one folder per book, each with a book.yaml"
        library.problems.append(Problem(library.display(root), 1, "books", message))


def _read(library: Library, path: Path) -> object | None:
    try:
        return read_yaml(path)
    except YamlProblem as problem:
        library.problems.append(Problem(library.display(path), problem.line, problem.field, problem.message))
        return None


def _load_book(library: Library, folder: Path) -> None:
    manifest_path = folder / "book.yaml"
    manifest = _read(library, manifest_path)
    library.files.append(ParsedFile(manifest_path, manifest, folder.name))
    if isinstance(manifest, dict):
        book = _book_from(manifest, library.display(manifest_path))
        if book and book.id in library.books:
            first = library.books[book.id].path
            message = f"'{book.id}' is already the id of {first}: a house needs an id of its own"
            line = manifest.line_of("id") if isinstance(manifest, LineDict) else 1
            library.problems.append(Problem(book.path, line, "id", message))
            return  # its sections would mix with the other book's
        if book:
            library.books[book.id] = book
            library.folders[book.id] = folder
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "book.yaml":
            continue
        data = _read(library, path)
        library.files.append(ParsedFile(path, data, folder.name))
        if isinstance(data, dict):
            _records_from(library, data, library.display(path))
        elif (
            data is None and path.is_file() and not path.read_text(encoding="utf-8", errors="replace").strip()
        ):
            message = "the section file is empty: a section file holds its book's records"
            library.problems.append(Problem(library.display(path), 1, "records", message))


# What the YAML gives is Any until read into a Book or Rule: a wrong shape raises here and
# the record is skipped; the validator names the problem.
YamlMapping = Mapping[str, Any]


def _book_from(data: YamlMapping, path: str) -> Book | None:
    try:
        precedence = data.get("precedence") or {}
        lineage = data.get("lineage") or {}
        return Book(
            id=str(data["id"]),
            title=str(data["title"]),
            publisher=str(data["publisher"]),
            version=str(data["version"]),
            date=str(data["date"]),
            source=str(data["source"]),
            kind=BookKind(data["kind"]),
            extends=tuple(data.get("extends") or ()),
            author=str(data.get("author", "")),
            terms=str(data.get("terms", "")),
            precedence=str(precedence.get("statement", "")),
            follows=str(lineage.get("follows", "")),
            applies=dict(data.get("applies") or {}),
            disable=tuple(data.get("disable") or ()),
            amend=tuple(data.get("amend") or ()),
            flaws=tuple(data.get("flaws") or ()),
            path=path,
        )
    except (KeyError, ValueError, TypeError, AttributeError):
        return None  # the validator reports what is missing or wrong


def _records_from(library: Library, data: YamlMapping, path: str) -> None:
    for record in data.get("records") or []:
        if not isinstance(record, dict):
            continue
        line = record.line if isinstance(record, LineDict) else 0
        try:
            if record.get("kind") == "glossary":
                library.glossary.append(
                    GlossaryEntry(
                        term=str(record["term"]),
                        definition=str(record["text"]),
                        book=str(data["book"]),
                        id=str(record["id"]),
                        key=str(record.get("key", "")),
                    )
                )
            else:
                library.rules.append(_rule_from(record, data, path, line))
        except (KeyError, ValueError, TypeError, AttributeError):
            continue  # the validator reports the record's schema problems


def _rule_from(record: YamlMapping, data: YamlMapping, path: str, line: int) -> Rule:
    return Rule(
        id=str(record["id"]),
        key=str(record["key"]),
        book=str(data["book"]),
        section=str(data["section"]),
        chapter=str(data.get("chapter", "")),
        section_number=str(data.get("section_number", "")),
        number=None if record["number"] is None else str(record["number"]),
        text=str(record["text"]),
        lines=parse_lines(record["source"]["lines"]),
        kind=str(record.get("kind", "rule")),
        parent=record.get("parent"),
        summary=str(record.get("summary", "")),
        outcome=str(record.get("outcome", "")),
        applies=dict(record.get("applies") or {}),
        when=dict(record.get("when") or {}),
        cases=tuple(record.get("cases") or ()),
        silent_when=tuple(dict(conditions) for conditions in record.get("silent_when") or ()),
        parameters=dict(record.get("parameters") or {}),
        discretion=str(record.get("discretion", "none")),
        overrides=tuple(record.get("overrides") or ()),
        refs=tuple(record.get("refs") or ()),
        restates=tuple(record.get("restates") or ()),
        flags=tuple(record.get("flags") or ()),
        note=str(record.get("note", "")),
        source_note=str(record.get("source_note", "")),
        file=path,
        line=line,
    )
