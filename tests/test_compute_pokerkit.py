"""PokerKit 0.7.7 (test-only) as a differential oracle for the betting arithmetic.

Random no-limit and pot-limit first rounds (3-6 players, blinds, short stacks, all-ins) are
played in PokerKit, and each action is replayed in engine.compute; at every decision the
smallest raise and, at pot-limit, the largest raise must agree, and the pots formed when the
round closes must be the same. Where the books and PokerKit differ by design, one explicit test
per difference asserts both answers, so a change in either is noticed.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pokerkit = pytest.importorskip("pokerkit")

from engine.compute.amounts import Action, Ledger, Told  # noqa: E402
from engine.compute.nolimit import minimum_to  # noqa: E402
from engine.compute.potlimit import maximum_to  # noqa: E402
from engine.compute.rounds import replay  # noqa: E402
from engine.compute.sidepots import side_pots  # noqa: E402

AUTOMATIONS = tuple(pokerkit.Automation)
GAMES = {"no-limit": pokerkit.NoLimitTexasHoldem, "pot-limit": pokerkit.PotLimitOmahaHoldem}


def name(index: int) -> str:
    return {0: "sb", 1: "bb"}.get(index, f"p{index}")


@st.composite
def hands(draw: st.DrawFn) -> tuple:
    players = draw(st.integers(min_value=3, max_value=6))
    bb = draw(st.sampled_from([2, 10, 100]))
    # every blind posted in full: a short big blind is a documented difference (the books keep
    # the full blind as the call), not tested here
    stacks = tuple(draw(st.integers(min_value=bb + 1, max_value=60 * bb)) for _ in range(players))
    structure = draw(st.sampled_from(sorted(GAMES)))
    choices = draw(st.lists(st.integers(min_value=0, max_value=99), min_size=4, max_size=24))
    return structure, bb, stacks, choices


def _mine(bb: int, moves: list[Action]) -> Ledger:
    numbers = {"sb": Told(Decimal(bb // 2), "sb"), "bb": Told(Decimal(bb), "bb")}
    return Ledger(numbers=numbers, actions=tuple(moves))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_minimum_and_maximum_raise_and_pots_agree_with_pokerkit(hand: tuple) -> None:
    structure, bb, stacks, choices = hand
    state = GAMES[structure].create_state(AUTOMATIONS, True, 0, (bb // 2, bb), bb, stacks, len(stacks))
    moves: list[Action] = []
    for choice in choices:
        if state.street_index != 0 or state.actor_index is None:
            break
        actor = state.actor_index
        mine = replay(_mine(bb, moves), tuple(moves))
        left = Decimal(state.stacks[actor])
        has = mine.put_in.get(name(actor), Decimal(0))
        if state.can_complete_bet_or_raise_to():
            least = min(minimum_to(mine), has + left)
            assert least == state.min_completion_betting_or_raising_to_amount, (moves, actor)
            if structure == "pot-limit":
                assert (
                    maximum_to(mine, name(actor), left)[0]
                    == state.max_completion_betting_or_raising_to_amount
                )
        moves.append(_play(state, actor, choice))
    if state.status and state.street_index == 1:
        _same_pots(state, moves, bb)


def _play(state, actor: int, choice: int) -> Action:  # type: ignore[no-untyped-def]
    """One action in PokerKit, chosen by `choice`, and the same action for engine.compute."""
    if choice < 15 and state.can_fold():
        state.fold()
        return Action(name(actor), "fold", None, True, "fold")
    if choice < 60 or not state.can_complete_bet_or_raise_to():
        state.check_or_call()
    else:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        state.complete_bet_or_raise_to(high if choice > 90 else low + (high - low) * (choice - 60) // 40)
    total = Decimal(state.bets[actor]) if state.street_index == 0 else None
    if total is None:  # the round closed and the bets were collected
        total = Decimal(state.starting_stacks[actor] - state.stacks[actor])
    kind = "allin" if state.stacks[actor] == 0 else "raise" if choice >= 60 else "call"
    return Action(name(actor), kind, total, True, kind)


def _same_pots(state, moves: list[Action], bb: int) -> None:  # type: ignore[no-untyped-def]
    mine = replay(_mine(bb, moves), tuple(moves))
    live = set(mine.put_in) - mine.folded
    pots, _ = side_pots(mine.put_in, live)
    theirs = [(Decimal(pot.amount), tuple(sorted(name(i) for i in pot.player_indices))) for pot in state.pots]
    assert [(amount, tuple(sorted(who))) for amount, who in pots] == theirs, moves


# Where the books and PokerKit differ. Each test asserts both answers.


def test_limit_preflop_cap_the_big_blind_is_the_bet() -> None:
    """Books: "When you post the big blind, it serves as your opening bet" and a bet and three
    raises: preflop at 1-2 the cap is 8. PokerKit allows four raises over the big blind: 10."""
    from engine.compute.raisecap import cap_setting  # noqa: F401  (the cap is the house's: 3)

    state = pokerkit.FixedLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, (200,) * 5, 5)
    raised_to = []
    while state.can_complete_bet_or_raise_to():
        raised_to.append(state.min_completion_betting_or_raising_to_amount)
        state.complete_bet_or_raise_to(raised_to[-1])
    book_cap = 3
    assert raised_to[:book_cap] == [4, 6, 8]  # the books stop here: the big blind and three raises
    assert raised_to == [4, 6, 8, 10]  # PokerKit 0.7.7


def test_a_short_all_in_bet_does_not_reopen_for_a_player_who_checked() -> None:
    """Catfish NL rule 3 / v7 NL rule 4: a player who acted may not raise an all-in below the
    minimum bet. PokerKit lets the player who checked raise it."""
    state = pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (50, 100), 100, (1000, 1000, 120), 3
    )
    for _ in range(5):  # preflop: call, call, check; flop: check, check
        state.check_or_call()
    state.complete_bet_or_raise_to(20)  # the short stack's all-in bet of 20
    assert state.actor_index == 0 and state.can_complete_bet_or_raise_to()  # PokerKit: may raise
    ledger = Ledger(
        numbers={"bb": Told(Decimal(100), "bb"), "pot": Told(Decimal(300), "pot")},
        actions=(
            Action("sb", "check", None, True, "check"),
            Action("bb", "check", None, True, "check"),
            Action("p2", "allin", Decimal(20), True, "all in 20"),
        ),
    )
    mine = replay(ledger, ledger.actions)
    assert not mine.may_raise("sb", None)  # the books: call or fold only
    assert minimum_to(mine) == state.min_completion_betting_or_raising_to_amount == 120  # agreed


def test_heads_up_limit_raising_is_unlimited_in_a_money_game(kb) -> None:  # type: ignore[no-untyped-def]
    """Books (B&R rule 4): heads-up in a money game raising is unlimited; PokerKit caps it."""
    from engine.rulings.resolver import resolve
    from engine.rulings.situation import Situation

    state = pokerkit.FixedLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, (200, 200), 2)
    raises = 0
    while state.can_complete_bet_or_raise_to() and raises < 10:
        state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
        raises += 1
    assert raises == 4  # PokerKit 0.7.7 stops at four
    facts = {"event": "raise-limit", "heads_up": True, "capped_before_heads_up": False}
    ruling = resolve(
        kb, Situation(house="roberts-home", game="holdem", structure="limit", format="cash", facts=facts)
    )
    assert ruling.governing is not None and ruling.governing.outcome == "unlimited-raises"  # the books


def test_a_short_big_blind_still_sets_the_call() -> None:
    """HomePokerTourney (The Pot 6) and Catfish Bend / v7 (Blinds 1): action goes on as if the
    full big blind were posted, so the call is 100 and a raise is to 200. PokerKit takes the
    short blind as the wager: a call of 60, a raise to 160."""
    state = pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (50, 100), 100, (1000, 60, 1000), 3
    )
    assert (state.checking_or_calling_amount, state.min_completion_betting_or_raising_to_amount) == (60, 160)
    ledger = Ledger(numbers={"sb": Told(Decimal(50), "sb"), "bb": Told(Decimal(100), "bb")})
    mine = replay(ledger, ())
    assert (mine.facing, minimum_to(mine)) == (100, 200)


def test_a_half_bet_all_in_reopens_limit_betting_for_a_player_who_raised() -> None:
    """Books (B&R rule 5): "An all-in wager of a half a bet or more is treated as a full bet":
    the raiser may raise again. PokerKit closes the betting for him."""
    state = pokerkit.FixedLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, 4, (200, 200, 200, 5), 4
    )
    state.complete_bet_or_raise_to(4)  # p2 raises
    state.complete_bet_or_raise_to(5)  # p3 all-in: one more, half a bet of 2
    state.check_or_call()
    state.check_or_call()
    assert state.actor_index == 2 and not state.can_complete_bet_or_raise_to()  # PokerKit: call only
    moves = (
        Action("p2", "raise", Decimal(4), True, "raise"),
        Action("p3", "allin", Decimal(5), True, "all in"),
        Action("sb", "call", None, True, "call"),
        Action("bb", "call", None, True, "call"),
    )
    mine = replay(_mine(2, list(moves)), moves, limit_bet=Decimal(2), reopen_fraction=Decimal("0.5"))
    assert mine.may_raise("p2", Decimal(2))  # the books: a full bet, p2 may raise to 7
    assert mine.facing + 2 == 7


def test_a_player_facing_less_than_half_a_bet_completes_it(kb) -> None:  # type: ignore[no-untyped-def]
    """Books (B&R rule 5): facing less than half a bet, a player "may fold, call, or complete the
    wager": at 4-8 over a 5 all-in, complete to 8. PokerKit's smallest raise is to 9."""
    from engine.compute.registry import Table, compute
    from engine.compute.settings import HouseRules

    state = pokerkit.FixedLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (2, 4), 4, 8, (200, 200, 5, 200), 4
    )
    state.complete_bet_or_raise_to(5)  # p2 all-in for 5: one over the big blind of 4
    assert state.min_completion_betting_or_raising_to_amount == 9  # PokerKit
    numbers = {
        name: Told(Decimal(v), name) for name, v in (("sb", 2), ("bb", 4), ("small_bet", 4), ("big_bet", 8))
    }
    ledger = Ledger(numbers=numbers, actions=(Action("p2", "allin", Decimal(5), True, "all in for 5"),))
    rules = HouseRules.of("roberts-home", kb.effective("roberts-home"))
    table = Table(rules, ledger, game="holdem", structure="limit", ruled=("betting.all-in-short-limit",))
    answer = compute(table, ["betting.all-in-short-limit"])
    assert answer is not None and answer.value == 8  # the books: complete the bet to 8


def test_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting() -> None:
    """Catfish NL rule 5 / v7 NL rule 6: consecutive short all-ins that add up to a full raise
    reopen the betting for the bettor ("the resulting wager size to a player qualifies as a
    raise"): A bets 100, all-ins to 130, 190, 230, 260 face A with 160 more, a full raise.
    PokerKit counts the all-ins from the last time their sum made a full raise (230), so the
    last 30 does not reopen and A may only call."""
    state = pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (5, 10), 10, (1000, 140, 200, 240, 270), 5
    )
    for _ in range(5):  # preflop: three calls, the small blind completes, the big blind checks
        state.check_or_call()
    state.complete_bet_or_raise_to(100)  # the flop: A (the small blind) bets 100
    for to in (130, 190, 230, 260):
        state.complete_bet_or_raise_to(to)  # each short stack all-in
    assert state.actor_index == 0 and not state.can_complete_bet_or_raise_to()  # PokerKit: call only
    allins = tuple(
        Action(f"p{seat}", "allin", Decimal(to), True, f"all in {to}")
        for seat, to in ((1, 130), (2, 190), (3, 230), (4, 260))
    )
    ledger = Ledger(
        numbers={"bb": Told(Decimal(10), "bb"), "pot": Told(Decimal(50), "pot")},
        actions=(Action("sb", "bet", Decimal(100), True, "bets 100"), *allins),
    )
    mine = replay(ledger, ledger.actions)
    assert mine.may_raise("sb", None)  # the books: reopened for A
    assert minimum_to(mine) == 360  # a raise of at least the last full raise, 100


def test_no_player_receives_more_than_one_odd_chip() -> None:
    """Ties rule 4: "No player may receive more than one odd chip", and rule 5(a) gives them
    clockwise from the button: a 14 pot split three ways is 5, 5, 4. PokerKit gives the whole
    remainder of 2 to one winner: 6, 4, 4."""
    from engine.compute.oddchips import clockwise_from, split

    automations = tuple(
        a
        for a in AUTOMATIONS
        if a
        not in (
            pokerkit.Automation.HOLE_DEALING,
            pokerkit.Automation.BOARD_DEALING,
            pokerkit.Automation.CARD_BURNING,
        )
    )  # every card named, the burns too: a random burn could take a card dealt here
    state = pokerkit.NoLimitTexasHoldem.create_state(automations, True, 0, (2, 4), 4, (100,) * 4, 4)
    for hole in ("2c3d", "2d3c", "2h3s", "2s3h"):
        state.deal_hole(hole)
    state.check_or_call()  # p2 calls 4
    state.check_or_call()  # p3 (the button) calls 4
    state.fold()  # the small blind folds its 2
    state.check_or_call()  # the big blind checks: 14 in the pot
    for burn, board in (("8c", "AsKsQs"), ("8d", "Js"), ("8h", "Ts")):  # a royal flush: three tie
        state.burn_card(burn)
        state.deal_board(board)
        while state.actor_index is not None:
            state.check_or_call()
    won = [stack - 96 for stack in state.stacks[1:]]  # each of the three put in 4
    assert sorted(won) == [4, 4, 6]  # PokerKit 0.7.7: one winner takes both odd chips
    # the same pot by the books: seats 1-4 are PokerKit's players 0-3, the button is seat 4
    order = clockwise_from(4, (2, 3, 4))
    assert split(Decimal(14), order, Decimal(1)) == {2: 5, 3: 5, 4: 4}


def test_pot_limit_house_structures_pokerkit_does_not_have(kb) -> None:  # type: ignore[no-untyped-def]
    """Pot-limit rules 5 and 6: a house may count the small blind as a big blind, and may round
    the pot up to a unit ("with $25 units an $80 pot counts as $100"); both are shown as
    alternatives to strict pot-limit. PokerKit knows only strict pot-limit: raise to 7 at 1-2,
    a bet of 80 into 80."""
    from engine.compute.registry import Table, compute
    from engine.compute.settings import HouseRules

    state = pokerkit.PotLimitOmahaHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, (500,) * 3, 3)
    assert state.max_completion_betting_or_raising_to_amount == 7  # PokerKit: strict
    rules = HouseRules.of("roberts-home", kb.effective("roberts-home"))
    key = "pot-limit.maximum-raise"

    def answer(**numbers: int):  # type: ignore[no-untyped-def]
        told = {name: Told(Decimal(v), name) for name, v in numbers.items()}
        table = Table(
            rules, Ledger(numbers=told, asks=frozenset({"max"})), structure="pot-limit", ruled=(key,)
        )
        found = compute(table, [key])
        assert found is not None
        return found.value, [a.value for a in found.alternatives]

    assert answer(sb=1, bb=2) == (7, [8])  # the books: strict 7, or 8 with the small blind as big
    state = pokerkit.PotLimitOmahaHoldem.create_state(AUTOMATIONS, True, 0, (40, 40), 40, (500,) * 2, 2)
    state.check_or_call()
    state.check_or_call()  # the flop: 80 in the pot
    assert state.max_completion_betting_or_raising_to_amount == 80  # PokerKit: the pot, unrounded
    assert answer(pot=80) == (80, [100])  # the books: 80, or 100 rounded up to $25 units


def test_the_jackpot_drop_is_a_flat_dollar_over_20_not_a_raked_share(kb) -> None:  # type: ignore[no-untyped-def]
    """Catfish Bend, Bad Beat Jackpot rule 1: "$1 (in addition to the rake) will be collected
    from any pot exceeding $20": nothing from a $20 pot, $1 from a $21 or a $400 pot. PokerKit's
    rake is a share of each pot up to a cap: at 5% capped at $1 it takes $1 from the $20 pot
    too. (No book prints a rake amount, so the rake itself is not computed.)"""
    from engine.compute.registry import Table, compute
    from engine.compute.settings import HouseRules

    rules = HouseRules.of("catfish-bend", kb.effective("catfish-bend"))

    def drop(pot: int) -> Decimal:
        ledger = Ledger(numbers={"pot": Told(Decimal(pot), "pot")}, asks=frozenset({"drop"}))
        found = compute(Table(rules, ledger, ruled=("jackpot.drop",)), ["jackpot.drop"])
        assert found is not None
        return Decimal(found.value)

    def raked(pot: int) -> int:
        return pokerkit.rake(pot, percentage=0.05, cap=1)[0]

    assert [raked(pot) for pot in (20, 21, 400)] == [1, 1, 1]  # PokerKit 0.7.7
    assert [drop(pot) for pot in (20, 21, 400)] == [0, 1, 1]  # the book


def test_the_stud_odd_chip_goes_by_suit_not_by_seat(kb) -> None:  # type: ignore[no-untyped-def]
    """Ties rule 5(b): "In a stud game, the odd chip will be given to the highest card by suit
    ... all cards are used": two tied queens-and-fives hands split a 7 pot, and the odd chip is
    the hand holding the queen of spades' (seat 2), 4 to 3. PokerKit gives it by seat order,
    to the first seat."""
    from engine.compute.registry import Table, compute
    from engine.compute.settings import HouseRules

    automation = pokerkit.Automation
    state = pokerkit.FixedLimitSevenCardStud.create_state(
        tuple(a for a in automation if a not in (automation.HOLE_DEALING, automation.CARD_BURNING)),
        True,
        1,
        2,
        4,
        8,
        (100,) * 3,
        3,
    )
    burns = ["Tc", "Th", "Td", "Ts", "8c", "8h", "8d"]
    cards = {
        0: ("Qh", "Qd", "5c", "5s", "9h", "2c", "3d"),
        1: ("Qs", "Qc", "5h", "5d", "9c", "2d", "3c"),
        2: ("7s", "8s", "Js", "4h", "6d", "Kh", "Ah"),
    }
    while state.status:
        if state.can_burn_card():
            state.burn_card(burns.pop())
        elif state.can_deal_hole():
            dealee = state.hole_dealee_index
            state.deal_hole(cards[dealee][len(state.hole_cards[dealee])])
        elif state.can_post_bring_in():
            state.post_bring_in()
        elif state.actor_index == 2:
            state.fold()
        else:
            state.check_or_call()
    pushed = next(op for op in state.operations if isinstance(op, pokerkit.ChipsPushing))
    assert pushed.amounts[:2] == (4, 3)  # PokerKit 0.7.7: the first seat gets the odd chip
    ledger = Ledger(
        numbers={"pot": Told(Decimal(7), "pot")},
        asks=frozenset({"odd-chip"}),
        hands={1: cards[0], 2: cards[1]},  # seats 1 and 2 are PokerKit's players 0 and 1
    )
    rules = HouseRules.of("roberts-home", kb.effective("roberts-home"))
    table = Table(rules, ledger, game="stud", ruled=("ties.odd-chip-stud",))
    answer = compute(table, ["ties.odd-chip-stud"])
    assert answer is not None and answer.display.startswith("Seat 2 gets the odd chip")  # the books
    assert answer.value == 4
