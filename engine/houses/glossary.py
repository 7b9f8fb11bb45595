"""A document's glossary: under a heading that says so, each `TERM: definition` paragraph is
a glossary entry keyed `glossary.<term>`, as the bundled books key theirs (the books that
define a term share its key), not a rule to annotate.
"""

from __future__ import annotations

import re
from typing import Any

from engine.houses.document import Item, Section

_ENTRY = re.compile(r"^(?P<term>[^:.!?]{1,60}):\s+(?P<definition>\S.*)$")
_SAYS_GLOSSARY = re.compile(r"\b(glossary|definitions|terms)\b", re.I)


def is_glossary(section: Section) -> bool:
    """Whether the section, or a heading it is under, is the document's glossary."""
    return any(_SAYS_GLOSSARY.search(title) for title in (section.title, *section.outer))


def is_entry(item: Item) -> bool:
    """Whether the item reads `TERM: definition`."""
    return _ENTRY.match(item.text) is not None


def glossary_record(house: str, slug: str, item: Item, used: set[str]) -> dict[str, Any] | None:
    """The entry `item` defines, or None when it is not `TERM: definition`."""
    entry = _ENTRY.match(item.text)
    if entry is None:
        return None
    term = entry["term"].strip()
    name = "-".join(re.findall(r"[a-z0-9]+", term.lower())) or "term"
    key, n = f"glossary.{name}", 2
    while key in used:
        key, n = f"glossary.{name}-{n}", n + 1
    return {
        "id": f"{house}/{slug}/{key.removeprefix('glossary.')}",
        "key": key,
        "number": None,
        "kind": "glossary",
        "term": term,
        "text": entry["definition"],
        "source": {"lines": item.lines},
    }
