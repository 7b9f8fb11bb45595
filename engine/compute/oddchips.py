"""Who gets the odd chip in a split pot: "In a button game, the first hand clockwise from the
button gets the odd chip" (Robert's Ties rule 5(a); HomePokerTourney's Showdown rule 6); "No
player may receive more than one odd chip" (rule 4); the chip is broken down to the smallest
unit used in the game (rule 3), a unit the books leave to the house."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Answer, Setting, money
from engine.compute.registry import Table, computes

KEYS = (
    "showdown.odd-chip",
    "ties.odd-chip-button-games",
    "ties.odd-chip-award",
    "ties.odd-chip-smallest-unit",
    "ties.one-odd-chip-per-player",
)


def clockwise_from(button: int, seats: tuple[int, ...]) -> list[int]:
    """The seats in the order they sit clockwise after the button (seat numbers go clockwise)."""
    return sorted(seats, key=lambda seat: (seat <= button, seat))


def split(amount: Decimal, order: list[int], unit: Decimal) -> dict[int, Decimal]:
    """Even shares in whole units; the leftover units one each to the first in `order`."""
    units, left = divmod(int(amount / unit), len(order))
    shares = {seat: units * unit for seat in order}
    for seat in order[:left]:
        shares[seat] += unit
    return shares


@computes(*KEYS)
def odd_chip(table: Table) -> Answer | None:
    ledger = table.ledger
    button, seats = ledger.get("button"), ledger.seats
    if button is None or len(seats) < 2 or table.game_told in ("stud", "razz", "stud-hi-lo"):
        return None
    cites = table.cite(*KEYS[:2])
    if not cites:
        return None
    order = clockwise_from(int(button), seats)
    working = [
        f"button on seat {button}; tied seats {', '.join(map(str, seats))}",
        f"clockwise from the button: {', '.join(f'seat {s}' for s in order)}",
        f"the odd chip goes to the first of them: seat {order[0]}",
    ]
    settings = []
    pot = ledger.get("pot")
    if pot is not None:
        unit = Decimal(1)
        shares = split(pot, order, unit)
        working.append(
            f"{money(pot, table.unit)} in units of {money(unit, table.unit)}: "
            + ", ".join(f"seat {s} {money(v, table.unit)}" for s, v in shares.items())
        )
        settings.append(
            Setting(
                "smallest unit", 1, f"not set ({table.cite('ties.odd-chip-smallest-unit') or 'Ties rule 3'})"
            )
        )
    return Answer(
        name="odd-chip",
        value=order[0],
        unit="seat",
        display=f"Seat {order[0]} gets the odd chip",
        working=tuple(working),
        cites=cites,
        settings=tuple(settings),
    )
