"""The smallest full buy-in: "at least ten times the maximum bet for the game being played"
at limit, and (Robert's home edition) "forty times the minimum bring-in (usually, the size of
the big blind)" at pot-limit or no-limit, "unless designated otherwise"."""

from __future__ import annotations

from engine.compute.model import Answer, Wanted, money
from engine.compute.registry import Table, computes

KEY = "buy-in.full-buy-in"


@computes(KEY, "buy-in.short-buy-in", "no-limit.maximum-buy-in")
def full_buy_in(table: Table) -> Answer | Wanted | None:
    ledger, structure = table.ledger, table.structure_told
    if not table.about((KEY, "buy-in.short-buy-in", "no-limit.maximum-buy-in"), "buy-in"):
        return None
    big = ledger.get("big_bet")
    if structure in ("no-limit", "pot-limit") or (structure is None and big is None):
        multiple = table.rules.number(KEY, "full_buy_in_big_bet")
        base, what = ledger.get("bb") or ledger.get("bring_in"), "the minimum bring-in (the big blind)"
    else:
        multiple = table.rules.number(KEY, "full_buy_in_limit")
        base, what = big, "the maximum bet (the upper limit)"
    if multiple is None:
        return None
    if base is None:
        return table.wants(
            "bb" if big is None and structure != "limit" else "big_bet", "buy-in.minimum", "buy-in"
        )
    times, setting = multiple
    value, unit = times * base, table.unit
    return Answer(
        name="buy-in.minimum",
        value=value,
        unit=unit,
        display=f"A full buy-in is at least {money(value, unit)}",
        working=(f"{what}: {money(base, unit)}", f"{times} x {money(base, unit)} = {money(value, unit)}"),
        cites=(setting.source,),
        settings=(setting,),
    )
