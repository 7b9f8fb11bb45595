"""Who was eliminated, by the seat he held: the position a story gives a player ("seat 1 had the
button, seat 4 small blind") and the player it then has busting ("seat 1 got it all in and lost,
he's out"), read together. A cue can only see a position beside a bust; a story often tells the
positions first and the bust a sentence later, and mentions other positions in passing ("seat 3,
who was the small blind, has the button now"), which are not the eliminated player's."""

from __future__ import annotations

import re

_NOT_NAMES = (
    "and|then|so|but|or|the|a|an|he|she|it|who|whos|that|this|which|what|where|everyone|everybody"
    "|nobody|someone|somebody|dealer|floor|host|i|me|we|you|they|one|now|just|last|next|still|blinds?"
    "|button|small|big|was|is|has|had|have|were|are|been|be|got|gets|goes|went|moved|moves|gave|left"
    "|player|guy|seat|to|of|for|from|with|on|in|at|by"
)
_PLAYER = rf"seat \d+|(?!(?:{_NOT_NAMES})\b)[a-z]{{2,}}"
_POSITION = r"button|btn|small blind|big blind|small|big|sb|bb"
_HOLDS = r"(?:had|has|was on|is on|was in|is in|on|in|was|is|posted|posts|posting|at|with)"
_ASSIGNED = re.compile(
    "|".join(
        (
            rf"(?<![\w'])(?P<player>{_PLAYER})(?:'s | {_HOLDS} | )(?:the )?(?P<position>{_POSITION})\b"
            r"(?! (?:blind )?(?:is|was|has|had|posts|posted)\b)",
            rf"(?:the )?(?P<position2>{_POSITION}) \((?P<player2>{_PLAYER})\)",
            rf"(?<![\w'])(?P<player3>{_PLAYER}) \((?:the )?(?P<position3>{_POSITION})\)",
            rf"(?<![\w'])(?P<player4>{_PLAYER}),? who (?:was|had|is|has) (?:on |in )?(?:the )?"
            rf"(?P<position4>{_POSITION})\b",
            # "small blind Tina got knocked out", "button was on Ray"
            rf"(?<![\w'])(?:the )?(?P<position5>button|small blind|big blind) (?P<player5>{_PLAYER})"
            r"(?= (?:got|gets|was|is|just|then|busted|busts|went|goes|has|had|posted|posts)\b)",
            rf"(?<![\w'])(?:the )?(?P<position6>button|small blind|big blind) (?:was|is) (?:on|with) "
            rf"(?P<player6>{_PLAYER})\b",
        )
    )
)
_FORMS = ("", "2", "3", "4", "5", "6")  # the group suffixes of _ASSIGNED's forms
_OUT = (  # what a player who busts does, said of him
    r"busts|busted|busts out|busted out|goes out|went out|is out|was out|is eliminated|was eliminated"
    r"|got eliminated|gets eliminated|got knocked out|gets knocked out|was knocked out|is knocked out"
    r"|is busto|goes broke|went broke|got felted|gets felted"
)
_BUST = re.compile(rf"\b(?:{_OUT}|'s out)\b(?! of\b)")
_KNOCKS = re.compile(
    rf"\b(?:busts|busted|eliminates|eliminated|knocks out|knocked out) (?P<player>{_PLAYER})\b"
)
_SENTENCES = re.compile(r"[^.!?;]+")
_NAMED_BUST = re.compile(
    rf"(?<![\w'])(?P<player>{_PLAYER}) (?:just |then |finally |also )?(?:{_OUT})\b(?! of\b)"
)

_SINCE = re.compile(r"\b(?:after|since|when|once|because)\b")
_OTHER_SUBJECT = re.compile(
    r"\b(?:(?:the|a|another|some|that|this) (?:other )?(?:guy|player|lady|woman|man|kid|one|dude|person)"
    r"|someone|somebody|nobody|everyone|everybody|they|i|we)\b"
)
_JOINED = re.compile(r",? (?:and|&) |, ")
_NAMES = {"sb": "small-blind", "small": "small-blind", "small blind": "small-blind"}
_NAMES |= {
    "bb": "big-blind",
    "big": "big-blind",
    "big blind": "big-blind",
    "button": "button",
    "btn": "button",
}


def eliminated_position(text: str) -> tuple[str, str] | None:
    """The position of the one player the (normalised) story has eliminated, when it gave that
    player a position, with the words that said so; None when it is not told or not one."""
    positions = _positions(text)
    if not positions:
        return None
    busted = _busted(text, list(positions))
    held = {positions[player] for player in busted if player in positions}
    if len(held) != 1 or len(busted) != 1:
        return None
    (player,) = busted
    position, (start, end) = positions[player]
    bust_start, bust_end = busted[player]
    if bust_start <= end + 40 and start <= bust_end:
        return position, text[min(start, bust_start) : max(end, bust_end)]
    return position, f"{text[start:end]} … {text[bust_start:bust_end]}"


def eliminated_unplaced(text: str) -> str | None:
    """The words, when the story gives some players a position and has another, whose position
    it never told, eliminated ("Dan had the button, Pete was the big blind ... Carla busts"):
    then no position it mentions is the eliminated player's."""
    positions = _positions(text)
    if not positions:
        return None
    busted = _busted(text, list(positions))
    if any(player in positions for player in busted):
        return None
    named = {bust.group("player"): bust.span() for bust in _NAMED_BUST.finditer(text)}
    unplaced = {**{p: span for p, span in named.items() if p not in positions}, **busted}
    if len(unplaced) != 1:
        return None
    (start, end), *_ = unplaced.values()
    return text[start:end]


def _positions(text: str) -> dict[str, tuple[str, tuple[int, int]]]:
    """Each player's position as first told, with where the words are; a player told twice
    with two positions (the button moved) is left out."""
    told: dict[str, tuple[str, tuple[int, int]]] = {}
    doubtful: set[str] = set()
    for match in _ASSIGNED.finditer(text):
        player = next(match.group(f"player{n}") for n in _FORMS if match.group(f"player{n}"))
        position = _NAMES[next(match.group(f"position{n}") for n in _FORMS if match.group(f"position{n}"))]
        if player in told and told[player][0] != position:
            doubtful.add(player)
        told.setdefault(player, (position, match.span()))
    return {player: said for player, said in told.items() if player not in doubtful}


def _busted(text: str, players: list[str]) -> dict[str, tuple[int, int]]:
    """Which of the players the story has eliminated, each with the words: the one a bust verb
    follows (a pronoun stands for the sentence's first player), or the one it is done to."""
    mentioned = re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, players)) + r"|he|she)\b")
    busted: dict[str, tuple[int, int]] = {}
    subject = None
    for sentence in _SENTENCES.finditer(text):
        words, offset = sentence.group(0), sentence.start()
        mentions = list(mentioned.finditer(words))
        first = next((m.group(0) for m in mentions if m.group(0) not in ("he", "she")), subject)
        knocks = {knock.start() for knock in _KNOCKS.finditer(words)}
        for bust in _BUST.finditer(words):
            if bust.start() in knocks:
                continue
            before = [m for m in mentions if m.end() <= bust.start()]
            if not before or _OTHER_SUBJECT.search(words[before[-1].end() : bust.start()]):
                continue
            subjects = [before[-1]]
            while len(before) > len(subjects) and _JOINED.fullmatch(
                words[before[-len(subjects) - 1].end() : subjects[-1].start()]
            ):
                subjects.append(before[-len(subjects) - 1])  # "seat 2 and seat 3 both went out"
            for mention in subjects:
                player = first if mention.group(0) in ("he", "she") else mention.group(0)
                if player is not None:
                    busted.setdefault(player, (offset + mention.start(), offset + bust.end()))
        for knock in _KNOCKS.finditer(words):
            busted.setdefault(knock.group("player"), (offset + knock.start(), offset + knock.end()))
        subject = first
    return busted


def players_left(text: str, count: int, said: str) -> tuple[int, str]:
    """The players left now, from a count the story told before a bust ("down to three. ...
    seat 1 lost, he's out": two); a count told after the bust, or for it ("down to three after
    Bob busted"), stands."""
    start = text.find(said)
    if start < 0 or count < 2:
        return count, said
    later = text[start + len(said) :]
    bust = _BUST.search(later)
    if bust is None or _SINCE.search(later[: bust.start()]):
        return count, said
    return count - 1, f"{said} … {later[max(0, bust.start() - 30) : bust.end()].split(None, 1)[-1]}"
