"""How one rule reads on one situation: does it apply, and what outcome does it give?"""

from __future__ import annotations

from dataclasses import dataclass

from engine.books.effective import EffectiveRule
from engine.books.model import Rule
from engine.books.vocabulary import Vocabulary
from engine.rulings.matching import Verdict, applicability, check_conditions, combine
from engine.rulings.situation import Situation


@dataclass(frozen=True)
class Reading:
    """A rule tested against the situation."""

    entry: EffectiveRule
    applies: Verdict  # games/structures/formats and the rule's `when`
    outcome: str | None  # None while a missing fact decides between its cases
    summary: str
    discretion: str
    missing: frozenset[str]  # facts that would settle whether it applies or what it says

    @property
    def rule(self) -> Rule:
        return self.entry.rule

    @property
    def decided(self) -> bool:
        """It applies and its outcome is known."""
        return self.applies.holds is True and self.outcome is not None


def read_rule(entry: EffectiveRule, situation: Situation, vocab: Vocabulary) -> Reading | None:
    """The reading of a rule, or None when it cannot govern this situation."""
    rule = entry.rule
    known = situation.known()
    verdict = combine(
        applicability(rule, situation, vocab), check_conditions(rule.when, known, rule.parameters)
    )
    if verdict.holds is False:
        return None
    outcome: str | None = rule.outcome
    summary, discretion = rule.summary, rule.discretion
    missing = set(verdict.missing)
    for case in rule.cases:
        case_verdict = check_conditions(case.get("when") or {}, known, rule.parameters)
        if case_verdict.holds is True:
            outcome, summary = case["outcome"], case["summary"]
            discretion = case.get("discretion", discretion)
            break
        if case_verdict.holds is None:
            outcome = None
            missing |= case_verdict.missing
            break
    return Reading(entry, verdict, outcome, summary, discretion, frozenset(missing))
