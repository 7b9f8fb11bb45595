"""A bound on a number, written in a condition, that may name a parameter of its record.

`minutes_away: {gt: absence_minutes}` reads "more than the rule's absence_minutes": the
threshold is the parameter's value as the house has it (amended or not), so a house that
changes the number changes the ruling. Bounds are exact: `gt`/`lt` are strict, `ge`/`le`
(and the literal `min`/`max`) include the threshold, `eq` is one value or one of a list.
An operand is a number, a parameter's name, or `{param: name, times: n, plus: n}` when the
fact counts in another unit than the parameter (60 minutes to the hour) or adds to it (a
full bet plus the parameter's half bet). A parameter holding a list compares with its
largest value in a lower bound and its smallest in an upper bound ("after the first or
second card" is `gt` the list [1, 2]).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

LOWER = {"min": False, "ge": False, "gt": True}  # bound -> strict
UPPER = {"max": False, "le": False, "lt": True}
BOUND_KEYS = (*LOWER, *UPPER, "eq")
LITERAL_ONLY = ("min", "max")  # the older form: a number, never a parameter

Number = int | float


def is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_setting(parameter: object) -> bool:
    """A parameter a house sets; a book's example or a formula's consequence is not one."""
    return isinstance(parameter, Mapping) and parameter.get("role", "setting") == "setting"


def operand_parameter(operand: object) -> str | None:
    """The parameter an operand names, or None for a literal number."""
    if isinstance(operand, str):
        return operand
    if isinstance(operand, Mapping) and isinstance(operand.get("param"), str):
        return str(operand["param"])
    return None


def referenced(condition: object) -> list[str]:
    """The parameters a condition reads (none for a value, a list or literal bounds)."""
    if not isinstance(condition, Mapping):
        return []
    names = (operand_parameter(operand) for operand in condition.values())
    return [name for name in names if name is not None]


def operand_values(operand: object, parameters: Mapping[str, object]) -> tuple[float, ...] | None:
    """The number(s) an operand stands for here, or None when it names no numeric setting."""
    if is_number(operand):
        return (float(operand),)  # type: ignore[arg-type]
    name = operand_parameter(operand)
    parameter = parameters.get(name) if name else None
    if not isinstance(parameter, Mapping) or not is_setting(parameter):
        return None
    value = parameter.get("value")
    listed = value if isinstance(value, list) else [value]
    values = [float(v) for v in listed if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if not values or len(values) != len(listed):
        return None
    times, plus = (
        (operand.get("times", 1), operand.get("plus", 0)) if isinstance(operand, Mapping) else (1, 0)
    )
    if not (is_number(times) and is_number(plus)):
        return None  # malformed: the schema names it; nothing matches it
    return tuple(v * times + plus for v in values)


@dataclass(frozen=True)
class Range:
    """The numbers a bound admits: an interval, ends open or closed, maybe a set of values."""

    low: float = -math.inf
    low_strict: bool = False
    high: float = math.inf
    high_strict: bool = False
    among: tuple[float, ...] | None = None  # `eq`: only these values

    def contains(self, value: Number) -> bool:
        if self.among is not None and not any(math.isclose(value, v) for v in self.among):
            return False
        above = value > self.low if self.low_strict else value >= self.low
        below = value < self.high if self.high_strict else value <= self.high
        return above and below

    def candidates(self) -> list[Number]:
        """Values inside the range, the low end first: an example to assume or to test."""
        near = [self.low, self.low + 1, self.low + 0.01, self.high, self.high - 1, self.high - 0.01]
        points = [*(self.among or ()), *(v for v in near if math.isfinite(v)), 0.0]
        inside = [_plain(v) for v in points if self.contains(v)]
        return [v for v in inside if v >= 0] or inside  # a count or an amount is not negative

    def overlaps(self, other: Range) -> bool:
        """Some value lies in both (checked at the ends and values of each)."""
        return any(other.contains(v) for v in self.candidates()) or any(
            self.contains(v) for v in other.candidates()
        )

    def describe(self) -> str:
        """In words: "more than 20", "at most 1", "from 11 to 20", "one of 1, 2"."""
        parts = []
        if self.among is not None:
            parts.append("one of " + ", ".join(_show(v) for v in self.among))
        if math.isfinite(self.low) and math.isfinite(self.high) and not (self.low_strict or self.high_strict):
            return " and ".join([*parts, f"from {_show(self.low)} to {_show(self.high)}"])
        if math.isfinite(self.low):
            parts.append(f"{'more than' if self.low_strict else 'at least'} {_show(self.low)}")
        if math.isfinite(self.high):
            parts.append(f"{'less than' if self.high_strict else 'at most'} {_show(self.high)}")
        return " and ".join(parts)


def _plain(value: float) -> Number:
    """2.0 as 2: a count reads as a count."""
    return int(value) if value == int(value) else round(value, 6)


def _show(value: float) -> str:
    return str(_plain(value))


def resolve(bounds: Mapping[str, object], parameters: Mapping[str, object]) -> Range | None:
    """The range a bound admits with these parameters; None when it names a parameter that
    is missing, not a setting, or not a number (validation reports it; nothing matches it)."""
    low, low_strict, high, high_strict = -math.inf, False, math.inf, False
    among: tuple[float, ...] | None = None
    for key, operand in bounds.items():
        values = operand_values(operand, parameters)
        if values is None:
            return None
        if key in LOWER:
            value = max(values)
            if value > low or (value == low and LOWER[key]):
                low, low_strict = value, LOWER[key]
        elif key in UPPER:
            value = min(values)
            if value < high or (value == high and UPPER[key]):
                high, high_strict = value, UPPER[key]
        elif key == "eq":
            among = values
        else:
            return None
    return Range(low, low_strict, high, high_strict, among)
