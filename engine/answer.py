"""The one entry point the command line and the web share: a dispute, told in words, as
facts, or both, becomes the contract's ruling object.

The numbers are read here, once, before anything is ruled: from the words and from numbers
given directly (`numbers`). Facts that are arithmetic on them (a short all-in's fraction of a
bet, heads-up, the game's betting rounds) are worked out and given to the resolver, never
asked; given facts win over them. When a rule in play computes a number, the ruling carries
it as `answer`; when it lacks a number nobody gave, a question for it (`"type": "number"`,
answered with `num=NAME=VALUE`)."""

from __future__ import annotations

from typing import Any

from engine.compute.derive import derived_facts, fact_for, numbers_from_facts
from engine.compute.given import ledger_for
from engine.compute.model import Wanted
from engine.compute.ruling import computed_answer
from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lookup import Lookup, lookup
from engine.render.ruling_json import lookup_json, ruling_json
from engine.rulings.resolver import resolve
from engine.rulings.situation import make_situation

# The best word match (BM25 over the rules' and the examples' words) below which words that
# name no fact carry nothing recognisable: "asdf qwerty" scores 0, "kill pot" 5.5, "misdeal" 5.6.
LOW_MATCH = 3.0


def answer_dispute(
    kb: KnowledgeBase,
    house: str,
    text: str | None = None,
    *,
    game: str | None = None,
    structure: str | None = None,
    format: str | None = None,
    facts: dict[str, Any] | None = None,
    answered: frozenset[str] = frozenset(),
    numbers: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The ruling object for one house: read from the words when there are any (given facts
    win over what the words say), else ruled on the facts alone. `answered` names the facts
    that answer a question the last ruling asked, so the trace says so."""
    kb.check_book(house)
    context = {"game": game, "structure": structure, "format": format}
    ledger = ledger_for(text, {**numbers_from_facts(facts or {}), **(numbers or {})}, structure)
    derived = derived_facts(ledger, kb.vocab, game=game, structure=structure)
    facts = {**derived, **(facts or {})}
    if text is not None:
        found = lookup(kb, house, text, **context, facts=facts, answered=answered)
        ruling = lookup_json(found)
        ruling["understood"] = bool(facts) or words_understood(kb, house, found)
    else:
        situation = make_situation(
            kb.vocab, house, **context, facts=facts, sources={name: "answered" for name in answered}
        )
        ruling = ruling_json(resolve(kb, situation))
    ruled_on: Any = ruling["situation"]
    worked_out = {name: value for name, value in derived.items() if ruled_on["facts"].get(name) == value}
    if worked_out:
        ruling["derived"] = worked_out
    answer = computed_answer(kb, house, ruling, ledger)
    if isinstance(answer, Wanted):
        asked: Any = ruling["questions"]
        if all(question["fact"] not in (answer.name, fact_for(answer.name)) for question in asked):
            ruling["questions"] = [*asked, answer.as_question()]
    elif answer is not None:
        ruling["answer"] = answer
    return ruling


def words_understood(kb: KnowledgeBase, house: str, found: Lookup) -> bool:
    """Did the words carry anything recognisable: a fact, a game or structure read from
    them, or a fair match with some rule's or example's words? Gibberish matches nothing,
    and a ruling from the rule it happens to lie closest to in meaning would be a guess."""
    read = found.understanding
    if read.facts or read.context:
        return True
    best_rule = max(kb.search_index(house).search(read.text).values(), default=0.0)
    best_example = max(kb.example_index(house).search(read.text).values(), default=0.0)
    return max(best_rule, best_example) >= LOW_MATCH
