"""The computed answer for a ruling: the house's effective rules, the game the ruling was made
for, the numbers told, and the rule keys the ruling (then the words) point to."""

from __future__ import annotations

from typing import Any

from engine.compute.amounts import Ledger
from engine.compute.model import Wanted
from engine.compute.registry import Table, compute_or_ask
from engine.compute.settings import HouseRules
from engine.rulings.rulebooks import Rulebooks

CANDIDATES = 5  # keys the words rank next, tried after the ruling's own rules


def computed_answer(
    kb: Rulebooks, house: str, ruling: dict[str, Any], ledger: Ledger
) -> dict[str, Any] | Wanted | None:
    """The contract's `answer` object; the number a rule in play would compute from but nobody
    gave (`Wanted`: the ruling asks for it); or None when no rule in play computes here."""
    situation = ruling["situation"]
    rules = [r["key"] for r in ruling["rulings"]]
    event = ruling["situation"]["facts"].get("event")
    about = [entry.rule.key for entry in kb.with_event(house, event)] if event else []
    candidates = (ruling.get("candidates") or [])[:CANDIDATES]
    # with no rule shown (a question, or no rule), the rules the words match best and the rules
    # about the event stand in for it
    shown = rules or [*candidates[:2], *about]
    table = Table(
        rules=HouseRules.of(house, kb.effective(house)),
        ledger=ledger,
        game=situation.get("game"),
        structure=situation.get("structure"),
        format=situation.get("format"),
        status=ruling["status"],
        governing=rules[0] if rules else "",
        ruled=tuple(shown),
        facts=situation.get("facts") or {},
    )
    keys = [*rules, *candidates, *about]
    answer = compute_or_ask(table, keys)
    return answer.as_json() if answer is not None and not isinstance(answer, Wanted) else answer
