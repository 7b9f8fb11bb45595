"""Search by meaning: how close a description comes to each rule key, in the sentence
model's vectors, where word search sees only shared words.

Two channels per key, as with words: the closest of its example disputes (the floor's
ways of telling it) and the rule's own text. A key scores as the cosine of its closest
text: one matrix product and one maximum per key.
"""

from __future__ import annotations

import numpy as np

from engine.freetext.vector_store import VectorStore


class KeyedVectors:
    """Unit vectors that each belong to a rule key; a key scores as its closest vector."""

    def __init__(self, texts_by_key: dict[str, list[str]], store: VectorStore) -> None:
        self.keys = sorted(key for key, texts in texts_by_key.items() if texts)
        texts = [text for key in self.keys for text in texts_by_key[key]]
        self.vectors = store.vectors(texts)
        sizes = [len(texts_by_key[key]) for key in self.keys]
        self.starts = np.cumsum([0, *sizes[:-1]])

    def search(self, query: np.ndarray) -> dict[str, float]:
        if not self.keys:
            return {}
        closest = np.maximum.reduceat(self.vectors @ query, self.starts)
        return dict(zip(self.keys, closest.tolist(), strict=True))


class MeaningIndex:
    """A house's rule keys by meaning: their example disputes, and their rules' words.
    The examples are the same in every house, so their vectors are held once, for every
    key; only the house's own keys are returned."""

    def __init__(self, examples: KeyedVectors, rules: KeyedVectors) -> None:
        self.examples = examples
        self.rules = rules

    def search(self, query: np.ndarray) -> tuple[dict[str, float], dict[str, float]]:
        """Cosine of each key's closest example, and of its rule text."""
        rules = self.rules.search(query)
        examples = {key: value for key, value in self.examples.search(query).items() if key in rules}
        return examples, rules


def rule_vectors(rule_texts: dict[str, str], store: VectorStore) -> KeyedVectors:
    """Each key's rule text by meaning."""
    return KeyedVectors({key: [text] for key, text in rule_texts.items()}, store)
