"""Compare the effective rulebooks of two books, aligned by rule key (never by number).

Each difference is `changed`, `added` (only in B) or `removed` (only in A). A change is
`substantive` when the ruling can differ — outcome, a named number, applicability,
discretion, or wording that changes meaning — and `wording` when only spelling, spacing,
capitalisation or punctuation moved ("hole card" / "holecard"). A house's `amend` changes
a rule's numbers and not its words: the same words with another number are a change too,
substantive, naming the house record that amends it. A record that only speaks about the
book (a house's "where these rules say nothing, the book applies", the words an `amend`
cites, an edition's copyright) added or removed changes no rule: it is counted, not listed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from enum import StrEnum

from engine.books.effective import EffectiveRule
from engine.books.model import Parameter, ParameterValue, Rule
from engine.compare.artefacts import unjoin
from engine.rulings.rulebooks import Rulebooks

# A named number that differs: (old value, new value, unit); a side without it gives None.
ParameterChange = tuple[ParameterValue | None, ParameterValue | None, str | None]

_WORD = re.compile(r"\S+")
_SQUASH = re.compile(r"[\s\-–—.,;:!?'’\"“”()\[\]]+")
# Words whose change alters a ruling even when the annotations agree.
_REFERENCE = re.compile(r"\b(section|discussion|rule|rules)\s*#?\s*\d+", re.IGNORECASE)
_MEANINGFUL = re.compile(
    r"\d|\b(not|no|never|without|except|unless|only|may|must|shall|will|first|second|third|"
    r"burn\w*|misdeal|dead|live|allowed|permitted|raise\w*|call\w*|fold\w*|kill\w*|tournament|"
    r"limit|minutes?|hours?|half|double|twice|more|less|all|any|every|each|one|two|three|four|five)\b",
    re.IGNORECASE,
)


class ChangeKind(StrEnum):
    """How one key stands between book A and book B."""

    CHANGED = "changed"  # in both, in different words
    ADDED = "added"  # only in B
    REMOVED = "removed"  # only in A
    SAME = "same"  # in both, word for word: counted, never listed


@dataclass(frozen=True)
class RuleChange:
    """One key's difference between the two books."""

    key: str
    kind: ChangeKind
    a: Rule | None
    b: Rule | None
    substantive: bool = False
    reasons: tuple[str, ...] = ()  # why it is substantive: "outcome", "parameters", ...
    parameters: dict[str, ParameterChange] = field(default_factory=dict)  # name -> (old, new, unit)
    words: tuple[tuple[str, str], ...] = ()  # (op, text): equal | delete | insert
    amended_by: str = ""  # the house record whose `amend` changed the rule in A or B

    @property
    def section(self) -> str:
        return (self.b or self.a).section  # type: ignore[union-attr]


@dataclass(frozen=True)
class BookDiff:
    a: str
    b: str
    changes: tuple[RuleChange, ...]
    same: int
    about_the_book: int = 0  # records only about the book, added or removed: not listed

    def summary(self) -> dict[str, int]:
        counts = {"changed": 0, "added": 0, "removed": 0, "same": self.same, "substantive": 0}
        counts["about_the_book"] = self.about_the_book
        for change in self.changes:
            counts[change.kind] += 1
            counts["substantive"] += change.substantive
        return counts


def squash(text: str) -> str:
    """Text with case, spacing, hyphens and punctuation removed: wording-only changes vanish."""
    return _SQUASH.sub("", text.lower())


def word_diff(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """Word-level differences: runs of equal, deleted and inserted words."""
    a, b = _WORD.findall(old), _WORD.findall(new)
    ops: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            ops.append(("equal", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            ops.append(("delete", " ".join(a[i1:i2])))
        if j2 > j1:
            ops.append(("insert", " ".join(b[j1:j2])))
    return tuple(ops)


def parameter_changes(a: Rule, b: Rule) -> dict[str, ParameterChange]:
    """name -> (old value, new value, unit) for every named number that differs."""
    changes: dict[str, ParameterChange] = {}
    for name in sorted(set(a.parameters) | set(b.parameters)):
        old, new = a.parameters.get(name), b.parameters.get(name)
        if _value(old) != _value(new):
            changes[name] = (_value(old), _value(new), _unit(new) or _unit(old))
    return changes


def _value(parameter: Parameter | None) -> ParameterValue | None:
    return parameter.get("value") if isinstance(parameter, dict) else None  # a malformed one: none


def _unit(parameter: Parameter | None) -> str | None:
    return parameter.get("unit") if isinstance(parameter, dict) else None


def _real_changes(words: tuple[tuple[str, str], ...]) -> list[str]:
    """Changed words, leaving out a deletion and insertion that differ only in spelling."""
    changed, index = [], 0
    while index < len(words):
        op, text = words[index]
        following = words[index + 1] if index + 1 < len(words) else ("", "")
        if op == "delete" and following[0] == "insert" and squash(text) == squash(following[1]):
            index += 2
            continue
        if op != "equal":
            changed.append(text)
        index += 1
    return changed


def _outcomes(rule: Rule) -> list[str]:
    return [rule.outcome] + [case.get("outcome") for case in rule.cases]


def _reasons(a: Rule, b: Rule, words: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    reasons = []
    if _outcomes(a) != _outcomes(b):
        reasons.append("outcome")
    if parameter_changes(a, b):
        reasons.append("parameters")
    if a.applies != b.applies:
        reasons.append("applicability")
    if a.discretion != b.discretion:
        reasons.append("discretion")
    changed = _REFERENCE.sub("", " ".join(_real_changes(words)))
    if _MEANINGFUL.search(changed):
        reasons.append("meaning")
    return tuple(reasons)


def compare_rules(a: Rule, b: Rule, amended_by: str = "") -> RuleChange | None:
    """The change from rule a to rule b with the same key, or None when they are the same.
    `amended_by`: the house record that amends either side (its numbers or applicability)."""
    if a.text == b.text:  # the same words are the same rule, whatever each book's annotator
        return _amendment(a, b, amended_by) if amended_by else None  # wrote, unless a house amends it
    words = word_diff(a.text, b.text)
    if squash(a.text) == squash(b.text):
        return RuleChange(a.key, ChangeKind.CHANGED, a, b, words=words, amended_by=amended_by)
    # Judged on the words as written, with the source's run-together words split (artefacts.py).
    reasons = _reasons(a, b, word_diff(unjoin(a.text, b.text), unjoin(b.text, a.text)))
    return RuleChange(
        a.key,
        ChangeKind.CHANGED,
        a,
        b,
        substantive=bool(reasons),
        reasons=reasons,
        parameters=parameter_changes(a, b),
        words=words,
        amended_by=amended_by,
    )


def _amendment(a: Rule, b: Rule, amended_by: str) -> RuleChange | None:
    """The same rule printed alike in both books, its numbers or applicability amended by a
    house; None when nothing an amendment changes differs (the rule is the same)."""
    parameters = parameter_changes(a, b)
    reasons = (("parameters",) if parameters else ()) + (("applicability",) if a.applies != b.applies else ())
    if not reasons:
        return None
    return RuleChange(
        a.key,
        ChangeKind.CHANGED,
        a,
        b,
        substantive=True,
        reasons=reasons,
        parameters=parameters,
        words=(("equal", a.text),),
        amended_by=amended_by,
    )


ABOUT_THE_BOOK = frozenset({"book-information", "book-change"})


def can_rule(rule: Rule) -> bool:
    """Whether a rule added or removed can change a ruling: not when it only speaks about the
    book (its author, what the house changed, the words an `amend` cites)."""
    return not (rule.outcome == "definition" and rule.events and set(rule.events) <= ABOUT_THE_BOOK)


def _keyed(entries: tuple[EffectiveRule, ...]) -> dict[str, EffectiveRule]:
    return {entry.rule.key: entry for entry in entries}


def _wanted(change: RuleChange, kb: Rulebooks, section: str | None, game: str | None) -> bool:
    rules = [rule for rule in (change.a, change.b) if rule is not None]
    if section and not any(squash(section) in squash(r.section + " " + r.chapter) for r in rules):  # "holdem"
        return False
    if game:
        covered = [r.applies.get("games") for r in rules]
        return any(g is None or game in kb.vocab.expand_games(g) for g in covered)
    return True


def diff_books(
    kb: Rulebooks,
    a: str,
    b: str,
    *,
    section: str | None = None,
    game: str | None = None,
    substantive_only: bool = False,
) -> BookDiff:
    """Every difference between the effective rulebooks of books a and b."""
    kb.check_book(a)
    kb.check_book(b)
    left, right = _keyed(kb.effective(a)), _keyed(kb.effective(b))
    changes, same, about_the_book = [], 0, 0
    for key in sorted(set(left) | set(right)):
        if key not in right or key not in left:
            rule = (left.get(key) or right[key]).rule
            kind = ChangeKind.REMOVED if key not in right else ChangeKind.ADDED
            added = RuleChange(key, kind, rule if key not in right else None, rule if key in right else None)
            if not can_rule(rule):
                about_the_book += _wanted(added, kb, section, game)
                continue
            change: RuleChange | None = RuleChange(key, kind, added.a, added.b, substantive=True)
        else:
            amended_by = right[key].amended_by or left[key].amended_by
            change = compare_rules(left[key].rule, right[key].rule, amended_by)
        if change is None:
            same += _wanted(
                RuleChange(key, ChangeKind.SAME, left[key].rule, right[key].rule), kb, section, game
            )
        elif _wanted(change, kb, section, game) and (change.substantive or not substantive_only):
            changes.append(change)
    changes.sort(key=lambda c: (not c.substantive, c.kind != ChangeKind.CHANGED, c.section, c.key))
    return BookDiff(a, b, tuple(changes), same, about_the_book)
