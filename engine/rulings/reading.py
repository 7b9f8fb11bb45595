"""How one rule reads on one situation: does it apply, and what outcome does it give?"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.books.effective import EffectiveRule
from engine.books.model import Case, Rule
from engine.books.vocabulary import Vocabulary
from engine.rulings.matching import Verdict, applicability, check_conditions, combine
from engine.rulings.situation import Situation

# Outcomes that are the whole announcement whichever case rules them: "misdeal" is a misdeal
# whether the first card or two cards were exposed. Others need their case to be announced
# ("must post": who posts; "seat assigned": which seat), so their cases are told apart.
SELF_CONTAINED_OUTCOMES = frozenset(
    {
        "misdeal",
        "redeal",
        "dead-hand",
        "hand-live",
        "card-plays",
        "bet-returned",
        "chips-removed",
        "forfeit",
        "not-allowed",
    }
)


@dataclass(frozen=True)
class Reading:
    """A rule tested against the situation."""

    entry: EffectiveRule
    applies: Verdict  # games/structures/formats and the rule's `when`
    outcome: str | None  # None while a missing fact decides between its cases
    summary: str
    discretion: str
    missing: frozenset[str]  # facts that would settle whether it applies or what it says
    alike_whatever: frozenset[str] = frozenset()  # facts nobody gave that would not change what it says

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
    if verdict.holds is False or silent_on(rule, known):
        return None
    outcome: str | None = rule.outcome
    summary, discretion = rule.summary, rule.discretion
    missing = set(verdict.missing)
    open_cases: list[tuple[Case, frozenset[str]]] = []  # cases a missing fact may make rule, in order
    for case in rule.cases:
        case_verdict = check_conditions(case.get("when") or {}, known, rule.parameters)
        if case_verdict.holds is True:
            if _same_whichever([open_case for open_case, _ in open_cases], case):
                alike = frozenset().union(*(facts for _, facts in open_cases)) - missing
                summary, discretion = case["summary"], case.get("discretion", discretion)
                return Reading(
                    entry, verdict, case["outcome"], summary, discretion, frozenset(missing), alike
                )
            break
        if case_verdict.holds is None:
            open_cases.append((case, frozenset(case_verdict.missing)))
    if open_cases:
        outcome = None
        missing |= open_cases[0][1]
    return Reading(entry, verdict, outcome, summary, discretion, frozenset(missing))


def silent_on(rule: Rule, known: Mapping[str, object]) -> bool:
    """The situation is one the rule's words do not decide (`silent_when`), as the facts known
    say: it cannot govern it. A fact nobody gave does not set it aside."""
    return any(
        check_conditions(conditions, known, rule.parameters).holds is True for conditions in rule.silent_when
    )


def _same_whichever(open_cases: list[Case], holding: Case) -> bool:
    """Whether the case that holds rules what each earlier case a missing fact leaves open
    would rule: then the ruling stands whatever the answer, and the case that surely holds
    gives the reason ("may not rebuy": he still has chips, whatever rebuys he took)."""
    outcome = holding["outcome"]
    alike = outcome in SELF_CONTAINED_OUTCOMES
    return all(
        case["outcome"] == outcome and (alike or case["summary"] == holding["summary"]) for case in open_cases
    )
