"""Who gets the odd chip in a split pot: "In a button game, the first hand clockwise from the
button gets the odd chip" (Robert's Ties rule 5(a); HomePokerTourney's Showdown rule 6); "No
player may receive more than one odd chip" (rule 4); the chip is broken down to the smallest
unit used in the game (rule 3), a unit the books leave to the house."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.cards import high_order, low_order
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


def _unit(table: Table) -> tuple[Decimal, Setting]:
    """The smallest unit the chip is broken down to: said by the person, else asked of the house."""
    told = table.ledger.numbers.get("chip_unit")
    rule = ", ".join(table.cite("ties.odd-chip-smallest-unit")) or "Ties rule 3"
    if told is not None and told.value > 0:
        return told.value, Setting("smallest unit", told.value, f'said: "{told.words}" ({rule})')
    return Decimal(1), Setting("smallest unit", 1, f"not set: the smallest unit used in the game ({rule})")


@computes(*KEYS)
def odd_chip(table: Table) -> Answer | None:
    ledger = table.ledger
    if not table.about(KEYS, "odd-chip"):
        return None
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
    pot = ledger.get("pot")
    if pot is None:
        return Answer(
            "odd-chip", order[0], "seat", f"Seat {order[0]} gets the odd chip", tuple(working), cites
        )
    unit, setting = _unit(table)
    shares = split(pot, order, unit)
    working.append(
        f"{money(pot, table.unit)} = {int(pot / unit)} units of {money(unit, table.unit)}: "
        + ", ".join(f"seat {s} {money(v, table.unit)}" for s, v in shares.items())
    )
    shown = ", ".join(f"seat {s} {money(v, table.unit)}" for s, v in shares.items())
    return Answer(
        name="odd-chip.split",
        value=shares[order[0]],
        unit=table.unit,
        display=f"Seat {order[0]} gets the odd chip: {shown}",
        working=tuple(working),
        cites=cites,
        settings=(setting,),
    )


STUD = "ties.odd-chip-stud"
STUD_GAMES = ("stud", "razz", "stud-hi-lo")


@computes(STUD, "showdown.odd-chip", "ties.odd-chip-award", "ties.one-odd-chip-per-player")
def stud_odd_chip(table: Table) -> Answer | None:
    """ "In a stud game, the odd chip will be given to the highest card by suit in all high
    games, and to the lowest card by suit in all low games. (When making this determination,
    all cards are used ...)" (Ties rule 5(b)): each tied hand's best single card decides."""
    ledger, game = table.ledger, table.game_told
    hands = ledger.hands
    if game not in STUD_GAMES or len(hands) < 2 or not table.about((STUD, *KEYS), "odd-chip"):
        return None
    cites = table.cite(STUD)
    if not cites:
        return None
    low = table.game == "razz" or ("low" in ledger.asks and "high" not in ledger.asks)
    if low:
        best = {seat: min(cards, key=low_order) for seat, cards in hands.items()}
        order = sorted(best, key=lambda seat: low_order(best[seat]))
    else:
        best = {seat: max(cards, key=high_order) for seat, cards in hands.items()}
        order = sorted(best, key=lambda seat: high_order(best[seat]), reverse=True)
    which = "lowest" if low else "highest"
    working = [
        f"each tied hand's {which} card, all its cards counted: "
        + ", ".join(f"seat {seat} {best[seat]}" for seat in order),
        f"by rank, then suit (spades, hearts, diamonds, clubs): seat {order[0]}'s {best[order[0]]}",
    ]
    pot = ledger.get("pot")
    if pot is None:
        display = f"Seat {order[0]} gets the odd chip ({which} card by suit, {best[order[0]]})"
        return Answer("odd-chip.stud", order[0], "seat", display, tuple(working), cites)
    unit, setting = _unit(table)
    shares = split(pot, order, unit)
    shown = ", ".join(f"seat {s} {money(v, table.unit)}" for s, v in shares.items())
    working.append(
        f"{money(pot, table.unit)} = {int(pot / unit)} units of {money(unit, table.unit)}: {shown}"
    )
    display = f"Seat {order[0]} gets the odd chip: {shown}"
    return Answer("odd-chip.stud", shares[order[0]], table.unit, display, tuple(working), cites, (setting,))


@computes("ties.odd-chip-high-low", "omaha-hi-lo.low-qualifier", "stud-hi-lo.odd-chip")
def high_low_split(table: Table) -> Answer | None:
    """Hi-lo: "the high hand receives the odd chip in a split between the high and the low
    hands"; each half is then split among its own tied hands."""
    ledger = table.ledger
    pot, halves = ledger.get("pot"), ledger.halves
    if pot is None or "high" not in halves or "low" not in halves:
        return None
    cites = table.cite("ties.odd-chip-high-low")
    if not cites:
        return None
    unit, setting = _unit(table)
    units = int(pot / unit)
    high, low = (units - units // 2) * unit, units // 2 * unit
    working = [
        f"{money(pot, table.unit)} = {units} units of {money(unit, table.unit)}",
        f"high half {money(high, table.unit)}, low half {money(low, table.unit)} (the odd unit to the high)",
    ]
    each_high = high / len(halves["high"])
    if len(halves["low"]) > 1:
        working.append(
            f"the low half split {len(halves['low'])} ways:"
            f" {money(low / len(halves['low']), table.unit)} each"
        )
    asked_low = "low" in ledger.asks and "high" not in ledger.asks
    value = low / len(halves["low"]) if asked_low else each_high
    return Answer(
        name="odd-chip.high-low",
        value=value,
        unit=table.unit,
        display=f"High {money(high, table.unit)}, low {money(low, table.unit)}",
        working=tuple(working),
        cites=cites,
        settings=(setting,),
    )
