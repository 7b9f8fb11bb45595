"""What a segmenter produces: the printed pieces of a source, before any annotation."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Item:
    """One printed rule, paragraph or glossary entry, located in its source."""

    chapter: str | None  # enclosing heading as printed ("General Poker Rules")
    section: str  # the heading the item sits under, as printed ("Misdeals")
    number: str | None  # as printed: "1", "1(a)"; None for an unnumbered paragraph
    text: str  # rendered words, whitespace-normalised
    lines: list[tuple[int, int]]  # inclusive 1-based line ranges in the source
    kind: str = "rule"  # rule | paragraph | glossary
    section_number: str | None = None  # "5" where the book numbers its sections
    parent: str | None = None  # number of the item a sub-item belongs to
    term: str | None = None  # glossary term
    flags: list[str] = field(default_factory=list)  # e.g. "front-card" duplicates
    note: str | None = None  # why something is odd, said in the data

    def add_line(self, number: int, text: str) -> None:
        """Append a continuation line (its text already rendered)."""
        start, end = self.lines[-1]
        if number == end + 1 or number == end:
            self.lines[-1] = (start, number)
        else:
            self.lines.append((number, number))
        self.text = join(self.text, text)


def join(left: str, right: str) -> str:
    return re.sub(r"\s+", " ", f"{left} {right}").strip()


def slug(title: str) -> str:
    """A file- and id-friendly form of a heading: "Hold'em" -> "holdem"."""
    title = title.lower().replace("’", "").replace("'", "")
    title = re.sub(r"^section\s+\d+\s*[-–]\s*", "", title)
    return re.sub(r"[^a-z0-9]+", "-", title).strip("-")
