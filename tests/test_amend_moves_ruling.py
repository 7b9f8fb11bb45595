"""A house that amends a number a ruling reads changes the ruling, not only the number shown.

For every parameter that a condition of a bundled record reads (found in the data, not
listed here), a throw-away house extends the record's book and amends that parameter; a
situation just inside the old threshold must then be ruled differently in the house than in
the book. The thresholds used to be literal copies of the parameters (`{min: 21}` beside
`absence_minutes: 20`), and an amendment moved nothing.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from engine.books.loader import load_library
from engine.books.model import Parameter, ParameterValue, Rule
from engine.books.paths import rules_dir
from engine.books.thresholds import referenced, resolve
from engine.books.vocabulary import FactType, Vocabulary, load_vocabulary
from engine.rulings.matching import value_matches
from engine.rulings.resolver import Ruling
from engine.rulings.resolver import resolve as rule_on
from engine.rulings.rulebooks import Rulebooks
from engine.rulings.situation import Situation


@dataclass(frozen=True)
class Amendment:
    """A parameter a condition reads, in one book: a house amends it in every record of the
    book that holds it (one setting, however many rules print it), to a new value."""

    book: str
    name: str
    readers: tuple[Rule, ...]  # the book's records whose conditions read it
    keys: tuple[tuple[str, str, ParameterValue], ...]  # (key, unit, value) of each record holding it

    @property
    def house(self) -> str:
        return f"amend-{self.book}-{self.name}".replace("_", "-")


def moved(value: ParameterValue) -> ParameterValue:
    """A different value: a list gains one past its largest, a number doubles (or becomes 1)."""
    if isinstance(value, list):
        return [*value, max(value) + 1]  # type: ignore[type-var, operator]
    assert isinstance(value, (int, float))
    return value * 2 if value else 1


def read_parameters(rule: Rule) -> list[str]:
    conditions = [rule.when, *(case.get("when") or {} for case in rule.cases)]
    return sorted(
        {name for when in conditions for condition in when.values() for name in referenced(condition)}
    )


def _amendments() -> list[Amendment]:
    library = load_library()
    found: dict[tuple[str, str], list[Rule]] = {}
    for rule in library.rules:
        for name in read_parameters(rule):
            found.setdefault((rule.book, name), []).append(rule)
    return [
        Amendment(
            book,
            name,
            tuple(readers),
            tuple(
                (rule.key, rule.parameters[name]["unit"], rule.parameters[name]["value"])
                for rule in library.rules_of(book)
                if name in rule.parameters
            ),
        )
        for (book, name), readers in sorted(found.items())
    ]


AMENDMENTS = _amendments()


@pytest.fixture(scope="module")
def amended_kb(tmp_path_factory: pytest.TempPathFactory) -> Rulebooks:
    """The bundled books and one throw-away house per amendment, loaded together."""
    root = tmp_path_factory.mktemp("rules")
    for source in rules_dir().iterdir():
        (root / source.name).symlink_to(source)
    for amendment in AMENDMENTS:
        folder = root / amendment.house
        folder.mkdir()
        changes = "".join(
            f"  - key: {key}\n    by: {amendment.house}/x/1\n"
            f"    parameters: {{{amendment.name}: {{value: {moved(value)}, unit: {unit}}}}}\n"
            for key, unit, value in amendment.keys
        )
        (folder / "book.yaml").write_text(
            f"id: {amendment.house}\ntitle: Throw-away\npublisher: tests\nversion: '1'\ndate: '2026'\n"
            f"source: x.txt\nkind: house\nextends: [{amendment.book}]\namend:\n{changes}",
            encoding="utf-8",
        )
    return Rulebooks(load_library(root), load_vocabulary())


def _bounds_reading(rule: Rule, name: str) -> Iterator[tuple[int | None, str, object]]:
    """(case index or None for `when`, fact, condition) for each condition reading `name`."""
    for fact, condition in rule.when.items():
        if name in referenced(condition):
            yield None, fact, condition
    for index, case in enumerate(rule.cases):
        for fact, condition in (case.get("when") or {}).items():
            if name in referenced(condition):
                yield index, fact, condition


def _flipping_value(
    condition: object, old: dict[str, Parameter], new: dict[str, Parameter], whole: bool
) -> float | None:
    """A value the condition admits under one set of parameters and not the other, the one
    nearest the old threshold first: "just inside" it."""
    before, after = resolve(condition, old), resolve(condition, new)  # type: ignore[arg-type]
    assert before is not None and after is not None
    points = {*before.candidates(), *after.candidates()}
    for bounds in (before, after):
        for end in (bounds.low, bounds.high, *(bounds.among or ())):
            if math.isfinite(end):
                points |= {end, end + 1, end - 1, end + 0.01, end - 0.01}
    flips = [
        p for p in points if p >= 0 and before.contains(p) != after.contains(p) and (p == int(p) or not whole)
    ]
    ends = [e for e in (before.low, before.high) if math.isfinite(e)] or [0.0]
    return min(flips, key=lambda p: (min(abs(p - e) for e in ends), p)) if flips else None


def _domain(
    fact: str, condition: object, vocab: Vocabulary, parameters: dict[str, Parameter]
) -> list[object]:
    """Values worth trying for a fact: its choices, or numbers around the condition's bounds."""
    spec = vocab.facts[fact]
    if spec.type == FactType.BOOL:
        return [True, False]
    if spec.type == FactType.ENUM:
        return list(spec.values)
    bounds = resolve(condition, parameters) if isinstance(condition, dict) else None  # type: ignore[arg-type]
    near = [0, 1, 2, 3, 5, 10, 100]
    if bounds is not None:
        near += [
            v for end in (bounds.low, bounds.high) if math.isfinite(end) for v in (end - 1, end, end + 1)
        ]
    values = condition if isinstance(condition, list) else [condition]
    return [*near, *(v for v in values if isinstance(v, (int, float)))]


def _value_meeting(condition: object, parameters: dict[str, Parameter]) -> object:
    if isinstance(condition, list):
        return condition[0]
    if isinstance(condition, dict):
        bounds = resolve(condition, parameters)  # type: ignore[arg-type]
        return bounds.candidates()[0] if bounds and bounds.candidates() else None
    return condition


def _holds(
    when: dict[str, object], facts: dict[str, object], parameters: dict[str, Parameter]
) -> bool | None:
    if any(name in facts and not value_matches(c, facts[name], parameters) for name, c in when.items()):
        return False
    return True if all(name in facts for name in when) else None


def situation_at(
    rule: Rule, case: int | None, fact: str, value: float, vocab: Vocabulary
) -> dict[str, object] | None:
    """Facts that reach the condition: the rule's `when` met, every earlier case failing,
    the case's other conditions met, the fact at the value; None when no choice of the
    earlier cases' facts lets the case be reached (an earlier case always decides first)."""
    facts: dict[str, object] = {name: _value_meeting(c, rule.parameters) for name, c in rule.when.items()}
    target = dict((rule.cases[case].get("when") or {}) if case is not None else {})
    for name, condition in target.items():
        if name not in facts or not value_matches(condition, facts[name], rule.parameters):
            facts[name] = _value_meeting(condition, rule.parameters)
    facts[fact] = value
    earlier = [dict(c.get("when") or {}) for c in rule.cases[: case or 0]]
    free = sorted({name for when in earlier for name in when} - set(facts))
    domains = [
        _domain(name, next(w[name] for w in earlier if name in w), vocab, rule.parameters) for name in free
    ]
    for choice in itertools.islice(itertools.product(*domains), 20000):
        trial = {**facts, **dict(zip(free, choice, strict=True))}
        if all(_holds(when, trial, rule.parameters) is False for when in earlier):
            return {name: v for name, v in trial.items() if v is not None}
    return None


def _context(kb: Rulebooks, rule: Rule) -> Iterator[dict[str, str | None]]:
    """The games (each, for a rule of a group of games), structure and format it is for."""
    games = sorted(kb.vocab.expand_games(rule.applies["games"])) if rule.applies.get("games") else [None]
    structure = (rule.applies.get("structures") or [None])[0]
    format_ = (rule.applies.get("formats") or [None])[0]
    for game in games:
        yield {"game": game, "structure": structure, "format": format_}


def _rulings(
    kb: Rulebooks,
    houses: tuple[str, str],
    rule: Rule,
    facts: dict[str, object],
    context: dict[str, str | None],
) -> Iterator[tuple[tuple[object, ...], tuple[object, ...]]]:
    """The ruling on the rule's subject in the book and in the house, for the situation and
    for each way of answering what another rule asks (the same answers on both sides)."""
    event = facts.get("event")
    facts = {**facts, "event": event[0] if isinstance(event, list) else event}
    pending = [facts]
    for _ in range(64):
        if not pending:
            return
        trial = pending.pop(0)
        rulings = [
            rule_on(kb, Situation(house=house, facts=trial, **context), keys=frozenset({rule.key}))  # type: ignore[arg-type]
            for house in houses
        ]
        yield _gist(rulings[0]), _gist(rulings[1])
        asked = [
            q.fact for r in rulings for q in r.questions if q.fact not in trial and q.fact in kb.vocab.facts
        ]
        if asked:
            pending += [{**trial, asked[0]: answer} for answer in _answers(asked[0], kb.vocab)]


def _answers(fact: str, vocab: Vocabulary) -> list[object]:
    spec = vocab.facts[fact]
    if spec.type == FactType.BOOL:
        return [True, False]
    if spec.type == FactType.ENUM:
        return list(spec.values)
    return [0, 1, 2]


def _gist(ruling: Ruling) -> tuple[object, ...]:
    """What the floor announces: the status, the governing rule, its outcome and which of its
    cases rules (by place: a house's summary says its own number, so the words differ anyway)."""
    governing = ruling.governing
    case = None
    if governing:
        summaries = [c["summary"] for c in governing.rule.cases]
        case = summaries.index(governing.summary) if governing.summary in summaries else None
    return (
        ruling.status,
        governing.rule.id if governing else None,
        governing.outcome if governing else None,
        case,
        tuple(q.fact for q in ruling.questions),
    )


def test_every_parameter_a_condition_reads_is_found() -> None:
    """The enumeration is not empty and covers the thresholds the issue names."""
    names = {(a.book, a.name) for a in AMENDMENTS}
    assert ("homepokertourney", "absence_minutes") in names
    assert ("catfish-bend", "jackpot_drop_pot_minimum") in names
    assert ("catfish-bend", "jackpot_pot_minimum") in names
    assert ("roberts-home", "reopen_fraction") in names
    assert len(names) >= 80


@pytest.mark.parametrize("amendment", AMENDMENTS, ids=[f"{a.book}:{a.name}" for a in AMENDMENTS])
def test_amending_a_parameter_moves_the_ruling(amendment: Amendment, amended_kb: Rulebooks) -> None:
    """Every rule of the book that reads the parameter rules differently in the house for a
    situation just inside its old threshold. A rule whose every condition reading it is
    shadowed (an earlier case always decides first) is never moved by it: that fails too."""
    never_read = []
    for rule in amendment.readers:
        house_rule = amended_kb.rules_by_key(amendment.house)[rule.key]
        assert house_rule.parameters[amendment.name]["value"] == moved(
            rule.parameters[amendment.name]["value"]
        )
        tried, shadowed = [], []
        for case, fact, condition in _bounds_reading(rule, amendment.name):
            whole = amended_kb.vocab.facts[fact].type == FactType.INT
            value = _flipping_value(condition, rule.parameters, house_rule.parameters, whole)
            assert value is not None, f"no value of {fact} tells {amendment.name} apart from its amendment"
            facts = situation_at(rule, case, fact, value, amended_kb.vocab)
            if facts is None:
                shadowed.append(f"{rule.id} case {case}: {fact}")
                continue
            for context in _context(amended_kb, rule):
                for before, after in _rulings(amended_kb, (rule.book, amendment.house), rule, facts, context):
                    tried.append((fact, value, context["game"], before, after))
        if tried:
            assert any(before != after for *_, before, after in tried), (rule.id, tried)
        else:
            never_read += shadowed
    assert not never_read, f"never read: an earlier case always decides first ({'; '.join(never_read)})"
