"""The numbers of a dispute, read from the words: stakes, the pot, who bet or raised what,
all-ins, stacks, counts of players and entrants, seats, a jackpot. Each number keeps the words
it came from, so the working can show them and a misreading can be corrected.

Deterministic patterns, the way a floor person tells a hand ("A bets 100, B goes all in for
140", "blinds 50-100", "$10-$20 limit", "seats 2, 5 and 8 tie, button is seat 6"). A raise
said without "to" or "by" is kept ambiguous: the computations answer both ways.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

NUMBER = r"\$?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?(?:\s?[kK]\b)?"
WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "twenty": 20, "thirty": 30,
}  # fmt: skip
COUNT = r"(?:\d+|" + "|".join(WORD_NUMBERS) + r")"
ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
    "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8,
    "ninth": 9, "9th": 9, "tenth": 10, "10th": 10,
}  # fmt: skip

ROLES = (
    r"small blind|big blind|sb|bb|button|btn|utg(?:\s?\+\s?\d)?|under the gun|hijack|hj|cutoff|co|lojack|mp"
)
WHO = (
    rf"\b(?i:player|seat)\s?(?:\d+|[A-Z])\b|\b(?i:s)\d+\b|\b[A-H]\b|\b(?i:{ROLES})\b"
    r"|\bI\b|\b(?i:me|hero|villain)\b"
)
VERBS = {
    "allin": r"(?:go(?:es)?|went|is|was|gone|going|moves?|moved)\s+all[- ]?in|all[- ]?in|shov(?:e|es|ed)"
    r"|jam(?:s|med)?|push(?:es|ed)?",
    "raise": r"(?:re-?)?rais(?:e|es|ed|ing)|[345]-?bet(?:s|ting)?|makes it|made it",
    "bet": r"bet(?:s|ting)?|opens?|opened|leads?(?: out)?|led(?: out)?|fires?|fired",
    "call": r"call(?:s|ed|ing)?|flat(?:s|ted)?(?: calls?)?",
    "complete": r"complet(?:e|es|ed|ing)",
    "limp": r"limp(?:s|ed)?",
    "check": r"check(?:s|ed)?",
    "fold": r"fold(?:s|ed)?|muck(?:s|ed)?",
    "straddle": r"straddl(?:e|es|ed)",
    "post": r"post(?:s|ed)?",
    "chips": r"(?:puts?|slides?|slid|pushe?s?|throws?|threw|tosse?s?|tossed|drops?|dropped)"
    r"\s+(?:out|in|over)",
}
VERB = re.compile(r"\b(?:" + "|".join(f"(?P<{kind}>{words})" for kind, words in VERBS.items()) + r")\b", re.I)
AFTER_VERB = re.compile(
    rf"\s*(?P<prep>to|by|for|of|with|another|an? (?:additional|extra)|a total of|up to)?\s*"
    rf"(?:a |an )?(?P<amount>{NUMBER})(?!\s*(?:%|min|minute|player|seat|time|x\b))"
    rf"(?:\s*(?:dollars|bucks|chips))?(?P<more>\s+more|\s+on top)?",
    re.I,
)
MAKING = re.compile(
    rf"^[^.?!]{{0,20}}?\bmaking (?:it|the (?:total )?(?:bet )?)?\s*(?P<amount>{NUMBER})", re.I
)
MODAL = re.compile(
    r"(?:\bcan|\bcould|\bmay|\bmight|\bwants? to|\bwanted to|\ballowed to|\bable to|\bwould|\bshould"
    r"|\bhow much|\bwhat|\bmax(?:imum)?|\bmin(?:imum)?|\bmost|\bleast|\boption to|\bdoes|\bdid)\s+"
    r"(?:[A-Za-z']+,?\s+){0,3}$|\bto\s+$",
    re.I,
)
POSTFLOP_WORDS = re.compile(
    r"(?<!pre-)(?<!pre)\b(flop|turn|river|fourth street|fifth street|sixth street|seventh street"
    r"|after the draw)\b",
    re.I,
)
STREETS = re.compile(r"\b(preflop|pre-flop|flop|turn|river|third street|fourth street|fifth street"
                     r"|sixth street|seventh street|before the draw|after the draw)\b", re.I)  # fmt: skip


@dataclass(frozen=True)
class Told:
    """One number the person gave, and the words it came from."""

    value: Decimal
    words: str


@dataclass(frozen=True)
class Action:
    """One action on the table: who did what, for how much."""

    who: str  # "A", "seat 4", "bb", "me"; "?1", "?2" for someone not named
    kind: str  # bet raise call allin complete limp check fold post straddle
    amount: Decimal | None
    to: bool | None  # a raise *to* the amount (True), *by* it (False), or not said (None)
    words: str
    street: int = 0  # how many street words came before it


@dataclass(frozen=True)
class Ledger:
    """Everything numeric the dispute says."""

    numbers: dict[str, Told] = field(default_factory=dict)  # pot, sb, bb, small_bet, big_bet ...
    actions: tuple[Action, ...] = ()
    asker: str | None = None  # the player the question is about ("can B reraise?")
    asks: frozenset[str] = frozenset()  # max, min, side-pot, main-pot, odd-chip, cap, reopen ...
    seats: tuple[int, ...] = ()  # seats that tie, in the order said
    halves: dict[str, tuple[int, ...]] = field(default_factory=dict)  # hi-lo: high and low winners' seats
    words: dict[str, str] = field(default_factory=dict)  # game/structure/format the words name
    dollars: bool = False  # amounts were said in dollars

    def get(self, name: str) -> Decimal | None:
        told = self.numbers.get(name)
        return told.value if told else None

    def evidence(self) -> tuple[tuple[str, str, str], ...]:
        """(name, value, the words) for every number and action read."""
        lines = [(name, f"{told.value:,}", told.words) for name, told in self.numbers.items()]
        lines += [
            (f"{a.who} {a.kind}", "" if a.amount is None else f"{a.amount:,}", a.words) for a in self.actions
        ]
        return tuple(lines)

    def with_numbers(self, given: dict[str, Told]) -> Ledger:
        """The ledger with numbers given directly (--num), which win over the words."""
        return replace(self, numbers={**self.numbers, **given})


def amount_of(text: str) -> Decimal | None:
    """'$1,200' -> 1200, '1.5k' -> 1500, 'twelve' -> 12; None when it is not a number."""
    raw = text.strip().lower().replace("$", "").replace(",", "").replace(" ", "")
    if raw in WORD_NUMBERS:
        return Decimal(WORD_NUMBERS[raw])
    scale = Decimal(1000) if raw.endswith("k") else Decimal(1)
    try:
        value = Decimal(raw.rstrip("k")) * scale
    except InvalidOperation:
        return None
    return value if value.is_finite() and 0 <= value < 10**12 else None


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
    _read_stakes(text, numbers, structure or _structure_words(text))
    actions, asker = _read_actions(text)
    if "stack" in numbers:  # "only got $5 left, so he shoves it": the all-in is the stack
        actions = [
            replace(a, amount=numbers["stack"].value) if a.kind == "allin" and a.amount is None else a
            for a in actions
        ]
    raises = _raises_made(text)
    if raises is not None:
        numbers.setdefault("raises_made", raises)
    return Ledger(
        numbers=numbers,
        actions=tuple(actions),
        asker=asker,
        asks=frozenset(name for name, pattern in ASKS.items() if pattern.search(text)),
        seats=_tied_seats(text),
        halves=halves(text),
        words={
            k: v
            for k, v in (
                ("structure", _structure_words(text)),
                ("game", _game_words(text)),
                (
                    "format",
                    "tournament"
                    if re.search(r"\b(tournament|tourney|tourny|mtt|sng)\b", text, re.I)
                    else None,
                ),
                ("postflop", "yes" if POSTFLOP_WORDS.search(text) else None),
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
            rf"\bpot(?:'s| is| was| has| had| at| of| size(?: is| of)?| now)*\s*(?:is\s+)?(?:about\s+)?{N}",
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
            rf"{C}\s*(?:other |remaining )?(?:players|people|guys)"
            r"(?! (?:bought|entered|registered|signed|paid|at \$))",
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


def _structure_words(text: str) -> str | None:
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


def _who_before(text: str, start: int) -> str | None:
    """The player named just before a verb ('seat 4 raises', 'B goes all in', 'I bet')."""
    before = text[max(0, start - 40) : start]
    found = re.search(rf"(?P<who>{WHO})(?:\s*(?:,|then|and|also|just|now|only))*\s*$", before)
    if found is None and re.search(r"\b(?:he|she)\b", before, re.I):  # the player last named
        named = list(re.finditer(rf"(?P<who>{WHO})", text[:start]))
        found = named[-1] if named else None
    if found is None:
        return None
    who = found.group("who").strip()
    if who.lower() == "me" and re.search(
        r"\b(before|after|behind|to|of|beside|next to)\s*me\s*$", before, re.I
    ):
        return None
    return "me" if who.lower() in ("i", "me", "hero") else _canonical(who)


def _named_before(text: str, start: int) -> str | None:
    """The player named last before a question's verb ("now seat 5 wants to raise")."""
    window = text[max(0, start - 45) : start]
    named = list(re.finditer(rf"(?P<who>{WHO})", window))
    if not named:
        return None
    who = named[-1].group("who")
    return "me" if who.lower() in ("i", "me", "hero") else _canonical(who)


STACK_BEFORE = re.compile(
    rf"\b(?:has|had|with|holding)\s+(?:only\s+|just\s+)?(?P<n>{NUMBER})(?:\s+total)?\s+(?:and\s+)?$", re.I
)


def _canonical(who: str) -> str:
    lowered = who.lower()
    roles = {"small blind": "sb", "big blind": "bb", "btn": "button", "under the gun": "utg"}
    if len(who) == 1:
        return who.upper()
    if lowered.startswith(("player", "seat", "s")) and re.match(r"^(player|seat|s)\s?(\w+)$", lowered):
        tail = re.match(r"^(?:player|seat|s)\s?(\w+)$", lowered)
        return f"seat {tail.group(1)}" if tail and tail.group(1).isdigit() else who[-1].upper()
    return roles.get(lowered, lowered)


def _read_actions(text: str) -> tuple[list[Action], str | None]:
    actions: list[Action] = []
    asker: str | None = None
    unnamed = 0
    for found in VERB.finditer(text):
        kind = found.lastgroup or ""
        who = _who_before(text, found.start())
        if MODAL.search(text[max(0, found.start() - 40) : found.start()]) or _in_question(text, found.end()):
            asker = asker or who or _named_before(text, found.start())
            continue
        after = AFTER_VERB.match(text, found.end())
        amount = amount_of(after.group("amount")) if after else None
        stack = STACK_BEFORE.search(text[max(0, found.start() - 30) : found.start()])
        if kind == "allin" and amount is None and stack:  # "seat 5 has $150 and shoves it"
            amount = amount_of(stack.group("n"))
        if kind in ("raise", "bet", "straddle", "limp", "post", "chips") and amount is None:
            continue
        to: bool | None = True
        if kind == "raise":
            prep = (after.group("prep") or "").lower() if after else ""
            more = bool(after and after.group("more"))
            making = MAKING.match(text[after.end() :]) if after else None
            if making:
                amount, to = amount_of(making.group("amount")), True
            elif prep == "by" or prep.startswith(("another", "an")) or more:
                to = False
            elif prep in ("to", "a total of", "up to") or "make" in found.group(0).lower():
                to = True
            else:
                to = None
        if who is None:
            unnamed += 1
            who = "someone" if unnamed == 1 else f"someone {unnamed}"
        street = len(STREETS.findall(text[: found.start()]))
        words = text[found.start() : after.end() if after else found.end()]
        actions.append(Action(who, kind, amount, to, words.strip(), street))
        actions += _same_for_others(text, found, who, kind, amount, street)
    for found in EACH.finditer(text):
        street = len(STREETS.findall(text[: found.start()]))
        for name in re.findall(WHO, found.group("names")):
            amount = amount_of(found.group("n"))
            actions.append(Action(_canonical(name.strip()), "call", amount, True, found.group(0), street))
    actions.sort(key=lambda action: text.find(action.words))
    return actions, asker


def _same_for_others(
    text: str, found: re.Match[str], who: str, kind: str, amount: Decimal | None, street: int
) -> list[Action]:
    """'C and D call' / 'C and D each put in 200': the verb covers every name in the list."""
    before = text[max(0, found.start() - 30) : found.start()]
    group = re.search(rf"((?:(?:{WHO})\s*(?:,|and|&)\s*)+)(?:{WHO})\s*(?:both\s+|each\s+)?$", before)
    if not group:
        return []
    names = [_canonical(n.strip()) for n in re.findall(WHO, group.group(1))]
    return [Action(name, kind, amount, True, group.group(0).strip(), street) for name in names if name != who]


EACH = re.compile(
    rf"(?P<names>(?:(?:{WHO})\s*(?:,|and|&)\s*)+(?:{WHO}))\s*(?:both|each)\s*"
    rf"(?:put in|have|had|for)?\s*(?P<n>{NUMBER})"
)


def _in_question(text: str, end: int) -> bool:
    """A verb inside the question ("can B reraise?") names the asker, not an action."""
    rest = text[end : end + 25]
    return bool(re.match(r"^\s*(?:again|here|now|back|it|more|the pot|all[- ]in)?\s*\?", rest))


ORDINAL_RAISE = re.compile(rf"\b(?P<n>{'|'.join(ORDINALS)})\s+(?:re-?)?raise", re.I)


def _raises_made(text: str) -> Told | None:
    """How many raises the story has made: the raise words outside the question, or the
    largest ordinal said ("third raise")."""
    count, words = 0, []
    for found in VERB.finditer(text):
        if found.lastgroup == "raise" and not _in_question(text, found.end()):
            if not MODAL.search(text[max(0, found.start() - 40) : found.start()]):
                count += 1
                words.append(found.group(0))
    for found in ORDINAL_RAISE.finditer(text):
        if not _in_question(text, found.end()):
            count = max(count, ORDINALS[found.group("n").lower()])
            words.append(found.group(0))
    return Told(Decimal(count), ", ".join(words)) if count else None


def _tied_seats(text: str) -> tuple[int, ...]:
    """'seats 2, 5 and 8 tie', 'seat 3 and seat 8 tie', 'between seat 3 and seat 7'."""
    found = re.search(r"\bseats?\s*((?:\d+\s*(?:,|and|&)\s*(?:seat\s*)?)+\d+)", text, re.I)
    return tuple(int(n) for n in re.findall(r"\d+", found.group(1))) if found else ()


HIGH = re.compile(
    r"\bseats?\s*(?P<seats>\d+(?:\s*(?:,|and|&)\s*(?:seat\s*)?\d+)*)\s*"
    r"(?:has|have|had|wins?|won|takes?|took|tie for|split|chop)\s*(?:the\s*)?(?:only\s*)?(?P<half>high|low)",
    re.I,
)


def halves(text: str) -> dict[str, tuple[int, ...]]:
    """Hi-lo winners: {'high': (3,), 'low': (3, 7)} from 'seat 3 has the high, seats 3 and 7 tie for low'."""
    found: dict[str, tuple[int, ...]] = {}
    for match in HIGH.finditer(text):
        found.setdefault(
            match.group("half").lower(), tuple(int(n) for n in re.findall(r"\d+", match.group("seats")))
        )
    return found


ASKS = {
    "max": re.compile(
        r"\b(max(?:imum)?|most|biggest|largest|how (?:much|big|high) can|pot it|potting)\b", re.I
    ),
    "min": re.compile(
        r"(?<!\d)(?<!\d\s)\b(min(?:imum)?|least|smallest)\b"
        r"(?!\s*(?:buy|chip|unit|denomination|players?|to buy))",
        re.I,
    ),
    "side-pot": re.compile(r"\bside[- ]?pots?\b", re.I),
    "main-pot": re.compile(r"\bmain pot\b", re.I),
    "odd-chip": re.compile(r"\bodd (?:chip|dollar)|extra chip|leftover chip", re.I),
    "cap": re.compile(
        r"\b(cap(?:ped)?|how many raises|another raise|(?:fourth|fifth|third) raise|raise again)\b", re.I
    ),
    "reopen": re.compile(
        r"\b(re-?raise|raise again|re-?open|option to raise|can (?:he|she|they|[A-H]|I) raise)\b", re.I
    ),
    "kill": re.compile(r"\bkill", re.I),
    "half-kill": re.compile(r"\bhalf[- ]kill", re.I),
    "payout": re.compile(r"\b(pay(?:s|out|ing)?|paid|prize|place|finish(?:es|ed)?)\b", re.I),
    "buy-in": re.compile(r"\bbuy[- ]?in|bought in|sit down with|minimum (?:to )?buy\b", re.I),
    "loser": re.compile(r"\b(los(?:er|ing|t)|beaten)\b", re.I),
    "winner": re.compile(r"\bwin(?:ner|ning)?\b", re.I),
    "each": re.compile(
        r"\b(each|everyone else|rest of the table|other players|table share|per player)\b", re.I
    ),
    "reset": re.compile(r"\b(reset|seed)\b", re.I),
    "high": re.compile(r"\b(?:does|do|the) high\b|\bhigh (?:hand )?gets?\b", re.I),
    "low": re.compile(r"\b(?:does|do|the) low\b|\blow (?:hand )?gets?\b", re.I),
    "drop": re.compile(r"\bdrop\b", re.I),
    "jackpot": re.compile(r"\bjackpot\b", re.I),
    "deadline": re.compile(
        r"\bhow long|\bhow many (?:minutes|seconds)|\bwhen (?:do|does|can|is)\b|\btime left\b", re.I
    ),
    "royal": re.compile(r"\broyal\b", re.I),
    "straight-flush": re.compile(r"\b(?:royal|straight)[- ]flush\b|\broyal\b", re.I),
    "call": re.compile(
        r"\b(?:how much|what)\b[^.?!]{0,40}\bcall\b|\bcall (?:is|amount)\b"
        r"|\b(?:wants? to|to) (?:limp|just call)\b",
        re.I,
    ),
}
