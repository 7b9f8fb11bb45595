"""Segment Catfish Bend Casinos' Rules of Poker (Markdown converted from a Word file).

Headings "SECTION N - TITLE" open a chapter; other headings open a section in it, except
the captions "RULES OF ..." / "RULES FOR ...". Rules are "N." (indentation varies), sub-items
"- (a)". The conversion split some paragraphs: a line that continues a sentence left
unfinished (no closing punctuation) belongs to the item before it, even when it carries a
stray "- " bullet. Glossary entries are "**TERM:** definition".
"""

from __future__ import annotations

import re

from engine.books.sourcetext import SourceDocument
from tools.extract.model import Item

_HEADING = re.compile(r"^\s*#{1,6}\s+")
_CHAPTER = re.compile(r"^SECTION\s+(\d+)\s*[-–]\s*(.*)$")
_RULE = re.compile(r"^(\d+)\.\s+(.*)$")
_SUB = re.compile(r"^\(([a-zA-Z])\)\s+(.*)$")
_TERM = re.compile(r"^([A-Z][A-Z0-9 ,()'’/.&-]+?):\s+(.*)$")
_FINISHED = (".", ":", "!", "?", ")", '"', "”", "]")
FIRST_LINE = 46  # lines before are the title block, table of contents and signature line


def segment(document: SourceDocument) -> dict[str, list[Item]]:
    parser = _Parser()
    for number in range(FIRST_LINE, document.line_count() + 1):
        parser.feed(number, document.raw[number - 1], document.rendered[number - 1].strip())
    return {"catfish-bend": parser.items}


class _Parser:
    def __init__(self) -> None:
        self.items: list[Item] = []
        self.chapter: str | None = None
        self.chapter_number: str | None = None
        self.section = ""
        self.parent: str | None = None

    def feed(self, number: int, raw: str, text: str) -> None:
        if not text:
            return
        if _HEADING.match(raw):
            self.heading(text)
        elif rule := _RULE.match(text):
            self.parent = rule.group(1)
            self.add(number, rule.group(2), rule.group(1))
        elif sub := _SUB.match(text):
            self.add(number, sub.group(2), f"{self.parent}({sub.group(1)})", parent=self.parent)
        elif self.section == "GLOSSARY" and (term := _TERM.match(text)):
            self.add(number, term.group(2), None, kind="glossary", term=term.group(1))
        elif self.items and self.continues(self.items[-1], text):
            self.items[-1].add_line(number, text)
        else:
            kind = "paragraph" if not raw.lstrip().startswith("-") else "rule"
            self.add(number, text, None, kind=kind)

    def heading(self, text: str) -> None:
        text = text.rstrip(":").strip()
        if chapter := _CHAPTER.match(text):
            self.chapter = text
            self.chapter_number = chapter.group(1)
            self.section = chapter.group(2).strip()
        elif not text.upper().startswith(("RULES OF", "RULES FOR")):
            self.section = text

    def continues(self, item: Item, text: str) -> bool:
        """Whether a line without a number carries on the item before it."""
        if item.section != self.section:
            return False
        unfinished = not item.text.endswith(_FINISHED)
        lowercase = text.lstrip("(")[:1].islower()
        quotation = item.text.endswith(":") and text.startswith(("“", '"'))
        return unfinished or lowercase or quotation

    def add(self, number: int, text: str, label: str | None, **fields) -> None:
        self.items.append(
            Item(
                self.chapter,
                self.section,
                label,
                text.strip(),
                [(number, number)],
                section_number=self.chapter_number,
                **fields,
            )
        )
