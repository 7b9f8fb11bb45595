"""Protective headers on every response: no inline script, no framing, no sniffing."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from flask import Response, abort, current_app, request

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def add_security_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers.pop("Server", None)
    return response


def refuse_large_requests() -> None:
    """A body larger than the limit is refused before anything reads it."""
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if (request.content_length or 0) > limit or len(request.query_string) > current_app.config[
        "MAX_QUERY_BYTES"
    ]:
        abort(413)


def refuse_bad_hosts(wsgi_app: Callable) -> Callable:
    """A Host header that is no host name (a label over 63 characters, an empty label)
    gets a 400 before Flask, which cannot build a URL for it (not even for its error page)."""

    def checked(environ: dict, start_response: Callable) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST", "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        try:
            name.encode("idna")
        except UnicodeError:
            body = json.dumps({"error": "the Host header is not a host name"}).encode()
            headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
            start_response("400 BAD REQUEST", [*headers, *HEADERS.items()])
            return [body]
        return wsgi_app(environ, start_response)

    return checked
