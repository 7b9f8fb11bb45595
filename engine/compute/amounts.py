"""The numbers of a dispute, read from the words: stakes, the pot, who bet or raised what,
all-ins, stacks, counts of players and entrants, seats, a jackpot. Each number keeps the words
it came from, so the working can show them and a misreading can be corrected.

Deterministic patterns, the way a floor person tells a hand ("A bets 100, B goes all in for
140", "blinds 50-100", "$10-$20 limit", "seats 2, 5 and 8 tie, button is seat 6"). A raise
said without "to" or "by" is kept ambiguous: the computations answer both ways.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from engine.compute.actions import POSTFLOP_WORDS, STREETS, raises_made, read_actions
from engine.compute.asks import ASKS
from engine.compute.cards import hands_told
from engine.compute.ledger import COUNT, NUMBER, ORDINALS, Action, Ledger, Told, amount_of

__all__ = ["Action", "Ledger", "Told", "amount_of", "read_ledger"]


def _value(words: str) -> Decimal | None:
    if words.lower().strip() == "quarter":
        return Decimal("0.25")
    if words.lower().replace("-", "").replace(" ", "") == "headsup":
        return Decimal(2)
    ordinal = ORDINALS.get(words.lower().strip())
    return Decimal(ordinal) if ordinal else amount_of(words)


def read_ledger(text: str, structure: str | None = None) -> Ledger:
    """The numbers and actions the words state."""
    numbers: dict[str, Told] = {}
    for name, patterns in NAMED:
        for pattern in patterns:
            found = pattern.search(text)
            value = _value(found.group("n")) if found else None
            if found and value is not None:
                numbers[name] = Told(value, found.group(0).strip())
                break
    _read_stakes(text, numbers, structure or structure_words(text))
    actions, asker = read_actions(text)
    if "stack" in numbers:  # "only got $5 left, so he shoves it": the all-in is the stack
        actions = [
            replace(a, amount=numbers["stack"].value) if a.kind == "allin" and a.amount is None else a
            for a in actions
        ]
    raises = raises_made(text)
    if raises is not None:
        numbers.setdefault("raises_made", raises)
    return Ledger(
        numbers=numbers,
        actions=tuple(actions),
        asker=asker,
        asks=frozenset(name for name, pattern in ASKS.items() if pattern.search(text)),
        seats=_tied_seats(text),
        halves=halves(text),
        prizes=prizes(text),
        hands=hands_told(text),
        words={
            k: v
            for k, v in (
                ("structure", structure_words(text)),
                ("game", _game_words(text)),
                (
                    "format",
                    "tournament"
                    if re.search(r"\b(tournament|tourney|tourny|mtt|sng)\b", text, re.I)
                    else None,
                ),
                ("postflop", "yes" if POSTFLOP_WORDS.search(text) else None),
                ("big_bet_round", "yes" if _big_bet_round(text) else None),
            )
            if v
        },
        dollars="$" in text or bool(re.search(r"\b(dollars|bucks)\b", text, re.I)),
    )


def _named(*patterns: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(pattern, re.I) for pattern in patterns)


N = rf"(?P<n>{NUMBER})"
C = rf"(?P<n>{COUNT})"
NAMED: list[tuple[str, tuple[re.Pattern[str], ...]]] = [
    (
        "pot",
        _named(
            rf"\bpot(?:'s| is| was| has| had| at| of| size(?: is| of)?| now)*\s*(?:is\s+)?"
            rf"(?:about\s+|exactly\s+)?{N}",
            rf"{N}\s*(?:is\s+)?(?:in|into) the (?:pot|middle)",
            rf"{N}\s*pot\b",
        ),
    ),
    (
        "bb",
        _named(rf"\bbig blind(?: is| of| was| at)?\s*{N}", rf"{N}\s*big blind", rf"\bbb(?: is| of)?\s*{N}"),
    ),
    ("sb", _named(rf"\bsmall blind(?: is| of| was| at)?\s*{N}", rf"{N}\s*small blind")),
    ("bring_in", _named(rf"\bbring[- ]?in(?: is| of| was)?\s*(?:for\s+)?{N}", rf"{N}\s*bring[- ]?in")),
    ("ante", _named(rf"\bantes?(?: is| of| are)?\s*{N}", rf"{N}\s*antes?\b")),
    ("straddle", _named(rf"\bstraddle(?:s|d)?(?: is| of| for| to)?\s*{N}")),
    (
        "stack",
        _named(
            rf"\b(?:has|had|with|holding|only|got)\s*(?:only\s+)?(?:got\s+)?{N}\s*"
            r"(?:behind|left|in (?:his |her )?stack|(?:in )?chips)",
            rf"\bstack(?: of| is| was)?\s*{N}",
        ),
    ),
    ("kill", _named(rf"\bkill(?: blind)?(?: is| of| was| for)\s*{N}", rf"{N}\s*(?:chip )?kill\b")),
    (
        "chip_unit",
        _named(
            r"\bsmallest (?:chip|unit|denomination)[^.?!\d$]{0,30}?(?:is|of|=)\s*(?:a |an |the )?(?:\w+ )?"
            r"(?P<n>quarter|\$?\d+(?:\.\d+)?)",
            r"\ball (?P<n>\$?\d+(?:\.\d+)?|quarter)s? chips",
        ),
    ),
    ("chip", _named(rf"\b(?:a|one|single|lone)\s+{N}\s*(?:chip|bill|note|plaque)")),
    (
        "jackpot",
        _named(
            rf"\bjackpot\b[^.?!$\d]{{0,30}}?(?:is|was|of|at|says|shows|reads|stands at)\s*(?:now\s+)?{N}",
            rf"\bjackpot(?: is| was| of| at)*\s*{N}",
            rf"{N}\s*(?:bad beat )?jackpot",
        ),
    ),
    (
        "buy_in",
        _named(
            rf"\bbuy[- ]?in(?: is| was| of| at| for)*\s*{N}",
            rf"{N}\s*(?:buy[- ]?in|entry)",
            rf"\bbought in (?:at|for)\s*{N}",
            rf"\b(?:players|entrants|people|runners|entries|guys)\s*(?:at|for|paying)\s*{N}",
            rf"\bentry(?: fee)?(?: is| was| of)?\s*{N}",
        ),
    ),
    ("rebuy_price", _named(rf"\brebuys?(?: are| is| cost| at| for)+\s*{N}")),
    ("rebuys", _named(rf"{C}\s*rebuys?\b", rf"\brebuys?(?: of|:)?\s*{C}\b(?!\s*(?:chips|\$))")),
    ("add_ons", _named(rf"{C}\s*add[- ]?ons?\b")),
    (
        "entrants",
        _named(
            rf"{C}\s*(?:entrants|entries|runners|people|players|guys)\s*"
            r"(?:bought in|entered|registered|signed up"
            rf"|in the (?:tournament|tourney|event|field)|paid)",
            rf"{C}\s*(?:entrants|entries|runners)\b",
            rf"{C}\s*(?:players|people|entrants|runners|guys)\s*(?:at|for|paying)\s*\$",
            rf"\bfield of\s*{C}",
        ),
    ),
    (
        "dealt_in",
        _named(
            rf"{C}\s*(?:players?|people|guys)?\s*(?:were |are |was )?dealt in", rf"dealt in[^.?!]{{0,12}}{C}"
        ),
    ),
    (
        "players",
        _named(
            rf"{C}[- ](?:handed|way)\b",
            r"\b(?P<n>two)\s+of\s+us\b",
            r"\b(?P<n>heads[- ]?up)\b",
            rf"{C}\s*(?:other |remaining )?(?:players|people|guys)"  # not a waiting list:
            r"(?! (?:bought|entered|registered|signed|paid|at \$|waiting|on the (?:list|wait)))",
        ),
    ),
    ("players_left", _named(rf"{C}\s*(?:players|people)\s*(?:left|remaining|remain)\b")),
    (
        "place",
        _named(
            rf"(?P<n>\b(?:{'|'.join(ORDINALS)}))\b\s*(?:place|spot|prize)",
            rf"\bfinish(?:es|ed|ing)?\s*(?:in\s*)?(?P<n>\b(?:{'|'.join(ORDINALS)}))\b",
        ),
    ),
    (
        "button",
        _named(
            r"\bbutton(?: is| was)?(?: on| in| at)?\s*(?:seat\s*)?(?P<n>\d+)\b",
            r"\bseat\s*(?P<n>\d+)\s*(?:has|had|is|was|on)\s*(?:the\s*)?(?:button|dealer)",
            r"\bbutton'?s\s*(?:on\s*)?(?:seat\s*)?(?P<n>\d+)\b",
        ),
    ),
    ("minutes", _named(rf"{C}\s*min(?:ute)?s?\b")),
    ("raises_made", _named(rf"{C}\s*raises?\s*(?:so far|already|made|in)")),
]


STRUCTURE_WORDS = [
    ("pot-limit", re.compile(r"\b(plo\d?|pot[- ]limit|pl)\b", re.I)),
    ("no-limit", re.compile(r"\b(nl|nlh|nlhe|no[- ]limit)\b", re.I)),
    ("limit", re.compile(r"\b(limit|fl|fixed[- ]limit)\b", re.I)),
]
GAME_WORDS = [
    ("omaha", re.compile(r"\b(omaha|plo\d?)\b", re.I)),
    ("stud", re.compile(r"\b(stud|razz)\b", re.I)),
    ("lowball-a5", re.compile(r"\b(lowball|deuce|2-7|a-5|draw)\b", re.I)),
    ("holdem", re.compile(r"\b(hold'?em|holdem|nlh|nlhe|lhe|flop|turn|river)\b", re.I)),
]


BIG_BET_STREETS = frozenset(
    {"turn", "river", "fifth street", "sixth street", "seventh street", "after the draw"}
)


def _big_bet_round(text: str) -> bool:
    """The story's last betting round is one a limit game plays at the big bet (the turn, the
    river, fifth street on, after the draw); the flop and fourth street play at the small bet."""
    streets = STREETS.findall(text)
    return bool(streets) and streets[-1].lower() in BIG_BET_STREETS


WAGERS = frozenset({"bet", "raise", "allin", "complete", "chips"})


def opens_round(ledger: Ledger, action: Action) -> bool:
    """No wager was told before this action in its betting round: it is the round's first."""
    earlier = ledger.actions[: ledger.actions.index(action)]
    return not any(a.street == action.street and a.kind in WAGERS for a in earlier)


def limit_bet(ledger: Ledger, actions: tuple[Action, ...] | None = None) -> Decimal | None:
    """The bet of a limit round: the first bet told, else the limit of the round the story ends
    on (the small bet before the turn, the big bet from it)."""
    first = next(
        (a.amount for a in (ledger.actions if actions is None else actions) if a.kind == "bet" and a.amount),
        None,
    )
    if first is not None:
        return first
    return ledger.get("big_bet") if ledger.words.get("big_bet_round") else ledger.get("small_bet")


def structure_words(text: str) -> str | None:
    """The betting structure the words name ("PLO", "NL", "limit"), if any."""
    return next((name for name, pattern in STRUCTURE_WORDS if pattern.search(text)), None)


def _game_words(text: str) -> str | None:
    return next((name for name, pattern in GAME_WORDS if pattern.search(text)), None)


STAKES = re.compile(
    rf"(?P<lead>\bblinds?(?: are| of| at)?\s*|\blevel\s*|\bstakes?\s*|\bplaying\s*|\bat\s*"
    rf"|\b(?:limit|no[- ]limit|pot[- ]limit|nl|pl|plo|fl)\s*)?"
    rf"(?P<a>{NUMBER})\s*(?P<sep>/|-|–)\s*(?P<b>{NUMBER})(?![\d/])\s*(?P<tail>[a-z'’]+(?:\s[a-z'’]+)?)?",
    re.I,
)
STAKE_TAIL = re.compile(r"^(nl|pl|plo\d?|no|pot|limit|fl|game|hold|holdem|omaha|stud|razz|lowball|draw"
                        r"|blinds?|level|lhe|nlh|nlhe|deuce|triple|single|kill|cash)", re.I)  # fmt: skip


def _read_stakes(text: str, numbers: dict[str, Told], structure: str | None) -> None:
    """'2-5 NL' -> blinds 2 and 5; '$10-$20 limit' -> bets of 10 and 20; 'blinds 100/200'."""
    for found in STAKES.finditer(text):
        lead, tail = (found.group("lead") or "").lower(), found.group("tail") or ""
        low, high = amount_of(found.group("a")), amount_of(found.group("b"))
        dollars = "$" in found.group(0)
        slash = found.group("sep") == "/" and not found.group("a").endswith("%")
        if (
            low is None
            or high is None
            or low >= high
            or not (lead or dollars or slash or STAKE_TAIL.match(tail))
        ):
            continue
        words = found.group(0).strip()
        blinds = "blind" in lead or "level" in lead or tail.lower().startswith(("blind", "level"))
        if (
            blinds
            or structure in ("no-limit", "pot-limit")
            or (structure is None and "limit" not in tail.lower())
        ):
            numbers.setdefault("sb", Told(low, words))
            numbers.setdefault("bb", Told(high, words))
        else:
            numbers.setdefault("small_bet", Told(low, words))
            numbers.setdefault("big_bet", Told(high, words))
        return


def _tied_seats(text: str) -> tuple[int, ...]:
    """'seats 2, 5 and 8 tie', 'seat 3 and seat 8 tie', 'between seat 3 and seat 7'."""
    found = re.search(r"\bseats?\s*((?:\d+\s*(?:,|and|&)\s*(?:seat\s*)?)+\d+)", text, re.I)
    return tuple(int(n) for n in re.findall(r"\d+", found.group(1))) if found else ()


HIGH = re.compile(
    r"\bseats?\s*(?P<seats>\d+(?:\s*(?:,|and|&)\s*(?:seat\s*)?\d+)*)\s*"
    r"(?:has|have|had|wins?|won|takes?|took|tie for|split|chop)\s*(?:the\s*)?(?:only\s*)?(?P<half>high|low)",
    re.I,
)


PRIZE = re.compile(
    rf"\b(?P<place>{'|'.join(ORDINALS)})\s*(?:place\s*)?(?:pays|paid|gets|got|is|was|=|:)\s*(?P<n>{NUMBER})",
    re.I,
)


def prizes(text: str) -> dict[int, Decimal]:
    """Prizes said by place: '4th pays $80 and 5th pays $40' -> {4: 80, 5: 40}."""
    found = {}
    for match in PRIZE.finditer(text):
        value = amount_of(match.group("n"))
        if value is not None:
            found[ORDINALS[match.group("place").lower()]] = value
    return found


def halves(text: str) -> dict[str, tuple[int, ...]]:
    """Hi-lo winners: {'high': (3,), 'low': (3, 7)} from 'seat 3 has the high, seats 3 and 7 tie for low'."""
    found: dict[str, tuple[int, ...]] = {}
    for match in HIGH.finditer(text):
        found.setdefault(
            match.group("half").lower(), tuple(int(n) for n in re.findall(r"\d+", match.group("seats")))
        )
    return found
