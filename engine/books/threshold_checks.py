"""Checks on the thresholds of a record's conditions, against its parameters.

A number the rule names once must be written once: a condition bounds a fact by the
record's parameter (`{gt: absence_minutes}`), never by a literal copy of it (`{min: 21}`
beside `absence_minutes: 20`), or a house that amends the parameter changes the number
shown and not the ruling. So: a bound names a parameter the record has, that is a house's
setting, a number, in the fact's unit (or converted with `times`); and a literal threshold
equal to a parameter in the fact's unit, or within rounding of it (0.4999 or 0.49 for 0.5,
19.99 for 20, 21 for "more than 20" on a count), is an error. Yields ``(field, message)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.books.thresholds import (
    BOUND_KEYS,
    LITERAL_ONLY,
    LOWER,
    UPPER,
    is_number,
    is_setting,
    operand_parameter,
)
from engine.books.vocabulary import Fact, FactType, Vocabulary

ROUNDING = 0.01  # a literal this close to a parameter is a rounded copy of it


def iter_threshold_problems(record: Mapping[str, Any], vocab: Vocabulary) -> Iterator[tuple[str, str]]:
    parameters = record.get("parameters") or {}
    if not isinstance(parameters, Mapping):
        return
    conditions = [("when", record.get("when") or {})]
    conditions += [
        (f"cases[{i}].when", case.get("when") or {}) for i, case in enumerate(record.get("cases") or [])
    ]
    for field, when in conditions:
        if not isinstance(when, Mapping):
            continue
        for name, condition in when.items():
            fact = vocab.facts.get(name)
            if fact is None:
                continue
            if fact.type not in (FactType.INT, FactType.NUMBER):
                if isinstance(condition, Mapping):
                    yield f"{field}.{name}", f"{name} is not a number: bounds apply to numbers"
                continue
            for message in _condition_problems(condition, fact, parameters, vocab):
                yield f"{field}.{name}", message


def _condition_problems(
    condition: object, fact: Fact, parameters: Mapping[str, Any], vocab: Vocabulary
) -> Iterator[str]:
    if isinstance(condition, Mapping):
        for bound, operand in condition.items():
            if bound not in BOUND_KEYS:
                yield f"'{bound}' is not a bound; use one of {', '.join(BOUND_KEYS)}"
            elif operand_parameter(operand) is not None:
                if bound in LITERAL_ONLY:
                    instead = "ge" if bound == "min" else "le"
                    yield f"'{bound}' takes a number; to read a parameter use {instead}"
                else:
                    yield from _reference_problems(operand, fact, parameters, vocab)
            elif is_number(operand):
                yield from _copies(bound, operand, fact, parameters)
    elif is_number(condition) or (isinstance(condition, list) and all(is_number(v) for v in condition)):
        yield from _copies("eq", condition, fact, parameters)


def _reference_problems(
    operand: object, fact: Fact, parameters: Mapping[str, Any], vocab: Vocabulary
) -> Iterator[str]:
    name = operand_parameter(operand) or ""
    parameter = parameters.get(name)
    if not isinstance(parameter, Mapping):
        known = ", ".join(sorted(parameters)) or "none"
        yield f"'{name}' is not a parameter of this record (its parameters: {known})"
        return
    if not is_setting(parameter):
        yield f"'{name}' is {_role_words(parameter)}, not a house's setting: a condition cannot read it"
        return
    value = parameter.get("value")
    if not all(is_number(v) for v in (value if isinstance(value, list) else [value])):
        yield f"'{name}' is {value!r}, not a number: a bound cannot read it"
    converted = isinstance(operand, Mapping) and "times" in operand
    unit = parameter.get("unit")
    if fact.unit and unit != fact.unit and not converted:
        yield (
            f"'{name}' is in {vocab.units.get(str(unit), unit)} and {fact.name} in "
            f"{vocab.units.get(fact.unit, fact.unit)}: convert it with {{param: {name}, times: n}}"
        )


def _role_words(parameter: Mapping[str, Any]) -> str:
    role = parameter.get("role")
    if role == "example":
        return "the book's example (role: example)"
    if role == "derived":
        return "the result of a formula (role: derived)"
    return f"role '{role}'"


def _copies(bound: str, literal: object, fact: Fact, parameters: Mapping[str, Any]) -> Iterator[str]:
    """The parameters (settings in the fact's unit) that a literal threshold repeats: a bound
    near one of a parameter's values, or a value or list equal to the parameter's."""
    for name, parameter in parameters.items():
        if (
            not isinstance(parameter, Mapping)
            or not is_setting(parameter)
            or parameter.get("unit") != fact.unit
        ):
            continue
        value = parameter.get("value")
        listed = value if isinstance(value, list) else [value]
        if bound == "eq":
            given = literal if isinstance(literal, list) else [literal]
            hits = [value] if sorted(map(str, given)) == sorted(map(str, listed)) else []
        else:
            hits = [v for v in listed if is_number(v) and _repeats(bound, literal, v, fact)]  # type: ignore[arg-type]
        if hits:
            yield (
                f"the literal {literal} repeats the parameter {name} ({hits[0]}): write "
                f"{{{_suggest(bound, literal, hits[0])}: {name}}} so a house's amendment moves the ruling"
            )


def _repeats(bound: str, literal: float, value: float, fact: Fact) -> bool:
    if abs(literal - value) <= ROUNDING + 1e-9:
        return True
    if fact.type != FactType.INT or bound == "eq":
        return False
    # On a count "more than 20" is "at least 21", and "fewer than 2" is "at most 1".
    step = {"min": 1, "ge": 1, "gt": -1, "max": -1, "le": -1, "lt": 1}[bound]
    return literal == value + step


def _suggest(bound: str, literal: object, value: object) -> str:
    """The exact bound the literal meant: 21 for "more than 20" is gt, 20 itself is ge."""
    if not is_number(literal) or not is_number(value):
        return "eq"
    if bound in LOWER:
        return "gt" if literal > value or (literal == value and LOWER[bound]) else "ge"  # type: ignore[operator]
    if bound in UPPER:
        return "lt" if literal < value or (literal == value and UPPER[bound]) else "le"  # type: ignore[operator]
    return "eq"
