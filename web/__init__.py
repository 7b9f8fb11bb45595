"""The web UI and JSON API: a thin Flask layer over the engine.

`create_app()` loads the knowledge base once per process and registers the API and the
pages. Every response carries a Content Security Policy and the usual protective headers;
errors are JSON under /api and a plain page elsewhere, never a stack trace.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from engine.compare.diff import ChangeKind
from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.resolver import RulingStatus
from web.errors import register_error_handlers
from web.query import make_reader, make_ruler
from web.security import add_security_headers, refuse_large_requests

MAX_REQUEST_BYTES = 16 * 1024


def create_app(kb: KnowledgeBase | None = None, houses: list[Path] | None = None) -> Flask:
    """The app over `kb`, else the bundled books with the house books of `houses` (default:
    $POKERRULES_RULES)."""
    app = Flask(__name__)
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        JSON_SORT_KEYS=False,
        TEMPLATES_AUTO_RELOAD=False,
        PROPAGATE_EXCEPTIONS=False,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    knowledge = kb or KnowledgeBase.load(houses=houses)
    knowledge.prepare()  # before the first request, and before gunicorn forks its workers
    app.extensions["pokerrules"] = knowledge
    # A request's ruling object: as JSON bytes for the API, and decoded from them for the pages.
    ruler = app.extensions["pokerrules.rulings"] = make_ruler(knowledge)
    app.extensions["pokerrules.answers"] = make_reader(ruler)
    # Templates test a ruling's status and a diff's kind of change by name, not by spelling.
    app.jinja_env.globals.update(RulingStatus=RulingStatus, ChangeKind=ChangeKind)

    from web.api import api
    from web.pages import pages

    app.register_blueprint(api, url_prefix="/api")
    app.register_blueprint(pages)
    app.before_request(refuse_large_requests)
    app.after_request(add_security_headers)
    register_error_handlers(app)
    return app
