"""Meaning vectors of the bundled texts, computed once and kept in the cache folder.

The sentence model needs over a minute for the twenty-one thousand example disputes and rule
texts, and a lookup needs them at once, so they are kept: one vector per text, found by a
digest of the text, in 8-bit numbers with a scale per vector (a cosine moves by under 0.01,
and the lookup's accuracy not at all). They are generated, so they are not in git: `make`
builds them (`python -m tools.build_vectors`); otherwise the first lookup does, and keeps
them. A text the cache lacks (an edited rule, a house's own examples) is computed when first
needed, and kept when many were, or when a knowledge base builds from them what it keeps
between runs (a house's own rules: engine.freetext.knowledge).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from engine.books.paths import cache_dir
from engine.freetext import cache
from engine.freetext.model.minilm import SentenceModel

KEEP_AFTER = 64  # texts computed at once before the cache is rewritten (a few ms each)
DECODED = "decoded-vectors"  # the cache file's vectors, decoded (engine.freetext.cache)


def store_path() -> Path:
    return cache_dir() / "vectors-minilm-l6-int8.npz"


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
        self.read_stamp: tuple[int, int] | None = None  # the cache file's (size, mtime) as read
        if self.path.exists():
            before = file_stamp(self.path)
            digests, self._stored = _read(self.path)
            self._rows = {key: row for row, key in enumerate(digests.tolist())}
            self.read_stamp = before if file_stamp(self.path) == before else None  # not rewritten meanwhile
        self._read_rows = len(self._stored)  # rows past these were computed here

    def read_from_file(self, texts: Iterable[str]) -> bool:
        """Whether the vectors of all these texts are the ones read from the cache file (so
        what is built from them can be kept under the file's stamp: engine.freetext.cache)."""
        with self._adding:
            return self.read_stamp is not None and all(
                self._rows.get(digest(text), self._read_rows) < self._read_rows for text in texts
            )

    @property
    def computed_here(self) -> int:
        """How many vectors this process computed (texts the cache file lacked)."""
        return len(self._stored) - self._read_rows

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
                if len(missing) >= KEEP_AFTER:
                    self.keep()
        return self._stored[[self._rows[digest(text)] for text in texts]]

    def keep(self) -> None:
        """Write every vector held to the cache file, with any another process wrote there
        meanwhile (best effort: a read-only home only means computing them again)."""
        digests = np.array(sorted(self._rows, key=self._rows.__getitem__), dtype=np.uint64)
        vectors = self._stored
        if self.path.exists():
            theirs, their_vectors = _read(self.path)
            only_theirs = ~np.isin(theirs, digests)
            digests = np.concatenate([digests, theirs[only_theirs]])
            vectors = np.concatenate([vectors, their_vectors[only_theirs]])
        try:
            save_vectors(digests, vectors, self.path)
        except OSError:
            pass


def file_stamp(path: Path) -> tuple[int, int] | None:
    """A file's size and modification time (ns), or None when there is none."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns


def _read(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The digests and unit vectors of a cache file. Decoding them (inflating, scaling) takes
    a few tenths of a second, so they are kept decoded, uncompressed, beside the other builds
    (engine.freetext.cache), under the file's size and time, and mapped on later reads (for
    the cache folder's own vector file: not a file named elsewhere)."""
    if path.resolve() != store_path().resolve():
        return _decode(path)
    stamp = file_stamp(path)
    key = cache.key(DECODED, str(path.resolve()), stamp)
    digests_file = cache.readable(DECODED, key, "digests")
    vectors_file = cache.readable(DECODED, key, "vectors")
    if digests_file is not None and vectors_file is not None:
        try:
            return np.load(digests_file), np.asarray(np.load(vectors_file, mmap_mode="r"))
        except (OSError, ValueError):
            pass  # built again below
    digests, vectors = _decode(path)
    unchanged = file_stamp(path) == stamp
    if unchanged and cache.write(DECODED, key, "digests", lambda file: np.save(file, digests)):
        cache.write(DECODED, key, "vectors", lambda file: np.save(file, vectors))
    return digests, vectors


def _decode(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The digests and unit vectors in a cache file, as written."""
    with np.load(path) as stored:
        vectors = stored["vectors"].astype(np.float32) * stored["scales"][:, None]
        return stored["digests"], vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def save_vectors(digests: np.ndarray, vectors: np.ndarray, path: Path) -> None:
    """Unit vectors as int8 with one scale each, under their texts' digests; written to a
    temporary file and renamed, so a reader never sees half a file."""
    scales = np.abs(vectors).max(axis=1) / 127
    quantised = np.round(vectors / scales[:, None]).astype(np.int8)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp.npz")
    np.savez_compressed(temporary, digests=digests, vectors=quantised, scales=scales.astype(np.float32))
    os.replace(temporary, path)
