"""Checks on a record's meaning that a JSON Schema cannot express: the vocabulary.

Every name a record uses (game, structure, format, fact, event, outcome, unit,
discretion) must be one the vocabulary defines, and a condition's value must fit its
fact's type. Yields ``(field, message)`` pairs; the validator adds file and line.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.books.hints import unknown
from engine.books.threshold_checks import iter_threshold_problems
from engine.books.thresholds import operand_parameter
from engine.books.vocabulary import FactType, Vocabulary


def iter_record_problems(record: Mapping[str, Any], vocab: Vocabulary) -> Iterator[tuple[str, str]]:
    """Problems with one record's names and values. The record is data still to be checked
    (a record as read, before any schema check): its values may be anything, hence Any."""
    applies = record.get("applies") or {}
    games = list(vocab.games) + list(vocab.game_groups)
    for game in applies.get("games", []):
        if game not in games:
            yield "applies.games", unknown("game", game, games)
    for field, allowed in (("structures", vocab.structures), ("formats", vocab.formats)):
        for name in applies.get(field, []):
            if name not in allowed:
                yield f"applies.{field}", unknown(field[:-1], name, allowed)
    yield from _check_outcome("outcome", record.get("outcome"), vocab)
    yield from _check_discretion("discretion", record.get("discretion"), vocab)
    yield from iter_condition_problems("when", record.get("when") or {}, vocab)
    for index, conditions in enumerate(record.get("silent_when") or []):
        yield from iter_condition_problems(f"silent_when[{index}]", conditions or {}, vocab)
    for index, case in enumerate(record.get("cases") or []):
        yield from iter_condition_problems(f"cases[{index}].when", case.get("when") or {}, vocab)
        yield from _check_outcome(f"cases[{index}].outcome", case.get("outcome"), vocab)
        yield from _check_discretion(f"cases[{index}].discretion", case.get("discretion"), vocab)
    yield from _check_shadowed_cases(record.get("cases") or [])
    for name, parameter in (record.get("parameters") or {}).items():
        unit = parameter.get("unit") if isinstance(parameter, dict) else None
        if unit is not None and unit not in vocab.units:
            yield f"parameters.{name}.unit", unknown("unit", unit, vocab.units)
    yield from iter_threshold_problems(record, vocab)


def _check_shadowed_cases(cases: list[Any]) -> Iterator[tuple[str, str]]:
    """The first case that holds rules, so a case listed after one whose conditions are a part
    of its own can never rule: the narrower case must come first."""
    whens = [case.get("when") or {} if isinstance(case, dict) else {} for case in cases]
    for later, conditions in enumerate(whens):
        for earlier in range(later):
            if all(
                name in conditions and conditions[name] == value for name, value in whens[earlier].items()
            ):
                yield (
                    f"cases[{later}].when",
                    f"can never rule: cases[{earlier}] holds whenever it does; list the narrower case first",
                )
                break


def _check_outcome(field: str, outcome: object, vocab: Vocabulary) -> Iterator[tuple[str, str]]:
    if outcome is not None and outcome not in vocab.outcomes:
        yield field, unknown("outcome", outcome, vocab.outcomes)


def _check_discretion(field: str, value: object, vocab: Vocabulary) -> Iterator[tuple[str, str]]:
    if value is not None and value not in vocab.discretion:
        yield field, unknown("discretion", value, vocab.discretion)


def iter_condition_problems(
    field: str, conditions: Mapping[str, object], vocab: Vocabulary
) -> Iterator[tuple[str, str]]:
    """Problems with a set of conditions (a record's `when`, or a situation's facts)."""
    for name, expected in conditions.items():
        fact = vocab.facts.get(name)
        if fact is None:
            yield f"{field}.{name}", unknown("fact", name, vocab.facts)
            continue
        for value in _values(expected):
            problem = type_problem(fact.name, fact.type, fact.values, value)
            if problem:
                yield f"{field}.{name}", problem


def _values(expected: object) -> list[object]:
    if isinstance(expected, list):
        return expected
    if isinstance(expected, dict):  # a bound's literal numbers; threshold_checks reads the parameters
        return [operand for operand in expected.values() if operand_parameter(operand) is None]
    return [expected]


def type_problem(name: str, kind: FactType, values: Mapping[str, str], value: object) -> str | None:
    """Why ``value`` does not fit a fact of this type, or None when it fits."""
    if kind == FactType.ENUM:
        if value not in values:
            return unknown(f"value for {name}", value, values)
    elif kind == FactType.BOOL:
        if not isinstance(value, bool):
            return f"{name} takes true or false, not {value!r}"
    elif kind in (FactType.INT, FactType.NUMBER):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"{name} takes a number, not {value!r}"
    return None
