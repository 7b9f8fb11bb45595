"""A count known only from below ("2+"): the words tell one player acting and may leave
others untold, or nobody mentions a count a teller would mention were it smaller. It decides
the conditions it can and leaves the rest to ask, and a rule that only says another again
is cited after it."""

import pytest
from flask import Flask

from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lookup import lookup
from engine.render.ruling_json import lookup_json, ruling_json
from engine.rulings.deciding import trial_values
from engine.rulings.matching import check_conditions, decided_from_below, value_matches
from engine.rulings.resolver import resolve
from engine.rulings.situation import AtLeast, SituationError, make_situation


@pytest.mark.parametrize(
    ("condition", "low", "decided"),
    [
        ({"min": 3}, 3, True),  # every count from 3 on meets it
        ({"min": 1}, 2, True),
        ({"max": 1}, 2, False),  # none does
        ({"max": 1}, 1, None),  # 1 meets it, 2 does not: the count decides
        ({"min": 2}, 1, None),
        ({"min": 1, "max": 3}, 1, None),
        ({"gt": 0, "lt": 2}, 2, False),
        (0, 1, False),
        (1, 1, None),
        ([0, 1], 1, None),
        ([0, {"min": 1}], 1, True),
        ("big-blind", 1, False),
    ],
)
def test_a_bound_decides_only_what_every_count_above_it_would(
    condition: object, low: int, decided: object
) -> None:
    assert decided_from_below(condition, low) is decided
    assert value_matches(condition, AtLeast(low)) is (decided is True)


def test_an_undecided_condition_is_missing_so_it_is_asked() -> None:
    assert check_conditions({"players_acted": {"max": 1}}, {"players_acted": AtLeast(1)}).missing == {
        "players_acted"
    }
    assert check_conditions({"players_acted": {"max": 0}}, {"players_acted": AtLeast(1)}).holds is False
    assert check_conditions({"players_acted": {"min": 1}}, {"players_acted": AtLeast(1)}).holds is True


def test_a_bound_is_given_as_n_plus_or_n_or_more(kb: KnowledgeBase) -> None:
    for written in ("2+", "2 or more", " 2 + "):
        situation = make_situation(kb.vocab, "roberts-home", facts={"players_acted": written})
        assert situation.facts["players_acted"] == AtLeast(2) and situation.facts["players_acted"].low == 2
    with pytest.raises(SituationError, match="takes a number"):
        make_situation(kb.vocab, "roberts-home", facts={"players_acted": "2-"})
    with pytest.raises(SituationError, match="yes or no"):
        make_situation(kb.vocab, "roberts-home", facts={"all_in": "1+"})


def test_only_answers_within_the_bound_are_tried(kb: KnowledgeBase) -> None:
    situation = make_situation(kb.vocab, "homepokertourney", facts={"players_remaining": "3+"})
    readings = []  # no rule's thresholds: the bound itself is the one answer left
    assert trial_values("players_remaining", readings, situation, kb.vocab) == [3]


def test_the_stud_lowcard_rule_decides_on_one_player_acting(kb: KnowledgeBase) -> None:
    facts = {"event": "lowcard-error", "players_acted": "1+"}
    answer = ruling_json(resolve(kb, make_situation(kb.vocab, "roberts-home", game="stud", facts=facts)))
    assert answer["status"] == "ruled" and answer["rulings"][0]["key"] == "stud.wrong-lowcard"
    assert answer["situation"]["facts"]["players_acted"] == "1+"
    assert answer["rulings"][0]["outcome"] == "action-stands"  # the case "next player has acted"


DEAD_BUTTON = "big blind busted at the final table. does the button move up one like normal?"


@pytest.mark.xfail(
    strict=True,
    reason="known regression (ninth session): the told examples of HomePokerTourney's small-blind "
    "rule share these words, and the ranking does not weigh the blind the words name",
)
def test_the_big_blind_busting_is_not_ranked_as_the_small_blind(kb: KnowledgeBase) -> None:
    told = "final table, the big blind just busted. does the button move up one like normal?"
    answer = lookup_json(lookup(kb, "homepokertourney", told))
    assert answer["status"] == "ruled" and answer["rulings"][0]["key"] == "tournament.dead-button"


def test_a_dead_button_story_takes_three_or_more_left_and_the_next_hand(kb: KnowledgeBase) -> None:
    answer = lookup_json(lookup(kb, "homepokertourney", DEAD_BUTTON))
    assert answer["status"] == "ruled", answer.get("questions")
    assert answer["rulings"][0]["key"] == "tournament.dead-button"  # the help page restating it after
    taken = {name: item for name, item in answer["inferred"].items() if item.get("unmentioned")}
    assert taken["hand_after_bust"]["value"] == 1
    assert taken["players_remaining"] == {
        "value": "3+",
        "from": "nobody mentioned it, so taken as 3 or more",
        "unmentioned": True,
    }


def test_a_count_that_is_mentioned_is_asked_not_taken(kb: KnowledgeBase) -> None:
    told = lookup_json(lookup(kb, "homepokertourney", DEAD_BUTTON.replace("final table", "down to two")))
    assert "players_remaining" not in {
        n for n, i in (told.get("inferred") or {}).items() if i.get("unmentioned")
    }


def test_the_page_shows_the_bound_and_corrects_it_from_its_count(app: Flask) -> None:
    page = (
        app.test_client()
        .get("/", query_string={"house": "homepokertourney", "q": DEAD_BUTTON})
        .get_data(True)
    )
    assert "players remaining: <strong>3 or more</strong>" in page
    assert 'name="fact_value" min="0" inputmode="numeric" value="3"' in page


def test_a_help_page_that_restates_the_rule_is_cited_after_it(kb: KnowledgeBase) -> None:
    facts = {
        "event": "dead-button",
        "blind_position": "big-blind",
        "seat_refilled": False,
        "players_remaining": 5,
        "hand_after_bust": 1,
    }
    situation = make_situation(kb.vocab, "homepokertourney", format="tournament", facts=facts)
    answer = ruling_json(resolve(kb, situation))
    keys = [rule["key"] for rule in answer["rulings"]]
    assert keys[0] == "tournament.dead-button" and "tournament.dead-button-help-big-blind" in keys


def test_a_described_dispute_cites_the_rule_its_help_page_restates(kb: KnowledgeBase) -> None:
    """The words match the help page best; the rule it only says again is resolved with it and
    cited first, not left out because the ranking put it lower."""
    from engine.freetext.lookup import lookup

    said = (
        "Our home tourney, 7 left, all at one table now so nobody's coming over from anywhere. "
        "Kev in the big blind just busted. Who posts what next hand?"
    )
    found = lookup(kb, "homepokertourney", said)
    assert found.ruling.governing is not None
    assert found.ruling.governing.rule.key == "tournament.dead-button"
