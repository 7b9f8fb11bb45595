"""A described situation: house, game, structure, format and facts, checked and typed.

Every name is checked against the vocabulary and every value against its fact's type, so
a mistyped fact is an error naming the allowed values, never a silent miss. A fact nobody
gave is absent: unknown, never defaulted to false or zero.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.books.hints import did_you_mean
from engine.books.model import Scalar
from engine.books.vocabulary import Fact, FactType, Vocabulary

CONTEXT = ("game", "structure", "format")  # given beside the facts; rules' conditions read them too
LARGEST_NUMBER = 10**12  # chips, dollars, minutes, players: nothing at a table comes near it
TRUE_WORDS = {"true", "yes", "y", "1"}
FALSE_WORDS = {"false", "no", "n", "0"}


AT_LEAST = re.compile(r"^(\d+)\s*(?:\+|or more)$")


class AtLeast(str):
    """A count known only from below, written "2+": the words tell two players acting and may
    leave others untold, or nobody mentions a count a teller would mention were it smaller.
    A condition it decides either way is decided; one it does not stays open and is asked."""

    low: int

    def __new__(cls, low: int) -> AtLeast:
        made = super().__new__(cls, f"{low}+")
        made.low = low
        return made

    def __getnewargs__(self) -> tuple[int]:  # type: ignore[override]
        return (self.low,)


def count_in_words(value: object) -> str | None:
    """A count known only from below as a person says it ("3+": "3 or more"); None otherwise."""
    bound = AT_LEAST.match(str(value))
    return f"{bound.group(1)} or more" if bound else None


class SituationError(ValueError):
    """A situation that cannot be ruled on as given; the message says what is allowed."""


@dataclass(frozen=True)
class Situation:
    """What the floor knows about the dispute."""

    house: str
    game: str | None = None
    structure: str | None = None
    format: str | None = None
    facts: dict[str, Scalar] = field(default_factory=dict)  # fact name -> typed value
    sources: dict[str, str] = field(default_factory=dict)  # fact name -> given | inferred | answered

    @property
    def event(self) -> str | None:
        """The event the dispute is about (the `event` fact); None until someone names it."""
        event = self.facts.get("event")
        return None if event is None else str(event)

    def known(self) -> dict[str, Scalar]:
        """Facts plus the game, structure and format, as rule conditions read them."""
        context = {"game": self.game, "structure": self.structure, "format": self.format}
        return {**{k: v for k, v in context.items() if v is not None}, **self.facts}

    def as_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "structure": self.structure,
            "format": self.format,
            "facts": dict(sorted(self.facts.items())),
        }


def _choose(kind: str, value: str | None, allowed: Mapping[str, str]) -> str | None:
    if value is None or value == "":
        return None
    if value in allowed:
        return value
    raise SituationError(
        f"unknown {kind} '{value}'{did_you_mean(value, allowed)}; allowed: {', '.join(allowed)}"
    )


def parse_value(fact: Fact, raw: object) -> Scalar:
    """Turn a given value into the fact's type, or raise naming what is allowed."""
    text = str(raw).strip().lower() if not isinstance(raw, (bool, int, float)) else raw
    if fact.type == FactType.BOOL:
        if isinstance(text, bool):
            return text
        if text in TRUE_WORDS or text in FALSE_WORDS:
            return text in TRUE_WORDS
        raise SituationError(f"fact '{fact.name}' takes yes or no, not '{raw}'")
    if fact.type in (FactType.INT, FactType.NUMBER):
        bound = AT_LEAST.match(text) if isinstance(text, str) else None
        if bound is not None and int(bound.group(1)) <= LARGEST_NUMBER:
            return AtLeast(int(bound.group(1)))
        try:
            number = float(text)
        except (TypeError, ValueError, OverflowError):
            raise SituationError(f"fact '{fact.name}' takes a number, not '{raw}'") from None
        if not math.isfinite(number) or abs(number) > LARGEST_NUMBER:
            raise SituationError(f"fact '{fact.name}' takes a number up to {LARGEST_NUMBER:,}, not '{raw}'")
        return int(number) if fact.type == FactType.INT or number.is_integer() else number
    if text in fact.values:
        return text
    raise SituationError(
        f"fact '{fact.name}' cannot be '{raw}'{did_you_mean(text, fact.values)}; "
        f"allowed: {', '.join(fact.values)}"
    )


def parse_fact_pairs(pairs: list[str]) -> dict[str, str]:
    """['players_acted=1', ...] -> {'players_acted': '1'}; a pair without '=' is an error."""
    facts: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise SituationError(f"a fact is written KEY=VALUE, not '{pair}'")
        facts[name.strip()] = value.strip()
    return facts


def make_situation(
    vocab: Vocabulary,
    house: str,
    *,
    game: str | None = None,
    structure: str | None = None,
    format: str | None = None,
    facts: Mapping[str, object] | None = None,
    sources: Mapping[str, str] | None = None,
) -> Situation:
    """Check every name and value against the vocabulary and build the Situation."""
    typed: dict[str, Scalar] = {}
    facts = dict(facts or {})
    context = {"game": game, "structure": structure, "format": format}
    for name in context:
        if name in facts:  # an answer to "Which game is it?" given as a fact
            value = facts.pop(name)
            context[name] = context[name] or str(value)
    game, structure, format = context["game"], context["structure"], context["format"]
    for name, raw in facts.items():
        fact = vocab.facts.get(name)
        if fact is None or name in CONTEXT:
            raise SituationError(
                f"unknown fact '{name}'{did_you_mean(name, vocab.facts)}; facts are: "
                f"{', '.join(sorted(set(vocab.facts) - set(CONTEXT)))}"
            )
        typed[name] = parse_value(fact, raw)
    origin = {name: (sources or {}).get(name, "given") for name in typed}
    for name in CONTEXT:
        if (sources or {}).get(name) == "answered" and context[name]:
            origin[name] = "answered"
    return Situation(
        house=house,
        game=_choose("game", game, vocab.games),
        structure=_choose("structure", structure, vocab.structures),
        format=_choose("format", format, vocab.formats),
        facts=typed,
        sources=origin,
    )
