"""No-limit and pot-limit: the smallest bet or raise allowed. "All raises must be equal to or
greater than the size of the previous bet or raise on that betting round, except for an all-in
wager" (Robert's NL rule 3); an all-in for less is not a full raise, so "if a player bets $100
and the next player goes all-in for $140, a player wishing to raise must make the total bet at
least $240" (Catfish NL rule 4, v7 NL rule 5); a straddle sets a new minimum bring-in."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.amounts import Action, Ledger
from engine.compute.model import Alternative, Answer, money
from engine.compute.registry import Table, computes
from engine.compute.rounds import Round, replay

KEYS = (
    "no-limit.minimum-raise",
    "no-limit.minimum-bet",
    "no-limit.no-completing-bet",
    "no-limit.undersized-wager-increased",
    "no-limit.straddle-bring-in",
    "blinds.short-blind-minimums",
)


def minimum_to(state: Round) -> Decimal:
    """The smallest total a bet or raise may make now."""
    if state.facing == 0:
        return state.minimum
    return state.facing + max(state.last_full, state.minimum)


def _without_short_raise(ledger: Ledger) -> tuple[tuple[Action, ...], Action | None]:
    """The actions without a last raise that was short of a full raise and not all-in: that
    raise is the one disputed, and the minimum is what it should have been."""
    actions = ledger.actions
    if not actions or actions[-1].kind not in ("raise", "chips"):
        return actions, None
    before = replay(ledger, actions[:-1])
    after = replay(ledger, actions)
    if after.full_wagers > before.full_wagers:
        return actions, None
    return actions[:-1], actions[-1]


def asked_player_acted(table: Table, state: Round) -> bool:
    asker = table.ledger.asker
    return asker is not None and asker in state.matched


@computes(*KEYS)
def no_limit_minimum(table: Table) -> Answer | None:
    ledger = table.ledger
    if not table.about(KEYS, "min") or ("call" in ledger.asks and "min" not in ledger.asks):
        return None
    if table.structure_told == "limit" or ("max" in ledger.asks and "min" not in ledger.asks):
        return None
    if not ledger.actions and ledger.get("bb") is None:
        return None
    actions, short = _without_short_raise(ledger)
    state = replay(ledger, actions)
    if asked_player_acted(table, state) or (state.minimum == 0 and state.facing == 0):
        return None
    cites = (
        table.cite(table.governing) if table.governing in KEYS else table.cite(*KEYS[:2]) or table.cite(*KEYS)
    )
    if not cites:
        return None
    unit, least = table.unit, minimum_to(state)
    working = list(state.working)
    if short is not None:
        working.append(
            f"{short.who}'s raise to {short.amount} is less than a full raise: it is the one in dispute"
        )
    if state.facing == 0:
        working.append(f"no bet yet: the minimum bet is the minimum bring-in, {money(state.minimum, unit)}")
        display = f"Bet at least {money(least, unit)}"
    else:
        step = max(state.last_full, state.minimum)
        working.append(f"the last full bet or raise: {money(step, unit)}")
        working.append(
            f"minimum raise: {money(state.facing, unit)} + {money(step, unit)} = {money(least, unit)}"
        )
        display = f"Raise to at least {money(least, unit)}"
    alternatives = []
    if any(a.kind == "raise" and a.to is None for a in ledger.actions):
        other = minimum_to(replay(ledger, ledger.actions, raise_by=True))
        if other != least:
            alternatives.append(
                Alternative(
                    "a raise said without 'to' was a raise *by* that much",
                    other,
                    f"at least {money(other, unit)}",
                )
            )
    return Answer(
        name="no-limit.min-raise",
        value=least,
        unit=unit,
        display=display,
        working=tuple(working),
        cites=cites,
        alternatives=tuple(alternatives),
    )


MISUNDERSTANDING = "no-limit.gross-misunderstanding"


@computes(MISUNDERSTANDING)
def share_of_the_bet(table: Table) -> Answer | None:
    """ "disallow any claim of not understanding the amount wagered if the caller has put eighty
    percent or more of that amount into the pot" (`misunderstanding_call_percent`)."""
    ledger = table.ledger
    found = table.rules.number(MISUNDERSTANDING, "misunderstanding_call_percent")
    wagers = [a for a in ledger.actions if a.kind in ("bet", "raise") and a.amount]
    after = [a for a in ledger.actions[ledger.actions.index(wagers[-1]) + 1 :] if a.amount] if wagers else []
    if found is None or not wagers or not after or not table.about((MISUNDERSTANDING,)):
        return None
    threshold, setting = found
    wager, put = wagers[-1].amount or Decimal(1), after[0].amount or Decimal(0)
    percent = (put / wager * 100).quantize(Decimal("0.1"))
    unit = table.unit
    held = percent >= threshold
    working = (
        f"the wager {money(wager, unit)}; put in {money(put, unit)}: {percent}%",
        f"{'at least' if held else 'under'} {threshold}%: "
        + ("the claim of misunderstanding is disallowed" if held else "the call may be taken back"),
    )
    return Answer(
        "no-limit.call-share", percent, "%", f"{percent}% of the bet", working, (setting.source,), (setting,)
    )
