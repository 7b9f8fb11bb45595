"""The numbers a computed answer was worked out from, as fields on the ruling page: prefilled
with the values read from the words (or given), the words beside each, labelled in the floor's
words; one button works it out again with `num=NAME=VALUE` for each field changed, the
description kept. A plain GET form: these tests submit it as a browser without JavaScript does."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

from engine.compute.given import ledger_for
from engine.rulings.situation import SituationError

PLO = "PLO 1/2, pot is 100, A bets 50, what's the most B can raise to?"
ASKED = {"house": "roberts-home", "q": PLO}


@pytest.fixture()
def client(app):
    return app.test_client()


def _page(client, query) -> str:
    return client.get("/?" + urlencode(query)).get_data(as_text=True)


def _form(page: str) -> str:
    found = re.search(r'<form method="get" class="numbers".*?</form>', page, re.S)
    assert found, "the computed answer has a numbers form"
    return found.group(0)


def _inputs(form: str) -> list[tuple[str, str]]:
    """Every input of the form as the browser would send it: (name, value), in order."""
    pairs = []
    for tag in re.findall(r"<input [^>]*>", form):
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
        assert name and value, tag
        pairs.append((html.unescape(name.group(1)), html.unescape(value.group(1))))
    return pairs


def _fields(form: str) -> dict[str, str]:
    return {name[4:]: value for name, value in _inputs(form) if name.startswith("fix.")}


def _submit(client, form: str, typed: dict[str, str]):
    sent = [
        (name, typed.get(name[4:], value) if name.startswith("fix.") else value)
        for name, value in _inputs(form)
    ]
    return client.get("/?" + urlencode(sent))


def _value_shown(page: str) -> str:
    found = re.search(r'<p class="verdict computed-value">([^<]*)</p>', page)
    assert found, "a computed answer"
    return html.unescape(found.group(1))


def test_every_number_read_is_a_field_prefilled_with_its_value_and_its_words(client) -> None:
    read = client.get("/api/ruling", query_string=ASKED).get_json()["answer"]["read"]
    form = _form(_page(client, ASKED))
    assert _fields(form) == {"pot": "100", "sb": "1", "bb": "2", "action1": "50"}
    assert {item["num"]: item["value"] for item in read} == _fields(form)
    words = html.unescape(re.sub(r"<[^>]+>", " ", form))
    for label, said in [
        ("Pot before this round", "pot is 100"),
        ("Small blind", "PLO 1/2"),
        ("Big blind", "PLO 1/2"),
        ("A's bet", "bets 50"),
    ]:
        assert label in words and f"from “{said}”" in words
    labels = [html.unescape(text) for text in re.findall(r"<label[^>]*>([^<]*)</label>", form)]
    assert not {"pot", "sb", "bb", "action1", "A bet"} & set(labels), "no internal names as labels"
    for tag in re.findall(r'<input [^>]*name="fix\.[^"]*"[^>]*>', form):
        assert 'type="number"' in tag and 'inputmode="decimal"' in tag and 'step="any"' in tag
    assert "Work it out again" in form


def test_a_count_is_a_whole_number_field(client) -> None:
    asked = {"house": "homepokertourney", "q": "40 players bought in at $50. What does 3rd place pay?"}
    form = _form(_page(client, asked))
    tags = {
        re.search(r'name="fix\.([^"]*)"', t).group(1): t
        for t in re.findall(r'<input [^>]*name="fix\.[^>]*>', form)
    }
    assert 'inputmode="numeric"' in tags["entrants"] and 'inputmode="decimal"' in tags["buy_in"]


def test_changing_numbers_works_it_out_again_with_the_description_kept(client) -> None:
    page = _page(client, ASKED)
    assert _value_shown(page) == "Raise to $250 at most"
    response = _submit(client, _form(page), {"pot": "120", "action1": "60"})
    assert response.status_code == 303
    location = response.headers["Location"]
    sent = parse_qsl(urlsplit(location).query)
    assert ("q", PLO) in sent and ("house", "roberts-home") in sent, "the description is kept"
    assert [value for name, value in sent if name == "num"] == ["pot=120", "action1=60"], "only what changed"
    assert not [name for name, _ in sent if name.startswith(("fix.", "was."))]
    assert location.endswith("#verdict")
    again = client.get(location).get_data(as_text=True)
    assert _value_shown(again) == "Raise to $300 at most"  # 60 + (120 + 60 + 60)
    api = client.get("/api/ruling?" + urlsplit(location).query).get_json()
    assert api["answer"]["value"] == 300
    form = _form(again)
    assert _fields(form) == {"pot": "120", "sb": "1", "bb": "2", "action1": "60"}
    assert form.count("as given") == 2, "a corrected number says it was given"
    said = html.unescape(form)
    assert "as given; the words said “pot is 100”" in said and "as given; the words said “bets 50”" in said


def test_a_second_correction_replaces_the_first(client) -> None:
    first = client.get(_submit(client, _form(_page(client, ASKED)), {"pot": "120"}).headers["Location"])
    response = _submit(client, _form(first.get_data(as_text=True)), {"pot": "300"})
    sent = parse_qsl(urlsplit(response.headers["Location"]).query)
    assert [value for name, value in sent if name == "num"] == ["pot=300"]
    assert (
        _value_shown(client.get(response.headers["Location"]).get_data(as_text=True))
        == "Raise to $450 at most"  # 50 + (300 + 50 + 50)
    )


def test_nothing_changed_adds_no_number(client) -> None:
    response = _submit(client, _form(_page(client, ASKED)), {"pot": "100.00", "bb": ""})
    sent = parse_qsl(urlsplit(response.headers["Location"]).query)
    assert response.status_code == 303 and not [name for name, _ in sent if name == "num"]


def test_a_number_that_is_no_number_is_a_clear_400(client) -> None:
    response = _submit(client, _form(_page(client, ASKED)), {"pot": "lots"})
    page = client.get(response.headers["Location"])
    assert page.status_code == 400 and "takes an amount" in html.unescape(page.get_data(as_text=True))


def test_an_actions_amount_is_corrected_by_its_place_in_the_story() -> None:
    told = "A bets 100, B goes all in for 140, C calls"
    ledger = ledger_for(told, {"action2": "150"})
    assert [(a.who, a.kind, a.amount, a.given) for a in ledger.actions] == [
        ("A", "bet", 100, False),
        ("B", "allin", 150, True),
        ("C", "call", None, False),
    ]
    with pytest.raises(SituationError, match="action1, action2"):
        ledger_for(told, {"action3": "10"})  # C's call has no amount to correct
    with pytest.raises(SituationError, match="action1"):
        ledger_for(told, {"action9": "10"})


def test_labels_are_the_floors_words_and_repeats_are_told_apart() -> None:
    from web.numbers import fields

    read = [
        {"name": "bb", "value": "10", "from": "blinds 5/10", "num": "bb"},
        {"name": "utg+1 raise", "value": "30", "from": "raises to 30", "num": "action1"},
        {"name": "me allin", "value": "1,200", "from": "I shove 1200", "num": "action2"},
        {"name": "seat 4 bet", "value": "50", "from": "bets 50", "num": "action3"},
        {"name": "seat 4 bet", "value": "150", "from": "bets 150", "num": "action4"},
        {"name": "A check", "value": "", "from": "checks"},
    ]
    shown = fields({"read": read})
    assert [(f["label"], f["value"]) for f in shown] == [
        ("Big blind", "10"),
        ("UTG+1's raise", "30"),
        ("Your all-in", "1200"),
        ("Seat 4's bet", "50"),
        ("Seat 4's bet (2nd)", "150"),
    ]


def test_actions_given_replace_the_actions_the_words_tell() -> None:
    """`actions=` wins over the words like every number given: "A bets 50" told and "A bets 60"
    given is one bet of 60, not two bets."""
    ledger = ledger_for(
        "PLO, pot is 100, A bets 50, what's the most B can raise to?", {"actions": "A bets 60"}
    )
    assert [(a.who, a.kind, a.amount) for a in ledger.actions] == [("A", "bet", 60)]
    assert ledger.asker == "B" and ledger.get("pot") == 100
    alone = ledger_for(None, {"actions": "A bets 100, B all-in 140"})
    assert [(a.who, a.amount) for a in alone.actions] == [("A", 100), ("B", 140)]
