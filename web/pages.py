"""The pages: lookup, compare houses, one rule across books, diff, books and glossary."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request

from engine.compare.diff import word_diff
from engine.render.diff_render import diff_markdown
from web import answering, diffs, numbers
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


@pages.get("/favicon.ico")
def favicon():
    return redirect("/static/favicon.svg", code=301)


@pages.get("/")
def lookup_page():
    if request.args.get("fact_name") and request.args.get("fact_value"):
        answer_url = answering.typed_answer()
        return redirect(request.path + answer_url, code=303)
    numbers_url = numbers.corrected(request.args)
    if numbers_url is not None:
        return redirect(request.path + numbers_url, code=303)
    answer = rule_on(situation_params(request.args)) if _asked() else None
    said_nothing = "q" in request.args and not request.args["q"].strip() and not request.args.getlist("fact")
    return render_template(
        "lookup.html",
        answer=answer,
        said_nothing=said_nothing,
        understood=answering.understood(answer),
        undo=answering.undo_last(),
        answering=answering,
        numbers=numbers,
        **_choices(),
    )


@pages.get("/compare")
def compare_page():
    """One situation in the chosen houses, those that rule differently first; a question
    any of them asks is answered here, and every house is ruled again."""
    if request.args.get("fact_name") and request.args.get("fact_value"):
        answer_url = answering.typed_answer()
        return redirect(request.path + answer_url, code=303)
    known = knowledge().houses
    chosen = [house for house in request.args.getlist("houses") if house in known] or known
    result = None
    if _asked(need_house=False):
        args = request.args.copy()
        args.setdefault("house", "all")
        result = rule_everywhere({**situation_params(args), "house": "all"}, chosen)
    return render_template(
        "compare.html",
        result=result,
        chosen=chosen,
        order=answering.differing_first(result) if result else [],
        questions=answering.questions_asked(result) if result else [],
        undo=answering.undo_last(),
        answering=answering,
        **_choices(),
    )


@pages.get("/rule/<key>")
def rule_page(key: str):
    """One rule in every book that prints it: the person's house first (the version it uses,
    said in a sentence when it is inherited), the others' words compared with that one."""
    kb = knowledge()
    versions = [rule for rule in kb.library.rules if rule.key == key]
    if not versions:
        abort(404)
    house = request.args.get("house") if request.args.get("house") in kb.library.books else None
    used_by = {book: kb.rules_by_key(book).get(key) for book in kb.houses}
    yours = used_by.get(house) if house else None
    if yours is not None:
        versions.sort(key=lambda rule: rule.id != yours.id)
    first = versions[0]
    compared = [(rule, word_diff(first.text, rule.text) if rule is not first else ()) for rule in versions]
    users = {
        rule.id: [book for book, used in used_by.items() if used is not None and used.id == rule.id]
        for rule in versions
    }
    known = {rule.key for rule in kb.library.rules}
    refs = sorted({ref for rule in versions for ref in rule.refs if ref in known})
    return render_template(
        "rule.html",
        key=key,
        title=first.summary or first.citation,
        compared=compared,
        users=users,
        house=house,
        yours=yours,
        refs=refs,
        **_choices(),
    )


@pages.get("/diff")
def diff_page():
    a, b = diffs.default_pair(request.args)
    args = request.args.copy()
    args["a"], args["b"] = a, b
    diff = book_diff(args) if a != b else None
    rulings = request.args.get("view") == "rulings"
    query = urlencode([(k, v) for k, v in args.items() if k != "view"])
    return render_template(
        "diff.html",
        a=a,
        b=b,
        diff=diff,
        groups=diffs.grouped(diff.changes) if diff else [],
        title_of=diffs.title_of,
        rulings=rulings,
        differences=diffs.situations_ruled_differently(a, b) if rulings and a != b else None,
        query=query,
        **_choices(),
    )


@pages.get("/diff.md")
def diff_markdown_page():
    a, b = diffs.default_pair(request.args)
    args = request.args.copy()
    args["a"], args["b"] = a, b
    diff = book_diff(args)
    body = diff_markdown(diff)
    differences = diffs.situations_ruled_differently(a, b)
    if differences is not None:
        body = body.rstrip("\n") + "\n\n" + diffs.rulings_markdown(a, b, differences)
    return Response(
        body,
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
