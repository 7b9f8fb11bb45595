"""No words and no numbers make a computation fail: whatever is told, the ruling comes back
(with or without a number), never an exception."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.answer import answer_dispute
from engine.compute.given import NAMES, parse_number_pairs
from engine.freetext.knowledge import KnowledgeBase
from engine.rulings.situation import SituationError

WORDS = [
    "A", "B", "C", "seat 4", "I", "he", "bets", "raises", "raises to", "raises by", "calls", "folds",
    "checks", "all in", "shoves", "for", "completes", "posts", "straddles", "puts out", "pot is",
    "blinds", "limit", "NL", "PLO", "$0", "0", "$10", "20", "$1,000", "0.25", "1.5k", "10/20", "5-10",
    "seats 2, 5 and 8", "button is seat 6", "jackpot is", "players", "dealt in", "third place",
    "rebuys", "smallest chip is", "kill", "half kill", "minimum", "max", "side pot", "odd chip",
    "can B reraise?", "how much", "minutes", "small blind", "just call", "preflop", "?", ",", ".",
]  # fmt: skip
HOUSES = ["roberts-home", "catfish-bend", "homepokertourney"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=30), st.sampled_from(HOUSES))
def test_any_words_give_a_ruling(kb: KnowledgeBase, words: list[str], house: str) -> None:
    ruling = answer_dispute(kb, house, " ".join(words) or "?", structure=None)
    assert "status" in ruling
    if "answer" in ruling:
        assert isinstance(ruling["answer"]["value"], (int, float)) and ruling["answer"]["display"]


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(sorted(NAMES)), st.sampled_from(["0", "1", "2", "7", "0.5", "1e5", "nan", "-3"])
    ),
    st.sampled_from(HOUSES),
    st.sampled_from(["limit", "pot-limit", "no-limit", None]),
)
def test_any_numbers_give_a_ruling_or_a_clear_error(
    kb: KnowledgeBase, numbers: dict[str, str], house: str, structure: str | None
) -> None:
    try:
        pairs = parse_number_pairs([f"{name}={value}" for name, value in numbers.items()])
        ruling = answer_dispute(kb, house, None, game="holdem", structure=structure, numbers=pairs)
    except SituationError as error:
        assert str(error)
        return
    assert "status" in ruling


def test_words_that_once_stopped_the_ruling_give_one(kb: KnowledgeBase) -> None:
    """Found by replaying every example dispute: 'small blind ... call' with no amount made the
    pot-limit maximum look up a big blind nobody posted (KeyError), and 'a single blind' was no
    number the reader knew (ValueError)."""
    for text in ("can the small blind just call preflop", "we play with a single blind, who posts?"):
        for house in HOUSES:
            ruling = answer_dispute(kb, house, text)
            assert ruling["status"] in ("ruled", "needs-facts", "conflict", "no-rule")
            assert "answer" not in ruling or ruling["answer"]["value"] != 0
