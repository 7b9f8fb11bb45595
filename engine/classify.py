"""Which rule key a description is most like: naive Bayes over the example disputes.

The search (engine.search) scores how many of a description's words a rule or an example
shares, weighted by rarity. The classifier learns, from the twelve example disputes filed
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

from engine.search import stem, words

SMOOTHING = 0.3  # added to every feature count


def features(text: str) -> list[str]:
    """Stemmed search words and adjacent pairs of them ("two_card", "card_expos")."""
    stems = [stem(word) for word in words(text)]
    return stems + [f"{first}_{second}" for first, second in zip(stems, stems[1:], strict=False)]


class KeyClassifier:
    """P(key | description) over the keys given, learnt from their example descriptions."""

    def __init__(self, examples: dict[str, list[str]]) -> None:
        counts = {key: Counter(f for text in said for f in features(text)) for key, said in examples.items()}
        vocabulary = {feature for count in counts.values() for feature in count}
        self._keys = list(counts)
        size = len(vocabulary)
        # log P(unseen feature | key): the cost of each query feature before correction
        self._unseen = [math.log(SMOOTHING / (sum(count.values()) + SMOOTHING * size))
                        for count in counts.values()]
        self._seen: dict[str, list[tuple[int, float]]] = {}
        for position, count in enumerate(counts.values()):
            for feature, n in count.items():
                self._seen.setdefault(feature, []).append((position, math.log((n + SMOOTHING) / SMOOTHING)))

    def likelihood(self, text: str) -> dict[str, float]:
        """Each key's probability relative to the most probable key (1.0), for the
        description's features the examples know; empty when it shares none."""
        known = [feature for feature in features(text) if feature in self._seen]
        if not known:
            return {}
        scores = [cost * len(known) for cost in self._unseen]
        for feature in known:
            for position, gain in self._seen[feature]:
                scores[position] += gain
        best = max(scores)
        return {key: math.exp(score - best) for key, score in zip(self._keys, scores, strict=True)}
