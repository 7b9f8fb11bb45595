"""What the question asks for: the most or the least, a side pot, the odd chip, a cap, whether
the betting reopens, a kill, a prize, a jackpot share, a call, a deadline."""

from __future__ import annotations

import re

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
    "leg": re.compile(r"\blegs?\b", re.I),
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
    "big-bet": re.compile(r"\b(?:big|upper|larger|higher|full) (?:bet|limit)\b", re.I),
    "equal-stacks": re.compile(
        r"\b(?:same|equal|identical)\s+(?:amount|number|count|stacks?|chips)\b"
        r"|\bboth\s+(?:started|had)\b[^.?!]{0,40}\bexactly\b|\bexactly the same\b",
        re.I,
    ),
    "deadline": re.compile(
        r"\bhow long|\bhow many (?:minutes|seconds)|\bwhen (?:do|does|can|is)\b|\btime left\b", re.I
    ),
    "royal": re.compile(r"\broyal\b", re.I),
    "straight-flush": re.compile(r"\b(?:royal|straight)[- ]flush\b|\broyal\b", re.I),
    "amount": re.compile(r"\bhow (?:much|many|big)\b|\bwhat(?:'s| is| was) the (?:amount|size)\b", re.I),
    "call": re.compile(
        r"\b(?:how much|what)\b[^.?!]{0,40}\bcall\b|\bcall (?:is|amount)\b"
        r"|\b(?:wants? to|to) (?:limp|just call)\b",
        re.I,
    ),
}
