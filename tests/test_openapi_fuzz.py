"""Schemathesis over /api/openapi.json: requests the description allows (and some it does not)
get a documented status, never a 5xx, and a body that matches the description. Bounded: a
few dozen examples an operation, well under a minute and a half."""

from __future__ import annotations

import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.transport.wsgi import WSGI_TRANSPORT

from engine.books.paths import rules_dir
from web.openapi import openapi_for

BUNDLED = sorted(
    yaml.safe_load(path.read_text(encoding="utf-8"))["id"] for path in rules_dir().glob("*/book.yaml")
)
DOCUMENT = openapi_for(BUNDLED)  # what the app serves for the bundled books
schema = schemathesis.openapi.from_dict(DOCUMENT)


def test_the_fuzzed_description_is_the_one_served(app) -> None:
    assert app.test_client().get("/api/openapi.json").get_json() == DOCUMENT


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_does_what_its_description_says(app, case) -> None:
    # in process, nothing would unpack a gzipped answer (web.compression is tested in test_web)
    response = WSGI_TRANSPORT.send(case, app=app, headers={"Accept-Encoding": "identity"})
    case.validate_response(
        response,
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
    )
