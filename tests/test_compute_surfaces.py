"""The computed answer on every surface: the API's JSON (and its OpenAPI description), the
ruling page's block above the rule, and the CLI's --num and text output."""

from __future__ import annotations

import json
import subprocess
import sys
from urllib.parse import urlencode

import pytest

import engine.compute.catalog  # noqa: F401  (registers every computation)
from engine.compute.registry import REGISTRY

PL = {
    "house": "roberts-home",
    "game": "omaha",
    "structure": "pot-limit",
    "fact": "event=pot-size-raise",
}


@pytest.fixture()
def client(app):
    return app.test_client()


def _url(path: str, nums: list[str]) -> str:
    return f"{path}?{urlencode([*PL.items(), *(('num', n) for n in nums)])}"


def test_the_api_carries_the_answer_from_num_parameters(client) -> None:
    body = client.get(_url("/api/ruling", ["pot=100", "actions=A bets 50"])).get_json()
    answer = body["answer"]
    assert (answer["value"], answer["unit"], answer["display"]) == (250, "$", "Raise to $250 at most")
    assert answer["cites"] == ["roberts-home/pot-limit-rules/4"]
    assert any("$200" in step for step in answer["working"])
    assert {"name", "value", "from"} <= set(answer["settings"][0])


def test_a_different_number_changes_the_answer(client) -> None:
    assert (
        client.get(_url("/api/ruling", ["pot=300", "actions=A bets 50"])).get_json()["answer"]["value"] == 450
    )


def test_a_bad_number_is_a_400_naming_it(client) -> None:
    response = client.get(_url("/api/ruling", ["pots=100"]))
    assert response.status_code == 400 and "pots" in response.get_json()["error"]
    response = client.get(_url("/api/ruling", ["pot=lots"]))
    assert response.status_code == 400 and "pot" in response.get_json()["error"]


def test_openapi_describes_num_and_the_answer(client) -> None:
    spec = client.get("/api/openapi.json").get_json()
    parameters = [p["name"] for p in spec["paths"]["/api/ruling"]["get"]["parameters"]]
    assert "num" in parameters
    assert spec["components"]["schemas"]["Ruling"]["properties"]["answer"] == {
        "$ref": "#/components/schemas/Answer"
    }
    assert {"value", "unit", "display", "working"} <= set(spec["components"]["schemas"]["Answer"]["required"])


def test_the_ruling_page_shows_the_number_above_the_rule(client) -> None:
    page = client.get(_url("/", ["pot=100", "actions=A bets 50"])).get_data(as_text=True)
    assert "Raise to $250 at most" in page
    assert page.index("Raise to $250 at most") < page.index("The maximum amount a player can raise")
    assert "num=pot%3D100" in page  # the permalink replays the numbers too


def test_the_cli_prints_the_answer_first_and_in_json() -> None:
    command = [sys.executable, "-m", "engine.cli", "ruling", "--house", "catfish-bend", "--game", "holdem"]
    command += [
        "--structure",
        "no-limit",
        "--fact",
        "event=completion",
        "--num",
        "actions=A bets 100, B all-in 140",
    ]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    lines = text.splitlines()
    assert "Answer: Raise to at least $240" in lines
    assert lines.index("Answer: Raise to at least $240") < next(
        i for i, line in enumerate(lines) if line.startswith("Ruling")
    )
    assert "Worked out from the numbers: betting_rounds=4" in lines
    data = json.loads(subprocess.run([*command, "--json"], capture_output=True, text=True, check=True).stdout)
    assert data["answer"]["value"] == 240


def test_the_cli_rejects_an_unknown_number() -> None:
    command = [sys.executable, "-m", "engine.cli", "ruling", "--house", "catfish-bend", "--num", "pots=1"]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 2 and "unknown number 'pots'" in result.stderr


def test_every_registered_key_is_a_rule_key_of_some_book(library) -> None:
    keys = {rule.key for rule in library.rules}
    assert len(REGISTRY) > 40
    assert sorted(set(REGISTRY) - keys) == []
