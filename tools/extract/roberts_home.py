"""Segment Robert's Rules for Home Games v11 (AsciiDoc).

Structure: `==` chapters (numbered by `:sectnums:`), `===` sections, `.Title` block titles
(not headings of their own), `. ` rules, `.. ` lettered sub-items, `* ` bullets, tab-indented
continuation lines, `+` attaching a following block (the Explanations' quotations) to the
rule above, and `TERM:: definition` glossary entries.
"""

from __future__ import annotations

import re
import string

from engine.books.sourcetext import SourceDocument
from tools.extract.model import Item

_CHAPTER = re.compile(r"^==\s+(.*)$")
_SECTION = re.compile(r"^===\s+(.*)$")
_BLOCK_TITLE = re.compile(r"^\.[A-Z]")
_RULE = re.compile(r"^\.\s+(.*)$")
_SUB = re.compile(r"^\.\.\s+(.*)$")
_BULLET = re.compile(r"^\*\s+(.*)$")
_TERM = re.compile(r"^([A-Z][A-Z0-9 ,()'’/-]*)::\s*(.*)$")


class _State:
    def __init__(self) -> None:
        self.items: list[Item] = []
        self.chapter: str | None = None
        self.chapter_number = 0
        self.section = ""
        self.rule = 0
        self.sub = 0
        self.current: Item | None = None
        self.attach = False  # a `+` joined the next block to the current item

    def new(self, line_no: int, text: str, **fields) -> None:
        item = Item(
            chapter=self.chapter,
            section=self.section,
            text=text.strip(),
            lines=[(line_no, line_no)],
            section_number=str(self.chapter_number) if self.chapter_number else None,
            **fields,
        )
        self.items.append(item)
        self.current = item


def segment(document: SourceDocument) -> dict[str, list[Item]]:
    state = _State()
    in_preface = True
    for number, (raw, rendered) in enumerate(zip(document.raw, document.rendered, strict=True), start=1):
        if number <= 3:
            continue  # title, author and version: in the manifest
        _feed(state, number, raw, rendered, in_preface)
        if raw.startswith("== "):
            in_preface = False
    return {"roberts-home": state.items}


def _feed(state: _State, number: int, raw: str, rendered: str, in_preface: bool) -> None:
    text = rendered.strip()
    if not raw.strip():
        state.current = state.current if state.attach else None
        return
    if raw.strip() == "+":
        state.attach = True
        return
    if raw.startswith(":") or raw.strip() in ("[quote]", "[appendix]") or raw.startswith("[#"):
        return
    if chapter := _CHAPTER.match(raw):
        _open_chapter(state, chapter.group(1).strip())
        return
    if section := _SECTION.match(raw):
        state.section, state.rule, state.current = section.group(1).strip(), 0, None
        return
    if _BLOCK_TITLE.match(raw):
        return  # ".Rules of Omaha": a caption, the records keep the section heading
    if raw.startswith("\t") and state.current is not None:
        state.current.add_line(number, text)
        return
    _start_or_continue(state, number, rendered, text, in_preface)


def _open_chapter(state: _State, title: str) -> None:
    state.chapter = title
    state.section = title
    state.rule, state.current = 0, None
    if title != "Glossary":
        state.chapter_number += 1
    else:
        state.chapter_number = 0


def _start_or_continue(state: _State, number: int, raw: str, text: str, in_preface: bool) -> None:
    if rule := _RULE.match(raw):
        state.rule += 1
        state.sub = 0
        state.attach = False
        state.new(number, rule.group(1), number=str(state.rule))
    elif sub := _SUB.match(raw):
        state.sub += 1
        letter = string.ascii_lowercase[state.sub - 1]
        state.attach = False
        state.new(number, sub.group(1), number=f"{state.rule}({letter})", parent=str(state.rule))
    elif bullet := _BULLET.match(raw):
        state.attach = False
        state.new(number, bullet.group(1), number=None)
    elif (term := _TERM.match(raw)) and state.section == "Glossary":
        state.new(number, term.group(2), number=None, kind="glossary", term=term.group(1).strip())
    elif state.current is not None:
        state.current.add_line(number, text)
    else:
        if in_preface:
            state.section = "Preface"
        state.new(number, text, number=None, kind="paragraph")
