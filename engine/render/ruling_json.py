"""The ruling as the JSON object of the interface contract (CLI `--json` and `/api/ruling`).

Plain data only (str, not the engine's enums; dicts, not its records), in the contract's key
order: the object is compared, cached and printed as it is.
"""

from __future__ import annotations

from engine.books.model import GlossaryEntry, Rule
from engine.freetext.lookup import NOT_MENTIONED, Lookup
from engine.rulings.reading import Reading
from engine.rulings.resolver import Question, Ruling, SetAside, Unless

JsonObject = dict[str, object]


def reading_json(reading: Reading) -> JsonObject:
    rule = reading.rule
    return {
        "key": rule.key,
        "book": rule.book,
        "id": rule.id,
        "origin": reading.entry.origin,
        "chapter": rule.chapter,
        "section": rule.section,
        "section_number": rule.section_number,
        "number": rule.number,
        "citation": rule.citation,
        "text": rule.text,
        "outcome": reading.outcome,
        "summary": reading.summary,
        "discretion": reading.discretion not in ("none", ""),
        "discretion_by": None if reading.discretion in ("none", "") else reading.discretion,
        "parameters": rule.parameters,
        "amended_by": reading.entry.amended_by or None,
        "flags": list(rule.flags),
        "note": rule.note or None,
    }


def set_aside_json(item: SetAside) -> JsonObject:
    return {
        "key": item.key,
        "book": item.book,
        "id": item.id,
        "by": item.by,
        "reason": item.reason,
        "outcome": item.outcome,
    }


def question_json(question: Question) -> JsonObject:
    """fact, ask, choices, and the answer's type for a fact (not for game, structure, format)."""
    asked: JsonObject = {"fact": question.fact, "ask": question.ask, "choices": list(question.choices)}
    if question.type is not None:
        asked["type"] = question.type.value
    return asked


def unless_json(item: Unless) -> JsonObject:
    """An exception nobody raised: the rule, what it would rule, and the questions that raise it."""
    rule = item.reading.rule
    return {
        "key": rule.key,
        "book": rule.book,
        "id": rule.id,
        "citation": rule.citation,
        "outcome": item.reading.outcome,
        "summary": item.reading.summary,
        "questions": [question_json(question) for question in item.questions],
    }


def ruling_json(ruling: Ruling) -> JsonObject:
    """One object: status, house, situation, rulings (governing first), overridden, questions, trace."""
    if ruling.governing is not None:
        rulings = [ruling.governing, *ruling.support]
    elif ruling.conflicting:
        rulings = list(ruling.conflicting)
    else:
        rulings = list(ruling.support)
    return {
        "status": ruling.status.value,
        "house": ruling.situation.house,
        "situation": ruling.situation.as_json(),
        "rulings": [reading_json(r) for r in rulings],
        "overridden": [set_aside_json(item) for item in ruling.overridden],
        "questions": [question_json(question) for question in ruling.questions],
        "not_asked": [question_json(question) for question in ruling.not_asked],
        "unless": [unless_json(item) for item in ruling.unless],
        "nearest": [reading_json(r) for r in ruling.nearest],
        "warnings": list(ruling.warnings),
        "silent": [
            {"id": rule.id, "key": rule.key, "book": rule.book, "citation": rule.citation}
            for rule in ruling.silent
        ],
        "trace": list(ruling.trace),
    }


def lookup_json(found: Lookup) -> JsonObject:
    """The ruling plus what was read from the words and the ranked rule keys."""
    answer = ruling_json(found.ruling)
    answer["inferred"] = {
        name: {
            "value": value,
            "from": said,
            **({"rule": found.taken_from[name]} if name in found.taken_from else {}),
            **({"unmentioned": True} if said.startswith(NOT_MENTIONED) else {}),
        }
        for name, (value, said) in sorted(found.inferred.items())
    }
    answer["candidates"] = list(found.ranked[:10])
    answer["candidate_rules"] = [_candidate(record) for record in found.rules.values()]
    return answer


def _candidate(record: Rule | GlossaryEntry) -> JsonObject:
    if isinstance(record, GlossaryEntry):
        return {
            "key": record.key,
            "book": record.book,
            "citation": f"Glossary: {record.term}",
            "summary": record.definition,
            "kind": "glossary",
            "id": record.id,
        }
    return {
        "key": record.key,
        "book": record.book,
        "citation": record.citation,
        "summary": record.summary,
        "kind": "rule",
    }
