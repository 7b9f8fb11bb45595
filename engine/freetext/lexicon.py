"""What free text is read with, as data: the lexicon of floor talk (phrases naming events,
games and fact values; abbreviations; synonyms), the floor's words for each rule, and the
example disputes filed under each rule key. All of it lives in freetext/."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from engine.books.paths import freetext_dir
from engine.books.yamlfile import read_data
from engine.freetext import cache
from engine.freetext.prefilter import Pattern, Screen

_REGEX_WORDS = {"his", "her", "the", "was", "are", "were", "and"}


@lru_cache(maxsize=1)
def lexicon_data() -> dict:
    """freetext/lexicon.yaml plus the topic files in freetext/lexicon/: phrases add up."""
    data = read_data(freetext_dir() / "lexicon.yaml")
    for path in sorted((freetext_dir() / "lexicon").glob("*.yaml")):
        extra = read_data(path) or {}
        for section in ("events", "games", "structures", "formats"):
            for name, phrases in (extra.get(section) or {}).items():
                data[section][name] = [*(data[section].get(name) or []), *(phrases or [])]
        for word, meaning in (extra.get("synonyms") or {}).items():
            known = data["synonyms"].get(word)
            data["synonyms"][word] = f"{known} {meaning}" if known else meaning
    return data


def lexicon_files() -> list[Path]:
    return [freetext_dir() / "lexicon.yaml", freetext_dir() / "lexicon"]


def lexicon() -> dict:
    """The lexicon with each name's phrases as one pattern (engine.freetext.prefilter)."""
    return _lexicon_table()[0]


@lru_cache(maxsize=1)
def _lexicon_table() -> tuple[dict, list[Pattern], Screen]:
    """The lexicon, its patterns in a list and the screen of their needed words, kept between
    runs (engine.freetext.cache)."""
    return cache.cached("lexicon", cache.key(cache.stamp(lexicon_files())), _patterns)


def lexicon_patterns() -> list[Pattern]:
    """Every pattern of the lexicon: events, games, structures, formats and fact values."""
    return _lexicon_table()[1]


def possible_patterns(text: str) -> set[Pattern]:
    """The lexicon's patterns that may match the text: the others need not be run."""
    _, patterns, screen = _lexicon_table()
    return {patterns[index] for index in screen.candidates(text)}


def _patterns() -> tuple[dict, list[Pattern], Screen]:
    data = lexicon_data()
    sources: dict = {"abbreviations": data["abbreviations"], "synonyms": data.get("synonyms", {})}
    for section in ("events", "games", "structures", "formats"):
        sources[section] = {
            name: _alternation_source(phrases) for name, phrases in data[section].items() if phrases
        }
    sources["values"] = {
        fact: {value: _alternation_source(phrases) for value, phrases in values.items()}
        for fact, values in data["values"].items()
    }
    tables = [sources[section] for section in ("events", "games", "structures", "formats")]
    tables += list(sources["values"].values())
    for table in tables:
        for name, source in table.items():
            table[name] = Pattern(source)
    patterns = [pattern for table in tables for pattern in table.values()]
    return sources, patterns, Screen(patterns)


def event_words() -> dict[str, str]:
    """The plain words of each event's phrases: how the floor names it, for the search."""
    data = lexicon_data()
    return {
        event: " ".join(sorted({w for p in phrases for w in re.findall(r"[a-z]{3,}", p)} - _REGEX_WORDS))
        for event, phrases in data["events"].items()
        if phrases
    }


def floor_words() -> dict[str, str]:
    """How people talk about each rule, by key (freetext/floor-words/*.yaml), for the search."""
    words: dict[str, str] = {}
    for path in sorted((freetext_dir() / "floor-words").glob("*.yaml")):
        for key, said in (read_data(path) or {}).items():
            words[key] = f"{words[key]} {said}" if key in words else str(said)
    return words


def dispute_examples(kind: str = "said") -> dict[str, list[str]]:
    """Disputes as people describe them, by the rule key that governs each
    (freetext/examples/<area>.yaml): what a description is compared with, besides the rule
    texts. `said` are full descriptions; `terse` the few words thumbed into a phone, which
    teach the classifier and the meaning search but not the word search (BM25 overrates
    short documents: one shared word would make a terse example the nearest to anything)."""
    examples: dict[str, list[str]] = {}
    for path in sorted((freetext_dir() / "examples").glob("*.yaml")):
        for key, kinds in (read_data(path) or {}).items():
            if (kinds or {}).get(kind):
                examples.setdefault(key, []).extend(str(text) for text in kinds[kind])
    return examples


def lexicon_words() -> frozenset[str]:
    """Every plain word the lexicon knows, so typo correction can land on floor words too."""
    data = lexicon_data()
    words = set(re.findall(r"[a-z]{4,}", " ".join(map(str, data["synonyms"]))))
    for section in ("events", "games", "structures", "formats"):
        for phrases in data[section].values():
            words |= set(re.findall(r"[a-z]{4,}", " ".join(phrases or [])))
    return frozenset(words)


def synonyms_of(text: str) -> str:
    """Words the books use for the words in the text (pistol -> weapon)."""
    table = lexicon()["synonyms"]
    return " ".join(table[w] for w in re.findall(r"[a-z0-9'-]+", text.lower()) if w in table)


def _alternation_source(phrases: list[str]) -> str:
    """One pattern for all of a name's phrases, each matched as whole words."""
    return r"(?<![\w-])(?:" + "|".join(f"(?:{p})" for p in phrases) + r")(?![\w-])"
