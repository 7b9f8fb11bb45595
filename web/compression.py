"""gzip for text responses (HTML, JSON, CSS, JS, Markdown, SVG) a client says it accepts.

A ruling page is 20-40 kB of HTML that compresses about five-fold: on a phone's connection in
a card room that is the difference that shows. Small bodies and streamed ones pass as they are.
"""

from __future__ import annotations

import gzip

from flask import Response, request

COMPRESSIBLE = {
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "text/markdown",
    "image/svg+xml",
}
MIN_BYTES = 500  # below this, gzip's header and the work cost more than they save
LEVEL = 6


def accepts_gzip() -> bool:
    return any(
        part.split(";")[0].strip() == "gzip" and "q=0" not in part.replace(" ", "")
        for part in request.headers.get("Accept-Encoding", "").lower().split(",")
    )


def compress(response: Response) -> Response:
    """The same response gzipped, when it is worth it and the client takes it."""
    response.vary.add("Accept-Encoding")
    if (
        response.status_code not in (200, 400, 404)
        or response.mimetype not in COMPRESSIBLE
        or "Content-Encoding" in response.headers
        or response.is_streamed
        and not response.direct_passthrough
        or not accepts_gzip()
    ):
        return response
    response.direct_passthrough = False  # a static file: read it into the body
    source = response.response
    body = response.get_data()
    if hasattr(source, "close"):
        source.close()  # the static file's handle, which the body no longer reads from
    if len(body) < MIN_BYTES:
        return response
    response.set_data(gzip.compress(body, LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)  # byte ranges of the file, not of this body
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(etag + "-gzip", weak=bool(weak))
    return response
