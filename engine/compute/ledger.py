"""The ledger of a dispute: the numbers a person gave (each with the words it came from), the
actions on the table, and what the question asks. Amounts are Decimals: money is exact."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

NUMBER = r"\$?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?(?:\s?[kK]\b)?"
WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "twenty": 20, "thirty": 30,
}  # fmt: skip
COUNT = r"(?:\d+|" + "|".join(WORD_NUMBERS) + r")"
ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
    "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8,
    "ninth": 9, "9th": 9, "tenth": 10, "10th": 10,
}  # fmt: skip


@dataclass(frozen=True)
class Told:
    """One number the person gave, and the words it came from."""

    value: Decimal
    words: str
    given: bool = False  # given directly (`--num`), not read from the words
    said: str = ""  # when given over a number the words told: those words


@dataclass(frozen=True)
class Read:
    """A number as a computed answer shows it: what it is, its value, the words it came from,
    and the name `--num` / `num=` corrects it by ("" for an action without an amount)."""

    name: str
    value: str
    words: str
    num: str = ""
    given: bool = False
    said: str = ""  # given over words that told another value: those words


@dataclass(frozen=True)
class Action:
    """One action on the table: who did what, for how much."""

    who: str  # "A", "seat 4", "bb", "me"; "?1", "?2" for someone not named
    kind: str  # bet raise call allin complete limp check fold post straddle
    amount: Decimal | None
    to: bool | None  # a raise *to* the amount (True), *by* it (False), or not said (None)
    words: str
    street: int = 0  # how many street words came before it
    given: bool = False  # its amount was given directly (`--num action2=80`)


@dataclass(frozen=True)
class Ledger:
    """Everything numeric the dispute says."""

    numbers: dict[str, Told] = field(default_factory=dict)  # pot, sb, bb, small_bet, big_bet ...
    actions: tuple[Action, ...] = ()
    asker: str | None = None  # the player the question is about ("can B reraise?")
    asks: frozenset[str] = frozenset()  # max, min, side-pot, main-pot, odd-chip, cap, reopen ...
    seats: tuple[int, ...] = ()  # seats that tie, in the order said
    halves: dict[str, tuple[int, ...]] = field(default_factory=dict)  # hi-lo: high and low winners' seats
    prizes: dict[int, Decimal] = field(default_factory=dict)  # place -> prize said ("4th pays $80")
    hands: dict[int, tuple[str, ...]] = field(default_factory=dict)  # seat -> cards said ("As", "Td")
    words: dict[str, str] = field(default_factory=dict)  # game/structure/format the words name
    dollars: bool = False  # amounts were said in dollars

    def get(self, name: str) -> Decimal | None:
        told = self.numbers.get(name)
        return told.value if told else None

    def evidence(self) -> tuple[Read, ...]:
        """Every number and action read, each with its words and the name that corrects it
        (an action's amount: `action1`, `action2`, ... in the order told)."""
        lines = [
            Read(name, f"{told.value:,}", told.words, name, told.given, told.said)
            for name, told in self.numbers.items()
        ]
        lines += [
            Read(f"{a.who} {a.kind}", "", a.words)
            if a.amount is None
            else Read(f"{a.who} {a.kind}", f"{a.amount:,}", a.words, f"action{index}")
            if not a.given
            else Read(
                f"{a.who} {a.kind}",
                f"{a.amount:,}",
                f"--num action{index}={a.amount}",
                f"action{index}",
                True,
                a.words,
            )
            for index, a in enumerate(self.actions, 1)
        ]
        return tuple(lines)

    def with_numbers(self, given: dict[str, Told]) -> Ledger:
        """The ledger with numbers given directly (--num), which win over the words."""
        return replace(self, numbers={**self.numbers, **given})


def amount_of(text: str) -> Decimal | None:
    """'$1,200' -> 1200, '1.5k' -> 1500, 'twelve' -> 12; None when it is not a number."""
    raw = text.strip().lower().replace("$", "").replace(",", "").replace(" ", "")
    if raw in WORD_NUMBERS:
        return Decimal(WORD_NUMBERS[raw])
    scale = Decimal(1000) if raw.endswith("k") else Decimal(1)
    try:
        value = Decimal(raw.rstrip("k")) * scale
    except InvalidOperation:
        return None
    return value if value.is_finite() and 0 <= value < 10**12 else None
