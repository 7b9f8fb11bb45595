"""The pages: lookup, compare houses, one rule across books, diff, books and glossary."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for

from engine.books.vocabulary import FactType
from engine.compare.diff import word_diff
from engine.render.diff_render import diff_markdown
from engine.rulings.situation import CONTEXT
from web.query import book_diff, check_served, knowledge, rule_everywhere, rule_on, served, situation_params

pages = Blueprint("pages", __name__)


def _choices() -> dict:
    vocab = knowledge().vocab
    return {
        "houses": knowledge().houses,
        "games": vocab.games,
        "structures": vocab.structures,
        "formats": vocab.formats,
        "books": knowledge().library.books,
        "fingerprint": knowledge().fingerprint,
    }


def _asked(need_house: bool = True) -> bool:
    has_house = bool(request.args.get("house")) or not need_house
    return has_house and bool(
        request.args.get("q") or request.args.getlist("fact") or request.args.getlist("num")
    )


def with_fact(name: str, value: object, args=None) -> str:
    """This page's URL with one more fact: how a question's answer button re-rules."""
    args = args if args is not None else request.args
    pairs = [
        (k, v)
        for k, v in args.items(multi=True)
        if not (k == "fact" and v.split("=", 1)[0] == name)
        and k != name
        and k not in ("fact_name", "fact_value")
    ]
    added = (name, str(value)) if name in CONTEXT else ("fact", f"{name}={value}")
    return "?" + urlencode([*pairs, added, ("answered", name)])


def permalink(answer: dict) -> str:
    """A link that replays this ruling exactly: the house and every fact it was ruled on,
    the ones read from the words included, so later changes to the lexicon cannot move it."""
    situation = answer["situation"]
    pairs = [("house", answer["house"])]
    pairs += [(name, situation[name]) for name in CONTEXT if situation.get(name)]
    pairs += [("fact", f"{name}={value}") for name, value in situation["facts"].items()]
    if request.args.get("q"):
        pairs.append(("q", request.args["q"]))
    pairs += [("num", value) for value in request.args.getlist("num")]
    return url_for("pages.lookup_page") + "?" + urlencode(pairs)


SHORT_LIST = 8  # a fact with at most this many values offers each as a one-tap correction


def corrections(answer: dict) -> list[dict]:
    """Each fact read from the words (or taken from the rule they match), with one-tap
    corrections: the other answer of a yes/no fact, the other values of a short list, a
    number field for a count. What happened and the game are corrected above, not here."""
    vocab = knowledge().vocab
    rows = []
    for name, item in (answer.get("inferred") or {}).items():
        fact = vocab.facts.get(name)
        row = {
            "name": name,
            "value": item["value"],
            "from": item["from"],
            "others": [],
            "number": False,
            "taken": "rule" in item,
        }
        if fact is not None and name != "event" and name not in CONTEXT:
            if fact.type == FactType.BOOL:
                other = "no" if item["value"] is True else "yes"
                row["others"] = [(other, with_fact(name, other))]
            elif fact.type == FactType.ENUM and len(fact.values) <= SHORT_LIST:
                row["others"] = [(v, with_fact(name, v)) for v in fact.values if v != item["value"]]
            else:
                row["number"] = fact.type in (FactType.INT, FactType.NUMBER)
        rows.append(row)
    return rows


@pages.get("/favicon.ico")
def favicon():
    return redirect("/static/favicon.svg", code=301)


@pages.get("/")
def lookup_page():
    if request.args.get("fact_name") and request.args.get("fact_value"):
        answer_url = with_fact(request.args["fact_name"], request.args["fact_value"])
        return redirect(request.path + answer_url, code=303)
    answer = None
    if _asked():
        answer = rule_on(situation_params(request.args))
    return render_template(
        "lookup.html",
        answer=answer,
        with_fact=with_fact,
        permalink=permalink,
        corrections=corrections,
        **_choices(),
    )


@pages.get("/compare")
def compare_page():
    result = None
    if _asked(need_house=False):
        args = request.args.copy()
        args.setdefault("house", "all")
        result = rule_everywhere({**situation_params(args), "house": "all"})
    return render_template("compare.html", result=result, **_choices())


@pages.get("/rule/<key>")
def rule_page(key: str):
    kb = knowledge()
    versions = [rule for rule in kb.library.rules if rule.key == key]
    if not versions:
        abort(404)
    first = versions[0]
    compared = [(rule, word_diff(first.text, rule.text) if rule is not first else ()) for rule in versions]
    known = {rule.key for rule in kb.library.rules}
    refs = sorted({ref for rule in versions for ref in rule.refs if ref in known})
    return render_template("rule.html", key=key, compared=compared, refs=refs, **_choices())


@pages.get("/diff")
def diff_page():
    diff = book_diff(request.args) if request.args.get("a") and request.args.get("b") else None
    sections: dict[str, list] = {}
    for change in diff.changes if diff else ():
        sections.setdefault(change.section, []).append(change)
    query = urlencode([(k, v) for k, v in request.args.items()])
    return render_template("diff.html", diff=diff, sections=sections, query=query, **_choices())


@pages.get("/diff.md")
def diff_markdown_page():
    diff = book_diff(request.args)
    return Response(
        diff_markdown(diff),
        mimetype="text/markdown",
        headers={"Content-Disposition": f'attachment; filename="{diff.a}-vs-{diff.b}.md"'},
    )


@pages.get("/books")
def books_page():
    held = served().quarantine
    rejected = current_app.extensions["pokerrules.rejected"]
    return render_template("books.html", quarantined=held, rejected=rejected, **_choices())


@pages.get("/books/<book_id>")
def book_page(book_id: str):
    kb = knowledge()
    check_served(book_id)
    sections: dict[str, list] = {}
    for rule in kb.library.rules_of(book_id):
        sections.setdefault(rule.section, []).append(rule)
    return render_template("book.html", book=kb.library.books[book_id], sections=sections, **_choices())


@pages.get("/glossary")
def glossary_page():
    entries = sorted(knowledge().library.glossary, key=lambda e: (e.term.lower(), e.book))
    return render_template("glossary.html", entries=entries, **_choices())
