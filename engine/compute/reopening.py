"""Whether the betting is reopened for a player who has already acted. No-limit: "A player who
has already checked or called may not subsequently raise an all-in bet that is less than the
full size of the last bet or raise", and several short all-ins that add up to a full raise do
reopen it (Catfish NL rule 5, v7 NL rule 6). Limit: "an all-in wager of a half a bet or more is
treated as a full bet" (`reopen_fraction`, read from the house's rule, so a house that amends
it changes the answer). The number is what the player may do: the smallest raise, or the call."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.amounts import Action, Ledger, limit_bet
from engine.compute.model import Answer, Setting, money
from engine.compute.registry import Table, computes
from engine.compute.rounds import Round, replay

LIMIT_KEYS = ("betting.all-in-short-limit",)
BIG_BET_KEYS = ("no-limit.minimum-raise", "no-limit.multiple-all-ins-reopen", "no-limit.no-completing-bet")


def round_bet(table: Table, actions: tuple[Action, ...]) -> Decimal | None:
    """The bet of a limit round (engine.compute.amounts.limit_bet)."""
    return limit_bet(table.ledger, actions)


def player_in_question(ledger: Ledger, state: Round) -> str | None:
    """The player asked about, else the first who acted and now faces more."""
    if ledger.asker is not None:
        return ledger.asker
    waiting = [
        p for p in state.matched if p not in state.all_in | state.folded and state.matched[p] < state.facing
    ]
    return waiting[0] if waiting else None


@computes(*LIMIT_KEYS, *BIG_BET_KEYS, "blinds.posted-blind-raise-option")
def reopened(table: Table) -> Answer | None:
    ledger, limit = table.ledger, table.structure_told == "limit"
    if not any(a.kind == "allin" for a in ledger.actions):
        return None
    fraction, setting = _fraction(table) if limit else (None, None)
    bet = round_bet(table, ledger.actions) if limit else None
    if limit and (bet is None or fraction is None):
        return None
    state = replay(ledger, ledger.actions, limit_bet=bet, reopen_fraction=fraction)
    player = player_in_question(ledger, state)
    if player is not None and state.facing <= state.matched.get(player, state.facing):
        return None  # nothing more to call: not a question of reopening
    if (
        player is None
        or player not in state.matched
        or ("reopen" not in ledger.asks and ledger.asker is None)
    ):
        return None
    cites = table.cite(*(LIMIT_KEYS if limit else BIG_BET_KEYS))
    if not cites:
        return None
    unit, working = table.unit, list(state.working)
    faced = state.facing - state.matched[player]
    needed = bet if bet is not None else max(state.last_full, state.minimum)
    working.append(
        f"{player} last acted on {money(state.matched[player], unit)}; now faces {money(faced, unit)} more"
    )
    if limit and fraction is not None and bet is not None:
        working.append(
            f"a full raise on this round: {money(bet, unit)};"
            f" an all-in of {fraction} of it or more counts as one"
        )
    else:
        working.append(f"a full raise: {money(needed, unit)}")
    if state.may_raise(player, bet):
        least = state.facing + (bet if bet is not None else needed)
        working.append(f"reopened: {player} may raise, to at least {money(least, unit)}")
        value, display = (
            least,
            f"Yes: {player} may raise, to {'' if bet else 'at least '}{money(least, unit)}",
        )
    else:
        working.append(f"not reopened: {player} may call {money(faced, unit)} or fold, not raise")
        value, display = faced, f"No raise: {player} may only call {money(faced, unit)} or fold"
    return Answer(
        name="betting.reopened",
        value=value,
        unit=unit,
        display=display,
        working=tuple(working),
        cites=cites,
        settings=(setting,) if setting else (),
    )


def _fraction(table: Table) -> tuple[Decimal | None, Setting | None]:
    found = table.rules.number("betting.all-in-short-limit", "reopen_fraction")
    return (found[0], found[1]) if found else (None, None)
