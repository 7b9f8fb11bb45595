"""The knowledge base's nouns: books, rule records and glossary entries.

Frozen dataclasses: once loaded, the rulebooks do not change while a process answers
questions, so every request sees the same data and gives the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Required, TypedDict

# The shapes of a record's annotations, as schema/section.schema.json and book.schema.json
# give them. Plain dicts at run time (they are read from YAML); the types say what a valid
# book holds, so the code that reads them is checked.

Scalar = str | int | float | bool  # one value of a fact: a name, a count, an amount, yes/no


class ParameterRef(TypedDict, total=False):
    """A threshold read from a parameter of the record: `{param: return_window_hours, times: 60}`."""

    param: Required[str]
    times: float  # the fact's units per the parameter's unit (60 minutes to the hour)
    plus: float  # added to it: a full bet (1) plus the parameter's fraction of a bet


Operand = float | str | ParameterRef  # a literal number, or a parameter's name, or a reference


class Bounds(TypedDict, total=False):
    """A condition on a number (engine/books/thresholds.py): literal `min`/`max` (inclusive),
    or `gt`/`ge`/`lt`/`le`/`eq` on a number or a parameter of the record; any may be left out."""

    min: float
    max: float
    gt: Operand
    ge: Operand
    lt: Operand
    le: Operand
    eq: Operand


Condition = Scalar | list[Scalar] | Bounds  # a value, one of several, or a range
Conditions = dict[str, Condition]  # fact name -> the condition on it (a record's `when`)


# "games" (or groups of games), "structures", "formats" -> the names a rule or book is
# written for; a dimension left out means all of them. Read by a dimension's name.
Applies = dict[str, list[str]]


ParameterValue = int | float | str | list[int | float | str]


class Parameter(TypedDict, total=False):
    """A named number the rule sets: 2 (big bets), 30 (minutes), "unlimited"."""

    value: Required[ParameterValue]
    unit: Required[str]
    role: (
        str  # setting (absent: a setting) | example (the book's illustration) | derived (a formula's result)
    )
    note: str


class Case(TypedDict, total=False):
    """A narrower situation within a rule that gives its own outcome."""

    when: Required[Conditions]
    outcome: Required[str]
    summary: Required[str]
    discretion: str


class Override(TypedDict, total=False):
    """A rule the text says this one prevails over: its key, and its book when not the same."""

    key: Required[str]
    book: str
    reason: Required[str]


class Disable(TypedDict, total=False):
    """An inherited rule (by key) or section a house removes, and its record that says so."""

    key: str
    section: str
    book: str
    by: Required[str]
    note: str


class Amend(TypedDict, total=False):
    """A change a house makes to an inherited rule's numbers or applicability."""

    key: Required[str]
    by: Required[str]
    applies: Applies
    parameters: dict[str, Parameter]
    note: str


class Flaw(TypedDict, total=False):
    """A defect of the source document, recorded rather than repaired."""

    what: Required[str]
    records: list[str]
    lines: str


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
    applies: Applies = field(default_factory=dict)  # games/structures/formats the whole book covers
    disable: tuple[Disable, ...] = ()  # rules or sections of inherited books it removes
    amend: tuple[Amend, ...] = ()  # parameter or applicability changes to inherited rules
    flaws: tuple[Flaw, ...] = ()  # defects of the source, recorded not repaired
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
    applies: Applies = field(default_factory=dict)  # games / structures / formats (absent: all)
    when: Conditions = field(default_factory=dict)  # conditions on situation facts
    cases: tuple[Case, ...] = ()  # narrower conditions with their own outcome
    # situations its words do not decide (a placing by the bigger stack, the stacks equal):
    # there it is set aside, for the rules it would prevail over
    silent_when: tuple[Conditions, ...] = ()
    parameters: dict[str, Parameter] = field(default_factory=dict)  # named numbers with units
    discretion: str = "none"  # who decides when the text leaves it open
    overrides: tuple[Override, ...] = ()  # rules the text says this one prevails over
    refs: tuple[str, ...] = ()  # keys of rules the text refers to
    # keys of rules of its book it says again (a help page, a summary list): where both
    # govern alike, those are cited first
    restates: tuple[str, ...] = ()
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
    def facts(self) -> frozenset[str]:
        """Every fact its conditions (and its cases' conditions) read."""
        return frozenset(self.when).union(*(case.get("when") or {} for case in self.cases))

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
