"""The "did you mean ...?" hint that every message about a mistyped name carries.

One decision, the known name closest to the one given (difflib's ratio, at least 0.6 alike),
written two ways: in brackets after the name, where a list of what is allowed follows
(`pokerrules ruling`, the API), and as the end of a `file:line: field: message` problem.

>>> "unknown game 'holdum'" + did_you_mean("holdum", ["holdem", "omaha"])
"unknown game 'holdum' (did you mean 'holdem'?)"
>>> unknown("outcome", "alowed", ["allowed", "not-allowed"])
"unknown outcome 'alowed'; did you mean 'allowed'?"
>>> did_you_mean("xyz", ["holdem"]), unknown("unit", "xyz", ["minutes"])
('', "unknown unit 'xyz'")
"""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches


def closest(word: object, known: Iterable[str]) -> str | None:
    """The known name most like ``word``, or None when none is close enough."""
    matches = get_close_matches(str(word), list(known), n=1)
    return matches[0] if matches else None


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` to follow the mistyped word, or "" when nothing is close."""
    hint = closest(word, known)
    return f" (did you mean '{hint}'?)" if hint is not None else ""


def unknown(kind: str, name: object, known: Iterable[str]) -> str:
    """A validator's message: ``unknown KIND 'NAME'``, then ``; did you mean 'x'?`` if one is close."""
    hint = closest(name, known)
    return f"unknown {kind} '{name}'" + (f"; did you mean '{hint}'?" if hint is not None else "")
