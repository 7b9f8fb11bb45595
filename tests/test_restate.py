"""A house that amends a number sees its own number in what the ruling says, not the book's:
the case summary ("Away more than 15 minutes") is restated from the effective parameter."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.books.restate import restate
from engine.render.ruling_json import ruling_json
from engine.rulings.resolver import resolve
from engine.rulings.rulebooks import Rulebooks
from engine.rulings.situation import Situation

HOUSE = """\
id: long-lunch
title: Long lunch home game
publisher: tests
version: '1'
date: '2026'
source: x.txt
kind: house
extends: [roberts-home]
amend:
  - key: procedures.absence-chips-picked-up
    by: long-lunch/x/1
    parameters: {absence_minutes: {value: 30, unit: minutes}}
  - key: no-limit.time-limit
    by: long-lunch/x/2
    parameters: {clock_minutes: {value: 2, unit: minutes}, clock_warning_seconds: {value: 15, unit: seconds}}
"""


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> Rulebooks:
    folder: Path = tmp_path_factory.mktemp("houses") / "long-lunch"
    folder.mkdir()
    (folder / "book.yaml").write_text(HOUSE, encoding="utf-8")
    return Rulebooks.load(houses=[folder])


def _ruling(kb: Rulebooks, house: str, minutes: int) -> dict:
    facts = {"event": "absent-player", "minutes_away": minutes, "absence_arranged": False}
    ruling = ruling_json(resolve(kb, Situation(house=house, format="cash", facts=facts)))
    return next(r for r in ruling["rulings"] if r["key"] == "procedures.absence-chips-picked-up")


def test_the_amended_house_says_its_own_number(kb: Rulebooks) -> None:
    book, house = _ruling(kb, "roberts-home", 20), _ruling(kb, "long-lunch", 20)
    assert book["summary"] == "Away more than 15 minutes with no arrangement: the chips may be picked up."
    assert house["summary"] == "Away 30 minutes or less: the chips stay on the table."
    assert "15" not in _ruling(kb, "long-lunch", 45)["summary"]


def test_the_rule_summary_and_every_case_say_it(kb: Rulebooks) -> None:
    rule = kb.rules_by_key("long-lunch")["procedures.absence-chips-picked-up"]
    said = [rule.summary, *(case["summary"] for case in rule.cases)]
    assert all("15 minutes" not in text for text in said)
    assert sum("30 minutes" in text for text in said) == 3
    assert rule.text == kb.rules_by_key("roberts-home")[rule.key].text  # the quotation stays


@pytest.mark.parametrize(
    ("summary", "old", "new", "unit", "said"),
    [
        ("a pot over $1,000, a royal", 1000, 2000, "dollars", "a pot over $2,000, a royal"),
        ("40% to first, 5% to fifth", 5, 7, "percent", "40% to first, 7% to fifth"),
        ("a 10-minute suspension", 10, 5, "minutes", "a 5-minute suspension"),
        ("Ten minutes, or ten hours", 10, 12, "minutes", "Twelve minutes, or ten hours"),
        ("Low qualifies 8-or-better", 8, 7, "card-rank", "Low qualifies 7-or-better"),
        ("opening is 3.5 big blinds", 3.5, 4, "times-big-blind", "opening is 4 big blinds"),
        (
            "until 18 players are left at 18 tables",
            18,
            20,
            "players",
            "until 20 players are left at 18 tables",
        ),
        ("15.5 minutes, 115 minutes, 15 minutes", 15, 16, "minutes", "15.5 minutes, 115 minutes, 16 minutes"),
        ("a pot of $20 or 20 chips", 20, 30, "dollars", "a pot of $30 or 20 chips"),
        # numbers said in words, ordinals of the unit, words between the count and its unit
        ("Away more than thirty minutes", 30, 45, "minutes", "Away more than forty-five minutes"),
        ("Twenty-five minutes", 25, 20, "minutes", "Twenty minutes"),
        ("no fourth raise", 4, 5, "raises", "no fifth raise"),
        ("the 4th raise", 4, 3, "raises", "the 3rd raise"),
        ("a third card", 3, 4, "cards", "a fourth card"),
        ("the fourth blind level", 4, 6, "levels", "the sixth blind level"),
        ("Two or more players object", 2, 3, "players", "Three or more players object"),
        ("one more minute, a ten-second warning", 1, 2, "minutes", "two more minutes, a ten-second warning"),
        ("a ten-second warning", 10, 15, "seconds", "a fifteen-second warning"),
        ("Away 15 minutes", 15, 1, "minutes", "Away 1 minute"),
        ("the fourth raise of four players", 4, 5, "raises", "the fifth raise of four players"),
        ("eighty percent of the bet", 80, 75, "percent", "seventy-five percent of the bet"),
    ],
)
def test_a_number_is_restated_only_where_said_with_its_unit(
    summary: str, old: int | float, new: int | float, unit: str, said: str
) -> None:
    assert restate(summary, old, new, unit) == said


def test_the_clock_summary_says_the_houses_minutes_and_warning_in_words(kb: Rulebooks) -> None:
    """Robert's "one more minute, with a ten-second warning", amended to two minutes and fifteen
    seconds, is restated in words, the unit agreeing with its number."""
    book = kb.rules_by_key("roberts-home")["no-limit.time-limit"].summary
    house = kb.rules_by_key("long-lunch")["no-limit.time-limit"].summary
    assert "one more minute, with a ten-second warning" in book
    assert "two more minutes, with a fifteen-second warning" in house
    assert house.replace("two more minutes", "one more minute").replace("fifteen", "ten") == book
