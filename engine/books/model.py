"""The knowledge base's nouns: books, rule records and glossary entries.

Frozen dataclasses: once loaded, the rulebooks do not change while a process answers
questions, so every request sees the same data and gives the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class BookKind(StrEnum):
    """Whether a book is a published edition or a house's rules over an edition."""

    EDITION = "edition"
    HOUSE = "house"


@dataclass(frozen=True)
class Book:
    """One edition of one rulebook, as its manifest describes it."""

    id: str
    title: str
    publisher: str
    version: str
    date: str
    source: str  # file name under rules/sources/
    kind: BookKind
    extends: tuple[str, ...]  # books whose rules this one inherits, nearest first
    author: str = ""
    terms: str = ""  # the use terms the document itself states
    precedence: str = ""  # the document's own precedence statement, quoted
    follows: str = ""  # the edition this one was made from (lineage, not inheritance)
    applies: dict = field(default_factory=dict)  # games/structures/formats the whole book covers
    disable: tuple[dict, ...] = ()  # rules or sections of inherited books it removes
    amend: tuple[dict, ...] = ()  # parameter or applicability changes to inherited rules
    flaws: tuple[dict, ...] = ()  # defects of the source, recorded not repaired
    path: str = ""  # the manifest file


@dataclass(frozen=True)
class Rule:
    """One rule as its book prints it, plus the structure a program can reason over."""

    id: str  # book/section/number, unique in the knowledge base
    key: str  # the rule's subject, shared by every book that prints this rule
    book: str
    section: str  # heading as printed
    chapter: str
    section_number: str
    number: str | None  # as printed ("1", "1(c)"); None for an unnumbered paragraph
    text: str  # the book's words, exactly
    lines: tuple[tuple[int, int], ...]  # where the text sits in the source
    kind: str = "rule"  # rule | paragraph | table
    parent: str | None = None
    summary: str = ""  # one plain sentence, ours
    outcome: str = ""  # controlled word
    applies: dict = field(default_factory=dict)  # games / structures / formats (absent: all)
    when: dict = field(default_factory=dict)  # conditions on situation facts
    cases: tuple[dict, ...] = ()  # narrower conditions with their own outcome
    parameters: dict = field(default_factory=dict)  # named numbers with units
    discretion: str = "none"  # who decides when the text leaves it open
    overrides: tuple[dict, ...] = ()  # rules the text says this one prevails over
    refs: tuple[str, ...] = ()  # keys of rules the text refers to
    flags: tuple[str, ...] = ()
    note: str = ""
    source_note: str = ""
    file: str = ""  # the YAML file holding the record
    line: int = 0  # its line there

    @property
    def events(self) -> tuple[str, ...]:
        """The events its conditions name (`when.event`: one name or a list)."""
        named = self.when.get("event")
        return tuple(str(e) for e in (named if isinstance(named, list) else [named]) if e is not None)

    @property
    def citation(self) -> str:
        """How a person cites it: section and number as the book prints them."""
        where = self.section if not self.section_number else f"{self.section} (§{self.section_number})"
        return f"{where}, rule {self.number}" if self.number else where


@dataclass(frozen=True)
class GlossaryEntry:
    """A term a book defines."""

    term: str
    definition: str
    book: str
    id: str
    key: str = ""  # shared by the books that define the term: glossary.<term>
