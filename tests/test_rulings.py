"""Data-driven rulings: each case in tests/rulings/*.yaml is a situation and, per house, the
ruling expected; `then` answers the questions and checks the follow-up ruling."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.knowledge import KnowledgeBase
from engine.resolver import Ruling, resolve
from engine.situation import make_situation

KB = KnowledgeBase.load()
CASES = [(path.stem, case) for path in sorted((Path(__file__).parent / "rulings").glob("*.yaml"))
         for case in yaml.safe_load(path.read_text(encoding="utf-8"))]


def rule_in(house: str, situation: dict, facts: dict) -> Ruling:
    return resolve(KB, make_situation(
        KB.vocab, house, game=situation.get("game"), structure=situation.get("structure"),
        format=situation.get("format"), facts=facts))


def check(ruling: Ruling, expected: dict) -> None:
    where = f"{ruling.situation.house}: trace:\n  " + "\n  ".join(ruling.trace)
    assert ruling.status == expected["status"], where
    if "ask" in expected:
        assert [q["fact"] for q in ruling.questions][: len(expected["ask"])] == expected["ask"], where
    if "conflict" in expected:
        assert sorted(r.rule.id for r in ruling.conflicting) == sorted(expected["conflict"]), where
    governing = ruling.governing
    for field in ("key", "book", "outcome"):
        if field in expected:
            actual = {"key": governing.rule.key, "book": governing.rule.book,
                      "outcome": governing.outcome}[field]
            assert actual == expected[field], where
    for name, value in (expected.get("parameters") or {}).items():
        assert governing.rule.parameters[name]["value"] == value, where


@pytest.mark.parametrize(("area", "case"), CASES, ids=[f"{a}: {c['name']}" for a, c in CASES])
def test_ruling(area: str, case: dict) -> None:
    situation = case["situation"]
    for house, expected in case["expect"].items():
        check(rule_in(house, situation, dict(situation.get("facts") or {})), expected)
    follow_up = case.get("then")
    if follow_up:
        facts = {**(situation.get("facts") or {}), **follow_up["facts"]}
        for house, expected in follow_up["expect"].items():
            check(rule_in(house, situation, facts), expected)


def test_the_same_request_gives_the_same_answer() -> None:
    area, case = CASES[0]
    first = rule_in("catfish-bend", case["situation"], dict(case["situation"]["facts"]))
    second = rule_in("catfish-bend", case["situation"], dict(case["situation"]["facts"]))
    assert first == second
