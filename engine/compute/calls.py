"""How much a call is. A big blind posted short still sets the call: "If a player goes all-in
for a portion of the big blind, then subsequent action shall be made as if the player had
posted the full big blind" (HomePokerTourney, The Pot 6); "The minimum bring-in and allowable
raise sizes ... remain the same even when the player in the blind does not have enough chips
to post the full amount" (Catfish Bend and v7, Blinds 1)."""

from __future__ import annotations

from engine.compute.model import Answer, money
from engine.compute.registry import Table, computes
from engine.compute.rounds import ZERO, replay

KEYS = ("blinds.all-in-partial-big-blind", "blinds.short-blind-minimums", "no-limit.minimum-bet")


@computes(*KEYS)
def call_amount(table: Table) -> Answer | None:
    ledger = table.ledger
    if "call" not in ledger.asks or ledger.get("bb") is None:
        return None
    cites = table.cite(*KEYS)
    if not cites:
        return None
    state = replay(ledger, ledger.actions)
    me = ledger.asker or "me"
    owed = state.facing - state.put_in.get(me, ZERO)
    unit = table.unit
    working = [*state.working, f"the wager to call is {money(state.facing, unit)}, posted short or not"]
    if me in state.put_in:
        working.append(f"{me} has {money(state.put_in[me], unit)} in: {money(owed, unit)} more")
    return Answer("call", owed, unit, f"A call is {money(owed, unit)}", tuple(working), cites)
