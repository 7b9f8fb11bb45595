"""The knowledge base a free-text lookup needs: the rulebooks (engine.rulings.rulebooks)
plus, per book, the search indexes, the classifier and the meaning index over the example
disputes, each built on first use (or all at once by `prepare`, before a server forks)."""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path

from engine.books.loader import Library, load_library
from engine.books.model import Rule
from engine.books.vocabulary import Vocabulary, load_vocabulary
from engine.freetext.classify import KeyClassifier
from engine.freetext.lexicon import dispute_examples, event_words, floor_words, lexicon, lexicon_words
from engine.freetext.meaning import KeyedVectors, MeaningIndex
from engine.freetext.model.minilm import SentenceModel
from engine.freetext.reader import cues
from engine.freetext.search import ExampleIndex, RuleIndex, words_of
from engine.freetext.spelling import Speller
from engine.freetext.vector_store import VectorStore
from engine.rulings.rulebooks import Rulebooks


def meaning_text(rule: Rule) -> str:
    """What the sentence model reads of a rule: our one-line summary, then its words."""
    return f"{rule.summary} {rule.text}".strip()


class KnowledgeBase(Rulebooks):
    """The rulebooks and what free text is matched against. Read-only after loading."""

    def __init__(self, library: Library, vocab: Vocabulary,
                 examples: dict[str, list[str]] | None = None,
                 terse: dict[str, list[str]] | None = None) -> None:
        """`examples`, `terse`: the example disputes by rule key (default: freetext/examples/,
        said and terse)."""
        super().__init__(library, vocab)
        self._given_examples = examples
        self._given_terse = terse
        self._indexes: dict[str, RuleIndex] = {}
        self._example_indexes: dict[str, ExampleIndex] = {}
        self._classifiers: dict[str, KeyClassifier] = {}
        self._meaning_indexes: dict[str, MeaningIndex | None] = {}

    @classmethod
    def load(cls, root: Path | None = None) -> KnowledgeBase:
        return cls(load_library(root), load_vocabulary())

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
        cues()
        if self.sentence_model is not None:
            self.sentence_model.graph  # noqa: B018  (not its runtime: that cannot cross a fork)
        return self

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
        return dispute_examples("terse") if self._given_terse is None else self._given_terse

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
