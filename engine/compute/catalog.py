"""Every computation, imported once so each registers against its rule keys."""

from engine.compute import (  # noqa: F401
    buyin,
    jackpot,
    kill,
    nolimit,
    oddchips,
    payout,
    potlimit,
    raisecap,
    reopening,
    sidepots,
)
