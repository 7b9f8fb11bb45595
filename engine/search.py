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
import unicodedata
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

import snowballstemmer

from engine.model import Rule

STOPWORDS = frozenset("""a an and are as at be but by for from had has have he her his i if in into is it
its me my of on or our she so than that the their them then there they this to was we were what when
which who will with you your him got get did does do just can could would should about after
before been being up down out over any some""".split())
_WORD = re.compile(r"[a-z0-9']+")
_TOKEN = re.compile(r"[a-z0-9]+")
K1, B = 1.2, 0.75
_porter = snowballstemmer.stemmer("porter")


def words_of(text: str) -> list[str]:
    """Every word as written, lower-case (what typo correction may land on)."""
    return _WORD.findall(text.lower())


def words(text: str) -> list[str]:
    """Search words: lower-case, no stop-words."""
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Porter stem (the algorithm SQLite's porter tokenizer uses): raising, raised -> rais."""
    return _porter.stemWord(word)


def tokens(text: str) -> list[str]:
    """Stemmed tokens, split as SQLite's unicode61 tokenizer splits (accents dropped)."""
    plain = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return [stem(token) for token in _TOKEN.findall(plain)]


class Bm25:
    """BM25 over documents given as token lists; `postings` hold each token's final weight."""

    def __init__(self, documents: list[list[str]]) -> None:
        counts = [Counter(document) for document in documents]
        average = sum(map(len, documents)) / max(len(documents), 1) or 1.0
        holders = Counter(token for count in counts for token in count)
        total = len(documents)
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for position, (document, count) in enumerate(zip(documents, counts, strict=True)):
            norm = K1 * (1 - B + B * len(document) / average)
            for token, frequency in count.items():
                weight = _idf(total, holders[token]) * frequency * (K1 + 1) / (frequency + norm)
                self.postings.setdefault(token, []).append((position, weight))

    def scores(self, query_tokens: Iterable[str]) -> dict[int, float]:
        """Document position -> score, for documents holding at least one query token (a
        token given twice counts twice, as two OR-ed phrases do in FTS5)."""
        totals: dict[int, float] = {}
        for token in query_tokens:
            for position, weight in self.postings.get(token, ()):
                totals[position] = totals.get(position, 0.0) + weight
        return totals


def _idf(total: int, holding: int) -> float:
    return max(math.log((total - holding + 0.5) / (holding + 0.5)), 1e-6)


class RuleIndex:
    """BM25 search over a set of rule records (one book's effective rules)."""

    def __init__(self, rules: Iterable[Rule], event_words: dict[str, str] | None = None, plain: bool = False,
                 key_words: dict[str, str] | None = None) -> None:
        """`event_words`: the floor's words for each event, added to the rules that name it;
        `key_words`: the floor's words for each rule key; `plain`: index the rule texts
        alone (the baseline a search box would give)."""
        words_for = event_words or {}
        said_for = key_words or {}
        rules = list(rules)
        self._keys = [rule.key for rule in rules]
        bodies = [rule.text if plain else f"{rule.text} {rule.summary}" for rule in rules]
        tags = ["" if plain else f"{_tags(rule, words_for)} {said_for.get(rule.key, '')}" for rule in rules]
        self._bm25 = Bm25([tokens(f"{body} {tag}") for body, tag in zip(bodies, tags, strict=True)])

    def search(self, text: str) -> dict[str, float]:
        """Rule key -> the score of its best-matching rule (higher is better)."""
        best: dict[str, float] = {}
        for position, score in self._bm25.scores(_query(text)).items():
            key = self._keys[position]
            if score > best.get(key, 0.0):
                best[key] = score
        return best


class ExampleIndex:
    """BM25 over example dispute descriptions, each filed under the rule key that governs
    it: a description scores for a key as well as it matches that key's closest example."""

    def __init__(self, examples: dict[str, list[str]]) -> None:
        self._keys = [key for key, said in examples.items() for _ in said]
        self._bm25 = Bm25([tokens(text) for said in examples.values() for text in said])

    def search(self, text: str) -> dict[str, float]:
        """Rule key -> the score of its best-matching example."""
        best: dict[str, float] = {}
        for position, score in self._bm25.scores(_query(text)).items():
            key = self._keys[position]
            if score > best.get(key, 0.0):
                best[key] = score
        return best


def _query(text: str) -> list[str]:
    """A description's search tokens: each distinct word once, stemmed."""
    return [token for word in sorted(set(words(text))) for token in tokens(word)]


def _tags(rule: Rule, event_words: dict[str, str]) -> str:
    events = rule.when.get("event", [])
    events = events if isinstance(events, list) else [events]
    return " ".join([rule.key.replace(".", " ").replace("-", " "), rule.section,
                     *(str(e).replace("-", " ") for e in events),
                     *(event_words.get(str(e), "") for e in events)])
