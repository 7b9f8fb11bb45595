"""Shared fixtures: the world the tests rule in, built once per test session.

Nothing is built when the tests are collected: the bundled library, the knowledge base,
the mini fixture library and the web app are session fixtures, built on first use. Tests
parametrized over the bundled books or their source documents name the argument
`bundled_book` or `bundled_source`; those lists are read from the manifests alone
(rules/*/book.yaml whose document is in rules/sources/), which is cheap, so a book added
there with its source is tested like the others. A house kept with its own document (`house
new`, or one copied into rules/) is checked by `pokerrules validate`; the suite tests the
project's books, and the house folders of $POKERRULES_RULES are not read here."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import yaml

from engine.books.loader import Library, load_library
from engine.books.paths import rules_dir

if TYPE_CHECKING:
    from flask import Flask

    from engine.freetext.knowledge import KnowledgeBase

MINI = Path(__file__).parent / "fixtures" / "mini"


def pytest_configure(config: pytest.Config) -> None:
    """The suite tests the project's books: a user's house folders are not read beside them
    (the command line's tests of --rules name their folders)."""
    os.environ.pop("POKERRULES_RULES", None)


@cache
def _manifests() -> dict[str, dict]:
    """Each bundled book's manifest by its id, read straight from rules/*/book.yaml: the
    books whose document is one of rules/sources/ (a house's own document sits beside it)."""
    manifests = {}
    for path in sorted(rules_dir().glob("*/book.yaml")):
        manifest = yaml.safe_load(path.read_text(encoding="utf-8"))
        if (rules_dir() / "sources" / str(manifest.get("source"))).is_file():
            manifests[str(manifest["id"])] = manifest
    return manifests


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "bundled_book" in metafunc.fixturenames:
        metafunc.parametrize("bundled_book", sorted(_manifests()))
    if "bundled_source" in metafunc.fixturenames:
        metafunc.parametrize("bundled_source", sorted({str(m["source"]) for m in _manifests().values()}))


@pytest.fixture(scope="session")
def bundled_manifests() -> dict[str, dict]:
    """The bundled books' manifests by id, independently of the loader."""
    return _manifests()


@pytest.fixture(scope="session")
def library() -> Library:
    """The bundled books, loaded once (read-only: tests must not change it)."""
    return load_library()


@pytest.fixture(scope="session")
def mini_library() -> Library:
    """The two-book library under tests/fixtures/mini."""
    return load_library(MINI)


@pytest.fixture(scope="session")
def kb(library: Library) -> KnowledgeBase:
    """The bundled knowledge base (what `KnowledgeBase.load()` builds), over the same library."""
    from engine.books.vocabulary import load_vocabulary
    from engine.freetext.knowledge import KnowledgeBase

    return KnowledgeBase(library, load_vocabulary())


@pytest.fixture(scope="session")
def app(kb: KnowledgeBase) -> Flask:
    """The web app over the bundled knowledge base (`create_app` prepares every index)."""
    from web import create_app

    return create_app(kb)
