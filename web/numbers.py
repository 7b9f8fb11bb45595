"""The numbers a computed answer was worked out from, as fields on the page: each labelled in
the floor's words, prefilled with the value read (or given), the words it came from beside it.
A person corrects one or several and taps once; the page rules again with `num=NAME=VALUE` for
each field changed, the description kept.

The form is a plain GET form (it works without JavaScript): its fields are `fix.NAME`, each
beside a hidden `was.NAME` with the value shown, and the page turns them into `num=` pairs."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from urllib.parse import urlencode

from web.answering import VERDICT

FIX, WAS = "fix.", "was."
NUMBERS = {
    "pot": "Pot before this round",
    "sb": "Small blind",
    "bb": "Big blind",
    "small_bet": "Small bet (lower limit)",
    "big_bet": "Big bet (upper limit)",
    "bring_in": "Bring-in",
    "ante": "Ante",
    "straddle": "Straddle",
    "stack": "Chips behind",
    "chip": "Chip put in",
    "chip_unit": "Smallest chip",
    "kill": "Kill blind",
    "jackpot": "Jackpot",
    "buy_in": "Buy-in",
    "rebuy_price": "Rebuy price",
    "rebuys": "Rebuys taken",
    "add_ons": "Add-ons taken",
    "entrants": "Players who bought in",
    "dealt_in": "Players dealt in",
    "players": "Players in the pot",
    "players_left": "Players left",
    "place": "Finishing place",
    "button": "Button seat",
    "minutes": "Minutes",
    "raises_made": "Raises made so far",
}
COUNTS = frozenset(
    {
        "rebuys",
        "add_ons",
        "entrants",
        "dealt_in",
        "players",
        "players_left",
        "place",
        "button",
        "minutes",
        "raises_made",
    }
)  # whole numbers; every other number (and every action's amount) is money, cents allowed
PLAYERS = {"me": "Your", "sb": "Small blind's", "bb": "Big blind's", "button": "Button's", "utg": "UTG's"}
ACTIONS = {
    "bet": "bet",
    "raise": "raise",
    "call": "call",
    "allin": "all-in",
    "complete": "completion",
    "limp": "limp",
    "straddle": "straddle",
    "post": "posted blind",
    "chips": "chips put in",
}


def label(read: dict) -> str:
    """A number's name as the floor says it: "Big blind", "B's all-in", "Seat 4's raise"."""
    if read["num"] in NUMBERS:
        return NUMBERS[read["num"]]
    who, _, kind = read["name"].rpartition(" ")
    return f"{_whose(who)} {ACTIONS.get(kind, kind)}"


def _whose(who: str) -> str:
    if who in PLAYERS:
        return PLAYERS[who]
    if who.startswith("?"):  # a player the words did not name
        return "A player's"
    if who.startswith("utg") or who in ("hj", "co", "mp"):  # position abbreviations, as said
        return f"{who.upper()}'s"
    return f"{who[:1].upper()}{who[1:]}'s"


def _numbered(labels: list[str]) -> list[str]:
    """Labels told apart where one repeats: "A's bet", "A's bet (2nd)"."""
    seen: dict[str, int] = {}
    out = []
    for text in labels:
        seen[text] = seen.get(text, 0) + 1
        out.append(text if seen[text] == 1 else f"{text} ({_ordinal(seen[text])})")
    return out


def _ordinal(n: int) -> str:
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10 :: 4]}"


def fields(answer: dict | None) -> list[dict]:
    """The correctable numbers of a computed answer: name, label, value (as typed), words."""
    if not answer:
        return []
    numbers = [read for read in answer.get("read", ()) if read.get("num")]
    return [
        {
            "num": read["num"],
            "label": text,
            "value": read["value"].replace(",", ""),
            "from": read["from"],
            "given": read.get("given", False),
            "said": read.get("said", ""),
            "money": read["num"] not in COUNTS,
        }
        for read, text in zip(numbers, _numbered([label(read) for read in numbers]), strict=True)
    ]


def corrected(args) -> str | None:
    """Where the numbers form leads: this page's query with `num=NAME=VALUE` for each field
    whose value changed (a number given earlier under that name replaced), landing on the
    verdict; None when the request is not that form's."""
    names = [key[len(FIX) :] for key in args if key.startswith(FIX)]
    if not names:
        return None
    changed = {
        name: _plain(args[FIX + name])
        for name in names
        if args[FIX + name].strip() and not _same(args[FIX + name], args.get(WAS + name, ""))
    }
    kept = [
        (key, value)
        for key, value in args.items(multi=True)
        if not key.startswith((FIX, WAS))
        and not (key == "num" and value.partition("=")[0].strip() in changed)
    ]
    return (
        "?" + urlencode([*kept, *(("num", f"{name}={value}") for name, value in changed.items())]) + VERDICT
    )


def _plain(typed: str) -> str:
    """A number as typed, without the exponent a browser's number field allows ("1.2e3")."""
    try:
        number = Decimal(typed.strip())
    except InvalidOperation:
        return typed.strip()
    return f"{number:f}" if number.is_finite() and abs(number.adjusted()) <= 12 else typed.strip()


def _same(typed: str, shown: str) -> bool:
    """Is the value typed the value shown? 120, 120.0 and 120.00 are one number."""
    try:
        return Decimal(typed.strip()) == Decimal(shown.strip())
    except InvalidOperation:
        return typed.strip() == shown.strip()
