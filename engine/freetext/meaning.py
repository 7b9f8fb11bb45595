"""Search by meaning: how close a description comes to each rule key, in the sentence
model's vectors, where word search sees only shared words.

Two channels per key, as with words: the closest of its example disputes (the floor's
ways of telling it) and the rule's own text. A key scores as the cosine of its closest
text: one matrix product and one maximum per key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

import numpy as np

from engine.freetext.vector_store import VectorStore

RECENT = 64  # descriptions whose closeness is kept: the same words come back


class KeyedVectors:
    """Unit vectors that each belong to a rule key; a key scores as its closest vector."""

    def __init__(self, texts_by_key: dict[str, list[str]], store: VectorStore) -> None:
        self.keys = sorted(key for key, texts in texts_by_key.items() if texts)
        texts = [text for key in self.keys for text in texts_by_key[key]]
        self.vectors = store.vectors(texts)
        sizes = [len(texts_by_key[key]) for key in self.keys]
        self.starts = np.cumsum([0, *sizes[:-1]])
        self._recent = _Recent()

    def search(self, query: np.ndarray) -> dict[str, float]:
        """Each key's closest cosine (read it, never change it: it is shared). The words of
        a question answered, a fact corrected or the houses compared come back, and the
        20,000 example vectors take most of the search, so the last few answers are kept."""
        if not self.keys:
            return {}
        return self._recent.get(query.tobytes(), lambda: self._closest(query))

    def _closest(self, query: np.ndarray) -> dict[str, float]:
        closest = np.maximum.reduceat(self.vectors @ query, self.starts)
        return dict(zip(self.keys, closest.tolist(), strict=True))

    def __getstate__(self) -> dict[str, object]:
        return {name: value for name, value in self.__dict__.items() if name != "_recent"}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._recent = _Recent()


class _Recent:
    """The last RECENT results, by query; safe to share between the server's threads."""

    def __init__(self) -> None:
        self._kept: OrderedDict[bytes, dict[str, float]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: bytes, compute: Callable[[], dict[str, float]]) -> dict[str, float]:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        found = compute()  # outside the lock: two threads may both compute it, harmlessly
        with self._lock:
            self._kept[key] = found
            while len(self._kept) > RECENT:
                self._kept.popitem(last=False)
        return found


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
