"""A house's effective rulebook: add, replace, amend and disable, base left unchanged."""

from __future__ import annotations

import pytest

from engine.books.effective import UnknownBook, effective_rulebook
from engine.books.loader import Library


def by_key(library: Library, book_id: str) -> dict:
    return {entry.rule.key: entry for entry in effective_rulebook(library, book_id)}


def test_a_house_adds_a_rule(mini_library: Library) -> None:
    assert by_key(mini_library, "mini-house")["house.spectators"].origin == "mini-house"
    assert "house.spectators" not in by_key(mini_library, "mini-base")


def test_a_house_replaces_a_rule_with_the_same_key(mini_library: Library) -> None:
    entry = by_key(mini_library, "mini-house")["procedures.playing-out-of-rack"]
    assert (entry.rule.book, entry.rule.outcome) == ("mini-house", "allowed")
    assert [rule.id for rule in entry.replaces] == ["mini-base/procedures/1"]


def test_a_house_amends_a_parameter_of_an_inherited_rule(mini_library: Library) -> None:
    entry = by_key(mini_library, "mini-house")["procedures.absence-chips-picked-up"]
    assert entry.origin == "mini-base"
    assert entry.amended_by == "mini-house/house-rules/2"
    assert entry.rule.parameters["absence_minutes"]["value"] == 45


def test_a_house_disables_a_section_and_the_base_is_unchanged(mini_library: Library) -> None:
    house = by_key(mini_library, "mini-house")
    assert "misdeal.exposed-first-card" not in house
    assert "misdeal.two-players-acted" not in house
    base = by_key(mini_library, "mini-base")
    assert "misdeal.exposed-first-card" in base
    assert base["procedures.absence-chips-picked-up"].rule.parameters["absence_minutes"]["value"] == 15


def test_inherited_rules_say_where_they_come_from(library: Library) -> None:
    catfish = effective_rulebook(library, "catfish-bend")
    origins = {entry.origin for entry in catfish}
    assert origins <= {"catfish-bend", "roberts-cardroom"}
    assert len({entry.rule.key for entry in catfish}) == len(catfish)


def test_hpt_takes_precedence_over_the_v7_rules_it_rewords(library: Library) -> None:
    hpt = effective_rulebook(library, "homepokertourney")
    own = [entry for entry in hpt if entry.origin == "homepokertourney"]
    inherited = [entry for entry in hpt if entry.origin == "roberts-v7"]
    assert own and inherited
    assert len(own) + len(inherited) == len(hpt)


def test_an_unknown_book_names_the_books_there_are(mini_library: Library) -> None:
    with pytest.raises(UnknownBook, match="books are: mini-base, mini-house"):
        effective_rulebook(mini_library, "mini-casino")


def test_hpt_amends_the_starting_chips_of_the_v7_rule(library: Library) -> None:
    entry = by_key(library, "homepokertourney")["tournament.starting-chips-placed"]
    assert entry.origin == "roberts-v7"
    assert entry.amended_by == "homepokertourney/buyin-rebuy-add-on/p1"
    assert entry.rule.parameters["starting_chips"]["value"] == 1000
    v7 = by_key(library, "roberts-v7")["tournament.starting-chips-placed"]
    assert "starting_chips" not in v7.rule.parameters
