"""Pot-limit: the most a player may bet or raise to (Robert's Pot-Limit rule 4: "The maximum
amount a player can raise is the amount in the pot after the call is made"), the pot rounded
up where a house rounds (rule 5), and the blinds counted as the house's structure counts them
(rule 6: strict, or "many structures treat the little blind as if it were the same size of
the big blind"). The structure and the rounding are house choices the books leave open: the
answer is the strict, unrounded figure with the others as alternatives."""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal

from engine.compute.model import Alternative, Answer, Setting, money
from engine.compute.registry import Table, computes
from engine.compute.rounds import ZERO, Round, replay

KEYS = (
    "pot-limit.maximum-raise",
    "pot-limit.rounding-up",
    "pot-limit.small-blind-counted-as-big",
    "pot-limit.oversize-wager",
    "pot-limit.oversize-wager-correction",
    "pot-limit.oversized-chip",
)


def maximum_to(state: Round, me: str, stack: Decimal | None = None) -> tuple[Decimal, Decimal, Decimal]:
    """(the most `me` may wager to, the call, the pot after the call)."""
    mine = state.put_in.get(me, ZERO)
    call = state.facing - mine
    after_call = state.in_pot + call
    most = state.facing + after_call if state.facing > 0 else after_call
    return (min(most, mine + stack) if stack is not None else most), call, after_call


@computes(*KEYS, "no-limit.description")
def pot_limit_maximum(table: Table) -> Answer | None:
    ledger = table.ledger
    asks = ledger.asks
    if not table.about((*KEYS, "no-limit.description"), "max"):
        return None
    if table.structure_told != "pot-limit" or ("min" in asks and "max" not in asks):
        return None
    told_money = any(action.amount for action in ledger.actions)
    if not told_money and ledger.get("pot") is None and ledger.get("bb") is None:
        return None  # no amount at all: "Bet $0 at most" would be no answer
    oversized = _oversized(table)
    if oversized is not None:
        return oversized
    me = ledger.asker or "me"
    state = replay(ledger, ledger.actions)
    stack = ledger.get("stack")
    most, call, after_call = maximum_to(state, me, stack)
    unit = table.unit
    working = [*_pot_lines(state, unit), f"+ the call {money(call, unit)}" if call else "no bet to call"]
    working.append(f"= {money(after_call, unit)} in the pot after the call: the most a raise can add")
    if state.facing > 0:
        working.append(
            f"raise to {money(state.facing, unit)} + {money(after_call, unit)}"
            f" = {money(state.facing + after_call, unit)}"
        )
    if stack is not None and most < state.facing + after_call:
        working.append(f"capped by the stack: all-in for {money(most, unit)}")
    cites = table.cite("pot-limit.maximum-raise") or table.cite("no-limit.description")
    if not cites:
        return None
    verb = "Raise to" if state.facing > 0 else "Bet"
    return Answer(
        name="pot-limit.max-raise",
        value=most,
        unit=unit,
        display=f"{verb} {money(most, unit)} at most",
        working=tuple(working),
        cites=cites,
        settings=_settings(table, state),
        alternatives=tuple(_alternatives(table, state, me, most)),
    )


def _oversized(table: Table) -> Answer | None:
    """A wager already made that is more than the pot allowed: "the surplus will be given back"
    (PL rule 1). The answer is what it could be at most."""
    ledger = table.ledger
    wagers = [i for i, a in enumerate(ledger.actions) if a.kind in ("bet", "raise") and a.amount is not None]
    if not wagers or wagers[-1] != len(ledger.actions) - 1 - sum(
        1 for a in ledger.actions[wagers[-1] + 1 :] if a.kind in ("call", "fold", "check")
    ):
        return None
    last = ledger.actions[wagers[-1]]
    before = replay(ledger, ledger.actions[: wagers[-1]])
    most = maximum_to(before, last.who)[0]
    made = replay(ledger, ledger.actions[: wagers[-1] + 1]).put_in.get(last.who, ZERO)
    cites = table.cite("pot-limit.oversize-wager", "pot-limit.maximum-raise")
    if made <= most or not cites:
        return None
    unit = table.unit
    working = [*_pot_lines(before, unit), f"the most {last.who} could wager: {money(most, unit)}"]
    working.append(f"{last.who} put in {money(made, unit)}: {money(made - most, unit)} over the pot")
    return Answer(
        name="pot-limit.oversize",
        value=most,
        unit=unit,
        display=f"{money(most, unit)} at most: {money(made - most, unit)} over the pot",
        working=tuple(working),
        cites=cites,
    )


def _pot_lines(state: Round, unit: str) -> list[str]:
    lines = [f"pot before this round {money(state.pot_before, unit)}"]
    lines += [f"+ {who}'s {money(amount, unit)}" for who, amount in state.put_in.items() if amount]
    return lines


def _settings(table: Table, state: Round) -> tuple[Setting, ...]:
    settings = []
    if "sb" in state.put_in and table.rules.has("pot-limit.small-blind-counted-as-big"):
        rule = table.rules.rule_id("pot-limit.small-blind-counted-as-big")
        settings.append(
            Setting("pot-limit blinds", "strict: the small blind counts as it is", f"not set ({rule})")
        )
    if table.rules.has("pot-limit.rounding-up"):
        rule = table.rules.rule_id("pot-limit.rounding-up")
        settings.append(
            Setting("pot rounding unit", "none", f"not set ({rule}: advisable in many structures)")
        )
    return tuple(settings)


def _alternatives(table: Table, state: Round, me: str, most: Decimal) -> list[Alternative]:
    unit, ledger = table.unit, table.ledger
    found: list[Alternative] = []
    if (
        "sb" in state.put_in
        and table.rules.has("pot-limit.small-blind-counted-as-big")
        and "bb" not in state.matched
        and "bb" in state.put_in  # a big blind told, to count the small blind as
    ):
        counted = replay(ledger, ledger.actions)
        counted.put_in["sb"] = counted.put_in["bb"]
        value = maximum_to(counted, me, ledger.get("stack"))[0]
        found.append(Alternative("the house's structure counts the small blind as a big blind", value,
                                 f"{money(value, unit)} at most"))  # fmt: skip
    example = _rounding_example(table)
    if example and maximum_to(state, me)[2] >= 2 * example:  # a unit that fits the stakes
        _, call, after_call = maximum_to(state, me)
        rounded = (after_call / example).to_integral_value(rounding=ROUND_CEILING) * example
        value = state.facing + rounded if state.facing > 0 else rounded
        if value != most:
            condition = f"the house rounds the pot up to {money(example, unit)} units (the rule's example)"
            found.append(Alternative(condition, value, f"{money(value, unit)} at most"))
    if ledger.get("pot") is not None and state.put_in:
        bets = sum(state.put_in.values(), ZERO)
        if bets <= state.pot_before:
            again = replay(ledger, ledger.actions)
            again.pot_before -= bets
            value = maximum_to(again, me, ledger.get("stack"))[0]
            condition = f"the pot of {money(state.pot_before, unit)} already counted this round's bets"
            found.append(Alternative(condition, value, f"{money(value, unit)} at most"))
    if any(a.kind == "raise" and a.to is None for a in ledger.actions):
        again = replay(ledger, ledger.actions, raise_by=True)
        value = maximum_to(again, me, ledger.get("stack"))[0]
        if value != most:
            found.append(Alternative("a raise said without 'to' was a raise *by* that much", value,
                                     f"{money(value, unit)} at most"))  # fmt: skip
    return found


def _rounding_example(table: Table) -> Decimal | None:
    """The book's own illustration of rounding ("with $25 units"): shown as an example of the
    choice, never applied as the house's setting."""
    entry = table.rules.entries.get("pot-limit.rounding-up")
    raw = entry.rule.parameters.get("pot_rounding_unit") if entry else None
    return Decimal(str(raw["value"])) if raw and isinstance(raw["value"], (int, float)) else None
