"""The static conflict check finds rules that disagree with nothing to rank them."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.conflicts import iter_static_conflicts

MINI = Path(__file__).parent / "fixtures" / "mini"


def kb_with(tmp_path: Path, extra_record: str) -> KnowledgeBase:
    rules = tmp_path / "rules"
    shutil.copytree(MINI, rules)
    path = rules / "mini-base" / "02-procedures.yaml"
    path.write_text(path.read_text(encoding="utf-8") + extra_record, encoding="utf-8")
    return KnowledgeBase.load(rules)


RIVAL = """- id: mini-base/procedures/3
  key: procedures.rack-again
  number: '3'
  text: Playing out of a rack is allowed.
  source: {lines: '15'}
  summary: A rival rule that allows it.
  when: {event: playing-out-of-rack}
  outcome: allowed
"""


def test_two_rules_that_disagree_without_precedence_are_reported(tmp_path: Path) -> None:
    kb = kb_with(tmp_path, RIVAL)
    conflicts = list(iter_static_conflicts(kb, "mini-base"))
    assert [(c.first, c.second) for c in conflicts] == [("mini-base/procedures/1", "mini-base/procedures/3")]


def test_a_stated_override_resolves_the_conflict(tmp_path: Path) -> None:
    kb = kb_with(tmp_path, RIVAL + "  overrides: [{key: procedures.playing-out-of-rack, reason: test}]\n")
    assert list(iter_static_conflicts(kb, "mini-base")) == []


def test_a_house_rule_over_its_base_is_not_a_conflict(tmp_path: Path) -> None:
    kb = kb_with(tmp_path, "")
    assert list(iter_static_conflicts(kb, "mini-house")) == []


def test_the_bundled_books_disagree_only_where_their_texts_do(kb: KnowledgeBase) -> None:
    """The two static conflicts left are real tensions printed in the HomePokerTourney book:
    its dead-button rule and its help page move the button differently when the small blind
    busts, and its payout paragraph and payout table differ for small fields."""
    found = sorted((c.first, c.second) for book in kb.houses for c in iter_static_conflicts(kb, book))
    assert found == [
        ("homepokertourney/dead-button-rule/p2", "homepokertourney/poker-tournament-dead-button-help/p3"),
        ("homepokertourney/payout/p1", "homepokertourney/poker-payout/p1"),
    ]


def test_a_rule_the_words_did_not_name_that_rules_otherwise_is_a_conflict(kb: KnowledgeBase) -> None:
    """HomePokerTourney's two small-blind dead-button texts test the same facts and rule
    differently: whichever the words match, both are shown, never one silently."""
    from engine.freetext.lookup import lookup
    from engine.render.ruling_json import lookup_json
    from engine.rulings.resolver import resolve
    from engine.rulings.situation import make_situation

    told = (
        "home tourney, one table of 7. Small blind went out last hand. Jim had the button and says it"
        " has to move to the next guy. how do we set the button and blinds"
    )
    answer = lookup_json(lookup(kb, "homepokertourney", told))
    assert answer["status"] == "conflict"
    assert [rule["key"] for rule in answer["rulings"]] == [
        "tournament.dead-button-small-blind",
        "tournament.dead-button-help-small-blind",
    ]
    facts = {"event": "dead-button", "blind_position": "small-blind", "seat_refilled": False}
    named = make_situation(
        kb.vocab, "homepokertourney", facts={**facts, "players_remaining": 5, "hand_after_bust": 1}
    )
    keyed = resolve(kb, named, keys=frozenset({"tournament.dead-button-help-small-blind"}))
    assert keyed.status.value == "conflict"
