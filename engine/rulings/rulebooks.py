"""The rulebooks as one process holds them: the library, the vocabulary, and each book's
effective rulebook, computed once and reused by every ruling. Free text builds on this
(engine.freetext.knowledge); ruling on facts needs nothing more."""

from __future__ import annotations

import hashlib
from functools import cached_property
from pathlib import Path

from engine.books.effective import EffectiveRule, UnknownBook, effective_rulebook
from engine.books.loader import Library, load_library
from engine.books.model import GlossaryEntry, Rule
from engine.books.vocabulary import Vocabulary, load_vocabulary
from engine.rulings.precedence import book_distances


class Rulebooks:
    """Read-only after loading; safe to share between threads."""

    def __init__(self, library: Library, vocab: Vocabulary) -> None:
        self.library = library
        self.vocab = vocab
        self._effective: dict[str, tuple[EffectiveRule, ...]] = {}
        self._by_event: dict[str, dict[str, tuple[EffectiveRule, ...]]] = {}
        self._glossaries: dict[str, dict[str, GlossaryEntry]] = {}
        self._by_key: dict[str, dict[str, Rule]] = {}

    @classmethod
    def load(cls, root: Path | None = None, houses: list[Path] | None = None) -> Rulebooks:
        return cls(load_library(root, houses=houses), load_vocabulary())

    def effective(self, book_id: str) -> tuple[EffectiveRule, ...]:
        if book_id not in self._effective:
            self._effective[book_id] = tuple(effective_rulebook(self.library, book_id))
        return self._effective[book_id]

    def with_event(self, book_id: str, event: object) -> tuple[EffectiveRule, ...]:
        """The effective rules of a book whose conditions name this event, in book order."""
        if book_id not in self._by_event:
            index: dict[str, list[EffectiveRule]] = {}
            for entry in self.effective(book_id):
                for name in entry.rule.events:
                    index.setdefault(name, []).append(entry)
            self._by_event[book_id] = {name: tuple(entries) for name, entries in index.items()}
        return self._by_event[book_id].get(str(event), ())

    def rules_by_key(self, book_id: str) -> dict[str, Rule]:
        """A book's effective rule for each key."""
        if book_id not in self._by_key:
            self._by_key[book_id] = {entry.rule.key: entry.rule for entry in self.effective(book_id)}
        return self._by_key[book_id]

    def check_book(self, book_id: str) -> None:
        if book_id not in self.library.books:
            raise UnknownBook(book_id, list(self.library.books))

    def glossary_of(self, book_id: str) -> dict[str, GlossaryEntry]:
        """The terms a book defines or inherits (its own definition first), by key."""
        if book_id not in self._glossaries:
            terms: dict[str, GlossaryEntry] = {}
            for book in book_distances(self.library, book_id):  # nearest first
                for entry in self.library.glossary:
                    if entry.book == book and entry.key:
                        terms.setdefault(entry.key, entry)
            self._glossaries[book_id] = terms
        return self._glossaries[book_id]

    @cached_property
    def positions(self) -> dict[str, int]:
        """Each rule's place in the knowledge base: books in order, rules as printed."""
        return {rule.id: index for index, rule in enumerate(self.library.rules)}

    @cached_property
    def fingerprint(self) -> str:
        """A short digest of every rule: names the exact rulebook data a ruling came from."""
        digest = hashlib.sha256()
        for rule in sorted(self.library.rules, key=lambda r: r.id):
            digest.update(
                repr(
                    (
                        rule.id,
                        rule.key,
                        rule.text,
                        rule.outcome,
                        rule.when,
                        rule.cases,
                        rule.parameters,
                        rule.applies,
                        rule.overrides,
                    )
                ).encode()
            )
        return digest.hexdigest()[:12]

    @cached_property
    def houses(self) -> list[str]:
        return sorted(self.library.books)
