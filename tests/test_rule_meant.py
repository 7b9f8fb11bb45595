"""Among rules that rule the same, the one cited is the one the words describe: a more
specific rule that agrees is shown as also applying, not put in its place."""

from __future__ import annotations

from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.resolver import RulingStatus, resolve
from engine.rulings.situation import make_situation

BALANCE = "tournament.table-balance"  # Home Poker Tourney's "if tables differ by two or more"
WHO_MOVES = "tournament.player-to-move"  # its next paragraph: who moves, in the same case


def _tables_two_apart(kb: KnowledgeBase):
    facts = {"event": "table-balance", "table_size_difference": 2}
    return make_situation(kb.vocab, "homepokertourney", format="tournament", facts=facts)


def test_without_a_ranking_the_more_specific_rule_governs(kb: KnowledgeBase) -> None:
    ruling = resolve(kb, _tables_two_apart(kb), keys=frozenset({BALANCE, WHO_MOVES}))
    assert ruling.status == RulingStatus.RULED
    assert ruling.governing is not None and ruling.governing.rule.key != BALANCE


def test_the_rule_the_words_match_best_is_cited_when_it_rules_the_same(kb: KnowledgeBase) -> None:
    keys = frozenset({BALANCE, WHO_MOVES})
    ruling = resolve(kb, _tables_two_apart(kb), keys=keys, ranking=(BALANCE, WHO_MOVES))
    assert ruling.governing is not None and ruling.governing.rule.key == BALANCE
    assert WHO_MOVES in {reading.rule.key for reading in ruling.support}
    assert all(reading.outcome == ruling.governing.outcome for reading in ruling.support)


def test_a_rule_that_rules_otherwise_is_never_cited_for_ranking_first(kb: KnowledgeBase) -> None:
    """Robert's different-back rule rules 'action stands' for a card found in the stub; the
    defective-deck rule, stated to apply, rules otherwise and keeps governing."""
    facts = {"event": "different-back", "found_in_stub": True, "knew_deck_defective": True}
    situation = make_situation(kb.vocab, "roberts-home", facts=facts)
    keys = frozenset({"irregularity.different-back", "irregularity.defective-deck-freeroll"})
    ranking = ("irregularity.different-back", "irregularity.defective-deck-freeroll")
    ruling = resolve(kb, situation, keys=keys, ranking=ranking)
    assert ruling.governing is not None
    assert ruling.governing.rule.key == "irregularity.defective-deck-freeroll"


def test_a_list_item_is_cited_over_the_lead_in_the_words_match(kb: KnowledgeBase) -> None:
    """Catfish Bend's "a violator will face the following three steps:" leads into "(b)
    10-minute suspension from play": for a second offence the item is the ruling."""
    facts = {"event": "penalty", "penalty_step": 2}
    situation = make_situation(kb.vocab, "catfish-bend", format="tournament", facts=facts)
    lead, item = "tournament.conduct-penalties", "tournament.penalty-suspension"
    ruling = resolve(kb, situation, keys=frozenset({lead, item}), ranking=(lead, item))
    assert ruling.governing is not None and ruling.governing.rule.key == item


def test_a_paragraph_repeating_the_one_before_is_cited_after_it(kb: KnowledgeBase) -> None:
    """HomePokerTourney's second PLAYERS LEAVING paragraph repeats the end of the first with
    the longer absence as a condition: the first is cited, the second shown as also applying."""
    facts = {"event": "tournament-absence", "minutes_away": 25}
    situation = make_situation(kb.vocab, "homepokertourney", format="tournament", facts=facts)
    ruling = resolve(kb, situation)
    assert ruling.status == RulingStatus.RULED and ruling.governing is not None
    assert ruling.governing.rule.key == "tournament.players-leaving" and ruling.governing.outcome == "forfeit"
    assert "tournament.players-leaving-forfeit" in {reading.rule.key for reading in ruling.support}
