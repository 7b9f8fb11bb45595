"""Patterns that are only run over a text holding a word they cannot match without.

The fact reader and the lexicon hold about a thousand regular expressions, and a description
has the words of only a few of them: running each over every description was most of the
reader's time, and compiling them all most of a one-shot command's second. So each pattern
is read once for its needed words, literal strings at least one of which every match
contains ("flashed" or "flipped" ...); a text holding none of them cannot match, and is not
searched. A pattern is compiled when a text first gets past that check. The needed words are
worked out from the pattern's parse tree, and kept between runs with the cues and the
lexicon (engine.freetext.cache): a run reads them rather than parsing the patterns again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from re import _constants as sre  # type: ignore[attr-defined]  # the parse tree's opcodes
from re import _parser as sre_parse  # type: ignore[attr-defined]  # no stub; there since 3.11
from typing import Any

Needed = frozenset[str] | None  # None: no such words found; the pattern always runs

_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)
_NESTING = (*_REPEATS, sre.SUBPATTERN, sre.ASSERT, sre.ASSERT_NOT)  # the sequence is the last part
MAX_FORMS = 16  # the most literal strings one stretch of a pattern is looked for as
START = 4  # the letters a needed word is first looked for by
RARE = 8  # needed words this long are rare enough: fewer of them are then better


def needed_words(source: str) -> Needed:
    """Literal strings at least one of which every match of the pattern contains, or None.

    >>> sorted(needed_words(r"(?<!\\w)(?:flashed|flipped) (?:his )?cards?"))[:3]
    ['flashed card', 'flashed cards', 'flashed his card']
    >>> needed_words(r"\\d+|(?:big )?blind") is None
    True
    """
    parsed = sre_parse.parse(source)
    if parsed.state.flags & re.IGNORECASE:
        return None
    return _in_sequence(parsed)


def _in_sequence(items: Iterable[tuple[Any, Any]]) -> Needed:
    """The most telling needed words of any one stretch of a sequence (all of them are in
    every match). A stretch is a run of items each of which matches one of a few literal
    strings ("left ", "(?:his |the )", "(?:bathroom|kitchen)"): its needed words are their
    combinations ("left his bathroom" ...), so few texts hold one."""
    found: list[frozenset[str]] = []
    run: frozenset[str] = frozenset([""])
    for op, argument in items:
        exact = _exactly(op, argument)
        if exact is not None and len(run) * len(exact) <= MAX_FORMS:
            run = frozenset(before + after for before in run for after in exact)
            continue
        found.append(run)
        run = frozenset([""]) if exact is None else exact
        if exact is None:
            found.append(_in_item(op, argument) or frozenset([""]))
    found.append(run)
    return max((words for words in found if "" not in words), key=_telling, default=None)


def _exactly(op: object, argument: Any) -> frozenset[str] | None:
    """The literal strings an item matches, when it matches only a few (else None)."""
    if op is sre.LITERAL:
        return frozenset([chr(argument)])
    if op is sre.IN and all(kind is sre.LITERAL for kind, _ in argument):
        return frozenset(chr(code) for _, code in argument)
    if op is sre.SUBPATTERN:
        _, added_flags, _, sequence = argument
        return None if added_flags & re.IGNORECASE else _exact_sequence(sequence)
    if op is sre.BRANCH:
        forms = _union([_exact_sequence(branch) for branch in argument[1]])
        return forms if forms is not None and len(forms) <= MAX_FORMS else None
    if op is sre.MAX_REPEAT or op is sre.MIN_REPEAT:
        least, most, sequence = argument
        forms = _exact_sequence(sequence)
        if forms is None or (least, most) not in ((0, 1), (1, 1)):
            return None
        return forms | {""} if least == 0 else forms
    return None


def _exact_sequence(items: Iterable[tuple[Any, Any]]) -> frozenset[str] | None:
    forms = frozenset([""])
    for op, argument in items:
        exact = _exactly(op, argument)
        if exact is None or len(forms) * len(exact) > MAX_FORMS:
            return None
        forms = frozenset(before + after for before in forms for after in exact)
    return forms


def group_words(source: str, group: int) -> list[str]:
    """The alternatives of a numbered group that are plain words ("one", "a single"), each
    with its few spellings: what a cue's number can be, besides digits."""
    found = _group(sre_parse.parse(source), group)
    if found is None:
        return []
    branches = found[0][1][1] if len(found) == 1 and found[0][0] is sre.BRANCH else [found]
    return sorted({word for branch in branches for word in _exact_sequence(branch) or ()})


def _group(items: Iterable[tuple[Any, Any]], group: int) -> Any:
    """The parse tree of a numbered group, wherever it is nested."""
    for op, argument in items:
        if op is sre.SUBPATTERN and argument[0] == group:
            return argument[3]
        nested = argument[1] if op is sre.BRANCH else [argument[-1]] if op in _NESTING else []
        for sequence in nested:
            found = _group(sequence, group)
            if found is not None:
                return found
    return None


def _union(sets: list[frozenset[str] | None]) -> frozenset[str] | None:
    """The words of an alternation: each branch's (None when one branch has none)."""
    return None if any(words is None for words in sets) else frozenset().union(*sets)  # type: ignore[arg-type]


def _telling(words: frozenset[str]) -> tuple[int, int]:
    """Longer words are rarer (up to a point: few texts hold any eight letters of a pattern),
    and fewer of them are quicker to look for."""
    return min(RARE, *map(len, words)), -len(words)


def _in_item(op: object, argument: Any) -> Needed:
    """The needed words of an item that matches more than a few strings: a group, an
    alternation (one of each branch's), a repeat taken at least once, a look-ahead or
    look-behind (its words are in the text too)."""
    if op is sre.SUBPATTERN:
        _, added_flags, _, sequence = argument
        return None if added_flags & re.IGNORECASE else _in_sequence(sequence)
    if op is sre.BRANCH:
        return _union([_in_sequence(branch) for branch in argument[1]])
    if op in _REPEATS:
        least, _, sequence = argument
        return _in_sequence(sequence) if least >= 1 else None
    if op is sre.ATOMIC_GROUP:
        return _in_sequence(argument)
    if op is sre.ASSERT:
        return _in_sequence(argument[1])
    return None


class Pattern:
    """A regular expression compiled when first needed, and searched only in a text holding
    one of its needed words. Pickled as its source and needed words."""

    __slots__ = ("source", "needed", "_compiled")

    def __init__(self, source: str) -> None:
        self.source = source
        self.needed = needed_words(source)
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.source)  # two threads may both compile: harmless
        return self._compiled

    def may_match(self, text: str) -> bool:
        return self.needed is None or any(map(text.__contains__, self.needed))

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text) if self.may_match(text) else iter(())

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text) if self.may_match(text) else None

    def __getstate__(self) -> tuple[str, Needed]:
        return self.source, self.needed

    def __setstate__(self, state: tuple[str, Needed]) -> None:
        self.source, self.needed = state
        self._compiled = None

    def __repr__(self) -> str:
        return f"Pattern({self.source!r})"


class Screen:
    """Which of many patterns may match a text. A needed word is looked for only when the
    text holds its first few letters: a set of the text's pieces that long tells at once."""

    def __init__(self, patterns: Sequence[Pattern]) -> None:
        self.always = [index for index, pattern in enumerate(patterns) if pattern.needed is None]
        self.by_start: dict[str, dict[str, list[int]]] = {}  # first letters -> word -> patterns
        self.short: dict[str, list[int]] = {}  # words shorter than that -> patterns
        for index, pattern in enumerate(patterns):
            for word in pattern.needed or ():
                words = self.by_start.setdefault(word[:START], {}) if len(word) >= START else self.short
                words.setdefault(word, []).append(index)

    def candidates(self, text: str) -> list[int]:
        """The indexes of the patterns that may match, in order."""
        found = set(self.always)
        pieces = {text[at : at + START] for at in range(len(text) - START + 1)}
        for words in (self.short, *map(self.by_start.__getitem__, pieces.intersection(self.by_start))):
            for word, indexes in words.items():
                if word in text:
                    found.update(indexes)
        return sorted(found)
