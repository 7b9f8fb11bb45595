"""Facts the words state, found by meaning: when the ruling turns on a fact, each clause of
the description is held against example phrasings of each of the fact's values
(`freetext/statements/`), and a clause close to one value's phrasings, and clearly closer
than to any other value's, states it. A fact's `unsaid` phrasings are near misses ("seat 5
then acted" says nothing of a bet in between): a clause nearest them states nothing.

Patterns (`engine.freetext.reader`) read what floor talk says in set ways: counts, minutes,
streets. Most yes/no facts are said in too many ways for patterns ("didn't tell anybody how
long he'd be": no arrangement for a longer absence); the sentence model hears those. It is
asked only about the fact a ruling turns on, so a clause close to an unrelated fact's
phrasings is never read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from engine.books.model import Scalar
from engine.books.paths import freetext_dir
from engine.books.yamlfile import read_data

UNSAID = "unsaid"  # a value whose phrasings are near misses: close words that state nothing
CLOSE_ENOUGH = 0.62  # cosine of the clause to the nearest phrasing of the value it states
CLEAR_OF_OTHERS = 0.08  # and how much nearer than to any phrasing of another value
CLAUSE_TOKENS = 32  # clauses are short; the model reads this many word pieces of each
_NEGATION = re.compile(
    r"\b(?:not|no|never|nobody|none|nothing|neither|nor|without|noone|cannot|\w+n't|dont|didnt|doesnt"
    r"|wasnt|isnt|werent|hasnt|hadnt|havent|cant|wont|couldnt|wouldnt|shouldnt|aint)\b",
    re.I,
)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
_CLAUSE_BREAK = re.compile(
    r",\s+|\s+(?:but|so|and then|then|because|cause|while|when|although|though)\s+", re.I
)

Phrasings = dict[str, dict[Scalar, list[str]]]  # fact -> value -> how floor talk says it


@cache
def phrasings(folder: Path | None = None) -> Phrasings:
    """Every fact's example phrasings, from all files of `freetext/statements/`: a later file
    adds phrasings to a value an earlier one has."""
    found: Phrasings = {}
    for path in sorted((folder or freetext_dir() / "statements").glob("*.yaml")):
        for fact, values in (read_data(path) or {}).items():
            for value, said in values.items():
                kept = found.setdefault(fact, {}).setdefault(value, [])
                kept += [text for text in said if text not in kept]  # files add, never replace
    return found


def clauses(text: str) -> list[str]:
    """The clauses of a description's sentences, of three words or more;
    not its questions ("is his bet good?"), which ask rather than state."""
    units: list[str] = []
    for sentence in _SENTENCE_END.split(text.strip()):
        if sentence.rstrip().endswith("?"):
            continue
        parts = _CLAUSE_BREAK.split(sentence)
        units += [part.strip(" .,;!?") for part in parts if len(part.split()) >= 3]
    return list(dict.fromkeys(units))


@dataclass(frozen=True)
class Stated:
    """A fact's value the words state, with the clause that states it and how closely."""

    value: Scalar
    words: str
    closeness: float


class StatementIndex:
    """The phrasings' vectors, by fact and value."""

    def __init__(self, said: Phrasings, vectors_of: Callable[[list[str]], np.ndarray]) -> None:
        self.facts: dict[str, tuple[list[Scalar], np.ndarray, np.ndarray]] = {}
        self.negated: dict[str, np.ndarray] = {}  # fact -> whether each phrasing says "not"
        for fact, values in said.items():
            texts = [text for value in values for text in values[value]]
            owners = np.array([index for index, value in enumerate(values) for _ in values[value]])
            self.facts[fact] = (list(values), owners, vectors_of(texts))
            self.negated[fact] = np.array([bool(_NEGATION.search(text)) for text in texts])

    def stated(self, fact: str, units: list[str], unit_vectors: np.ndarray) -> Stated | None:
        """The value of `fact` one clause states, when one is close to that value's phrasings
        and clearly closer than to any other value's; else None. A clause is held only
        against phrasings that say "not" as it does, or not, as it does not: the model hears
        "no bet in front of him" close to "a bet in front of him"."""
        if fact not in self.facts or not units:
            return None
        values, owners, vectors = self.facts[fact]
        negated = np.array([bool(_NEGATION.search(unit)) for unit in units])
        alike = negated[:, None] == self.negated[fact][None, :]  # clause x phrasing
        closeness = np.where(alike, unit_vectors @ vectors.T, -1.0)
        unit, nearest = np.unravel_index(int(closeness.argmax()), closeness.shape)
        best = int(owners[nearest])
        top = float(closeness[unit, nearest])
        runner_up = float(closeness[:, owners != best].max(initial=-1.0))
        if top < CLOSE_ENOUGH or top - runner_up < CLEAR_OF_OTHERS or values[best] == UNSAID:
            return None
        return Stated(values[best], units[unit], top)
