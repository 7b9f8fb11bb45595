"""Main and side pots: "All side pots and the main pot will be split as separate pots, not
mixed together" (Robert's Ties rule 5(d)). Each pot is a layer up to the next all-in amount,
contested by the players who put in at least that much; the part of the largest wager nobody
called goes back to its bettor. Folded chips stay in the layers they reached."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Answer, money
from engine.compute.registry import Table, computes
from engine.compute.rounds import ZERO, replay

KEYS = ("ties.pots-split-separately", "showdown.side-pots-first", "showdown.order-of-showing")


def side_pots(
    put_in: dict[str, Decimal], live: set[str]
) -> tuple[list[tuple[Decimal, tuple[str, ...]]], dict[str, Decimal]]:
    """([(amount, players eligible)], {player: amount returned}): main pot first."""
    put_in, returned = dict(put_in), {}
    ranked = sorted(put_in.values(), reverse=True)
    top = max(put_in, key=lambda p: put_in[p])
    if len(ranked) > 1 and ranked[0] > ranked[1] and top in live:
        returned[top] = ranked[0] - ranked[1]
        put_in[top] = ranked[1]
    pots: list[tuple[Decimal, tuple[str, ...]]] = []
    previous = ZERO
    for level in sorted({amount for p, amount in put_in.items() if p in live and amount > 0}):
        amount = sum((min(c, level) - min(c, previous) for c in put_in.values()), ZERO)
        eligible = tuple(p for p in put_in if p in live and put_in[p] >= level)
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        elif amount:
            pots.append((amount, eligible))
        previous = level
    left = sum(put_in.values(), ZERO) - sum((amount for amount, _ in pots), ZERO)
    if pots and left:  # folded chips above the last live player's level stay in the last pot
        pots[-1] = (pots[-1][0] + left, pots[-1][1])
    return pots, returned


@computes(*KEYS)
def pots(table: Table) -> Answer | None:
    ledger = table.ledger
    if not table.about(KEYS, "side-pot", "main-pot"):
        return None
    state = replay(ledger, ledger.actions)
    if not state.all_in or len(state.put_in) < 2:
        return None
    cites = table.cite(*KEYS)
    if not cites:
        return None
    live = set(state.put_in) - state.folded
    layers, returned = side_pots(state.put_in, live)
    if not layers:
        return None
    unit = table.unit
    main, *sides = layers
    main = (main[0] + state.pot_before, main[1])
    working = [f"{who} put in {money(amount, unit)}" for who, amount in state.put_in.items()]
    if state.pot_before:
        working.append(f"already in the pot: {money(state.pot_before, unit)} (goes to the main pot)")
    names = [
        "main pot",
        *(f"side pot {i}" if len(sides) > 1 else "side pot" for i in range(1, len(sides) + 1)),
    ]
    for name, (amount, eligible) in zip(names, [main, *sides], strict=True):
        working.append(f"{name}: {money(amount, unit)}, contested by {', '.join(eligible)}")
    for who, amount in returned.items():
        working.append(f"{money(amount, unit)} of {who}'s wager nobody called goes back to {who}")
    asked_side = bool(sides) and "side-pot" in ledger.asks and "main-pot" not in ledger.asks
    value = sides[0][0] if asked_side else main[0]
    shown = "; ".join(f"{n} {money(a, unit)}" for n, (a, _) in zip(names, [main, *sides], strict=True))
    return Answer(
        name="side-pots",
        value=value,
        unit=unit,
        display=shown[0].upper() + shown[1:],
        working=tuple(working),
        cites=cites,
    )
