"""Cards said in the words ("seat 3 has As Kd 7c 7h 2s", "seat 6: K♠ K♥ 9d"), and the order
of single cards by rank, then by suit: "spades, hearts, diamonds, clubs" (Robert's Ties rule
1, the order the books use to break a tie by suit)."""

from __future__ import annotations

import re

SUITS = {"s": 4, "h": 3, "d": 2, "c": 1}  # spades high, clubs low
SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "t": 10, "10": 10}
RANKS |= {"j": 11, "q": 12, "k": 13, "a": 14}
CARD = r"(?:10|[2-9tjqka])[shdc♠♥♦♣]"
HAND = re.compile(
    rf"\bseat\s*(?P<seat>\d+)\s*(?:has|had|holds|held|shows|showed|with|:|-)?\s*"
    rf"(?P<cards>{CARD}(?:[\s,]+{CARD})+)\b",
    re.I,
)


def hands_told(text: str) -> dict[int, tuple[str, ...]]:
    """seat -> its cards, normalised ("As", "Td"), for each seat said with two cards or more."""
    found: dict[int, tuple[str, ...]] = {}
    for match in HAND.finditer(text):
        cards = re.findall(CARD, match.group("cards"), re.I)
        found[int(match.group("seat"))] = tuple(_normal(card) for card in cards)
    return found


def _normal(card: str) -> str:
    rank, suit = card[:-1].lower(), SYMBOLS.get(card[-1], card[-1].lower())
    return f"{'T' if rank == '10' else rank.upper()}{suit}"


def high_order(card: str) -> tuple[int, int]:
    """A card's place among single cards for high: rank, then suit."""
    return RANKS[card[:-1].lower()], SUITS[card[-1]]


def low_order(card: str) -> tuple[int, int]:
    """For low (razz): the ace is the lowest rank; among equal ranks clubs is the lowest suit."""
    rank = RANKS[card[:-1].lower()]
    return (1 if rank == 14 else rank), SUITS[card[-1]]
