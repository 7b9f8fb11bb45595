"""A house's rules document read into sections and numbered rules, each with its lines.

Markdown or plain text: a heading (`#`, or a line in capitals) opens a section; `1.` or
`1)` starts a rule, `(a)` a sub-item of the rule before it, a bullet (`-`, `*`) an
unnumbered item; lines that follow, up to a blank line or a Markdown line break (two
spaces at a line's end), continue it; other paragraphs are
unnumbered. A section keeps the titles of the headings it is printed under (`##` over
`###`), which name its subject when its own title does not. The text of each is the
document's words as engine.books.sourcetext renders them, so it quotes the document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.books.sourcetext import SourceDocument, heading_of, load_source, normalize, strip_list_marker

_NUMBER = re.compile(r"^\s*(?:[-*]\s+)?(?P<number>\d{1,3})[.)]\s+\S")
_LETTER = re.compile(r"^\s*(?:[-*]\s+)?\((?P<letter>[a-z])\)\s*\S")
_BULLET = re.compile(r"^\s*[-*]\s+\S")
_LEVEL = re.compile(r"^\s*(#{1,6})\s")
_DOT_LEADER = re.compile(r"\.{4,}|\t\d+\s*$")  # a table of contents line


@dataclass
class Item:
    """One rule or paragraph of the document."""

    number: str | None  # as printed: "3", "3(a)"; None for a paragraph
    parent: str | None
    first: int  # its first line (1-based)
    last: int
    text: str = ""

    @property
    def lines(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


@dataclass
class Section:
    title: str
    line: int
    items: list[Item] = field(default_factory=list)
    outer: tuple[str, ...] = ()  # the titles of the headings it is under, outermost first


def read_document(path: Path) -> tuple[SourceDocument, list[Section]]:
    """The document and its sections with their items, in order (empty sections dropped)."""
    document = load_source(path)
    sections: list[Section] = [Section("", 1)]
    open_headings: list[tuple[int, str]] = []  # (level, title) of the headings above
    current: Item | None = None
    broken = False  # the line before ended in a Markdown line break
    for number, (raw, rendered) in enumerate(zip(document.raw, document.rendered, strict=True), start=1):
        title = None if _NUMBER.match(raw) or _DOT_LEADER.search(raw) else heading_of(raw)
        if not raw.strip() or title or _DOT_LEADER.search(raw):
            current = None
            if title:
                name, level = normalize(rendered).strip("*_ ").strip() or title, _level(raw)
                while open_headings and open_headings[-1][0] >= level:
                    open_headings.pop()
                sections.append(Section(name, number, outer=tuple(t for _, t in open_headings)))
                open_headings.append((level, name))
            continue
        rule, letter = _NUMBER.match(raw), _LETTER.match(raw)
        if rule or letter or current is None or broken or _BULLET.match(raw):
            current = _start(sections[-1], rule, letter, number)
        broken = raw.endswith("  ")
        current.last = number
        words = strip_list_marker(rendered) if current.first == number else rendered
        current.text = normalize(f"{current.text} {words}")
    return document, [section for section in sections if section.items]


def _level(raw: str) -> int:
    """A Markdown heading's depth; a plain-text heading in capitals is a top one."""
    marked = _LEVEL.match(raw)
    return len(marked[1]) if marked else 1


def _start(section: Section, rule: re.Match[str] | None, letter: re.Match[str] | None, line: int) -> Item:
    numbered = [item for item in section.items if item.number and item.parent is None]
    if rule:
        item = Item(rule["number"], None, line, line)
    elif letter and numbered:
        parent = numbered[-1].number
        item = Item(f"{parent}({letter['letter']})", parent, line, line)
    else:
        item = Item(None, None, line, line)
    section.items.append(item)
    return item
