"""Numbers given directly (`--num pot=120`, `num=pot=120`): checked by name and value, and
laid over what the words say, so a misread number costs one correction."""

from __future__ import annotations

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
        if name not in NAMES and name not in SPECIAL:
            allowed = ", ".join(sorted({*NAMES, *SPECIAL}))
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
    ledger = read_ledger(words, structure)
    numbers: dict[str, Told] = {}
    for name, raw in given.items():
        if name in SPECIAL:
            continue
        value = amount_of(raw)
        if value is None:
            raise SituationError(f"number '{name}' takes an amount (e.g. 120 or $1,200), not '{raw}'")
        numbers[name] = Told(value, f"--num {name}={raw}")
    return ledger.with_numbers(numbers)
