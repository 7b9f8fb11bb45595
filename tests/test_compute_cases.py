"""Computed rulings, one test per YAML case under tests/compute/: the books' worked examples
and the same arithmetic on other numbers, each ruled in its house as the CLI and API do."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.answer import answer_dispute
from engine.freetext.knowledge import KnowledgeBase

CASES = Path(__file__).parent / "compute"


def _cases() -> list:
    found = []
    for path in sorted(CASES.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            found.append(pytest.param(case, id=f"{path.stem}: {case['name']}"))
    return found


@pytest.mark.parametrize("case", _cases())
def test_computed_ruling(kb: KnowledgeBase, case: dict) -> None:
    ruling = answer_dispute(
        kb,
        case["house"],
        case.get("text"),
        game=case.get("game"),
        structure=case.get("structure"),
        format=case.get("format"),
        facts=dict(case.get("facts") or {}),
        numbers={name: str(value) for name, value in (case.get("num") or {}).items()},
    )
    expect, answer = case["expect"], ruling.get("answer")
    if expect["value"] is None:
        assert answer is None, answer
        return
    assert answer is not None, (
        f"no answer; ruled {ruling['status']} on {[r['id'] for r in ruling['rulings']]}"
    )
    assert answer["value"] == pytest.approx(expect["value"]), answer
    assert answer["unit"] == expect.get("unit", answer["unit"])
    assert set(expect.get("cites", [])) <= set(answer["cites"]), answer["cites"]
    assert expect.get("display", "") in answer["display"], answer["display"]
    shown = [alternative["value"] for alternative in answer["alternatives"]]
    assert shown == pytest.approx(expect.get("alternatives", shown)), answer["alternatives"]
    assert answer["working"], "an answer always shows its working"
