"""Other players already away, read from the story (engine.freetext.absences)."""

import pytest

from engine.freetext.absences import others_away
from engine.freetext.reader import answer_from_words


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("tbl 4, seats 2 and 6 already out on dinner, now seat 9 wants to go eat too", 2),
        ("Seats 2 and 9 were already off at dinner when she got up", 2),
        ("Seats 2 and 5 went to dinner together", 2),
        ("Seat 3 and seat 8 are both on dinner break", 2),
        ("seats 3, 5 and 7 are at dinner, now seat 1 wants to go", 3),
        ("Gina and Hal went to eat an hour ago", 2),
        ("two guys are on break already", 2),
        ("three others were already away", 3),
        ("nobody else away", 0),
        ("no one else is gone, he's asking for 45 min", 0),
        ("hes the only one away", 0),
        ("Linda went to the buffet, gone 30 min. only one away", 0),
    ],
)
def test_the_others_away_are_counted(text: str, count: int) -> None:
    found = others_away(text)
    assert found is not None and found[0] == count, found


@pytest.mark.parametrize(
    "text",
    [
        "seats 2 and 6 are out",  # busted, or out of the hand: not away from the table
        "two players acted and seat 4 went to the buffet",  # one player, the one asked about
        "Then Mike went to dinner",
        "seats 2 and 6 both called the raise",
        "Seat 4 went to dinner 50 minutes ago, nobody told the floor",
    ],
)
def test_a_story_without_others_away_says_nothing(text: str) -> None:
    assert others_away(text) is None


def test_the_ruling_asking_reads_it_from_the_words() -> None:
    assert answer_from_words("players_away", "seats 2 and 6 already out on dinner") == (
        2,
        "seats 2 and 6 already out on dinner",
    )
