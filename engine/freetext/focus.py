"""Which rules the words are about, and what the best of them says the words meant.

The lookup scores every rule key against the words. The rules *in contention* are those
scoring within CONTENTION of the best: a rule far behind is not what the person described,
so it is neither ruled by nor asked about. The conditions the best rule sets on facts nobody
stated are taken as said by the words (as its event is), shown with the rule they came from
so a person can correct them, when it leads the next rule clearly; except where a rule still
in contention rules differently and sets its own condition on that fact: that fact decides,
and is the question to ask.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.books.model import Parameter, Rule
from engine.books.thresholds import resolve
from engine.books.vocabulary import Vocabulary
from engine.rulings.matching import NO_PARAMETERS
from engine.rulings.situation import CONTEXT

CONTENTION = 0.8  # a rule scoring at least this share of the best is still in contention
CLEAR_LEAD = 1.1  # the best rule's conditions are taken from the words only this far ahead of the next
MOST_PLAYED = "holdem"  # taken, and shown, when no game is named and the rule matched covers it


@dataclass(frozen=True)
class Assumed:
    """A fact taken from the rule the words match best, and how to say where it came from."""

    value: object
    said: str


def in_contention(scores: dict[str, float], by_key: dict[str, Rule]) -> list[str]:
    """Rule keys (not glossary terms) scoring within CONTENTION of the best, best first."""
    ranked = sorted((key for key in scores if key in by_key), key=lambda key: (-scores[key], key))
    if not ranked:
        return []
    floor = CONTENTION * scores[ranked[0]]
    return [key for key in ranked if scores[key] >= floor]


def leads_clearly(scores: dict[str, float], contenders: list[str]) -> bool:
    """Do the words match the best rule far better than the next in contention? Only then are
    its conditions taken as said. Measured on the development sets: at 1.1, 4 of 42 wrong
    rulings became questions, for 3 of 147 right ones; at 1.2, 9 wrong for 11 right."""
    if len(contenders) < 2:
        return True
    return scores[contenders[0]] >= CLEAR_LEAD * scores[contenders[1]]


def context_of(best: Rule, known: Mapping[str, object], vocab: Vocabulary) -> dict[str, Assumed]:
    """The game, structure or format nobody named, when the rule the words match is written
    for exactly one: the words matched a hold'em rule, so the game is hold'em."""
    taken: dict[str, Assumed] = {}
    for name in CONTEXT:
        named = best.applies.get(f"{name}s") or []
        values = vocab.expand_games(named) if name == "game" else set(named)
        if known.get(name) is not None or not values:
            continue
        if len(values) == 1:
            value = next(iter(values))
            taken[name] = Assumed(value, f"the rule your words match is for {value} only: {best.id}")
        elif name == "game" and MOST_PLAYED in values:
            taken[name] = Assumed(
                MOST_PLAYED,
                f"no game named; the rule your words match, {best.id}, covers {MOST_PLAYED} among others",
            )
    return taken


def unnamed_scope(rule: Rule, known: Mapping[str, object]) -> bool:
    """Is the rule written for a game, structure or format the words did not name? Such a
    rule is not what the person meant unless it is the one the words match best."""
    return any(rule.applies.get(f"{name}s") and known.get(name) is None for name in CONTEXT)


def assumed_facts(
    best: Rule,
    rivals: list[Rule],
    known: Mapping[str, object],
    vocab: Vocabulary,
    exceptional: frozenset[str] = frozenset(),
) -> dict[str, Assumed]:
    """The facts the best rule's conditions name that nobody stated, each as a value that
    meets the condition, unless a rival in contention with another outcome conditions on it
    or the fact is what makes the rule an exception (`exceptional`)."""
    taken: dict[str, Assumed] = {}
    for name, expected in best.when.items():
        if name == "event" or name in CONTEXT or name in known or name not in vocab.facts:
            continue
        if name in exceptional:
            continue
        if any(_decides(rival, name) and rival.outcome != best.outcome for rival in rivals):
            continue
        value = meeting(expected, best.parameters)
        if value is not None and not _a_range(expected):
            words = describe(expected, best.parameters)
            taken[name] = Assumed(value, f"{words}: the rule your words match, {best.id}")
    return taken


def exceptional_facts(rule: Rule, by_key: Mapping[str, Rule]) -> frozenset[str]:
    """The facts that make a rule an exception to a rule it states it prevails over: those
    its conditions name and the other rule's do not ("knew the deck was defective"). They are
    the crux of the dispute, never taken from a word match."""
    names: set[str] = set()
    for override in rule.overrides:
        other = by_key.get(str(override.get("key")))
        if other is not None and other.key != rule.key:
            names |= set(rule.when) - set(other.when)
    return frozenset(names)


def _a_range(expected: object) -> bool:
    """A bound admitting many numbers ("at least 1"): any one taken would be made up, and a
    computed answer would count with it; it is asked for instead."""
    return isinstance(expected, dict) and "eq" not in expected


def _decides(rule: Rule, name: str) -> bool:
    """Does the rule's ruling depend on this fact (its conditions or its cases)?"""
    return name in rule.when or any(name in (case.get("when") or {}) for case in rule.cases)


def meeting(expected: object, parameters: Mapping[str, Parameter] = NO_PARAMETERS) -> object:
    """A value that meets a condition: the value itself, the first of a list, or a bound
    (its threshold read from the rule's parameters)."""
    if isinstance(expected, list):
        return meeting(expected[0], parameters) if expected else None
    if isinstance(expected, dict):
        bounds = resolve(expected, parameters)
        candidates = bounds.candidates() if bounds is not None else []
        return candidates[0] if candidates else None
    return expected


def describe(expected: object, parameters: Mapping[str, Parameter] = NO_PARAMETERS) -> str:
    """A condition in words: "at least 2", "more than 20", "at most 1", "yes", "one of a, b"."""
    if isinstance(expected, dict):
        bounds = resolve(expected, parameters)
        return bounds.describe() if bounds is not None else "a number"
    if isinstance(expected, bool):
        return "yes" if expected else "no"
    if isinstance(expected, list):
        return "one of " + ", ".join(map(str, expected))
    return str(expected)
