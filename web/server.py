"""Serve the app in production: gunicorn, one worker process per core, a few threads each.

The knowledge base is loaded once, before the workers fork (`preload_app`), so every worker
shares it; each worker answers requests on its own core, which a single Python process
(the GIL) cannot do. Workers read each request whole before a thread takes it
(web.worker), so slow or half-open clients cannot hold the threads.

SIGHUP reloads the rules: the master builds the new app while the old workers keep
answering, then starts new workers on it and retires the old ones gracefully, so each
request is answered by the old rulebooks or the new, never a mix. An edit that breaks a
book being served is not taken: the last good version keeps serving, and the problems are
logged and listed on /books. `serve --reload-rules` sends the SIGHUP itself when a file
in the rules folder changes.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from pathlib import Path

from gunicorn.app.base import BaseApplication

from engine.books.quarantine import Quarantine
from engine.freetext import cache
from engine.serving import Served, load_served
from web import create_app
from web.worker import WholeRequestWorker

WATCH_SECONDS = 1.0  # how often --reload-rules looks at the rules folder


def log(message: str) -> None:
    print(f"pokerrules: {message}", file=sys.stderr, flush=True)


def log_quarantine(served: Served) -> None:
    """Each book not served, with its problems as `file:line: field: message`."""
    for book, problems in served.quarantine.books.items():
        log(f"book '{book}' is quarantined (not served): {len(problems)} problem(s)")
        for problem in problems:
            print(problem, file=sys.stderr)
    for problem in served.quarantine.elsewhere:
        print(problem, file=sys.stderr)
    sys.stderr.flush()


def broken_by(candidate: Served, current: Served) -> Quarantine:
    """The books the candidate would stop serving because an edit broke them."""
    lost = {
        book: problems
        for book, problems in candidate.quarantine.books.items()
        if book in current.kb.library.books
    }
    return Quarantine(lost)


class ProductionServer(BaseApplication):
    """gunicorn, configured in code: no config file, no command-line parsing of its own."""

    def __init__(
        self,
        host: str,
        port: int,
        workers: int | None = None,
        threads: int = 2,  # four had a mixed-load p99 of 170-480 ms, two 60-160 ms (bench/load_api.py)
        rules: Path | None = None,
        watch: bool = False,
        houses: list[Path] | None = None,
    ) -> None:
        self.houses = houses  # folders of house books served beside the bundled ones
        self.rules = rules
        self.watch = watch
        self.options = {
            "bind": f"{host}:{port}",
            "workers": workers or max(2, os.cpu_count() or 2),
            "worker_class": WholeRequestWorker,
            "threads": max(2, threads),
            "preload_app": True,
            "timeout": 30,
            "graceful_timeout": 20,
            "keepalive": 5,
            # No limit of gunicorn's own (at most 8190 bytes), so the app answers a long query
            # itself, in JSON (web.MAX_QUERY_BYTES: 2,000 characters of any script are 24 KB
            # percent-encoded); the worker refuses a request head over web.worker.GATHER_LIMIT.
            "limit_request_line": 0,
            "limit_request_field_size": 8190,
            "accesslog": None,
            "errorlog": "-",
            "loglevel": "warning",
            "post_fork": self._start_worker,
            "worker_exit": self._end_worker,
            "when_ready": self._ready,
        }
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        served = load_served(self.rules, self.houses)
        log_quarantine(served)
        return self._frozen(create_app(served))

    def _frozen(self, app):
        # The knowledge base is about 220,000 long-lived objects the collector tracks.
        # Frozen, a full collection no longer walks them (measured: a 159 ms pause in the
        # middle of a request, 6 ms frozen), and forked workers do not copy the pages a
        # collection would touch.
        gc.freeze()
        self.app = app
        return app

    def reload(self) -> None:
        """SIGHUP: gunicorn rereads its settings; the rules are read again here."""
        super().reload()
        current: Served = self.app.extensions["pokerrules.served"]
        started = time.monotonic()
        try:
            candidate = load_served(self.rules, self.houses)
            broken = broken_by(candidate, current)
            fresh = None if broken else create_app(candidate)
        except Exception as error:  # noqa: BLE001 - a failed reload must leave the server serving
            log(f"reloading the rules failed, the last good rules keep serving: {error!r}")
            return
        if fresh is None:
            log("the edited rules break books being served; the last good version keeps serving:")
            for problem in broken.problems():
                print(problem, file=sys.stderr, flush=True)
            self.app.extensions["pokerrules.rejected"] = broken
            return
        log_quarantine(candidate)
        gc.unfreeze()
        self.callable = self.app = None
        gc.collect()  # the old knowledge base, in the master
        self.callable = self._frozen(fresh)
        log(f"rules reloaded in {time.monotonic() - started:.1f} s")

    def _ready(self, server) -> None:
        if self.watch:
            threading.Thread(target=self._watch, args=(server.pid,), daemon=True).start()

    def _watch(self, master: int) -> None:
        """--reload-rules: a SIGHUP to the master when the rules folder's files change."""
        folder = self.app.extensions["pokerrules.served"].root
        seen = cache.stamp([folder])
        while True:
            time.sleep(WATCH_SECONDS)
            now = cache.stamp([folder])
            if now != seen:
                time.sleep(WATCH_SECONDS / 2)  # let an editor finish writing
                seen = cache.stamp([folder])
                log(f"the rules in {folder} changed: reloading")
                os.kill(master, signal.SIGHUP)

    def _start_worker(self, server, worker) -> None:
        """Each worker starts its own sentence-model runtime (a runtime's threads do not
        survive a fork) before its first request, which would otherwise wait a second."""
        model = self.app.extensions["pokerrules"].sentence_model
        if model is not None:
            model.start()

    def _end_worker(self, server, worker) -> None:
        """A worker leaves at once, with the exit status it was leaving with. Had ONNX Runtime
        been imported before the fork (to compute vectors the shipped file lacks), its exit
        handlers would wait for ever on a lock its thread held in the parent."""
        leaving = sys.exc_info()[1]
        status = leaving.code if isinstance(leaving, SystemExit) and isinstance(leaving.code, int) else 0
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
