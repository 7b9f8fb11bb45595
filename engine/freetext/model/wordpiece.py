"""BERT's uncased WordPiece tokenizer: text -> the token ids the sentence model reads.

Written out (about forty lines) instead of depending on a tokenizer library that brings a
model hub client with it. It follows the model's tokenizer.json: clean control characters,
lowercase, strip accents, split on whitespace and punctuation (each mark a token of its
own), then cut each word into the longest vocabulary pieces from the left ("##" marks a
piece that continues a word); a word that cannot be cut, or is over 100 characters, is
[UNK]. Checked against the reference tokenizer on every bundled text (tests/fixtures).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

MAX_WORD_CHARS = 100


class WordPiece:
    """Token ids for a text, as the model was trained to read it."""

    def __init__(self, vocab_file: Path) -> None:
        words = vocab_file.read_text(encoding="utf-8").split("\n")
        self.ids = {word: index for index, word in enumerate(words) if word}
        self.unknown = self.ids["[UNK]"]
        self.start, self.end = self.ids["[CLS]"], self.ids["[SEP]"]

    def encode(self, text: str, limit: int = 256) -> list[int]:
        """[CLS] pieces [SEP], at most `limit` ids (the model's longest input)."""
        pieces = [piece for word in _words(text) for piece in self._pieces(word)]
        return [self.start, *pieces[: limit - 2], self.end]

    def _pieces(self, word: str) -> list[int]:
        if len(word) > MAX_WORD_CHARS:
            return [self.unknown]
        pieces, start = [], 0
        while start < len(word):
            for end in range(len(word), start, -1):
                piece = word[start:end] if start == 0 else f"##{word[start:end]}"
                if piece in self.ids:
                    pieces.append(self.ids[piece])
                    start = end
                    break
            else:
                return [self.unknown]
        return pieces


def _words(text: str) -> list[str]:
    """Lowercased, accent-free words and punctuation marks, in order."""
    text = unicodedata.normalize("NFD", _clean(text).lower())
    text = "".join(char for char in text if unicodedata.category(char) != "Mn")
    words: list[str] = []
    for chunk in text.split():
        current = ""
        for char in chunk:
            if _is_punctuation(char) or _is_cjk(char):
                words += [current, char] if current else [char]
                current = ""
            else:
                current += char
        if current:
            words.append(current)
    return words


def _clean(text: str) -> str:
    """Control characters out, every kind of whitespace a plain space."""
    kept = []
    for char in text:
        if char in "\t\n\r" or unicodedata.category(char) == "Zs":
            kept.append(" ")
        elif char != "\0" and char != "\ufffd" and not unicodedata.category(char).startswith("C"):
            kept.append(char)
    return "".join(kept)


def _is_punctuation(char: str) -> bool:
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return code >= 128 and unicodedata.category(char).startswith("P")


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return code >= 0x3400 and any(
        low <= code <= high
        for low, high in (
            (0x4E00, 0x9FFF),
            (0x3400, 0x4DBF),
            (0x20000, 0x2A6DF),
            (0x2A700, 0x2B73F),
            (0x2B740, 0x2B81F),
            (0x2B820, 0x2CEAF),
            (0xF900, 0xFAFF),
            (0x2F800, 0x2FA1F),
        )
    )
