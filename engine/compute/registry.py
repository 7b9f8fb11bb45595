"""Computations registered against the rule keys they compute for. The ruling's rules are
tried first (governing first), then the keys the words rank next, then the keys the question
names ("what's the most I can raise": the pot-limit maximum): the first computation that has
the numbers it needs gives the answer. When none has them, the first that lacks only a number
the person could give says which (`Wanted`), and the ruling asks for it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from engine.compute.amounts import Ledger
from engine.compute.given import QUESTIONS
from engine.compute.model import Answer, Wanted
from engine.compute.settings import HouseRules

Computation = Callable[["Table"], Answer | Wanted | None]
REGISTRY: dict[str, list[Computation]] = {}


@dataclass(frozen=True)
class Table:
    """What a computation knows: the house's rules, the game, and the numbers told."""

    rules: HouseRules
    ledger: Ledger
    game: str | None = None
    structure: str | None = None
    format: str | None = None
    status: str = "ruled"
    governing: str = ""  # the key of the rule the ruling cites first
    ruled: tuple[str, ...] = ()  # the keys of every rule the ruling shows
    facts: Mapping[str, object] = field(default_factory=dict)  # the facts the ruling was made on

    def about(self, keys: tuple[str, ...], *asked: str) -> bool:
        """Is the dispute about these rules: the ruling shows one, or the question asks it?"""
        return bool(set(self.ruled) & set(keys)) or bool(set(asked) & self.ledger.asks)

    @property
    def structure_told(self) -> str | None:
        """The structure picked, else the one the words name."""
        return self.structure or self.ledger.words.get("structure")

    @property
    def game_told(self) -> str | None:
        return self.game or self.ledger.words.get("game")

    @property
    def tournament(self) -> bool:
        return (self.format or self.ledger.words.get("format")) == "tournament"

    def cite(self, *keys: str) -> tuple[str, ...]:
        """The ids of this house's rules with these keys (the ones it has)."""
        return tuple(self.rules.rule_id(key) for key in keys if self.rules.has(key))

    def wants(self, name: str, computation: str, *asked: str) -> Wanted | None:
        """The number `name` is what this computation lacks: ask for it when the question
        asks what it computes (`asked`: "kill", "payout", ...; none: whatever the rule says)
        and the dispute is about numbers (some were told, or it asks how much). A dispute
        about something else that merely cites the rule is not asked for amounts."""
        ledger = self.ledger
        if asked and not set(asked) & ledger.asks:
            return None
        if not (ledger.numbers or ledger.actions or "amount" in ledger.asks):
            return None
        return Wanted(name, QUESTIONS[name], computation)

    @property
    def unit(self) -> str:
        """Dollars in a cash game (or when said in dollars), chips in a tournament."""
        return "chips" if self.tournament and not self.ledger.dollars else "$"


def computes(*keys: str) -> Callable[[Computation], Computation]:
    """Register a computation for the rules with these keys."""

    def register(function: Computation) -> Computation:
        for key in keys:
            REGISTRY.setdefault(key, []).append(function)
        return function

    return register


# What the question names, when no rule of the ruling has a computation.
ASKED_KEYS = {
    "max": ("pot-limit.maximum-raise",),
    "min": ("no-limit.minimum-raise", "no-limit.minimum-bet"),
    "side-pot": ("ties.pots-split-separately",),
    "main-pot": ("ties.pots-split-separately",),
    "odd-chip": ("showdown.odd-chip", "ties.odd-chip-button-games"),
    "reopen": ("no-limit.minimum-raise", "betting.all-in-short-limit"),
    "cap": ("betting.raise-cap",),
    "kill": ("kill-pot.description",),
    "payout": ("tournament.payout", "tournament.payout-table"),
    "buy-in": ("buy-in.full-buy-in",),
    "jackpot": ("jackpot.payout-losing-hand", "jackpot.royal-straight-flush-awards"),
    "drop": ("jackpot.drop",),
}


def compute(table: Table, keys: Iterable[str]) -> Answer | None:
    """The first answer a registered computation gives for these keys, or None."""
    found = compute_or_ask(table, keys)
    return found if isinstance(found, Answer) else None


def compute_or_ask(table: Table, keys: Iterable[str]) -> Answer | Wanted | None:
    """The first answer a registered computation gives for these keys; failing that, the
    first number one of them asked for; else None."""
    import engine.compute.catalog  # noqa: F401  (registers every computation)

    tried: set[Computation] = set()
    wanted: Wanted | None = None
    asked = [key for name in sorted(table.ledger.asks) for key in ASKED_KEYS.get(name, ())]
    for key in [*keys, *asked]:
        for function in REGISTRY.get(key, ()):
            if function in tried:
                continue
            tried.add(function)
            answer = function(table)
            if isinstance(answer, Answer):
                return replace(answer, read=table.ledger.evidence())
            wanted = wanted or answer
    return wanted
