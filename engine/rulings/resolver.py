"""The ruling for a situation in one house: which rule governs, what it set aside and why,
what to ask when a missing fact decides it, and when two rules disagree with no precedence.

>>> from engine.rulings.rulebooks import Rulebooks
>>> from pathlib import Path
>>> kb = Rulebooks.load(Path("tests/fixtures/mini"))
>>> ruling = resolve(kb, make_situation(kb.vocab, "mini-house", facts={"event": "playing-out-of-rack"}))
>>> ruling.status, ruling.governing.rule.id
(<RulingStatus.RULED: 'ruled'>, 'mini-house/house-rules/1')
>>> ruling.overridden[0].reason
'mini-house overrides mini-base'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

import networkx as nx

from engine.books.effective import EffectiveRule
from engine.books.model import Rule, Scalar
from engine.books.thresholds import is_setting
from engine.books.vocabulary import FactType, Vocabulary
from engine.rulings.deciding import (
    UNSETTLED,
    Outcome,
    possible_outcomes,
    trial_values,
)
from engine.rulings.matching import FAILS, applicability, value_matches
from engine.rulings.precedence import MORE_SPECIFIC, book_distances, precedence_graph
from engine.rulings.reading import SELF_CONTAINED_OUTCOMES, Reading, read_rule, silent_on
from engine.rulings.rulebooks import Rulebooks
from engine.rulings.situation import CONTEXT, Situation
from engine.rulings.situation import make_situation as make_situation  # re-exported for callers

MAX_QUESTIONS = 3


class RulingStatus(StrEnum):
    """What the floor can announce. A StrEnum: each member equals, and prints and serialises
    as, the word of the interface contract ("ruled", "needs-facts", ...)."""

    RULED = "ruled"  # one rule governs; the floor rules by it
    NEEDS_FACTS = "needs-facts"  # the ruling turns on a fact nobody gave: ask the questions
    CONFLICT = "conflict"  # rules disagree and nothing ranks one over the other
    NO_RULE = "no-rule"  # no rule covers it; the nearest rules are there to read


@dataclass(frozen=True)
class Question:
    """What the floor asks the players when a fact nobody gave decides the ruling."""

    fact: str  # the fact asked about (or game, structure, format); the answer is given as fact=value
    ask: str  # the question as put at the table: "Who exposed the card?"
    choices: tuple[str, ...]  # the answers to pick from (yes/no, a fact's values, the games); none: a number
    type: FactType | None = None  # the kind of answer; None when asking which game, structure or format


@dataclass(frozen=True)
class SetAside:
    """A rule that would also apply but gives way to the governing rule, and why."""

    key: str  # the rule's subject, shared by every book that prints it
    book: str  # the book that prints it
    id: str  # the rule itself, as cited: book/section/number
    by: str  # the id of the governing rule it gives way to
    reason: str  # why it gives way: the house's own rule, a game's own rule, a more specific one
    outcome: str | None  # what it would have ruled; None while a fact nobody gave decides its case


@dataclass(frozen=True)
class Unless:
    """What would change the ruling on a fact nobody stated: an exception nobody raised (a rule
    that would prevail over the governing one), or a rule the words match less well. The
    ruling stands; this is listed beside it, with the questions that would decide it."""

    reading: Reading  # the rule, as it reads with the facts known
    questions: tuple[Question, ...]  # the facts it turns on, as the floor would ask them


@dataclass(frozen=True)
class Ruling:
    """The answer: status, the governing rule, support, what was set aside, questions, trace."""

    status: RulingStatus
    situation: Situation
    governing: Reading | None = None
    support: tuple[Reading, ...] = ()
    conflicting: tuple[Reading, ...] = ()
    overridden: tuple[SetAside, ...] = ()
    questions: tuple[Question, ...] = ()
    nearest: tuple[Reading, ...] = ()
    trace: tuple[str, ...] = field(default_factory=tuple)
    warnings: tuple[str, ...] = ()  # e.g. the house's book does not cover this game
    not_asked: tuple[Question, ...] = ()  # questions a rule raises whose every answer rules the same
    unless: tuple[Unless, ...] = ()  # exceptions nobody raised, each with the question that raises it
    silent: tuple[Rule, ...] = ()  # rules about it whose words do not decide this situation


PROCEDURAL_AREAS = ("dealing.",)
PROCEDURAL_OUTCOMES = ("procedure",)


DUTY_OUTCOMES = ("procedure", "required", "not-allowed")


def is_procedural(reading: Reading) -> bool:
    """How the dealer goes about things; it never sets aside a ruling on the dispute itself.

    A dealing rule that decides the hand (a discarded hand given back: `hand-live`) is a
    ruling like any other; one that tells the dealer what to do or not do is a procedure.
    """
    if reading.outcome in PROCEDURAL_OUTCOMES:
        return True
    return reading.rule.key.startswith(PROCEDURAL_AREAS) and reading.outcome in DUTY_OUTCOMES


def _substantive_first(readings: list[Reading]) -> list[Reading]:
    """The rulings on the dispute when there are any; otherwise the procedures."""
    substantive = [r for r in readings if not is_procedural(r)]
    return substantive or readings


def _candidates(
    kb: Rulebooks, situation: Situation, among: Sequence[EffectiveRule] | None = None
) -> list[Reading]:
    """The rules about the event that may govern. `among`: the rules that might still (a
    known fact never makes a rule that failed apply again)."""
    readings = []
    for entry in kb.with_event(situation.house, situation.event) if among is None else among:
        rule = entry.rule
        if rule.outcome == "definition":
            continue
        reading = read_rule(entry, situation, kb.vocab)
        if reading is not None:
            readings.append(reading)
    return readings


def _nearest(kb: Rulebooks, situation: Situation, limit: int = 3) -> tuple[Reading, ...]:
    """Rules about the same event that did not fit, the closest first: something to read."""
    known = situation.known()
    scored = []
    for entry in kb.effective(situation.house):
        when = entry.rule.when
        events = when.get("event")
        if events is None or not value_matches(events, known.get("event")):
            continue
        fits = sum(
            1
            for name, expected in when.items()
            if name in known and value_matches(expected, known[name], entry.rule.parameters)
        )
        scored.append((-fits, entry.rule.id, entry))
    return tuple(
        Reading(entry, FAILS, entry.rule.outcome, entry.rule.summary, entry.rule.discretion, frozenset())
        for _, _, entry in sorted(scored)[:limit]
    )


def scope_warnings(kb: Rulebooks, situation: Situation) -> tuple[str, ...]:
    """Say so when the house's book covers only some games, structures or formats."""
    book = kb.library.books[situation.house]
    warnings = []
    for dimension in CONTEXT:
        covered = book.applies.get(f"{dimension}s")
        given = getattr(situation, dimension)
        if covered and given and given not in covered:
            warnings.append(
                f"{book.id}'s rules are written for {dimension} "
                f"{', '.join(covered)}, not {given}: rulings come from what it inherits"
            )
    return tuple(warnings)


def _order(kb: Rulebooks, situation: Situation) -> Callable[[Reading], tuple[int, int]]:
    """Nearest book first, then the order the book prints its rules in."""
    distances = book_distances(kb.library, situation.house)
    position = kb.positions
    return lambda r: (distances.get(r.entry.origin, 99), position.get(r.rule.id, 0))


def _about(
    readings: list[Reading], keys: frozenset[str], graph: nx.DiGraph, situation: Situation, vocab: Vocabulary
) -> list[Reading]:
    """The readings of the rules with these keys, and those that prevail over one of them
    in the game, structure and format as known (not in one nobody named)."""
    focused = [r.rule.id for r in readings if r.rule.key in keys]
    return [
        r
        for r in readings
        if r.rule.key in keys
        or (
            applicability(r.rule, situation, vocab).holds is True
            and any(nx.has_path(graph, r.rule.id, rule_id) for rule_id in focused)
        )
    ]


def _unraised(readings: list[Reading], keys: frozenset[str], distances: dict[str, int]) -> list[Reading]:
    """Among the rules weighed only because they prevail over one with these keys, those that
    would prevail only on a fact nobody stated: exceptions nobody raised. A house's own rule
    over an edition it extends is the house's ruling, never an exception set aside."""
    nearest = min((distances.get(r.entry.origin, 99) for r in readings if r.rule.key in keys), default=99)
    return [
        r
        for r in readings
        if r.rule.key not in keys and not r.decided and distances.get(r.entry.origin, 99) >= nearest
    ]


def _beaten(graph: nx.DiGraph, winners: list[Reading], reading: Reading) -> bool:
    return any(nx.has_path(graph, w.rule.id, reading.rule.id) for w in winners if w is not reading)


def _applying(readings: list[Reading]) -> list[Reading]:
    """Rules that surely apply, only their case still open: a rule they prevail over cannot
    govern whatever the answers, so its questions are not asked (the house's level-change
    rule asks whether a hand was in play, not the edition's question it replaces)."""
    return [r for r in readings if r.applies.holds is True]


def disagree(a: Reading, b: Reading) -> bool:
    """Two rulings disagree when their outcomes differ or a setting they share differs (a
    book's example or a formula's result is not a house's setting)."""
    if a.outcome != b.outcome:
        return True
    pa, pb = a.rule.parameters, b.rule.parameters
    shared = [name for name in set(pa) & set(pb) if is_setting(pa[name]) and is_setting(pb[name])]
    return any(pa[name].get("value") != pb[name].get("value") for name in shared)


def _rival(a: Reading, b: Reading) -> bool:
    """Two rules written for the same situation (the same facts tested) that rule otherwise:
    a conflict even when the words named only one of them."""
    return len(a.rule.when) > 1 and set(a.rule.when) == set(b.rule.when) and disagree(a, b)


def _unnamed_rivals(
    graph: nx.DiGraph, everyone: list[Reading], named: list[Reading], top: list[Reading]
) -> list[Reading]:
    """Rules the words did not name that test the same facts as the governing ones, rule
    otherwise and have no precedence either way with them: the ruling is a conflict. Looked
    for only where such a rule applies (rare: the search over the graph is not on every ruling)."""
    rivals = [r for r in everyone if r.decided and r not in named and any(_rival(r, t) for t in top)]
    if not rivals:
        return []
    unbeaten = _top(graph, [r for r in _substantive_first(everyone) if r.decided])
    return [r for r in rivals if r in unbeaten] if all(t in unbeaten for t in top) else []


def _top(graph: nx.DiGraph, readings: list[Reading]) -> list[Reading]:
    """Decided readings that no other decided reading prevails over."""
    ids = {r.rule.id for r in readings}
    return [r for r in readings if not any(p in ids for p in nx.ancestors(graph, r.rule.id))]


def _questions(kb: Rulebooks, contending: list[Reading]) -> tuple[Question, ...]:
    """The facts that settle the most contending rules first; which game, structure or format
    it is comes before anything else, since the floor knows it at a glance."""
    counts: dict[str, int] = {}
    for reading in contending:
        for name in reading.missing:
            counts[name] = counts.get(name, 0) + 1
    ranked = sorted(counts, key=lambda name: (name not in CONTEXT, -counts[name], name))[:MAX_QUESTIONS]
    return tuple(_question(kb, name) for name in ranked)


def _question(kb: Rulebooks, name: str) -> Question:
    context = {"game": kb.vocab.games, "structure": kb.vocab.structures, "format": kb.vocab.formats}
    if name in context:
        return Question(name, f"Which {name} is it?", tuple(context[name]))
    fact = kb.vocab.facts[name]
    choices: tuple[str, ...] = ()
    if fact.type == FactType.BOOL:
        choices = ("yes", "no")
    elif fact.type == FactType.ENUM:
        choices = tuple(fact.values)
    return Question(name, fact.ask, choices, fact.type)


def _overridden(graph: nx.DiGraph, governing: Reading, readings: list[Reading]) -> tuple[SetAside, ...]:
    lost = [
        SetAside(
            key=rule.key,
            book=rule.book,
            id=rule.id,
            by=governing.rule.id,
            reason=f"{governing.entry.origin} overrides {rule.book}",
            outcome=rule.outcome,
        )
        for rule in governing.entry.replaces
    ]
    for reading in readings:
        if reading is governing or not nx.has_path(graph, governing.rule.id, reading.rule.id):
            continue
        path = nx.shortest_path(graph, governing.rule.id, reading.rule.id)
        reason = graph.edges[path[-2], path[-1]]["reason"]
        lost.append(
            SetAside(
                key=reading.rule.key,
                book=reading.rule.book,
                id=reading.rule.id,
                by=governing.rule.id,
                reason=reason,
                outcome=reading.outcome,
            )
        )
    return tuple(sorted(lost, key=lambda item: item.id))


def _trace(situation: Situation, readings: list[Reading], graph: nx.DiGraph) -> tuple[str, ...]:
    lines = [
        f"fact {name} = {value} ({situation.sources.get(name, 'given')})"
        for name, value in sorted(situation.facts.items())
    ]
    for name in CONTEXT:
        if getattr(situation, name):
            lines.append(f"{name} = {getattr(situation, name)} ({situation.sources.get(name, 'given')})")
    for reading in readings:
        state = "applies" if reading.decided else f"depends on {', '.join(sorted(reading.missing))}"
        lines.append(
            f"rule {reading.rule.id} [{reading.rule.key}]: {state}"
            + (f" -> {reading.outcome}" if reading.outcome else "")
        )
    for winner, loser, data in sorted(graph.edges(data=True)):
        lines.append(f"{winner} prevails over {loser}: {data['reason']}")
    for winner, loser, reason in graph.graph["contradictions"]:
        lines.append(f"ignored contradicting precedence {winner} over {loser}: {reason}")
    return tuple(lines)


def _rules_alike_whatever_answered(
    kb: Rulebooks,
    situation: Situation,
    keys: frozenset[str] | None,
    readings: list[Reading],
    top: list[Reading],
    questions: tuple[Question, ...],
    candidates: Sequence[EffectiveRule],
    settled_by_keys: bool,
) -> bool:
    """Whether every answer to the questions still rules what the rules that apply rule now.
    Tried only when each rule still pending could rule that outcome at all: one that can
    only rule otherwise decides the dispute whenever it applies."""
    if any(disagree(a, b) for a in top for b in top):
        return False
    pending = [r for r in readings if not r.decided and r not in top]
    if any(top[0].outcome not in _could_rule(r) for r in pending):
        return False

    def rule_on(trial: Situation) -> tuple[Outcome, str | None]:
        ruling = _resolve(kb, trial, keys, settle=False, among=candidates, settled_by_keys=settled_by_keys)
        if ruling.status == RulingStatus.RULED and ruling.governing is not None:
            return _announced(ruling.governing), None
        if ruling.status == RulingStatus.NEEDS_FACTS and ruling.questions:
            return Outcome(UNSETTLED, None), ruling.questions[0].fact
        return Outcome(ruling.status, None), None

    def answers(name: str, trial: Situation) -> list[Scalar]:
        return trial_values(name, readings, trial, kb.vocab)

    outcomes = possible_outcomes(situation, questions[0].fact, rule_on, answers)
    return outcomes == {_announced(top[0])}


def _could_rule(reading: Reading) -> set[str]:
    """The outcomes a reading may give: its cases' and its own."""
    return {reading.rule.outcome, *(case["outcome"] for case in reading.rule.cases)}


def _announced(reading: Reading) -> Outcome:
    """What the floor announces: the outcome, and which case, where the rule tells cases
    with the same outcome apart (who posts, which seat); rules agreeing on an outcome agree.
    A rule whose cases all fail rules its general outcome, which no case vouches for: that
    is told apart too, so an answer its cases do not cover is never taken as settled."""
    rule = reading.rule
    alike = [case for case in rule.cases if case["outcome"] == reading.outcome]
    uncovered = bool(rule.cases) and not any(case["summary"] == reading.summary for case in rule.cases)
    told_apart = len(alike) > 1 and reading.outcome not in SELF_CONTAINED_OUTCOMES
    detail = f"{rule.id}: no case" if uncovered else reading.summary if told_apart else None
    return Outcome(RulingStatus.RULED, reading.outcome, detail)


def resolve(
    kb: Rulebooks,
    situation: Situation,
    keys: frozenset[str] | None = None,
    settled_by_keys: bool = False,
    ranking: Sequence[str] = (),
) -> Ruling:
    """Rule on the situation in its house. Deterministic: same request, same answer.
    `keys`: the rules a description is about; others are weighed only where they prevail
    over one of these (a house's or a game's own rule over the general one). With
    `settled_by_keys`, one of those that would prevail only on a fact nobody stated is an
    exception nobody raised: it is set aside, and listed in `unless` with its question."""
    kb.check_book(situation.house)
    ruling = _resolve(kb, situation, keys, settled_by_keys=settled_by_keys, ranking=ranking)
    silent = tuple(
        entry.rule
        for entry in kb.with_event(situation.house, situation.event)
        if entry.rule.silent_when and silent_on(entry.rule, situation.known())
    )
    trace = ruling.trace + tuple(
        f"rule {rule.id} [{rule.key}]: its words do not decide this situation, set aside" for rule in silent
    )
    return replace(ruling, warnings=scope_warnings(kb, situation), silent=silent, trace=trace)


def _the_rule_meant(
    graph: nx.DiGraph, governing: Reading, readings: list[Reading], ranking: Sequence[str]
) -> Reading:
    """Where a rule the words match better rules the same as the governing rule and gives way
    to it only as the less specific of the two, it is the one cited: the ruling is the same,
    and the person sees the rule they described (the other shown as also applying)."""
    rank = {key: place for place, key in enumerate(ranking)}

    def place(reading: Reading) -> int:
        return rank.get(reading.rule.key, len(rank))

    def only_less_specific(reading: Reading) -> bool:
        if not nx.has_path(graph, governing.rule.id, reading.rule.id):
            return not nx.has_path(graph, reading.rule.id, governing.rule.id)
        path = nx.shortest_path(graph, governing.rule.id, reading.rule.id)
        return all(graph.edges[a, b]["reason"] == MORE_SPECIFIC for a, b in zip(path, path[1:], strict=False))

    meant = [
        r
        for r in readings
        if r.decided
        and place(r) < place(governing)
        and governing.rule.key not in r.rule.restates
        and not _leads_into(r.rule, governing.rule)
        and not disagree(r, governing)
        and only_less_specific(r)
    ]
    return min(meant, key=place, default=governing)


def _leads_into(lead: Rule, item: Rule) -> bool:
    """The rule is the lead-in of a list the other is an item of ("a violator will face the
    following three steps:" and "(b) 10-minute suspension"): the item is the ruling."""
    return item.parent is not None and lead.id == f"{item.id.rsplit('/', 1)[0]}/{item.parent}"


def _restated_first(top: list[Reading], readings: list[Reading]) -> Reading:
    """Of the rules that govern alike, the one cited: a rule the first one only says again
    (a help page restating the rule itself, or a paragraph repeating the end of the one
    before it with a condition more) is cited in its stead when it rules the same."""
    restated = [
        r for r in readings if r.decided and r.rule.key in top[0].rule.restates and not disagree(r, top[0])
    ]
    return restated[0] if restated else top[0]


def _resolve(
    kb: Rulebooks,
    situation: Situation,
    keys: frozenset[str] | None,
    settle: bool = True,
    among: Sequence[EffectiveRule] | None = None,
    settled_by_keys: bool = False,
    ranking: Sequence[str] = (),
) -> Ruling:
    readings = sorted(_candidates(kb, situation, among), key=_order(kb, situation))
    candidates = [reading.entry for reading in readings]
    unraised: list[Reading] = []
    everyone, whole_graph = readings, None  # every rule about the event, before the words narrow it
    if keys is not None:
        graph = whole_graph = precedence_graph(readings, situation, kb.library, kb.vocab)
        readings = _about(readings, keys, graph, situation, kb.vocab)
        if settled_by_keys:
            unraised = _unraised(readings, keys, book_distances(kb.library, situation.house))
            readings = [r for r in readings if r not in unraised]
    readings = _substantive_first(readings)
    graph = precedence_graph(readings, situation, kb.library, kb.vocab)
    trace = _trace(situation, readings, graph)
    trace += tuple(
        f"exception nobody raised, set aside: {r.rule.id} (on {', '.join(sorted(r.missing))})"
        for r in unraised
    )
    if "event" not in situation.facts:
        return Ruling(RulingStatus.NEEDS_FACTS, situation, questions=(_question(kb, "event"),), trace=trace)
    decided = [r for r in readings if r.decided]
    top = _top(graph, decided)
    pending = [r for r in readings if not r.decided and not _beaten(graph, top, r)]
    applying = _applying(pending)
    pending = [r for r in pending if not _beaten(graph, applying, r)]
    undecided = [r for r in pending if r.outcome is None or any(disagree(r, t) for t in top)]
    not_asked: tuple[Question, ...] = ()
    if pending and (not top or undecided):
        questions = _questions(kb, undecided or pending)
        if not (
            settle
            and top
            and _rules_alike_whatever_answered(
                kb, situation, keys, readings, top, questions, candidates, settled_by_keys
            )
        ):
            return Ruling(
                RulingStatus.NEEDS_FACTS, situation, support=tuple(top), questions=questions, trace=trace
            )
        not_asked = questions
        trace += (f"not asked: {', '.join(q.fact for q in questions)}: every answer rules {top[0].outcome}",)
    if not top:
        return Ruling(RulingStatus.NO_RULE, situation, nearest=_nearest(kb, situation), trace=trace)
    if any(disagree(a, b) for a in top for b in top):
        return Ruling(RulingStatus.CONFLICT, situation, conflicting=tuple(top), trace=trace)
    rivals = _unnamed_rivals(whole_graph, everyone, readings, top) if whole_graph is not None else []
    if rivals:
        trace += tuple(f"rules otherwise, with no precedence either way: {r.rule.id}" for r in rivals)
        both = tuple(sorted((*top, *rivals), key=_order(kb, situation)))
        return Ruling(RulingStatus.CONFLICT, situation, conflicting=both, trace=trace)
    first = _restated_first(top, readings)
    governing = _the_rule_meant(graph, first, readings, ranking) if ranking else first
    asked = {q.fact for q in not_asked}
    not_asked += tuple(_question(kb, name) for name in sorted(governing.alike_whatever - asked))
    return Ruling(
        RulingStatus.RULED,
        situation,
        governing=governing,
        support=tuple(r for r in top if r is not governing),
        overridden=_overridden(graph, governing, readings),
        trace=trace,
        not_asked=not_asked,
        unless=tuple(_unless(kb, r) for r in unraised if r.outcome is None or disagree(r, governing)),
    )


def rivals_unless(
    kb: Rulebooks, situation: Situation, keys: frozenset[str], governing: Reading
) -> tuple[Unless, ...]:
    """The rules the words match less well than the governing one that, on a fact nobody
    stated, would rule otherwise: each with the questions that would decide it."""
    return tuple(
        _unless(kb, r)
        for r in _candidates(kb, situation)
        if r.rule.key in keys
        and r.rule.key != governing.rule.key
        and not r.decided
        and (r.outcome is None or disagree(r, governing))
    )


def _unless(kb: Rulebooks, reading: Reading) -> Unless:
    return Unless(reading, tuple(_question(kb, name) for name in sorted(reading.missing)))
