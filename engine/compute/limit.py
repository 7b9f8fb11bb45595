"""Limit: what a player who has not yet acted may raise to after an all-in, and what chips put
in without a word count as. "A player facing less than half a bet may fold, call, or complete
the wager. An all-in wager of a half a bet or more is treated as a full bet" (`reopen_fraction`);
"Putting a full bet plus a half-bet or more into the pot is considered to be the same as
announcing a raise, and the raise must be completed" (`raise_commit_fraction`). Both fractions
are read from the house's rules."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Answer, money
from engine.compute.registry import Table, computes
from engine.compute.reopening import round_bet
from engine.compute.rounds import replay

SHORT_KEY, CHIPS_KEY = "betting.all-in-short-limit", "betting.string-raise"


@computes(SHORT_KEY, "betting.minimum-wager-size", "betting.raise-cap")
def raise_after_all_in(table: Table) -> Answer | None:
    """Complete the bet (under the fraction), or raise a full bet over the all-in (at or over it)."""
    ledger = table.ledger
    if not table.about((SHORT_KEY, "betting.minimum-wager-size", "no-limit.no-completing-bet"), "reopen"):
        return None
    allins = [a for a in ledger.actions if a.kind == "allin" and a.amount is not None]
    found = table.rules.number(SHORT_KEY, "reopen_fraction")
    bet = round_bet(table, ledger.actions)
    if table.structure_told != "limit" or not allins or found is None or bet is None:
        return None
    fraction, setting = found
    allin = allins[-1]
    index = ledger.actions.index(allin)
    before = replay(ledger, ledger.actions[:index], limit_bet=bet).facing
    state = replay(ledger, ledger.actions[: index + 1], limit_bet=bet, reopen_fraction=fraction)
    if ledger.asker is not None and ledger.asker in state.matched:
        return None  # reopening for a player who acted: engine.compute.reopening
    unit, increment = table.unit, (allin.amount or Decimal(0)) - before
    working = [
        f"bet on this round: {money(bet, unit)}; {fraction} of it = {money(fraction * bet, unit)}",
        f"{allin.who}'s all-in for {money(allin.amount or Decimal(0), unit)}"
        f" puts in {money(increment, unit)} more",
    ]
    if increment >= fraction * bet:
        value = (allin.amount or Decimal(0)) + bet
        working.append(f"at least {fraction} of a bet: a full bet; a raise is {money(value, unit)}")
        display = f"A raise is to {money(value, unit)}"
    else:
        value = before + bet
        working.append(f"less than {fraction} of a bet: call it, or complete the bet to {money(value, unit)}")
        display = (
            f"Complete the bet to {money(value, unit)} (or call {money(allin.amount or Decimal(0), unit)})"
        )
    return Answer("limit.after-all-in", value, unit, display, tuple(working), (setting.source,), (setting,))


@computes(CHIPS_KEY, "betting.oversized-chip", "betting.chips-released-binding")
def chips_without_a_word(table: Table) -> Answer | None:
    """Chips put in silently: a full bet plus the fraction or more is a raise, to be completed."""
    ledger = table.ledger
    if not table.about((CHIPS_KEY, "betting.oversized-chip", "betting.chips-released-binding")):
        return None
    silent = [a for a in ledger.actions if a.kind == "chips" and a.amount is not None]
    found = table.rules.number(CHIPS_KEY, "raise_commit_fraction")
    if table.structure_told != "limit" or not silent or found is None:
        return None
    fraction, setting = found
    chips = silent[-1]
    index = ledger.actions.index(chips)
    facing = replay(ledger, ledger.actions[:index]).facing
    bet = round_bet(table, ledger.actions)
    if bet is None or facing == 0:
        return None
    unit, amount = table.unit, chips.amount or Decimal(0)
    working = [f"facing {money(facing, unit)}; {chips.who} put in {money(amount, unit)} without a word"]
    if amount >= facing + fraction * bet:
        value = facing + bet
        working.append(
            f"{money(amount, unit)} >= {money(facing, unit)} + {fraction} x {money(bet, unit)}: a raise"
        )
        working.append(f"the raise must be completed: to {money(value, unit)}")
        display = f"A raise: it must be completed to {money(value, unit)}"
    else:
        value = facing
        working.append(f"less than a call plus {fraction} of a bet: a call of {money(facing, unit)}")
        display = f"A call of {money(facing, unit)}"
    return Answer("limit.silent-chips", value, unit, display, tuple(working), (setting.source,), (setting,))
