"""The rank of the card a story has exposed, read when a ruling asks (lowball and draw rule
by it): a rank right after the words that expose it, in any tense ("turns over a 6",
"flashed the king"), or set after them ("flips seat 6's replacement card up, a king").
"""

from __future__ import annotations

import re

from engine.compute.handnames import rank

# the vocabulary's names of card_rank, by the rank handnames.rank gives (ace high)
_NAMES = dict(
    zip(range(2, 15), "two three four five six seven eight nine ten jack queen king ace".split(), strict=True)
)
_WORD_RANK = (
    r"(?:ace|bullet|deuce|two|trey|three|four|five|six|seven|eight|nine|ten|jack|queen|king|10|[2-9])"
)
_SUIT = r"(?: of (?:spades|hearts|diamonds|clubs)|[shdc])?"
_NOT_A_CARD = (
    r"(?![\w$-]| (?:cards?|hole|of them|low|or better|high|players|pair|bets?|chips?|dollars|bucks"
    r"|minutes|way|times))"
)
_EXPOSES = (
    r"(?:expos(?:e|es|ed|ing)|flash(?:es|ed|ing)?|flip(?:s|ped|ping)?|turn(?:s|ed|ing)?"
    r"|show(?:s|ed|ing)?|peel(?:s|ed)?)"
)
_RIGHT_AFTER = re.compile(
    rf"\b{_EXPOSES}(?: over| up)? (?:a|an|the|his|her|my|one) (?P<rank>{_WORD_RANK}){_SUIT}{_NOT_A_CARD}",
    re.I,
)
_SET_AFTER = re.compile(
    rf"\b{_EXPOSES}\b[^.?!]{{0,50}}?\b(?:up|over|face ?up|faceup)\s*[,:\-]+\s*(?:a |an |the |it's a |its a )?"
    rf"(?P<rank>{_WORD_RANK}){_SUIT}{_NOT_A_CARD}",
    re.I,
)
_BEFORE = re.compile(
    rf"\b(?:a|an|the) (?P<rank>{_WORD_RANK}){_SUIT} (?:was |got |is |came |went |had been )?"
    rf"(?:exposed|flashed|flipped|turned (?:up|over)|face ?up|faceup)\b",
    re.I,
)


def exposed_rank(text: str) -> tuple[str, str] | None:
    """The exposed card's rank, with the words that tell it; None when none is told."""
    for grammar in (_RIGHT_AFTER, _SET_AFTER, _BEFORE):
        found = grammar.search(text)
        if found:
            word = found.group("rank").lower()
            return _NAMES[14 if word == "bullet" else rank(word)], found.group(0)
    return None
