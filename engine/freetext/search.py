"""Full-text search over rule records: BM25 over Porter-stemmed words, in memory.

Each rule is one document: its text and summary, plus tags (the words of its key and
section, its events and the floor's words for them, and how people talk about its key).
The BM25 weight of every word in every document is computed once, when the index is
built, so a query only adds up precomputed numbers: about a tenth of a millisecond for
a house's rules, where an SQLite FTS5 query ranking every match took several.

The scoring is the one SQLite FTS5's bm25() uses (k1 = 1.2, b = 0.75, idf floored just
above zero), so the numbers keep their meaning.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np
import snowballstemmer

from engine.books.model import GlossaryEntry, Rule

STOPWORDS = frozenset(
    """a an and are as at be but by for from had has have he her his i if in into is it
its me my of on or our she so than that the their them then there they this to was we were what when
which who will with you your him got get did does do just can could would should about after
before been being up down out over any some""".split()
)
_WORD = re.compile(r"[a-z0-9']+")
_TOKEN = re.compile(r"[a-z0-9]+")
K1, B = 1.2, 0.75
_stemmers = threading.local()  # a snowball stemmer keeps its word in itself: one per thread


def words_of(text: str) -> list[str]:
    """Every word as written, lower-case (what typo correction may land on)."""
    return _WORD.findall(text.lower())


def words(text: str) -> list[str]:
    """Search words: lower-case, no stop-words."""
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Porter stem (the algorithm SQLite's porter tokenizer uses): raising, raised -> rais."""
    porter = getattr(_stemmers, "porter", None)
    if porter is None:
        porter = _stemmers.porter = snowballstemmer.stemmer("porter")
    return porter.stemWord(word)


@lru_cache(maxsize=32768)
def tokens(text: str) -> tuple[str, ...]:
    """Stemmed tokens, split as SQLite's unicode61 tokenizer splits (accents dropped).
    Remembered: every book's index reads the same rule texts and examples."""
    plain = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return tuple(stem(token) for token in _TOKEN.findall(plain))


class KeyedBm25:
    """BM25 over documents that each belong to a rule key; a key scores as its best
    document. Each token's postings are arrays (documents, final weights), so a query is
    one weighted count and one maximum per key, done by numpy."""

    def __init__(self, documents: Sequence[tuple[str, Sequence[str]]]) -> None:
        documents = sorted(documents, key=lambda document: document[0])  # a key's documents together
        counts = [Counter(tokens) for _, tokens in documents]
        lengths = [len(tokens) for _, tokens in documents]
        average = sum(lengths) / max(len(documents), 1) or 1.0
        holders = Counter(token for count in counts for token in count)
        postings: dict[str, tuple[list[int], list[float]]] = {}
        for position, (count, length) in enumerate(zip(counts, lengths, strict=True)):
            norm = K1 * (1 - B + B * length / average)
            for token, frequency in count.items():
                weight = _idf(len(documents), holders[token]) * frequency * (K1 + 1) / (frequency + norm)
                where, weights = postings.setdefault(token, ([], []))
                where.append(position)
                weights.append(weight)
        self._postings = _Postings(postings)
        self._size = len(documents)
        keys = [key for key, _ in documents]
        firsts = [i for i, key in enumerate(keys) if i == 0 or key != keys[i - 1]]
        self._starts = np.array(firsts, dtype=np.intp)
        self._keys = [keys[i] for i in self._starts.tolist()]

    def search(self, query_tokens: Iterable[str]) -> dict[str, float]:
        """Rule key -> the score of its best document, for keys with a matching document
        (a token given twice counts twice, as two OR-ed phrases do in SQLite FTS5)."""
        where, weights = self._postings.of(query_tokens)
        if not len(where) or not self._size:
            return {}
        best = np.maximum.reduceat(np.bincount(where, weights, minlength=self._size), self._starts)
        found = np.flatnonzero(best)
        return dict(zip([self._keys[i] for i in found.tolist()], best[found].tolist(), strict=True))


class _Postings:
    """Each token's postings (documents, weights), every token's held in one pair of arrays:
    a few arrays to pickle and load (engine.freetext.cache), not two per token."""

    def __init__(self, postings: dict[str, tuple[list[int], list[float]]]) -> None:
        self._span: dict[str, tuple[int, int]] = {}
        where: list[int] = []
        weights: list[float] = []
        for token, (documents, token_weights) in postings.items():
            self._span[token] = (len(where), len(where) + len(documents))
            where.extend(documents)
            weights.extend(token_weights)
        self._where = np.array(where, dtype=np.intp)
        self._weights = np.array(weights, dtype=np.float64)

    def of(self, tokens: Iterable[str]) -> tuple[np.ndarray, np.ndarray]:
        """The postings of the tokens known, one after another (a token given twice, twice)."""
        spans = [self._span[token] for token in tokens if token in self._span]
        if not spans:
            return self._where[:0], self._weights[:0]
        return (
            np.concatenate([self._where[start:end] for start, end in spans]),
            np.concatenate([self._weights[start:end] for start, end in spans]),
        )


def _idf(total: int, holding: int) -> float:
    return max(math.log((total - holding + 0.5) / (holding + 0.5)), 1e-6)


class RuleIndex:
    """BM25 search over a set of rule records (one book's effective rules)."""

    def __init__(
        self,
        rules: Iterable[Rule],
        event_words: dict[str, str] | None = None,
        plain: bool = False,
        key_words: dict[str, str] | None = None,
        glossary: Iterable[GlossaryEntry] = (),
    ) -> None:
        """`event_words`: the floor's words for each event, added to the rules that name it;
        `key_words`: the floor's words for each rule key; `plain`: index the rule texts
        alone (the baseline a search box would give); `glossary`: terms defined, searched
        under their own keys (glossary.<term>)."""
        words_for = event_words or {}
        said_for = key_words or {}
        self._bm25 = KeyedBm25(
            [
                (
                    rule.key,
                    tokens(
                        rule.text
                        if plain
                        else " ".join(
                            (rule.text, rule.summary, _tags(rule, words_for), said_for.get(rule.key, ""))
                        )
                    ),
                )
                for rule in rules
            ]
            + [(entry.key, tokens(f"{entry.term} {entry.definition}")) for entry in glossary]
        )

    def search(self, text: str) -> dict[str, float]:
        """Rule key -> the score of its best-matching rule (higher is better)."""
        return self._bm25.search(_query(text))


class ExampleIndex:
    """BM25 over example dispute descriptions, each filed under the rule key that governs
    it: a description scores for a key as well as it matches that key's closest example."""

    def __init__(self, examples: dict[str, list[str]]) -> None:
        self._bm25 = KeyedBm25([(key, tokens(text)) for key, said in examples.items() for text in said])

    def search(self, text: str) -> dict[str, float]:
        """Rule key -> the score of its best-matching example."""
        return self._bm25.search(_query(text))


def _query(text: str) -> list[str]:
    """A description's search tokens: each distinct word once, stemmed."""
    return [token for word in sorted(set(words(text))) for token in tokens(word)]


def _tags(rule: Rule, event_words: dict[str, str]) -> str:
    return " ".join(
        [
            rule.key.replace(".", " ").replace("-", " "),
            rule.section,
            *(event.replace("-", " ") for event in rule.events),
            *(event_words.get(event, "") for event in rule.events),
        ]
    )
