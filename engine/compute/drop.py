"""The bad beat jackpot's drop: "$1 (in addition to the rake) will be collected from any pot
exceeding $20" (Catfish Bend, Bad Beat Jackpot rule 1). A pot of exactly the minimum pays no
drop. The rake itself is not computed: no book prints a rake amount."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Answer, Wanted, money
from engine.compute.registry import Table, computes

KEY = "jackpot.drop"


@computes(KEY, "jackpot.funding", "jackpot.drop-box")
def jackpot_drop(table: Table) -> Answer | Wanted | None:
    if not table.about((KEY, "jackpot.funding", "jackpot.drop-box"), "drop"):
        return None
    drop = table.rules.number(KEY, "jackpot_drop")
    minimum = table.rules.number(KEY, "jackpot_drop_pot_minimum")
    if drop is None or minimum is None:
        return None
    pot = table.ledger.get("pot")
    if pot is None:
        return table.wants("pot", "jackpot.drop", "drop", "jackpot")
    (each, drop_setting), (least, least_setting) = drop, minimum
    taken = each if pot > least else Decimal(0)
    working = (
        f"the drop is {money(each, '$')} from any pot exceeding {money(least, '$')}, on top of the rake",
        f"this pot {money(pot, '$')}: "
        + (f"over {money(least, '$')}" if taken else f"not over {money(least, '$')}"),
    )
    display = f"{money(taken, '$')} to the jackpot" if taken else "No jackpot drop from this pot"
    return Answer(
        "jackpot.drop", taken, "$", display, working, (drop_setting.source,), (drop_setting, least_setting)
    )
