"""One error shape: JSON {"error": "..."} with a 4xx/5xx status under /api, a short page
elsewhere. The message names what is allowed; a stack trace is never shown."""

from __future__ import annotations

from flask import Flask, render_template, request
from werkzeug.exceptions import HTTPException

from engine.books.effective import UnknownBook
from engine.freetext.understand import TextError
from engine.rulings.situation import SituationError


class BadRequest(ValueError):
    """A request the engine cannot answer as asked; the message says why."""


USER_ERRORS = (UnknownBook, SituationError, TextError, BadRequest)


def _respond(status: int, message: str):
    if request.path.startswith("/api"):
        return {"error": message}, status
    return render_template("error.html", status=status, message=message), status


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        messages = {
            404: "There is no such page.",
            405: "That method is not allowed here.",
            413: "The request is too large.",
        }
        body, status = _respond(error.code or 500, messages.get(error.code or 500, error.description or ""))
        kept = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
        return body, status, kept  # a 405's Allow

    @app.errorhandler(UnknownBook)
    def unknown_book(error: UnknownBook):
        return _respond(404 if request.view_args and "book_id" in request.view_args else 400, str(error))

    @app.errorhandler(SituationError)
    @app.errorhandler(TextError)
    @app.errorhandler(BadRequest)
    def bad_request(error: Exception):
        return _respond(400, str(error))

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        app.logger.exception("unexpected error")
        return _respond(500, "Something went wrong on our side; the ruling could not be given.")
