"""The one accessor computations read the house's numbers through: a parameter of the rule
that holds in the house's *effective* rulebook, so a house that amends it changes the answer.

Some parameters are not settings: a book's illustration (`pot_rounding_unit: 25`, "with $25
units") or a consequence of a formula (`max_open_multiple`: 4 only when the small blind is half
the big). Reading those as the house's choice would be wrong, so asking for them is an error.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from engine.books.effective import EffectiveRule
from engine.compute.model import Setting

NOT_SETTINGS = frozenset({"pot_rounding_unit", "max_open_multiple", "tournament_max_open_multiple"})


class NotASetting(LookupError):
    """A parameter that is a book's example or a formula's consequence, not a house setting."""


@dataclass(frozen=True)
class HouseRules:
    """One house's effective rulebook, by key, as computations read it."""

    house: str
    entries: dict[str, EffectiveRule]

    @classmethod
    def of(cls, house: str, effective: Iterable[EffectiveRule]) -> HouseRules:
        return cls(house, {entry.rule.key: entry for entry in effective})

    def has(self, key: str) -> bool:
        return key in self.entries

    def rule_id(self, key: str) -> str:
        return self.entries[key].rule.id

    def covers(self, key: str, kind: str, value: str | None) -> bool:
        """Does the rule `key` hold for this game, structure or format (`kind`: "structures",
        ...)? An untold value, or a rule that names none of its kind, is covered."""
        entry = self.entries.get(key)
        named = entry.rule.applies.get(kind) if entry else None
        return value is None or not named or value in named

    def setting(self, key: str, name: str) -> Setting | None:
        """The parameter `name` of the rule `key` in this house, or None when the house has
        no such rule or the rule sets no such number."""
        if name in NOT_SETTINGS:
            raise NotASetting(f"'{name}' is a book's example or a formula's consequence, not a setting")
        entry = self.entries.get(key)
        if entry is None or name not in entry.rule.parameters:
            return None
        raw = entry.rule.parameters[name]["value"]
        value = raw if isinstance(raw, (str, list)) else Decimal(str(raw))
        return Setting(name, value, entry.rule.id, entry.amended_by)

    def number(self, key: str, name: str) -> tuple[Decimal, Setting] | None:
        """A numeric setting and where it comes from."""
        found = self.setting(key, name)
        if found is None or not isinstance(found.value, Decimal):
            return None
        return found.value, found
