"""Each area's cues (freetext/cues/*.yaml) against the sentences written for them in
tests/reader/*.yaml: what floor staff say that states a fact, and near misses that must not
read it. A file there names what it reads:

    stated:                   # the words state these facts, with these values
      - said: "he'd already peeked at both cards"
        facts: {looked_at_cards: true}
    not_stated:               # the words do not state these facts (no value at all is read)
      - said: "he never got a chance to look, the dealer mucked them"
        facts: [looked_at_cards]
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.freetext.reader import read_stated_facts
from engine.freetext.understand import normalise

FOLDER = Path(__file__).parent / "reader"


def _cases(kind: str) -> list:
    cases = []
    for path in sorted(FOLDER.glob("*.yaml")):
        for index, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")).get(kind) or ()):
            cases.append(pytest.param(case["said"], case["facts"], id=f"{path.stem}-{index}"))
    return cases


@pytest.mark.parametrize(("said", "facts"), _cases("stated"))
def test_the_words_state_the_fact(said: str, facts: dict[str, object]) -> None:
    read = read_stated_facts(normalise(said))
    assert {name: read[name][0] for name in facts if name in read} == facts
    for name in facts:
        assert read[name][1] in normalise(said)  # the words that stated it, as said


@pytest.mark.parametrize(("said", "facts"), _cases("not_stated"))
def test_near_misses_read_no_value(said: str, facts: list[str]) -> None:
    read = read_stated_facts(normalise(said))
    assert {name: read[name] for name in facts if name in read} == {}


def test_every_cue_and_lexicon_pattern_compiles() -> None:
    """A cue (or lexicon pattern) is compiled only when a text holds its needed words: one that cannot compile
    would fail a ruling at run time, so each is compiled here (an apostrophe the reader makes
    optional inside a look-behind, "n't" -> "n'?t", is a variable width it cannot take)."""
    import re

    from engine.freetext.lexicon import lexicon_patterns
    from engine.freetext.reader import cues

    every, _ = cues()
    broken = []
    for fact, pattern in [(cue.fact, cue.pattern) for cue in every] + [
        ("lexicon", p) for p in lexicon_patterns()
    ]:
        try:
            re.compile(pattern.source)
        except re.error as error:
            broken.append(f"{fact}: {error}")
    assert not broken, broken


def test_no_freetext_data_file_repeats_a_key() -> None:
    """The data files are read with the fast loader, where a repeated key silently replaces
    the first (a second `chips_left:` in a cue file would drop the first one's cues): the
    strict loader, which names the line, reads every one of them here."""
    from engine.books.paths import freetext_dir
    from engine.books.yamlfile import YamlProblem, read_yaml

    problems = []
    for path in sorted(freetext_dir().rglob("*.yaml")):
        try:
            read_yaml(path)
        except YamlProblem as problem:
            problems.append(f"{path.name}: {problem}")
    assert not problems, problems


def test_a_cue_without_its_value_is_a_clear_error(tmp_path) -> None:
    import pytest

    from engine.freetext.reader import _read_cues

    broken = tmp_path / "broken.yaml"
    broken.write_text("cues:\n  chips_left:\n    - pattern: 'with no chips'\n", encoding="utf-8")
    with pytest.raises(
        ValueError, match=r"broken\.yaml: a cue of chips_left needs both a pattern and a value"
    ):
        _read_cues([broken])
