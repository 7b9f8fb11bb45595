"""What a run builds from the bundled data, kept between runs in the cache folder.

A one-shot `pokerrules ruling` would otherwise parse the rulebooks and twenty thousand
example disputes, build a house's search indexes and classifier, and write out the sentence
model's graph, every time: seconds, where a lookup itself takes milliseconds. Each thing
built is kept in engine.books.paths.cache_dir()/builds/ as `<kind>.<key>.<suffix>`, where
the key is a digest of everything it is built from: the paths, sizes and modification times
of its input files (rules/, schema/, freetext/, the model's files), of the engine's own
source files, and the engine's and Python's versions, so any change to one makes a fresh
build (and the build it replaces is deleted). Files are written to a temporary name and
renamed, so a reader never sees half of one.

The cache is optional: when the folder cannot be read or written (a read-only home), or
$POKERRULES_BUILD_CACHE is `off`, everything is built as before, only slower. It holds
pickles that this engine wrote, in the user's own cache folder: it is trusted as the code is.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import IO, TypeVar

import numpy as np

import engine
from engine.books.paths import cache_dir

FORMAT = 1  # raise when what is kept changes in a way the engine's source files would not show
SWITCH = "POKERRULES_BUILD_CACHE"  # "off" (or 0, no, false): build everything, keep nothing

T = TypeVar("T")


def enabled() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() not in ("off", "0", "no", "false")


def folder() -> Path:
    return cache_dir() / "builds"


def stamp(paths: Iterable[Path | None]) -> str:
    """A digest of the files at or under each path: their paths, sizes and modification times
    (a path that does not exist counts as such)."""
    digest = hashlib.blake2b(digest_size=16)
    for path in paths:
        digest.update(f"\0{path}\0".encode())
        if path is not None:
            for name, size, mtime in _files(str(path)):
                digest.update(f"{name}\0{size}\0{mtime}\n".encode())
    return digest.hexdigest()


def _files(path: str) -> list[tuple[str, int, int]]:
    """(path relative to `path`, size, mtime in ns) of every file there, in a stable order."""
    try:
        found = os.stat(path)
    except OSError:
        return [("-", -1, -1)]
    if not os.path.isdir(path):
        return [(".", found.st_size, found.st_mtime_ns)]
    files = []
    for top, folders, names in os.walk(path):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(names):
            full = os.path.join(top, name)
            try:
                info = os.stat(full)
            except OSError:
                continue
            files.append((os.path.relpath(full, path), info.st_size, info.st_mtime_ns))
    return files


@lru_cache(maxsize=1)
def code_stamp() -> str:
    """A digest of what builds and reads the kept things: the engine's source files, its
    version, Python's and numpy's, and FORMAT."""
    sources = Path(engine.__file__).resolve().parent
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{FORMAT} {engine.__version__} {sys.version} {np.__version__}".encode())
    for name, size, mtime in _files(str(sources)):
        if name.endswith(".py"):
            digest.update(f"{name}\0{size}\0{mtime}\n".encode())
    return digest.hexdigest()


def key(*parts: object) -> str:
    """A file-name-safe digest of the code stamp and the given parts (stamps, names)."""
    return hashlib.blake2b(repr((code_stamp(), *parts)).encode(), digest_size=16).hexdigest()


def path_of(kind: str, key: str, suffix: str = "pickle") -> Path:
    return folder() / f"{kind}.{key}.{suffix}"


def read_bytes(kind: str, key: str, suffix: str) -> bytes | None:
    """The kept bytes of this kind under this key, or None."""
    if not enabled():
        return None
    try:
        return path_of(kind, key, suffix).read_bytes()
    except OSError:
        return None


def write_bytes(kind: str, key: str, suffix: str, data: bytes) -> bool:
    """Keep bytes under this kind and key, replacing the kind's other keys; best effort:
    False when they could not be written."""
    return write(kind, key, suffix, lambda file: file.write(data))


def write(kind: str, key: str, suffix: str, writer: Callable[[IO[bytes]], object]) -> bool:
    """Keep what `writer` writes to a file under this kind and key (best effort, as above)."""
    if not enabled():
        return False
    return _write(kind, key, suffix, writer)


def readable(kind: str, key: str, suffix: str) -> Path | None:
    """The kept file of this kind under this key, when there is one to read."""
    path = path_of(kind, key, suffix)
    return path if enabled() and path.is_file() else None


def cached(kind: str, key: str, build: Callable[[], T]) -> T:
    """The kept object of this kind under this key, else `build()`, kept for the next run."""
    kept = load(kind, key)
    if kept is not None:
        return kept  # type: ignore[return-value]
    value = build()
    keep(kind, key, value)
    return value


def load(kind: str, key: str) -> object | None:
    """The kept object of this kind under this key, or None (absent, unreadable, or written
    by another version: then it is built again)."""
    if not enabled():
        return None
    try:
        with path_of(kind, key).open("rb") as file:
            return pickle.load(file)  # noqa: S301 - written by this engine, in the user's cache folder
    except FileNotFoundError:
        return None
    except Exception:  # noqa: BLE001 - a damaged or unreadable file is only a cache miss
        return None


def keep(kind: str, key: str, value: object) -> bool:
    """Pickle an object under this kind and key (best effort: False when it could not be)."""
    if not enabled():
        return False
    return _write(kind, key, "pickle", lambda file: pickle.dump(value, file, pickle.HIGHEST_PROTOCOL))


def _write(kind: str, key: str, suffix: str, write: Callable[[IO[bytes]], object]) -> bool:
    """Write to a temporary file beside the target and rename it into place, then delete the
    kind's files under other keys (stale builds)."""
    target = path_of(kind, key, suffix)
    temporary = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(handle, "wb") as file:
            write(file)
        os.replace(temporary, target)
        temporary = None
    except Exception:  # noqa: BLE001 - a folder that cannot be written, or a thing that cannot be pickled
        return False
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
    for stale in target.parent.glob(f"{kind}.*.{suffix}"):
        if stale != target and stale.name[len(kind) + 1 :].count(".") == 1:
            try:
                stale.unlink()
            except OSError:
                pass
    return True
