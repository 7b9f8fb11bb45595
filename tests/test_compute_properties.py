"""Properties every computation keeps, whatever the numbers (hypothesis): chips are conserved
in side pots, split shares differ by at most one unit, answers scale with the stakes, the
pot-limit maximum is never below the minimum raise, and a larger wager never closes betting
that a smaller one reopened."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compute.amounts import Action, Ledger, Told
from engine.compute.nolimit import minimum_to
from engine.compute.oddchips import clockwise_from, split
from engine.compute.potlimit import maximum_to
from engine.compute.rounds import replay
from engine.compute.sidepots import side_pots

AMOUNT = st.integers(min_value=1, max_value=5000)
PLAYERS = ["A", "B", "C", "D", "E", "F"]


def _ledger(actions: list[tuple[str, str, int]], bb: int | None = None, pot: int | None = None) -> Ledger:
    numbers = {}
    if bb is not None:
        numbers["bb"] = Told(Decimal(bb), "bb")
        numbers["sb"] = Told(Decimal(bb // 2 or 1), "sb")
    if pot is not None:
        numbers["pot"] = Told(Decimal(pot), "pot")
    moves = tuple(
        Action(who, kind, Decimal(amount), True, f"{who} {kind} {amount}") for who, kind, amount in actions
    )
    return Ledger(numbers=numbers, actions=moves)


@st.composite
def contributions(draw: st.DrawFn) -> tuple[dict[str, Decimal], set[str]]:
    count = draw(st.integers(min_value=2, max_value=6))
    put_in = {p: Decimal(draw(AMOUNT)) for p in PLAYERS[:count]}
    live = {p for p in put_in if draw(st.booleans())} or {PLAYERS[0]}
    return put_in, live


@settings(max_examples=300, deadline=None)
@given(contributions())
def test_side_pots_conserve_every_chip(case: tuple[dict[str, Decimal], set[str]]) -> None:
    put_in, live = case
    pots, returned = side_pots(put_in, live)
    assert sum(amount for amount, _ in pots) + sum(returned.values()) == sum(put_in.values())


@settings(max_examples=300, deadline=None)
@given(contributions())
def test_only_live_players_who_put_in_enough_contest_a_pot(case: tuple[dict[str, Decimal], set[str]]) -> None:
    put_in, live = case
    pots, _ = side_pots(put_in, live)
    for _, eligible in pots:
        assert set(eligible) <= live and eligible
    assert [len(e) for _, e in pots] == sorted((len(e) for _, e in pots), reverse=True)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=100_000),
    st.lists(st.integers(min_value=1, max_value=10), min_size=2, max_size=6, unique=True),
    st.integers(min_value=1, max_value=10),
    st.sampled_from([Decimal(1), Decimal(5), Decimal("0.25")]),
)
def test_split_shares_differ_by_at_most_one_unit(
    units: int, seats: list[int], button: int, unit: Decimal
) -> None:
    order = clockwise_from(button, tuple(seats))
    shares = split(units * unit, order, unit)
    assert sum(shares.values()) == units * unit
    assert max(shares.values()) - min(shares.values()) <= unit
    assert shares[order[0]] == max(shares.values())  # the odd chip goes first clockwise from the button


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2000), AMOUNT, st.integers(min_value=2, max_value=10))
def test_pot_limit_maximum_scales_with_the_amounts(pot: int, bet: int, factor: int) -> None:
    small = maximum_to(
        replay(_ledger([("A", "bet", bet)], pot=pot), _ledger([("A", "bet", bet)]).actions), "me"
    )[0]
    scaled = _ledger([("A", "bet", bet * factor)], pot=pot * factor)
    assert maximum_to(replay(scaled, scaled.actions), "me")[0] == small * factor


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=2000), AMOUNT, st.integers(min_value=1, max_value=100))
def test_pot_limit_maximum_is_never_below_the_minimum_raise(pot: int, bet: int, bb: int) -> None:
    ledger = _ledger([("A", "bet", max(bet, bb))], bb=bb, pot=pot)
    state = replay(ledger, ledger.actions)
    assert maximum_to(state, "me")[0] >= minimum_to(state)


@settings(max_examples=300, deadline=None)
@given(AMOUNT, AMOUNT, AMOUNT)
def test_a_larger_all_in_never_closes_betting_a_smaller_one_reopened(bet: int, allin: int, more: int) -> None:
    def reopened(total: int) -> bool:
        ledger = _ledger([("A", "bet", bet), ("B", "allin", total), ("C", "call", total)])
        return replay(ledger, ledger.actions).may_raise("A", None)

    if reopened(bet + allin):
        assert reopened(bet + allin + more)


@settings(max_examples=300, deadline=None)
@given(AMOUNT, AMOUNT)
def test_minimum_raise_is_at_least_the_wager_plus_the_minimum_bring_in(bb: int, allin: int) -> None:
    ledger = _ledger([("A", "allin", allin)], bb=bb, pot=0)
    state = replay(ledger, ledger.actions)
    assert minimum_to(state) >= state.facing + bb
