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

ALIGNED = 0.5  # at least this alike: the same rule
UNCERTAIN = 0.3  # between the two: aligned, but listed for review
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

    @property
    def uncertain(self) -> bool:
        return self.key is not None and (self.confidence < ALIGNED or self.runner_up is not None)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


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

    def align(self, text: str, section: str = "") -> Alignment:
        """The key of the known rule `text` restates; `section`, the heading it is printed
        under, breaks near ties (a misdeal rule printed again in the lowball section)."""
        query = self._vector(Counter(_words(text)))
        heading = _stems(section)
        scored = sorted(
            (
                sum(query.get(w, 0.0) * v for w, v in vector.items())
                + SECTION_BONUS * bool(heading & self.places[index]),
                index,
            )
            for index, vector in enumerate(self.vectors)
        )[::-1]
        best_score, best = scored[0] if scored else (0.0, -1)
        base = next(((s, i) for s, i in scored if self.rules[i].id in self.in_base), (0.0, -1))
        if base[1] >= 0 and base[0] >= best_score - 0.05:
            best_score, best = base  # the base edition's rule, unless another is clearly closer
        if best < 0 or best_score < UNCERTAIN:
            return Alignment(None, None, round(best_score, 3))
        rule = self.rules[best]
        runner = next((self.rules[i].key for s, i in scored if self.rules[i].key != rule.key), None)
        runner_score = next((s for s, i in scored if self.rules[i].key != rule.key), 0.0)
        close = runner if runner_score > best_score - 0.05 else None
        return Alignment(rule.key, rule, round(best_score, 3), close)
