"""What would we rule differently? Re-rule a set of situations under two books and list
the ones whose ruling changes, and rule one situation in every house side by side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from engine.render.ruling_json import ruling_json
from engine.render.ruling_text import Answer
from engine.rulings.resolver import Ruling, RulingStatus, resolve
from engine.rulings.rulebooks import Rulebooks
from engine.rulings.situation import Situation, make_situation

# A situation as the ruling test cases write it: name, game, structure, format, facts (YAML).
SituationSpec = dict[str, Any]
# What a floor supervisor would announce, in a form two rulings can be compared by.
Signature = tuple[object, ...]


def signature(answer: Answer) -> Signature:
    """What a floor supervisor would announce, read from the contract's ruling object (the
    CLI's, the API's and the pages' alike): the status; when ruled, the governing rule's
    outcome and the numbers it used; otherwise the rules in conflict and the facts asked
    about. A ruling that needs facts announces its questions, not the rules that apply so
    far, so those are left out: houses asking the same question rule alike."""
    status = answer["status"]
    if status == RulingStatus.RULED:
        first = answer["rulings"][0]
        parameters = tuple(sorted((k, str(v.get("value"))) for k, v in first["parameters"].items()))
        return (status, first["outcome"], parameters)
    conflicting = tuple(sorted(r["id"] for r in answer["rulings"])) if status == RulingStatus.CONFLICT else ()
    facts_asked = tuple(q["fact"] for q in answer["questions"] if "num" not in q)  # not a number wanted
    return (status, conflicting, facts_asked)


def load_situations(folder: Path) -> list[SituationSpec]:
    """Situations from the ruling test cases (each case, and each follow-up)."""
    found = []
    for path in sorted(folder.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            base = case["situation"]
            found.append({"name": case["name"], **base})
            if "then" in case:
                facts = {**(base.get("facts") or {}), **case["then"]["facts"]}
                found.append({"name": case["name"] + " (answered)", **base, "facts": facts})
    return found


def situation_in(kb: Rulebooks, house: str, spec: SituationSpec) -> Situation:
    return make_situation(
        kb.vocab,
        house,
        game=spec.get("game"),
        structure=spec.get("structure"),
        format=spec.get("format"),
        facts=dict(spec.get("facts") or {}),
    )


def ruling_differences(
    kb: Rulebooks, a: str, b: str, situations: list[SituationSpec]
) -> list[dict[str, Any]]:
    """The situations whose ruling differs between books a and b, with both rulings (the
    contract's ruling objects)."""
    differences = []
    for spec in situations:
        left = ruling_json(resolve(kb, situation_in(kb, a, spec)))
        right = ruling_json(resolve(kb, situation_in(kb, b, spec)))
        if signature(left) != signature(right):
            differences.append({"name": spec["name"], "a": left, "b": right})
    return differences


def rule_everywhere(kb: Rulebooks, spec: SituationSpec, houses: list[str] | None = None) -> dict[str, Ruling]:
    """One situation ruled in every house (or the given ones), keyed by house."""
    return {house: resolve(kb, situation_in(kb, house, spec)) for house in houses or kb.houses}


def differing_houses(answers: dict[str, Answer]) -> list[str]:
    """Houses whose answer is not the most common one."""
    signatures = {house: signature(answer) for house, answer in answers.items()}
    values = list(signatures.values())
    common = max(sorted(set(values), key=repr), key=values.count)
    return sorted(house for house, announced in signatures.items() if announced != common)
