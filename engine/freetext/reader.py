"""Read the facts a description states the way floor staff state them.

Counts ("both cards", "nobody had acted", "only the blinds were in"), timing ("before anyone
bet", "while pitching"), negations ("never said raise", "nobody objects"), amounts, minutes,
players and the betting round: each cue is a pattern over the normalised words and the
value it states, and every fact read comes back with the words that stated it. A cue is
written to be sure rather than to be broad: a wrong fact is a wrong ruling, a fact not read
is only a question. The cues live in freetext/cues.yaml and freetext/cues/*.yaml (one file per
area of the rules); the first that matches a fact wins, so the narrower cues (negations,
counts) come before the broader ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.books.paths import freetext_dir
from engine.books.yamlfile import read_data
from engine.freetext import cache
from engine.freetext.absences import others_away
from engine.freetext.action_order import (
    action_in_between,
    facing_a_bet,
    groups_told_acting,
    nobody_acted_yet,
    only_one_acted,
    seats_told_acting,
)
from engine.freetext.exposed_rank import exposed_rank
from engine.freetext.in_play import hand_in_play_said
from engine.freetext.prefilter import Pattern, Screen

_WORD_NUMBERS = {
    "no": 0,
    "zero": 0,
    "nobody": 0,
    "none": 0,
    "one": 1,
    "a": 1,
    "an": 1,
    "single": 1,
    "a single": 1,  # "plays with a single blind"
    "just one": 1,
    "two": 2,
    "both": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "noone": 0,
    "no one": 0,
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "half an hour": 30,  # minutes
    "an hour": 60,
    "hour": 60,
}
GRAMMAR = {  # named pieces the cues' patterns share
    "N": r"(?P<n>\d+|no|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)",
    "NOBODY": r"(?:nobody|no one|noone|no-one|none of (?:us|them|the players))",
    "ACTED": r"(?:acted|done anything|made a move|put (?:any )?(?:money|chips) in|called|bet|raised)",
    "MONEY": r"\$?(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)",  # $1,850 or $12.50
}


# A negation in the three words before a "yes" cue's words turns them round.
_NEGATED_BEFORE = re.compile(
    r"\b(?:not|no(?!\W*limit)|never|nobody|no one|noone|without"
    r"|didn'?t|doesn'?t|don'?t|wasn'?t|hasn'?t|hadn'?t)"
    r"(?:\W+\w+){0,2}\W*$"
)


# What one side claims is not what happened: "seat 5 says the joker only counts as an ace"
# (a claim about the game, after "says"); "he said raise", "said fine, I'll kill it" are acts,
# and "says he wants to go home" tells what he wants.
_CLAIMED_BEFORE = re.compile(
    r"\b(?:says?|said|claims?|claimed|argues?|argued|insists?|insisted|swears?|swore|thinks?)(?: that)?"
    r" (?:the|his|her|it|it's|its|they|there|that)\b(?:\W+\w+){0,2}\W*$"
)


def number(word: str) -> float:
    """'both' -> 2, 'second' -> 2, '12' -> 12, '2.50' -> 2.5, '1,500' -> 1500, 'half an hour' -> 30."""
    word = word.strip().lower().replace(",", "")
    if word in _WORD_NUMBERS:
        return _WORD_NUMBERS[word]
    value = float(word)
    return int(value) if value.is_integer() else value


@dataclass(frozen=True)
class Cue:
    """A pattern that states a fact, and the value it states (a constant, or from the match)."""

    fact: str
    pattern: Pattern  # searched only in a text holding one of its needed words
    value: object | Callable[[re.Match[str]], object]

    def read(self, text: str) -> tuple[object, str] | None:
        for match in self.pattern.finditer(text):
            before = text[max(0, match.start() - 60) : match.start()]
            if self.value is True and _NEGATED_BEFORE.search(before):
                continue  # "nobody asked the floor" does not say the floor was asked
            if _CLAIMED_BEFORE.search(before) or (
                _SEAT_NUMBER.match(match.group(0)) and _NAMING_NUMBER.search(before)
            ):
                continue  # "seat 3 called": a seat, not three callers
            value = self.value(match) if callable(self.value) else self.value
            return None if value is None else (value, match.group(0))
        return None


_SEAT_NUMBER = re.compile(r"\d+ ")  # a number on its own ("seat 3 called"), not "3-bets"
_NAMING_NUMBER = re.compile(r"\b(?:seats?|tables?|players?|levels?|hands?|no\.|number|#)\s*$")
# "over 20 minutes" is more than 20, "almost 20" less: the next whole number past it, so a
# count read against a threshold ("more than 20 minutes") falls on the side the words say.
_MORE_THAN = re.compile(
    r"(?:(?<!turned )(?<!turns )(?<!turning )(?<!turn )(?<!flipped )(?<!flips )(?<!flip )(?<!flipping )"
    r"(?<!rolled )(?<!rolls )(?<!handed )(?<!hands )(?<!tipped )(?<!knocked )(?<!fell )(?<!falls )"
    r"\bover|\bmore than|\blonger than|\bpast|\bupwards of)\s+$"
)  # "over 20 minutes", not "turned over one card"
_LESS_THAN = re.compile(r"\b(?:almost|nearly|under|less than|not quite|just under|shy of)\s+$")


def _n(match: re.Match[str]) -> object:
    """The number a cue's alternative matched (groups n1, n2 ...), or None (also for words
    that are no number this reader knows: a question then, never an error)."""
    said = [(k, v) for k, v in match.groupdict().items() if k.startswith("n") and v is not None]
    if not said:
        return None
    try:
        value = number(said[0][1])
    except ValueError:
        return None
    return beyond(value, match.string, match.start(said[0][0]))


def beyond(value: float, text: str, start: int) -> float:
    """The whole number past a count the words put a bound on ("over 20": 21, "almost 20": 19)."""
    before = text[max(0, start - 20) : start]
    if isinstance(value, int) and _MORE_THAN.search(before):
        return value + 1
    if isinstance(value, int) and value > 0 and _LESS_THAN.search(before):
        return value - 1
    return value


def cue(fact: str, pattern: str, value: object = _n) -> Cue:
    """A cue from one pattern; each alternative may name its own number `(?P<n>...)`."""
    count = iter(range(1, 100))
    pattern = pattern.replace("n't", "n'?t").replace("'s ", "'?s ")  # typed without apostrophes
    pattern = re.sub(r"\(\?P<n>", lambda _: f"(?P<n{next(count)}>", pattern)
    return Cue(fact, Pattern(rf"(?<![\w$-])(?:{pattern})(?![\w-])"), value)


def cue_files() -> list[Path]:
    """freetext/cues.yaml, then each file of freetext/cues/ (one per area of the rules)."""
    return [freetext_dir() / "cues.yaml", *sorted((freetext_dir() / "cues").glob("*.yaml"))]


def cues() -> tuple[tuple[Cue, ...], frozenset[str]]:
    """The cues of every cue file, and the facts whose last mention counts."""
    every, last_said, _ = _cue_table()
    return every, last_said


@lru_cache(maxsize=1)
def _cue_table() -> tuple[tuple[Cue, ...], frozenset[str], Screen]:
    """The cues, the facts whose last mention counts, and the screen of the cues' needed
    words: kept between runs (engine.freetext.cache), as working them out takes a while."""
    files = cue_files()
    return cache.cached("cues", cache.key(cache.stamp(files)), lambda: _read_cues(files))


def _read_cues(files: list[Path]) -> tuple[tuple[Cue, ...], frozenset[str], Screen]:
    every = []
    last_said: set[str] = set()
    for path in files:
        data = read_data(path)
        last_said.update(data.get("last_said") or ())
        for fact, items in (data.get("cues") or {}).items():
            for item in items:
                if not isinstance(item, dict) or "pattern" not in item or "value" not in item:
                    raise ValueError(f"{path}: a cue of {fact} needs both a pattern and a value: {item!r}")
                pattern = item["pattern"]
                for name, grammar in GRAMMAR.items():
                    pattern = pattern.replace("{" + name + "}", grammar)
                every.append(cue(fact, pattern, _n if item["value"] == "number" else item["value"]))
    return tuple(every), frozenset(last_said), Screen([item.pattern for item in every])


def read_stated_facts(text: str) -> dict[str, tuple[object, str]]:
    """Every fact a cue reads in the (normalised) text, with the words that stated it. A story
    moves on, so for a fact like the betting round the one mentioned last is the dispute's."""
    every, last_said, screen = _cue_table()
    all_cues = [every[index] for index in screen.candidates(text)]  # the others cannot match
    found: dict[str, tuple[object, str]] = {}
    for item in all_cues:
        if item.fact in found or item.fact in last_said:
            continue
        read = item.read(text)
        if read is not None:
            found[item.fact] = read
    for fact in last_said:
        said = [
            (match.start(), item, match)
            for item in all_cues
            if item.fact == fact
            for match in item.pattern.finditer(text)
        ]
        if said:
            _, item, match = max(said, key=lambda found_at: found_at[0])
            found[fact] = (item.value(match) if callable(item.value) else item.value, match.group(0))
    return found


@lru_cache(maxsize=1)
def _quantities() -> tuple[dict[str, str], dict[str, tuple[re.Pattern[str], ...]]]:
    """Which unit each fact is measured in, and the patterns of a number said with a unit."""
    data = read_data(freetext_dir() / "cues.yaml")
    unit_of = {fact: unit for unit, facts in (data.get("units") or {}).items() for fact in facts}
    quantities = data.get("quantities") or {}
    patterns = {unit: tuple(re.compile(p) for p in said) for unit, said in quantities.items()}
    return unit_of, patterns


def said_with_unit(fact: str, text: str) -> tuple[object, str] | None:
    """The number the words give in the unit this fact is measured in, when they give exactly
    one ("gone 25 minutes" answers how long he was away): else None, and the question stays."""
    unit_of, patterns = _quantities()
    unit = unit_of.get(fact)
    if unit is None:
        return None
    said: dict[object, str] = {}
    for pattern in patterns[unit]:
        for match in pattern.finditer(text):
            said.setdefault(beyond(number(match.group("n")), text, match.start("n")), match.group(0))
    return next(iter(said.items())) if len(said) == 1 else None


_ACTOR = (
    r"(?:seat \d+|s\d+|under the gun|utg(?:\+\d)?|he|she|[a-z]+"
    r"|the (?:button|cutoff|hijack|small blind|big blind)"
    r"|(?<=[,;] )(?:then )?\d{1,2}(?= \w+(?:[,;.]| and| then)))"  # "seat 7 folds, 8 calls, 1 folds"
)
_ACTION = (
    r"(?:limps|limped|calls|called|raises|raised|re-?raises|re-?raised|folds|folded|bets"
    r"|bet(?= \$?\d| out\b| the (?:flop|turn|river|pot)\b| into\b|[,.;])"
    r"|checks|checked|opens|opened|completes|completed|shoves|shoved|jams|jammed|mucks|mucked|[345]-?bets"
    r"|went all-in|goes all-in)"
)
_ACTS = re.compile(rf"(?<![\w-])({_ACTOR}) (?:just |then |also |quickly |instantly )?{_ACTION}(?![\w-])")
_NOT_ACTORS = {
    "and",
    "then",
    "but",
    "so",
    "who",
    "it",
    "that",
    "which",
    "also",
    "just",
    "dealer",
    "floor",
    "host",
    "nobody",
    "everyone",
    "everybody",
    "anyone",
    "us",  # "two of us checked": counted as the group
}


def players_said_to_act(text: str) -> tuple[object, str] | None:
    """How many players the story has acting ("seat 4 limps, seat 5 raises, seat 6 folds"):
    two or more is the count that decides a misdeal. One is only a lower bound, "1+" (an
    action told without its player is missed): it decides "had anyone acted", not "how many"."""
    actors: dict[str, str] = {}
    seats_named = "seat " in text
    for match in _ACTS.finditer(text):
        actor = match.group(1).removeprefix("then ")
        if actor.isdigit():
            if not seats_named:  # a bare number is a seat only in a story that names seats
                continue
            actor = f"seat {actor}"
        if actor not in _NOT_ACTORS:
            actors.setdefault(actor, match.group(0))
    for seat, words in seats_told_acting(text):  # "seats 1 and 2 folded"
        actors.setdefault(seat, words)
    for member, words in groups_told_acting(text):  # "two guys fold, two more call"
        actors.setdefault(member, words)
    if not actors:
        return None
    return len(actors) if len(actors) > 1 else "1+", ", ".join(dict.fromkeys(actors.values()))


_CLAUSES = re.compile(r"[.,;:!?]+\s*|\s+(?:and|so|but|while)\s+")
_TABLE = re.compile(
    r"\btable (\w+)\b|^(?:and |so |but )?([a-e]|\d)\b(?= (?:has|had|is|was|went|just|now|only))"
)
_COUNT = re.compile(
    r"\b(?:has|had|have|is at|at|with|(?:is |was |went |gone |now |just )*(?:down|up) to)"
    rf" (?:only |just )?{GRAMMAR['N']}(?: players| people| guys)?\b"
)


_CHANGED = re.compile(r"\b(?:bust\w*|lost|eliminated|knocked out|left|went out|moved|gone|quit)\b")
# "B wants someone moved": a move asked for, not a player gone
_ASKED_FOR = re.compile(r"\b(?:wants?|asks?|asking|should|needs?|waits?|waiting)\b")
_VERSUS = re.compile(r"\b(?P<n1>\d+) (?:vs\.?|versus|against) (?P<n2>\d+)\b")  # "vs" is read as "against"


def table_sizes(text: str) -> dict[str, tuple[int, str]]:
    """How many players each table the story names has now, the last count told for it
    ("table A has 8. table B had 7 ... so B is down to 6": A 8, B 6), with the words."""
    sizes: dict[str, tuple[int, str]] = {}
    table = None
    for clause in _CLAUSES.split(text):
        named = _TABLE.search(clause)
        if named:
            table = named.group(1) or named.group(2)
        counted = _COUNT.search(clause)
        if (
            table is not None
            and counted
            and "seat" not in clause[max(0, counted.start() - 8) : counted.start()]
        ):
            sizes[table] = (int(number(counted.group("n"))), clause.strip())
        elif table is not None and _CHANGED.search(clause) and not _ASKED_FOR.search(clause):
            sizes.pop(table, None)  # a player gone and no new count: the table's count is not known
    return sizes


def table_size_difference(text: str) -> tuple[int, str] | None:
    """The difference between the fullest and the shortest table, when the story gives the
    players of two tables or more ("9 vs 7", or each table's count): the number that decides
    a move."""
    versus = _VERSUS.search(text)
    if versus:
        return abs(int(number(versus.group("n1"))) - int(number(versus.group("n2")))), versus.group(0)
    sizes = table_sizes(text)
    if len(sizes) < 2:
        return None
    counts = [count for count, _ in sizes.values()]
    return max(counts) - min(counts), "; ".join(words for _, words in sizes.values())


HOLE_CARDS = {  # the cards each player is dealt to start, in the games whose count is fixed
    "holdem": 2,
    "omaha": 4,
    "omaha-hi-lo": 4,
    "lowball-a5": 5,
    "lowball-27": 5,
    "draw-high": 5,
    "jacks-or-better": 5,
}
_HOLDS = re.compile(
    r"\b(?:has|had|have|holds?|held|holding|got|gets|ended up with|end up with|found|finds|picked up"
    r"|was dealt|were dealt|is holding) (?:only |just )?(?P<n>one|two|three|four|five|six|seven|\d) "
    r"(?:hole |down )?cards\b(?! (?:to|of|left|in the (?:deck|stub|muck)|on the board)\b)"
)
_TWO_HOLD = re.compile(r"\b(?:both|seats? \d+ and \d+|two (?:players|guys|of them|people))\b[^.;!?]*$")


def extra_cards_held(text: str, game: str | None) -> tuple[int, str] | None:
    """How many extra cards were dealt, from the cards the story has a player holding in a game
    whose starting hand is fixed ("I have three cards" in hold'em: one; "seats 1 and 2 both
    ended up with three cards": two). Only when the story says it once."""
    hole = HOLE_CARDS.get(game or "")
    said = _cards_held(text)
    if hole is None or len(said) != 1:
        return None
    (held, told), *_ = said
    two = _TWO_HOLD.search(text[max(0, told.start() - 40) : told.start()])
    words = f"{two.group(0)}{told.group(0)}" if two else told.group(0)
    return ((2 if two else 1) * (held - hole), words) if held > hole else None


def _cards_held(text: str) -> list[tuple[int, re.Match[str]]]:
    """Each count of cards the story has a player holding ("he's got five cards"), with its words."""
    return [(int(number(told.group("n"))), told) for told in _HOLDS.finditer(text)]


def hole_count_off(text: str, game: str | None) -> tuple[str, str | None, str] | None:
    """A player told holding the wrong number of cards for the game ("he's got five cards" in
    Omaha): the event, whether too many or too few (None when both are told), and the words.
    More only is an extra card; fewer, or both, a wrong card count."""
    hole = HOLE_CARDS.get(game or "")
    if hole is None:
        return None
    off = [(held, told.group(0)) for held, told in _cards_held(text) if held != hole]
    if not off:
        return None
    more = {held > hole for held, _ in off}
    error = None if len(more) > 1 else "too-many" if more == {True} else "too-few"
    return "extra-card" if error == "too-many" else "wrong-card-count", error, "; ".join(w for _, w in off)


_STARTED_AT = re.compile(
    r"\b(?P<h>1[0-2]|[1-9])(?::(?P<m>[0-5]\d))? ?(?:pm|am|p\.m\.|a\.m\.|o'?clock)? "
    r"(?:tourney|tournament|event|start|freezeout|game)\b"
    r"|\b(?:started|starts|start) at (?P<h2>1[0-2]|[1-9])(?::(?P<m2>[0-5]\d))?"
)
_NOW = re.compile(r"\b(?:it'?s|it is|now) (?:now )?(?P<h>1[0-2]|[1-9]):(?P<m>[0-5]\d)\b")


def minutes_since_start_said(text: str) -> tuple[int, str] | None:
    """Minutes since the start told by the clock ("7pm tourney, it's 7:40 now": 40), when the
    story gives the start time and the time now once each, less than twelve hours apart."""
    started, now = list(_STARTED_AT.finditer(text)), list(_NOW.finditer(text))
    if len(started) != 1 or len(now) != 1:
        return None
    start, at = started[0], now[0]
    begun = int(start.group("h") or start.group("h2")) * 60 + int(start.group("m") or start.group("m2") or 0)
    minutes = (int(at.group("h")) * 60 + int(at.group("m")) - begun) % (12 * 60)
    return minutes, f"{start.group(0)} ... {at.group(0)}"


FIRST_ROUND = {"holdem": "preflop", "omaha": "preflop", "omaha-hi-lo": "preflop", "stud": "third-street"}
FIRST_ROUND |= {"razz": "third-street", "stud-hi-lo": "third-street"}
FIRST_ROUND |= {game: "before-draw" for game in ("lowball-a5", "lowball-27", "draw-high", "jacks-or-better")}
_NOBODY_ACTED = re.compile(
    r"\b(?:nobody|no one|noone|none of us)(?:'s| has| had|'d)?"
    r" (?:acted|done anything|bet|put (?:a )?chips? in)"
    r"|\bno (?:action|betting) yet|\bbefore (?:anyone|anybody) (?:acted|had acted|did anything|bet)"
    r"|\b(?:still|was|were|i was|he was|she was) (?:dealing|pitching)"
    r"(?: the (?:hole cards|hands|starting hands))?\b"
)
_LATER_ROUND = re.compile(
    r"\b(?:flop\w*|turn|river|(?:fourth|fifth|sixth|seventh|4th|5th|6th|7th) street|draw\w*|drew|showdown)\b"
)


def first_round_told(text: str, game: str | None) -> tuple[str, str] | None:
    """The game's first betting round, when the story is still at the deal: nobody had acted,
    or the dealer was still dealing, and no later round is named."""
    said = _NOBODY_ACTED.search(text)
    if said is None or game not in FIRST_ROUND or _LATER_ROUND.search(text):
        return None
    return FIRST_ROUND[game], said.group(0)


def answer_from_words(fact: str, text: str, game: str | None = None) -> tuple[object, str] | None:
    """A question the words answer after all: a number said in the fact's unit, the players
    the story has acting, how far apart the tables it counts are, or the extra cards a player
    holds in the game known."""
    if fact == "players_acted":
        return only_one_acted(text) or players_said_to_act(text) or nobody_acted_yet(text)
    if fact == "facing_bet":
        return facing_a_bet(text)
    if fact == "players_away":
        return others_away(text)
    if fact == "card_rank":
        return exposed_rank(text)
    if fact == "intervening_action":
        return action_in_between(text)
    if fact == "hand_in_play":
        return hand_in_play_said(text)
    if fact == "street":
        return first_round_told(text, game)
    if fact == "table_size_difference":
        return table_size_difference(text)
    if fact == "extra_cards":
        return extra_cards_held(text, game)
    if fact == "minutes_since_start":
        return minutes_since_start_said(text) or said_with_unit(fact, text)
    return said_with_unit(fact, text)
