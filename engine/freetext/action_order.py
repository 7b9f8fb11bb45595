"""Facts a story tells by the order of its actions, not in words of their own.

"Jess bets $8. Kyle tosses in a green $25 chip": Kyle was facing a bet. "Dave checks out of
turn ... Mike then checks too, and now Dave wants to bet": nobody in between bet, called or
raised. "Seats 1 and 2 folded, seat 4 shoved": three players had acted. Read only for a
question a ruling asks (engine.freetext.answers), on the normalised text, where the order
told is the order of the hand; a story that leaves it unclear gives no answer.
"""

from __future__ import annotations

import re

# who acted: a seat, a position, a name, "the guy to my right"; "he"/"she" is whoever was last
# named; a bare number is a seat in a story that names seats ("seat 9 ... 9 checks")
_WHO = (
    r"seats? \d+(?: and \d+)*|s\d+|\d{1,2}|under the gun|utg(?:\+\d)?"
    r"|the (?:button|cutoff|hijack|small blind|big blind|lowcard|low card)"
    r"|the (?:guy|player|lady|kid|man|woman|girl|dude)"
    r"(?: (?:to|on|in|at|next to|behind) (?:my|his|her|the) \w+| in \d+)?"
    r"|(?:small|big) blind|button|lowcard|low card|[a-z]+"
)
_ADVERBS = (
    r"(?:(?:just|then|also|quickly|instantly|silently|immediately|finally|now|only|already|kinda|kind of) )*"
)
_KINDS = {
    "aggressive": r"bets|bet(?= \$?\d| out\b| into\b| the (?:flop|turn|river|pot)\b|[,.;])"
    r"|raises|raised|re-?raises|re-?raised|opens|opened|leads|led|fires|fired|shoves|shoved|jams|jammed"
    r"|went all-in|goes all-in|ships(?: it)?(?: all-in)?|shipped(?: it)?(?: all-in)?|moves in|moved in"
    r"|moves all-in|moved all-in|is all-in|brings it in|brought it in|completes|completed|makes it|made it",
    "call": r"calls|called|flats|flatted|limps|limped",
    "check": r"checks|checked|taps the table|tapped the table|knocks the table|knocked the table",
    "fold": r"folds|folded|mucks|mucked",
    "chips": r"(?:tosses|tossed|throws|threw|puts|put|slides|slid|drops|dropped|pushes|pushed|flicks|flicked)"
    r"(?= (?:in |out |over )?(?:a|an|one|his|her|some|chips|\$?\d+)\b)",
    "other": r"turns (?:his|her) \w+|turned (?:his|her) \w+|flips|flipped|shows|showed"
    r"|looks at (?:his|her) cards",
    "thinks": r"(?:is|was) (?:still )?(?:thinking|tanking|deciding)|tanks|tanked|(?:goes|went) into the tank"
    r"|hesitates|hesitated|takes a while|took a while",
}
_STEP = re.compile(
    rf"(?<![\w'$.-])(?P<who>{_WHO}) {_ADVERBS}(?:"
    + "|".join(f"(?P<{kind}>{verbs})" for kind, verbs in _KINDS.items())
    + r")(?![\w-])"
)
_WHILE = re.compile(rf"\b(?:while|as) (?P<who>{_WHO}) (?:is|was) (?:still )?(?:thinking|tanking|deciding)")
_NOT_WHO = frozenset(
    "and then but so who it that which also just dealer floor host nobody everyone everybody anyone"
    " i we they you me what this there here if when whether".split()
)
_STREET = re.compile(
    r"\b(?:flop|turn|river|(?:third|fourth|fifth|sixth|seventh) street|after the draw|before the draw)\b"
)
# the question, or what the offender wants now, ends the hand as told
_NOW = re.compile(r"\b(?:now|wants? to|can (?:he|she|i|they)|is (?:he|she) allowed|does (?:he|she))\b|\?")
_OUT_OF_TURN = re.compile(
    r"out of turn|before (?:it was |it's |it got to )?(?:(?:seat )?\d+|[a-z]+(?: \d+)?)"
    r"(?:'s turn| (?:does|did|had done) anything| (?:acts|acted|had acted|could act|got to act))"
    r"|(?:it was|it's) [a-z]+(?: (?:in )?(?:seat )?\d+)?'s turn"
    r"|[a-z]+(?: \d+)? (?:hadn't|had not|hasn't|has not|never) acted"
)
_PRONOUNS = frozenset({"he", "she"})
_CONTINUING = frozenset({"and", "then"})


def _steps(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, who, kind) of every action told, in order."""
    steps = []
    seats_named = "seat " in text
    for found in _STEP.finditer(text):
        who = found.group("who")
        if who in _CONTINUING:  # "... and shoves": the player just named goes on
            who = "he"
        elif who in _NOT_WHO or (who.isdigit() and not seats_named):
            continue
        elif who.isdigit():
            who = f"seat {who}"
        kind = next(kind for kind in _KINDS if found.group(kind))
        steps.append((found.start(), found.end(), who, kind))
    for found in _WHILE.finditer(text):
        steps.append((found.start(), found.end(), found.group("who"), "thinks"))
    return sorted(steps)


def facing_a_bet(text: str) -> tuple[bool, str] | None:
    """True when a bet, raise or all-in is told and, on the same round, another player acts
    or thinks after it: whoever the dispute is about was facing that bet."""
    steps = _steps(text)
    for index, (start, _, who, kind) in enumerate(steps):
        if kind != "aggressive":
            continue
        for later, end, other, _ in steps[index + 1 :]:
            if _between(_STREET, text, start, later) or _between(_NOW, text, start, later):
                break
            if other != who and other not in _PRONOUNS:
                return True, text[start:end]
    return None


def _between(pattern: re.Pattern[str], text: str, start: int, end: int) -> bool:
    return pattern.search(text, start, end) is not None


def action_in_between(text: str) -> tuple[bool, str] | None:
    """After an action out of turn, did a player in between bet, call or raise? The actions
    told after it, up to what the offender wants now: any bet, call or raise says yes, only
    checks and folds say no."""
    anchor = _OUT_OF_TURN.search(text)
    if anchor is None:
        return None
    end = _NOW.search(text, anchor.end())
    stop = end.start() if end else len(text)
    if _between(_STREET, text, anchor.end(), stop):
        return None
    kinds = {kind for start, _, _, kind in _steps(text) if anchor.end() <= start < stop}
    told = re.sub(r"[ ,.;]*(?:\b(?:and|then|so|but))?[ ,.;]*$", "", text[anchor.start() : stop])
    if kinds & {"aggressive", "call", "chips"}:
        return True, told
    if kinds and kinds <= {"check", "fold"}:
        return False, told
    return None


_SEATS = re.compile(
    r"\bseats (\d+(?:(?:, | and |, and )\d+)+) (?:both |all )?"
    r"(?:folded|folds|checked|checks|called|calls|limped|limps)\b"
)
_ONLY_ONE = re.compile(
    r"\b(?:only|just) (?:the )?one (?:fold|player|guy|person|call|limp)(?: had)?"
    r"(?: (?:acted|folded|called|limped|happened|had happened))?\b"
)


_ONLY_NAMED = re.compile(
    r"\b(?:only|just) (?!(?:then|now|one|the one|barely)\b)"
    r"(?:seat \d+|the (?:utg|button|cutoff|hijack|small blind|big blind)|[a-z]+)"
    r"(?: had| has)? (?:acted|limped|called|folded|checked)\b"
)
_NOT_YET = re.compile(
    r"\b(?:seat \d+|the next (?:guy|player|lady)|[a-z]+(?: \d+)?)"
    r" (?:hasn't|hasnt|has not|hadn't|hadnt|had not) (?:acted|done anything|had a chance to act) yet\b"
)
_GROUP_ACTS = re.compile(
    r"(?<![\w-])(?P<n>two|three|four|five) (?:more |other )?"
    r"(?:guys |players |people |of them |of us |others )?"
    r"(?:fold|folds|folded|call|calls|called|limp|limps|limped|check|checks|checked|muck|mucks|mucked)(?![\w-])"
)
_GROUP_SIZE = {"two": 2, "three": 3, "four": 4, "five": 5}


def groups_told_acting(text: str) -> list[tuple[str, str]]:
    """Players told acting as a group ("two guys fold, two more call"), one (name, words) each."""
    return [
        (f"group {index} player {member}", found.group(0))
        for index, found in enumerate(_GROUP_ACTS.finditer(text))
        for member in range(_GROUP_SIZE[found.group("n")])
    ]


def seats_told_acting(text: str) -> list[tuple[str, str]]:
    """Seats acting together ("seats 1 and 2 folded"), one (seat, words) each."""
    return [
        (f"seat {seat}", found.group(0))
        for found in _SEATS.finditer(text)
        for seat in re.findall(r"\d+", found.group(1))
    ]


def only_one_acted(text: str) -> tuple[int, str] | None:
    """ "Only the one fold happened", "only Mike had acted": exactly one player had acted."""
    found = _ONLY_ONE.search(text) or _ONLY_NAMED.search(text)
    return (1, found.group(0)) if found else None


def nobody_acted_yet(text: str) -> tuple[int, str] | None:
    """ "Seat 2 hasn't done anything yet" (the first to act after the forced bets): nobody
    had acted. Read only where no player is told acting."""
    found = _NOT_YET.search(text)
    return (0, found.group(0)) if found else None
