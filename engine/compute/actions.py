"""Who did what for how much: the actions of a hand as a floor person tells them ("A bets 100,
B goes all in for 140", "seat 5 has $150 and shoves it", "UTG opens to $7"), and the player the
question is about ("can B reraise?", "now seat 5 wants to raise")."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from engine.compute.ledger import COUNT, NUMBER, ORDINALS, Action, Told, amount_of

ROLES = (
    r"small blind|big blind|sb|bb|button|btn|utg(?:\s?\+\s?\d)?|under the gun|hijack|hj|cutoff|co|lojack|mp"
)
WHO = (
    rf"\b(?i:player|seat)\s?(?:\d+|[A-Z])\b|\b(?i:s)\d+\b|\b[A-H]\b|\b(?i:{ROLES})\b"
    r"|\bI\b|\b(?i:me|hero|villain)\b"
    r"|\b(?i:(?:first|second|third|fourth|fifth|next|last) (?:guy|player|person|lady|woman))\b"
)
CHIP_COLOURS = r"(?:black|red|green|purple|yellow|orange|blue|white|pink|grey|gray|big|single|lone)"
VERBS = {
    "allin": r"(?:go(?:es)?|went|is|was|gone|going|moves?|moved)\s+all[- ]?in|all[- ]?in"
    r"|shov(?:e|es|ed)(?!\s+(?:another|more)\b)|jam(?:s|med)?"
    r"|(?<!one )push(?:es|ed)?(?!\s+(?:in|out|over|forward|\$?\d|it\b|them\b|that\b|those\b))",
    "raise": r"(?:re-?)?rais(?:e|es|ed|ing)|[345]-?bet(?:s|ting)?|makes it|made it",
    "bet": r"bet(?:s|ting)?|opens?|opened|leads?(?: out)?|led(?: out)?|fires?|fired",
    "call": r"call(?:s|ed|ing)?|flat(?:s|ted)?(?: calls?)?",
    "complete": r"complet(?:e|es|ed|ing)",
    "limp": r"limp(?:s|ed)?",
    "check": r"check(?:s|ed)?",
    "fold": r"fold(?:s|ed)?|muck(?:s|ed)?",
    "straddle": r"straddl(?:e|es|ed)",
    "post": r"post(?:s|ed)?",
    "chips": r"(?:puts?|slides?|slid|pushe?s?|throws?|threw|tosse?s?|tossed|drops?|dropped|cuts?)"
    r"(?:\s+(?:out|in|over)|(?=\s+(?:(?:one|a|an|single) )?(?:" + CHIP_COLOURS + r" )?\$?\d+"
    r"(?:\s*(?:dollars|bucks|chips?))?\s+(?:in|out|over|chips?)\b))",
}
VERB = re.compile(r"\b(?:" + "|".join(f"(?P<{kind}>{words})" for kind, words in VERBS.items()) + r")\b", re.I)
AFTER_VERB = re.compile(
    rf"\s*(?P<prep>to|by|for|of|with|another|an? (?:additional|extra)|a total of|up to)?\s*"
    rf"(?:a |an |one |single |(?:his|her|my|their) (?:last|remaining|final|whole|entire) )?"
    rf"(?:{CHIP_COLOURS} |(?:a )?(?:pile|stack|bunch|handful|tower) of (?:[a-z]+,? "
    rf"(?:like |about |around |maybe )?)?)?"
    rf"(?P<amount>{NUMBER}|{COUNT}(?=-dollar))(?!\s*(?:%|min|minute|player|seat|time|x\b)|s\b)"
    rf"(?:\s*(?:dollars|bucks|chips?)|-dollar(?: chips?)?)?(?P<more>\s+more|\s+on top)?",
    re.I,
)
MAKING = re.compile(
    rf"^[^.?!]{{0,20}}?\bmaking (?:it|the (?:total )?(?:bet )?)?\s*(?P<amount>{NUMBER})", re.I
)
MODAL = re.compile(
    r"(?:\bcan|\bcould|\bmay|\bmight|\bwants? to|\bwanted to|\ballowed to|\bable to|\bwould|\bshould"
    r"|\bhow much|\bwhat|\bmax(?:imum)?|\bmin(?:imum)?|\bmost|\bleast|\boption to|\bdoes|\bdid)\s+"
    r"(?:[A-Za-z']+,?\s+){0,3}$|\bto\s+$"
    # the choice a question asks about: "is it a raise to 60 or just a call of 20?"
    r"|\b(?:is|was) (?:it|that|this) (?:(?:a|an|just)\s+)*$|\bor (?:(?:a|an|just)\s+)*$",
    re.I,
)
SPEECH = re.compile(  # what someone says about an action is not the action ("says that's a raise")
    r"(?:\bthat'?s|\bsays?|\bsaid|\bclaims?|\bclaimed|\bthinks?|\bcalls it|\bcalling it)\s+"
    r"(?:[A-Za-z']+\s+){0,2}$",
    re.I,
)
POSTFLOP_WORDS = re.compile(
    r"(?<!pre-)(?<!pre)\b(flop|turn|river|fourth street|fifth street|sixth street|seventh street"
    r"|after the draw)\b",
    re.I,
)
ON_STREET = re.compile(
    r"\s*(?:on|at) (?:the )?(?:flop|turn|river|(?:fourth|fifth|sixth|seventh) street)\b", re.I
)
STREETS = re.compile(r"\b(preflop|pre-flop|flop|turn|river|third street|fourth street|fifth street"
                     r"|sixth street|seventh street|before the draw|after the draw)\b", re.I)  # fmt: skip


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
    window = re.split(r"[.?!;]", text[max(0, start - 45) : start])[-1]  # this sentence only
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


def read_actions(text: str) -> tuple[list[Action], str | None]:
    """The actions told, in order, and the player the question is about."""
    actions: list[Action] = []
    asker: str | None = None
    unnamed = 0
    last_end = -2  # where the words of the action last told end
    for found in VERB.finditer(text):
        kind = found.lastgroup or ""
        who = _who_before(text, found.start())
        if SPEECH.search(text[max(0, found.start() - 30) : found.start()]):
            continue
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
        if actions and kind == "allin" == actions[-1].kind and 0 <= found.start() - last_end <= 1:
            if actions[-1].amount is None:  # "shoves all in for $8": one all-in, its verb told twice
                actions[-1] = replace(
                    actions[-1], amount=amount, words=f"{actions[-1].words} {found.group(0)}"
                )
            continue
        if who is None:
            unnamed += 1
            who = "someone" if unnamed == 1 else f"someone {unnamed}"
        words = text[found.start() : after.end() if after else found.end()]
        # "bets 8 on the turn": the street told right after an action is its own
        street = len(STREETS.findall(text[: found.start()])) + bool(
            ON_STREET.match(text, found.start() + len(words))
        )
        actions.append(Action(who, kind, amount, to, words.strip(), street))
        last_end = found.start() + len(words.rstrip())
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


def raises_made(text: str) -> Told | None:
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
