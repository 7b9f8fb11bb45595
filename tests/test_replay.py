"""A ruling asked for again is sent the response kept (web.replay): only a 200 to a GET of
a ruling, by its path, query and Accept-Encoding, and only the last few."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

from web.replay import Replay


class CountingApp:
    """A WSGI app answering with the status the query names, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        self.calls += 1
        status = environ["QUERY_STRING"].split("=")[-1]
        start_response(f"{status} X", [("Content-Type", "application/json"), ("X-Call", str(self.calls))])
        return [b"{", f'"call": {self.calls}'.encode(), b"}"]


def get(
    app: Callable, query: str, method: str = "GET", path: str = "/api/ruling", encoding: str = ""
) -> tuple:
    said: list = []
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "HTTP_ACCEPT_ENCODING": encoding,
        "wsgi.input": io.BytesIO(b""),
    }
    body = b"".join(app(environ, lambda status, headers, exc_info=None: said.append((status, headers))))
    return said[-1][0], dict(said[-1][1]), body


def test_a_ruling_asked_again_is_the_response_kept() -> None:
    inner = CountingApp()
    app = Replay(inner)
    first = get(app, "status=200")
    assert (
        get(app, "status=200")
        == first
        == ("200 X", {"Content-Type": "application/json", "X-Call": "1"}, b'{"call": 1}')
    )
    assert inner.calls == 1
    get(app, "status=200", encoding="gzip")  # another encoding: another response
    assert inner.calls == 2


def test_only_a_200_to_a_get_of_a_ruling_is_kept() -> None:
    inner = CountingApp()
    app = Replay(inner)
    for _ in range(2):
        get(app, "status=400")
        get(app, "status=200", method="POST")
        get(app, "status=200", method="HEAD")
        get(app, "status=200", path="/")
    assert inner.calls == 8


def test_only_the_last_responses_are_kept() -> None:
    inner = CountingApp()
    app = Replay(inner, size=2)
    for query in ("a=200", "b=200", "c=200", "a=200"):  # a was pushed out by c
        get(app, query)
    assert inner.calls == 4
    get(app, "c=200")
    assert inner.calls == 4
