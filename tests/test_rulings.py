"""Data-driven rulings: each case in tests/rulings/*.yaml is a situation and, per house, the
ruling expected; `then` answers the questions and checks the follow-up ruling."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

try:
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader  # type: ignore[assignment]

from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.resolver import Ruling, resolve
from engine.rulings.situation import make_situation

# Read when the tests are collected, with libyaml's parser when PyYAML has it: the same data
# as yaml.safe_load, eight times faster, so collecting stays quick.
CASES = [
    (path.stem, case)
    for path in sorted((Path(__file__).parent / "rulings").glob("*.yaml"))
    for case in yaml.load(path.read_text(encoding="utf-8"), Loader=SafeLoader)
]


def rule_in(kb: KnowledgeBase, house: str, situation: dict, facts: dict) -> Ruling:
    return resolve(
        kb,
        make_situation(
            kb.vocab,
            house,
            game=situation.get("game"),
            structure=situation.get("structure"),
            format=situation.get("format"),
            facts=facts,
        ),
    )


def check(ruling: Ruling, expected: dict) -> None:
    where = f"{ruling.situation.house}: trace:\n  " + "\n  ".join(ruling.trace)
    assert ruling.status == expected["status"], where
    if "ask" in expected:
        assert [q.fact for q in ruling.questions][: len(expected["ask"])] == expected["ask"], where
    if "conflict" in expected:
        assert sorted(r.rule.id for r in ruling.conflicting) == sorted(expected["conflict"]), where
    if "set_aside" in expected:
        assert set(expected["set_aside"]) <= {item.id for item in ruling.overridden}, where
    governing = ruling.governing
    for field in ("key", "book", "outcome"):
        if field in expected:
            actual = {"key": governing.rule.key, "book": governing.rule.book, "outcome": governing.outcome}[
                field
            ]
            assert actual == expected[field], where
    for name, value in (expected.get("parameters") or {}).items():
        assert governing.rule.parameters[name]["value"] == value, where


@pytest.mark.parametrize(("area", "case"), CASES, ids=[f"{a}: {c['name']}" for a, c in CASES])
def test_ruling(kb: KnowledgeBase, area: str, case: dict) -> None:
    if case.get("known_gap"):
        pytest.xfail(f"known gap: {case['known_gap']}")
    situation = case["situation"]
    for house, expected in case["expect"].items():
        check(rule_in(kb, house, situation, dict(situation.get("facts") or {})), expected)
    follow_up = case.get("then")
    if follow_up:
        facts = {**(situation.get("facts") or {}), **follow_up["facts"]}
        for house, expected in follow_up["expect"].items():
            check(rule_in(kb, house, situation, facts), expected)


def rulable_sections(kb: KnowledgeBase) -> set[tuple[str, str]]:
    """Sections holding at least one rule that can decide a dispute."""
    return {
        (rule.book, rule.section)
        for rule in kb.library.rules
        if "event" in rule.when and rule.outcome not in ("definition", "procedure")
    }


def covered_sections(kb: KnowledgeBase) -> set[tuple[str, str]]:
    by_id = {rule.id: rule for rule in kb.library.rules}
    covered = set()
    for _, case in CASES:
        if case.get("known_gap"):
            continue
        situation = case["situation"]
        steps = [(situation.get("facts") or {}, case["expect"])]
        if "then" in case:
            answered = {**(situation.get("facts") or {}), **case["then"]["facts"]}
            steps.append((answered, case["then"]["expect"]))
        for facts, expectations in steps:
            for house in expectations:
                ruling = rule_in(kb, house, situation, dict(facts))
                for reading in [ruling.governing, *ruling.conflicting, *ruling.support]:
                    if reading is not None:
                        covered.add((reading.rule.book, reading.rule.section))
                for item in ruling.overridden:  # a rule set aside was weighed by the case too
                    rule = by_id[item.id]
                    covered.add((rule.book, rule.section))
    return covered


def test_cases_cover_every_section_of_every_book(
    kb: KnowledgeBase, bundled_manifests: dict[str, dict]
) -> None:
    """Every section of the project's books (a house's own are its to test)."""
    rulable = {(book, section) for book, section in rulable_sections(kb) if book in bundled_manifests}
    missing = sorted(rulable - covered_sections(kb))
    assert not missing, f"{len(missing)} sections without a ruling case:\n" + "\n".join(
        f"{book}: {section}" for book, section in missing
    )


def test_enough_cases_of_each_kind() -> None:
    cases = [case for _, case in CASES if not case.get("known_gap")]
    differing = [
        case
        for case in cases
        if len(
            {(e.get("status"), e.get("outcome"), str(e.get("parameters"))) for e in case["expect"].values()}
        )
        > 1
    ]
    follow_ups = [
        case
        for case in cases
        if "then" in case and any(e["status"] == "needs-facts" for e in case["expect"].values())
    ]
    assert len(cases) >= 150, len(cases)
    assert len(differing) >= 30, len(differing)
    assert len(follow_ups) >= 10, len(follow_ups)
