"""A question is asked only when its answers rule differently (engine.rulings.deciding)."""

from engine.render.ruling_json import ruling_json
from engine.rulings.deciding import _either_side
from engine.rulings.resolver import RulingStatus, make_situation, resolve


def test_a_number_is_tried_on_both_sides_of_each_threshold():
    assert _either_side({"min": 16}, {}, 1) == {15, 16, 17}
    assert _either_side({"max": 15}, {}, 1) == {14, 15, 16}
    assert _either_side([1, {"min": 3}], {}, 1) == {1, 2, 3, 4}
    assert _either_side("holecard", {}, 1) == set()


def test_a_threshold_naming_a_parameter_is_tried_where_the_house_sets_it():
    parameters = {"absence_minutes": {"value": 30, "unit": "minutes"}}
    assert _either_side({"gt": "absence_minutes"}, parameters, 1) == {29, 30, 31}


def test_a_fact_every_answer_rules_alike_is_not_asked_and_says_so(kb):
    facts = {"event": "pot-size-raise", "betting_rounds": 4, "pot_amount": 100}
    situation = make_situation(kb.vocab, "catfish-bend", game="omaha", structure="pot-limit", facts=facts)
    ruling = resolve(kb, situation)
    assert ruling.status == RulingStatus.RULED and ruling.governing.outcome == "bet-size-limit"
    assert {q.fact for q in ruling.not_asked} >= {"format", "street"}
    assert [q["fact"] for q in ruling_json(ruling)["not_asked"]] == [q.fact for q in ruling.not_asked]


def test_a_case_left_open_that_rules_alike_is_not_asked_and_says_so(kb):
    """Two holecards exposed are a misdeal whichever cards of the deal they were: hold'em's
    own rule rules it by its "more than one" case, and which card came first is not asked."""
    facts = {"event": "exposed-card", "card": "holecard", "exposed_by": "dealer", "cards_exposed": 2}
    ruling = resolve(kb, make_situation(kb.vocab, "roberts-home", game="holdem", facts=facts))
    assert ruling.status == RulingStatus.RULED and ruling.governing.rule.key == "holdem.exposed-holecard"
    assert ruling.governing.outcome == "misdeal"
    assert [q.fact for q in ruling.not_asked] == ["card_number"]


def test_a_case_left_open_that_rules_otherwise_is_asked(kb):
    facts = {"event": "exposed-card", "card": "holecard", "exposed_by": "dealer", "cards_exposed": 1}
    ruling = resolve(kb, make_situation(kb.vocab, "roberts-home", game="holdem", facts=facts))
    assert ruling.status == RulingStatus.NEEDS_FACTS
    assert [q.fact for q in ruling.questions][:1] == ["card_number"]


def test_a_fact_whose_answers_rule_differently_is_still_asked(kb):
    facts = {"event": "absent-player"}
    ruling = resolve(kb, make_situation(kb.vocab, "roberts-home", facts=facts))
    assert ruling.status == RulingStatus.NEEDS_FACTS
    assert "minutes_away" in {q.fact for q in ruling.questions}
    assert ruling.not_asked == ()


def test_who_posts_is_told_apart_though_every_case_says_must_post(kb):
    facts = {"event": "heads-up-blinds", "heads_up": True, "players_remaining": 2}
    situation = make_situation(
        kb.vocab, "homepokertourney", game="holdem", structure="no-limit", format="tournament", facts=facts
    )
    assert [q.fact for q in resolve(kb, situation).questions] == ["blind_position"]
