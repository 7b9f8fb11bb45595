"""A rule's summaries restated with a house's amended numbers.

The summaries are ours (the quoted `text` never changes) and say the book's number: "Away more
than 15 minutes". A house that amends `absence_minutes` to 30 rules on 30; what the floor reads
must say 30 too. Each amended number is replaced where a summary says it with its unit ("15
minutes", "$20", "25%", "8-or-better"), never a bare number, which may be another one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from engine.books.model import Case, Parameter, ParameterValue, Rule

WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()
BEFORE = r"(?<![\w.,$])"  # not inside another number or word

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
    """`summary` with the number `old`, said with its unit, replaced by `new`."""
    if not (_numeric(old) and _numeric(new)):
        return summary
    assert isinstance(old, (int, float)) and isinstance(new, (int, float))
    spelled = [_digits(old), f"{old:,}"]
    if old == int(old) and 0 <= old < len(WORDS):
        spelled.append(WORDS[int(old)])
    number = "|".join(re.escape(s) for s in dict.fromkeys(spelled))
    form = FORMS.get(unit) or BEFORE + rf"(?P<n>N)(?=[ -](?:{_unit_words(unit)})\b)"
    pattern = re.compile(form.replace("N", number), re.I)

    def swap(found: re.Match[str]) -> str:
        start, end = found.span("n")
        whole = found.group(0)
        base = found.start()
        return whole[: start - base] + _say_like(found.group("n"), new) + whole[end - base :]

    return pattern.sub(swap, summary)


def _numeric(value: ParameterValue) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _unit_words(unit: str) -> str:
    """ "minutes" -> minutes?, "buy-ins" -> buy[- ]ins?: the unit, singular or plural."""
    words = unit.replace("-", "[- ]")
    return f"{words[:-1]}s?" if words.endswith("s") else words


def _digits(value: int | float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _say_like(said: str, new: int | float) -> str:
    """The new number as the old one was said: a word for a word, thousands with commas."""
    if said.lower() in WORDS and new == int(new) and 0 <= new < len(WORDS):
        word = WORDS[int(new)]
        return word.capitalize() if said[0].isupper() else word
    if "," in said:
        return f"{new:,}" if new != int(new) else f"{int(new):,}"
    return _digits(new)
