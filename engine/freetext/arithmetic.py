"""Events a story's numbers name, when the teller does not name them.

Tellers give the pot and the bet, not the word "oversize" ("pot is $60 ... bets $100"); the
limit and an all-in, not "less than a full bet" ("$15-30, flop, he goes all in for his last
$5"). The arithmetic names what happened, and outweighs a word a player used in passing
("Mark says that's a string raise").
"""

from __future__ import annotations

from decimal import Decimal

from engine.compute.amounts import WAGERS, limit_bet, opens_round, read_ledger, structure_words
from engine.compute.ledger import Ledger

OVERSIZE = "oversize-pot-bet"
SHORT_ALL_IN = "all-in-short"
OPENING = frozenset({"bet", "chips"})  # "tosses out $100 and says bet": chips put out first


def event_in_numbers(text: str, structure: str | None) -> tuple[str, str] | None:
    """(event, the words and the sum) the numbers show, or None."""
    structure = structure or structure_words(text)  # "limit 4-8" names no game
    if structure == "pot-limit":
        return _pot_overbet(read_ledger(text, structure))
    return _short_all_in(read_ledger(text, structure)) if structure == "limit" else None


def _pot_overbet(ledger: Ledger) -> tuple[str, str] | None:
    """The first bet of a round above the pot told (a bet, or chips put out first). Only an
    opening bet counts: a raise's limit adds the call to the pot, which the words seldom give
    in full."""
    pot = ledger.numbers.get("pot")
    if pot is None:
        return None
    for action in ledger.actions:
        if action.kind not in OPENING or action.amount is None:
            continue
        if opens_round(ledger, action) and action.amount > pot.value:
            return OVERSIZE, f"{action.words} with {pot.words}: more than the pot"
        return None
    return None


def _short_all_in(ledger: Ledger) -> tuple[str, str] | None:
    """A limit all-in that adds less than a full bet to what was bet before it that round."""
    bet = limit_bet(ledger)
    if bet is None:
        return None
    for index, action in enumerate(ledger.actions):
        if action.kind != "allin" or action.amount is None:
            continue
        before = [
            a.amount
            for a in ledger.actions[:index]
            if a.street == action.street and a.kind in WAGERS and a.amount
        ]
        added = action.amount - max(before, default=Decimal(0))
        if 0 < added < bet:
            return SHORT_ALL_IN, f"{action.words}: less than the full bet of {bet}"
    return None
