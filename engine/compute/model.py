"""A computed answer as the contract's `answer` object: the number, its working, the house
settings it read and the alternatives where a book leaves a choice open."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal

from engine.compute.ledger import Read

CENT = Decimal("0.01")


def money(amount: Decimal, unit: str) -> str:
    """$240, $12.50, 1,500 chips: an amount as the floor would say it."""
    text = f"{amount:,.0f}" if amount == amount.to_integral_value() else f"{amount:,.2f}"
    if unit == "$":
        return f"${text}" if amount >= 0 else f"-${text[1:]}"
    return f"{text} {unit}" if unit else text


def cents_down(amount: Decimal) -> Decimal:
    """An amount cut to whole cents (what a share can pay out without inventing money)."""
    return amount.quantize(CENT, rounding=ROUND_DOWN)


def plain(value: Decimal | int) -> int | float:
    """A number for JSON: an int when whole."""
    number = Decimal(value)
    return int(number) if number == number.to_integral_value() else float(number)


@dataclass(frozen=True)
class Setting:
    """A number a computation read from the house's rules, and the record it comes from."""

    name: str
    value: object
    source: str  # record id, or "not set" when the books leave the choice to the house
    amended_by: str = ""


@dataclass(frozen=True)
class Alternative:
    """The answer under another reading or another house choice the book leaves open."""

    condition: str
    value: Decimal | int
    display: str


@dataclass(frozen=True)
class Answer:
    """A computed ruling: the number first, then how it was reached."""

    name: str  # which computation: pot-limit.max-raise, side-pots, ...
    value: Decimal | int
    unit: str  # "$", "chips", "seat", "raises"
    display: str  # "Raise to $240 at most"
    working: tuple[str, ...]
    cites: tuple[str, ...]  # record ids of the rules the arithmetic comes from
    settings: tuple[Setting, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    read: tuple[Read, ...] = field(default=())  # the numbers it was worked out from

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "value": plain(self.value),
            "unit": self.unit,
            "display": self.display,
            "working": list(self.working),
            "settings": [
                {
                    "name": s.name,
                    "value": plain(s.value) if isinstance(s.value, (int, Decimal)) else s.value,
                    "from": s.source,
                    **({"amended_by": s.amended_by} if s.amended_by else {}),
                }
                for s in self.settings
            ],
            "alternatives": [
                {"if": a.condition, "value": plain(a.value), "display": a.display} for a in self.alternatives
            ],
            "cites": list(self.cites),
            "read": [
                {
                    "name": r.name,
                    "value": r.value,
                    "from": r.words,
                    **({"num": r.num} if r.num else {}),
                    **({"given": True} if r.given else {}),
                    **({"said": r.said} if r.said else {}),
                }
                for r in self.read
            ],
        }


@dataclass(frozen=True)
class Wanted:
    """A number a computation needs that neither the words nor `--num` gave: the ruling asks
    for it (a typed question, answered with `num=NAME=VALUE`) rather than answering nothing."""

    name: str  # the number's name, as `--num` takes it
    ask: str  # the question, as the floor would put it
    computation: str  # what it is needed for: "buy-in.minimum", "kill.blind", ...

    def as_question(self) -> dict[str, object]:
        """The contract's `questions` entry: a number, named by `num` (not a fact)."""
        return {
            "fact": self.name,
            "ask": self.ask,
            "choices": [],
            "type": "number",
            "num": self.name,
            "for": self.computation,
        }
