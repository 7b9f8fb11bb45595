"""Source artefacts that are no change of wording: words a PDF's line breaks ran together.

The home-games edition prints "seven or betterand it is", "subsequentbets", "bet.However":
the same words as the cardroom text with a space lost. A diff that counted them would list
wording nobody changed; `unjoin` splits such a word where the other text has the two words.

>>> unjoin("a seven or betterand it is", "a seven or better and the hand")
'a seven or better and it is'
>>> unjoin("the bet.However, if", "the bet. However, if")
'the bet. However, if'
>>> unjoin("a holecard", "the card")  # split only where the other text has both words
'a holecard'
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_SENTENCE_JOIN = re.compile(r"([a-z][.,;:!?])([A-Z])")
MIN_PART = 2  # "a"+"player" splits where the other text has "a player"; other single letters stay
MIN_APART = 3  # "you"+"call" splits where the other text has both words, even apart


def unjoin(text: str, other: str) -> str:
    """`text` with each word that the other text has as two words split in two."""
    text = _SENTENCE_JOIN.sub(r"\1 \2", text) if _SENTENCE_JOIN.search(other) is None else text
    known = set(_WORD.findall(other.lower()))
    pairs = set(zip(_WORD.findall(other.lower()), _WORD.findall(other.lower())[1:], strict=False))
    return re.sub(r"[A-Za-z]+", lambda match: _split(match.group(0), known, pairs), text)


def _split(word: str, known: set[str], pairs: set[tuple[str, str]]) -> str:
    lower = word.lower()
    if lower in known or len(lower) < 4:
        return word
    for cut in range(1, len(lower)):
        head, tail = lower[:cut], lower[cut:]
        adjacent = (head, tail) in pairs and (len(head) >= MIN_PART or head in ("a", "i"))
        both_known = head in known and tail in known and min(len(head), len(tail)) >= MIN_APART
        if adjacent or both_known:
            return f"{word[:cut]} {word[cut:]}"
    return word
