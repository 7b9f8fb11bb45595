"""Numbers given directly (`--num pot=120`, `num=pot=120`): checked by name and value, and
laid over what the words say, so a misread number costs one correction."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from engine.compute.amounts import Ledger, Told, amount_of, read_ledger
from engine.rulings.situation import SituationError

NAMES = {
    "pot": "the pot before this round's bets",
    "sb": "small blind",
    "bb": "big blind",
    "small_bet": "the lower limit (limit games)",
    "big_bet": "the upper limit (limit games)",
    "bring_in": "the bring-in",
    "ante": "the ante",
    "straddle": "the straddle",
    "stack": "the chips the player has behind",
    "chip": "a single chip or bill put in",
    "chip_unit": "the smallest chip in play",
    "jackpot": "the jackpot",
    "buy_in": "the tournament buy-in",
    "rebuy_price": "the price of a rebuy",
    "rebuys": "rebuys taken",
    "add_ons": "add-ons taken",
    "entrants": "players who bought in",
    "dealt_in": "players dealt into the hand",
    "players": "players in the pot",
    "players_left": "players left in the event",
    "place": "the finishing place",
    "button": "the button's seat",
    "minutes": "minutes",
    "kill": "the kill blind",
    "raises_made": "raises made so far on the round",
}
# How a computation that lacks a number asks for it (engine.compute.model.Wanted).
QUESTIONS = {
    "pot": "How much was in the pot before this round's bets?",
    "bb": "How big is the big blind?",
    "big_bet": "What is the upper limit (the big bet)?",
    "small_bet": "What is the lower limit (the small bet)?",
    "kill": "How big is the kill blind?",
    "jackpot": "How much is the jackpot?",
    "entrants": "How many players bought in?",
    "buy_in": "How much was the buy-in?",
    "place": "Which place did the player finish in?",
    "stack": "How many chips does the player have?",
    "players": "How many players are there?",
}
SPECIAL = {
    "stakes": "blinds or limits, e.g. 5/10",
    "seats": "seats that tie, e.g. 2,5,8",
    "hands": "the tied hands' cards, e.g. 'seat 2: As Kd 7c; seat 5: Ah Ks 7d'",
    "actions": "the actions, e.g. 'A bets 100, B all-in 140'",
}
MAX_NUMBERS = 40
# The amount of the Nth action told (`action2=80`: the second action was for 80), so a misread
# bet or all-in is corrected without retelling the hand.
ACTION = re.compile(r"^action([1-9][0-9]?)$")


def parse_number_pairs(pairs: list[str]) -> dict[str, str]:
    """['pot=120', ...] -> {'pot': '120'}; a pair without '=' or an unknown name is an error."""
    if len(pairs) > MAX_NUMBERS:
        raise SituationError(f"at most {MAX_NUMBERS} numbers")
    given: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise SituationError(f"a number is written NAME=VALUE, not '{pair}'")
        if name not in NAMES and name not in SPECIAL and not ACTION.match(name):
            allowed = ", ".join(sorted({*NAMES, *SPECIAL})) + ", action1, action2, ... (an action's amount)"
            raise SituationError(f"unknown number '{name}'; numbers are: {allowed}")
        given[name] = value.strip()
    return given


def ledger_for(text: str | None, given: dict[str, str], structure: str | None = None) -> Ledger:
    """The ledger the words give, with the numbers given directly laid over it."""
    words = " ".join(
        part
        for part in (
            text or "",
            f"blinds {given['stakes']}." if "stakes" in given and structure != "limit" else "",
            f"{given['stakes']} limit." if "stakes" in given and structure == "limit" else "",
            f"{given['actions']}." if "actions" in given else "",
            f"seats {given['seats']} tie." if "seats" in given else "",
            f"{given['hands']}." if "hands" in given else "",
        )
        if part
    )
    ledger = _actions_given(read_ledger(words, structure), text, given, structure)
    numbers: dict[str, Told] = {}
    for name, raw in given.items():
        if name in SPECIAL or ACTION.match(name):
            continue
        told = ledger.numbers.get(name)
        numbers[name] = Told(_amount(name, raw), f"--num {name}={raw}", True, told.words if told else "")
    return _actions_corrected(ledger.with_numbers(numbers), given)


def _actions_given(ledger: Ledger, text: str | None, given: dict[str, str], structure: str | None) -> Ledger:
    """Actions given directly (`actions=...`) win over the actions the words tell: they are the
    hand as the person wants it read, not more of it (read together, "A bets 50" told and
    given was two bets). Where the words tell none, they are read with the words, as told."""
    if "actions" not in given or not text or not read_ledger(text, structure).actions:
        return ledger
    alone = read_ledger(f"{given['actions']}.", structure)
    return replace(ledger, actions=alone.actions, asker=ledger.asker or alone.asker)


def _amount(name: str, raw: str) -> Decimal:
    value = amount_of(raw)
    if value is None:
        raise SituationError(f"number '{name}' takes an amount (e.g. 120 or $1,200), not '{raw}'")
    return value


def _actions_corrected(ledger: Ledger, given: dict[str, str]) -> Ledger:
    """The ledger with the amounts given for actions told (`action2=80`) in their place."""
    actions = list(ledger.actions)
    for name, raw in given.items():
        found = ACTION.match(name)
        if found is None:
            continue
        index = int(found.group(1)) - 1
        if index >= len(actions) or actions[index].amount is None:
            with_amounts = [f"action{i}" for i, a in enumerate(actions, 1) if a.amount is not None]
            told = ", ".join(with_amounts) or "none"
            raise SituationError(f"there is no amount '{name}' to correct; the actions told with one: {told}")
        actions[index] = replace(actions[index], amount=_amount(name, raw), given=True)
    return replace(ledger, actions=tuple(actions))
