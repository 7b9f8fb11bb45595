"""Limit raise caps: how many raises a round allows. Robert's home edition: "a maximum of a bet
and three raises" in every limit form (Draw High: a bet and four, which its Explanations #6
contradicts); Catfish Bend and v7: a bet and three raises with three or more betting rounds, a
bet and four with two. Heads-up in a money game raising is unlimited (until capped); in a
tournament the cap holds, except for the last two players. The cap is the parameter of the rule
that governs in the house, so an amended cap changes the answer."""

from __future__ import annotations

from decimal import Decimal

from engine.compute.model import Answer, Setting
from engine.compute.registry import Table, computes
from engine.compute.rounds import replay

ROUNDS = {"holdem": 4, "omaha": 4, "omaha-hi-lo": 4, "stud": 5, "razz": 5, "stud-hi-lo": 5,
          "lowball-a5": 2, "lowball-27": 2, "draw-high": 2, "jacks-or-better": 2}  # fmt: skip
GAME_CAP_KEYS = {
    "lowball-a5": "lowball.raise-cap",
    "lowball-27": "lowball.raise-cap",
    "draw-high": "draw-high.raise-cap",
}
KEYS = (
    "betting.raise-cap",
    "betting.raise-cap-three-rounds",
    "betting.raise-cap-two-rounds",
    "betting.heads-up-unlimited-raising",
    "lowball.raise-cap",
    "draw-high.raise-cap",
    "explanation.raise-cap-draw-games",
    "tournament.heads-up-raise-limit",
)


def cap_setting(table: Table) -> tuple[Decimal, Setting] | None:
    """The cap of the rule that holds for this game: the game's own rule, else the rule for
    its number of betting rounds, else the general one."""
    game = table.game_told
    candidates = []
    if table.governing in KEYS[:3] + KEYS[4:6]:
        candidates.append(table.governing)
    if game in GAME_CAP_KEYS:
        candidates.append(GAME_CAP_KEYS[game])
    if game in ROUNDS:
        candidates.append(
            "betting.raise-cap-two-rounds" if ROUNDS[game] == 2 else "betting.raise-cap-three-rounds"
        )
    candidates.append("betting.raise-cap")
    for key in candidates:
        for name in ("raise_cap", "raise_cap_two_rounds"):
            found = table.rules.number(key, name)
            if found:
                return found
    return None


@computes(*KEYS)
def raise_cap(table: Table) -> Answer | None:
    ledger = table.ledger
    if not table.about(KEYS, "cap"):
        return None
    if table.structure_told in ("no-limit", "pot-limit") or table.game_told is None:
        return None
    players = ledger.get("players")
    if players == 2 and not table.tournament:
        return None  # heads-up in a money game: no cap to count (rule 4), nothing to compute
    exempt = table.rules.number("tournament.heads-up-raise-limit", "raise_cap_exempt_players")
    left_in_event = ledger.get("players_left")
    if table.tournament and exempt and left_in_event is not None and left_in_event <= exempt[0]:
        return None  # the last two players of a tournament: no limit on raises
    found = cap_setting(table)
    if found is None:
        return None
    cap, setting = found
    rounds = ROUNDS[table.game_told] if table.game_told in ROUNDS else None
    working = [f"{table.game_told}: {rounds} betting rounds" if rounds else f"{table.game_told}"]
    working.append(f"the house's cap for it: a bet and {cap} raises ({setting.source})")
    made = ledger.get("raises_made")
    made_by = ledger.numbers["raises_made"].words if made is not None else ""
    if any(a.amount is not None for a in ledger.actions if a.kind in ("bet", "raise", "complete")):
        state = replay(ledger, ledger.actions)
        made, made_by = Decimal(max(state.full_wagers - 1, 0)), "; ".join(state.working)
    if made is not None:
        left = max(cap - made, Decimal(0))
        working.append(f"raises made so far: {made} ({made_by})")
        working.append(f"{cap} - {made} = {left} more raise{'s' if left != 1 else ''} allowed")
        display = f"{left} more raise{'s' if left != 1 else ''} allowed (a bet and {cap} raises)"
        value = left
    else:
        display, value = f"A bet and {cap} raises", cap
    if players is not None:
        working.insert(0, f"{players} players in the pot")
    return Answer(
        name="limit.raise-cap",
        value=value,
        unit="raises",
        display=display,
        working=tuple(working),
        cites=(setting.source,),
        settings=(setting,),
    )
