"""Bounds on a number that name a parameter: exact, read as the house has the parameter."""

from __future__ import annotations

import pytest

from engine.books.thresholds import resolve
from engine.rulings.matching import value_matches

ABSENCE = {"absence_minutes": {"value": 20, "unit": "minutes"}}


@pytest.mark.parametrize(
    ("bound", "inside", "outside"),
    [
        ({"gt": "absence_minutes"}, [20.01, 21], [20, 19]),
        ({"ge": "absence_minutes"}, [20, 21], [19.99]),
        ({"lt": "absence_minutes"}, [19.99, 0], [20]),
        ({"le": "absence_minutes"}, [20], [20.01]),
        ({"eq": "absence_minutes"}, [20], [19, 21]),
        ({"min": 2, "max": 4}, [2, 4], [1, 5]),
        ({"ge": 11, "le": 20}, [11, 20], [10, 21]),
    ],
)
def test_strict_and_inclusive_bounds_are_exact(bound: dict, inside: list, outside: list) -> None:
    assert all(value_matches(bound, v, ABSENCE) for v in inside)
    assert not any(value_matches(bound, v, ABSENCE) for v in outside)


def test_the_threshold_is_the_parameter_as_amended() -> None:
    assert value_matches({"gt": "absence_minutes"}, 25, ABSENCE)
    assert not value_matches(
        {"gt": "absence_minutes"}, 25, {"absence_minutes": {"value": 30, "unit": "minutes"}}
    )


def test_a_reference_converts_units_and_adds() -> None:
    hours = {"return_window_hours": {"value": 1, "unit": "hours"}}
    assert value_matches({"le": {"param": "return_window_hours", "times": 60}}, 60, hours)
    assert not value_matches({"le": {"param": "return_window_hours", "times": 60}}, 61, hours)
    half = {"raise_commit_fraction": {"value": 0.5, "unit": "fraction-of-bet"}}
    assert value_matches({"ge": {"param": "raise_commit_fraction", "plus": 1}}, 1.5, half)
    assert not value_matches({"ge": {"param": "raise_commit_fraction", "plus": 1}}, 1.4999, half)


def test_a_list_parameter_is_one_of_or_beyond_its_largest() -> None:
    positions = {"misdeal_card_positions": {"value": [1, 2], "unit": "cards"}}
    assert value_matches({"eq": "misdeal_card_positions"}, 2, positions)
    assert not value_matches({"eq": "misdeal_card_positions"}, 3, positions)
    assert value_matches({"gt": "misdeal_card_positions"}, 3, positions)
    assert not value_matches({"gt": "misdeal_card_positions"}, 2, positions)
    assert value_matches({"lt": "misdeal_card_positions"}, 0, positions)


def test_nothing_matches_a_bound_on_a_missing_example_or_wordy_parameter() -> None:
    assert resolve({"gt": "absence_minute"}, ABSENCE) is None
    assert resolve({"gt": "unit"}, {"unit": {"value": 25, "unit": "dollars", "role": "example"}}) is None
    assert resolve({"le": "cap"}, {"cap": {"value": "unlimited", "unit": "raises"}}) is None
    assert not value_matches({"gt": "absence_minute"}, 100, ABSENCE)


def test_a_bound_in_words_and_a_value_inside_it() -> None:
    more = resolve({"gt": "absence_minutes"}, ABSENCE)
    assert more is not None and more.describe() == "more than 20" and more.candidates()[0] == 21
    less = resolve({"lt": "half"}, {"half": {"value": 0.5, "unit": "fraction-of-bet"}})
    assert less is not None and less.describe() == "less than 0.5" and less.candidates()[0] == 0.49
    both = resolve({"min": 11, "max": 20}, {})
    assert both is not None and both.describe() == "from 11 to 20"
