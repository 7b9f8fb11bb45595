"""Which rule key a description is most like: naive Bayes over the example disputes.

The search (engine.freetext.search) scores how many of a description's words a rule or an example
shares, weighted by rarity. The classifier learns, from the example disputes filed
under each key, which words and word pairs tell one key from its neighbours ("two cards
exposed" from "one card exposed"), and says how probable each key is. Both go into the
lookup's ranking.

Multinomial naive Bayes with additive smoothing over stemmed words and adjacent word
pairs. Scoring is sparse: every key starts from what an unseen feature costs it, and only
the keys that have seen a feature are corrected for it.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import numpy as np

from engine.freetext.search import stem, words

SMOOTHING = 0.3  # added to every feature count


@lru_cache(maxsize=32768)
def features(text: str) -> tuple[str, ...]:
    """Stemmed search words and adjacent pairs of them ("two_card", "card_expos")."""
    stems = [stem(word) for word in words(text)]
    return (*stems, *(f"{first}_{second}" for first, second in zip(stems, stems[1:], strict=False)))


class KeyClassifier:
    """P(key | description) over the keys given, learnt from their example descriptions."""

    def __init__(self, examples: dict[str, list[str]]) -> None:
        counts = {key: Counter(f for text in said for f in features(text)) for key, said in examples.items()}
        vocabulary = {feature for count in counts.values() for feature in count}
        self._keys = list(counts)
        # log P(unseen feature | key): the cost of each query feature before correction
        self._unseen = np.array(
            [
                math.log(SMOOTHING / (sum(count.values()) + SMOOTHING * len(vocabulary)))
                for count in counts.values()
            ]
        )
        seen: dict[str, tuple[list[int], list[float]]] = {}
        for position, count in enumerate(counts.values()):
            for feature, n in count.items():
                where, gains = seen.setdefault(feature, ([], []))
                where.append(position)
                gains.append(math.log((n + SMOOTHING) / SMOOTHING))
        # Every feature's (keys, gains) in one pair of arrays, found by its span: a few arrays
        # to pickle and load (engine.freetext.cache), not two for each of 60,000 features.
        self._span: dict[str, tuple[int, int]] = {}
        where_all: list[int] = []
        gains_all: list[float] = []
        for feature, (where, gains) in seen.items():
            self._span[feature] = (len(where_all), len(where_all) + len(where))
            where_all.extend(where)
            gains_all.extend(gains)
        self._where = np.array(where_all, dtype=np.intp)
        self._gains = np.array(gains_all, dtype=np.float64)

    def likelihood(self, text: str, floor: float = 1e-4) -> dict[str, float]:
        """Each key's probability relative to the most probable key (1.0), for the keys at
        least `floor` times as probable; empty when the examples know none of the words."""
        known = [self._span[feature] for feature in features(text) if feature in self._span]
        if not known:
            return {}
        gains = np.bincount(
            np.concatenate([self._where[start:end] for start, end in known]),
            np.concatenate([self._gains[start:end] for start, end in known]),
            minlength=len(self._keys),
        )
        scores = self._unseen * len(known) + gains
        relative = np.exp(scores - scores.max())
        found = np.flatnonzero(relative >= floor)
        return dict(zip([self._keys[i] for i in found.tolist()], relative[found].tolist(), strict=True))
