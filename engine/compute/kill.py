"""Kill pots: "A full kill is double the amount of the big blind, and doubles the betting
limits. A half kill is one-and-a-half times the big blind, and increases the betting limits by
that amount." The multiples are the house rule's parameters."""

from __future__ import annotations

from engine.compute.model import Alternative, Answer, Wanted, money
from engine.compute.registry import Table, computes

KEY = "kill-pot.description"
LEG = "kill-pot.leg-qualification"


@computes(LEG)
def second_leg(table: Table) -> Answer | Wanted | None:
    """ "For the second 'leg' to qualify for a kill, you must win at least one full bet for
    whatever limit you are playing, and it cannot be any part of the blind structure." Which
    bet is "one full bet" the books do not say: the lower limit, with the upper as the other
    reading."""
    ledger = table.ledger
    if "leg" not in ledger.asks or not table.about((LEG,), "kill"):
        return None
    found = table.rules.number(LEG, "leg_min_bets")
    if found is None:
        return None
    small, big = ledger.get("small_bet"), ledger.get("big_bet")
    if small is None:
        return table.wants("small_bet", "kill.second-leg", "leg")
    bets, setting = found
    unit, least = table.unit, bets * small
    working = [
        f"the second leg must win {bets} full bet(s) from the other players, the blinds not counted",
        f"{bets} x the lower limit {money(small, unit)} = {money(least, unit)}",
    ]
    alternatives: tuple[Alternative, ...] = ()
    if big is not None and big != small:
        other = bets * big
        alternatives = (
            Alternative("the house counts a full bet as the upper limit", other, f"{money(other, unit)}"),
        )
    display = f"The second leg must win at least {money(least, unit)} beyond the blinds"
    return Answer(
        "kill.second-leg", least, unit, display, tuple(working), (setting.source,), (setting,), alternatives
    )


@computes(KEY, "kill-pot.killer-acts-in-turn", "kill-pot.leg-qualification", "kill-pot.one-kill-per-deal")
def kill_blind(table: Table) -> Answer | Wanted | None:
    ledger = table.ledger
    if "kill" not in ledger.asks:
        return None
    half = "half-kill" in ledger.asks
    found = table.rules.number(KEY, "half_kill_multiple" if half else "full_kill_multiple")
    small, big = ledger.get("small_bet"), ledger.get("big_bet")
    told_bb = ledger.get("bb")
    bb = told_bb if told_bb is not None else small
    if found is None:
        return None
    if bb is None:
        return table.wants("bb", "kill.blind", "kill")
    multiple, setting = found
    unit = table.unit
    working = []
    if told_bb is None:
        working.append(
            f"the big blind taken as the lower limit, {money(bb, unit)} (say the big blind if it differs)"
        )
    else:
        working.append(f"big blind {money(bb, unit)}")
    kill = multiple * bb
    kind = "half kill" if half else "kill"
    working.append(f"{kind}: {multiple} x {money(bb, unit)} = {money(kill, unit)}")
    display = f"The {kind} blind is {money(kill, unit)}"
    if small is not None and big is not None:
        working.append(
            f"limits {money(small, unit)}-{money(big, unit)} x {multiple} = "
            f"{money(small * multiple, unit)}-{money(big * multiple, unit)}"
        )
        display += f"; the limits become {money(small * multiple, unit)}-{money(big * multiple, unit)}"
    return Answer(
        name="kill.blind",
        value=kill,
        unit=unit,
        display=display,
        working=tuple(working),
        cites=(setting.source,),
        settings=(setting,),
    )


@computes("kill-pot.scoop-pot-size")
def scoop_threshold(table: Table) -> Answer | Wanted | None:
    """ "the next hand will be killed only if the pot is at least five times the size of the upper
    limit of the game" (`scoop_kill_pot_size`)."""
    if not table.about(("kill-pot.scoop-pot-size",), "kill"):
        return None
    found = table.rules.number("kill-pot.scoop-pot-size", "scoop_kill_pot_size")
    upper = table.ledger.get("big_bet")
    if found is None:
        return None
    if upper is None:
        return table.wants("big_bet", "kill.scoop-pot", "kill")
    times, setting = found
    unit, least = table.unit, times * upper
    working = [f"{times} x the upper limit {money(upper, unit)} = {money(least, unit)}"]
    pot = table.ledger.get("pot")
    if pot is not None:
        working.append(f"this pot {money(pot, unit)}: {'killed' if pot >= least else 'not killed'}")
    display = f"A scooped pot of at least {money(least, unit)} kills the next hand"
    return Answer("kill.scoop-pot", least, unit, display, tuple(working), (setting.source,), (setting,))


VOLUNTARY = "kill-pot.lowball-optional-kill"


@computes(VOLUNTARY)
def voluntary_kill_stack(table: Table) -> Answer | Wanted | None:
    """ "you must have at least four times the amount of the kill blind in your stack"."""
    found = table.rules.number(VOLUNTARY, "voluntary_kill_stack")
    kill = table.ledger.get("kill")
    if found is None or not table.about((VOLUNTARY,)):
        return None
    if kill is None:
        return table.wants("kill", "kill.voluntary-stack", "kill")
    times, setting = found
    unit, least = table.unit if table.ledger.dollars else "chips", times * kill
    working = [f"{times} x the kill blind {money(kill, unit)} = {money(least, unit)}"]
    stack = table.ledger.get("stack")
    if stack is not None:
        working.append(f"stack {money(stack, unit)}: {'enough' if stack >= least else 'not enough'} to kill")
    display = f"At least {money(least, unit)} in the stack to kill"
    return Answer("kill.voluntary-stack", least, unit, display, tuple(working), (setting.source,), (setting,))
