"""The app on a phone's home screen, and at a table with no connection: the web app manifest,
the service worker, the page shown offline, and a house's whole rulebook on one page (what
the phone keeps to browse and search without the server)."""

from __future__ import annotations

import hashlib

from flask import Blueprint, Response, current_app, render_template, request, url_for

from web.query import knowledge

offline = Blueprint("offline", __name__)

KEEP_RULINGS = 20  # the rulings viewed last that stay readable offline


@offline.get("/manifest.webmanifest")
def manifest():
    body = {
        "name": "pokerrules — the ruling in your house's rules",
        "short_name": "pokerrules",
        "description": "The ruling for a poker dispute under your house's rules, with the text to read out.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f4f5f7",
        "theme_color": "#14213d",
        "icons": [
            {
                "src": url_for("static", filename="favicon.svg"),
                "sizes": "any",
                "type": "image/svg+xml",
                "purpose": "any",
            }
        ],
    }
    response = current_app.json.response(body)
    response.mimetype = "application/manifest+json"
    return response


def _version() -> str:
    """Moves when the rulebooks or any static file do, so phones fetch them again."""
    assets = current_app.extensions["pokerrules.assets"]
    digest = hashlib.sha256(repr((knowledge().fingerprint, sorted(assets.items()))).encode())
    return digest.hexdigest()[:12]


@offline.get("/sw.js")
def service_worker():
    shell = [
        url_for("offline.offline_page"),
        url_for("static", filename="style.css"),
        url_for("static", filename="app.js"),
        url_for("static", filename="favicon.svg"),
        url_for("offline.manifest"),
        url_for("pages.glossary_page"),
    ]
    body = render_template(
        "sw.js",
        version=_version(),
        shell=shell,
        offline_url=url_for("offline.offline_page"),
        keep_rulings=KEEP_RULINGS,
    )
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@offline.get("/offline")
def offline_page():
    return render_template("offline.html", **_books())


@offline.get("/rulebook/<house>")
def rulebook_page(house: str):
    """Every rule that holds in the house, with its text, in the book's order: the phone keeps
    this one page, and finds a rule in it with the search box (or the browser's find)."""
    kb = knowledge()
    kb.check_book(house)
    find = request.args.get("find", "").lower().split()
    sections: dict[tuple[str, str], list] = {}
    for entry in kb.effective(house):
        said = f"{entry.rule.summary} {entry.rule.text} {entry.rule.section}".lower()
        if all(word in said for word in find):
            sections.setdefault((entry.origin, entry.rule.section), []).append(entry)
    return render_template("rulebook.html", house=house, sections=sections, **_books())


def _books() -> dict:
    return {"books": knowledge().library.books, "houses": knowledge().houses}
