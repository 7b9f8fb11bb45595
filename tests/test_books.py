"""`pokerrules books`: every bundled book, its kind, inheritance and record counts."""

from __future__ import annotations

import json
import subprocess
import sys

import yaml

from engine.books.paths import rules_dir


def books_json() -> list[dict]:
    result = subprocess.run(
        [sys.executable, "-m", "engine.cli", "books", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(result.stdout)


def count_records_in_yaml(book_id: str) -> tuple[int, int]:
    """Counted straight from the files, independently of the loader."""
    rules = terms = 0
    for path in (rules_dir() / book_id).glob("[0-9]*.yaml"):
        for record in yaml.safe_load(path.read_text(encoding="utf-8"))["records"]:
            if record.get("kind") == "glossary":
                terms += 1
            else:
                rules += 1
    return rules, terms


def test_books_lists_every_bundled_book_with_its_counts(bundled_manifests: dict[str, dict]) -> None:
    """The books are the folders under rules/ (a house a user adds there is listed too), each
    with the kind and inheritance its book.yaml states, read here straight from the files.
    An edition is a whole published rulebook; a house may be a page of changes."""
    listing = {book["id"]: book for book in books_json()}
    assert set(bundled_manifests) <= set(listing)
    for book_id, manifest in bundled_manifests.items():
        book = listing[book_id]
        assert (book["kind"], book["extends"]) == (manifest["kind"], list(manifest.get("extends") or []))
        assert (book["records"], book["glossary"]) == count_records_in_yaml(book_id)
        if manifest["kind"] == "edition":
            assert book["records"] > 30


def test_lineage_of_the_roberts_editions() -> None:
    listing = {book["id"]: book for book in books_json()}
    assert listing["roberts-home"]["follows"] == "roberts-cardroom"
    assert listing["roberts-cardroom"]["follows"] == "roberts-v7"


def test_books_prints_a_table_for_people() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine.cli", "books"], capture_output=True, text=True, timeout=60, check=True
    )
    assert "catfish-bend" in result.stdout and "extends roberts-cardroom" in result.stdout
