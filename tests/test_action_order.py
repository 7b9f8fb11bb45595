"""Facts told by the order of the actions: who faced a bet, who acted in between, how many acted."""

from __future__ import annotations

import pytest

from engine.freetext.action_order import action_in_between, facing_a_bet, only_one_acted, seats_told_acting
from engine.freetext.in_play import hand_in_play_said
from engine.freetext.reader import answer_from_words
from engine.freetext.understand import normalise


@pytest.mark.parametrize(
    ("said", "facing"),
    [
        ("flop, Jess bets $8. Kyle silently tosses one green $25 chip in, never says a word", True),
        ("lowcard brings it in, the guy to my right turns his upcard face down", True),
        ("seat 2 shoves and while seat 7 is tanking, seat 2 flips a card", True),
        ("seat 4 raises to 30 and seat 6 calls", True),
        ("seat 4 checks, seat 6 checks", None),  # nobody bet: the words do not say he faced one
        ("seat 4 bets 30. on the turn seat 6 checks", None),  # another round
        ("seat 4 bets 30 and then he wants to take it back", None),  # the same player
    ],
)
def test_a_player_acting_after_a_bet_faced_it(said: str, facing: bool | None) -> None:
    read = facing_a_bet(normalise(said))
    assert (read[0] if read else None) is facing


@pytest.mark.parametrize(
    ("said", "between"),
    [
        (
            "dave says check but it was Mike in seat 5's turn, Mike hadnt acted. Mike then checks too. "
            "Now Dave wants to bet 20",
            False,
        ),
        (
            "seat 5 says check before 3 does anything. seat 3 checks, seat 4 checks, now seat 5 wants to bet",
            False,
        ),
        (
            "seat 2 throws in 3k, a raise, out of turn. then seat 10 says he hasn't acted and shoves all in",
            True,
        ),
        ("seat 6 bets out of turn, seat 4 calls, and now seat 6 wants his bet back", True),
        ("seat 6 bets out of turn. what now?", None),  # nothing told after it
        ("seat 3 checks out of turn, on the turn seat 5 bets", None),  # a later round is not in between
        ("flop, seat 2 checked before seat 9 even acted, out of turn. 9 checks, now 2 wants to bet", False),
        (
            "2 checks out of turn, 4 calls, now 2 wants to raise",
            None,
        ),  # bare numbers: seats only where seats are named
    ],
)
def test_what_was_done_after_an_action_out_of_turn(said: str, between: bool | None) -> None:
    read = action_in_between(normalise(said))
    assert (read[0] if read else None) is between


def test_players_told_acting_together_and_only_one() -> None:
    assert [seat for seat, _ in seats_told_acting("seats 1 and 2 folded, seat 4 shoved")] == [
        "seat 1",
        "seat 2",
    ]
    assert only_one_acted("only the one fold happened before anyone noticed") == (
        1,
        "only the one fold happened",
    )
    assert answer_from_words("players_acted", normalise("seats 1 and 2 folded, seat 4 shoved all in"))[0] == 3
    assert answer_from_words("facing_bet", normalise("seat 1 bets 20, seat 4 calls"))[0] is True
    assert (
        answer_from_words("players_acted", normalise("He flips two cards. Only Mike had acted, he limped"))[0]
        == 1
    )
    assert answer_from_words("players_acted", normalise("he just called the raise"))[0] == "1+"


@pytest.mark.parametrize(
    ("said", "acted"),
    [
        (
            "seat 1 puts in the bring-in, then seat 5 points out she has the lower card."
            " seat 2 hasn't done anything yet",
            0,
        ),
        ("seat 4 raised, seat 5 called; seat 6 hasn't acted yet", 2),  # players told acting count first
        ("seat 2 hasn't acted", None),  # not "yet": it says whose turn it is, not that nobody acted
    ],
)
def test_nobody_acted_yet_when_the_next_player_has_not(said: str, acted: int | None) -> None:
    read = answer_from_words("players_acted", normalise(said))
    assert (read[0] if read else None) == acted


@pytest.mark.parametrize(
    ("said", "in_play"),
    [
        ("both blinds were posted at 20-40 and I'd already started riffling when the timer beeped", True),
        ("timer beeped right after the blinds went in and I'd already started riffling", True),
        ("the blinds were in and the dealer was shuffling", True),
        ("the blinds were posted but the dealer had not started shuffling", None),
        ("before the blinds were posted the dealer started shuffling", None),
        ("the blinds were posted when the clock went off", None),  # the shuffle not told
    ],
)
def test_a_hand_is_in_play_when_both_its_pieces_are_told(said: str, in_play: bool | None) -> None:
    """HomePokerTourney's hand in play: blinds posted and the shuffle begun, each told anywhere."""
    read = hand_in_play_said(normalise(said))
    assert (read[0] if read else None) is in_play


def test_a_kill_pot_told_in_money_is_measured_in_upper_limits(kb) -> None:
    """'4-8 O8 ... pot was maybe $30': 3.75 upper limits, below the five a kill needs."""
    from engine.freetext.answers import answered_by_words
    from engine.rulings.situation import make_situation

    situation = make_situation(kb.vocab, "roberts-home", facts={"event": "kill-pot"})
    said = normalise("4-8 O8 with the kill. Sal scooped both halves, pot was maybe $30")
    assert answered_by_words("pot_size_upper_limits", said, kb, situation) == (3.75, "$30, upper limit 8")
    assert answered_by_words("pot_size_upper_limits", normalise("the pot was $30"), kb, situation) is None
