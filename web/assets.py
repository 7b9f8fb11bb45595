"""Fingerprinted static files: `url_for('static', ...)` adds `?v=<digest of the file>`, and a
URL carrying the current digest is cached for a year without asking again (the digest moves
when the file does). Anything else under /static is revalidated, as before."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Flask, Response, request

YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={YEAR}, immutable"


def digests(folder: Path) -> dict[str, str]:
    """Each static file's name (relative, with /) -> the first 10 hex digits of its SHA-256."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[:10]
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def install_assets(app: Flask) -> None:
    """Add the fingerprint to static URLs and the long-lived caching to their responses."""
    versions = digests(Path(app.static_folder or "static"))
    app.extensions["pokerrules.assets"] = versions

    @app.url_defaults
    def fingerprint(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "v" not in values and values.get("filename") in versions:
            values["v"] = versions[values["filename"]]

    @app.after_request
    def cache_static(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code == 200:
            current = versions.get(str((request.view_args or {}).get("filename")))
            fresh = current is not None and request.args.get("v") == current
            response.headers["Cache-Control"] = IMMUTABLE if fresh else "no-cache"
        return response
