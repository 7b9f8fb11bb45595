"""The controlled vocabulary: games, structures, formats, outcomes, units, facts.

Loaded from schema/vocabulary.yaml plus the topic files in schema/vocabulary/; a name
defined in two files must be defined identically there.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.books.paths import schema_dir
from engine.books.yamlfile import read_data


class FactType(StrEnum):
    """What kind of answer a fact takes (its `type` in the vocabulary)."""

    BOOL = "bool"  # yes or no
    ENUM = "enum"  # one of the names the fact lists (its `values`)
    INT = "int"  # a count: cards, players, seats
    NUMBER = "number"  # an amount that may be fractional: chips, minutes


@dataclass(frozen=True)
class Fact:
    """A fact a situation can give: its type, its question and its allowed values."""

    name: str
    type: FactType
    ask: str
    values: dict[str, str]
    names_the_rule: bool = False  # like the event, says which of the event's rules is meant
    unit: str = ""  # a number's unit (from `units:`): what a threshold on it is counted in
    # facts a teller always mentions when they are out of the ordinary (an all-in, two players
    # out on one hand): words that mention it; a description with none of them is taken as
    # `unmentioned` ("no", or the ordinary count), shown with that reason
    mentioned_by: str = ""
    unmentioned: object = False


@dataclass(frozen=True)
class Vocabulary:
    games: dict[str, str]
    game_families: dict[str, str]
    game_groups: dict[str, list[str]]
    structures: dict[str, str]
    formats: dict[str, str]
    discretion: dict[str, str]
    outcomes: dict[str, str]
    units: dict[str, str]
    facts: dict[str, Fact]

    def expand_games(self, names: list[str]) -> set[str]:
        """Game ids named directly or through a group ("stud-games")."""
        games: set[str] = set()
        for name in names:
            games.update(self.game_groups.get(name, [name]))
        return games

    @property
    def events(self) -> dict[str, str]:
        return self.facts["event"].values


class VocabularyConflict(ValueError):
    """A name defined twice, differently; names the file and the dotted field."""

    def __init__(self, file: str, field: str) -> None:
        super().__init__(f"{file}: {field} is defined twice, differently")
        self.file, self.field = file, field


def _merge(into: dict[str, Any], extra: dict[str, Any], file: str, where: str = "") -> None:
    for name, value in extra.items():
        field = f"{where}.{name}" if where else str(name)
        if name not in into:
            into[name] = value
        elif isinstance(into[name], dict) and isinstance(value, dict):
            _merge(into[name], value, file, field)
        elif into[name] != value:
            raise VocabularyConflict(file, field)


def load_vocabulary_data(folder: Path | None = None) -> dict[str, Any]:
    """The vocabulary files merged, as the YAML gives them."""
    folder = folder or schema_dir()
    data: dict[str, Any] = read_data(folder / "vocabulary.yaml")
    for extra_path in sorted((folder / "vocabulary").glob("*.yaml")):
        extra = read_data(extra_path) or {}
        _merge(data, extra, f"schema/vocabulary/{extra_path.name}")
    return data


@lru_cache(maxsize=4)
def load_vocabulary(folder: Path | None = None) -> Vocabulary:
    data = load_vocabulary_data(folder)
    facts = {
        name: Fact(
            name,
            FactType(spec["type"]),
            spec["ask"],
            dict(spec.get("values", {})),
            bool(spec.get("names_the_rule", False)),
            str(spec.get("unit", "")),
            str(spec.get("mentioned_by", "")),
            spec.get("unmentioned", False),
        )
        for name, spec in data["facts"].items()
    }
    return Vocabulary(
        games=data["games"],
        game_families=data["game_families"],
        game_groups=data["game_groups"],
        structures=data["structures"],
        formats=data["formats"],
        discretion=data["discretion"],
        outcomes=data["outcomes"],
        units=data["units"],
        facts=facts,
    )
