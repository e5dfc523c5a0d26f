"""Where SWoW implements the core's rule hooks (engine/hook_table.py lists them)."""

from __future__ import annotations

from analyzer.engine.faces import draw_faces as choose_faces
from analyzer.rulesets.swow.abilities import (
    after_conquest,
    conquest_fee,
    conquest_fee_owed,
    least_conquest_tokens,
    min_region_tokens,
    on_decline,
    pays_travel,
    pieces_to_hand,
    power_lasts_in_decline,
    race_tokens_in_play,
    region_immune,
    tokens_killed,
)
from analyzer.rulesets.swow.abilities import marsh_toll as conquest_toll
from analyzer.rulesets.swow.abilities import (
    min_region_tokens as decline_keep,
)
from analyzer.rulesets.swow.checks import pieces_invariants, ruleset_invariants
from analyzer.rulesets.swow.draft import (
    banners_in_draft,
    lay_out_draft,
    offer_combos,
    return_race,
    take_combo,
)
from analyzer.rulesets.swow.hidden import redeal_hidden
from analyzer.rulesets.swow.markers import open_modes
from analyzer.rulesets.swow.pieces import (
    hand_empty,
    held_bits,
    pieces_fall,
    pieces_from_hand,
    race_tokens_in_hand,
    region_defence,
    region_emptied,
    region_taken,
    token_pieces,
    tokens_lost,
)
from analyzer.rulesets.swow.pieces import marker_guard_price as guard_price
from analyzer.rulesets.swow.reach import (
    REENTER_BY_ENTRY,
    first_conquest_entry,
    may_enter_water,
    modify_cost,
    reaches_as_adjacent,
)
from analyzer.rulesets.swow.scoring import turn_bonuses
from analyzer.rulesets.swow.setup import pieces_after_stacks, place_pieces

__all__ = [
    "take_combo",
    "return_race",
    "offer_combos",
    "lay_out_draft",
    "banners_in_draft",
    "redeal_hidden",
    "REENTER_BY_ENTRY",
    "after_conquest",
    "choose_faces",
    "conquest_fee",
    "conquest_fee_owed",
    "decline_keep",
    "first_conquest_entry",
    "guard_price",
    "hand_empty",
    "held_bits",
    "least_conquest_tokens",
    "conquest_toll",
    "may_enter_water",
    "min_region_tokens",
    "modify_cost",
    "on_decline",
    "open_modes",
    "pays_travel",
    "pieces_after_stacks",
    "pieces_fall",
    "pieces_invariants",
    "pieces_from_hand",
    "pieces_to_hand",
    "place_pieces",
    "power_lasts_in_decline",
    "race_tokens_in_hand",
    "race_tokens_in_play",
    "reaches_as_adjacent",
    "region_defence",
    "region_emptied",
    "region_immune",
    "region_taken",
    "ruleset_invariants",
    "token_pieces",
    "tokens_killed",
    "tokens_lost",
    "turn_bonuses",
]
