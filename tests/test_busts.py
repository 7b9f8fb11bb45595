"""Who was eliminated, by the seat he held, and the players left after a bust the story tells."""

import pytest

from engine.freetext.busts import eliminated_position, players_left
from engine.freetext.understand import normalise, understand


@pytest.mark.parametrize(
    ("story", "position"),
    [
        (
            "seat 1 had the button, seat 4 small blind, seat 7 big blind. "
            "seat 1 got it all in and lost, he's out.",
            "button",
        ),
        ("Amy on the button, Bob small blind, Cal big blind. Bob busts.", "small-blind"),
        (
            "the big blind (seat 4) busted last hand. seat 3, who was the small blind, has the button now",
            "big-blind",
        ),
        ("seat 7 busted seat 1, who had the button", "button"),
        ("Joe was the big blind and he went all in and lost. Joe is out.", "big-blind"),
        ("seat 4 (the sb) went out on a cooler", "small-blind"),
        ("Small blind Tina got knocked out last hand. Button was on Ray.", "small-blind"),
        (
            "Anna small blind, Ben big blind, Carl on the button. Carl shoves, Carl gets knocked out.",
            "button",
        ),
        (
            "Ann has the button, Ben's the small blind, Cal's the big blind. Ben shoves, Ben's out.",
            "small-blind",
        ),
        ("3 left, seat 1 btn, seat 4 sb, seat 7 bb. seat 1 busts. who's the bb?", "button"),
    ],
)
def test_the_eliminated_players_position_is_read(story: str, position: str) -> None:
    found = eliminated_position(normalise(story))
    assert found is not None and found[0] == position


@pytest.mark.parametrize(
    "story",
    [
        "seat 3 is on the button and seat 5 is out of the hand",  # out of the hand is not a bust
        "seat 2 had the button, seat 3 the small blind. seat 6 busted.",  # a player with no position
        "seat 2 had the button, seat 3 small blind. seat 2 and seat 3 both went out.",  # two busted
        "seat 1 had the button, seat 2 small blind, seat 3 big blind. who busts first?",
    ],
)
def test_no_position_when_the_bust_is_not_one_placed_player(story: str) -> None:
    assert eliminated_position(normalise(story)) is None


def test_a_position_of_a_player_who_did_not_bust_is_not_the_eliminated_ones() -> None:
    read = understand("three handed, then Carla busts. Dan had the button last hand, Pete was the big blind.")
    assert "blind_position" not in read.facts


def test_the_player_knocked_out_is_the_one_busted_not_the_one_who_busted_him() -> None:
    assert "blind_position" not in understand("Dave was on the button and busted Sue").facts


def test_a_pronoun_is_not_taken_across_another_subject() -> None:
    assert (
        eliminated_position(normalise("seat 2 was the big blind and he folded, then the guy busts")) is None
    )


def test_a_position_beside_the_bust_outweighs_one_mentioned_in_passing() -> None:
    read = understand(
        "the big blind (seat 4) busted last hand. seat 3, who was the small blind, has the button now"
    )
    assert read.facts["blind_position"] == "big-blind"


@pytest.mark.parametrize(
    ("story", "count", "said", "left"),
    [
        ("tournament, down to three. seat 1 lost, he's out.", 3, "tournament, down to three", 2),
        (
            "final table, three players left, and the button just busted",
            3,
            "final table, three players left",
            2,
        ),
        ("down to three after bob busted", 3, "down to three", 3),  # the count is after the bust
        ("six left. the small blind wants to chop", 6, "six left", 6),  # nobody busted
    ],
)
def test_players_left_count_a_bust_told_after_the_count(story: str, count: int, said: str, left: int) -> None:
    assert players_left(normalise(story), count, said)[0] == left
