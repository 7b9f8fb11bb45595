"""Read a ruling or diff request's parameters and ask the engine: shared by API and pages."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache

from flask import current_app

from engine.answer import answer_dispute
from engine.compare.behaviour import differing_houses
from engine.compare.diff import BookDiff, diff_books
from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.situation import parse_fact_pairs
from web.errors import BadRequest

MAX_FACTS = 40


def knowledge() -> KnowledgeBase:
    return current_app.extensions["pokerrules"]


def _one(args: Mapping, name: str) -> str | None:
    value = args.get(name)
    return value.strip() or None if isinstance(value, str) else None


def situation_params(args) -> dict:
    """house, game, structure, format, q and the facts, checked for shape."""
    facts = args.getlist("fact") if hasattr(args, "getlist") else list(args.get("fact", []))
    if len(facts) > MAX_FACTS:
        raise BadRequest(f"at most {MAX_FACTS} facts")
    house = _one(args, "house")
    if house is None:
        raise BadRequest(f"choose a house: house= one of {', '.join(knowledge().houses)}, or all")
    return {
        "house": house,
        "game": _one(args, "game"),
        "structure": _one(args, "structure"),
        "format": _one(args, "format"),
        "q": args.get("q") if args.get("q", "").strip() else None,
        "facts": parse_fact_pairs(facts),
        "answered": frozenset(args.getlist("answered") if hasattr(args, "getlist") else ()),
    }


def _request_key(params: dict, house: str | None) -> tuple:
    return (
        house or params["house"],
        params["game"],
        params["structure"],
        params["format"],
        params["q"],
        tuple(sorted(params["facts"].items())),
        frozenset(params.get("answered", frozenset())),
    )


def ruling_body(params: dict, house: str | None = None) -> bytes:
    """The contract's ruling object for one house (free text when q is given), as JSON.

    The same request always gets the same answer, so answers are kept (a bounded number):
    a permalink reloaded at the table costs a dictionary look-up. They are kept as bytes,
    which the garbage collector never walks, so a full cache does not slow collections.
    """
    return current_app.extensions["pokerrules.rulings"](_request_key(params, house))


def rule_on(params: dict, house: str | None = None) -> dict:
    """The same ruling object as a dict, for the pages to render (see make_reader)."""
    return current_app.extensions["pokerrules.answers"](_request_key(params, house))


def make_ruler(kb: KnowledgeBase, size: int = 4096):
    """A cached function from a request key to the ruling object's JSON body."""

    @lru_cache(maxsize=size)
    def ruler(key: tuple) -> bytes:
        house, game, structure, format, q, facts, answered = key
        data = answer_dispute(
            kb, house, q, game=game, structure=structure, format=format, facts=dict(facts), answered=answered
        )
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()

    return ruler


def make_reader(ruler, size: int = 256):
    """A cached function from a request key to the ruling object as a dict, read from the
    ruler's bytes: every answer is worked out, and encoded, once, by the ruler.

    Decoding a body costs about 40 us; six of them were a fifth of the compare page's time, so
    the most recent answers are also kept decoded. Only a few: a dict is walked by the garbage
    collector, bytes are not. The dicts are shared between requests: read them, never change them.
    """

    @lru_cache(maxsize=size)
    def reader(key: tuple) -> dict:
        return json.loads(ruler(key))

    return reader


def rule_everywhere(params: dict, houses: list[str] | None = None) -> dict:
    """Every house (or the given ones) side by side, with the houses whose ruling differs."""
    answers = {house: rule_on(params, house) for house in houses or knowledge().houses}
    return {"houses": answers, "differ": differing_houses(answers)}


def book_diff(args) -> BookDiff:
    a, b = _one(args, "a"), _one(args, "b")
    if not a or not b:
        raise BadRequest(f"choose two books: a= and b=, from {', '.join(knowledge().houses)}")
    return diff_books(
        knowledge(),
        a,
        b,
        section=_one(args, "section"),
        game=_one(args, "game"),
        substantive_only=args.get("substantive") in ("1", "true", "yes", "on"),
    )
