"""One betting round replayed from the actions told: what each player has in, the wager
faced, the last full bet or raise, who is all-in or folded, and who has acted since the last
full raise. Every computation about bets (pot-limit maximum, minimum raise, reopening, cap,
side pots) reads this one replay, so they cannot disagree about the table.

The arithmetic is the books' (Robert's Rules, Catfish Bend, v7): a raise must be at least the
previous bet or raise; an all-in for less is not a full raise (no-limit) unless, at limit, it is
half a bet or more (`reopen_fraction`, read from the house's rule).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from engine.compute.amounts import Action, Ledger

ZERO = Decimal(0)
POSTFLOP = 1  # a street word before the actions: the blinds are in the pot, not this round


@dataclass
class Round:
    """The state of the round after the actions told."""

    pot_before: Decimal  # the pot from earlier rounds (and antes), not this round's bets
    minimum: Decimal  # the minimum bring-in (big blind, or the straddle)
    facing: Decimal = ZERO  # the largest total wager on this round
    last_full: Decimal = ZERO  # the size of the last full bet or raise (at least the minimum)
    put_in: dict[str, Decimal] = field(default_factory=dict)  # each player's total this round
    matched: dict[str, Decimal] = field(default_factory=dict)  # the wager each player last acted on
    seen_full: dict[str, int] = field(default_factory=dict)  # full raises counted when each acted
    full_wagers: int = 0  # the bet and full raises made (the big blind counts as the bet)
    all_in: set[str] = field(default_factory=set)
    folded: set[str] = field(default_factory=set)
    short_all_ins: list[str] = field(default_factory=list)  # all-ins that were not full raises
    working: list[str] = field(default_factory=list)

    @property
    def in_pot(self) -> Decimal:
        return self.pot_before + sum(self.put_in.values(), ZERO)

    def may_raise(self, player: str, limit_bet: Decimal | None) -> bool:
        """A player who acted may raise only if a full raise, or all-ins adding up to one,
        came after (no-limit: at least the last full raise; limit: a full bet)."""
        if player not in self.matched:
            return True
        needed = limit_bet if limit_bet is not None else max(self.last_full, self.minimum)
        return self.full_wagers > self.seen_full[player] or self.facing - self.matched[player] >= needed


def replay(
    ledger: Ledger,
    actions: tuple[Action, ...],
    *,
    limit_bet: Decimal | None = None,
    reopen_fraction: Decimal | None = None,
    raise_by: bool = False,
) -> Round:
    """Replay the last round of the actions. `limit_bet` is the round's bet at limit;
    `raise_by` reads a raise said without "to" or "by" as *by* (the other reading)."""
    last_street = max((a.street for a in actions), default=0)
    this_round = tuple(a for a in actions if a.street == last_street)
    earlier = tuple(a for a in actions if a.street < last_street)
    bb = ledger.get("bb")
    minimum: Decimal = limit_bet or bb or ledger.get("bring_in") or ZERO
    state = Round(pot_before=_earlier_pot(ledger, earlier), minimum=minimum)
    state.last_full = minimum
    if _blinds_in_round(ledger, last_street):
        _post_blinds(state, ledger)
    for action in this_round:
        _apply(state, action, limit_bet, reopen_fraction, raise_by)
    return state


def _earlier_pot(ledger: Ledger, earlier: tuple[Action, ...]) -> Decimal:
    pot = ledger.get("pot")
    if pot is not None:
        return pot
    totals: dict[str, Decimal] = {}
    for action in earlier:
        if action.amount is not None and action.kind not in ("fold", "check"):
            totals[action.who] = max(totals.get(action.who, ZERO), action.amount)
    return sum(totals.values(), ZERO) + (ledger.get("ante") or ZERO)


def _blinds_in_round(ledger: Ledger, last_street: int) -> bool:
    """The blinds are this round's bets when none of the pot was told and the story never
    leaves the first round."""
    return (
        ledger.get("bb") is not None
        and ledger.get("pot") is None
        and last_street == 0
        and not ledger.words.get("postflop")
    )


def _post_blinds(state: Round, ledger: Ledger) -> None:
    sb, bb = ledger.get("sb"), ledger.get("bb") or ZERO
    if sb is not None:
        state.put_in["sb"] = sb
    state.put_in["bb"] = bb
    state.facing, state.full_wagers = bb, 1
    state.working.append(f"blinds {_n(sb) + ' and ' if sb is not None else ''}{_n(bb)}")
    straddle = ledger.get("straddle")
    if straddle is not None and straddle > bb:
        state.put_in["straddle"] = straddle
        state.facing = state.minimum = state.last_full = straddle
        state.working.append(f"straddle {_n(straddle)}: the new minimum bring-in")
    state.pot_before += ledger.get("ante") or ZERO


def _apply(
    state: Round, action: Action, limit_bet: Decimal | None, fraction: Decimal | None, raise_by: bool
) -> None:
    who, kind = action.who, action.kind
    if kind == "fold":
        state.folded.add(who)
        state.working.append(f"{who} folds")
        return
    if kind == "call" and action.amount is not None and action.amount > state.facing:
        state.facing = action.amount  # "C and D each put in 200": the amount is the total
    if kind in ("check", "call", "limp") or (kind == "allin" and action.amount is None):
        total = state.facing if kind != "check" else state.put_in.get(who, ZERO)
        if kind == "allin":
            state.all_in.add(who)
        state.working.append(f"{who} {'checks' if kind == 'check' else 'calls'} {_n(total)}")
        _acts(state, who, total)
        return
    wager = _total(state, action, limit_bet, raise_by)
    if wager is not None:
        _wager(state, action, wager, limit_bet, fraction)


def _wager(
    state: Round, action: Action, total: Decimal, limit_bet: Decimal | None, fraction: Decimal | None
) -> None:
    """A bet, raise, all-in, completion or straddle to `total`."""
    who, kind = action.who, action.kind
    if kind == "allin":
        state.all_in.add(who)
    increment = total - state.facing
    verb = {"allin": "all-in for", "bet": "bets", "raise": "raises to", "complete": "completes to"}.get(
        kind, kind
    )
    if increment > 0:
        full = _is_full(state, increment, kind, limit_bet, fraction)
        was = state.last_full
        if full:
            state.full_wagers += 1
            state.last_full = limit_bet if limit_bet is not None else max(increment, state.minimum)
        elif kind == "allin":
            state.short_all_ins.append(who)
        state.facing = total
        what = (
            "a full " + ("bet" if total == increment else "raise")
            if full
            else f"not a full raise (under {_n(was)})"
        )
        if limit_bet is not None and fraction is not None and kind == "allin":
            half = "at least" if full else "less than"
            what = f"{half} {fraction} of a {_n(limit_bet)} bet: " + (
                "a full bet" if full else "not a full bet"
            )
        state.working.append(f"{who} {verb} {_n(total)}: {_n(increment)} more, {what}")
    else:
        state.working.append(f"{who} {verb} {_n(total)}")
    _acts(state, who, total)


def _total(state: Round, action: Action, limit_bet: Decimal | None, raise_by: bool) -> Decimal | None:
    """The total the player has in after the action."""
    if action.kind == "complete":
        return state.facing - (state.facing % limit_bet) + limit_bet if limit_bet else None
    if action.amount is None:
        return state.facing + limit_bet if limit_bet is not None and action.kind in ("raise", "bet") else None
    if action.kind == "raise":
        by = action.to is False or (action.to is None and (raise_by or action.amount <= state.facing))
        return state.facing + action.amount if by else action.amount
    return action.amount


def _is_full(
    state: Round, increment: Decimal, kind: str, limit_bet: Decimal | None, fraction: Decimal | None
) -> bool:
    if limit_bet is not None:
        if kind != "allin":
            return True
        return fraction is not None and increment >= fraction * limit_bet
    if state.facing == 0:
        return increment >= state.minimum
    return increment >= max(state.last_full, state.minimum)


def _acts(state: Round, who: str, total: Decimal) -> None:
    state.put_in[who] = max(state.put_in.get(who, ZERO), total)
    state.matched[who] = total
    state.seen_full[who] = state.full_wagers


def _n(amount: Decimal | None) -> str:
    return (
        ""
        if amount is None
        else f"{amount:,.0f}"
        if amount == amount.to_integral_value()
        else f"{amount:,.2f}"
    )
