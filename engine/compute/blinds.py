"""Missed blinds made up at once: "If you choose to post the total amount of the blinds, an
amount up to the size of the minimum opening bet is live. The remainder is taken by the dealer
to the center of the pot and is not part of your bet" (Robert's Blinds rule 9)."""

from __future__ import annotations

from engine.compute.model import Answer, Wanted, money
from engine.compute.registry import Table, computes

KEY = "blinds.missed-blind-return"


@computes(KEY, "blinds.between-blinds", "blinds.owed-blind-dealt-in")
def live_part(table: Table) -> Answer | Wanted | None:
    ledger = table.ledger
    if not table.about((KEY, "blinds.between-blinds", "blinds.owed-blind-dealt-in")):
        return None
    posts = [a for a in ledger.actions if a.kind == "post" and a.amount is not None]
    opening = ledger.get("bb")
    cites = table.cite(KEY)
    if not posts or not cites:
        return None
    if opening is None:
        return table.wants("bb", "blinds.live")
    posted, unit = posts[-1].amount, table.unit
    if posted is None:
        return None
    live = min(posted, opening)
    working = [
        f"posted {money(posted, unit)}; the minimum opening bet is the big blind, {money(opening, unit)}",
        f"live: {money(live, unit)}; dead, to the middle: {money(posted - live, unit)}",
    ]
    display = f"{money(live, unit)} is live, {money(posted - live, unit)} is dead"
    return Answer("blinds.live", live, unit, display, tuple(working), cites)
