"""The knowledge base as one process holds it: the library, the vocabulary, and each
book's effective rulebook, computed once and reused by every request."""

from __future__ import annotations

import hashlib
import re
from functools import cached_property
from pathlib import Path

from engine.classify import KeyClassifier
from engine.effective import EffectiveRule, UnknownBook, effective_rulebook
from engine.graph import book_distances
from engine.loader import Library, load_library
from engine.meaning import KeyedVectors, MeaningIndex
from engine.minilm import SentenceModel
from engine.model import GlossaryEntry, Rule
from engine.search import ExampleIndex, RuleIndex, words_of
from engine.spelling import Speller
from engine.understand import dispute_examples, event_words, floor_words, lexicon, lexicon_words
from engine.vector_store import VectorStore
from engine.vocabulary import Vocabulary, load_vocabulary


def meaning_text(rule: Rule) -> str:
    """What the sentence model reads of a rule: our one-line summary, then its words."""
    return f"{rule.summary} {rule.text}".strip()


class KnowledgeBase:
    """Read-only after loading; safe to share between threads."""

    def __init__(self, library: Library, vocab: Vocabulary,
                 examples: dict[str, list[str]] | None = None,
                 terse: dict[str, list[str]] | None = None) -> None:
        """`examples`, `terse`: the example disputes by rule key (default: schema/disputes/ and
        schema/disputes/terse/)."""
        self.library = library
        self.vocab = vocab
        self._given_examples = examples
        self._given_terse = terse
        self._effective: dict[str, tuple[EffectiveRule, ...]] = {}
        self._by_event: dict[str, dict[str, tuple[EffectiveRule, ...]]] = {}
        self._indexes: dict[str, RuleIndex] = {}
        self._glossaries: dict[str, dict[str, GlossaryEntry]] = {}
        self._by_key: dict[str, dict[str, Rule]] = {}
        self._example_indexes: dict[str, ExampleIndex] = {}
        self._classifiers: dict[str, KeyClassifier] = {}
        self._meaning_indexes: dict[str, MeaningIndex | None] = {}

    @classmethod
    def load(cls, root: Path | None = None) -> KnowledgeBase:
        return cls(load_library(root), load_vocabulary())

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

    def prepare(self) -> KnowledgeBase:
        """Build everything a request may need (effective rulebooks, search indexes, the
        speller) now, so no request pays for it and forked workers share it."""
        for book_id in self.library.books:
            self.search_index(book_id)
            self.example_index(book_id)
            self.classifier(book_id)
            self.meaning_index(book_id)
        self.speller  # noqa: B018
        lexicon()  # its patterns compiled
        if self.sentence_model is not None:
            self.sentence_model.graph  # noqa: B018  (not its runtime: that cannot cross a fork)
        return self

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

    def search_index(self, book_id: str) -> RuleIndex:
        """Full-text search over a book's effective rules, built on first use: word weights
        are those of the rulebook the floor is searching."""
        if book_id not in self._indexes:
            rules = [entry.rule for entry in self.effective(book_id)]
            self._indexes[book_id] = RuleIndex(rules, self._event_words, key_words=self._floor_words,
                                               glossary=self.glossary_of(book_id).values())
        return self._indexes[book_id]

    def example_index(self, book_id: str) -> ExampleIndex:
        """The example disputes of the rule keys a book's effective rulebook has."""
        if book_id not in self._example_indexes:
            keys = self.rules_by_key(book_id)
            self._example_indexes[book_id] = ExampleIndex(
                {key: said for key, said in sorted(self._examples.items()) if key in keys})
        return self._example_indexes[book_id]

    @cached_property
    def _examples(self) -> dict[str, list[str]]:
        """Read on first use: only free-text lookups need them."""
        return dispute_examples() if self._given_examples is None else self._given_examples

    @cached_property
    def _terse(self) -> dict[str, list[str]]:
        return dispute_examples("disputes/terse") if self._given_terse is None else self._given_terse

    @cached_property
    def _all_examples(self) -> dict[str, list[str]]:
        """Each key's examples, terse ones too: what the classifier and the meaning search
        learn from (the word search leaves the terse out: BM25 overrates short texts)."""
        return {key: [*said, *self._terse.get(key, [])] for key, said in sorted(self._examples.items())}

    def classifier(self, book_id: str) -> KeyClassifier:
        """Naive Bayes over the example disputes of the keys a book's rulebook has."""
        if book_id not in self._classifiers:
            keys = self.rules_by_key(book_id)
            self._classifiers[book_id] = KeyClassifier(
                {key: said for key, said in self._all_examples.items() if key in keys})
        return self._classifiers[book_id]

    @cached_property
    def sentence_model(self) -> SentenceModel | None:
        """The sentence model, when its package is installed (`make` installs it)."""
        return SentenceModel.installed()

    def meaning_index(self, book_id: str) -> MeaningIndex | None:
        """A book's rule keys by meaning (None without the sentence model)."""
        if book_id not in self._meaning_indexes:
            model = self.sentence_model
            if model is None:
                self._meaning_indexes[book_id] = None
            else:
                texts = {key: meaning_text(rule) for key, rule in self.rules_by_key(book_id).items()}
                index = MeaningIndex(self._example_vectors, texts, self._vector_store)
                self._meaning_indexes[book_id] = index
        return self._meaning_indexes[book_id]

    def meaning_texts(self) -> list[str]:
        """Every text the meaning indexes read: the example disputes and the rules."""
        said = (text for texts in self._all_examples.values() for text in texts)
        return sorted({*said, *(meaning_text(rule) for rule in self.library.rules)})

    @cached_property
    def _example_vectors(self) -> KeyedVectors:
        """Every key's example disputes (terse ones too: length does not sway a cosine)."""
        return KeyedVectors(self._all_examples, self._vector_store)

    @cached_property
    def _vector_store(self) -> VectorStore:
        assert self.sentence_model is not None
        return VectorStore(self.sentence_model)

    @cached_property
    def _event_words(self) -> dict[str, str]:
        return event_words()

    @cached_property
    def _floor_words(self) -> dict[str, str]:
        return floor_words()

    @cached_property
    def speller(self) -> Speller:
        """Corrects typos to words of the rulebooks, their glossaries and the lexicon."""
        rule_words = {w for rule in self.library.rules for w in words_of(f"{rule.text} {rule.summary}")}
        glossary = {word for entry in self.library.glossary
                    for word in re.findall(r"[a-z]{4,}", f"{entry.term} {entry.definition}".lower())}
        return Speller(frozenset(rule_words) | lexicon_words() | glossary)

    @cached_property
    def positions(self) -> dict[str, int]:
        """Each rule's place in the knowledge base: books in order, rules as printed."""
        return {rule.id: index for index, rule in enumerate(self.library.rules)}

    @cached_property
    def fingerprint(self) -> str:
        """A short digest of every rule: names the exact rulebook data a ruling came from."""
        digest = hashlib.sha256()
        for rule in sorted(self.library.rules, key=lambda r: r.id):
            digest.update(repr((rule.id, rule.key, rule.text, rule.outcome, rule.when, rule.cases,
                                rule.parameters, rule.applies, rule.overrides)).encode())
        return digest.hexdigest()[:12]

    @cached_property
    def houses(self) -> list[str]:
        return sorted(self.library.books)
