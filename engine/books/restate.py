"""A rule's summaries restated with a house's amended numbers.

The summaries are ours (the quoted `text` never changes) and say the book's number: "Away more
than 15 minutes". A house that amends `absence_minutes` to 30 rules on 30; what the floor reads
must say 30 too. Each amended number is replaced where a summary says it with its unit ("15
minutes", "thirty minutes", "two or more players", "a third card", "$20", "25%", "8-or-better"),
never a bare number, which may be another one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from engine.books.model import Case, Parameter, ParameterValue, Rule

UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
    " sixteen seventeen eighteen nineteen"
).split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
ORDINALS = (
    "_ first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth"
    " fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
BEFORE = r"(?<![\w.,$])"  # not inside another number or word
# Words that may stand between a count and its unit: "three or more players", "one more minute".
BETWEEN = r"(?:(?:or (?:more|fewer|less)|more|additional|extra|full|consecutive)[ -])?"

# How a summary says a number of each unit; N stands for the number.
FORMS: dict[str, str] = {
    "dollars": r"\$(?P<n>N)(?!\d|,\d)",
    "percent": BEFORE + r"(?P<n>N)(?=%| percent\b)",
    "card-rank": BEFORE + r"(?P<n>N)(?=[- ]or[- ](?:better|lower)\b)",
    "times-big-blind": BEFORE + r"(?P<n>N)(?= (?:times the )?big blinds?\b)",
}


def restated(rule: Rule, book: Mapping[str, Parameter]) -> Rule:
    """The rule with each number it amends (against the book's `book` parameters) restated in
    its summary and its cases' summaries."""
    changes = [
        (old["value"], rule.parameters[name]["value"], old["unit"])
        for name, old in book.items()
        if name in rule.parameters and rule.parameters[name]["value"] != old["value"]
    ]
    if not changes:
        return rule

    def say(summary: str) -> str:
        for old, new, unit in changes:
            summary = restate(summary, old, new, unit)
        return summary

    cases = tuple(Case(**{**case, "summary": say(case["summary"])}) for case in rule.cases)
    return replace(rule, summary=say(rule.summary), cases=cases)


def restate(summary: str, old: ParameterValue, new: ParameterValue, unit: str) -> str:
    """`summary` with the number `old`, said with its unit, replaced by `new`: in digits or in
    words ("thirty minutes", "three or more players"), or as an ordinal of the unit ("a third
    card", "the fourth blind level")."""
    if not (_numeric(old) and _numeric(new)):
        return summary
    assert isinstance(old, (int, float)) and isinstance(new, (int, float))
    spelled = [
        _digits(old),
        f"{old:,}",
        *([_spelled(int(old))] if _whole(old) and _spelled(int(old)) else []),
    ]
    number = "|".join(re.escape(s) for s in dict.fromkeys(spelled))
    form = FORMS.get(unit) or BEFORE + rf"(?P<n>N)(?P<gap>[ -]{BETWEEN})(?P<unit>{_unit_words(unit)})\b"
    summary = re.compile(form.replace("N", number), re.I).sub(lambda found: _swap(found, new), summary)
    if unit in FORMS or not (_whole(old) and _whole(new) and _ordinal(int(old)) and _ordinal(int(new))):
        return summary
    nth = (
        BEFORE
        + rf"(?P<n>{_ordinal(int(old))}|{int(old)}(?:st|nd|rd|th))(?=[ -](?:\w+ )?{_unit_words(unit)}\b)"
    )
    return re.compile(nth, re.I).sub(lambda found: _swap(found, new), summary)


def _swap(found: re.Match[str], new: int | float) -> str:
    """The match with its number said anew (and its unit agreeing: "one minute", "two minutes")."""
    said = found.group("n")
    spans = [(found.span("n"), _say_like(said, new))]
    groups = found.groupdict()
    if groups.get("unit") and groups.get("gap", "").startswith(" "):
        spans.append((found.span("unit"), _agree(found.group("unit"), new)))
    whole, base = found.group(0), found.start()
    for (start, end), text in sorted(spans, reverse=True):
        whole = whole[: start - base] + text + whole[end - base :]
    return whole


def _agree(unit: str, new: int | float) -> str:
    """A unit word in the number of its count: minute/minutes."""
    if new == 1 and unit.lower().endswith("s"):
        return unit[:-1]
    if new != 1 and not unit.lower().endswith("s"):
        return unit + "s"
    return unit


def _numeric(value: ParameterValue) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _unit_words(unit: str) -> str:
    """ "minutes" -> minutes?, "buy-ins" -> buy[- ]ins?: the unit, singular or plural."""
    words = unit.replace("-", "[- ]")
    return f"{words[:-1]}s?" if words.endswith("s") else words


def _digits(value: int | float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _whole(value: int | float) -> bool:
    return value == int(value) and value >= 0


def _spelled(n: int) -> str:
    """0-99 in words ("thirty", "twenty-five"); "" beyond."""
    if n < len(UNITS):
        return UNITS[n]
    if n < 100:
        return TENS[n // 10] + (f"-{UNITS[n % 10]}" if n % 10 else "")
    return ""


def _ordinal(n: int) -> str:
    """1-20 as an ordinal word ("fourth"); "" beyond."""
    return ORDINALS[n] if 0 < n < len(ORDINALS) else ""


def _say_like(said: str, new: int | float) -> str:
    """The new number as the old one was said: a word for a word, an ordinal for an ordinal,
    thousands with commas."""
    lowered = said.lower()
    word = ""
    if lowered in ORDINALS and _whole(new):
        word = _ordinal(int(new))
    elif re.fullmatch(r"\d+(?:st|nd|rd|th)", lowered) and _whole(new):
        n = int(new)
        return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    elif not lowered[0].isdigit() and _whole(new):
        word = _spelled(int(new))
    if word:
        return word.capitalize() if said[0].isupper() else word
    if "," in said:
        return f"{new:,}" if new != int(new) else f"{int(new):,}"
    return _digits(new)
