"""A fact the words answer after all, when a ruling turns on it: a number said in the fact's
unit, the players the story has acting, the extra cards held, or a bad beat's hands against
the minimum hands the house's jackpot rule names. Used for the question a ruling asks, and
before a fact is taken from the rule the words match: what the words say comes first."""

from __future__ import annotations

from engine.books.model import Rule
from engine.compute.amounts import read_ledger
from engine.compute.handnames import minimums_met
from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.reader import answer_from_words
from engine.rulings.matching import applicability
from engine.rulings.situation import Situation


def answered_by_words(
    fact: str, text: str, kb: KnowledgeBase, situation: Situation
) -> tuple[object, str] | None:
    """The value the words give the fact, with the words; None when they give none for sure."""
    if fact == "minimum_hands_met":
        return _minimum_hands_said(kb, situation, text)
    if fact == "pot_size_upper_limits":
        return _pot_in_upper_limits(text)
    return answer_from_words(fact, text, situation.game)


def _pot_in_upper_limits(text: str) -> tuple[float, str] | None:
    """The pot told in money over the game's upper limit told in its stakes ("4-8 O8 ... pot was
    maybe $30": 3.75 upper limits), for the kill rules' pot size."""
    pot = answer_from_words("pot_amount", text)
    ledger = read_ledger(text, "limit")  # kill games are limit games: "4-8" is their two bets
    big = ledger.get("big_bet")
    if pot is None or not big or not isinstance(pot[0], (int, float)):
        return None
    return round(float(pot[0]) / float(big), 4), f"{pot[1]}, upper limit {big}"


def _minimum_hands_said(kb: KnowledgeBase, situation: Situation, text: str) -> tuple[bool, str] | None:
    """The bad beat told by its hands ("aces full of kings beaten by quads") against the
    minimum hands the house's jackpot rule for this game names, as the house has them."""
    for entry in kb.with_event(situation.house, "jackpot"):
        rule = entry.rule
        if "minimum_hands_met" not in rule.when or applicability(rule, situation, kb.vocab).holds is not True:
            continue
        losing, winning = (
            _setting(rule, name) for name in ("jackpot_min_losing_hand", "jackpot_min_winning_hand")
        )
        return minimums_met(text, losing, winning)
    return None


def _setting(rule: Rule, name: str) -> str | None:
    parameter = rule.parameters.get(name)
    value = parameter.get("value") if parameter else None
    return str(value) if value else None
