"""The knowledge base a free-text lookup needs: the rulebooks (engine.rulings.rulebooks)
plus, per book, the search indexes, the classifier and the meaning index over the example
disputes, each built on first use (or all at once by `prepare`, before a server forks).

Loaded from files (`KnowledgeBase.load`), what it builds is kept in the cache folder for the
next run, under a digest of the files it is built from (engine.freetext.cache): a one-shot
`pokerrules ruling` then reads the library, one house's indexes and the vectors it needs,
rather than parsing every file and building them."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TypeVar, cast

from engine.books.loader import Library, load_library
from engine.books.model import Rule
from engine.books.paths import freetext_dir, house_folders, rules_dir, schema_dir
from engine.books.vocabulary import Vocabulary, load_vocabulary
from engine.freetext import cache
from engine.freetext.classify import KeyClassifier
from engine.freetext.lexicon import (
    dispute_examples,
    event_words,
    floor_words,
    lexicon_patterns,
    lexicon_words,
)
from engine.freetext.meaning import KeyedVectors, MeaningIndex, rule_vectors
from engine.freetext.model.minilm import SentenceModel
from engine.freetext.reader import cues
from engine.freetext.search import ExampleIndex, RuleIndex, words_of
from engine.freetext.spelling import Speller, english_words
from engine.freetext.statements import StatementIndex, phrasings
from engine.freetext.vector_store import VectorStore, file_stamp, store_path
from engine.rulings.rulebooks import Rulebooks

T = TypeVar("T")
V = TypeVar("V", KeyedVectors, StatementIndex)  # what _kept_vectors keeps


def _statement_texts() -> list[str]:
    return [text for values in phrasings().values() for said in values.values() for text in said]


def meaning_text(rule: Rule) -> str:
    """What the sentence model reads of a rule: our one-line summary, then its words."""
    return f"{rule.summary} {rule.text}".strip()


class KnowledgeBase(Rulebooks):
    """The rulebooks and what free text is matched against. Read-only after loading."""

    def __init__(
        self,
        library: Library,
        vocab: Vocabulary,
        examples: dict[str, list[str]] | None = None,
        terse: dict[str, list[str]] | None = None,
        told: dict[str, list[str]] | None = None,
        *,
        inputs: str | None = None,
        scope: str = "",
    ) -> None:
        """`examples`, `terse`, `told`: the example disputes by rule key (default:
        freetext/examples/, said, terse and told). `inputs`: a stamp of the files the
        library and the free-text data were read from (engine.freetext.cache.stamp), under
        which what is built is kept between runs; None keeps nothing (a library built or
        changed in memory). `scope`: a prefix for the names of what is kept, so the bundled
        library's builds and another folder's do not replace each other."""
        super().__init__(library, vocab)
        self._given_examples = examples
        self._given_terse = terse
        self._given_told = told
        self._inputs = inputs if examples is None and terse is None and told is None else None
        self._scope = scope
        self._indexes: dict[str, RuleIndex] = {}
        self._example_indexes: dict[str, ExampleIndex] = {}
        self._classifiers: dict[str, KeyClassifier] = {}
        self._meaning_indexes: dict[str, MeaningIndex | None] = {}

    @classmethod
    def load(cls, root: Path | None = None, houses: list[Path] | None = None) -> KnowledgeBase:
        """The rulebooks under `root` (default: the bundled ones) with the house books of
        `houses` (default: $POKERRULES_RULES with the bundled ones), and the bundled free-text
        data; the library parsed on an earlier run is read from the cache when no file changed."""
        folder = Path(root or rules_dir()).resolve()
        extra = [Path(house).resolve() for house in houses or (house_folders() if root is None else [])]
        inputs = cache.stamp([folder, *extra, schema_dir(), freetext_dir()])
        # Another rules folder, or house folders beside the bundled one, keep their own builds.
        scope = "" if folder == rules_dir().resolve() and not extra else "elsewhere-"
        library = cache.cached(f"{scope}library", cache.key(inputs), lambda: load_library(root, houses=extra))
        return cls(library, load_vocabulary(), inputs=inputs, scope=scope)

    def _kept(self, kind: str, build: Callable[[], T]) -> T:
        """What `build` gives, kept between runs under this knowledge base's input files when
        it was loaded from files; else just built."""
        if self._inputs is None:
            return build()
        return cache.cached(f"{self._scope}{kind}", cache.key(self._inputs), build)

    def prepare(self) -> KnowledgeBase:
        """Build everything a request may need (effective rulebooks, search indexes, the
        speller) now, so no request pays for it and forked workers share it."""
        for book_id in self.library.books:
            self.search_index(book_id)
            self.example_index(book_id)
            self.classifier(book_id)
            self.meaning_index(book_id)
        self.statement_index  # noqa: B018
        self.speller  # noqa: B018
        patterns = [*lexicon_patterns(), *(item.pattern for item in cues()[0])]
        for pattern in patterns:  # compiled once, not on the first request of each worker
            pattern.compiled  # noqa: B018
        if self.sentence_model is not None:
            self.sentence_model.runtime_model  # noqa: B018  (not its runtime: that cannot cross a fork)
        return self

    def search_index(self, book_id: str) -> RuleIndex:
        """Full-text search over a book's effective rules, built on first use: word weights
        are those of the rulebook the floor is searching."""
        if book_id not in self._indexes:

            def build() -> RuleIndex:
                rules = [entry.rule for entry in self.effective(book_id)]
                return RuleIndex(
                    rules,
                    self._event_words,
                    key_words=self._floor_words,
                    glossary=self.glossary_of(book_id).values(),
                )

            self._indexes[book_id] = self._kept(f"rule-index-{book_id}", build)
        return self._indexes[book_id]

    def example_index(self, book_id: str) -> ExampleIndex:
        """The example disputes of the rule keys a book's effective rulebook has."""
        if book_id not in self._example_indexes:

            def build() -> ExampleIndex:
                keys = self.rules_by_key(book_id)
                return ExampleIndex(
                    {key: said for key, said in sorted(self._searched.items()) if key in keys}
                )

            self._example_indexes[book_id] = self._kept(f"example-index-{book_id}", build)
        return self._example_indexes[book_id]

    @cached_property
    def _examples(self) -> dict[str, list[str]]:
        """Read on first use: only free-text lookups need them. A key no example is filed
        under (a house's own new rule) has its rule's words as its one example, so it is
        found by the example search, the classifier and the meaning search too."""
        if self._given_examples is not None:
            return self._given_examples
        said = dispute_examples()
        own = {
            rule.key: [meaning_text(rule)] for rule in reversed(self.library.rules) if rule.key not in said
        }
        return {**said, **own}

    @cached_property
    def _terse(self) -> dict[str, list[str]]:
        return dispute_examples("terse") if self._given_terse is None else self._given_terse

    @cached_property
    def _told(self) -> dict[str, list[str]]:
        """The labelled development disputes, as told at a table (tools/learn_examples.py)."""
        return dispute_examples("told") if self._given_told is None else self._given_told

    @cached_property
    def _searched(self) -> dict[str, list[str]]:
        """What the word search over examples reads: the full descriptions and the disputes
        as told (not the terse: BM25 overrates short texts)."""
        return self._with_told(self._examples)

    @cached_property
    def _all_examples(self) -> dict[str, list[str]]:
        """Each key's examples, terse ones too: what the classifier learns from (the word search
        leaves the terse out: BM25 overrates short texts). Not the disputes as told: their
        side details (seats, amounts, who said what) would teach it words of no rule."""
        return {key: [*said, *self._terse.get(key, [])] for key, said in sorted(self._examples.items())}

    def classifier(self, book_id: str) -> KeyClassifier:
        """Naive Bayes over the example disputes of the keys a book's rulebook has."""
        if book_id not in self._classifiers:

            def build() -> KeyClassifier:
                keys = self.rules_by_key(book_id)
                return KeyClassifier({key: said for key, said in self._all_examples.items() if key in keys})

            self._classifiers[book_id] = self._kept(f"classifier-{book_id}", build)
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

                def texts() -> dict[str, str]:
                    return {key: meaning_text(rule) for key, rule in self.rules_by_key(book_id).items()}

                rules = self._kept_vectors(
                    f"rule-vectors-{book_id}",
                    lambda: list(texts().values()),
                    lambda: rule_vectors(texts(), self._vector_store),
                )
                self._meaning_indexes[book_id] = MeaningIndex(self._example_vectors, rules)
        return self._meaning_indexes[book_id]

    def meaning_texts(self) -> list[str]:
        """Every text the meaning indexes read: the example disputes, the rules and the
        phrasings of facts."""
        said = (text for texts in self._meant.values() for text in texts)
        return sorted({*said, *(meaning_text(rule) for rule in self.library.rules), *_statement_texts()})

    @cached_property
    def statement_index(self) -> StatementIndex | None:
        """How floor talk states each fact, by meaning (None without the sentence model)."""
        if self.sentence_model is None:
            return None
        return self._kept_vectors(
            "statement-vectors",
            _statement_texts,
            lambda: StatementIndex(phrasings(), self._vector_store.vectors),
        )

    @cached_property
    def _example_vectors(self) -> KeyedVectors:
        """Every key's example disputes, terse ones and those told at a table too: length
        does not sway a cosine."""
        return self._kept_vectors(
            "example-vectors",
            lambda: [text for texts in self._meant.values() for text in texts],
            lambda: KeyedVectors(self._meant, self._vector_store),
        )

    @cached_property
    def _meant(self) -> dict[str, list[str]]:
        """What the meaning search reads: every example, terse and told ones too."""
        return self._with_told(self._all_examples)

    def _with_told(self, examples: dict[str, list[str]]) -> dict[str, list[str]]:
        return {key: [*said, *self._told.get(key, [])] for key, said in sorted(examples.items())}

    def _kept_vectors(self, kind: str, texts: Callable[[], list[str]], build: Callable[[], V]) -> V:
        """Vectors of texts, kept between runs under the vector cache file they were read from
        (its size and time) and the model; kept only when every one was read from that file:
        one computed here is not the 8-bit one a later run reads there."""
        model = self.sentence_model
        if self._inputs is None or model is None:
            return build()
        kept = cache.load(self._scope + kind, self._vectors_key(kind, model, file_stamp(store_path())))
        if kept is not None:
            return cast(V, kept)
        vectors = build()
        store = self._vector_store
        if store.path == store_path() and store.read_from_file(texts()):
            cache.keep(self._scope + kind, self._vectors_key(kind, model, store.read_stamp), vectors)
        elif store.computed_here:
            store.keep()  # a house's own rules: computed once, read from the file next run
        return vectors

    def _vectors_key(self, kind: str, model: SentenceModel, vector_file: tuple[int, int] | None) -> str:
        return cache.key(self._inputs, kind, model.stamp, vector_file)

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
        return self._kept("speller", self._speller)

    def _speller(self) -> Speller:
        rule_words = {w for rule in self.library.rules for w in words_of(f"{rule.text} {rule.summary}")}
        glossary = {
            word
            for entry in self.library.glossary
            for word in re.findall(r"[a-z]{4,}", f"{entry.term} {entry.definition}".lower())
        }
        return Speller(frozenset(rule_words) | lexicon_words() | glossary, english=english_words())
