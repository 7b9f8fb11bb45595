"""How many other players were already away when a player left, from the story: "seats 2
and 6 already out on dinner", "Gina and Hal went to eat", "two guys are on break", "nobody
else away". Read when a ruling asks (reader.answer_from_words): the story is then about an
absence, so a seat or a name told at a meal or on a break is one of the players away.

One grammar for the ways a story names the others (a list of seats, a pair of names, a
count) and the ways it says they are away, instead of a pattern for each wording met.
"""

from __future__ import annotations

import re

_BE = r"(?:(?:are|were|is|was|had|have|has|had been|have been|'re|'s) )?"
_ADVERB = r"(?:(?:both|all|already|still|also|together|now) )*"
_MEAL = (
    r"(?:dinner|lunch|supper|breakfast|break|meal break|dinner break|smoke break|smoke|food|eat"
    r"|the buffet|buffet)"
)
_AWAY = (
    rf"(?:(?:gone|went|go|going|left|out|off|up|away|stepped (?:out|away)|walked (?:off|away))"
    rf"(?: (?:to|for|at|on|and))?(?: (?:a|the|their|his|her))? {_MEAL}"
    rf"|(?:out |off )?(?:on|at) (?:a |the |their |his |her )?{_MEAL}"
    r"|(?:out |off )?eating|away(?: from the table)?|gone|stepped (?:out|away)|walked away|left the table)"
    r"(?![\w-])"
)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5}
_NUMBER = r"(?:two|three|four|five|\d)"
_SEATS = r"\bseats? (?P<seats>\d+(?:(?:,|,? and|,? &) (?:seat )?\d+)+)"
_NAMES = r"\b(?P<first>[A-Z][a-z]+) (?:and|&) (?P<second>[A-Z][a-z]+)"
_COUNT = rf"\b(?P<n>{_NUMBER}) (?:other )?(?:guys|players|people|others|seats|of them)"
_NOBODY = (
    r"\b(?:nobody|no one|noone|no-one) else(?:'s| is| was| has been| had been)?"
    r" (?:away|gone|out|missing|up|eating|at dinner|on break)"
    r"|\b(?:the )?only (?:one|player|guy|person) (?:away|gone|missing|up|out)"
)
_OTHERS = re.compile(rf"(?:{_SEATS}|{_COUNT}) {_BE}{_ADVERB}{_AWAY}", re.I)
_PAIR = re.compile(rf"{_NAMES} {_BE}{_ADVERB}{_AWAY}")
_NONE_ELSE = re.compile(_NOBODY, re.I)
_STOPWORDS = {"Then", "And", "So", "But", "Now", "Seat", "Seats", "The", "He", "She", "They", "We", "I"}


def others_away(text: str) -> tuple[int, str] | None:
    """The number of other players the story has away, with its words; None when it names none."""
    nobody = _NONE_ELSE.search(text)
    if nobody:
        return 0, nobody.group(0)
    found = _OTHERS.search(text)
    if found:
        if found.group("seats"):
            seats = set(re.findall(r"\d+", found.group("seats")))
            return len(seats), found.group(0)
        count = found.group("n").lower()
        return _COUNTS.get(count) or int(count), found.group(0)
    pair = _PAIR.search(text)
    if pair and not {pair.group("first"), pair.group("second")} & _STOPWORDS:
        return 2, pair.group(0)
    return None
