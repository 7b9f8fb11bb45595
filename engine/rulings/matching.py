"""Does a rule govern a situation? Three answers: yes, no, or "it depends on a fact".

A condition on a fact nobody gave is neither true nor false; it is reported as missing, so
the resolver can ask about it instead of guessing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from engine.books.model import Condition, Parameter, Rule
from engine.books.thresholds import resolve
from engine.books.vocabulary import Vocabulary
from engine.rulings.situation import AtLeast, Situation


@dataclass(frozen=True)
class Verdict:
    """The result of testing conditions: holds (True/False/None) and what was missing."""

    holds: bool | None
    missing: frozenset[str] = frozenset()


HOLDS = Verdict(True)
FAILS = Verdict(False)


NO_PARAMETERS: Mapping[str, Parameter] = {}


def value_decides(
    expected: object, actual: object, parameters: Mapping[str, Parameter] = NO_PARAMETERS
) -> bool | None:
    """One condition against one known value: True or False, or None when the value is a count
    known only from below and that count itself decides (`max: 1` of "at least 1")."""
    if isinstance(actual, AtLeast):
        return decided_from_below(expected, actual.low, parameters)
    return value_matches(expected, actual, parameters)


def value_matches(
    expected: object, actual: object, parameters: Mapping[str, Parameter] = NO_PARAMETERS
) -> bool:
    """One condition against one known value: equal, one of a list, or within bounds, whose
    thresholds may be the rule's parameters (as the house has them: pass its rule's); a count
    known only from below matches only what every such count would."""
    if isinstance(actual, AtLeast):
        return decided_from_below(expected, actual.low, parameters) is True
    if isinstance(expected, dict):
        if isinstance(actual, bool) or not isinstance(actual, (int, float)):
            return False
        bounds = resolve(expected, parameters)
        return bounds is not None and bounds.contains(actual)
    if isinstance(expected, list):
        return any(value_matches(option, actual, parameters) for option in expected)
    return expected == actual


def decided_from_below(
    expected: object, low: int, parameters: Mapping[str, Parameter] = NO_PARAMETERS
) -> bool | None:
    """A condition on a count known to be `low` or more: True when every such count meets it,
    False when none does, None when the count itself decides (`max: 1` of "at least 1")."""
    if isinstance(expected, list):
        answers = [decided_from_below(option, low, parameters) for option in expected]
        return True if True in answers else False if all(a is False for a in answers) else None
    if isinstance(expected, dict):
        bounds = resolve(expected, parameters)
        if bounds is None:
            return False
        if bounds.among is None and math.isinf(bounds.high) and bounds.contains(low):
            return True
        if low > bounds.high or (low == bounds.high and bounds.high_strict):
            return False
        if bounds.among is not None and all(value < low for value in bounds.among):
            return False
        return None
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        return False if low > expected else None
    return False  # a word or a yes/no is never a count


def check_conditions(
    conditions: Mapping[str, Condition],
    known: Mapping[str, object],
    parameters: Mapping[str, Parameter] = NO_PARAMETERS,
) -> Verdict:
    """All conditions hold (True), one fails (False), or some depend on missing facts (None)."""
    missing: set[str] = set()
    for name, expected in conditions.items():
        decided = value_decides(expected, known[name], parameters) if name in known else None
        if decided is False:
            return FAILS
        if decided is None:
            missing.add(name)
    return Verdict(None, frozenset(missing)) if missing else HOLDS


def games_of(rule: Rule, vocab: Vocabulary) -> set[str] | None:
    """The games a rule names (groups expanded), or None when it covers every game."""
    games = rule.applies.get("games")
    return vocab.expand_games(games) if games else None


def family_chain(game: str, vocab: Vocabulary) -> list[str]:
    """The game and the games whose rules it takes: omaha-hi-lo -> omaha -> holdem."""
    chain = [game]
    while chain[-1] in vocab.game_families and len(chain) < 6:
        chain.append(vocab.game_families[chain[-1]])
    return chain


def game_distance(rule: Rule, situation: Situation, vocab: Vocabulary) -> float | None:
    """How closely a rule is written for the situation's game; None if not for it at all.

    0 when the rule names the game, about 0.5 when it names a group holding it ("stud-games";
    a smaller group is closer), n more when it names the game's n-th ancestor (Omaha takes
    hold'em's rules), and 99 for a rule of every game — so a game's own rule is always the
    more specific.
    """
    named = rule.applies.get("games")
    if not named:
        return 99
    if situation.game is None:
        return None
    for distance, game in enumerate(family_chain(situation.game, vocab)):
        if game in named:
            return float(distance)
        sizes = [len(vocab.game_groups[group]) for group in named if game in vocab.game_groups.get(group, [])]
        if sizes:
            return distance + 0.5 + min(sizes) / 100
    return None


def applicability(rule: Rule, situation: Situation, vocab: Vocabulary) -> Verdict:
    """Whether the rule's games, structures and formats cover the situation."""
    missing: set[str] = set()
    games = games_of(rule, vocab)
    if games is not None:
        if situation.game is None:
            missing.add("game")
        elif game_distance(rule, situation, vocab) is None:
            return FAILS
    for dimension in ("structure", "format"):
        allowed = rule.applies.get(f"{dimension}s")
        given = getattr(situation, dimension)
        if allowed:
            if given is None:
                missing.add(dimension)
            elif given not in allowed:
                return FAILS
    return Verdict(None, frozenset(missing)) if missing else HOLDS


def combine(*verdicts: Verdict) -> Verdict:
    if any(v.holds is False for v in verdicts):
        return FAILS
    missing = frozenset().union(*(v.missing for v in verdicts))
    return Verdict(None, missing) if missing else HOLDS
