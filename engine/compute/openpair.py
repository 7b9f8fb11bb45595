"""Stud with an open pair on fourth street: "any player has the option of betting either the
lower or the upper limit ... If you bet $5, any player then has the option to call $5, raise
$5, or raise $10. If a $10 raise is made, then all other raises must be in increments of $10"
(Robert's Stud rule 4, Catfish Bend Stud rule 7)."""

from __future__ import annotations

from engine.compute.model import Alternative, Answer, money
from engine.compute.registry import Table, computes

KEY = "stud.open-pair-fourth-street"


@computes(KEY)
def open_pair_raise(table: Table) -> Answer | None:
    ledger = table.ledger
    small, big = ledger.get("small_bet"), ledger.get("big_bet")
    bets = [a.amount for a in ledger.actions if a.kind == "bet" and a.amount]
    cites = table.cite(KEY)
    if small is None or big is None or not bets or not cites or not table.about((KEY,)):
        return None
    facing, unit = bets[-1], table.unit
    if facing >= big:
        value = facing + big
        steps = (f"a bet of the upper limit {money(big, unit)}: raises are in {money(big, unit)} steps",)
        return Answer("stud.open-pair", value, unit, f"Raise to {money(value, unit)}", steps, cites)
    upper = "big-bet" in ledger.asks
    low, high = facing + small, facing + big
    working = (
        f"an open pair: a bet of the lower limit {money(facing, unit)}",
        f"call {money(facing, unit)}, raise {money(small, unit)} (to {money(low, unit)}), "
        f"or raise {money(big, unit)} (to {money(high, unit)})",
    )
    value, other_value = (high, low) if upper else (low, high)
    other = Alternative(
        f"the raise is the {'lower' if upper else 'upper'} limit", other_value, money(other_value, unit)
    )
    display = f"Raise to {money(value, unit)}"
    return Answer("stud.open-pair", value, unit, display, working, cites, alternatives=(other,))
