"""Facts that are arithmetic on the numbers told: never asked of the floor, worked out before
the resolver runs (a short all-in's fraction of a bet, whether the wager a player faces is a
full raise, heads-up, the game's betting rounds, players dealt in, the pot, which straddle)."""

from __future__ import annotations

from decimal import Decimal

from engine.books.vocabulary import Vocabulary
from engine.compute.amounts import Ledger, amount_of, limit_bet, opens_round
from engine.compute.ledger import Action
from engine.compute.raisecap import ROUNDS
from engine.compute.rounds import replay

# Facts that are a number told: derived from it, and (given as a fact) counted as it.
NUMBER_FACTS = (("players_dealt_in", "dealt_in"), ("pot_amount", "pot"), ("jackpot_amount", "jackpot"))


def numbers_from_facts(facts: dict[str, object]) -> dict[str, str]:
    """The numbers that facts given directly state (`pot_amount=45` is a pot of 45)."""
    told = {name: str(facts.get(fact)) for fact, name in NUMBER_FACTS if facts.get(fact) is not None}
    return {name: value for name, value in told.items() if amount_of(value) is not None}


def fact_for(number: str) -> str | None:
    """The fact a number is also told as, if any."""
    return next((fact for fact, name in NUMBER_FACTS if name == number), None)


def derived_facts(
    ledger: Ledger, vocab: Vocabulary, *, game: str | None, structure: str | None
) -> dict[str, object]:
    """fact -> value for the facts the numbers settle (only facts the vocabulary has)."""
    game = game or ledger.words.get("game")
    structure = structure or ledger.words.get("structure")
    facts: dict[str, object] = {}
    if game in ROUNDS:
        facts["betting_rounds"] = ROUNDS[game]
    players = ledger.get("players")
    if players is not None:
        facts["players_in_pot"] = int(players)
        facts["heads_up"] = players == 2
    for fact, name in NUMBER_FACTS:
        if ledger.get(name) is not None:
            facts[fact] = _plain(ledger.get(name))
    kill, stack = ledger.get("kill"), ledger.get("stack")
    if kill and stack is not None:
        facts["stack_in_kill_blinds"] = _plain(stack / kill)
    facts.update(_call_share(ledger))
    facts.update(_push_share(ledger))
    pot, big, chip = ledger.get("pot"), ledger.get("big_bet"), ledger.get("chip")
    if pot is not None and big:
        facts["pot_size_upper_limits"] = _plain(pot / big)
    if pot is not None and chip is not None:
        facts["chip_exceeds_pot"] = chip > pot
    facts.update(_all_in_facts(ledger, structure))
    facts.update(_straddle_facts(ledger))
    return {name: value for name, value in facts.items() if name in vocab.facts}


def _all_in_facts(ledger: Ledger, structure: str | None) -> dict[str, object]:
    allins = [a for a in ledger.actions if a.kind == "allin" and a.amount is not None]
    if not allins:
        return {}
    if structure == "limit":
        return _limit_fraction(ledger)
    state = replay(ledger, ledger.actions)
    player = ledger.asker
    if player is None or player not in state.matched:
        return {}
    return {
        "player_acted": True,
        "facing_full_raise": state.may_raise(player, None),
        "short_all_ins": len(state.short_all_ins),
    }


def _straddle_facts(ledger: Ledger) -> dict[str, object]:
    """Which straddle the last one told is, and its size in multiples of what it goes over
    (the previous straddle, or the big blind for the first): "UTG straddles $4, UTG+1 wants
    to re-straddle to $8" is the second straddle, twice the first."""
    straddles = [a.amount for a in ledger.actions if a.kind == "straddle" and a.amount]
    if len(straddles) >= 2:
        return {"straddle_number": len(straddles), "straddle_multiple": _plain(straddles[-1] / straddles[-2])}
    first_money = next((a for a in ledger.actions if a.amount), None)
    big = ledger.get("bb")
    if len(straddles) == 1 and big and first_money is not None and first_money.kind == "straddle":
        return {"straddle_number": 1, "straddle_multiple": _plain(straddles[0] / big)}
    return {}


def _last_wager(ledger: Ledger) -> tuple[Action, list[Action]] | None:
    """The last bet or raise told with its amount, and the actions with an amount after it."""
    wagers = [
        a for a in ledger.actions if a.amount and (a.kind in ("bet", "raise") or _opening_chips(ledger, a))
    ]
    if not wagers:
        return None
    return wagers[-1], [a for a in ledger.actions[ledger.actions.index(wagers[-1]) + 1 :] if a.amount]


def _opening_chips(ledger: Ledger, action: Action) -> bool:
    """Chips put out first in a round ("tosses one black $100 chip in" on the river): a bet."""
    return action.kind == "chips" and opens_round(ledger, action)


def _call_share(ledger: Ledger) -> dict[str, object]:
    """What share of a wager the caller put in (the 80% rule of thumb)."""
    found = _last_wager(ledger)
    if found is None:
        return {}
    wager, after = found
    if not after or not wager.amount or (after[0].amount or 0) >= wager.amount:
        return {}
    return {"call_percent_of_bet": _plain((after[0].amount or Decimal(0)) / wager.amount * 100)}


def _push_share(ledger: Ledger) -> dict[str, object]:
    """The chips a player pushed out at a wager, unsaid whether a call or a raise, as a share
    of it ("bets $20, seat 6 slides out $30": 1.5): what decides whether a wager put in without
    a word, or in more than one motion, is a raise. The first push counts."""
    found = _last_wager(ledger)
    if found is None or any(a.kind == "allin" for a in ledger.actions):
        return {}
    wager, after = found
    pushed = next((a for a in after if a.who != wager.who), None)
    if pushed is None or pushed.kind != "chips" or not wager.amount or (pushed.amount or 0) < wager.amount:
        return {}
    return {"bet_fraction": _plain((pushed.amount or Decimal(0)) / wager.amount)}


def _limit_fraction(ledger: Ledger) -> dict[str, object]:
    """The last all-in's raise as a fraction of the round's bet (Catfish B&R rule 5)."""
    bet = limit_bet(ledger)
    if not bet:
        return {}
    state = replay(ledger, ledger.actions[:-1] if ledger.actions[-1].kind == "allin" else ledger.actions)
    allin = next(a for a in reversed(ledger.actions) if a.kind == "allin")
    before = replay(ledger, ledger.actions[: ledger.actions.index(allin)], limit_bet=bet).facing
    increment = (allin.amount or Decimal(0)) - before
    facts: dict[str, object] = {"bet_fraction": _plain(increment / bet)}
    if ledger.asker is not None:
        facts["player_acted"] = ledger.asker in state.matched
    return facts


def _plain(value: Decimal | None) -> int | float:
    number = Decimal(value or 0)
    return int(number) if number == number.to_integral_value() else round(float(number), 4)
