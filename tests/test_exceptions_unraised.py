"""Exceptions nobody raised: a rule that would prevail over the rule the words are about only
on a fact nobody stated is shown as what would change the ruling, not asked first; a house's
own rule is never set aside that way; and a rule that hands the matter to "the rules for the
particular game" gives way to that game's own rule."""

from __future__ import annotations

from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lookup import lookup
from engine.render.ruling_json import lookup_json
from engine.rulings.resolver import RulingStatus, resolve, rivals_unless
from engine.rulings.situation import make_situation

DIFFERENT_BACK = frozenset({"irregularity.different-back"})


def _stub_card(kb: KnowledgeBase, **facts: object):
    return make_situation(
        kb.vocab, "roberts-home", facts={"event": "different-back", "found_in_stub": True, **facts}
    )


def test_an_exception_nobody_raised_is_asked_only_when_asked_for(kb: KnowledgeBase) -> None:
    situation = _stub_card(kb)
    asked = resolve(kb, situation, keys=DIFFERENT_BACK)
    assert asked.status == RulingStatus.NEEDS_FACTS
    assert [q.fact for q in asked.questions] == ["knew_deck_defective"]
    settled = resolve(kb, situation, keys=DIFFERENT_BACK, settled_by_keys=True)
    assert settled.status == RulingStatus.RULED
    assert settled.governing is not None and settled.governing.rule.key == "irregularity.different-back"
    assert settled.governing.outcome == "action-stands"
    [unless] = settled.unless
    assert unless.reading.rule.key == "irregularity.defective-deck-freeroll"
    assert [q.fact for q in unless.questions] == ["knew_deck_defective"]


def test_an_exception_stated_still_prevails(kb: KnowledgeBase) -> None:
    situation = _stub_card(kb, knew_deck_defective=True)
    ruling = resolve(kb, situation, keys=DIFFERENT_BACK, settled_by_keys=True)
    assert ruling.governing is not None
    assert ruling.governing.rule.key == "irregularity.defective-deck-freeroll"
    assert ruling.unless == ()


def test_a_house_rule_is_never_an_exception_set_aside(kb: KnowledgeBase) -> None:
    """Home Poker Tourney's own balancing rule overrides Robert's, which the words are about:
    it is the house's rule, so the table sizes it turns on are still asked."""
    situation = make_situation(kb.vocab, "homepokertourney", facts={"event": "table-balance"})
    keys = frozenset({"tournament.balance-player-selection"})
    ruling = resolve(kb, situation, keys=keys, settled_by_keys=True)
    assert ruling.status == RulingStatus.NEEDS_FACTS
    assert "table_size_difference" in [q.fact for q in ruling.questions]


def test_described_dispute_rules_and_shows_what_would_change_it(kb: KnowledgeBase) -> None:
    found = lookup(
        kb, "roberts-home", "cleaning up after the hand I find a card with a red back down in the stub"
    )
    answer = lookup_json(found)
    assert answer["status"] == "ruled"
    assert answer["rulings"][0]["key"] == "irregularity.different-back"
    assert [item["key"] for item in answer["unless"]] == ["irregularity.defective-deck-freeroll"]
    assert answer["unless"][0]["questions"][0]["fact"] == "knew_deck_defective"
    answered = lookup(
        kb,
        "roberts-home",
        "cleaning up after the hand I find a card with a red back down in the stub",
        facts={"knew_deck_defective": True},
        answered=frozenset({"knew_deck_defective"}),
    )
    assert answered.ruling.governing is not None
    assert answered.ruling.governing.rule.key == "irregularity.defective-deck-freeroll"


def test_the_house_rule_that_defers_gives_way_to_the_games_own_rule(kb: KnowledgeBase) -> None:
    """Catfish Bend's irregularities rule 13: "The situation will be governed by the rules for
    the particular game being played." Its own book is nearer, yet deuce-to-seven's rule governs."""
    situation = make_situation(
        kb.vocab,
        "catfish-bend",
        game="lowball-27",
        structure="limit",
        facts={
            **{"event": "exposed-card", "exposed_by": "dealer", "street": "before-draw", "card_rank": "six"},
            **{"cards_exposed": 1, "card_number": 3, "players_acted": 0},
        },
    )
    ruling = resolve(kb, situation, keys=frozenset({"lowball-27.exposed-card-before-draw"}))
    assert ruling.governing is not None
    assert ruling.governing.rule.key == "lowball-27.exposed-card-before-draw"
    assert ruling.governing.outcome == "card-replaced"


def test_the_page_rules_and_offers_the_question_that_would_change_it(app) -> None:
    page = app.test_client().get(
        "/",
        query_string={
            "house": "roberts-home",
            "q": "a card with a red back turned up in the stub after the hand",
        },
    )
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "ACTION STANDS" in html
    unless = html[html.index('class="unless"') :]
    assert "Did the player know the deck was defective" in unless
    assert "knew_deck_defective%3Dyes" in unless or "knew_deck_defective=yes" in unless


def test_what_makes_a_rule_an_exception_is_never_taken_from_a_word_match(kb: KnowledgeBase) -> None:
    """The words match the defective-deck rule ("a player who knew the deck was defective")
    best; whether anyone knew is the crux, and is not taken as said."""
    text = (
        "two queens of hearts at showdown, the deck is defective, "
        "seat 2 played on for a freeroll and wants money back"
    )
    found = lookup(kb, "roberts-home", text)
    assert "knew_deck_defective" not in found.taken_from
    assert "knew_deck_defective" not in found.ruling.situation.facts or found.ruling.situation.sources.get(
        "knew_deck_defective"
    ) not in (None, "inferred")


def test_a_rival_the_words_match_less_well_is_listed_with_its_questions(kb: KnowledgeBase) -> None:
    """A player folded and wants his clearly identifiable hand back: the retrieval rule rules;
    the forward-motion rule, which turns on how many acted behind him, would change it."""
    facts = {"event": "hand-mucked", "hand_identifiable": True, "card": "river"}
    situation = make_situation(kb.vocab, "roberts-home", facts=facts)
    keys = frozenset({"dead-hand.mucked-hand-retrieval"})
    ruling = resolve(kb, situation, keys=keys, settled_by_keys=True)
    assert ruling.status == RulingStatus.RULED and ruling.governing is not None
    rival = frozenset({"dead-hand.forward-motion-discard"})
    rivals = rivals_unless(kb, situation, rival, ruling.governing)
    assert [item.reading.rule.key for item in rivals] == ["dead-hand.forward-motion-discard"]
    assert "players_acted_behind" in {q.fact for q in rivals[0].questions}
    assert rivals_unless(kb, situation, keys, ruling.governing) == ()


def test_an_exception_listed_under_unless_is_not_offered_again_as_another_rule(app) -> None:
    text = (
        "after the hand, gathering the deck, there's a red-backed card sitting in the stub. "
        "loser wants it voided"
    )
    page = app.test_client().get("/", query_string={"house": "roberts-home", "q": text})
    html = page.get_data(as_text=True)
    assert (
        "irregularity.defective-deck-freeroll"
        in html[html.index('class="unless"') : html.index('class="others"')]
    )
    assert "irregularity.defective-deck-freeroll" not in html[html.index('class="others"') :]
