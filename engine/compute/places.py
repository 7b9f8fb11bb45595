"""Players knocked out on the same hand. "Players eliminated on the same deal who start their
final hand with an equal amount of chips receive equal prize money" (v7 Tournaments 35, which
HomePokerTourney inherits): the prizes of the places they take are pooled and shared. The other
books rank by starting chips and say nothing of equal stacks, so nothing is computed there."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Answer, cents_down, money
from engine.compute.registry import Table, computes

KEYS = ("tournament.elimination-order", "tournament.winning-order")


@computes(*KEYS)
def shared_places(table: Table) -> Answer | None:
    ledger = table.ledger
    entry = table.rules.entries.get("tournament.elimination-order")
    if entry is None or "equal amount" not in entry.rule.text or len(ledger.prizes) < 2:
        return None
    if not table.about(KEYS) or "equal-stacks" not in ledger.asks:
        return None
    places = sorted(ledger.prizes)
    pool = sum(ledger.prizes.values(), Decimal(0))
    each = cents_down(pool / len(places))
    shown = " + ".join(f"{money(ledger.prizes[p], '$')} ({p})" for p in places)
    working = (
        f"equal stacks at the start of the hand: places {', '.join(map(str, places))} share their prizes",
        f"{shown} = {money(pool, '$')}; / {len(places)} = {money(each, '$')} each",
    )
    display = f"{money(each, '$')} each"
    return Answer("tournament.shared-places", each, "$", display, working, (entry.rule.id,))
