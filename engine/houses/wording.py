"""The outcome a new house rule's own words state, as schema/README.md records a rule.

"Spittoons are not permitted" is `not-allowed`, "players must ..." `required`, "playing
out of a rack is allowed" `allowed`: the first of these that the words say decides, a
prohibition before a duty before a permission ("may not" is no permission). Words that
state none of them (a description, a list's heading) are a `definition`. The importer
names the words it read, for the house to check.
"""

from __future__ import annotations

import re

_STATED = (
    (
        "not-allowed",
        re.compile(
            r"\b(?:not (?:be )?(?:permitted|allowed)|may not|must not|cannot|can not|shall not|"
            r"prohibited|forbidden|never|no (?:one|player|person) (?:is|may))\b|^no\b",
            re.I,
        ),
    ),
    ("required", re.compile(r"\b(?:must|shall|(?:is|are|be) required|has to|have to)\b", re.I)),
    ("allowed", re.compile(r"\b(?:(?:is|are|be) (?:permitted|allowed)|may)\b", re.I)),
)


def stated_outcome(text: str) -> tuple[str, str]:
    """The outcome the words state and the words that state it; ('definition', '') if none.

    >>> stated_outcome("A player may not hold a seat in more than one game.")
    ('not-allowed', 'may not')
    """
    for outcome, pattern in _STATED:
        said = pattern.search(text)
        if said:
            return outcome, said[0]
    return "definition", ""
