"""Protective headers on every response: no inline script, no framing, no sniffing."""

from __future__ import annotations

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
    if (request.content_length or 0) > limit or len(request.query_string) > limit:
        abort(413)
