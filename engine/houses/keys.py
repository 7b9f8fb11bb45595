"""The key a careful person gives a rule no known book has, by schema/README.md's
conventions: `area.subject`, the area its section is about, the subject in the rule's words.

The area is the one most of the section's aligned rules share (a section of dealing rules),
else the one its heading names ("BAD BEAT JACKPOT"), else the one a heading above it names
("DEALING PROCEDURES" over "PREPARING SET-UPS"), else `house`. The subject: a sub-item's
is its parent's key and the words that tell it apart ("Moving button – ..." under
`explanation.button-placement-methods`); the only rule of a section is what its heading
names ("MANUAL SHUFFLE PROCEDURES"); any other rule, its first words of substance.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

# schema/README.md's areas (a test keeps the two lists the same)
AREAS = (
    "preface conduct etiquette tobacco decision procedures dealing seating buy-in shuffle misdeal "
    "dead-hand irregularity betting showdown ties blinds holdem omaha omaha-hi-lo stud razz "
    "stud-hi-lo lowball lowball-a5 lowball-27 nl-pl-lowball draw-high jacks-or-better joker "
    "kill-pot no-limit pot-limit tournament jackpot explanation house"
).split()
# areas of one game: a rule restated under another game's heading is that game's rule
GAME_AREAS = frozenset(
    "holdem omaha omaha-hi-lo stud razz stud-hi-lo lowball lowball-a5 lowball-27 nl-pl-lowball "
    "draw-high jacks-or-better joker".split()
)
_GENERAL = {"procedures"}  # an area whose word ends many headings of other subjects
SUBJECT_WORDS = 2  # the length of most subjects in the bundled books' keys
_SPELLINGS = {  # a heading's words for a game, as its area spells them
    "high-low": "hi-lo",
    "hold-em": "holdem",
    "ace-to-five-lowball": "lowball-a5",
    "deuce-to-seven-lowball": "lowball-27",
    "no-limit-and-pot-limit-lowball": "nl-pl-lowball",
}
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_LABEL = re.compile(r"^(?P<label>[^.:–—]{1,40}?)\s*[–—:]\s")  # "Moving button – ..."
_FILLER = set(
    """a an the of to in on at is are be been being will may must should shall can could would
    all any and or for with by from that this these those it its as not no if when then than there
    their they he she his her him you your we our who which what while also only such each every
    other same more most less before after into out up down over under so but do does has have had
    following rule rules section procedures poker permitted allowed required""".split()
)


def singular(word: str) -> str:
    """Crudely singular, so "misdeals" names the area `misdeal`."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Lowercase words, a hyphenated word kept whole ("non-smoking"), possessives dropped."""
    return _WORD.findall(text.lower().replace("’", "'").replace("'s", "").replace("'", "-"))


def named_areas(title: str) -> list[str]:
    """The areas a heading's words name ("SEVEN-CARD STUD LOW (RAZZ)": stud, razz); a word
    as general as "procedures" names its area only alone ("SHUFFLER PROCEDURES" does not)."""
    joined = _singular_words(title)
    named = [area for area in AREAS if re.search(rf"(^|-){re.escape(_singular_words(area))}($|-)", joined)]
    alone = len([w for w in words(title) if w not in _FILLER]) == 0
    return [area for area in named if area not in _GENERAL or alone]


def heading_area(title: str) -> str | None:
    """The area a heading names; of several, a compound's ("SEVEN-CARD STUD HIGH-LOW":
    stud-hi-lo), else a game's ("How to Play No-limit Hold'em": holdem), else the first
    ("DEALING PROCEDURES": dealing).

    >>> heading_area("SECTION 13 - BAD BEAT JACKPOT"), heading_area("OMAHA HIGH-LOW")
    ('jackpot', 'omaha-hi-lo')
    """
    joined = _singular_words(title)

    def rank(area: str) -> tuple[int, bool, int]:
        return (area.count("-"), area in GAME_AREAS, -joined.find(_singular_words(area)))

    named = named_areas(title)
    return max(named, key=rank) if named else None


def _singular_words(text: str) -> str:
    """Words singular and joined by '-', spelled as the areas are ("high-low": "hi-lo")."""
    joined = "-".join(singular(part) for w in words(text) for part in w.split("-"))
    for spelled, area_spelling in _SPELLINGS.items():
        joined = joined.replace(spelled, area_spelling)
    return joined


def section_area(titles: Iterable[str], aligned_keys: Iterable[str]) -> str:
    """The area of a section's new rules: its aligned rules' (most of them, two or more), else
    the one its title names, else the one a heading above names (innermost first)."""
    votes = Counter(key.split(".", 1)[0] for key in aligned_keys)
    if votes:
        area, count = votes.most_common(1)[0]
        if count >= 2 and count * 2 > sum(votes.values()):
            return area
    for title in titles:
        named = heading_area(title)
        if named:
            return named
    return "house"


def subject(text: str, said: str, limit: int = SUBJECT_WORDS) -> str:
    """The first words of substance of `text` that `said` does not say (the key's area, the
    headings every rule of the section is printed under)."""
    skip = {singular(part) for word in words(said) for part in (word, *word.split("-"))}
    chosen: list[str] = []
    for word in words(text):
        if word in _FILLER or word.isdigit() or singular(word) in skip | {singular(c) for c in chosen}:
            continue
        chosen.append(word)
        if len(chosen) == limit:
            break
    return "-".join(chosen)


def label(text: str) -> str:
    """The words a sub-item opens with before a dash or colon, or else its whole text."""
    marked = _LABEL.match(text)
    return marked["label"] if marked else text


def unique(key: str, used: set[str]) -> str:
    """`key`, or `key-2`, `key-3` ... when a record of the house holds it already."""
    found, n = key, 2
    while found in used:
        found, n = f"{key}-{n}", n + 1
    return found


def new_key(
    area: str, text: str, *, parent_key: str | None = None, heading: str | None = None, context: str = ""
) -> str:
    """The key for a new rule: under `parent_key` when it is a sub-item, named by `heading`
    when it is its section's only rule, else by its own words less those of `context` (the
    section's headings: "Bad Beat" says nothing of one jackpot rule among others).

    >>> new_key("tobacco", "Spittoons are not permitted on the table.")
    'tobacco.spittoons-table'
    >>> new_key("jackpot", "The Bad Beat drop boxes will be counted daily.", context="BAD BEAT JACKPOT")
    'jackpot.drop-boxes'
    """
    if parent_key:
        extra = subject(label(text), parent_key.replace(".", " "), 2)
        return f"{parent_key}-{extra}" if extra else parent_key
    named = subject(heading, area, 4) if heading else ""
    own = subject(text, f"{area} {context}") or subject(text, area)
    return f"{area}.{named or own or 'rule'}"
