"""Tournament prizes. HomePokerTourney prints two structures that disagree: a paragraph ("first
prize will be 40% of the purse, second prize will be 25%, third prize will be 20% ...", "The
purse is the total of all the buyins, rebuys, and add-ons") and a table by field size (50/30/20
for 1-10 players, 50/25/15/10 for 11-20, 40/25/20/10/5 for 21-30). The answer follows the rule
the ruling cites first and gives the other as an alternative: never a hidden default."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Alternative, Answer, Setting, Wanted, money
from engine.compute.registry import Table, computes

PARAGRAPH, TABLE = "tournament.payout", "tournament.payout-table"
BANDS = ((10, "payout_percent_1_to_10"), (20, "payout_percent_11_to_20"), (30, "payout_percent_21_to_30"))


def percents(table: Table, key: str, players: int) -> tuple[list[Decimal], Setting] | None:
    """The percentages a structure pays for this field."""
    if key == PARAGRAPH:
        found = table.rules.setting(PARAGRAPH, "payout_percent")
    else:
        band = next((name for top, name in BANDS if players <= top), None)
        found = table.rules.setting(TABLE, band) if band else None
    if found is None or not isinstance(found.value, list):
        return None
    return [Decimal(str(p)) for p in found.value], found


@computes(PARAGRAPH, TABLE, "tournament.buy-in-rebuy")
def prize(table: Table) -> Answer | Wanted | None:
    ledger = table.ledger
    if not table.about((PARAGRAPH, TABLE, "tournament.buy-in-rebuy"), "payout"):
        return None
    entrants, buy_in, place = (
        ledger.get("entrants") or ledger.get("players"),
        ledger.get("buy_in"),
        ledger.get("place"),
    )
    missing = [n for n, v in (("entrants", entrants), ("buy_in", buy_in), ("place", place)) if v is None]
    if missing:  # a tournament's prize, not a cash game's pot "paid" at "my place"
        return table.wants(missing[0], "tournament.prize", "payout") if table.tournament else None
    assert entrants is not None and buy_in is not None and place is not None
    if place < 1 or entrants < 1:
        return None
    rebuys, add_ons = ledger.get("rebuys") or Decimal(0), ledger.get("add_ons") or Decimal(0)
    price = ledger.get("rebuy_price") or buy_in
    purse = entrants * buy_in + rebuys * price + add_ons * price
    working = [f"purse: {entrants} buy-ins x {money(buy_in, '$')}"]
    if rebuys:
        working[0] += f" + {rebuys} rebuys x {money(price, '$')}"
    if add_ons:
        working[0] += f" + {add_ons} add-ons x {money(price, '$')}"
    working[0] += f" = {money(purse, '$')}"
    keys = [k for k in (table.governing, PARAGRAPH, TABLE) if k in (PARAGRAPH, TABLE) and table.rules.has(k)]
    answers = []
    for key in dict.fromkeys(keys):
        found = percents(table, key, int(entrants))
        if found is None:
            continue
        paid, setting = found
        share = paid[int(place) - 1] if place <= len(paid) else Decimal(0)
        answers.append((key, share, share * purse / 100, setting))
    if not answers:
        return None
    key, share, value, setting = answers[0]
    working.append(
        f"{_ordinal(place)} place: {share}% of {money(purse, '$')} = {money(value, '$')} ({setting.source})"
    )
    alternatives = [
        Alternative(f"the house posts the {_name(k)} ({s.source}): {p}%", v, money(v, "$"))
        for k, p, v, s in answers[1:]
        if v != value
    ]
    return Answer(
        name="tournament.prize",
        value=value,
        unit="$",
        display=f"{_ordinal(place)} place pays {money(value, '$')}",
        working=tuple(working),
        cites=tuple(s.source for _, _, _, s in answers),
        settings=tuple(s for _, _, _, s in answers),
        alternatives=tuple(alternatives),
    )


def _name(key: str) -> str:
    return "prize paragraph" if key == PARAGRAPH else "payout table by number of players"


def _ordinal(place: Decimal) -> str:
    n = int(place)
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
