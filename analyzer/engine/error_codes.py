"""The codes an invariant check (or a bot's illegal move) leaves in a game's
G_ERROR, shared by the core's checks (invariants.py) and a ruleset's own."""

from __future__ import annotations

ERR_COINS = 1  # a player's coins went negative
ERR_REGION = 2  # a region's owner, race, decline flag and tokens disagree
ERR_BOX = 3  # more tokens of a race in play than its box holds
ERR_DECLINE = 4  # a player holds regions of more than one in-decline race
ERR_CAPS = 5  # more tokens of the race of nobody or mountains on the boards than the box holds
ERR_MIN_TOKENS = 6  # an active region below its race's minimum
ERR_HAND = 7  # tokens left in hand by a player who holds regions
ERR_BANNERS = 8  # a banner is missing or in two places
ERR_WATER = 9  # a race that may not enter water stands in a water region
ERR_TARGETS = 10  # conquest costs updated after a conquest differ from a full recompute
ERR_PIECES = 11  # a power's piece where its power cannot have put it (the ruleset checks)
ERR_PIECE_CAPS = 12  # more of a power's pieces in play than the box holds
ERR_RACE_PIECES = 13  # a race's pieces misplaced or more in play than the box holds
ERR_MARKERS = 14  # a marker in two places, face up but absent, moved face down, or misplaced
ERR_BAD_MOVE = 100  # a bot asked for something illegal (set by the turn, not checked here)

ERROR_NAMES = {
    ERR_COINS: "coins negative",
    ERR_REGION: "region state inconsistent",
    ERR_BOX: "race tokens exceed the box",
    ERR_DECLINE: "more than one in-decline race",
    ERR_CAPS: "tokens of the race of nobody or mountains exceed the box",
    ERR_MIN_TOKENS: "region below its minimum tokens",
    ERR_HAND: "tokens left in hand beside held regions",
    ERR_BANNERS: "banner lost or duplicated",
    ERR_WATER: "race in water it may not enter",
    ERR_TARGETS: "conquest costs out of date after a conquest",
    ERR_PIECES: "a power's piece where it cannot be",
    ERR_PIECE_CAPS: "a power's pieces exceed the box",
    ERR_RACE_PIECES: "a race's pieces misplaced or over the box",
    ERR_MARKERS: "a marker in two places or misplaced",
    ERR_BAD_MOVE: "a bot asked for an illegal move",
}
