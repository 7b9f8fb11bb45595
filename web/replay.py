"""A ruling asked for again is answered without Flask: the same GET of `/api/ruling` gets the
same response, so the whole response (status, headers, body) is kept and sent again.

The engine's answer is already kept (web.query.make_ruler); what a repeated request still
cost was Flask's routing, the request and response objects, the hooks and the headers: 0.35
ms in one thread, and half of a warm server's CPU per request (bench/load_api.py: 0.9-1.2 ms
before, 0.5-0.6 after), where a look-up here takes 8 microseconds. Kept
by the request's path, query and Accept-Encoding (which decides gzip), everything the
response depends on for a given app; a reload of the rules builds a new app, and with it a
new store. Only a 200 is kept; errors and every other path go through Flask each time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable

KEPT = 4096  # responses, as many as the engine's answers kept (web.query.make_ruler)
PATHS = frozenset({"/api/ruling"})

Kept = tuple[str, list[tuple[str, str]], bytes]  # status, headers, body


class Replay:
    """WSGI middleware: the kept response of a GET seen before, else the app's (kept if a 200)."""

    def __init__(self, app: Callable, size: int = KEPT) -> None:
        self.app = app
        self.size = size
        self._kept: OrderedDict[tuple[str, str, str], Kept] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") != "GET" or path not in PATHS:
            return self.app(environ, start_response)
        key = (path, environ.get("QUERY_STRING", ""), environ.get("HTTP_ACCEPT_ENCODING", ""))
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
        if kept is not None:
            status, headers, body = kept
            start_response(status, list(headers))
            return [body]
        return self._answer(key, environ, start_response)

    def _answer(self, key: tuple[str, str, str], environ: dict, start_response: Callable) -> Iterable[bytes]:
        said: list[tuple[str, list[tuple[str, str]]]] = []

        def heard(status: str, headers: list[tuple[str, str]], exc_info: object = None) -> object:
            said.append((status, list(headers)))
            return start_response(status, headers, exc_info)

        result = self.app(environ, heard)
        if not said or not said[-1][0].startswith("200 ") or _sets_cookies(said[-1][1]):
            return result
        try:
            body = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers = said[-1]
        with self._lock:
            self._kept[key] = (status, headers, body)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return [body]


def _sets_cookies(headers: list[tuple[str, str]]) -> bool:
    return any(name.lower() == "set-cookie" for name, _ in headers)
