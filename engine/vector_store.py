"""Meaning vectors of the bundled texts, computed once and shipped in schema/vectors.npz.

The sentence model needs over a minute for the twenty-one thousand example disputes and rule
texts, and a lookup needs them at once, so they are stored: one vector per text, found by a
digest of the text, in 8-bit numbers with a scale per vector (a cosine moves by under 0.01,
and the lookup's accuracy not at all). A text the file lacks (an edited rule, a test's own
examples) is computed when first needed. `python -m tools.build_vectors` rewrites the file,
and a test fails when a bundled text is missing from it.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from engine.minilm import SentenceModel
from engine.paths import schema_dir


def store_path() -> Path:
    return schema_dir() / "vectors.npz"


def digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


class VectorStore:
    """Vectors for texts: the stored ones, and the model's for the rest."""

    def __init__(self, model: SentenceModel, path: Path | None = None) -> None:
        self.model = model
        self.path = path or store_path()
        self._stored = np.zeros((0, model.dimensions), np.float32)
        self._rows: dict[int, int] = {}  # digest -> row of _stored
        self._adding = threading.Lock()
        if self.path.exists():
            with np.load(self.path) as stored:
                vectors = stored["vectors"].astype(np.float32) * stored["scales"][:, None]
                self._stored = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
                self._rows = {key: row for row, key in enumerate(stored["digests"].tolist())}

    def __contains__(self, text: str) -> bool:
        return digest(text) in self._rows

    def vectors(self, texts: list[str]) -> np.ndarray:
        """One unit vector per text, in order."""
        with self._adding:
            missing = sorted({text for text in texts if digest(text) not in self._rows})
            if missing:
                first = len(self._stored)
                self._stored = np.concatenate([self._stored, self.model.encode(missing)])
                self._rows.update((digest(text), first + offset) for offset, text in enumerate(missing))
        return self._stored[[self._rows[digest(text)] for text in texts]]


def save(texts: Iterable[str], vectors: np.ndarray, path: Path) -> None:
    """Store unit vectors as int8 with one scale each."""
    texts = list(texts)
    scales = np.abs(vectors).max(axis=1) / 127
    quantised = np.round(vectors / scales[:, None]).astype(np.int8)
    np.savez_compressed(path, digests=np.array([digest(t) for t in texts], dtype=np.uint64),
                        vectors=quantised, scales=scales.astype(np.float32))
