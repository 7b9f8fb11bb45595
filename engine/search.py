"""Full-text search over every rule's words (SQLite FTS5, BM25 ranking, Porter stemming).

The index holds each rule's text and summary, the words of its key and section, and its
events; a query is the description's words, OR-ed. Built once per process, in memory.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable

from engine.model import Rule

STOPWORDS = frozenset("""a an and are as at be but by for from had has have he her his i if in into is it
its me my of on or our she so than that the their them then there they this to was we were what when
which who will with you your him got get did does do just can could would should about after
before been being up down out over any some""".split())
_WORD = re.compile(r"[a-z0-9']+")
CANDIDATES = 400  # best matches over all books, before keeping one book's rules


def words(text: str) -> list[str]:
    """Search words: lower-case, no stop-words."""
    return [w for w in _WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]


class RuleIndex:
    """BM25 search over rule records; results can be restricted to one book's rules."""

    def __init__(self, rules: Iterable[Rule], event_words: dict[str, str] | None = None, plain: bool = False,
                 key_words: dict[str, str] | None = None) -> None:
        """`event_words`: the floor's words for each event, added to the rules that name it;
        `key_words`: the floor's words for each rule key; `plain`: index the rule texts
        alone (the baseline a search box would give)."""
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute("CREATE VIRTUAL TABLE rules USING fts5(id UNINDEXED, body, tags, "
                         "tokenize='porter unicode61')")
        words_for = event_words or {}
        said_for = key_words or {}
        self._db.executemany("INSERT INTO rules (id, body, tags) VALUES (?, ?, ?)",
                             [(rule.id, rule.text if plain else f"{rule.text} {rule.summary}",
                               "" if plain else f"{_tags(rule, words_for)} {said_for.get(rule.key, '')}")
                              for rule in rules])
        self.vocabulary = frozenset(w for (body,) in self._db.execute("SELECT body FROM rules")
                                    for w in _WORD.findall(body.lower()))

    def search(self, text: str, allowed: set[str] | None = None, limit: int = 50) -> list[tuple[str, float]]:
        """(rule id, score) best first; a higher score is a better match."""
        terms = sorted(set(words(text)))
        if not terms:
            return []
        query = " OR ".join('"' + term.replace('"', "") + '"' for term in terms)
        rows = self._db.execute(
            "SELECT id, bm25(rules, 0.0, 1.0, 1.0) AS rank FROM rules WHERE rules MATCH ? "
            "ORDER BY rank LIMIT ?", (query, CANDIDATES if allowed else limit)).fetchall()
        hits = [(rule_id, -rank) for rule_id, rank in rows if allowed is None or rule_id in allowed]
        return hits[:limit]


def _tags(rule: Rule, event_words: dict[str, str]) -> str:
    events = rule.when.get("event", [])
    events = events if isinstance(events, list) else [events]
    return " ".join([rule.key.replace(".", " ").replace("-", " "), rule.section,
                     *(str(e).replace("-", " ") for e in events),
                     *(event_words.get(str(e), "") for e in events)])
