"""The ruling as the JSON object of the interface contract (CLI `--json` and `/api/ruling`)."""

from __future__ import annotations

from engine.books.model import GlossaryEntry, Rule
from engine.freetext.lookup import Lookup
from engine.rulings.reading import Reading
from engine.rulings.resolver import Ruling


def reading_json(reading: Reading) -> dict:
    rule = reading.rule
    return {
        "key": rule.key, "book": rule.book, "id": rule.id, "origin": reading.entry.origin,
        "chapter": rule.chapter, "section": rule.section, "section_number": rule.section_number,
        "number": rule.number, "citation": rule.citation, "text": rule.text,
        "outcome": reading.outcome, "summary": reading.summary,
        "discretion": reading.discretion not in ("none", ""),
        "discretion_by": None if reading.discretion in ("none", "") else reading.discretion,
        "parameters": rule.parameters, "amended_by": reading.entry.amended_by or None,
        "flags": list(rule.flags), "note": rule.note or None,
    }


def ruling_json(ruling: Ruling) -> dict:
    """One object: status, house, situation, rulings (governing first), overridden, questions, trace."""
    if ruling.governing is not None:
        rulings = [ruling.governing, *ruling.support]
    elif ruling.conflicting:
        rulings = list(ruling.conflicting)
    else:
        rulings = list(ruling.support)
    return {
        "status": ruling.status,
        "house": ruling.situation.house,
        "situation": ruling.situation.as_json(),
        "rulings": [reading_json(r) for r in rulings],
        "overridden": list(ruling.overridden),
        "questions": list(ruling.questions),
        "nearest": [reading_json(r) for r in ruling.nearest],
        "warnings": list(ruling.warnings),
        "trace": list(ruling.trace),
    }


def lookup_json(found: Lookup) -> dict:
    """The ruling plus what was read from the words and the ranked rule keys."""
    answer = ruling_json(found.ruling)
    answer["inferred"] = {name: {"value": value, "from": said}
                          for name, (value, said) in sorted(found.inferred.items())}
    answer["candidates"] = list(found.ranked[:10])
    answer["candidate_rules"] = [_candidate(record) for record in found.rules.values()]
    return answer


def _candidate(record: Rule | GlossaryEntry) -> dict:
    if isinstance(record, GlossaryEntry):
        return {"key": record.key, "book": record.book, "citation": f"Glossary: {record.term}",
                "summary": record.definition, "kind": "glossary", "id": record.id}
    return {"key": record.key, "book": record.book, "citation": record.citation, "summary": record.summary,
            "kind": "rule"}
