"""The precedence graph: an edge A -> B means rule A prevails over rule B.

Edges are added strongest first — what the text itself says (explicit overrides), then
book precedence (a house over what it extends), then specificity (format, structure,
game, the more detailed situation). An edge that would close a cycle is not added; it is
recorded as a contradiction, because a precedence graph must stay acyclic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import networkx as nx

from engine.books.loader import Library
from engine.books.vocabulary import Vocabulary
from engine.rulings.matching import game_distance
from engine.rulings.reading import Reading
from engine.rulings.situation import Situation

COMMENTARY = ("explanation.",)
MORE_SPECIFIC = "more specific situation"
DEFERS_TO_GAME = "defers-to-game"  # a flag: the text hands the matter to the game's own rules


def book_distances(library: Library, house: str) -> dict[str, int]:
    """0 for the house, 1 for what it extends, and so on (nearest wins)."""
    distances = {house: 0}
    frontier = [house]
    while frontier:
        book_id = frontier.pop(0)
        book = library.books.get(book_id)
        for parent in book.extends if book else ():
            if parent not in distances:
                distances[parent] = distances[book_id] + 1
                frontier.append(parent)
    return distances


def _explicit(a: Reading, b: Reading) -> str | None:
    for override in a.rule.overrides:
        if override.get("key") == b.rule.key and override.get("book", b.rule.book) == b.rule.book:
            return f"stated in the text: {override.get('reason', 'overrides')}"
    return None


def _deferred(a: Reading, b: Reading, situation: Situation, vocab: Vocabulary) -> str | None:
    """A rule whose text hands the matter to "the rules for the particular game being played"
    gives way to that game's own rule, whichever book prints either."""
    if DEFERS_TO_GAME in b.rule.flags and DEFERS_TO_GAME not in a.rule.flags:
        distance = game_distance(a.rule, situation, vocab)
        if distance is not None and distance < 99:
            return "the rule hands the matter to the game's own rules"
    return None


def _book(a: Reading, b: Reading, distances: dict[str, int]) -> str | None:
    """A house over what it extends: its own rules govern, even a general rule of its own
    over an inherited game rule (Catfish Bend's "permitted in all games" means all games)."""
    da, db = distances.get(a.entry.origin, 99), distances.get(b.entry.origin, 99)
    if da < db:
        return f"{a.entry.origin} overrides {b.entry.origin}"
    return None


def _commentary(a: Reading, b: Reading) -> str | None:
    """A rule prevails over the Explanations' discussion of it, in the same book."""
    if b.rule.key.startswith(COMMENTARY) and not a.rule.key.startswith(COMMENTARY):
        if a.entry.origin == b.entry.origin:
            return "a rule over the Explanations' commentary on it"
    return None


def _format(a: Reading, b: Reading, situation: Situation) -> str | None:
    if situation.format and a.rule.applies.get("formats") and not b.rule.applies.get("formats"):
        kind = "tournament" if situation.format == "tournament" else "live-game"
        return f"{kind} rule over general rule"
    return None


def _structure(a: Reading, b: Reading, situation: Situation) -> str | None:
    if situation.structure and a.rule.applies.get("structures") and not b.rule.applies.get("structures"):
        return f"{'/'.join(a.rule.applies['structures'])} rule over general betting rule"
    return None


def _game(a: Reading, b: Reading, situation: Situation, vocab: Vocabulary) -> str | None:
    da = game_distance(a.rule, situation, vocab)
    db = game_distance(b.rule, situation, vocab)
    if da is not None and db is not None and da < db:
        if db == 99:
            return "game's own rule over general rule"
        if int(da) == int(db):
            narrower = "rule for" if da == int(da) else "rule for a smaller group including"
            return f"{narrower} {situation.game} over rule for a wider group of games"
        return f"{situation.game} rule over rule of the family it belongs to"
    return None


def _detail(a: Reading, b: Reading) -> str | None:
    wa, wb = a.rule.when, b.rule.when
    if len(wa) > len(wb) and all(name in wa and wa[name] == value for name, value in wb.items()):
        return MORE_SPECIFIC
    return None


def _candidate_edges(
    readings: list[Reading], situation: Situation, library: Library, vocab: Vocabulary
) -> Iterator[tuple[int, Reading, Reading, str]]:
    distances = book_distances(library, situation.house)
    tests: tuple[Callable[[Reading, Reading], str | None], ...] = (
        lambda a, b: _explicit(a, b),
        lambda a, b: _deferred(a, b, situation, vocab),
        lambda a, b: _book(a, b, distances),
        lambda a, b: _commentary(a, b),
        lambda a, b: _format(a, b, situation),
        lambda a, b: _structure(a, b, situation),
        lambda a, b: _game(a, b, situation, vocab),
        lambda a, b: _detail(a, b),
    )
    for priority, test in enumerate(tests):
        for a in readings:
            for b in readings:
                if a is not b:
                    reason = test(a, b)
                    if reason:
                        yield priority, a, b, reason


def precedence_graph(
    readings: list[Reading], situation: Situation, library: Library, vocab: Vocabulary
) -> nx.DiGraph:
    """The graph over the readings' rule ids; `graph.graph['contradictions']` lists skipped edges."""
    graph = nx.DiGraph(contradictions=[])
    for reading in readings:
        graph.add_node(reading.rule.id, reading=reading)
    for priority, a, b, reason in _candidate_edges(readings, situation, library, vocab):
        winner, loser = a.rule.id, b.rule.id
        if graph.has_edge(winner, loser):
            continue
        if nx.has_path(graph, loser, winner):
            graph.graph["contradictions"].append((winner, loser, reason))
            continue
        graph.add_edge(winner, loser, reason=reason, priority=priority)
    return graph
