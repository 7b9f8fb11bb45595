"""Computations read the house's numbers through one accessor over the *effective* rulebook:
a house that amends a parameter changes the answer; a book's example or a formula's
consequence is never read as a setting."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from engine.books.effective import effective_rulebook
from engine.books.loader import Library
from engine.compute.amounts import read_ledger
from engine.compute.registry import Table, compute
from engine.compute.settings import HouseRules, NotASetting


def _house(library: Library, amend: list[dict]) -> HouseRules:
    """A house over Catfish Bend that amends its numbers (a copy: the library is not changed)."""
    base = library.books["catfish-bend"]
    house = replace(base, id="amended-house", kind="house", extends=("catfish-bend",), amend=tuple(amend))
    copy = Library(root=library.root, sources=library.sources)
    copy.books, copy.rules, copy.glossary = (
        {**library.books, house.id: house},
        library.rules,
        library.glossary,
    )
    return HouseRules.of(house.id, effective_rulebook(copy, house.id))


def _answer(rules: HouseRules, key: str, text: str, **context: str) -> Decimal:
    table = Table(rules=rules, ledger=read_ledger(text, context.get("structure")), ruled=(key,), **context)
    found = compute(table, [key])
    assert found is not None
    return Decimal(found.value)


LIMIT_ALL_IN = "$10/$20 holdem, turn. first guy shoves all in for $14. second guy wants to raise. how much?"
LOWBALL_CAP = "Limit lowball, four players. Bet, raise, reraise, third raise. Fourth raise?"


def test_catfish_bend_reopens_at_half_a_bet(library: Library) -> None:
    rules = _house(library, [])
    assert (
        _answer(rules, "betting.all-in-short-limit", LIMIT_ALL_IN, game="holdem", structure="limit") == 34
    )  # 14 >= 10: raise to 14 + 20


def test_a_house_that_amends_the_reopen_fraction_changes_the_answer(library: Library) -> None:
    amend = {
        "key": "betting.all-in-short-limit",
        "by": "x",
        "parameters": {"reopen_fraction": {"value": 1.0}},
    }
    rules = _house(library, [amend])
    assert rules.setting("betting.all-in-short-limit", "reopen_fraction").amended_by == "x"
    assert (
        _answer(rules, "betting.all-in-short-limit", LIMIT_ALL_IN, game="holdem", structure="limit") == 20
    )  # 14 < 20: complete to 20


def test_a_house_that_amends_the_raise_cap_changes_the_answer(library: Library) -> None:
    assert (
        _answer(_house(library, []), "betting.raise-cap", LOWBALL_CAP, game="lowball-a5", structure="limit")
        == 1
    )
    amend = {"key": "lowball.raise-cap", "by": "x", "parameters": {"raise_cap": {"value": 5}}}
    assert (
        _answer(
            _house(library, [amend]), "betting.raise-cap", LOWBALL_CAP, game="lowball-a5", structure="limit"
        )
        == 2
    )


def test_a_house_that_amends_the_jackpot_drop_minimum_changes_the_drop(library: Library) -> None:
    """Amend the Catfish drop's pot minimum to $30: a $25 pot no longer pays the dollar."""
    text = "The pot is $25. Does the jackpot drop come out?"
    assert _answer(_house(library, []), "jackpot.drop", text) == 1
    amend = {
        "key": "jackpot.drop",
        "by": "x",
        "parameters": {"jackpot_drop_pot_minimum": {"value": 30, "unit": "dollars"}},
    }
    assert _answer(_house(library, [amend]), "jackpot.drop", text) == 0


def test_a_house_that_amends_the_kill_leg_changes_what_the_second_leg_must_win(library: Library) -> None:
    text = "4-8 limit kill game, second leg: how much must he win for the leg to qualify?"
    leg = "kill-pot.leg-qualification"
    assert _answer(_house(library, []), leg, text, structure="limit") == 4
    amend = {"key": leg, "by": "x", "parameters": {"leg_min_bets": {"value": 2, "unit": "bets"}}}
    assert _answer(_house(library, [amend]), leg, text, structure="limit") == 8


def test_a_house_that_amends_the_kill_multiple_changes_the_kill(library: Library) -> None:
    text = "$10-$20 lowball, $10 big blind, a player kills the pot. how much is the kill?"
    assert (
        _answer(_house(library, []), "kill-pot.description", text, game="lowball-a5", structure="limit") == 20
    )
    amend = {"key": "kill-pot.description", "by": "x", "parameters": {"full_kill_multiple": {"value": 3}}}
    assert (
        _answer(_house(library, [amend]), "kill-pot.description", text, game="lowball-a5", structure="limit")
        == 30
    )


CLOCK_CALLED = (
    "NL holdem. Seat 2 bets 100 and seat 7 is tanking. Seat 2 calls the clock. How long does seat 7 have?"
)


def _clock(rules: HouseRules) -> str:
    table = Table(
        rules=rules,
        ledger=read_ledger(CLOCK_CALLED, "no-limit"),
        structure="no-limit",
        ruled=("no-limit.time-limit",),
        facts={"event": "clock", "facing_bet": True},
    )
    found = compute(table, ["no-limit.time-limit"])
    assert found is not None
    return found.display


def test_a_house_that_amends_the_clock_changes_when_the_hand_is_dead(library: Library) -> None:
    """Catfish Bend NL rule 15: one minute, a ten-second warning. A house giving two minutes
    and a fifteen-second warning kills the hand at 120 seconds, warned at 105."""
    assert _clock(_house(library, [])) == "Dead at 60 seconds (warning at 50)"
    minutes = {"key": "no-limit.time-limit", "by": "x", "parameters": {"clock_minutes": {"value": 2}}}
    assert _clock(_house(library, [minutes])) == "Dead at 120 seconds (warning at 110)"
    warning = {
        "key": "no-limit.time-limit",
        "by": "x",
        "parameters": {"clock_minutes": {"value": 2}, "clock_warning_seconds": {"value": 15}},
    }
    assert _clock(_house(library, [warning])) == "Dead at 120 seconds (warning at 105)"


def test_a_house_that_extends_the_clock_rule_to_limit_games_counts_the_clock_there(library: Library) -> None:
    """The clock rule names no-limit and pot-limit; a house that amends its applicability to
    limit games gets the count in a limit game, where the book's rule gives none."""
    table = Table(
        rules=_house(library, []),
        ledger=read_ledger(CLOCK_CALLED.replace("NL", "Limit"), "limit"),
        structure="limit",
        ruled=("no-limit.time-limit",),
        facts={"event": "clock", "facing_bet": True},
    )
    assert compute(table, ["no-limit.time-limit"]) is None
    amend = {
        "key": "no-limit.time-limit",
        "by": "x",
        "applies": {"structures": ["no-limit", "pot-limit", "limit"]},
    }
    found = compute(replace(table, rules=_house(library, [amend])), ["no-limit.time-limit"])
    assert found is not None and found.value == 60


@pytest.mark.parametrize("name", ["pot_rounding_unit", "max_open_multiple", "tournament_max_open_multiple"])
def test_examples_and_consequences_are_not_settings(library: Library, name: str) -> None:
    rules = _house(library, [])
    with pytest.raises(NotASetting):
        rules.setting("pot-limit.small-blind-counted-as-big", name)


@pytest.mark.parametrize(("sb", "bb"), [(5, 10), (50, 100), (1, 2)])
def test_the_printed_opening_multiples_follow_from_the_formula_at_half_blinds(sb: int, bb: int) -> None:
    """PL rule 6's 4x (small blind counted as big) and 3.5x (strict) hold when SB = BB/2."""
    from engine.compute.potlimit import maximum_to
    from engine.compute.rounds import replay

    ledger = read_ledger(f"blinds {sb}/{bb}", "pot-limit")
    strict = replay(ledger, ())
    counted = replay(ledger, ())
    counted.put_in["sb"] = counted.put_in["bb"]
    assert maximum_to(strict, "me")[0] == Decimal("3.5") * bb
    assert maximum_to(counted, "me")[0] == 4 * bb
