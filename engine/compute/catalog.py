"""Every computation, imported once so each registers against its rule keys."""

from engine.compute import (  # noqa: F401
    blinds,
    buyin,
    calls,
    chip,
    deadlines,
    drop,
    forfeit,
    jackpot,
    kill,
    limit,
    nolimit,
    oddchips,
    openpair,
    payout,
    places,
    potlimit,
    raisecap,
    reopening,
    sidepots,
)
