"""Which records carry a quoted phrase: how a labelled dispute, which names its governing rule
by book and a sentence of it, is tied to the rule's record and key."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from engine.books.model import Rule


def squash(text: object) -> str:
    """Letters and digits only: tolerant of quotes, markup and run-together words."""
    text = unicodedata.normalize("NFKC", str(text or "")).replace("\\$", "$")
    return re.sub(r"[^a-z0-9]", "", text.lower())


def keys_quoting(rules: Iterable[Rule], phrase: object) -> set[str]:
    """The keys of the records whose text carries the phrase."""
    wanted = squash(phrase)
    return {rule.key for rule in rules if wanted and rule.key and wanted in squash(rule.text)}
