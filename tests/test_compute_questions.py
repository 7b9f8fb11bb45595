"""A computation that lacks a number nobody gave asks for it: the ruling carries a typed
question (`"type": "number"`, named by `num`), answered with `num=NAME=VALUE` / `--num`, and
the page's number form asks it."""

from __future__ import annotations

import subprocess
import sys
from urllib.parse import urlencode

import pytest

from engine.compare.behaviour import signature
from engine.compute.amounts import read_ledger
from engine.compute.model import Wanted
from engine.compute.registry import Table, compute, compute_or_ask
from engine.compute.settings import HouseRules
from engine.rulings.rulebooks import Rulebooks

KILL = "It's a kill pot. How much is the kill blind?"
BUY_IN = "buy-in.full-buy-in"


@pytest.fixture()
def client(app):
    return app.test_client()


def _table(kb: Rulebooks, text: str, structure: str) -> Table:
    rules = HouseRules.of("roberts-home", kb.effective("roberts-home"))
    return Table(rules=rules, ledger=read_ledger(text, structure), structure=structure, ruled=(BUY_IN,))


def test_a_missing_number_is_wanted_by_name(kb) -> None:
    table = _table(kb, "How much do I need to buy in for?", "no-limit")
    wanted = compute_or_ask(table, [BUY_IN])
    assert isinstance(wanted, Wanted) and (wanted.name, wanted.computation) == ("bb", "buy-in.minimum")
    assert compute(table, [BUY_IN]) is None  # compute() still gives answers only
    limit = compute_or_ask(_table(kb, "How much do I need to buy in for?", "limit"), [BUY_IN])
    assert isinstance(limit, Wanted) and limit.name == "big_bet"


def test_a_dispute_without_numbers_is_not_asked_for_one(kb) -> None:
    """Citing the buy-in rule about something else ('can he buy in short?') asks no amount."""
    assert compute_or_ask(_table(kb, "Can he buy in short?", "no-limit"), [BUY_IN]) is None


def test_the_ruling_carries_the_question_and_num_answers_it(client) -> None:
    asked = client.get("/api/ruling?" + urlencode({"house": "roberts-home", "q": KILL})).get_json()
    assert "answer" not in asked
    question = next(q for q in asked["questions"] if q.get("num"))
    assert question == {
        "fact": "bb",
        "ask": "How big is the big blind?",
        "choices": [],
        "type": "number",
        "num": "bb",
        "for": "kill.blind",
    }
    answered = client.get(
        "/api/ruling?" + urlencode({"house": "roberts-home", "q": KILL, "num": "bb=10"})
    ).get_json()
    assert answered["answer"]["value"] == 20
    assert not any(q.get("num") for q in answered["questions"])


def test_the_page_asks_for_the_number_and_its_answer_rules_again(client) -> None:
    query = {"house": "roberts-home", "q": KILL}
    page = client.get("/?" + urlencode(query)).get_data(as_text=True)
    assert "To work out the number: How big is the big blind?" in page
    assert 'name="answer_as" value="num"' in page
    typed = client.get("/?" + urlencode({**query, "fact_name": "bb", "fact_value": "10", "answer_as": "num"}))
    assert typed.status_code == 303
    assert "num=bb%3D10" in typed.headers["Location"] and "fact=bb" not in typed.headers["Location"]
    ruled = client.get(typed.headers["Location"].split("#")[0]).get_data(as_text=True)
    assert "The kill blind is $20" in ruled and "To work out the number" not in ruled


def test_the_cli_says_which_num_answers_it() -> None:
    command = [sys.executable, "-m", "engine.cli", "ruling", "--house", "roberts-home", KILL]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert "Ask: How big is the big blind?  (--num bb=...)" in text.splitlines()


def test_houses_asked_for_a_number_alone_still_rule_alike() -> None:
    """Compare-houses tells houses apart by the facts they ask, not by a number wanted."""
    ruled = {"status": "ruled", "rulings": [{"outcome": "allowed", "parameters": {}}]}
    wanted = Wanted("bb", "How big is the big blind?", "kill.blind").as_question()
    needs = {"status": "needs-facts", "rulings": [], "questions": [{"fact": "street"}]}
    assert signature({**needs, "questions": [*needs["questions"], wanted]}) == signature(needs)
    assert signature({**ruled, "questions": [wanted]}) == signature({**ruled, "questions": []})
