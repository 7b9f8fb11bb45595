"""Turn a dispute described in words into situation facts, saying where each came from.

"dealer flashed the 2nd card to seat 4" -> event exposed-card, card holecard, exposed_by
dealer, card_number 2. Abbreviations are expanded first (NL, PLO, BB), words neither the
rulebooks nor the lexicon use are corrected to the nearest word they do ("flahsed" ->
"flashed"), then the lexicon (freetext/lexicon.yaml and freetext/lexicon/*.yaml) names what
happened, the game and a few fact values, and the fact reader (engine.freetext.reader, its
cues in freetext/cues.yaml) reads the facts the words state. Every inferred fact is returned
with the words that produced it, so a person can correct it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.freetext.arithmetic import event_in_numbers
from engine.freetext.busts import eliminated_position, eliminated_unplaced, players_left
from engine.freetext.lexicon import lexicon, possible_patterns
from engine.freetext.reader import hole_count_off, read_stated_facts
from engine.freetext.spelling import Speller

MAX_TEXT = 2000
_MINUTES = re.compile(r"\b(\d+)\s*mins?\b")
# Words only a game with a flop uses: with no game named, hold'em (Omaha takes its rules).
_FLOP_GAME = re.compile(r"\b(?:flop|flops|flopped|the turn card|burn(?:s|ed)? and turn(?:s|ed)?|turn:)(?!\w)")


class TextError(ValueError):
    """Text that cannot be read as a dispute: empty, too long, or not text."""


@dataclass(frozen=True)
class Understanding:
    """What the words say, as facts, with the words that said it."""

    text: str  # the normalised text the facts were read from
    facts: dict[str, object] = field(default_factory=dict)
    context: dict[str, str] = field(default_factory=dict)  # game / structure / format
    evidence: dict[str, str] = field(default_factory=dict)  # fact -> the words that gave it
    event_scores: dict[str, int] = field(default_factory=dict)  # event -> strength of the signal
    counted: bool = False  # the event is what the story's numbers show (engine.freetext.arithmetic)


def check_text(text: object) -> str:
    """The text itself, or a TextError saying what is wrong with it."""
    if not isinstance(text, str):
        raise TextError("the dispute must be given as text")
    if not text.strip():
        raise TextError("describe the dispute in a few words, e.g. 'dealer flashed seat 4's second card'")
    if len(text) > MAX_TEXT:
        raise TextError(f"the description is {len(text)} characters; keep it under {MAX_TEXT}")
    return text


_CARD = re.compile(r"^(?:10|[2-9tjqka])[shdc][.,;:)]?$")


def _among_cards(tokens: list[str], at: int) -> bool:
    """A token told beside cards is a card ("board 8d jd td 3s": the ten of diamonds, not a
    tournament director)."""
    if not _CARD.match(tokens[at]):
        return False
    ends = (".", ";", ":")  # a sentence's last card is not beside the next sentence's first word
    before = at > 0 and _CARD.match(tokens[at - 1]) and not tokens[at - 1].endswith(ends)
    after = at + 1 < len(tokens) and _CARD.match(tokens[at + 1]) and not tokens[at].endswith(ends)
    return bool(before or after)


def normalise(text: str, speller: Speller | None = None) -> str:
    """Lower-case, abbreviations expanded, unknown words corrected to known ones."""
    abbreviations = lexicon()["abbreviations"]
    text = _MINUTES.sub(r"\1 minutes", text.lower().replace("’", "'"))  # "40 min", not "min raise"
    words = []
    tokens = re.findall(r"\S+", text)
    for at, token in enumerate(tokens):
        core = token.strip('.,!?;:()"')
        if core in abbreviations and not _among_cards(tokens, at):
            token = token.replace(core, abbreviations[core])
        elif speller is not None and core:
            token = token.replace(core, speller.correct(core))
        words.append(token)
    return " ".join(words)


ASKED_WEIGHT = 2  # an event's words in the part that asks count this many times over
_ASKING = re.compile(
    r"[^.!?;]*\?|[^.!?;]*\b(?:wants? to|wanted to|asks? (?:to|if|for|whether)|asked (?:to|if|for|whether)"
    r"|can (?:he|she|i|we|they|you)|may (?:he|she|i|we|they)|is (?:he|she|it|that) allowed"
    r"|should (?:he|she|i|we|they|the dealer))\b[^.!?;]*"
)


def _strongest(
    patterns: dict,
    text: str,
    possible: set,
    asking: list[tuple[int, int]] | None = None,
    later_wins: bool = False,
) -> tuple[str | None, dict, str]:
    """The name whose phrases cover most of the text, with every name's score; a phrase in
    the `asking` spans (what the person wants ruled) counts ASKED_WEIGHT times. Of two as
    strong, with `later_wins` the one said later is the story's ("on the flop ... burned and
    turned the turn card": the turn); otherwise the first by name. Only the patterns
    `possible` (lexicon.possible_patterns) are run: the others cannot match."""
    scores: dict = {}
    evidence: dict = {}
    last: dict = {}  # where each name was last said
    for name, pattern in patterns.items():
        if pattern not in possible:
            continue
        for match in pattern.finditer(text):
            if match.group(0):
                asked = any(start <= match.start() < end for start, end in asking or ())
                scores[name] = scores.get(name, 0) + len(match.group(0)) * (ASKED_WEIGHT if asked else 1)
                evidence.setdefault(name, match.group(0))
                last[name] = match.start()
    if not scores:
        return None, {}, ""
    best = max(sorted(scores), key=lambda n: (scores[n], last[n] if later_wins else 0))
    return best, scores, evidence[best]


def understand(text: str, speller: Speller | None = None) -> Understanding:
    """Facts, game, structure and format inferred from the words."""
    plain = normalise(check_text(text), speller)
    data = lexicon()
    possible = possible_patterns(plain)
    facts: dict = {}
    context: dict = {}
    evidence: dict = {}
    asking = [match.span() for match in _ASKING.finditer(plain)]
    event, scores, said = _strongest(data["events"], plain, possible, asking)
    for dimension, section in (("game", "games"), ("structure", "structures"), ("format", "formats")):
        name, _, said_as = _strongest(data[section], plain, possible)
        if name:
            context[dimension], evidence[dimension] = name, said_as
    off = hole_count_off(plain, context.get("game"))  # a count the game's hand cannot be
    if off is not None:
        name, error, words = off
        scores[name] = scores.get(name, 0) + len(words)
        if scores[name] >= max(scores.values()):
            event, said = name, words
        if error is not None:
            facts["count_error"], evidence["count_error"] = error, words
    counted = event_in_numbers(plain, context.get("structure"))
    if counted:  # the arithmetic names it
        event, said = counted
        scores[event] = max(scores.values(), default=0) + len(said)
    if event:
        facts["event"], evidence["event"] = event, said
    if "game" not in context and (flop := _FLOP_GAME.search(plain)):
        context["game"] = "holdem"
        evidence["game"] = f"{flop.group(0)}: a game with a flop, taken as hold'em"
    for fact, (value, words) in read_stated_facts(plain).items():
        facts[fact], evidence[fact] = value, words
    if eliminated := eliminated_position(plain):  # outweighs a position mentioned in passing
        facts["blind_position"], evidence["blind_position"] = eliminated
    elif "blind_position" in facts and eliminated_unplaced(plain):  # another player's position
        del facts["blind_position"], evidence["blind_position"]
    if isinstance(facts.get("players_remaining"), int):  # left now, after a bust told later
        facts["players_remaining"], evidence["players_remaining"] = players_left(
            plain, facts["players_remaining"], evidence["players_remaining"]
        )
    for fact, values in data["values"].items():
        if fact in facts:
            continue
        name, _, said = _strongest(values, plain, possible, later_wins=True)
        if name is not None:
            facts[fact], evidence[fact] = name, said
    return Understanding(plain, facts, context, evidence, scores, counted=counted is not None)
