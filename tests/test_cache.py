"""What a run builds is kept in the cache folder (engine.freetext.cache) and read back by the
next run; a change to an input file or to the code makes a fresh build; a cache folder that
cannot be written (or read) only makes a run slower, never wrong."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.freetext import cache, knowledge
from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lookup import lookup
from engine.freetext.model.minilm import SentenceModel, model_folder
from engine.freetext.vector_store import VectorStore, store_path

MINI = Path(__file__).parent / "fixtures" / "mini"
ROOT = Path(__file__).resolve().parent.parent
BUILT_VECTORS = store_path()  # in the cache folder outside the tests, where `make` builds them


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of the test's own ($POKERRULES_CACHE), the build cache on."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("POKERRULES_CACHE", str(folder))
    monkeypatch.delenv(cache.SWITCH, raising=False)
    return folder


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    """A copy of the mini library, to change."""
    copy = tmp_path / "rules"
    shutil.copytree(MINI, copy)
    return copy


def kept(folder: Path, kind: str) -> list[Path]:
    return sorted((folder / "builds").glob(f"{kind}.*"))


def words_only(kb: KnowledgeBase) -> KnowledgeBase:
    kb.sentence_model = None  # type: ignore[misc]  # the meaning index would read 20,000 vectors
    return kb


def no_building(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, parsing the rulebooks or building a word index fails the test."""

    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("built again, not read from the cache")

    for name in ("load_library", "RuleIndex", "ExampleIndex", "KeyClassifier", "Speller"):
        monkeypatch.setattr(knowledge, name, fail)


def test_a_second_run_reads_what_the_first_built(
    cache_folder: Path, rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = words_only(KnowledgeBase.load(rules))
    said = "the dealer misdealt the cards"
    ruled = lookup(first, "mini-house", said)
    for kind in (
        "library",
        "rule-index-mini-house",
        "example-index-mini-house",
        "classifier-mini-house",
        "speller",
    ):  # a rules folder not the bundled one: under names of its own
        assert len(kept(cache_folder, f"elsewhere-{kind}")) == 1, kind
    no_building(monkeypatch)
    second = words_only(KnowledgeBase.load(rules))
    assert [rule.id for rule in second.library.rules] == [rule.id for rule in first.library.rules]
    again = lookup(second, "mini-house", said)
    assert again.ranked == ruled.ranked and again.ruling == ruled.ruling


def test_a_lookup_builds_only_its_own_house(cache_folder: Path) -> None:
    kb = words_only(KnowledgeBase.load())
    lookup(kb, "catfish-bend", "dealer flashed seat 4's second card")
    assert set(kb._indexes) == set(kb._example_indexes) == set(kb._classifiers) == {"catfish-bend"}
    built = {path.name.split(".")[0] for path in (cache_folder / "builds").iterdir()}
    house = {"rule-index-catfish-bend", "example-index-catfish-bend", "classifier-catfish-bend"}
    assert {"library", *house} <= built
    assert not [name for name in built if "index-" in name and not name.endswith("catfish-bend")]


def test_changing_a_rule_file_makes_a_fresh_build(cache_folder: Path, rules: Path) -> None:
    before = KnowledgeBase.load(rules)
    words_only(before).search_index("mini-house")
    path = rules / "mini-base" / "02-procedures.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + """- id: mini-base/procedures/3
  key: procedures.spectators
  number: '3'
  text: Spectators must stand behind the rail.
  source: {lines: '15'}
  summary: Spectators stand behind the rail.
  when: {event: guest}
  outcome: required
""",
        encoding="utf-8",
    )
    after = words_only(KnowledgeBase.load(rules))
    assert "mini-base/procedures/3" in {rule.id for rule in after.library.rules}
    assert "procedures.spectators" in after.search_index("mini-house").search("spectators rail")
    assert len(kept(cache_folder, "elsewhere-library")) == 1  # the stale build is gone
    assert len(kept(cache_folder, "elsewhere-rule-index-mini-house")) == 1


def test_an_input_touched_or_the_code_changed_changes_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    stamp = cache.stamp([folder])
    os.utime(folder / "a.yaml", ns=(1, 1))
    assert cache.stamp([folder]) != stamp
    stamp = cache.stamp([folder])
    (folder / "b.yaml").write_text("b: 1\n", encoding="utf-8")
    assert cache.stamp([folder]) != stamp
    key = cache.key(stamp)
    monkeypatch.setattr(cache, "FORMAT", cache.FORMAT + 1)
    cache.code_stamp.cache_clear()
    try:
        assert cache.key(stamp) != key
    finally:
        monkeypatch.undo()
        cache.code_stamp.cache_clear()


def test_a_cache_folder_that_cannot_be_made_still_works(
    tmp_path: Path, rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("POKERRULES_CACHE", str(tmp_path / "a-file" / "cache"))
    kb = words_only(KnowledgeBase.load(rules))
    assert lookup(kb, "mini-house", "the dealer misdealt the cards").ranked


def test_a_read_only_cache_folder_is_read_and_not_written(
    cache_folder: Path, rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = "the dealer misdealt the cards"
    ruled = lookup(words_only(KnowledgeBase.load(rules)), "mini-house", said)
    builds = cache_folder / "builds"
    before = sorted(path.name for path in builds.iterdir())
    builds.chmod(0o555)
    if os.geteuid() == 0:  # root writes anyway: refuse as a read-only file system would

        def refuse(*args: object, **kwargs: object) -> None:
            raise PermissionError(13, "Read-only file system")

        monkeypatch.setattr(cache.tempfile, "mkstemp", refuse)
    try:
        with monkeypatch.context() as patched:
            no_building(patched)
            kept_kb = words_only(KnowledgeBase.load(rules))  # read ...
            assert lookup(kept_kb, "mini-house", said).ranked == ruled.ranked
        (rules / "mini-house" / "book.yaml").touch()  # ... every build stale now ...
        kb = words_only(KnowledgeBase.load(rules))
        assert lookup(kb, "mini-house", said).ranked == ruled.ranked  # ... built again ...
        assert sorted(path.name for path in builds.iterdir()) == before  # ... and not written
    finally:
        builds.chmod(0o755)


def test_switched_off_nothing_is_kept(
    cache_folder: Path, rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cache.SWITCH, "off")
    kb = words_only(KnowledgeBase.load(rules))
    lookup(kb, "mini-house", "the dealer misdealt the cards")
    assert not (cache_folder / "builds").exists()


needs_model = pytest.mark.skipif(SentenceModel.installed() is None, reason="no sentence model installed")


@needs_model
def test_the_kept_graph_gives_the_same_vectors(cache_folder: Path) -> None:
    """The graph kept in the cache (weights mapped from a file beside it) is the graph built
    from the weights: the same vectors, to the last bit."""
    folder = model_folder()
    assert folder is not None
    texts = ["dealer flashed seat 4's second card", "he said raise and put in one chip"]
    built = SentenceModel(folder)
    first = built.encode(texts)  # builds and keeps the graph
    assert kept(cache_folder, built._graph_kind)
    again = SentenceModel(folder)
    assert isinstance(again.runtime_model, str)  # read from the cache folder, not built
    assert np.array_equal(again.encode(texts), first)


@needs_model
def test_vectors_computed_here_are_told_from_those_read(cache_folder: Path, tmp_path: Path) -> None:
    """Only what was built from vectors read from the file may be kept under the file's stamp."""
    model = SentenceModel.installed()
    assert model is not None
    path = tmp_path / "vectors.npz"
    writer = VectorStore(model, path)
    writer.vectors(["a card flashed on the river"])
    writer.keep()
    store = VectorStore(model, path)
    assert store.read_from_file(["a card flashed on the river"])
    store.vectors(["a text computed in this run"])
    assert not store.read_from_file(["a card flashed on the river", "a text computed in this run"])


@needs_model
def test_a_one_shot_ruling_reads_the_cache_and_says_the_same(cache_folder: Path) -> None:
    """Two one-shot command-line rulings, the first building the cache and the second reading
    it, print the same ruling; the second leaves the cache as it found it."""
    cache_folder.mkdir(parents=True, exist_ok=True)
    if BUILT_VECTORS.exists():
        shutil.copy(BUILT_VECTORS, cache_folder / BUILT_VECTORS.name)
    command = [
        sys.executable,
        "-m",
        "engine.cli",
        "ruling",
        "--house",
        "catfish-bend",
        "--json",
        "dealer flashed seat 4's second card",
    ]
    environment = {**os.environ, "POKERRULES_CACHE": str(cache_folder)}
    first = subprocess.run(command, capture_output=True, text=True, timeout=300, env=environment)
    assert first.returncode == 0, first.stderr
    built = sorted(path.name for path in (cache_folder / "builds").iterdir())
    assert built
    second = subprocess.run(command, capture_output=True, text=True, timeout=300, env=environment)
    assert second.stdout == first.stdout
    assert sorted(path.name for path in (cache_folder / "builds").iterdir()) == built
