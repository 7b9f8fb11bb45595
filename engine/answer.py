"""The one entry point the command line and the web share: a dispute, told in words, as
facts, or both, becomes the contract's ruling object."""

from __future__ import annotations

from typing import Any

from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lookup import lookup
from engine.render.ruling_json import lookup_json, ruling_json
from engine.rulings.resolver import resolve
from engine.rulings.situation import make_situation


def answer_dispute(
    kb: KnowledgeBase,
    house: str,
    text: str | None = None,
    *,
    game: str | None = None,
    structure: str | None = None,
    format: str | None = None,
    facts: dict[str, Any] | None = None,
    answered: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """The ruling object for one house: read from the words when there are any (given facts
    win over what the words say), else ruled on the facts alone. `answered` names the facts
    that answer a question the last ruling asked, so the trace says so."""
    kb.check_book(house)
    context = {"game": game, "structure": structure, "format": format}
    if text is not None:
        return lookup_json(lookup(kb, house, text, **context, facts=dict(facts or {}), answered=answered))
    situation = make_situation(
        kb.vocab, house, **context, facts=dict(facts or {}), sources={name: "answered" for name in answered}
    )
    return ruling_json(resolve(kb, situation))
