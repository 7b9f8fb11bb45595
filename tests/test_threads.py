"""The server's threads share one knowledge base: whatever it builds on first use must come
out the same when several threads build it at once (a race here served 500s under load and
could keep a wrong index for the life of the worker)."""

from __future__ import annotations

import copy
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from engine.books.loader import Library
from engine.freetext import search

THREADS = 12


@contextmanager
def switching_often() -> Iterator[None]:
    """Threads swapped every microsecond, so a race shows in a handful of runs."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def at_once(work: Callable[[], object]) -> list[object]:
    """`work` run by THREADS threads released together; their results."""
    results: list[object] = [None] * THREADS
    start = threading.Barrier(THREADS)

    def run(index: int) -> None:
        start.wait()
        results[index] = work()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    with switching_often():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return results


@pytest.mark.parametrize("attempt", range(5))
def test_a_books_records_are_listed_once_when_threads_ask_at_once(library: Library, attempt: int) -> None:
    fresh = copy.copy(library)  # the same records, its own (empty) index
    fresh._index_size, fresh._by_book = -1, {}
    expected = [rule.id for rule in library.rules_of("roberts-v7")]
    for listed in at_once(lambda: [rule.id for rule in fresh.rules_of("roberts-v7")]):
        assert listed == expected
    assert [rule.id for rule in fresh.rules_of("roberts-v7")] == expected


def test_words_stem_the_same_in_threads_stemming_at_once() -> None:
    words = [
        f"{stem}{ending}"
        for stem in ("rais", "call", "expos", "misdeal", "straddl")
        for ending in ("ing", "ed", "es", "ation", "er")
    ]
    expected = [search.stem.__wrapped__(word) for word in words]
    for stems in at_once(lambda: [search.stem.__wrapped__(word) for word in words * 20]):
        assert stems == expected * 20
