"""A hand in play as HomePokerTourney defines it, told in two pieces: the blinds (or antes)
posted AND the dealer begun shuffling ("both blinds were posted at 20-40 and I'd already
started riffling when the timer beeped"). Each piece is said in its own words, anywhere in the
story; either one said as not yet done leaves the answer to the cues that say "no"."""

from __future__ import annotations

import re

_NOT_YET = r"(?<!before )(?<!before the )(?<!before both )(?<!not )(?<!n't )(?<!never )(?<!yet to )"
_POSTED = re.compile(
    rf"{_NOT_YET}\b(?:both |the )?(?:blinds|antes|blinds and antes|blinds/antes)"
    r" (?:were |are |had been |have been |was |got |went |had gone )?(?:already |all )?(?:posted|in|out|up)\b"
)
_SHUFFLING = re.compile(
    rf"{_NOT_YET}\b(?:(?:had |have |'d |was |were |already |just )*(?:started|begun|began) (?:to )?"
    r"(?:riffl\w*|shuffl\w*)|(?:was|were|is) (?:already )?(?:riffling|shuffling)"
    r"|already (?:riffled|shuffled))"
)


def hand_in_play_said(text: str) -> tuple[bool, str] | None:
    """True with both pieces' words when the story tells both; None otherwise."""
    posted, shuffling = _POSTED.search(text), _SHUFFLING.search(text)
    if posted and shuffling:
        return True, f"{posted.group(0)} ... {shuffling.group(0)}"
    return None
