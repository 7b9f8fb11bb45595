"""The needed words of a pattern: a text that matches it always holds one of them, so a
pattern is never skipped where it would have matched (engine.freetext.prefilter)."""

from __future__ import annotations

import pickle
import re

import pytest
import yaml

from engine.books.paths import freetext_dir
from engine.freetext.lexicon import lexicon_patterns
from engine.freetext.prefilter import Pattern, Screen, needed_words
from engine.freetext.reader import cues
from engine.freetext.understand import normalise

# pattern, a text it matches, a text it does not (and that holds none of its needed words)
CASES = [
    (r"(?:flashed|flipped) (?:his )?cards?", "dealer flipped his card", "dealer flipped it"),
    (r"check(?:ed|s)? (?:it )?down(?! to)", "they checked it down", "they checked"),
    (r"(?:went to|in) the (?:bathroom|kitchen)", "he is in the kitchen", "he is in the hall"),
    (r"flashe[sd]? (?:a|one) card", "flashes one card", "flashed two cards"),
    (r"seat \d+ (?:folds|mucks)", "seat 4 mucks", "seat 4 calls"),
    (r"(?:big )+blind", "big big blind", "big bets"),
    (r"ab(?=cde)", "abcde", "abcd"),
    (r"(?<=xyz)ab", "xyzab", "yzab"),
]


@pytest.mark.parametrize(("source", "matches", "misses"), CASES)
def test_a_text_that_matches_holds_a_needed_word(source: str, matches: str, misses: str) -> None:
    pattern = Pattern(source)
    assert re.search(source, matches) and pattern.may_match(matches)
    assert [m.group(0) for m in pattern.finditer(matches)] == [
        m.group(0) for m in re.finditer(source, matches)
    ]
    assert not re.search(source, misses) and not pattern.may_match(misses)
    assert list(pattern.finditer(misses)) == [] and pattern.search(misses) is None


@pytest.mark.parametrize(
    "source", [r"\d+", r"(?:big )?blind|\w+", r"(?i)flashed", r"(?i:flashed) card", "[^a]b?"]
)
def test_a_pattern_with_no_sure_words_always_runs(source: str) -> None:
    needed = needed_words(source)
    assert needed is None or all(word.islower() or not word.isalpha() for word in needed)
    if source.startswith("(?i)"):
        assert needed is None  # "FLASHED" matches and holds no lower-case word
        assert Pattern(source).may_match("FLASHED")


def test_a_pattern_is_pickled_as_its_source_and_words_and_compiled_when_first_needed() -> None:
    pattern = Pattern(r"dealer (?:flashed|exposed)")
    again = pickle.loads(pickle.dumps(pattern))  # noqa: S301 - pickled here, just above
    assert again.source == pattern.source and again.needed == pattern.needed
    assert again._compiled is None and again.search("the dealer exposed it")


def test_the_screen_finds_every_pattern_that_may_match_short_words_too() -> None:
    patterns = [Pattern(r"\bab\b"), Pattern("dealer (?:flashed|exposed)"), Pattern(r"\d+"), Pattern("xy")]
    screen = Screen(patterns)
    text = "so ab the dealer exposed xy 4"
    assert screen.candidates(text) == [0, 1, 2, 3]
    assert screen.candidates("nothing here") == [2]
    assert screen.candidates("the dealer flash") == [2]


def _texts() -> list[str]:
    """Floor talk to try the real patterns on: the reader's test sentences and a sample of
    the example disputes."""
    texts = []
    for path in sorted((freetext_dir() / "examples").glob("*.yaml"))[::3]:
        for examples in yaml.safe_load(path.read_text(encoding="utf-8")).values():
            texts.extend((examples.get("said") or [])[::30])
    return [normalise(text) for text in texts]


def test_no_cue_or_lexicon_pattern_is_screened_out_of_a_text_it_matches() -> None:
    patterns = [*lexicon_patterns(), *(item.pattern for item in cues()[0])]
    screen = Screen(patterns)
    texts = _texts()
    assert len(texts) > 100
    for text in texts:
        possible = set(screen.candidates(text))
        for index, pattern in enumerate(patterns):
            if index not in possible:
                assert not pattern.compiled.search(text), (pattern.source, text)
