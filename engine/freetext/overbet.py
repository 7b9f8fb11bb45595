"""A pot-limit bet the words show to be bigger than the pot: "pot is $60 ... bets $100".

Tellers rarely say "oversize"; they give the pot and the bet, and the arithmetic names what
happened. Only the first bet of a betting round counts: a raise's limit adds the call to the
pot, which the words seldom give in full.
"""

from __future__ import annotations

from engine.compute.amounts import read_ledger

OPENING = "bet"
RAISING = frozenset({"bet", "raise", "allin", "complete"})


def pot_overbet(text: str, structure: str | None) -> str | None:
    """The words that show a pot-limit opening bet above the pot, or None."""
    if structure != "pot-limit":
        return None
    ledger = read_ledger(text, structure)
    pot = ledger.numbers.get("pot")
    if pot is None:
        return None
    for index, action in enumerate(ledger.actions):
        if action.kind != OPENING or action.amount is None:
            continue
        earlier = [a for a in ledger.actions[:index] if a.street == action.street and a.kind in RAISING]
        if not earlier and action.amount > pot.value:
            return f"{action.words} with {pot.words}: more than the pot"
        return None
    return None
