"""The web UI and JSON API: a thin Flask layer over the engine.

`create_app()` loads the knowledge base once per process (the books that are whole: see
engine.serving) and registers the API and the pages. Every response carries a Content
Security Policy and the usual protective headers, large ones go gzipped; errors are JSON
under /api and a plain page elsewhere, never a stack trace.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from engine.books.quarantine import Quarantine
from engine.compare.diff import ChangeKind
from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.resolver import RulingStatus
from engine.serving import Served, load_served
from web.assets import install_assets
from web.compression import compress
from web.errors import register_error_handlers
from web.query import make_reader, make_ruler
from web.replay import Replay
from web.security import add_security_headers, refuse_bad_hosts, refuse_large_requests

MAX_REQUEST_BYTES = 16 * 1024  # a request's body
MAX_QUERY_BYTES = 32 * 1024  # its query: 2,000 characters of any script, percent-encoded, and facts


def create_app(books: KnowledgeBase | Served | None = None, houses: list[Path] | None = None) -> Flask:
    """The app over a knowledge base, or over the books of a rules folder that are whole
    (engine.serving: the others are listed on /books, not served); default: the bundled ones
    with the house books of `houses` (default: $POKERRULES_RULES)."""
    app = Flask(__name__)
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        MAX_QUERY_BYTES=MAX_QUERY_BYTES,
        JSON_SORT_KEYS=False,
        TEMPLATES_AUTO_RELOAD=False,
        PROPAGATE_EXCEPTIONS=False,
    )
    app.url_map.merge_slashes = False  # its redirect would name the host the client sent
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    if books is None:
        books = load_served(houses=houses)
    served = books if isinstance(books, Served) else Served(books, Quarantine(), Path(books.library.root))
    knowledge = served.kb
    knowledge.prepare()  # before the first request, and before gunicorn forks its workers
    app.extensions["pokerrules"] = knowledge
    app.extensions["pokerrules.served"] = served
    app.extensions["pokerrules.rejected"] = Quarantine()  # an edit of the rules not taken (web.server)
    # A request's ruling object: as JSON bytes for the API, and decoded from them for the pages.
    ruler = app.extensions["pokerrules.rulings"] = make_ruler(knowledge)
    app.extensions["pokerrules.answers"] = make_reader(ruler)
    # Templates test a ruling's status and a diff's kind of change by name, not by spelling.
    app.jinja_env.globals.update(RulingStatus=RulingStatus, ChangeKind=ChangeKind)

    from web.api import api
    from web.offline import offline
    from web.pages import pages

    app.register_blueprint(api, url_prefix="/api")
    app.register_blueprint(pages)
    app.register_blueprint(offline)  # manifest, service worker, the pages a phone keeps offline
    app.before_request(refuse_large_requests)
    app.after_request(compress)  # gzip for text a client accepts it for; runs after the headers are added
    app.after_request(add_security_headers)
    install_assets(app)  # fingerprinted static URLs, cached for a year
    register_error_handlers(app)
    # A ruling asked for again is sent again as it was (web.replay), without Flask's work.
    app.wsgi_app = refuse_bad_hosts(Replay(app.wsgi_app))  # type: ignore[method-assign]
    return app
