"""Correct a mistyped word to a word the rulebooks use ("flahsed" -> "flashed").

Candidates come from single-deletion variants (the SymSpell idea): every known word is
indexed under each of its one-letter-deleted forms, so a typo with one letter missing,
added, swapped or changed meets its word in a dictionary look-up, not a scan.

A word of everyday English is never a typo, though the rulebooks do not use it: corrected,
"shakes" became "stakes", "drive" "river", "quiet" "quit" and "Steve" "seven" (149 changes
in 360 disputes told at a table; two were typos). English is pyspellchecker's word list.
"""

from __future__ import annotations

from difflib import SequenceMatcher


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


class Speller:
    """Known words, and the closest one to a word that is not known."""

    def __init__(
        self, words: set[str] | frozenset[str], min_length: int = 5, english: frozenset[str] = frozenset()
    ) -> None:
        self.known = frozenset(words)
        self.english = english - self.known  # real words, never corrected
        self.min_length = min_length
        self._index: dict[str, set[str]] = {}
        for word in self.known:
            if len(word) >= min_length - 1:
                for variant in _deletions(word) | {word}:
                    self._index.setdefault(variant, set()).add(word)

    def correct(self, word: str, cutoff: float = 0.8) -> str:
        """The word itself when known or too short to guess; else the closest known word."""
        if word in self.known or word in self.english or len(word) < self.min_length or not word.isalpha():
            return word
        candidates: set[str] = set()
        for variant in _deletions(word) | {word}:
            candidates |= self._index.get(variant, set())
        scored = sorted(((SequenceMatcher(None, word, c).ratio(), c) for c in candidates), reverse=True)
        return scored[0][1] if scored and scored[0][0] >= cutoff else word


ENGLISH_MIN_COUNT = 20  # how often a word must occur in pyspellchecker's corpus to count as English


def english_words() -> frozenset[str]:
    """Everyday English words (pyspellchecker's frequency list, its rarest words left out)."""
    from spellchecker import SpellChecker

    counts = SpellChecker(language="en", distance=1).word_frequency.dictionary
    return frozenset(word for word, count in counts.items() if count >= ENGLISH_MIN_COUNT and word.isalpha())
