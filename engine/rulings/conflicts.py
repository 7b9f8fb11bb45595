"""The static conflict check: pairs of rules in one book's effective rulebook that can
govern the same situation, disagree, and have nothing that ranks one over the other.

Like a compiler's warnings, it looks at every pair without a concrete situation: two
rules can meet when their event, games, structures, formats and conditions overlap.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import networkx as nx

from engine.books.effective import EffectiveRule
from engine.books.model import Condition, Parameter, Rule, Scalar
from engine.books.thresholds import resolve
from engine.rulings.matching import Verdict, value_matches
from engine.rulings.precedence import precedence_graph
from engine.rulings.reading import Reading, read_rule
from engine.rulings.resolver import disagree, is_procedural
from engine.rulings.rulebooks import Rulebooks
from engine.rulings.situation import Situation


@dataclass(frozen=True, order=True)
class StaticConflict:
    book: str
    first: str  # rule id
    second: str
    event: str

    def __str__(self) -> str:
        return f"{self.book}: {self.first} and {self.second} disagree on '{self.event}' with no precedence"


def _values(expected: object) -> list[object]:
    return expected if isinstance(expected, list) else [expected]


def _overlap(a: object, b: object, pa: Mapping[str, Parameter], pb: Mapping[str, Parameter]) -> bool:
    """Whether some value satisfies both conditions (bounds read with each rule's parameters)."""
    if isinstance(a, dict) and isinstance(b, dict):
        ra, rb = resolve(a, pa), resolve(b, pb)
        return ra is not None and rb is not None and ra.overlaps(rb)
    if isinstance(a, dict):
        return any(value_matches(a, v, pa) for v in _values(b))
    if isinstance(b, dict):
        return any(value_matches(b, v, pb) for v in _values(a))
    return bool(set(map(str, _values(a))) & set(map(str, _values(b))))


def _meet(a: Rule, b: Rule, kb: Rulebooks) -> dict[str, str | None] | None:
    """A situation (game, structure, format) where both rules can apply, or None."""
    games_a = kb.vocab.expand_games(a.applies["games"]) if a.applies.get("games") else None
    games_b = kb.vocab.expand_games(b.applies["games"]) if b.applies.get("games") else None
    if games_a is not None and games_b is not None and not games_a & games_b:
        return None
    common_games = (games_a & games_b) if games_a and games_b else (games_a or games_b)
    context: dict[str, str | None] = {"game": min(common_games) if common_games else None}
    for dimension in ("structures", "formats"):
        da, db = a.applies.get(dimension), b.applies.get(dimension)
        if da and db and not set(da) & set(db):
            return None
        shared = sorted(set(da) & set(db)) if da and db else sorted(da or db or [])
        context[dimension[:-1]] = shared[0] if shared else None
    for name in set(a.when) & set(b.when):
        if not _overlap(a.when[name], b.when[name], a.parameters, b.parameters):
            return None
    return context


def _as_reading(entry: EffectiveRule) -> Reading:
    """The rule as written, its applicability left open: the pair check weighs outcomes only."""
    rule = entry.rule
    return Reading(entry, Verdict(None), rule.outcome, rule.summary, rule.discretion, frozenset())


def iter_override_cycles(kb: Rulebooks, book_id: str) -> Iterator[list[str]]:
    """Cycles among the overrides the texts state, in one book's effective rulebook."""
    graph = nx.DiGraph()
    by_key: dict[str, list[str]] = {}
    entries = kb.effective(book_id)
    for entry in entries:
        by_key.setdefault(entry.rule.key, []).append(entry.rule.id)
    for entry in entries:
        for override in entry.rule.overrides:
            for loser in by_key.get(override.get("key", ""), []):
                graph.add_edge(entry.rule.id, loser)
    yield from (sorted(cycle) for cycle in nx.simple_cycles(graph))


def iter_static_conflicts(kb: Rulebooks, book_id: str) -> Iterator[StaticConflict]:
    by_event: dict[str, list[EffectiveRule]] = {}
    for entry in kb.effective(book_id):
        rule = entry.rule
        if "event" not in rule.when or rule.outcome in ("definition", "procedure"):
            continue
        for event in _values(rule.when["event"]):
            by_event.setdefault(str(event), []).append(entry)
    for event, entries in sorted(by_event.items()):
        for index, first in enumerate(entries):
            for second in entries[index + 1 :]:
                conflict = _pair_conflict(kb, book_id, event, first, second)
                if conflict:
                    yield conflict


def _candidates_for(expected: Condition, parameters: Mapping[str, Parameter]) -> list[Scalar]:
    if isinstance(expected, dict):
        bounds = resolve(expected, parameters)
        return list(bounds.candidates()) if bounds is not None else []
    return list(expected) if isinstance(expected, list) else [expected]


def _shared_facts(a: Rule, b: Rule, event: str) -> dict[str, Scalar]:
    """One value per condition of either rule that satisfies both: where they meet."""
    facts: dict[str, Scalar] = {"event": event}
    for name in (set(a.when) | set(b.when)) - {"event"}:
        options = [
            *_candidates_for(a.when.get(name, []), a.parameters),
            *_candidates_for(b.when.get(name, []), b.parameters),
        ]
        for value in options:
            if all(
                name not in rule.when or value_matches(rule.when[name], value, rule.parameters)
                for rule in (a, b)
            ):
                facts[name] = value
                break
    return facts


def _reading_at(entry: EffectiveRule, situation: Situation, kb: Rulebooks) -> Reading:
    """The rule's reading where the two meet: its case outcome when a case decides it."""
    reading = read_rule(entry, situation, kb.vocab)
    if reading is None or reading.outcome is None:
        return _as_reading(entry)
    return reading


def _pair_conflict(
    kb: Rulebooks, book_id: str, event: str, first: EffectiveRule, second: EffectiveRule
) -> StaticConflict | None:
    context = _meet(first.rule, second.rule, kb)
    if context is None:
        return None
    situation = Situation(
        house=book_id,
        game=context["game"],
        structure=context["structure"],
        format=context["format"],
        facts=_shared_facts(first.rule, second.rule, event),
    )
    a, b = _reading_at(first, situation, kb), _reading_at(second, situation, kb)
    if is_procedural(a) or is_procedural(b) or not disagree(a, b):
        return None
    graph = precedence_graph([a, b], situation, kb.library, kb.vocab)
    if nx.has_path(graph, a.rule.id, b.rule.id) or nx.has_path(graph, b.rule.id, a.rule.id):
        return None
    first_id, second_id = sorted((a.rule.id, b.rule.id))
    return StaticConflict(book_id, first_id, second_id, event)
