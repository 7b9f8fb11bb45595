"""Deadlines the books set in minutes: how long an absent player's chips stay ("more than 15
minutes", home; 30, v7; 45 while eating, Catfish Bend; 20 at HomePokerTourney), and the clock
in big-bet games ("one additional minute to act ... a ten-second warning"). Each number is the
parameter of the rule that holds in the house."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Alternative, Answer, money
from engine.compute.registry import Table, computes

ABSENCE_KEYS = (
    "procedures.absence-chips-picked-up",
    "tournament.players-leaving",
    "tournament.players-leaving-forfeit",
    "tournament.paid-entrant-absent",
)
CLOCK_KEY = "no-limit.time-limit"
# the dead-hand rule for the player on the clock "exceeding the specified time limit" says when,
# not how long: the time is the clock rule's
CLOCK_KEYS = (CLOCK_KEY, "dead-hand.clock-expired")


@computes(*ABSENCE_KEYS)
def absence_left(table: Table) -> Answer | None:
    """Minutes an absent player has left before the house's limit."""
    key = next((k for k in table.ruled if k in ABSENCE_KEYS), None)
    found = table.rules.number(key, "absence_minutes") if key else None
    if found is None or "deadline" not in table.ledger.asks:
        return None
    limit, setting = found
    third = table.rules.number(key, "third_player_absence_minutes") if key else None
    alternatives = (
        (
            Alternative(
                "two players from the game are already away eating (the third one)",
                third[0],
                f"{third[0]} minutes",
            ),
        )
        if third
        else ()
    )
    gone = table.ledger.get("minutes")
    working = [f"the house's limit: {limit} minutes ({setting.source})"]
    if gone is None:
        return Answer(
            "absence.limit",
            limit,
            "minutes",
            f"{limit} minutes",
            tuple(working),
            (setting.source,),
            (setting,),
        )
    left = max(limit - gone, Decimal(0))
    working.append(
        f"gone {gone} minutes: {left} left" if gone <= limit else f"gone {gone} minutes: over the limit"
    )
    display = f"{left} minutes left" if gone <= limit else f"Over the {limit}-minute limit by {gone - limit}"
    return Answer(
        "absence.left", left, "minutes", display, tuple(working), (setting.source,), (setting,), alternatives
    )


@computes(*CLOCK_KEYS)
def clock(table: Table) -> Answer | None:
    """Seconds after the clock is called: the warning, then the hand is dead. Only where the
    rule holds: a no-limit or pot-limit game (as the house's record says), and a player facing
    a bet (one who is not has no "additional minute" from this rule)."""
    minutes, warning = (
        table.rules.number(CLOCK_KEY, "clock_minutes"),
        table.rules.number(CLOCK_KEY, "clock_warning_seconds"),
    )
    if minutes is None or warning is None or not table.about(CLOCK_KEYS, "deadline"):
        return None
    if not table.rules.covers(CLOCK_KEY, "structures", table.structure_told):
        return None
    if table.facts.get("facing_bet") is False:
        return None
    total = minutes[0] * 60
    unit = "minute" if minutes[0] == 1 else "minutes"
    working = (
        f"{minutes[0]} {unit} to act ({minutes[1].source}): {total} seconds",
        f"a {warning[0]}-second warning at {total - warning[0]} seconds; then the hand is dead",
    )
    display = f"Dead at {money(total, '')} seconds (warning at {total - warning[0]})"
    return Answer("clock", total, "seconds", display, working, (minutes[1].source,), (minutes[1], warning[1]))
