"""The OpenAPI description of /api (kept beside the routes it describes)."""

from __future__ import annotations

import copy

from engine.rulings.resolver import RulingStatus

_ERROR = {
    "description": "The request cannot be answered as asked; the message names what is allowed.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def _param(
    name: str, description: str, required: bool = False, repeat: bool = False, schema: dict | None = None
) -> dict:
    schema = schema or {"type": "string"}
    if repeat:
        schema = {"type": "array", "items": schema, "maxItems": 40}
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": schema,
        **({"style": "form", "explode": True} if repeat else {}),
    }


_NAME = {"type": "string", "minLength": 1, "pattern": "\\S"}  # the API refuses an empty or blank name
_TEXT = {"type": "string", "maxLength": 2000}
_FACT = {"type": "string", "pattern": "^\\s*[^=\\s][^=]*="}  # KEY=VALUE: a name, then =
_SCALAR = {"oneOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"}]}
_RULING_RESPONSES = {
    "200": {
        "description": "A ruling (house=all: every house's, and the houses that differ).",
        "content": {
            "application/json": {
                "schema": {
                    "anyOf": [
                        {"$ref": "#/components/schemas/Ruling"},
                        {"$ref": "#/components/schemas/RulingEverywhere"},
                    ]
                }
            }
        },
    },
    "400": _ERROR,
    "404": _ERROR,
    "413": _ERROR,
}

OPENAPI: dict = {
    "openapi": "3.0.3",
    "info": {
        "title": "pokerrules API",
        "version": "1",
        "description": "Rulings for poker disputes in a house's rules, and differences between rulebooks.",
    },
    "paths": {
        "/api/books": {
            "get": {
                "summary": "The books: id, title, version, date, kind, extends, record counts; then the "
                "books not served (quarantined), each with its problems.",
                "responses": {
                    "200": {
                        "description": "A list of books.",
                        "content": {
                            "application/json": {
                                "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Book"}}
                            }
                        },
                    }
                },
            }
        },
        "/api/ruling": {
            "get": {
                "summary": "The ruling for a situation in one house (house=all: every house).",
                "parameters": [
                    _param("house", "A book id, or all.", required=True, schema=_NAME),
                    _param(
                        "game",
                        "holdem, omaha, omaha-hi-lo, stud, razz, stud-hi-lo, lowball-a5, lowball-27, "
                        "draw-high, jacks-or-better",
                    ),
                    _param("structure", "limit, pot-limit, no-limit"),
                    _param("format", "cash, tournament"),
                    _param("q", "The dispute in words (at most 2000 characters).", schema=_TEXT),
                    _param(
                        "fact",
                        "KEY=VALUE, repeatable; names and values from the vocabulary.",
                        repeat=True,
                        schema=_FACT,
                    ),
                    _param(
                        "num",
                        "NAME=VALUE, repeatable: a number of the dispute (pot=120, bb=10, stakes=5/10, "
                        "seats=2,5,8, actions=A bets 100, B all-in 140; action2=150, the amount of the "
                        "second action told); wins over the words.",
                        repeat=True,
                    ),
                ],
                "responses": _RULING_RESPONSES,
            },
            "post": {
                "summary": "The same ruling, asked with a JSON body.",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/RulingRequest"}}
                    },
                },
                "responses": _RULING_RESPONSES,
            },
        },
        "/api/diff": {
            "get": {
                "summary": "Differences between the effective rulebooks of books a and b.",
                "parameters": [
                    _param("a", "A book id.", required=True, schema=_NAME),
                    _param("b", "A book id.", required=True, schema=_NAME),
                    _param("section", "Only sections containing this."),
                    _param("game", "Only rules that apply to this game."),
                    _param("substantive", "1 for only differences that can change a ruling."),
                ],
                "responses": {
                    "200": {
                        "description": "The differences.",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Diff"}}},
                    },
                    "400": _ERROR,
                    "404": _ERROR,
                    "413": _ERROR,
                },
            }
        },
        "/api/openapi.json": {
            "get": {
                "summary": "This description.",
                "responses": {"200": {"description": "OpenAPI 3.0 document."}},
            }
        },
    },
    "components": {
        "schemas": {
            "Book": {
                "type": "object",
                "required": ["id", "served"],
                "properties": {
                    "id": {"type": "string"},
                    "served": {"type": "boolean", "description": "false: quarantined, see problems"},
                    "problems": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "Why a book is not served: file:line: field: message.",
                    },
                    "edit_not_taken": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "An edit of a served book that the last reload did not take (it "
                        "broke the book), with its problems; the last good version is served.",
                    },
                },
            },
            "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
            "RulingEverywhere": {
                "type": "object",
                "required": ["houses", "differ"],
                "properties": {
                    "houses": {
                        "type": "object",
                        "additionalProperties": {"$ref": "#/components/schemas/Ruling"},
                    },
                    "differ": {"type": "array", "items": {"type": "string"}},
                },
            },
            "RulingRequest": {
                "type": "object",
                "required": ["house"],
                "additionalProperties": False,
                "properties": {
                    "house": _NAME,
                    "game": {"type": "string"},
                    "structure": {"type": "string"},
                    "format": {"type": "string"},
                    "q": _TEXT,
                    "facts": {
                        "type": "object",
                        "additionalProperties": _SCALAR,
                        "maxProperties": 40,
                        "description": "fact -> value; a count known only from below is 'N+' (N or more)",
                    },
                    "answered": {"type": "array", "items": {"type": "string"}},
                },
            },
            "Ruling": {
                "type": "object",
                "required": ["status", "house", "situation", "rulings", "overridden", "questions", "trace"],
                "properties": {
                    "status": {"type": "string", "enum": [status.value for status in RulingStatus]},
                    "house": {"type": "string"},
                    "situation": {"type": "object"},
                    "rulings": {"type": "array", "items": {"type": "object"}},
                    "overridden": {"type": "array", "items": {"type": "object"}},
                    "questions": {"type": "array", "items": {"type": "object"}},
                    "not_asked": {
                        "type": "array",
                        "items": {"type": "object"},
                        "description": "Questions a rule raises whose every answer gives this ruling",
                    },
                    "unless": {
                        "type": "array",
                        "items": {"type": "object"},
                        "description": "Free text only: exceptions nobody raised. Each rule would prevail "
                        "over the governing one if a fact the words do not state holds: key, book, id, "
                        "citation, outcome, summary, and the questions that raise it.",
                    },
                    "silent": {
                        "type": "array",
                        "items": {"type": "object"},
                        "description": "Rules about the event whose words do not decide this situation "
                        "(their record's silent_when holds), so set aside: id, key, book, citation.",
                    },
                    "trace": {"type": "array", "items": {"type": "string"}},
                    "inferred": {
                        "type": "object",
                        "description": "Free text only: fact -> {value, from: the words read, rule: the id "
                        "of the rule the words match, when the fact was taken from it, unmentioned: true "
                        "when a fact a teller always mentions (an all-in, two players out on one hand) "
                        "was not: taken as no, or as the ordinary count}.",
                    },
                    "answer": {"$ref": "#/components/schemas/Answer"},
                    "derived": {
                        "type": "object",
                        "description": "Facts worked out from the numbers told (bet_fraction, heads_up, "
                        "betting_rounds, ...), never asked; fact -> value.",
                    },
                    "candidates": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "Free text only: rule and glossary keys, best first.",
                    },
                    "understood": {
                        "type": "boolean",
                        "description": "Free text only: false when the words carry nothing recognisable "
                        "(no fact, game or structure read, no fair word match, no fact given): the ruling "
                        "is then a guess from the closest rule in meaning, and a page says so instead.",
                    },
                    "candidate_rules": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "key": {"type": "string"},
                                "book": {"type": "string"},
                                "citation": {"type": "string"},
                                "summary": {"type": "string"},
                                "kind": {"type": "string", "enum": ["rule", "glossary"]},
                            },
                        },
                    },
                },
            },
            "Answer": {
                "type": "object",
                "description": "When the ruling is a number: the number, its working, the house settings "
                "it read and the alternatives where a book leaves a choice open.",
                "required": ["value", "unit", "display", "working", "settings", "alternatives"],
                "properties": {
                    "name": {"type": "string", "description": "The computation: pot-limit.max-raise, ..."},
                    "value": {
                        "type": "number",
                        "description": "Dollars or chips; a seat; a count of raises.",
                    },
                    "unit": {
                        "type": "string",
                        "enum": ["$", "chips", "seat", "raises", "%", "minutes", "seconds"],
                    },
                    "display": {"type": "string", "description": "The number as the floor says it."},
                    "working": {"type": "array", "items": {"type": "string"}},
                    "settings": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "name": {"type": "string"},
                                "value": {},
                                "from": {"type": "string", "description": "Record id, or 'not set (...)'."},
                                "amended_by": {"type": "string"},
                            },
                        },
                    },
                    "alternatives": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "if": {"type": "string"},
                                "value": {"type": "number"},
                                "display": {"type": "string"},
                            },
                        },
                    },
                    "cites": {"type": "array", "items": {"type": "string"}},
                    "read": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "name": {"type": "string"},
                                "value": {"type": "string"},
                                "from": {"type": "string"},
                                "num": {
                                    "type": "string",
                                    "description": "The name num= corrects it by (pot, bb, action2, ...).",
                                },
                                "given": {"type": "boolean", "description": "Given by num=, not read."},
                                "said": {
                                    "type": "string",
                                    "description": "The words a given number replaced.",
                                },
                            },
                        },
                    },
                },
            },
            "Diff": {
                "type": "object",
                "required": ["a", "b", "changes", "summary"],
                "properties": {
                    "a": {"type": "string"},
                    "b": {"type": "string"},
                    "changes": {"type": "array", "items": {"type": "object"}},
                    "summary": {"type": "object"},
                },
            },
        }
    },
}


def openapi_for(houses: list[str]) -> dict:
    """The description with the books this server serves named in house, a and b."""
    document: dict = copy.deepcopy(OPENAPI)
    for path, name, names in (
        ("/api/ruling", "house", [*houses, "all"]),
        ("/api/diff", "a", houses),
        ("/api/diff", "b", houses),
    ):
        for parameter in document["paths"][path]["get"]["parameters"]:
            if parameter["name"] == name:
                parameter["schema"] = {"type": "string", "enum": names}
    document["components"]["schemas"]["RulingRequest"]["properties"]["house"] = {
        "type": "string",
        "enum": [*houses, "all"],
    }
    return document
