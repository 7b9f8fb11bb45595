"""The reader of amounts: each number the words state, with the words it came from; a raise
said without 'to' or 'by' stays ambiguous and gets both answers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.compute.amounts import read_ledger
from engine.compute.given import ledger_for, parse_number_pairs
from engine.compute.nolimit import minimum_to
from engine.compute.rounds import replay
from engine.rulings.situation import SituationError


@pytest.mark.parametrize(
    ("text", "structure", "expected"),
    [
        ("2-5 NL, pot is $120", None, {"sb": 2, "bb": 5, "pot": 120}),
        ("blinds 100/200, UTG shoves", None, {"sb": 100, "bb": 200}),
        ("$10-$20 limit, $10 big blind", None, {"small_bet": 10, "big_bet": 20, "bb": 10}),
        ("limit 4-8 at my place", None, {"small_bet": 4, "big_bet": 8}),
        ("Bad beat jackpot is $10,000 and 9 players were dealt in", None, {"jackpot": 10000, "dealt_in": 9}),
        (
            "16 players bought in at $25 with 4 rebuys. Third place?",
            None,
            {"entrants": 16, "rebuys": 4, "place": 3},
        ),
        (
            "pot is $30.25, smallest chip we use is a quarter",
            None,
            {"pot": Decimal("30.25"), "chip_unit": Decimal("0.25")},
        ),
        ("button is seat 6", None, {"button": 6}),
    ],
)
def test_numbers_are_read_with_their_words(text: str, structure: str | None, expected: dict) -> None:
    ledger = read_ledger(text, structure)
    for name, value in expected.items():
        assert ledger.get(name) == Decimal(value), (name, ledger.numbers)
        assert ledger.numbers[name].words in text


def test_actions_name_who_did_what_for_how_much() -> None:
    ledger = read_ledger("A bets $100, B goes all in for $140, C folds. Can D raise?")
    assert [(a.who, a.kind, a.amount) for a in ledger.actions] == [
        ("A", "bet", 100),
        ("B", "allin", 140),
        ("C", "fold", None),
    ]
    assert ledger.asker == "D"
    assert ledger.actions[1].words == "goes all in for $140"


def test_the_player_before_me_is_not_me() -> None:
    ledger = read_ledger("pot is $120 and the player before me bets $40. What is the most I can raise to?")
    assert ledger.actions[0].who != "me" and ledger.asker == "me"


def test_a_pronoun_points_to_the_player_last_named() -> None:
    ledger = read_ledger("seat 2 is first and he's only got $5 left, so he shoves it")
    assert (ledger.actions[0].who, ledger.actions[0].amount) == ("seat 2", 5)


def test_one_all_in_told_with_two_verbs_and_players_told_by_their_turn() -> None:
    """One all-in told with two verbs ("shoves all in for $8"); "the second guy" is a player."""
    ledger = read_ledger(
        "limit 10/20, turn. first guy shoves all in for $8. second guy wants to make it a full bet,"
        " how much does he put in?"
    )
    assert [(a.who, a.kind, a.amount) for a in ledger.actions] == [("first guy", "allin", Decimal(8))]
    assert ledger.asker == "second guy"


def test_raise_to_by_and_unsaid() -> None:
    to, by, unsaid = (read_ledger(f"A bets 100, B raises {w}200").actions[1] for w in ("to ", "by ", ""))
    assert (to.to, by.to, unsaid.to) == (True, False, None)


def test_an_unsaid_raise_is_answered_both_ways() -> None:
    ledger = read_ledger("A bets 100, B raises 250, C wants to raise. minimum?")
    assert minimum_to(replay(ledger, ledger.actions)) == 400  # to 250: a raise of 150
    assert minimum_to(replay(ledger, ledger.actions, raise_by=True)) == 600  # by 250: to 350


def test_verbs_inside_the_question_are_not_actions() -> None:
    ledger = read_ledger("A bets 100, B calls. Can C raise?")
    assert [a.who for a in ledger.actions] == ["A", "B"] and ledger.asker == "C"


def test_given_numbers_win_over_the_words() -> None:
    ledger = ledger_for("pot is $120, A bets 40", {"pot": "150", "stakes": "1/2"})
    assert ledger.get("pot") == 150 and ledger.numbers["pot"].words == "--num pot=150"
    assert (ledger.get("sb"), ledger.get("bb")) == (1, 2)


@pytest.mark.parametrize("pairs", [["pots=1"], ["pot"], ["pot=lots"]])
def test_a_bad_number_is_a_clear_error(pairs: list[str]) -> None:
    with pytest.raises(SituationError):
        ledger_for(None, parse_number_pairs(pairs))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "1/2 NL. UTG straddles $4, then UTG+1 wants to re-straddle to $8",
            {"straddle_number": 2, "straddle_multiple": 2},
        ),
        ("1/2 NL, UTG straddles $4. can he?", {"straddle_number": 1, "straddle_multiple": 2}),
        ("1/2 NL, seat 3 bets $6 and UTG straddled $4 last hand", {}),
    ],
)
def test_which_straddle_and_its_size_are_worked_out_from_the_amounts(text: str, expected: dict) -> None:
    from engine.books.vocabulary import load_vocabulary
    from engine.compute.derive import derived_facts

    derived = derived_facts(read_ledger(text), load_vocabulary(), game="holdem", structure="no-limit")
    assert {
        name: derived[name] for name in ("straddle_number", "straddle_multiple") if name in derived
    } == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$10/$20, seat 4 bets $20, seat 6 slides out $30 in one push, no word", 1.5),
        ("seat 1 bets 8, seat 3 puts in 8 then reaches back and adds another 8", 1),
        ("Jake bets 8. Marcus puts 8 in, stops, then adds another 8 and says raise", 1),  # amount first
        ("Jake bets 8, Marcus puts him on a draw and calls", None),  # "puts" alone moves no chips
        ("guy in 6 bets 20. kid in 7 cuts out 20, pushes it in, then shoves another 40 in", 1),
        ("seat 1 bets 8, seat 3 raises to 16", None),  # a raise said is no unsaid push
        ("seat 1 bets 20, seat 3 puts in 10 and says call", None),  # less than the bet: a short call
        ("seat 1 bets 20, seat 3 goes all in for 30", 0.5),  # an all-in: its raise over the bet
    ],
)
def test_an_unsaid_push_is_a_share_of_the_wager(text: str, expected: float | None) -> None:
    from engine.books.vocabulary import load_vocabulary
    from engine.compute.derive import derived_facts

    derived = derived_facts(read_ledger(text), load_vocabulary(), game="holdem", structure="limit")
    assert derived.get("bet_fraction") == expected


@pytest.mark.parametrize(
    "text", ["he pushes in 10 to call", "slides out $30 in one push", "pushes it in", "shoves another 40 in"]
)
def test_chips_pushed_in_are_no_all_in(text: str) -> None:
    assert all(action.kind != "allin" for action in read_ledger(text).actions)


def test_a_stack_shoved_is_all_in() -> None:
    actions = read_ledger("seat 5 has $150 and shoves it. seat 7 has $210 total and shoves too").actions
    assert [action.kind for action in actions] == ["allin", "allin"]


def test_cards_are_read_per_seat_in_any_spelling() -> None:
    from engine.compute.cards import hands_told

    text = "Stud: seat 3 has As 10d 7c, seat 6: K♠ K♥ 9d. As the dealer I split it."
    assert hands_told(text) == {3: ("As", "Td", "7c"), 6: ("Ks", "Kh", "9d")}
    assert hands_told("As the dealer said, seat 4 has a pair") == {}


def test_the_choice_asked_about_is_no_action() -> None:
    asked = read_ledger("seat 6 bets 20, seat 7 puts 20 in. is it a raise to 60 or just a call of 20?")
    assert [action.kind for action in asked.actions] == ["bet", "chips"]


def test_a_street_told_right_after_an_action_is_its_own() -> None:
    """ "sue bets 8 on the turn, al drops 12 in": both on the turn, so al's 12 answers her 8."""
    ledger = read_ledger("4-8 game. sue bets 8 on the turn, al silently drops 12 in", "limit")
    assert [(a.kind, a.amount, a.street) for a in ledger.actions] == [
        ("bet", Decimal(8), 1),
        ("chips", Decimal(12), 1),
    ]


def test_a_chip_named_by_its_value_in_words_is_its_amount() -> None:
    ledger = read_ledger("15-30 limit. flop, big blind shoves all in for one five-dollar chip", "limit")
    assert [(a.kind, a.amount) for a in ledger.actions] == [("allin", Decimal(5))]
