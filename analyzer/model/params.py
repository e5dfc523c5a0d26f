"""Every tunable rule constant in one object, and its flat vector for the engine.

A house rule or a scenario changes a rule by `dataclasses.replace(params, ...)`;
the engine sees the numbers through `to_array()`, and the race and power numbers
(banner and badge tokens, which ones are in the game) through the compiled tables.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.engine import core_layout as L

PLAYER_COUNTS = tuple(range(2, L.MAX_PLAYERS + 1))
# The order of board sizes in `boards` (and in the engine's params vector).
SIZE_KEYS = ("large", "medium", "small")


@dataclass(frozen=True)
class Parameters:
    start_coins: int
    column_size: int
    faction_bonus: int
    travel_cost: int
    base_cost: int
    water_cost: int
    die_faces: tuple[int, ...]
    die_max_short: int
    min_conquest_tokens: int
    rounds: dict[int, int]  # players -> rounds
    boards: dict[int, tuple[int, int, int]]  # players -> faces of each size (SIZE_KEYS)
    use_die: bool = True  # roll the reinforcement die on the final attempt
    murlocs: bool = True  # place Murlocs at setup
    extra_rounds: int = 0  # added to the rounds of every player count
    seat_coins: tuple[int, ...] = (0,) * L.MAX_PLAYERS  # extra starting coins by seat
    variant: int = 0  # the ruleset's variant (0: the standard game; SWoW: 1 Battle for Azeroth)
    # Per race / power, in id order; a ruleset's printed_parameters fills them.
    banners: tuple[int, ...] = ()  # race tokens on each banner
    races_allowed: tuple[bool, ...] = ()  # False: the banner is left in the box
    badges: tuple[int, ...] = ()  # power tokens on each badge
    powers_allowed: tuple[bool, ...] = ()

    def to_array(self, rule_params: tuple[str, ...] = ()) -> np.ndarray:
        """The int32 params vector laid out as analyzer.engine.layout's PAR_* say;
        `rule_params` (the played ruleset's layout RULE_PARAMS) names the fields that
        fill its own slots, from PAR_RULESET on."""
        if len(self.die_faces) != 6:
            raise ValueError(f"the die needs 6 faces, got {self.die_faces!r}")
        if len(rule_params) > L.N_RULESET_PARAMS:
            raise ValueError(
                f"a ruleset has {L.N_RULESET_PARAMS} rule slots (engine/core_layout.py "
                f"N_RULESET_PARAMS), its layout's RULE_PARAMS names {len(rule_params)}"
            )
        out = np.zeros(L.N_PARAMS, dtype=np.int32)
        out[L.PAR_START_COINS] = self.start_coins
        out[L.PAR_COLUMN_SIZE] = self.column_size
        for i, name in enumerate(rule_params):
            out[L.PAR_RULESET + i] = getattr(self, name)
        out[L.PAR_TRAVEL_COST] = self.travel_cost
        out[L.PAR_BASE_COST] = self.base_cost
        out[L.PAR_WATER_COST] = self.water_cost
        out[L.PAR_DIE_MAX_SHORT] = self.die_max_short
        out[L.PAR_USE_DIE] = int(self.use_die)
        out[L.PAR_NOBODY] = int(self.murlocs)
        out[L.PAR_EXTRA_ROUNDS] = self.extra_rounds
        out[L.PAR_MIN_CONQUEST_TOKENS] = self.min_conquest_tokens
        out[L.PAR_DIE_FACES : L.PAR_DIE_FACES + 6] = self.die_faces
        seats = tuple(self.seat_coins) + (0,) * (L.MAX_PLAYERS - len(self.seat_coins))
        out[L.PAR_SEAT_COINS : L.PAR_SEAT_COINS + L.MAX_PLAYERS] = seats
        out[L.PAR_VARIANT] = self.variant
        for players in PLAYER_COUNTS:
            k = players - 2
            out[L.PAR_ROUNDS + k] = self.rounds[players]
            out[L.PAR_BOARDS + 3 * k : L.PAR_BOARDS + 3 * k + 3] = self.boards[players]
        return out
