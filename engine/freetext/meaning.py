"""Search by meaning: how close a description comes to each rule key, in the sentence
model's vectors, where word search sees only shared words.

Two channels per key, as with words: the closest of its example disputes (the floor's
ways of telling it) and the rule's own text. A key scores as the cosine of its closest
text: one matrix product and one maximum per key.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection

import numpy as np

from engine.freetext.vector_store import VectorStore

RECENT = 64  # descriptions whose closeness is kept: the same words come back
ALIGN = 16  # a slice of the example matrix starts and ends on a multiple of this many rows
GAP = 64  # rows of other books' keys between two of a house's computed rather than sliced


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

    def among(self, keys: Collection[str]) -> KeysAmong:
        """The same vectors, searched for these keys only (a house's)."""
        return KeysAmong(self, keys)

    def __getstate__(self) -> dict[str, object]:
        return {name: value for name, value in self.__dict__.items() if name != "_recent"}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._recent = _Recent()


class KeysAmong:
    """Some keys of a KeyedVectors, searched without the product over the others' vectors: a
    house has two thirds of the examples' keys, and the product is most of a search. Their
    rows are read as a few slices of the shared matrix (no copy), each starting and ending on
    a multiple of ALIGN rows, where BLAS computes every row's cosine exactly as it does over
    the whole matrix (measured: the same to the bit), so a key scores as it did there."""

    def __init__(self, vectors: KeyedVectors, keys: Collection[str]) -> None:
        self.matrix = vectors.vectors
        chosen = [index for index, key in enumerate(vectors.keys) if key in keys]
        self.keys = [vectors.keys[index] for index in chosen]
        ends = [*vectors.starts[1:].tolist(), len(self.matrix)]
        spans = [(int(vectors.starts[index]), ends[index]) for index in chosen]  # each key's rows
        self.slices = _slices(spans, len(self.matrix))
        firsts = [start for start, _ in self.slices]
        offsets = np.cumsum([0, *(end - start for start, end in self.slices)])
        placed = []  # where each key's rows land in the slices' products, joined end to end
        for start, end in spans:
            within = bisect.bisect_right(firsts, start) - 1
            placed.append(np.arange(start, end) - firsts[within] + offsets[within])
        self.rows = np.concatenate(placed) if placed else np.zeros(0, np.int64)
        self.starts = np.cumsum([0, *(end - start for start, end in spans[:-1])])
        self._recent = _Recent()

    def search(self, query: np.ndarray) -> dict[str, float]:
        """Each key's closest cosine, as KeyedVectors.search (kept for the last queries)."""
        if not self.keys:
            return {}
        return self._recent.get(query.tobytes(), lambda: self._closest(query))

    def _closest(self, query: np.ndarray) -> dict[str, float]:
        product = np.concatenate([self.matrix[start:end] @ query for start, end in self.slices])
        closest = np.maximum.reduceat(product[self.rows], self.starts)
        return dict(zip(self.keys, closest.tolist(), strict=True))


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


def _slices(spans: list[tuple[int, int]], rows: int) -> list[tuple[int, int]]:
    """Slices of the matrix covering the spans of rows, on multiples of ALIGN; those within
    GAP rows of each other joined (a product of a few more rows costs less than a call)."""
    slices: list[tuple[int, int]] = []
    for start, end in spans:
        start, end = start // ALIGN * ALIGN, min(-(-end // ALIGN) * ALIGN, rows)
        if slices and start - slices[-1][1] <= GAP:
            start = slices.pop()[0]
        slices.append((start, end))
    return slices


class MeaningIndex:
    """A house's rule keys by meaning: their example disputes, and their rules' words.
    The examples are the same in every house, so their vectors are held once, for every
    key; only the house's own keys are searched (KeysAmong)."""

    def __init__(self, examples: KeyedVectors, rules: KeyedVectors) -> None:
        self.examples = examples.among(frozenset(rules.keys))
        self.rules = rules

    def search(self, query: np.ndarray) -> tuple[dict[str, float], dict[str, float]]:
        """Cosine of each key's closest example, and of its rule text."""
        return self.examples.search(query), self.rules.search(query)


def rule_vectors(rule_texts: dict[str, str], store: VectorStore) -> KeyedVectors:
    """Each key's rule text by meaning."""
    return KeyedVectors({key: [text] for key, text in rule_texts.items()}, store)
