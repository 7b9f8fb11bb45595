"""Words for what the engine names by id: a page shows "Texas hold'em", "Ace-to-five lowball",
"An active player who may still have a wagering decision on this betting round", never
`holdem`, `lowball-a5` or `active-player-this-round`. Every label is the vocabulary's own text."""

from __future__ import annotations

from engine.books.vocabulary import FactType, Vocabulary
from engine.rulings.situation import count_in_words

YES_NO = {"yes": "Yes", "no": "No", "true": "Yes", "false": "No"}


def value_label(vocab: Vocabulary, fact: str, value: object) -> str:
    """How a person reads one value of a fact (or of game, structure, format)."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    text = str(value)
    if said := count_in_words(text):
        return said
    named = {"game": vocab.games, "structure": vocab.structures, "format": vocab.formats}.get(fact)
    if named is None and fact in vocab.facts:
        spec = vocab.facts[fact]
        if spec.type == FactType.BOOL:
            return YES_NO.get(text.lower(), text)
        named = spec.values
    label = (named or {}).get(text)
    return label if label else _words(text)


def fact_label(fact: str) -> str:
    """A fact's name as words: players_acted -> players acted."""
    return {"event": "what happened"}.get(fact, _words(fact))


def outcome_label(outcome: str) -> str:
    """The verdict as said at the table: no-misdeal -> NO MISDEAL."""
    return _words(outcome).upper()


def _words(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")
