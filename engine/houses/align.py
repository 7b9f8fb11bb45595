"""Which rule of the known books a house's rule restates: the same key, or a new one.

A house's rules are mostly an edition's words, edited: word weights (tf-idf) over every
known rule text, and the cosine of a house rule with each. The base edition's rules come
first: a rule of another book is taken only when it is clearly closer. The confidence is
the cosine, lowered when a second key comes close (an ambiguous restatement).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.books.effective import effective_rulebook
from engine.books.loader import Library
from engine.books.model import Rule
from engine.houses.keys import singular

ALIGNED = 0.5  # at least this alike: the same rule
UNCERTAIN = 0.45  # between the two: aligned, but listed for review; below, a new rule
TAKEN_MARGIN = 0.15  # how much less alike the next rule may be when the closest key is held
SECTION_BONUS = 0.1  # a known rule printed under a heading like the house rule's
_WORD = re.compile(r"[a-z0-9]+")
_GENERIC = {"and", "the", "of", "rules", "rule", "section", "poker", "house", "use"}


@dataclass(frozen=True)
class Alignment:
    """The key a house's rule gets and why."""

    key: str | None  # None: a new rule
    rule: Rule | None  # the known rule it restates
    confidence: float
    runner_up: str | None = None  # the next closest key, when close
    held_by_another: str | None = None  # the closest key, held by another record of the house

    @property
    def uncertain(self) -> bool:
        doubt = self.confidence < ALIGNED or self.runner_up is not None or self.held_by_another is not None
        return self.key is not None and doubt


def _words(text: str) -> list[str]:
    """Its words, crudely singular: a house's "phones" is the book's "phone"."""
    return [singular(word) for word in _WORD.findall(text.lower())]


def _stems(text: str) -> set[str]:
    """The heading's words, crudely singular ('misdeals' and 'misdeal' alike)."""
    return {w.rstrip("s") for w in _words(text.replace("-", " ")) if w not in _GENERIC and len(w) > 2}


class Aligner:
    """The rules of a base book and of every other known book, by their words."""

    def __init__(self, library: Library, base: str, exclude: Iterable[str] = ()) -> None:
        skip = set(exclude)
        base_rules = [entry.rule for entry in effective_rulebook(library, base)]
        others = [rule for rule in library.rules if rule.book not in skip and rule.book != base]
        self.rules = base_rules + others
        self.in_base = {rule.id for rule in base_rules}
        counts = [Counter(_words(rule.text)) for rule in self.rules]
        frequency = Counter(word for count in counts for word in count)
        self.idf = {word: math.log(len(counts) / n) + 1 for word, n in frequency.items()}
        self.vectors = [self._vector(count) for count in counts]
        self.places = [_stems(f"{rule.section} {rule.key.split('.')[0]}") for rule in self.rules]

    def _vector(self, count: Counter[str]) -> dict[str, float]:
        weights = {w: n * self.idf.get(w, math.log(len(self.rules)) + 1) for w, n in count.items()}
        norm = math.sqrt(sum(v * v for v in weights.values())) or 1.0
        return {w: v / norm for w, v in weights.items()}

    def align(self, text: str, section: str = "", taken: Iterable[str] = ()) -> Alignment:
        """The key of the known rule `text` restates; `section`, the heading it is printed
        under, breaks near ties (a misdeal rule printed again in the lowball section).
        `taken`: keys other records of the house hold; when the closest rule's is one, the
        next closest is taken if nearly as close (a rule for two betting rounds after the one
        for three), else the rule is new."""
        query = self._vector(Counter(_words(text)))
        heading, held = _stems(section), set(taken)
        scored = sorted(
            (
                sum(query.get(w, 0.0) * v for w, v in vector.items())
                + SECTION_BONUS * bool(heading & self.places[index]),
                index,
            )
            for index, vector in enumerate(self.vectors)
        )[::-1]
        best_score, best = self._best(scored)
        if best < 0 or best_score < UNCERTAIN:
            return Alignment(None, None, round(best_score, 3))
        closest = self.rules[best].key
        if closest in held:
            free = [(s, i) for s, i in scored if self.rules[i].key not in held]
            best_score, best = self._best(free)
            if best < 0 or best_score < max(UNCERTAIN, scored[0][0] - TAKEN_MARGIN):
                return Alignment(None, None, round(best_score, 3), held_by_another=closest)
        rule = self.rules[best]
        others = [(s, i) for s, i in scored if self.rules[i].key != rule.key]
        close = self.rules[others[0][1]].key if others and others[0][0] > best_score - 0.05 else None
        held_key = closest if closest != rule.key else None
        return Alignment(rule.key, rule, round(best_score, 3), close, held_by_another=held_key)

    def _best(self, scored: list[tuple[float, int]]) -> tuple[float, int]:
        """The closest rule, the base edition's unless another is clearly closer."""
        best = scored[0] if scored else (0.0, -1)
        base = next(((s, i) for s, i in scored if self.rules[i].id in self.in_base), (0.0, -1))
        return base if base[1] >= 0 and base[0] >= best[0] - 0.05 else best
