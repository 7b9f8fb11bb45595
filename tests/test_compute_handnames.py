"""Hands told by name, and whether a bad beat told that way meets the jackpot's minimum hands."""

import pytest
from flask import Flask

from engine.compute.handnames import at_least, beat_hands, minimums_met, parse_hand


@pytest.mark.parametrize(
    ("words", "hand"),
    [
        ("aces full of kings", (6, 14, 13)),
        ("Kings full of Aces", (6, 13, 14)),
        ("9s full of 4s", (6, 9, 4)),
        ("jacks full", (6, 11, 0)),
        ("four of a kind", (7, 0, 0)),
        ("4-of-a-Kind", (7, 0, 0)),
        ("four eights", (7, 8, 0)),
        ("Four 8's", (7, 8, 0)),
        ("quad 8s", (7, 8, 0)),
        ("king high straight flush", (8, 13, 0)),
        ("royal flush", (9, 14, 0)),
        ("four ten-dollar chips", None),
        ("four a.m.", None),
    ],
)
def test_a_hand_is_read_by_its_name(words: str, hand: tuple[int, int, int] | None) -> None:
    assert parse_hand(words) == hand


def test_or_better_compares_what_the_words_tell() -> None:
    assert at_least((7, 0, 0), (6, 14, 13)) is True  # any quads beat a full house
    assert at_least((6, 13, 14), (6, 14, 13)) is False  # kings full is not aces full
    assert at_least((6, 14, 0), (6, 14, 13)) is None  # aces full of what? the pair decides
    assert at_least((7, 3, 0), (7, 8, 0)) is False


def test_the_lower_of_the_two_hands_told_is_the_losing_one() -> None:
    told = "seat 3 flops quad 8s, seat 7 rivers a straight flush and seat 3's quads lose"
    assert beat_hands(told) == (((7, 8, 0), "quad 8s"), ((8, 0, 0), "straight flush"))
    assert beat_hands("aces full, kings full and quads") is None  # three hands: which lost?


@pytest.mark.parametrize(
    ("told", "met"),
    [
        ("aces full of kings lost to quads", True),
        ("kings full of aces lost to quad 3s", False),
        ("aces full lost to quads", None),  # aces full of kings or of less: asked
    ],
)
def test_holdem_minimums(told: str, met: bool | None) -> None:
    found = minimums_met(told, "aces full of kings", "four of a kind")
    assert (found[0] if found else None) is met


def _shown(app: Flask, told: str) -> dict:
    """What Catfish Bend's page shows for the words: the ruling and the facts read (the
    numbers told, "7 dealt in", among them)."""
    return app.test_client().get("/api/ruling", query_string={"house": "catfish-bend", "q": told}).get_json()


def test_a_bad_beat_told_by_its_hands_is_read_against_the_house_minimums(app: Flask) -> None:
    told = (
        "bad beat at table 8, 2/4 hold'em, 7 dealt in, pot was $86 and raked. seat 3 had aces full of"
        " kings, seat 8 had quads. both used both hole cards. jackpot is $10,000. how does it get paid?"
    )
    answer = _shown(app, told)
    assert answer["inferred"]["minimum_hands_met"] == {
        "value": True,
        "from": "aces full of kings beaten by quads",
    }
    assert answer["status"] == "ruled"
    lower = _shown(app, told.replace("aces full of kings", "kings full of aces"))
    assert lower["inferred"]["minimum_hands_met"]["value"] is False
    assert lower["rulings"][0]["outcome"] == "no-jackpot"


def test_the_words_come_before_a_condition_taken_from_the_rule_they_match(app: Flask) -> None:
    """The words match the minimum-hands rule best, whose condition is that the minimums were
    not met; the hands told meet them, and that is what the person is shown."""
    told = (
        "holdem bad beat claim: seat 4 had As 7d, board Ah Ad Kc Ks 3c so aces full of kings. "
        "seat 9 had Kd Kh, four kings. 7 dealt, $2/$5, big raked pot."
    )
    assert _shown(app, told)["inferred"]["minimum_hands_met"] == {
        "value": True,
        "from": "aces full of kings beaten by four kings",
    }


def test_with_more_hands_named_every_one_meeting_the_minimums_is_enough() -> None:
    told = "a jack high straight flush, a king high straight flush, then the river gives him the royal"
    assert minimums_met(told, "four eights", None) == (
        True,
        "jack high straight flush, king high straight flush, royal: every hand named meets the minimums",
    )
    assert minimums_met("aces full, kings full and quads", "aces full of kings", "four of a kind") is None
