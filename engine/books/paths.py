"""Where the bundled data is (in a checkout and in an installed wheel), and where what we
compute from it is cached."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

_MARKERS = {"rules": "sources", "schema": "vocabulary.yaml", "freetext": "lexicon.yaml"}


def _bundled(name: str) -> Path:
    checkout = Path(__file__).resolve().parents[2] / name
    if (checkout / _MARKERS[name]).exists():
        return checkout
    return Path(str(resources.files("engine") / "_bundled" / name))


def rules_dir() -> Path:
    """The folder holding one sub-folder per book and the source documents."""
    return _bundled("rules")


def schema_dir() -> Path:
    """The folder holding the JSON Schemas and the controlled vocabulary."""
    return _bundled("schema")


def freetext_dir() -> Path:
    """The folder holding what free text is read with: the lexicon of floor talk, the
    floor's words for each rule, and the example disputes by rule area."""
    return _bundled("freetext")


def cache_dir() -> Path:
    """Where computed data is kept between runs (the sentence model's vectors):
    $POKERRULES_CACHE, else $XDG_CACHE_HOME/pokerrules, else ~/.cache/pokerrules."""
    if os.environ.get("POKERRULES_CACHE"):
        return Path(os.environ["POKERRULES_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pokerrules"


HOUSES_VARIABLE = "POKERRULES_RULES"  # folders of house books, read beside the bundled ones


def house_folders(given: list[str] | list[Path] | None = None) -> list[Path]:
    """The folders of house books read beside the bundled editions: those given (`--rules`),
    else $POKERRULES_RULES (several joined by the path separator), else none."""
    if given:
        return [Path(folder) for folder in given]
    named = os.environ.get(HOUSES_VARIABLE, "")
    return [Path(part) for part in named.split(os.pathsep) if part.strip()]
