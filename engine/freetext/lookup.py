"""Free-text lookup: a dispute in the floor's own words -> facts -> the ruling.

The words are read into facts (engine.freetext.understand); given facts and context win over
inferred ones. The words are matched against each rule's own words and against example
disputes filed under its key (freetext/examples/), which say things the way the floor does,
and a classifier learnt from those examples says how probable each key is. A sentence
model (engine.freetext.model.minilm) compares meanings too, so "doing lines in the bathroom" finds the
rule on illegal substances, which shares none of its words.
With an event, the resolver rules as usual; without one, the best match names the event.
The ranking of rule keys combines the ruling (governing rule first) with the match, so a
person sees the ruling and the next-best rules.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from engine.books.model import GlossaryEntry, Rule
from engine.freetext.answers import answered_by_words
from engine.freetext.focus import (
    CLEAR_LEAD,
    CONTENTION,
    in_contention,
    leads_clearly,
)
from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lexicon import synonyms_of
from engine.freetext.model.minilm import SentenceModel
from engine.freetext.statements import CLAUSE_TOKENS, clauses
from engine.freetext.told import Told
from engine.freetext.understand import Understanding, understand
from engine.rulings.matching import applicability
from engine.rulings.precedence import COMMENTARY
from engine.rulings.resolver import Ruling, RulingStatus, resolve, rivals_unless
from engine.rulings.situation import Situation, count_in_words

EXAMPLE_WEIGHT = 2.0  # the closest example dispute, beside the rule's own words
CLASSIFIER_WEIGHT = 1.0  # how probable the examples make the key
MEANING_EXAMPLE_WEIGHT = 2.0  # the example dispute closest in meaning (the sentence model)
MEANING_RULE_WEIGHT = 0.5  # the rule text closest in meaning
MEANING_TOKENS = 32  # the model reads the first 32 word pieces (~25 words): 5 ms at most
QUESTION_WEIGHT = 0.5  # the question a dispute asks, matched again (dev sets: 0.5 over 1.0)
EVENT_WEIGHT = 0.3  # a rule about the event the words describe
GOVERNING_WEIGHT = 0.3  # the rule that governs, once the facts are read
SUPPORT_WEIGHT = 0.1  # rules that also apply, or disagree with it
FACT_WEIGHT = 0.1  # per fact read from the words that a rule's conditions test (dev sets: over 0.25)
OTHER_GAME_FACTOR = 0.3  # a rule written for another game, structure or format
UNSAID_GAME_FACTOR = 0.8  # a rule for a game, structure or format nobody named
DEFINITION_SHARE = 0.7  # a glossary term the words ask the meaning of: this share of the best match
COMMENTARY_FACTOR = 0.8  # the Explanations' commentary on a rule, unless the words ask why
NOT_MENTIONED = "nobody mentioned it, so taken as"  # the evidence of a fact taken as ordinary
MAX_ANSWERED_FROM_WORDS = 3  # questions the words answer after all, in turn
OVERRIDE_MARGIN = 0.01  # how far a rule ranks above the rule it states it overrides
POOL = 40  # keys ranked in full: the best-matching by words (the rest cannot reach the top)


_ASKS_WHY = re.compile(r"\b(why|reason|explain|explanation|purpose|point of)\b")
# "what's a kill pot?", "what does scoop mean": not "what's the min?" nor "whats the most he can bet"
_ASKS_MEANING = re.compile(
    r"\b(?:what(?:'?s| is) an?|what are (?!the|they|we|you|my|his|her|our|their)\w+"
    r"|what does .{1,40} mean|meaning|define|definition)\b"
)


@dataclass(frozen=True)
class Lookup:
    """The ruling for a described dispute, what was read from the words, and the ranking."""

    ruling: Ruling
    understanding: Understanding
    ranked: tuple[str, ...]  # rule (and glossary term) keys, best first
    inferred: dict[str, tuple[object, str]]  # fact -> (value, the words or the rule that gave it)
    rules: dict[str, Rule | GlossaryEntry]  # the house's rule or glossary entry of each first-ranked key
    taken_from: dict[str, str]  # fact -> the id of the rule the words match, where it was taken from


def lookup(
    kb: KnowledgeBase,
    house: str,
    text: str,
    *,
    game: str | None = None,
    structure: str | None = None,
    format: str | None = None,
    facts: dict | None = None,
    answered: frozenset[str] = frozenset(),
) -> Lookup:
    """Rule on a dispute described in words, in one house."""
    kb.check_book(house)
    read = understand(text, kb.speller)
    by_key = kb.rules_by_key(house)
    relevance = _matches(kb, house, read, text)
    told = Told(
        kb, house, read, dict(facts or {}), {"game": game, "structure": structure, "format": format}, answered
    )
    said = told.situation()
    scores = _fused(relevance, by_key, said.event, said, kb, read.text)
    contenders = in_contention(scores, by_key)
    contenders = _named_event_first(
        contenders, scores, by_key, said.event if "event" in read.facts else None, read.counted
    )
    leads = False
    if contenders:
        leads = leads_clearly(scores, contenders)
        contenders = told.take_from(by_key[contenders[0]], [by_key[key] for key in contenders], leads)
    keys = _with_restated(contenders, by_key) if contenders else None
    ranking = tuple(contenders or ())
    situation = told.situation()
    ruling = resolve(kb, situation, keys=keys, ranking=ranking)
    said_in = Clauses(text, kb)
    for _ in range(MAX_ANSWERED_FROM_WORDS):  # a question the words answer after all
        answer = (
            _answered_by_words(ruling, situation, read.text, kb)
            or _stated_by_meaning(ruling, situation, said_in)
            or _not_mentioned(ruling, situation, read.text, kb)
        )
        if answer is None:
            break
        told.infer(*answer)
        situation = told.situation()
        ruling = resolve(kb, situation, keys=keys, ranking=ranking)
    ruling = _settled(kb, situation, ruling, contenders, leads)
    ranked = _rank(ruling, relevance, by_key, situation.event, situation, kb, read.text)
    terms = kb.glossary_of(house)
    shown_rules = {key: by_key.get(key) or terms[key] for key in ranked[:10]}
    return Lookup(ruling, read, ranked, told.shown(), shown_rules, told.taken_from)


def _with_restated(contenders: list[str], by_key: dict[str, Rule]) -> frozenset[str]:
    """The keys in contention and the rules they only say again (a help page restating the
    rule it explains): where both rule alike, the restated rule is the one cited."""
    restated = {key for contender in contenders for key in by_key[contender].restates if key in by_key}
    return frozenset(contenders) | restated


def _settled(
    kb: KnowledgeBase, situation: Situation, ruling: Ruling, contenders: list[str], leads: bool
) -> Ruling:
    """A question still open after the words were read is not asked first when it is only about
    an exception nobody raised (a rule that would prevail over the rule described), or, when
    the words match one rule clearly best and it rules, only about rules they match less well.
    The ruling stands; what would change it is listed in `unless`, each with its question."""
    if ruling.status != RulingStatus.NEEDS_FACTS or not contenders:
        return ruling
    ranking = tuple(contenders)
    settled = resolve(kb, situation, keys=frozenset(contenders), settled_by_keys=True, ranking=ranking)
    if settled.status == RulingStatus.RULED:
        return settled
    if not leads or len(contenders) < 2:
        return ruling
    alone = resolve(kb, situation, keys=frozenset(contenders[:1]), settled_by_keys=True, ranking=ranking)
    if alone.status != RulingStatus.RULED or alone.governing is None:
        return ruling
    rivals = rivals_unless(kb, situation, frozenset(contenders[1:]), alone.governing)
    return replace(alone, unless=(*alone.unless, *rivals))


def _named_event_first(
    contenders: list[str],
    scores: dict[str, float],
    by_key: dict[str, Rule],
    named: str | None,
    counted: bool,
) -> list[str]:
    """When the words name what happened ("flashed": a card exposed) and a rule about it is
    close to the best (within the clear lead), that rule is the one meant; when the story's
    numbers show it (a bet above the pot), however far behind. Measured on the development
    sets: wrong rulings 16 -> 17 and 22 -> 19, shown right +2 and -1 disputes."""
    about = [key for key in contenders if named in by_key[key].events] if named else []
    if not about or (not counted and scores[about[0]] * CLEAR_LEAD < scores[contenders[0]]):
        return contenders
    return [*about, *(key for key in contenders if key not in about)]


def _answered_by_words(
    ruling: Ruling, situation: Situation, text: str, kb: KnowledgeBase
) -> tuple[str, object, str] | None:
    """A question asked, answered by the words after all (a number in its unit, the players
    the story has acting, the hands of a bad beat), if they do: the first one they answer, in
    the order asked, since a later answer may settle the first question ("seats 1 and 2 both
    ended up with three cards": two extra cards are a misdeal, whoever got them)."""
    if ruling.status != RulingStatus.NEEDS_FACTS:
        return None
    for question in ruling.questions:
        fact = question.fact
        if fact in situation.facts:
            continue
        answer = answered_by_words(fact, text, kb, situation)
        if answer:
            return fact, *answer
    return None


def _not_mentioned(
    ruling: Ruling, situation: Situation, text: str, kb: KnowledgeBase
) -> tuple[str, object, str] | None:
    """The question asked is one a teller answers by mentioning it when it is out of the
    ordinary (an all-in, two players out on one hand), and the words hold nothing that
    mentions it: it is taken as the ordinary value ("no", one player), and the person is
    shown why, to correct it."""
    if ruling.status != RulingStatus.NEEDS_FACTS or not ruling.questions:
        return None
    fact = kb.vocab.facts.get(ruling.questions[0].fact)
    if fact is None or not fact.mentioned_by or fact.name in situation.known():
        return None
    if re.search(rf"\b(?:{fact.mentioned_by})\b", text):
        return None
    value = fact.unmentioned
    shown = ("yes" if value else "no") if isinstance(value, bool) else count_in_words(value) or value
    return fact.name, value, f"{NOT_MENTIONED} {shown}"


@lru_cache(maxsize=4096)
def query_vector(model: SentenceModel, text: str, limit: int) -> np.ndarray:
    """The vector of a description or one of its clauses, kept: the same words come back
    each time the person answers a question or corrects a fact."""
    vector = model.encode([text], limit)[0]
    vector.setflags(write=False)
    return vector


class Clauses:
    """The clauses of a description and their vectors, computed once, when first needed."""

    def __init__(self, text: str, kb: KnowledgeBase) -> None:
        self.units = clauses(text)
        self.kb = kb
        self._vectors: np.ndarray | None = None

    def vectors(self) -> np.ndarray:
        if self._vectors is None:
            model = self.kb.sentence_model
            assert model is not None
            self._vectors = np.stack([query_vector(model, unit, CLAUSE_TOKENS) for unit in self.units])
        return self._vectors


def _stated_by_meaning(
    ruling: Ruling, situation: Situation, said_in: Clauses
) -> tuple[str, object, str] | None:
    """A question asked whose answer a clause of the words states, found by meaning
    (engine.freetext.statements): the first asked that one does."""
    index = said_in.kb.statement_index
    if ruling.status != RulingStatus.NEEDS_FACTS or index is None or not said_in.units:
        return None
    known = situation.known()
    for question in ruling.questions:
        if question.fact in known or question.fact not in index.facts:
            continue
        stated = index.stated(question.fact, said_in.units, said_in.vectors())
        if stated is not None:
            return question.fact, stated.value, stated.words
    return None


def _matches(kb: KnowledgeBase, house: str, read: Understanding, text: str) -> dict[str, float]:
    """How well the words match each rule key and glossary term of the house."""
    query = f"{read.text} {synonyms_of(read.text)}"
    relevance = _relevance(
        kb.search_index(house).search(query),
        kb.example_index(house).search(query),
        kb.classifier(house).likelihood(read.text),
    )
    _add_meaning(relevance, kb, house, text)
    _add_question(relevance, kb, house, read.text)
    best = max(relevance.values(), default=0.0)
    for key in _terms_asked_about(read.text, kb.glossary_of(house)):
        relevance[key] = relevance.get(key, 0.0) + DEFINITION_SHARE * best
    return relevance


_QUESTION = re.compile(r"[^.?!]*\?")


def _add_question(relevance: dict[str, float], kb: KnowledgeBase, house: str, text: str) -> None:
    """The question a dispute ends on says what is disputed ("with a burn or without?"):
    the words of its question sentences count again, scaled to their best match."""
    asked = " ".join(match.group(0) for match in _QUESTION.finditer(text))
    if not asked.strip():
        return
    query = f"{asked} {synonyms_of(asked)}"
    for found in (kb.search_index(house).search(query), kb.example_index(house).search(query)):
        top = max(found.values(), default=0.0)
        for key, score in found.items() if top else ():
            relevance[key] = relevance.get(key, 0.0) + QUESTION_WEIGHT * score / top


def _relevance(
    rules: dict[str, float], examples: dict[str, float], likelihood: dict[str, float]
) -> dict[str, float]:
    """How well the words match each rule key: its rule's words (text, summary and the
    floor's words for it) and its closest example dispute, each scaled to the best match,
    plus how probable the key is given the words (relative to the most probable key)."""
    top_rule = max(rules.values(), default=1.0) or 1.0
    top_example = max(examples.values(), default=1.0) or 1.0
    relevance = {key: score / top_rule for key, score in rules.items()}
    for key, score in examples.items():
        relevance[key] = relevance.get(key, 0.0) + EXAMPLE_WEIGHT * score / top_example
    for key, probability in likelihood.items():
        relevance[key] = relevance.get(key, 0.0) + CLASSIFIER_WEIGHT * probability
    return relevance


def _add_meaning(relevance: dict[str, float], kb: KnowledgeBase, house: str, text: str) -> None:
    """How close in meaning the words come to each key's examples and rule, each scaled
    to the closest (nothing when the sentence model is not installed)."""
    index = kb.meaning_index(house)
    if index is None or kb.sentence_model is None:
        return
    query = query_vector(kb.sentence_model, text, MEANING_TOKENS)
    weights = (MEANING_EXAMPLE_WEIGHT, MEANING_RULE_WEIGHT)
    for weight, closeness in zip(weights, index.search(query), strict=True):
        top = max(closeness.values(), default=1.0) or 1.0
        for key, value in closeness.items():
            relevance[key] = relevance.get(key, 0.0) + weight * value / top


def _terms_asked_about(text: str, terms: dict) -> list[str]:
    """The glossary terms a question asks the meaning of ("what's a kill pot?"): the
    longest named, so "kill pot" and not also "kill"."""
    if not _ASKS_MEANING.search(text):
        return []
    named = {key: entry.term.split(" (")[0].lower() for key, entry in terms.items()}
    named = {key: term for key, term in named.items() if re.search(rf"\b{re.escape(term)}s?\b", text)}
    return [
        key
        for key, term in named.items()
        if not any(term != other and term in other for other in named.values())
    ]


def _fused(
    relevance: dict[str, float],
    by_key: dict,
    event: str | None,
    situation: Situation,
    kb: KnowledgeBase,
    text: str,
) -> dict[str, float]:
    """Rule keys by fused score: words matched and the event read; a rule for another game,
    structure or format than the one known counts for less, and so does the Explanations'
    commentary unless the words ask why. Only the best-matching keys and the event's can
    rank high, so only they are scored."""
    pool = set(heapq.nlargest(POOL, relevance, key=relevance.__getitem__))
    pool |= {entry.rule.key for entry in kb.with_event(situation.house, event)} if event else set()
    scores: dict[str, float] = {}
    for key in pool:
        rule = by_key.get(key)
        if rule is None:  # a glossary term: its words are all there is to go on
            scores[key] = relevance[key]
            continue
        fused = relevance.get(key, 0.0) + (EVENT_WEIGHT if event in rule.events else 0.0)
        fused += FACT_WEIGHT * _facts_reasoned_on(rule, situation)
        holds = applicability(rule, situation, kb.vocab).holds
        if holds is False:
            fused *= OTHER_GAME_FACTOR
        elif holds is None:
            fused *= UNSAID_GAME_FACTOR
        if key.startswith(COMMENTARY) and not _ASKS_WHY.search(text):
            fused *= COMMENTARY_FACTOR
        scores[key] = fused
    _overriders_first(scores, by_key)
    return scores


def _facts_reasoned_on(rule: Rule, situation: Situation) -> int:
    """How many facts read from the words (other than the event) the rule's conditions test."""
    return len(rule.facts & set(situation.facts) - {"event"})


def _overriders_first(scores: dict[str, float], by_key: dict) -> None:
    """A rule that states it overrides another ranks above it when the words match both, as
    it prevails in the ruling (a house's own rule over the base edition's rule it replaces)."""
    for key in sorted(scores, key=scores.__getitem__):  # lowest first, so chains carry up
        rule = by_key.get(key)
        for overridden in rule.overrides if rule is not None else ():
            beaten = overridden.get("key")
            close_behind = beaten in scores and CONTENTION * scores[beaten] <= scores[key] <= scores[beaten]
            if close_behind and beaten != key:
                scores[key] = scores[beaten] + OVERRIDE_MARGIN


def _rank(
    ruling: Ruling,
    relevance: dict[str, float],
    by_key: dict,
    event: str | None,
    situation: Situation,
    kb: KnowledgeBase,
    text: str,
) -> tuple[str, ...]:
    """Rule keys best first: the fused score, and the ruling given (the governing rule and
    the rules that also apply or disagree with it)."""
    scores = _fused(relevance, by_key, event, situation, kb, text)
    weights = [(ruling.governing, GOVERNING_WEIGHT)] if ruling.governing is not None else []
    weights += [(reading, SUPPORT_WEIGHT) for reading in (*ruling.conflicting, *ruling.support)]
    for reading, weight in weights:
        scores[reading.rule.key] = scores.get(reading.rule.key, 0.0) + weight
    return tuple(sorted(scores, key=lambda key: (-scores[key], key)))
