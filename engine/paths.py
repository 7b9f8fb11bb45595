"""Where the bundled rulebooks and schemas are, in a checkout and in an installed wheel."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _bundled(name: str) -> Path:
    checkout = Path(__file__).resolve().parent.parent / name
    if (checkout / "sources").is_dir() or (checkout / "vocabulary.yaml").is_file():
        return checkout
    return Path(str(resources.files("engine") / "_bundled" / name))


def rules_dir() -> Path:
    """The folder holding one sub-folder per book and the source documents."""
    return _bundled("rules")


def schema_dir() -> Path:
    """The folder holding the JSON Schemas and the controlled vocabulary."""
    return _bundled("schema")
