"""`pokerrules ruling`: the contract's JSON, readable text, and clear errors (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def ruling(*args: str, hash_seed: str | None = None) -> subprocess.CompletedProcess[str]:
    environment = None if hash_seed is None else {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run(
        [sys.executable, "-m", "engine.cli", "ruling", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )


def test_json_has_the_contract_fields() -> None:
    result = ruling("--house", "catfish-bend", "--fact", "event=playing-out-of-rack", "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert {"status", "house", "situation", "rulings", "overridden", "questions", "trace"} <= set(answer)
    governing = answer["rulings"][0]
    assert {"key", "book", "section", "number", "text", "outcome", "summary", "discretion"} <= set(governing)
    assert governing["text"] == "Playing out of a rack is allowed."


def test_the_rules_set_aside_are_listed_each_with_its_reason() -> None:
    """Draw High rule 1 governs the home edition's limit draw-high cap over Betting rule 3
    and Explanation 6 (tests/rulings/draw-high.yaml): both are listed, each with why."""
    result = ruling(
        "--house",
        "roberts-home",
        "--game",
        "draw-high",
        "--structure",
        "limit",
        "--fact",
        "event=raise-limit",
        "--fact",
        "heads_up=false",
        "--fact",
        "players_in_pot=3",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    overridden = json.loads(result.stdout)["overridden"]
    assert {"roberts-home/betting-and-raising/3", "roberts-home/explanations/6"} <= {
        item["id"] for item in overridden
    }
    for item in overridden:
        assert {"key", "book", "id", "by", "reason", "outcome"} <= set(item)
        assert item["by"] == "roberts-home/rules-of-draw-high/1" and item["reason"]


def test_text_output_cites_the_rule() -> None:
    result = ruling("--house", "roberts-home", "--fact", "event=playing-out-of-rack")
    assert "Playing out of a chip rack is not allowed." in result.stdout
    assert "roberts-home, Procedures (§2), rule 7" in result.stdout


def test_a_question_is_asked_and_answering_it_rules() -> None:
    asked = json.loads(
        ruling(
            "--house", "roberts-home", "--game", "holdem", "--fact", "event=misdeal-claim", "--json"
        ).stdout
    )
    assert asked["status"] == "needs-facts"
    question = asked["questions"][0]
    assert question["fact"] == "players_acted" and "acted" in question["ask"]
    answered = json.loads(
        ruling(
            "--house",
            "roberts-home",
            "--game",
            "holdem",
            "--fact",
            "event=misdeal-claim",
            "--fact",
            "players_acted=2",
            "--json",
        ).stdout
    )
    assert answered["status"] == "ruled"


def test_same_request_same_bytes() -> None:
    """Asked in two processes whose string hashes differ, so their sets iterate in different orders."""
    args = ("--house", "homepokertourney", "--game", "holdem", "--fact", "event=straddle", "--json")
    first, second = ruling(*args, hash_seed="1"), ruling(*args, hash_seed="2")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout


def test_unknown_house_lists_the_houses() -> None:
    result = ruling("--house", "bellagio", "--fact", "event=straddle")
    assert result.returncode == 2
    assert "unknown book 'bellagio'" in result.stderr and "catfish-bend" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_game_and_fact_and_wrong_type_name_the_allowed_values() -> None:
    game = ruling("--house", "roberts-home", "--game", "holdum", "--fact", "event=straddle")
    assert game.returncode == 2 and "did you mean 'holdem'" in game.stderr
    fact = ruling("--house", "roberts-home", "--fact", "minutes_awy=5")
    assert fact.returncode == 2 and "did you mean 'minutes_away'" in fact.stderr
    wrong = ruling("--house", "roberts-home", "--fact", "players_acted=two")
    assert wrong.returncode == 2 and "takes a number" in wrong.stderr
    malformed = ruling("--house", "roberts-home", "--fact", "players_acted")
    assert malformed.returncode == 2 and "KEY=VALUE" in malformed.stderr


def test_an_answered_question_is_traced_as_answered() -> None:
    answered = json.loads(
        ruling(
            "--house",
            "roberts-home",
            "--game",
            "holdem",
            "--fact",
            "event=misdeal-claim",
            "--answer",
            "players_acted=2",
            "--json",
        ).stdout
    )
    assert answered["status"] == "ruled"
    assert "fact players_acted = 2 (answered)" in answered["trace"]
    assert "fact event = misdeal-claim (given)" in answered["trace"]


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e309", "9" * 400, "1e13"])
def test_a_number_fact_that_is_not_a_table_number_is_an_error_naming_the_fact(value: str) -> None:
    result = ruling(
        "--house", "catfish-bend", "--fact", "event=exposed-card", "--fact", f"card_number={value}"
    )
    assert result.returncode == 2
    assert "card_number" in result.stderr and "takes a number" in result.stderr
    assert "Error:" not in result.stderr and "Traceback" not in result.stderr
