"""Search by meaning: our tokenizer and sentence model give the reference library's numbers,
the shipped vectors cover every bundled text, and meaning finds what shares no words."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from engine.books.loader import Library
from engine.books.vocabulary import load_vocabulary
from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lookup import lookup
from engine.freetext.meaning import KeyedVectors
from engine.freetext.model.minilm import SentenceModel, model_folder
from engine.freetext.model.wordpiece import WordPiece
from engine.freetext.vector_store import VectorStore

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def model() -> SentenceModel:
    installed = SentenceModel.installed()
    assert installed is not None, "the sentence model package is not installed: run `make`"
    return installed


def test_wordpiece_gives_the_reference_tokenizers_ids() -> None:
    """ids from the `tokenizers` library with the model's tokenizer.json (accents, CJK,
    control characters, an over-long word, truncation at 256)."""
    folder = model_folder()
    assert folder is not None
    tokenizer = WordPiece(folder / "vocab.txt")
    for case in json.loads((FIXTURES / "wordpiece.json").read_text(encoding="utf-8")):
        assert tokenizer.encode(case["text"]) == case["ids"], case["text"]


def test_sentence_vectors_match_sentence_transformers(
    model: SentenceModel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Vectors from the sentence-transformers library (PyTorch) for the same model: the
    same numbers from the exact graph, nearly the same from the 8-bit one we run. The exact
    graph (90 MB) is built in a cache folder of the test's own, not the user's."""
    cases = json.loads((FIXTURES / "minilm.json").read_text(encoding="utf-8"))
    texts = [case["text"] for case in cases]
    reference = np.array([case["vector"] for case in cases], dtype=np.float32)
    folder = model_folder()
    assert folder is not None
    monkeypatch.setenv("POKERRULES_CACHE", str(tmp_path / "cache"))
    exact = SentenceModel(folder, quantised=False).encode(texts)
    monkeypatch.undo()
    assert np.abs(exact - reference).max() < 1e-5
    quantised = model.encode(texts)
    # ONNX Runtime's 8-bit kernels round differently on different CPUs: 0.970-0.993 on one
    # machine, 0.9695-0.9926 on another; far below this would mean a wrong graph.
    assert (np.sum(quantised * reference, axis=1) > 0.96).all()
    assert np.allclose(np.linalg.norm(quantised, axis=1), 1.0, atol=1e-5)


def test_the_shipped_vectors_cover_every_bundled_text_and_are_the_models(
    kb: KnowledgeBase, model: SentenceModel, bundled_manifests: dict[str, dict]
) -> None:
    """The project's texts (a house's own rules are computed on first use and kept)."""
    from engine.freetext.knowledge import meaning_text

    store = VectorStore(model)
    own = {meaning_text(rule) for rule in kb.library.rules if rule.book not in bundled_manifests}
    bundled = {meaning_text(rule) for rule in kb.library.rules if rule.book in bundled_manifests}
    texts = [text for text in kb.meaning_texts() if text not in own - bundled]
    stale = [text for text in texts if text not in store]
    assert not stale, (
        f"{len(stale)} texts have no stored vector (first: {stale[0][:80]!r}): "
        "run `python -m tools.build_vectors`"
    )
    sample = random.Random(7).sample(texts, 12)
    stored = store.vectors(sample)
    fresh = model.encode(sample)
    assert (np.sum(stored * fresh, axis=1) > 0.999).all()


def test_a_text_not_stored_is_computed(model: SentenceModel, tmp_path: Path) -> None:
    path = tmp_path / "vectors.npz"
    kept = VectorStore(model, path)
    kept.vectors(["a dealer flashed a card"])
    kept.keep()
    store = VectorStore(model, path)
    assert "a dealer flashed a card" in store and "never seen" not in store
    vectors = store.vectors(["never seen", "a dealer flashed a card"])
    assert "never seen" in store
    assert float(vectors[0] @ model.encode(["never seen"])[0]) > 0.999


def test_meaning_finds_a_key_whose_examples_share_no_words(model: SentenceModel, tmp_path: Path) -> None:
    store = VectorStore(model, tmp_path / "none.npz")
    index = KeyedVectors(
        {
            "conduct.drugs": ["a player is using cocaine at the table"],
            "dealing.dropped-deck": ["the dealer dropped the deck on the floor"],
        },
        store,
    )
    query = model.encode(["he keeps snorting powder in the restroom"])[0]
    scores = index.search(query)
    assert max(scores, key=scores.__getitem__) == "conduct.drugs"


def test_lookup_works_on_words_alone_without_the_model(library: Library) -> None:
    kb = KnowledgeBase(library, load_vocabulary())  # its own: the session's keeps its model
    kb.sentence_model = None  # type: ignore[misc]  # as when the model package is missing
    result = lookup(kb, "catfish-bend", "can I play out of my rack")
    assert kb.meaning_index("catfish-bend") is None
    assert result.ranked[0] == "procedures.playing-out-of-rack"


def test_keeping_vectors_keeps_what_another_process_kept(model: SentenceModel, tmp_path: Path) -> None:
    """Two workers computing different texts: the cache ends with both, not the last one's."""
    path = tmp_path / "vectors.npz"
    first, second = VectorStore(model, path), VectorStore(model, path)
    first.vectors(["dealer flashed the river"])
    first.keep()
    second.vectors(["he said raise then called"])
    second.keep()
    again = VectorStore(model, path)
    assert "dealer flashed the river" in again and "he said raise then called" in again
    assert "a text nobody computed" not in again


def test_the_closeness_of_the_last_queries_is_kept_bounded_and_not_pickled(
    model: SentenceModel, tmp_path: Path
) -> None:
    """The same words come back (a question answered, the houses compared): their closeness
    is the one worked out before, from threads at once too; only the last RECENT are kept."""
    import pickle
    from concurrent.futures import ThreadPoolExecutor

    from engine.freetext import meaning

    store = VectorStore(model, tmp_path / "vectors.npz")
    index = KeyedVectors({"a": ["the dealer flashed a card"], "b": ["he is smoking at the table"]}, store)
    queries = [np.random.default_rng(seed).standard_normal(384).astype(np.float32) for seed in range(80)]
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(index.search, queries * 2))
    fresh = [index._closest(query) for query in queries]
    assert found == fresh * 2
    assert index.search(queries[-1]) is index.search(queries[-1])  # kept, not worked out again
    assert len(index._recent._kept) == meaning.RECENT
    again = pickle.loads(pickle.dumps(index))  # noqa: S301 - pickled here, just above
    assert not again._recent._kept and again.search(queries[0]) == fresh[0]


class _RandomStore:
    """Unit vectors made up for texts: the key search needs only `vectors`."""

    def __init__(self) -> None:
        self.rng = np.random.default_rng(7)

    def vectors(self, texts: list[str]) -> np.ndarray:
        made = self.rng.standard_normal((len(texts), 384)).astype(np.float32)
        return made / np.linalg.norm(made, axis=1, keepdims=True)


def test_a_house_s_keys_score_as_they_do_among_every_key() -> None:
    """A house searches only its own keys' examples, read as slices of the shared matrix:
    each key's closeness is the one the whole matrix gives, to the bit, in the same order."""
    rng = random.Random(3)
    texts = {f"key.{n:04d}": [f"{n} {m}" for m in range(rng.randint(1, 70))] for n in range(900)}
    every = KeyedVectors(texts, _RandomStore())  # type: ignore[arg-type]
    queries = _RandomStore().vectors([str(n) for n in range(20)])
    for share in (0.05, 0.5, 0.9, 1.0):
        house = {key for key in texts if rng.random() < share}
        among = every.among(house)
        for query in queries:
            whole = every._closest(query)
            expected = [(key, value) for key, value in whole.items() if key in house]
            assert list(among.search(query).items()) == expected
    assert every.among(set()).search(queries[0]) == {}
