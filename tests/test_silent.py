"""A house rule whose words do not decide a situation (`silent_when`) is set aside there, and
the person is told so: not "no rule of its own", but its own rule does not decide this."""

from flask import Flask

from engine.freetext.knowledge import KnowledgeBase
from engine.render.ruling_json import ruling_json
from engine.render.ruling_text import render_ruling
from engine.rulings.resolver import resolve
from engine.rulings.situation import make_situation

EQUAL_STACKS = {"event": "elimination-order", "players_busted_same_hand": 2, "equal_starting_stacks": True}


def test_a_silent_house_rule_is_named_with_the_inherited_rule_that_governs(kb: KnowledgeBase) -> None:
    situation = make_situation(kb.vocab, "homepokertourney", format="tournament", facts=EQUAL_STACKS)
    answer = ruling_json(resolve(kb, situation))
    assert answer["rulings"][0]["id"] == "roberts-v7/tournaments/35"
    assert [item["key"] for item in answer["silent"]] == ["tournament.winning-order"]
    assert (
        "homepokertourney's own rule (WINNING THE TOURNEY) does not decide this situation"
        in render_ruling(answer)
    )


def test_unequal_stacks_are_the_house_rules_own(kb: KnowledgeBase) -> None:
    facts = {**EQUAL_STACKS, "equal_starting_stacks": False}
    answer = ruling_json(
        resolve(kb, make_situation(kb.vocab, "homepokertourney", format="tournament", facts=facts))
    )
    assert answer["rulings"][0]["key"] == "tournament.winning-order" and answer["silent"] == []


def test_the_page_says_the_house_rule_does_not_decide_it(app: Flask) -> None:
    page = (
        app.test_client()
        .get(
            "/?house=homepokertourney&format=tournament&fact=event=elimination-order"
            "&fact=players_busted_same_hand=2&fact=equal_starting_stacks=true"
        )
        .get_data(as_text=True)
    )
    assert "its own rule (WINNING THE TOURNEY) does not decide this situation" in page
