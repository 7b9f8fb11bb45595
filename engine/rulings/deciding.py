"""Which missing facts can change the ruling: try every answer and see.

A question is worth the floor's time only when its answers lead to different rulings. A
rule may depend on a fact nobody gave and still rule the same whatever the answer (two
holecards exposed are a misdeal under the general rule and under hold'em's own, so which
card it was does not matter). The answers tried are every value a fact can take, and for
a number the values on both sides of each threshold the rules in play test it against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from engine.books.model import Scalar
from engine.books.vocabulary import FactType, Vocabulary
from engine.rulings.matching import game_distance
from engine.rulings.reading import Reading
from engine.rulings.situation import Situation

UNSETTLED = "unsettled"  # a ruling that still asks, or too many answers to try them all
# Outcomes that are the whole announcement whichever case rules them: "misdeal" is a misdeal
# whether the first card or two cards were exposed. Others need their case to be announced
# ("must post": who posts; "seat assigned": which seat), so their cases are told apart.
SELF_CONTAINED_OUTCOMES = frozenset(
    {"misdeal", "redeal", "dead-hand", "hand-live", "card-plays", "bet-returned", "chips-removed", "forfeit"}
)
TRIAL_BUDGET = 48  # rulings tried per dispute at most; beyond it, ask rather than guess


@dataclass(frozen=True)
class Outcome:
    """What the floor would announce after a trial: ruled this outcome, or not ruled."""

    status: str
    outcome: str | None
    detail: str | None = None  # the case's own summary, where its rule rules this outcome in several cases


Trial = Callable[[Situation], tuple[Outcome, str | None]]  # the outcome, and the next fact it asks


def with_answer(situation: Situation, name: str, value: Scalar) -> Situation:
    """The situation with one more fact known, as if the floor had asked and been told."""
    if name == "game":
        return replace(situation, game=str(value))
    if name == "structure":
        return replace(situation, structure=str(value))
    if name == "format":
        return replace(situation, format=str(value))
    return replace(
        situation,
        facts={**situation.facts, name: value},
        sources={**situation.sources, name: "answered"},
    )


def trial_values(
    name: str, readings: Iterable[Reading], situation: Situation, vocab: Vocabulary
) -> list[Scalar]:
    """Every answer that could make a difference: a yes/no fact's two, an enum's values,
    a number's values on each side of the thresholds the rules test it against, and one
    game of each kind the rules tell apart."""
    readings = list(readings)
    if name == "game":
        return _games_told_apart(readings, situation, vocab)
    if name == "structure":
        return list(vocab.structures)
    if name == "format":
        return list(vocab.formats)
    fact = vocab.facts[name]
    if fact.type == FactType.BOOL:
        return [True, False]
    if fact.type == FactType.ENUM:
        return list(fact.values)
    step = 1 if fact.type == FactType.INT else 0.01
    values: set[float] = {0}
    for condition in _conditions_on(name, readings):
        values |= _either_side(condition, step)
    return sorted(value for value in values if value >= 0)


def _conditions_on(name: str, readings: list[Reading]) -> Iterable[object]:
    for reading in readings:
        rule = reading.rule
        if name in rule.when:
            yield rule.when[name]
        for case in rule.cases:
            when = case.get("when") or {}
            if name in when:
                yield when[name]


def _either_side(condition: object, step: float) -> set[float]:
    """The threshold values of a condition and the values just past them."""
    if isinstance(condition, list):
        return set().union(*(_either_side(option, step) for option in condition))
    if isinstance(condition, dict):
        edges: set[float] = set()
        if isinstance(condition.get("min"), (int, float)):
            edges |= {condition["min"], condition["min"] - step}
        if isinstance(condition.get("max"), (int, float)):
            edges |= {condition["max"], condition["max"] + step}
        return edges
    if isinstance(condition, (int, float)) and not isinstance(condition, bool):
        return {condition, condition + step}
    return set()


def _games_told_apart(readings: list[Reading], situation: Situation, vocab: Vocabulary) -> list[Scalar]:
    """One game for each way the rules in play read a game (which apply, and how closely)."""
    kinds: dict[tuple[float | None, ...], str] = {}
    for game in vocab.games:
        told = replace(situation, game=game)
        kind = tuple(game_distance(reading.rule, told, vocab) for reading in readings)
        kinds.setdefault(kind, game)
    return list(kinds.values())


def possible_outcomes(
    situation: Situation,
    asks: str,
    rule_on: Trial,
    answers: Callable[[str, Situation], list[Scalar]],
    budget: int = TRIAL_BUDGET,
) -> set[Outcome]:
    """Every outcome the dispute can end in, whatever the answers to what is still asked.

    `asks` is the fact the ruling asks first; each of its answers is tried, and so on down
    until every branch rules. An `UNSETTLED` outcome means it could not be told within the
    budget, which counts as "the answers may matter"."""
    outcomes: set[Outcome] = set()
    pending = [(situation, asks)]
    tried = 0
    while pending:
        current, fact = pending.pop()
        for value in answers(fact, current):
            tried += 1
            if tried > budget:
                return outcomes | {Outcome(UNSETTLED, None)}
            answered = with_answer(current, fact, value)
            outcome, next_fact = rule_on(answered)
            if outcome.status == UNSETTLED and next_fact is not None and next_fact not in answered.known():
                pending.append((answered, next_fact))
            else:
                outcomes.add(outcome)
    return outcomes
