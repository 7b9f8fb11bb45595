"""Turn a dispute described in words into situation facts, saying where each came from.

"dealer flashed the 2nd card to seat 4" -> event exposed-card, card holecard, exposed_by
dealer, card_number 2. Abbreviations are expanded first (NL, PLO, BB), words neither the
rulebooks nor the lexicon use are corrected to the nearest word they do ("flahsed" ->
"flashed"), then the lexicon (schema/lexicon.yaml and schema/lexicon/*.yaml) and a few
number patterns name the facts. Every inferred fact is returned with the words that
produced it, so a person can correct it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from engine.paths import schema_dir
from engine.spelling import Speller
from engine.yamlfile import read_data

MAX_TEXT = 2000
_TOKEN = re.compile(r"[a-z0-9$']+(?:[-/][a-z0-9']+)*")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "no": 0, "nobody": 0, "none": 0, "noone": 0}
_MINUTES = re.compile(r"\b(\d+)\s*mins?\b")
_REGEX_WORDS = {"his", "her", "the", "was", "are", "were", "and"}
_NUMBER = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|no|nobody|none)"
NUMBER_FACTS = (
    ("minutes_away", re.compile(rf"\b{_NUMBER}\s*(?:minutes|min)\b")),
    ("minutes_away", re.compile(r"\b(half an hour|an hour|hour)\b")),
    ("card_number", re.compile(r"\b(first|second|third|fourth|fifth)\s+(?:hole\s*)?card\b")),
    ("players_acted", re.compile(rf"\b{_NUMBER}\s+(?:players?|people|guys)\s+(?:had\s+|have\s+)?acted\b")),
    ("players_acted", re.compile(r"\b(nobody|no one|noone)\s+(?:had\s+)?acted\b")),
    ("cards_exposed", re.compile(rf"\b{_NUMBER}\s+(?:hole\s*)?cards?\s+(?:was\s+|were\s+|got\s+)?"
                                 r"(?:exposed|flashed|shown|face ?up)")),
    ("tables_remaining", re.compile(rf"\b{_NUMBER}\s+tables?\s+(?:left|remaining)\b")),
    ("players_remaining", re.compile(rf"\b{_NUMBER}\s+(?:players|people|guys)\s+(?:left|remaining)\b")),
    ("players_in_pot", re.compile(rf"\b{_NUMBER}\s+(?:players|people|guys|ways?)\s+in\s+(?:the\s+)?pot\b")),
)


class TextError(ValueError):
    """Text that cannot be read as a dispute: empty, too long, or not text."""


@dataclass(frozen=True)
class Understanding:
    """What the words say, as facts, with the words that said it."""

    text: str  # the normalised text the facts were read from
    facts: dict = field(default_factory=dict)
    context: dict = field(default_factory=dict)  # game / structure / format
    evidence: dict = field(default_factory=dict)  # fact -> the words that gave it
    event_scores: dict = field(default_factory=dict)  # event -> strength of the signal


@lru_cache(maxsize=1)
def lexicon_data() -> dict:
    """schema/lexicon.yaml plus the topic files in schema/lexicon/: phrases add up."""
    data = read_data(schema_dir() / "lexicon.yaml")
    for path in sorted((schema_dir() / "lexicon").glob("*.yaml")):
        extra = read_data(path) or {}
        for section in ("events", "games", "structures", "formats"):
            for name, phrases in (extra.get(section) or {}).items():
                data[section][name] = [*(data[section].get(name) or []), *(phrases or [])]
        for word, meaning in (extra.get("synonyms") or {}).items():
            known = data["synonyms"].get(word)
            data["synonyms"][word] = f"{known} {meaning}" if known else meaning
    return data


@lru_cache(maxsize=1)
def lexicon() -> dict:
    data = lexicon_data()
    compiled: dict = {"abbreviations": data["abbreviations"], "synonyms": data.get("synonyms", {})}
    for section in ("events", "games", "structures", "formats"):
        compiled[section] = {name: _alternation(phrases)
                             for name, phrases in data[section].items() if phrases}
    compiled["values"] = {fact: {value: _alternation(phrases) for value, phrases in values.items()}
                          for fact, values in data["values"].items()}
    return compiled


def event_words() -> dict[str, str]:
    """The plain words of each event's phrases: how the floor names it, for the search."""
    data = lexicon_data()
    return {event: " ".join(sorted({w for p in phrases for w in re.findall(r"[a-z]{3,}", p)}
                                   - _REGEX_WORDS))
            for event, phrases in data["events"].items() if phrases}


def floor_words() -> dict[str, str]:
    """How people talk about each rule, by key (schema/floor-words/*.yaml), for the search."""
    words: dict[str, str] = {}
    for path in sorted((schema_dir() / "floor-words").glob("*.yaml")):
        for key, said in (read_data(path) or {}).items():
            words[key] = f"{words[key]} {said}" if key in words else str(said)
    return words


def dispute_examples(folder: str = "disputes") -> dict[str, list[str]]:
    """Disputes as people describe them, by the rule key that governs each
    (schema/disputes/*.yaml): what a description is compared with, besides the rule texts.
    `disputes/terse`: the few words thumbed into a phone, which teach the classifier and
    the meaning search but not the word search (BM25 overrates short documents: one shared
    word would make a terse example the nearest to anything)."""
    examples: dict[str, list[str]] = {}
    for path in sorted((schema_dir() / folder).glob("*.yaml")):
        for key, said in (read_data(path) or {}).items():
            examples.setdefault(key, []).extend(str(text) for text in said)
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


def check_text(text: object) -> str:
    """The text itself, or a TextError saying what is wrong with it."""
    if not isinstance(text, str):
        raise TextError("the dispute must be given as text")
    if not text.strip():
        raise TextError("describe the dispute in a few words, e.g. 'dealer flashed seat 4's second card'")
    if len(text) > MAX_TEXT:
        raise TextError(f"the description is {len(text)} characters; keep it under {MAX_TEXT}")
    return text


def normalise(text: str, speller: Speller | None = None) -> str:
    """Lower-case, abbreviations expanded, unknown words corrected to known ones."""
    abbreviations = lexicon()["abbreviations"]
    text = _MINUTES.sub(r"\1 minutes", text.lower().replace("’", "'"))  # "40 min", not "min raise"
    words = []
    for token in re.findall(r"\S+", text):
        core = token.strip(".,!?;:()\"")
        if core in abbreviations:
            token = token.replace(core, abbreviations[core])
        elif speller is not None and core:
            token = token.replace(core, speller.correct(core))
        words.append(token)
    return " ".join(words)


def _number(word: str) -> int:
    if word in _ORDINALS:
        return _ORDINALS[word]
    if word in ("half an hour",):
        return 30
    if word in ("an hour", "hour"):
        return 60
    return int(word) if word.isdigit() else _NUMBERS.get(word, 0)


def _alternation(phrases: list[str]) -> re.Pattern[str]:
    """One pattern for all of a name's phrases, each matched as whole words."""
    return re.compile(r"(?<![\w-])(?:" + "|".join(f"(?:{p})" for p in phrases) + r")(?![\w-])")


def _strongest(patterns: dict, text: str) -> tuple[str | None, dict, str]:
    """The name whose phrases cover most of the text, with every name's score."""
    scores: dict = {}
    evidence: dict = {}
    for name, pattern in patterns.items():
        for match in pattern.finditer(text):
            if match.group(0):
                scores[name] = scores.get(name, 0) + len(match.group(0))
                evidence.setdefault(name, match.group(0))
    if not scores:
        return None, {}, ""
    best = max(sorted(scores), key=lambda n: scores[n])
    return best, scores, evidence[best]


def understand(text: str, speller: Speller | None = None) -> Understanding:
    """Facts, game, structure and format inferred from the words."""
    plain = normalise(check_text(text), speller)
    data = lexicon()
    facts: dict = {}
    context: dict = {}
    evidence: dict = {}
    event, scores, said = _strongest(data["events"], plain)
    if event:
        facts["event"], evidence["event"] = event, said
    for dimension, section in (("game", "games"), ("structure", "structures"), ("format", "formats")):
        name, _, said = _strongest(data[section], plain)
        if name:
            context[dimension], evidence[dimension] = name, said
    for fact, values in data["values"].items():
        name, _, said = _strongest(values, plain)
        if name is not None:
            facts[fact], evidence[fact] = name, said
    for fact, pattern in NUMBER_FACTS:
        match = pattern.search(plain)
        if match and fact not in facts:
            facts[fact], evidence[fact] = _number(match.group(1)), match.group(0)
    return Understanding(plain, facts, context, evidence, scores)
