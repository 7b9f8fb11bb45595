"""What the person told us, as the lookup reads it: the facts given, the facts read from the
words or taken from the rule the words match (each with the words or the rule it came from,
so a person can correct it), and the game, structure and format."""

from __future__ import annotations

from engine.books.model import Rule
from engine.freetext.answers import answered_by_words
from engine.freetext.focus import assumed_facts, context_of, exceptional_facts, unnamed_scope
from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.understand import Understanding
from engine.rulings.situation import CONTEXT, Situation, make_situation


class Told:
    """What the person told us, as it grows: facts given, facts read from the words (each with
    the words or the rule it came from), and the game, structure and format."""

    def __init__(
        self,
        kb: KnowledgeBase,
        house: str,
        read: Understanding,
        given: dict,
        chosen: dict[str, str | None],
        answered: frozenset[str],
    ) -> None:
        self.kb, self.house, self.read, self.given = kb, house, read, given
        self.chosen, self.answered = chosen, answered
        self.taken_from: dict[str, str] = {}  # fact -> the rule the words match, it was taken from
        self.inferred = {name: value for name, value in read.facts.items() if name not in given}
        self.context = {name: chosen[name] or read.context.get(name) for name in CONTEXT}
        for name, value in book_scope(kb, house).items():
            if not self.context[name]:
                self.infer_context(name, value, f"the house's rulebook, written for {value} only")

    def infer(self, name: str, value: object, said: str, rule: Rule | None = None) -> None:
        """A fact read from the words, or (`rule`) taken from the rule they match."""
        self.inferred[name] = value
        self.read.evidence[name] = said
        if rule is not None:
            self.taken_from[name] = rule.id

    def infer_context(self, name: str, value: str, said: str) -> None:
        self.context[name] = value
        self.read.evidence[name] = said

    def situation(self) -> Situation:
        sources = {
            **{name: "inferred" for name in self.inferred},
            **{name: "answered" if name in self.answered else "given" for name in self.given},
        }
        return make_situation(
            self.kb.vocab,
            self.house,
            game=self.context["game"],
            structure=self.context["structure"],
            format=self.context["format"],
            facts={**self.inferred, **self.given},
            sources=sources,
        )

    def take_from(self, matched: Rule, contenders: list[Rule], leads: bool) -> list[str]:
        """Read the dispute as the rule the words match best: its event, the game it is for,
        what it names (the player's behaviour) and, when it leads clearly, its conditions
        nobody stated; returns the keys still in contention (a rule for a scope nobody named
        drops out)."""
        where = f"the rule your words match: {matched.id}"
        if matched.events and "event" not in self.given and self.inferred.get("event") not in matched.events:
            self.infer("event", matched.events[0], where, matched)
        known = {**self.situation().known(), **self.context}
        for name, taken in context_of(matched, known, self.kb.vocab).items():
            self.infer_context(name, str(taken.value), taken.said)
            self.taken_from[name] = matched.id
        rivals = [rule for rule in contenders[1:] if not unnamed_scope(rule, self.context)]
        if self.given.get("event", self.inferred.get("event")) in matched.events:
            for name, value in rule_naming_facts(matched, self.kb):
                if name not in self.given and name not in self.inferred:
                    self.infer(name, value, where, matched)
            stated = {**self.situation().known(), **self.inferred, **self.given}
            exceptional = exceptional_facts(matched, self.kb.rules_by_key(self.house))
            assumed = assumed_facts(matched, rivals, stated, self.kb.vocab, exceptional) if leads else {}
            for name, taken in assumed.items():
                said = answered_by_words(name, self.read.text, self.kb, self.situation())
                if said is not None:  # the words tell it after all: they come before the rule
                    self.infer(name, *said)
                else:
                    self.infer(name, taken.value, taken.said, matched)
        return [matched.key, *(rule.key for rule in rivals)]

    def shown(self) -> dict:
        """What the person is shown as read: every inferred fact, and the context nobody chose."""
        shown = {name: (value, self.read.evidence.get(name, "")) for name, value in self.inferred.items()}
        for name in CONTEXT:
            if self.context[name] and not self.chosen[name]:
                shown[name] = (self.context[name], self.read.evidence.get(name, ""))
        return shown


def rule_naming_facts(rule: Rule, kb: KnowledgeBase) -> list[tuple[str, str]]:
    """The facts of a rule's conditions that, like its event, say which rule is meant (what
    the player did, for the conduct rules): the words matched the rule, so they said it."""
    facts = kb.vocab.facts
    return [
        (name, value)
        for name, value in rule.when.items()
        if name in facts and facts[name].names_the_rule and isinstance(value, str)
    ]


def book_scope(kb: KnowledgeBase, house: str) -> dict[str, str]:
    """The game, structure or format a house's own book is written for, when it names one."""
    applies = kb.library.books[house].applies
    return {name: applies[f"{name}s"][0] for name in CONTEXT if len(applies.get(f"{name}s") or ()) == 1}
