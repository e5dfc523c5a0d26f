"""SWoW's own bot parameter, in the slots the bots' vector leaves to a ruleset
(players/params.py H_RULESET). Plain data, imported by players/params.py without
numba: name -> (offset from H_RULESET, default, (low, high))."""

from __future__ import annotations

BOT_PARAMS = {
    # the Worgen take their worgen form when at least this many tokens are free to attack
    "worgen_hand": (0, 7.0, (0.0, 100.0)),
}
