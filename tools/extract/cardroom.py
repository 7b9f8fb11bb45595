"""Segment the 2014 web reprint of Robert's Rules, cardroom wording (plain text).

Headings are short lines of their own ("Hold'em", "RULES OF OMAHA"); captions that start
with "RULES" do not change the section. Rules are "  N. " and nested items "    N. ",
which the page numbered 1, 2 under their parent: recorded as "17(1)", "17(2)".
"""

from __future__ import annotations

import re

from engine.books.sourcetext import SourceDocument
from tools.extract.model import Item

_TOP = re.compile(r"^  (\d+)\.\s+(.*)$")
_NESTED = re.compile(r"^    (\d+)\.\s+(.*)$")
SKIP = {1, 2, 6, 227, 229, 231}  # page title, date, navigation bars, credit line, advert
GAME_SECTIONS = {
    "Irregularities",
    "Hold'em",
    "Omaha",
    "Omaha High-Low",
    "Seven-Card Stud",
    "Seven-Card Stud Low (Razz)",
    "Seven-Card Stud High-Low",
    "Lowball",
    "Draw High",
}


def segment(document: SourceDocument) -> dict[str, list[Item]]:
    items: list[Item] = []
    chapter = section = ""
    parent = None
    lines = document.rendered
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if number in SKIP or not text:
            continue
        if top := _TOP.match(line):
            parent = top.group(1)
            items.append(Item(chapter, section, parent, top.group(2).strip(), [(number, number)]))
        elif nested := _NESTED.match(line):
            label = f"{parent}({nested.group(1)})"
            items.append(
                Item(chapter, section, label, nested.group(2).strip(), [(number, number)], parent=parent)
            )
        elif line.startswith("    ") and items:
            items[-1].add_line(number, text)  # a quotation indented under its rule
        elif text.startswith("RULES") and len(text) < 40:
            continue
        elif text in GAME_SECTIONS:
            chapter = section = text
        elif _is_heading(text):
            section = text
        else:
            items.append(Item(chapter, section, None, text, [(number, number)], kind="paragraph"))
    return {"roberts-cardroom": items}


def _is_heading(text: str) -> bool:
    return len(text) < 40 and not text.endswith((".", ":", ")"))
