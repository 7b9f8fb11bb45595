"""The JSON API: the same objects as the CLI, under /api."""

from __future__ import annotations

from flask import Blueprint, Response, request

from engine.books.catalog import describe_books
from engine.render.diff_render import diff_json
from web.openapi import OPENAPI
from web.query import book_diff, knowledge, rule_everywhere, ruling_body, situation_params

api = Blueprint("api", __name__)


@api.get("/books")
def books():
    return describe_books(knowledge().library)


@api.get("/ruling")
def ruling():
    params = situation_params(request.args)
    if params["house"] == "all":
        return rule_everywhere(params)
    return Response(ruling_body(params), mimetype="application/json")


@api.get("/diff")
def diff():
    return diff_json(book_diff(request.args))


@api.get("/openapi.json")
def openapi():
    return OPENAPI
