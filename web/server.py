"""Serve the app in production: gunicorn with one worker process per core.

The knowledge base is loaded once, before the workers fork (`preload_app`), so every worker
shares it; each worker answers requests on its own core, which a single Python process
(the GIL) cannot do.
"""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

from gunicorn.app.base import BaseApplication

from web import create_app


class ProductionServer(BaseApplication):
    """gunicorn, configured in code: no config file, no command-line parsing of its own."""

    def __init__(
        self,
        host: str,
        port: int,
        workers: int | None = None,
        threads: int = 1,
        houses: list[Path] | None = None,
    ) -> None:
        self.houses = houses  # folders of house books served beside the bundled ones
        self.options = {
            "bind": f"{host}:{port}",
            "workers": workers or max(2, os.cpu_count() or 2),
            "threads": threads,
            "preload_app": True,
            "timeout": 30,
            "keepalive": 5,
            "limit_request_line": 8190,
            "limit_request_field_size": 8190,
            "accesslog": None,
            "errorlog": "-",
            "loglevel": "warning",
            "post_fork": self._start_worker,
            "worker_exit": self._end_worker,
        }
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        app = create_app(houses=self.houses)
        # The knowledge base is about 220,000 long-lived objects the collector tracks.
        # Frozen, a full collection no longer walks them (measured: a 159 ms pause in the
        # middle of a request, 6 ms frozen), and forked workers do not copy the pages a
        # collection would touch.
        gc.freeze()
        self.app = app
        return app

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
