"""A single chip put in without a word. "If you put a single chip in the pot that is larger
than the bet, but do not announce a raise, you are assumed to have only called" (Robert's
Betting and Raising rule 15; big-bet: "A bet of a single chip ... without comment is considered
to be the full amount of the chip" when not facing a bet, and a call when facing one). At
pot-limit a chip larger than the pot is a bet of the pot size (Pot-Limit rule 7)."""

from __future__ import annotations

from engine.compute.model import Answer, money
from engine.compute.potlimit import maximum_to
from engine.compute.registry import Table, computes
from engine.compute.rounds import ZERO, replay

KEYS = ("betting.oversized-chip", "no-limit.single-chip", "pot-limit.oversized-chip")


@computes(*KEYS)
def single_chip(table: Table) -> Answer | None:
    ledger = table.ledger
    chip = ledger.get("chip")
    cites = table.cite(*KEYS)
    if chip is None or not cites or not table.about(KEYS):
        return None
    # the chip itself, when told as chips put in, is what is being ruled on: not yet a wager
    before = tuple(a for a in ledger.actions if not (a.kind == "chips" and a.amount == chip))
    state = replay(ledger, before)
    me = ledger.asker or "me"
    owed = state.facing - state.put_in.get(me, ZERO)
    unit = table.unit
    if owed > 0:
        said = (f"facing {money(state.facing, unit)}; a single {money(chip, unit)} chip, no word", "a call")
        return Answer("single-chip.call", owed, unit, f"A call of {money(owed, unit)}", said, cites)
    value = chip
    working = [f"no bet to face: a single {money(chip, unit)} chip is a bet of {money(chip, unit)}"]
    if table.structure_told == "pot-limit":
        most = maximum_to(state, me)[0]
        if chip > most:
            value = most
            working.append(f"larger than the pot: a bet of the pot size, {money(most, unit)}")
    return Answer("single-chip.bet", value, unit, f"A bet of {money(value, unit)}", tuple(working), cites)
