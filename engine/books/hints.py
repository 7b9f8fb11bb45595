"""The "did you mean ...?" hint that every message about a mistyped name carries.

One decision, the known name closest to the one given (a clear typo; else, for names with
descriptions, the one sharing the rarest words; else difflib's ratio, at least 0.6 alike),
written two ways: in brackets after the name, where a list of what is allowed follows
(`pokerrules ruling`, the API), and as the end of a `file:line: field: message` problem.

>>> "unknown game 'holdum'" + did_you_mean("holdum", ["holdem", "omaha"])
"unknown game 'holdum' (did you mean 'holdem'?)"
>>> unknown("outcome", "alowed", ["allowed", "not-allowed"])
"unknown outcome 'alowed'; did you mean 'allowed'?"
>>> did_you_mean("xyz", ["holdem"]), unknown("unit", "xyz", ["minutes"])
('', "unknown unit 'xyz'")
>>> events = {"cash-on-table": "Cash on the table.", "electronic-device": "Cell phone use at the table."}
>>> unknown("value for event", "phone-on-table", events)
"unknown value for event 'phone-on-table'; did you mean 'electronic-device'?"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from difflib import get_close_matches


def closest(word: object, known: Iterable[str]) -> str | None:
    """The known name most like ``word``, or None when none is close enough: a clear typo
    first; then, when the names come with descriptions, the one sharing the rarest words
    with it ('phone-on-table' is 'electronic-device', "Cell phone use at the table", not
    'cash-on-table'); then any name spelt alike."""
    names = list(known)
    typo = get_close_matches(str(word), names, n=1, cutoff=0.85)
    if not typo and isinstance(known, Mapping) and all(isinstance(v, str) for v in known.values()):
        by_words = _sharing_rare_words(str(word), known)
        if by_words:
            return by_words
    matches = typo or get_close_matches(str(word), names, n=1)
    return matches[0] if matches else None


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2}


def _sharing_rare_words(word: str, known: Mapping[str, object]) -> str | None:
    """The name whose name and description share the most (inverse-frequency weighted)
    words with ``word``, or None when none shares one."""
    said = {name: _words(f"{name} {description}") for name, description in known.items()}
    counts: dict[str, int] = {}
    for words in said.values():
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    asked = _words(word)
    scores = {name: sum(1 / counts[w] for w in asked & words) for name, words in said.items()}
    best = max(scores, key=lambda name: scores[name], default=None)
    return best if best is not None and scores[best] > 0 else None


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` to follow the mistyped word, or "" when nothing is close."""
    hint = closest(word, known)
    return f" (did you mean '{hint}'?)" if hint is not None else ""


def unknown(kind: str, name: object, known: Iterable[str]) -> str:
    """A validator's message: ``unknown KIND 'NAME'``, then ``; did you mean 'x'?`` if one is close."""
    hint = closest(name, known)
    return f"unknown {kind} '{name}'" + (f"; did you mean '{hint}'?" if hint is not None else "")
