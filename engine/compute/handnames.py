"""Poker hands told by name ("aces full of kings", "quad 8s", "a king-high straight flush") and
whether a bad beat's hands meet a jackpot's minimums, which the book names the same way
("Aces Full of Kings or better must be beat by 4-of-a-Kind or better", "Four 8's or better").

A hand is (category, first rank, second rank); a rank the words leave out is 0, unknown. Of the
two hands a bad-beat story tells, the lower is the losing hand: that is what a bad beat is."""

from __future__ import annotations

import re

Hand = tuple[int, int, int]

ROYAL, STRAIGHT_FLUSH, QUADS, FULL_HOUSE = 9, 8, 7, 6  # the categories a bad beat names
_RANKS = {
    "ace": 14, "king": 13, "queen": 12, "jack": 11, "ten": 10, "nine": 9, "eight": 8, "seven": 7,
    "six": 6, "five": 5, "four": 4, "three": 3, "trey": 3, "deuce": 2, "two": 2,
    "a": 14, "k": 13, "q": 12, "j": 11, "t": 10,
}  # fmt: skip
_RANK = (
    r"(?:aces?|kings?|queens?|jacks?|tens?|nines?|eights?|sevens?|six(?:es)?|fives?|fours?|threes?"
    r"|treys?|deuces?|twos?|(?:10|[2-9])(?:'?s)?|[akqjt]'?s)(?![\w-])"
)
_NAMED = re.compile(
    rf"\b(?:(?P<royal>royal(?: flush)?)"
    rf"|(?:(?P<sf_rank>{_RANK})[- ]high )?(?P<sf>straight flush)"
    rf"|(?:quads?|four of a kind|4[- ]of[- ]a[- ]kind)(?:,? (?:in |of )?(?P<quads_rank>{_RANK})\b)?"
    rf"|(?:four|4) (?P<four_rank>{_RANK})\b"
    rf"|(?P<trips>{_RANK}) full(?: house)?(?: of (?P<pair>{_RANK}))?"
    rf"|(?P<full>full house))"
)


def rank(word: str | None) -> int:
    """'eights', "8's", '8s', 'kings', 'k' -> the rank; 0 when not a rank."""
    if not word:
        return 0
    core = word.lower().rstrip("s").rstrip("'")
    core = {"sixe": "six"}.get(core, core)
    if core.isdigit():
        return int(core) if 2 <= int(core) <= 10 else 0
    return _RANKS.get(core, 0)


def parse_hand(words: str) -> Hand | None:
    """One hand named in words ("aces full of kings", "four eights", "four of a kind")."""
    found = _NAMED.search(words.lower())
    return _hand(found) if found else None


def _hand(found: re.Match[str]) -> Hand:
    if found.group("royal"):
        return (ROYAL, 14, 0)
    if found.group("sf"):
        return (STRAIGHT_FLUSH, rank(found.group("sf_rank")), 0)
    if found.group("four_rank") is not None:
        return (QUADS, rank(found.group("four_rank")), 0)
    if found.group("trips"):
        return (FULL_HOUSE, rank(found.group("trips")), rank(found.group("pair")))
    if found.group("full"):
        return (FULL_HOUSE, 0, 0)
    return (QUADS, rank(found.group("quads_rank")), 0)


def named_hands(text: str) -> list[tuple[Hand, str]]:
    """Every hand the words name, in order, with the words."""
    return [(_hand(found), found.group(0).strip(" ,")) for found in _NAMED.finditer(text.lower())]


def at_least(hand: Hand, minimum: Hand) -> bool | None:
    """Is the hand the minimum or better? None when a rank the words leave out decides it."""
    for have, need in zip(hand, minimum, strict=True):
        if need == 0:
            return True  # the minimum names no more: any such hand will do
        if have == 0:
            return None
        if have != need:
            return have > need
    return True


def _same_hand(a: Hand, b: Hand) -> bool:
    """The same hand told twice, once with less ("quad 8s ... his quads")."""
    return all(x == y or not x or not y for x, y in zip(a, b, strict=True))


def beat_hands(text: str) -> tuple[tuple[Hand, str], tuple[Hand, str]] | None:
    """The losing and the winning hand of a bad beat told by name: the two hands the words
    name, the lower losing. None unless exactly two are named and one is surely the lower."""
    told: dict[Hand, str] = {}
    for hand, words in named_hands(text):
        same = next((known for known in told if _same_hand(known, hand)), None)
        if same is None:
            told[hand] = words
        elif sum(map(bool, hand)) > sum(map(bool, same)):  # "quads" then "quad 8s": the 8s
            del told[same]
            told[hand] = words
    if len(told) != 2:
        return None
    (a, a_words), (b, b_words) = told.items()
    if at_least(a, b) is True and a != b:
        return (b, b_words), (a, a_words)
    if at_least(b, a) is True and a != b:
        return (a, a_words), (b, b_words)
    return None


def minimums_met(
    text: str, losing_minimum: str | None, winning_minimum: str | None
) -> tuple[bool, str] | None:
    """Whether the bad beat told meets the jackpot's minimum hands, with the words that name them.
    With more than two hands named, which lost need not be known when every one of them meets
    the losing minimum (and the best the winning one)."""
    if losing_minimum is None:
        return None
    hands = beat_hands(text)
    if hands is None:
        return _every_hand_meets(text, losing_minimum, winning_minimum)
    (loser, lost_words), (winner, won_words) = hands
    need_losing, need_winning = parse_hand(losing_minimum), parse_hand(winning_minimum or "")
    if need_losing is None:
        return None
    checks = [at_least(loser, need_losing)]
    if need_winning is not None:
        checks.append(at_least(winner, need_winning))
    if False in checks:
        return False, f"{lost_words} beaten by {won_words}"
    if None in checks:
        return None
    return True, f"{lost_words} beaten by {won_words}"


def _every_hand_meets(text: str, losing_minimum: str, winning_minimum: str | None) -> tuple[bool, str] | None:
    told = named_hands(text)
    need_losing, need_winning = parse_hand(losing_minimum), parse_hand(winning_minimum or "")
    if len(told) < 3 or need_losing is None:
        return None
    if not all(at_least(hand, need_losing) is True for hand, _ in told):
        return None
    best = max(hand for hand, _ in told)
    if need_winning is not None and at_least(best, need_winning) is not True:
        return None
    return True, ", ".join(words for _, words in told) + ": every hand named meets the minimums"
