"""Chips forfeited by an absent tournament player (HomePokerTourney, Players Leaving): "he
forfeits all his remaining chips, to be split evenly among the remaining players at that
table. Odd chips are returned to the bank." """

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Answer, Setting, Wanted, money
from engine.compute.registry import Table, computes

KEY = "tournament.players-leaving-forfeit"


@computes(KEY, "tournament.players-leaving")
def forfeit_split(table: Table) -> Answer | Wanted | None:
    ledger = table.ledger
    if not table.about((KEY, "tournament.players-leaving")):
        return None
    chips, players = ledger.get("stack"), ledger.get("players")
    cites = table.cite(KEY)
    if not cites:
        return None
    if chips is None or not players:
        return table.wants("stack" if chips is None else "players", "tournament.forfeit", "each")
    told = ledger.numbers.get("chip_unit")
    unit = told.value if told and told.value > 0 else Decimal(1)
    setting = Setting("smallest chip", unit, f'said: "{told.words}"' if told else "not set: 1 assumed")
    units = int(chips / unit)
    each = units // int(players) * unit
    bank = chips - each * players
    working = [
        f"{money(chips, 'chips')} in units of {unit}: {units} units among {players} players",
        f"{money(each, 'chips')} each; {money(bank, 'chips')} back to the bank",
    ]
    display = f"{money(each, 'chips')} to each of the {players} players; {money(bank, 'chips')} to the bank"
    return Answer("tournament.forfeit", each, "chips", display, tuple(working), cites, (setting,))
