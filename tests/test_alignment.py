"""Keys align editions: the same rule has the same key in every book that prints it, and
the numbers a house changed are visible in its parameters."""

from __future__ import annotations

import pytest

from engine.books.loader import Library

ALL_HOLDEM = {"roberts-home", "roberts-blog", "roberts-cardroom", "catfish-bend", "roberts-v7"}


def records(library: Library, key: str) -> dict[str, object]:
    return {rule.book: rule for rule in library.rules if rule.key == key}


@pytest.mark.parametrize(
    ("key", "books"),
    [
        ("holdem.exposed-holecard", ALL_HOLDEM),
        ("holdem.flop-redeal", ALL_HOLDEM),
        ("procedures.absence-chips-picked-up", {"roberts-home", "catfish-bend", "roberts-v7"}),
        ("procedures.playing-out-of-rack", {"roberts-home", "catfish-bend", "roberts-v7"}),
        ("blinds.straddle", {"roberts-home", "roberts-blog", "catfish-bend", "roberts-v7"}),
        ("betting.raise-cap", {"roberts-home", "catfish-bend", "roberts-v7"}),
        ("misdeal.exposed-first-card", {"roberts-home", "catfish-bend", "roberts-v7"}),
        ("irregularity.burn-error", {"roberts-cardroom", "catfish-bend", "roberts-v7"}),
        ("tournament.redraw", {"roberts-home", "catfish-bend", "roberts-v7", "homepokertourney"}),
        ("tournament.elimination-order", {"roberts-home", "catfish-bend", "roberts-v7"}),
    ],
)
def test_the_same_rule_has_the_same_key_in_every_book(library: Library, key: str, books: set[str]) -> None:
    found = set(records(library, key))
    assert books <= found, f"{key} is missing from {sorted(books - found)}"


def value(library: Library, key: str, book: str, parameter: str) -> object:
    return records(library, key)[book].parameters[parameter]["value"]


def test_absence_limits_differ_house_by_house(library: Library) -> None:
    assert value(library, "procedures.absence-chips-picked-up", "roberts-home", "absence_minutes") == 15
    assert value(library, "procedures.absence-chips-picked-up", "catfish-bend", "absence_minutes") == 45
    assert value(library, "procedures.absence-chips-picked-up", "roberts-v7", "absence_minutes") == 30
    assert value(library, "tournament.players-leaving", "homepokertourney", "absence_minutes") == 20


def test_catfish_bend_burns_when_a_flop_is_redealt(library: Library) -> None:
    assert value(library, "holdem.flop-redeal", "catfish-bend", "burn_on_redeal") == 1
    assert value(library, "holdem.flop-redeal", "roberts-home", "burn_on_redeal") == 0


def test_tournament_redraw_points(library: Library) -> None:
    assert value(library, "tournament.redraw", "roberts-home", "redraw_at_tables") == [2, 1]
    assert value(library, "tournament.redraw", "catfish-bend", "redraw_at_tables") == [1]


def test_exposed_holecard_first_versus_first_or_second(library: Library) -> None:
    both = records(library, "holdem.exposed-holecard")
    home, cardroom = both["roberts-home"], both["roberts-cardroom"]
    assert "first holecard dealt" in home.text and "first or second holecard" in cardroom.text
    assert home.cases != cardroom.cases


def test_playing_out_of_a_rack(library: Library) -> None:
    assert records(library, "procedures.playing-out-of-rack")["roberts-home"].outcome == "not-allowed"
    assert records(library, "procedures.playing-out-of-rack")["catfish-bend"].outcome == "allowed"


def test_keys_are_unique_within_each_book(library: Library) -> None:
    seen: set[tuple[str, str]] = set()
    for rule in library.rules:
        assert (rule.book, rule.key) not in seen, rule.id
        seen.add((rule.book, rule.key))


@pytest.mark.parametrize(
    ("record_id", "flag"),
    [
        ("catfish-bend/button-and-blind-use/15", "source-flaw"),  # numbering skips 14
        ("catfish-bend/seven-card-stud/18", "stale-reference"),  # cites Section 14 for Explanations
        ("roberts-home/the-showdown/2", "stale-reference"),  # Lowball rules 15 and 16
    ],
)
def test_source_flaws_are_recorded_not_repaired(library: Library, record_id: str, flag: str) -> None:
    rule = next(rule for rule in library.rules if rule.id == record_id)
    assert flag in rule.flags
    assert rule.note


def test_the_home_glossary_flaw_is_recorded(library: Library) -> None:
    assert [entry.term for entry in library.glossary if entry.book == "roberts-home"] == ["ACTION"]
    assert any("glossary" in flaw["what"].lower() for flaw in library.books["roberts-home"].flaws)


def test_front_card_duplicates_are_marked(library: Library) -> None:
    front = [rule for rule in library.rules if "front-card" in rule.flags]
    assert len(front) > 30 and all(rule.book == "homepokertourney" for rule in front)
    v7_keys = {rule.key for rule in library.rules_of("roberts-v7")}
    unmatched = [rule.id for rule in front if rule.key not in v7_keys]
    assert not unmatched, unmatched
