"""The rank of the card a story exposed (engine.freetext.exposed_rank)."""

import pytest

from engine.freetext.exposed_rank import exposed_rank
from engine.freetext.reader import answer_from_words


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("2-7 single draw, dealer turns over a 6 to Ray in seat 2", "six"),
        ("before the draw dealer flashes a 6 going to seat 3", "six"),
        ("on the draw dealer flips seat 6s second replacement card up, a king", "king"),
        ("dealer flashed the king of hearts pitching", "king"),
        ("the 8 of spades was exposed on the deal", "eight"),
        ("she exposed a deuce", "two"),
        ("dealer shows a 9s by mistake", "nine"),
    ],
)
def test_the_rank_next_to_the_exposure_is_read(text: str, rank: str) -> None:
    found = exposed_rank(text)
    assert found is not None and found[0] == rank, found


@pytest.mark.parametrize(
    "text",
    [
        "he turns over a 7 bet and takes it back",  # an amount, not a card
        "seat 3 shows a 2 pair hand",
        "flipped his hand up, 2 pair",
        "dealer turned over the cards",
    ],
)
def test_no_rank_is_read_where_none_is_exposed(text: str) -> None:
    assert exposed_rank(text) is None


def test_the_ruling_asking_reads_it_from_the_words() -> None:
    assert answer_from_words("card_rank", "dealer turns over a 6") == ("six", "turns over a 6")
