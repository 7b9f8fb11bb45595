"""The gunicorn worker: gthread, except that a request is read whole before a thread sees it.

gunicorn's threaded worker hands each new connection to a thread, which waits for the
request and reads it with blocking calls; a hundred clients that connect and send nothing,
or half a request, hold every thread and the server stops answering. Here the worker's
event loop gathers each request's head and body (a few KB at most) without blocking, and
only a complete request (or one the app is about to refuse as too large) goes to a thread.
A client that does not finish its request within HEAD_SECONDS is disconnected; a thread's
own reads and writes are bounded by SOCKET_SECONDS (a client that stops reading its answer).

Errors gunicorn answers itself (a malformed request line or header) are JSON with the
app's protective headers, not an HTML page, and no response names the server software.
"""

from __future__ import annotations

import errno
import json
import re
import selectors
import socket
import struct
import time
from collections import deque
from functools import partial

from gunicorn import util
from gunicorn.http import wsgi
from gunicorn.workers.gthread import TConn, ThreadWorker

from web.security import HEADERS

HEAD_SECONDS = 10.0  # to send a whole request, head and body
SOCKET_SECONDS = 10  # for one read or write of a thread, once the request is in
GATHER_LIMIT = 96 * 1024  # a request head longer than this is refused; a body, the app refuses

_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)", re.IGNORECASE)
_CHUNKED = re.compile(rb"\r\ntransfer-encoding:[^\r\n]*chunked", re.IGNORECASE)


def is_whole(data: bytes) -> bool:
    """Whether `data` holds a request's whole head and body (or too much to wait for).

    >>> is_whole(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
    True
    >>> is_whole(b"POST / HTTP/1.1\\r\\nContent-Length: 5\\r\\n\\r\\nab")
    False
    >>> is_whole(b"GET / HTTP/1.1\\r\\nHost: x")
    False
    """
    if len(data) > GATHER_LIMIT:
        return True
    end = data.find(b"\r\n\r\n")
    if end < 0:
        return False
    head, body = data[: end + 2], data[end + 4 :]
    if _CHUNKED.search(head):  # the last chunk ends in an empty line; a malformed body, the parser refuses
        return b"\r\n\r\n" in body
    length = _LENGTH.search(head)
    return length is None or len(body) >= min(int(length.group(1)), GATHER_LIMIT)


def _bound_waits(sock: socket.socket) -> None:
    """A blocking read or write on this socket gives up after SOCKET_SECONDS."""
    limit = struct.pack("ll", SOCKET_SECONDS, 0)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, limit)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, limit)


class WholeRequestWorker(ThreadWorker):
    """gthread, gathering each request in the event loop first (see the module's docstring)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.gathering: deque[TConn] = deque()

    def accept(self, listener) -> None:
        try:
            client, address = listener.accept()
        except OSError as error:
            if error.errno in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                return
            raise
        self.nr_conns += 1
        _bound_waits(client)
        self._gather(TConn(self.cfg, client, address, listener.getsockname()))

    def on_client_socket_readable(self, conn, client) -> None:
        """A kept-alive connection's next request is gathered like a new one's."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._gather(conn)

    def _gather(self, conn: TConn) -> None:
        conn.sock.setblocking(False)
        conn.gathered = bytearray()
        conn.timeout = time.monotonic() + HEAD_SECONDS
        self.gathering.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_bytes, conn))

    def _on_bytes(self, conn: TConn, _sock) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client left
            self._drop(conn)
            return
        conn.gathered += data
        if len(conn.gathered) > GATHER_LIMIT and b"\r\n\r\n" not in conn.gathered:
            write_error(conn.sock, 431, "Request Header Fields Too Large", "the request's head is over 96 KB")
            self._drop(conn)
        elif is_whole(conn.gathered):
            self.poller.unregister(conn.sock)
            self.gathering.remove(conn)
            conn.sock.setblocking(True)
            conn.init()  # the HTTP/1 parser, which reads what was gathered first
            conn.parser.unreader.unread(bytes(conn.gathered))
            conn.data_ready = True
            self.enqueue_req(conn)

    def _drop(self, conn: TConn) -> None:
        try:
            self.poller.unregister(conn.sock)
        except (KeyError, ValueError, OSError):
            pass
        self.gathering.remove(conn)
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        super().murder_pending()
        now = time.monotonic()
        while self.gathering and self.gathering[0].timeout <= now:
            late = self.gathering[0]
            if late.gathered:  # half a request: say why it ends
                write_error(
                    late.sock, 408, "Request Timeout", f"the request was not sent within {HEAD_SECONDS:.0f} s"
                )
            self._drop(late)


class _QuietResponse(wsgi.Response):
    """A response that does not name the server software."""

    def default_headers(self) -> list[str]:
        return [line for line in super().default_headers() if not line.startswith("Server:")]


def write_error(sock, status: int, reason: str, message: str) -> None:
    """gunicorn's own answer to a request it cannot parse, as the app answers errors: JSON
    {"error": ...} with the protective headers. A transfer coding it does not support (501)
    is the client's request, so it is a 400."""
    status, reason = (400, "Bad Request") if status == 501 else (status, reason)
    body = json.dumps({"error": f"{reason}: {message}" if message else reason}).encode()
    head = [f"HTTP/1.1 {status} {reason}", "Connection: close", "Content-Type: application/json"]
    head += [f"Content-Length: {len(body)}", *(f"{name}: {value}" for name, value in HEADERS.items())]
    try:
        util.write_nonblock(sock, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
    except OSError:
        pass  # the client left; nobody to tell


wsgi.Response = _QuietResponse  # what wsgi.create builds
util.write_error = write_error
