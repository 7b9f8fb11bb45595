"""Bad beat jackpot shares (Catfish Bend): "45% to the player who lost", "25% to the player who
won", "20% awarded to all the remaining players at the table who were dealt in that hand", "10%
will be used to reset the new Bad Beat Jackpot". How a share that does not divide to the cent
is rounded the book does not say: shares are cut to the cent and the remainder is shown."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Answer, Setting, Wanted, cents_down, money
from engine.compute.registry import Table, computes

SHARES = (
    ("loser", "jackpot.payout-losing-hand", "payout_losing_hand"),
    ("winner", "jackpot.payout-winning-hand", "payout_winning_hand"),
    ("each", "jackpot.payout-table-share", "payout_table_share"),
    ("reset", "jackpot.reset-share", "jackpot_reset_share"),
)


@computes(*(key for _, key, _ in SHARES), "jackpot.qualification", "jackpot.minimum-players")
def jackpot_shares(table: Table) -> Answer | Wanted | None:
    ledger = table.ledger
    if not table.about(tuple(key for _, key, _ in SHARES), "jackpot"):
        return None
    jackpot, players = ledger.get("jackpot"), ledger.get("dealt_in") or ledger.get("players")
    if jackpot is None:
        every_share_set = all(table.rules.has(key) for _, key, _ in SHARES)
        return table.wants("jackpot", "jackpot.share", "jackpot") if every_share_set else None
    found: dict[str, tuple[Decimal, Setting]] = {}
    for name, key, parameter in SHARES:
        number = table.rules.number(key, parameter)
        if number:
            found[name] = number
    if len(found) < len(SHARES):
        return None
    working, amounts = [], {}
    for name, (percent, _) in found.items():
        amount = jackpot * percent / 100
        if name == "each":
            if players is None or players < 3:
                continue
            others = players - 2
            amount = cents_down(amount / others)
            left = jackpot * percent / 100 - amount * others
            working.append(
                f"the other {others} players dealt in: {percent}% = {money(jackpot * percent / 100, '$')}, "
                f"{money(amount, '$')} each"
                + (f" ({money(left, '$')} left over: the book does not say where it goes)" if left else "")
            )
        else:
            working.append(f"{name}: {percent}% of {money(jackpot, '$')} = {money(amount, '$')}")
        amounts[name] = amount
    asked = next(
        (n for n in ("each", "reset", "winner", "loser") if n in ledger.asks and n in amounts), "loser"
    )
    if asked == "each" and {"loser", "winner"} & ledger.asks and "each" not in ledger.asks:
        asked = "loser"
    labels = {
        "loser": "The losing hand gets",
        "winner": "The winning hand gets",
        "each": "Each other player dealt in gets",
        "reset": "The new jackpot is reset with",
    }
    return Answer(
        name="jackpot.share",
        value=amounts[asked],
        unit="$",
        display=f"{labels[asked]} {money(amounts[asked], '$')}",
        working=tuple(working),
        cites=tuple(setting.source for _, setting in found.values()),
        settings=tuple(setting for _, setting in found.values()),
    )


AWARDS = "jackpot.royal-straight-flush-awards"


@computes(AWARDS)
def flush_award(table: Table) -> Answer | None:
    """ "Any time the Bad Beat Jackpot is over $1,000, a $200 cash prize will be awarded for a
    Royal Flush and a $100 cash prize ... for a Straight Flush", taken from the jackpot."""
    ledger = table.ledger
    jackpot, royal = ledger.get("jackpot"), "royal" in ledger.asks
    minimum = table.rules.number(AWARDS, "award_jackpot_minimum")
    award = table.rules.number(AWARDS, "royal_flush_award" if royal else "straight_flush_award")
    if jackpot is None or minimum is None or award is None or not ({"royal", "straight-flush"} & ledger.asks):
        return None
    hand = "royal flush" if royal else "straight flush"
    pays = award[0] if jackpot > minimum[0] else Decimal(0)
    working = [f"jackpot {money(jackpot, '$')}; awards are paid when it is over {money(minimum[0], '$')}"]
    working.append(
        f"{hand}: {money(pays, '$')}"
        + (f"; the jackpot becomes {money(jackpot - pays, '$')}" if pays else "")
    )
    return Answer(
        "jackpot.flush-award",
        pays,
        "$",
        f"The {hand} pays {money(pays, '$')}",
        tuple(working),
        (minimum[1].source,),
        (minimum[1], award[1]),
    )
