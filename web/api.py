"""The JSON API: the same objects as the CLI, under /api."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from engine.books.catalog import describe_books, describe_quarantined
from engine.render.diff_render import diff_json
from web.openapi import openapi_for
from web.query import (
    book_diff,
    knowledge,
    rule_everywhere,
    ruling_body,
    served,
    situation_json,
    situation_params,
)

api = Blueprint("api", __name__)


@api.get("/books")
def books():
    """The books served, then those quarantined with their problems."""
    rejected = current_app.extensions["pokerrules.rejected"].books
    listing: list[dict] = []
    for book in describe_books(knowledge().library):
        problems = [str(problem) for problem in rejected.get(book["id"], ())]
        listing.append({**book, "served": True, **({"edit_not_taken": problems} if problems else {})})
    return [*listing, *describe_quarantined(served().quarantine)]


@api.route("/ruling", methods=["GET", "POST"])
def ruling():
    if request.method == "POST":
        params = situation_json(request.get_json(silent=True) if request.is_json else None)
    else:
        params = situation_params(request.args)
    if params["house"] == "all":
        return rule_everywhere(params)
    return Response(ruling_body(params), mimetype="application/json")


@api.get("/diff")
def diff():
    return diff_json(book_diff(request.args))


@api.get("/openapi.json")
def openapi():
    return openapi_for(knowledge().houses)
