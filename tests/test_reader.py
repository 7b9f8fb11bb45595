"""The fact reader: what the words state, read as facts, with the words that stated it."""

from __future__ import annotations

import pytest

from engine.books.vocabulary import load_vocabulary
from engine.freetext.reader import answer_from_words, cues, number, read_stated_facts
from engine.freetext.understand import normalise
from engine.rulings.situation import parse_value

STATED = [
    ("dealer flips both of his hole cards face up", {"cards_exposed": 2}),
    ("two cards were flashed while pitching", {"cards_exposed": 2, "exposed_by": "dealer"}),
    ("just the one card, the rest were fine", {"cards_exposed": 1}),
    ("nobody had acted yet when we saw it", {"players_acted": 0}),
    ("only the blinds were in, nobody's done anything", {"players_acted": 0}),
    ("caught it before anyone acted", {"players_acted": 0}),
    ("three players had acted by then", {"players_acted": 3}),
    ("nobody objects to switching games", {"objecting_players": 0}),
    ("me and one other guy object", {"objecting_players": 2}),
    ("he never said raise, just put in more chips", {"announced": False, "verbal": False}),
    ("he said 'raise' and threw in one chip", {"announced": True, "verbal": True}),
    ("he's been gone like 25 min", {"minutes_away": 25}),
    ("he wasn't eating, just on the phone", {"away_to_eat": False}),
    ("he went to get tacos", {"away_to_eat": True}),
    ("limps, then on the flop he bets, then the turn comes", {"street": "turn"}),
    ("we're down to 12 players", {"players_remaining": 12}),
    ("three of us still in the pot", {"players_in_pot": 3}),
    ("the pot was about $60", {"pot_amount": 60}),
    ("he called without ever looking at his cards", {"looked_at_cards": False}),
    ("the dealer turned it over by accident", {"deliberate": False}),
    ("he went all in for 300", {"all_in": True}),
    ("heads-up on the river", {"heads_up": True, "street": "river"}),
]


@pytest.mark.parametrize(("said", "facts"), STATED, ids=[said for said, _ in STATED])
def test_the_words_state_the_fact(said: str, facts: dict[str, object]) -> None:
    read = read_stated_facts(normalise(said))
    assert {name: read[name][0] for name in facts if name in read} == facts
    for name in facts:
        assert read[name][1] in normalise(said)  # the words that stated it, as said


NOT_STATED = [
    "the dealer looked at the board and called the floor",  # "dealer" alone says nobody exposed anything
    "under the gun folded, the cutoff raised",
    "seat 4 went to the bathroom",
]


@pytest.mark.parametrize("said", NOT_STATED)
def test_words_that_do_not_state_a_fact_read_none(said: str) -> None:
    read = read_stated_facts(normalise(said))
    assert "exposed_by" not in read and "street" not in read and "minutes_away" not in read


def test_every_cue_names_a_vocabulary_fact_with_a_value_it_takes() -> None:
    vocab = load_vocabulary()
    every, last_said = cues()
    assert last_said <= set(vocab.facts)
    for cue in every:
        assert cue.fact in vocab.facts, cue.fact
        if not callable(cue.value):
            parse_value(vocab.facts[cue.fact], cue.value)  # raises naming what is allowed


def test_the_players_a_story_has_acting_are_counted_one_only_from_below() -> None:
    from engine.freetext.reader import players_said_to_act

    told = "seat 4 is utg and limps for 2, seat 5 raises to 8, seat 6 folds, then seat 7 finds three cards"
    count, words = players_said_to_act(told) or (0, "")
    assert count >= 2 and "seat 5 raises" in words and "seat 6 folds" in words
    assert players_said_to_act("mike called, then john raised and the dealer noticed") == (
        2,
        "mike called, john raised",
    )
    # one action told is at least one (others may be untold); a question about one is none
    assert players_said_to_act("seat 3 folded and then we saw the flashed card") == ("1+", "seat 3 folded")
    assert players_said_to_act("can he raise? the dealer says no") is None


def test_a_negation_just_before_a_yes_cue_turns_it_round():
    from engine.freetext.reader import read_stated_facts

    assert "absence_arranged" not in read_stated_facts("nobody asked the floor about it")
    assert read_stated_facts("he asked the floor first")["absence_arranged"][0] is True
    assert read_stated_facts("no limit, river, heads up")["heads_up"][0] is True


def test_just_that_one_card_is_one_card_exposed():
    from engine.freetext.reader import read_stated_facts

    said = read_stated_facts("dealer flashed the 2nd card to seat 4 while pitching, just that one card")
    assert said["cards_exposed"] == (1, "just that one card")


def test_an_amount_with_thousands_separators_is_read_whole():
    from engine.freetext.reader import read_stated_facts, said_with_unit

    assert read_stated_facts("the bad beat jackpot is $1,850 right now")["jackpot_amount"][0] == 1850
    assert said_with_unit("jackpot_amount", "the board says $1,850 right now") == (1850, "$1,850")


def test_an_absence_cue_needs_words_about_the_absence():
    from engine.freetext.reader import read_stated_facts

    assert "absence_arranged" not in read_stated_facts("nobody knew the deck was bad until right then")
    assert "absence_arranged" not in read_stated_facts("he didn't say raise, he just put chips in")
    assert read_stated_facts("he left and nobody knew where he went")["absence_arranged"][0] is False


def test_the_flop_action_names_the_betting_round_not_the_card():
    from engine.freetext.understand import understand

    told = understand("dealer turned the turn card before the flop action was done. flop betting is over now")
    assert told.facts["card"] == "turn"
    assert told.facts.get("street") != "preflop"
    assert understand("the dealer dealt the flop before the preflop betting was done").facts["card"] == "flop"


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("seat 6 checked out of turn on the flop, seat 4 hadn't acted", {"action_taken": "check"}),
        ("seat 5 called out of turn before seat 4 acted", {"action_taken": "call"}),
        ("seat 9 bet out of turn", {"action_taken": "bet"}),
        ("seat 2 already picked it up and looked", {"looked_at_cards": True}),
        ("dealer turned seat 4's second down card face up", {"card_number": 2}),
        ("burned two by accident, both burns face down", {"cards_exposed": 0}),
        ("8 of us in the tourney tonight, $20 each", {"entrants": 8}),
        ("dealer turned seat 4's second down card face up on third street", {"cards_exposed": 1}),
        (
            "pitching the first round i flip two cards. nobody's even looked at their cards yet",
            {"players_acted": 0},
        ),
        (
            "single table tourney, 6 left. big blind (seat 4) just busted",
            {"players_remaining": 6, "blind_position": "big-blind"},
        ),
        ("final table, the small blind just went out on the last hand", {"blind_position": "small-blind"}),
    ],
)
def test_more_ways_of_saying_it(said: str, facts: dict[str, object]) -> None:
    read = read_stated_facts(normalise(said))
    assert {name: read[name][0] for name in facts if name in read} == facts


def test_what_one_side_claims_is_not_read_as_what_happened():
    said = read_stated_facts(normalise("seat 5 says the joker only counts as an ace"))
    assert "joker_used_as" not in said
    assert read_stated_facts(normalise("the joker only counts as an ace here"))["joker_used_as"][0] == "ace"
    assert (
        read_stated_facts(normalise("seat 3 owes the kill but says he wants to go home"))["wants_out"][0]
        is True
    )


def test_a_card_boxed_then_another_is_two_boxed_cards():
    told = "a card faceup in the middle of the deck, then another one shows up faceup, boxed twice"
    assert read_stated_facts(normalise(told))["boxed_cards"][0] == 2


@pytest.mark.parametrize(
    ("told", "difference"),
    [
        ("table A has 8 players. table B had 7, the guy in seat 6 busted, so B is down to 6", 2),
        ("table 1 has 8, table 2 just lost a guy and is down to 6", 2),
        ("three tables: A has 8, B has 8, C just went down to 6", 2),
        ("two tables, table 1 has 9, table 2 had 8 and a guy just busted there, so it's 9 vs 7", 2),
        ("table 1 has 9, table 2 had 8 and then a guy busted there", None),  # table 2's count unknown
        ("table A has 9, table B down to 7 after Kev busted. B wants someone moved over", 2),  # a move asked
        ("a move is due from table 1 to table 2", None),
    ],
)
def test_how_far_apart_the_tables_are_is_worked_out_from_their_counts(
    told: str, difference: int | None
) -> None:
    from engine.freetext.reader import table_size_difference

    found = table_size_difference(normalise(told))
    assert (found[0] if found else None) == difference


@pytest.mark.parametrize(
    ("text", "game", "extra"),
    [
        ("seat 7 picks up his cards and goes 'uhh i have three cards'", "holdem", 1),
        ("sticky deck, seats 1 and 2 both ended up with three cards", "holdem", 2),
        ("he looks down and he has five cards, it's omaha", "omaha", 1),
        ("he has three cards", "stud", None),  # stud's count depends on the street
        ("i have two cards", "holdem", None),
        ("seat 2 had three cards, seat 5 had three cards too", "holdem", None),  # said twice: asked
        ("he has three cards", None, None),
    ],
)
def test_extra_cards_from_the_cards_a_player_holds(text: str, game: str | None, extra: int | None) -> None:
    read = answer_from_words("extra_cards", text, game)
    assert (read[0] if read else None) == extra


def test_every_number_a_cue_can_capture_is_read_as_a_number() -> None:
    """Each literal word a cue's number group matches (`(?P<n>\\d+|one|a single)`) is one
    number() reads: "plays with a single blind" once stopped the ruling with an error."""
    from engine.freetext.prefilter import group_words

    checked = 0
    for item in cues()[0]:
        for name, group in item.pattern.compiled.groupindex.items():
            for words in group_words(item.pattern.source, group) if name.startswith("n") else ():
                assert isinstance(number(words), int | float), (item.fact, words)
                checked += 1
    assert checked > 100
    read = read_stated_facts(normalise("we play with a single blind and a small ante"))
    assert read.get("blind_count") == (1, "we play with a single blind")


def test_a_hand_the_game_cannot_hold_is_a_card_count_error() -> None:
    from engine.freetext.reader import hole_count_off

    assert hole_count_off("omaha, he's got five cards", "omaha") == (
        "extra-card",
        "too-many",
        "got five cards",
    )
    assert hole_count_off("i only have four cards before the draw", "lowball-27") == (
        "wrong-card-count",
        "too-few",
        "have four cards",
    )
    both = hole_count_off("seat 3 has five cards and seat 4 has three cards", "omaha-hi-lo")
    assert both is not None and both[:2] == ("wrong-card-count", None)
    assert hole_count_off("he has four cards to a flush", "holdem") is None  # a draw, not a hand
    assert hole_count_off("he has two cards", "holdem") is None
    assert hole_count_off("he has three cards", None) is None  # the game decides what is wrong


def test_bare_seat_numbers_in_a_story_of_seats_are_players_acting() -> None:
    from engine.freetext.reader import players_said_to_act

    told = "seat 7 folds, 8 calls, 1 folds, 2 calls, and then seat 5 says wait"
    assert players_said_to_act(told) == (4, "seat 7 folds, 8 calls, 1 folds, 2 calls")
    assert players_said_to_act("blinds 1, 2 folds") is None  # no seat named: a number is no player


def test_a_card_beside_cards_is_no_abbreviation() -> None:
    from engine.freetext.understand import normalise

    assert normalise("board 8d 8c Jd Td 3s") == "board 8d 8c jd td 3s"
    assert normalise("board 8d 8c Jd 3s. TD says no") == "board 8d 8c jd 3s. tournament director says no"


def test_minutes_since_the_start_told_by_the_clock() -> None:
    from engine.freetext.reader import minutes_since_start_said

    assert minutes_since_start_said("7pm tourney, it's 7:40 now, guy wants in") == (
        40,
        "7pm tourney ... it's 7:40",
    )
    assert minutes_since_start_said("the tourney started at 11:45 and it's 12:20") == (
        35,
        "started at 11:45 ... it's 12:20",
    )
    assert minutes_since_start_said("it is 7:40, can he still get in") is None  # no start told


@pytest.mark.parametrize(
    ("said", "game", "street"),
    [
        (
            "I pitched two cards to everybody, then gave seat 1 a third card. nobody's acted yet",
            "holdem",
            "preflop",
        ),
        ("the dealer was still dealing when he flashed it", "lowball-27", "before-draw"),
        ("I was dealing third street and flipped her card", "stud", "third-street"),
        ("nobody had acted when the flop came", "holdem", None),  # a later round is named
        ("nobody's acted yet", None, None),  # no game known: no first round to name
    ],
)
def test_a_story_still_at_the_deal_is_on_the_first_round(
    said: str, game: str | None, street: str | None
) -> None:
    read = answer_from_words("street", normalise(said), game)
    assert (read[0] if read else None) == street
