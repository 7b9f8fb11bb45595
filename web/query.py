"""Read a ruling or diff request's parameters and ask the engine: shared by API and pages."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache

from flask import current_app
from werkzeug.datastructures import MultiDict

from engine.answer import answer_dispute
from engine.compare.behaviour import differing_houses
from engine.compare.diff import BookDiff, diff_books
from engine.compute.given import parse_number_pairs
from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.situation import parse_fact_pairs
from engine.serving import Served
from web.errors import BadRequest

MAX_FACTS = 40
TEXT_FIELDS = ("house", "game", "structure", "format", "q")


def knowledge() -> KnowledgeBase:
    return current_app.extensions["pokerrules"]


def served() -> Served:
    return current_app.extensions["pokerrules.served"]


def check_served(book_id: str) -> str:
    """The id of a book that is served; else the error that says why not."""
    served().check_book(book_id)
    return book_id


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
    if house != "all":
        check_served(house)
    return {
        "house": house,
        "game": _one(args, "game"),
        "structure": _one(args, "structure"),
        "format": _one(args, "format"),
        "q": args.get("q") if args.get("q", "").strip() else None,
        "facts": parse_fact_pairs(facts),
        "answered": frozenset(args.getlist("answered") if hasattr(args, "getlist") else ()),
        "numbers": parse_number_pairs(
            args.getlist("num") if hasattr(args, "getlist") else list(args.get("num", []))
        ),
    }


def situation_json(body: object) -> dict:
    """The same parameters from a JSON body: {"house": "", "q": "", "game": "", "facts": {}}."""
    shape = 'a JSON object: {"house": "...", "q": "...", "game": "...", "facts": {"name": value}}'
    if not isinstance(body, dict):
        raise BadRequest(f"the body is {shape}")
    unknown = sorted(set(body) - {*TEXT_FIELDS, "facts", "answered"})
    if unknown:
        raise BadRequest(f"unknown field(s) {', '.join(unknown)}: the body is {shape}")
    args: MultiDict[str, str] = MultiDict()
    for name in TEXT_FIELDS:
        value = body.get(name)
        if value is not None and not isinstance(value, str):
            raise BadRequest(f"{name} is a string, not {json.dumps(value)[:40]}")
        if value is not None:
            args.add(name, value)
    facts = body.get("facts") or {}
    if not isinstance(facts, dict) or not all(_scalar(value) for value in facts.values()):
        raise BadRequest('facts is an object of names and values: {"card_number": 2, "exposed_by": "dealer"}')
    for name, value in facts.items():
        args.add("fact", f"{name}={_fact_text(value)}")
    answered = body.get("answered") or []
    if not isinstance(answered, list) or not all(isinstance(name, str) for name in answered):
        raise BadRequest("answered is a list of fact names")
    for name in answered:
        args.add("answered", name)
    return situation_params(args)


def _scalar(value: object) -> bool:
    return isinstance(value, (str, int, float, bool))


def _fact_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _request_key(params: dict, house: str | None) -> tuple:
    return (
        house or params["house"],
        params["game"],
        params["structure"],
        params["format"],
        params["q"],
        tuple(sorted(params["facts"].items())),
        frozenset(params.get("answered", frozenset())),
        tuple(sorted(params.get("numbers", {}).items())),
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
        house, game, structure, format, q, facts, answered, numbers = key
        data = answer_dispute(
            kb,
            house,
            q,
            game=game,
            structure=structure,
            format=format,
            facts=dict(facts),
            answered=answered,
            numbers=dict(numbers),
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
    check_served(a)
    check_served(b)
    return diff_books(
        knowledge(),
        a,
        b,
        section=_one(args, "section"),
        game=_one(args, "game"),
        substantive_only=args.get("substantive") in ("1", "true", "yes", "on"),
    )
