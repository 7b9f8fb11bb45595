"""Large answers go gzipped to a client that accepts it: a diff of two books is about 244 KB
of JSON, a tenth of that compressed, which a phone on a card room's Wi-Fi feels."""

from __future__ import annotations

import gzip

from flask import Response, request

SMALLEST = 1400  # about one packet: smaller bodies gain nothing
LEVEL = 5  # most of the size for a fraction of level 9's CPU


def compress_large_responses(response: Response) -> Response:
    response.vary.add("Accept-Encoding")
    if (
        response.direct_passthrough
        or response.status_code < 200
        or response.status_code in (204, 304)
        or "Content-Encoding" in response.headers
        or "gzip" not in request.headers.get("Accept-Encoding", "").lower()
    ):
        return response
    body = response.get_data()
    if len(body) < SMALLEST:
        return response
    response.set_data(gzip.compress(body, compresslevel=LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    return response
