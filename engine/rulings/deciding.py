"""Which missing facts can change the ruling: try every answer and see.

A question is worth the floor's time only when its answers lead to different rulings. A
rule may depend on a fact nobody gave and still rule the same whatever the answer (two
holecards exposed are a misdeal under the general rule and under hold'em's own, so which
card it was does not matter). The answers tried are every value a fact can take, and for
a number the values on both sides of each threshold the rules in play test it against.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from engine.books.model import Parameter, Scalar
from engine.books.thresholds import is_number
from engine.books.thresholds import resolve as resolve_bounds
from engine.books.vocabulary import FactType, Vocabulary
from engine.rulings.matching import game_distance
from engine.rulings.reading import Reading
from engine.rulings.situation import AtLeast, Situation

UNSETTLED = "unsettled"  # a ruling that still asks, or too many answers to try them all
TRIAL_BUDGET = 24  # rulings tried per dispute at most; beyond it, ask rather than guess


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
    known = situation.facts.get(name)
    low = known.low if isinstance(known, AtLeast) else 0  # "2+": only counts from 2 are answers
    values: set[float] = {float(low)}
    for condition, parameters in _conditions_on(name, readings):
        values |= _either_side(condition, parameters, step)
    return [_plain(value) for value in sorted(values) if value >= low]


def _plain(value: float) -> Scalar:
    """2.0 as 2, so a count is tried as a count."""
    return int(value) if value == int(value) else round(value, 6)


def _conditions_on(name: str, readings: list[Reading]) -> Iterable[tuple[object, Mapping[str, Parameter]]]:
    """Each condition on the fact, with the parameters of the rule it is read with."""
    for reading in readings:
        rule = reading.rule
        if name in rule.when:
            yield rule.when[name], rule.parameters
        for case in rule.cases:
            when = case.get("when") or {}
            if name in when:
                yield when[name], rule.parameters


def _either_side(condition: object, parameters: Mapping[str, Parameter], step: float) -> set[float]:
    """The threshold values of a condition (as the house sets them) and the values just past them."""
    if isinstance(condition, list):
        return set().union(*(_either_side(option, parameters, step) for option in condition))
    if isinstance(condition, Mapping):
        bounds = resolve_bounds(condition, parameters)
        if bounds is None:
            return set()
        edges: set[float] = {value for among in [bounds.among or ()] for value in among}
        edges |= {value + offset for value in edges for offset in (-step, step)}
        if math.isfinite(bounds.low):
            edges |= {bounds.low, bounds.low - step, bounds.low + step}
        if math.isfinite(bounds.high):
            edges |= {bounds.high, bounds.high - step, bounds.high + step}
        return edges
    if is_number(condition):
        return {float(condition), float(condition) + step}  # type: ignore[arg-type]
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
