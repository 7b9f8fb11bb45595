"""Segment the blog reprints of Robert's Rules (plain text, one post after another).

Each post ends in a "Posted in: ... | Tags: ..." footer with the next post's title run into
it ("...Hold ContainRULES FOR USING BLINDS"); the titles are taken from those lines.
"""

from __future__ import annotations

import re

from engine.books.sourcetext import SourceDocument
from tools.extract.model import Item

_RULE = re.compile(r"^(\d+)\.\s+(.*)$")
_SUB = re.compile(r"^\(([a-z])\)\s+(.*)$")
TITLES = {
    1: ("Hold'em", "Rules on HOLD’EM"),
    9: ("Button and Blind Use", "RULES FOR USING BLINDS"),
    32: ("Button and Blind Use", "BUTTON AND BLIND USE"),
    35: ("General Poker Rules", "TIES"),
    45: (None, None),
}


def segment(document: SourceDocument) -> dict[str, list[Item]]:
    items: list[Item] = []
    chapter: str | None = None
    section = ""
    parent = None
    for number, line in enumerate(document.rendered, start=1):
        text = line.strip()
        if number in TITLES:
            chapter, section = TITLES[number]
            continue
        if rule := _RULE.match(text):
            parent = rule.group(1)
            items.append(Item(chapter, section, parent, rule.group(2), [(number, number)]))
        elif sub := _SUB.match(text):
            items.append(
                Item(
                    chapter,
                    section,
                    f"{parent}({sub.group(1)})",
                    sub.group(2),
                    [(number, number)],
                    parent=parent,
                )
            )
        elif text:
            items.append(Item(chapter, section, None, text, [(number, number)], kind="paragraph"))
    return {"roberts-blog": items}
