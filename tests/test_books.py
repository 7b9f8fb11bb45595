"""`pokerrules books`: the six books, their kinds, inheritance and record counts."""

from __future__ import annotations

import json
import subprocess
import sys

import yaml

from engine.books.paths import rules_dir

EXPECTED = {
    "roberts-home": ("edition", []),
    "roberts-cardroom": ("edition", []),
    "roberts-blog": ("edition", []),
    "roberts-v7": ("edition", []),
    "catfish-bend": ("house", ["roberts-cardroom"]),
    "homepokertourney": ("house", ["roberts-v7"]),
}


def books_json() -> list[dict]:
    result = subprocess.run([sys.executable, "-m", "engine.cli", "books", "--json"],
                            capture_output=True, text=True, timeout=60, check=True)
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


def test_books_lists_the_six_books_with_their_counts() -> None:
    listing = {book["id"]: book for book in books_json()}
    assert set(listing) == set(EXPECTED)
    for book_id, (kind, extends) in EXPECTED.items():
        book = listing[book_id]
        assert (book["kind"], book["extends"]) == (kind, extends)
        assert (book["records"], book["glossary"]) == count_records_in_yaml(book_id)
        assert book["records"] > 30


def test_lineage_of_the_roberts_editions() -> None:
    listing = {book["id"]: book for book in books_json()}
    assert listing["roberts-home"]["follows"] == "roberts-cardroom"
    assert listing["roberts-cardroom"]["follows"] == "roberts-v7"


def test_books_prints_a_table_for_people() -> None:
    result = subprocess.run([sys.executable, "-m", "engine.cli", "books"],
                            capture_output=True, text=True, timeout=60, check=True)
    assert "catfish-bend" in result.stdout and "extends roberts-cardroom" in result.stdout
