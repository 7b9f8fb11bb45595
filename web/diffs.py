"""The diff page for a house's manager: which two books (a house against its base unless
chosen), the changes in sections folded with their counts (one spelling per section), and
the situations the two books would rule differently, side by side (the CLI's `--rulings`)."""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from pathlib import Path

from engine.compare.behaviour import load_situations, ruling_differences
from engine.compare.diff import RuleChange
from engine.render.ruling_text import said_in_one_line
from web.query import knowledge

# The ruling test cases: the situations the CLI's `diff --rulings` re-rules (a checkout has them).
SITUATIONS = Path(__file__).resolve().parent.parent / "tests" / "rulings"
DEFAULT_HOUSE = "catfish-bend"


def default_pair(args) -> tuple[str, str]:
    """The books to compare: those asked for; a house alone against the book it extends;
    nothing asked, the default house against its base (never a book with itself)."""
    books = knowledge().library.books
    b = args.get("b") or DEFAULT_HOUSE
    base = books[b].extends[0] if b in books and books[b].extends else None
    a = args.get("a") or base or next(book for book in knowledge().houses if book != b)
    return a, b


def section_name(spellings: list[str]) -> str:
    """One spelling for a section printed as "HOLD'EM" in one book and "Hold'em" in another:
    the first not in capitals, else the capitals as a sentence ("Seven-card stud")."""
    for spelling in spellings:
        if not spelling.isupper():
            return spelling
    first = spellings[0]
    return first[:1] + first[1:].lower()


def section_key(section: str) -> str:
    return re.sub(r"[^a-z0-9]", "", section.lower())


def grouped(changes: tuple[RuleChange, ...]) -> list[dict]:
    """Changes by section (sections that differ only in capitals or spacing merged), each
    with its name, its changes and how many of them can change a ruling; busiest first."""
    groups: dict[str, dict] = {}
    for change in changes:
        sides = [rule.section for rule in (change.b, change.a) if rule is not None]
        group = groups.setdefault(section_key(sides[0]), {"spellings": [], "changes": []})
        group["spellings"] += [side for side in sides if side not in group["spellings"]]
        group["changes"].append(change)
    result = [
        {
            "name": section_name(group["spellings"]),
            "changes": group["changes"],
            "substantive": sum(change.substantive for change in group["changes"]),
        }
        for group in groups.values()
    ]
    return sorted(result, key=lambda group: (-group["substantive"], -len(group["changes"]), group["name"]))


def title_of(change: RuleChange) -> str:
    """A change's title in words: the rule's summary (else its citation)."""
    rule = change.b or change.a
    return (rule.summary or rule.citation) if rule is not None else change.key


# One at a time: requests for a pair not yet worked out (a second or so of rulings) wait for
# the one working it out and then read its answer, instead of all working it out at once;
# fifty at once had requests wait past thirty seconds.
_working_out = threading.Lock()


def situations_ruled_differently(a: str, b: str) -> list[dict] | None:
    """The test situations the two books rule differently (None: no situations here)."""
    if not SITUATIONS.is_dir():
        return None
    with _working_out:
        return _differences(knowledge().fingerprint, a, b)


@lru_cache(maxsize=32)
def _differences(fingerprint: str, a: str, b: str) -> list[dict]:
    kb = knowledge()
    return ruling_differences(kb, a, b, _situations(fingerprint))


@lru_cache(maxsize=1)
def _situations(fingerprint: str) -> list:
    return load_situations(SITUATIONS)


def rulings_markdown(a: str, b: str, differences: list[dict]) -> str:
    """The situations ruled differently, for the Markdown export."""
    lines = [f"## Situations ruled differently ({len(differences)})", ""]
    if differences:
        lines += [f"| situation | {a} | {b} |", "|---|---|---|"]
    for item in differences:
        cells = [item["name"], said_in_one_line(item["a"]), said_in_one_line(item["b"])]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"
