"""The played ruleset's rule hooks: its setup, conquest costs and reach, its
pieces, what a conquest pays and leaves, losses, scoring bonuses, decline, its
invariants, and the numbers the core reads. setup.py, conquest.py, decline.py,
scoring.py, invariants.py, game.py and both bots call them by these names.

Bound once per process to the ruleset's `hooks.rules` module (engine/__init__.py
says which ruleset): numba compiles every caller against the functions bound
here, so a process compiles its own ruleset's code and no other."""

from __future__ import annotations

from analyzer.engine import column as _column
from analyzer.engine import ruleset_module
from analyzer.engine.jit import kernel as _kernel

_ruleset = ruleset_module("hooks.rules")


@_kernel
def _nothing_hidden(g, t, p):
    return


# The draft: a ruleset may deal its combos its own way (SWoW's Battle for Azeroth
# variant); one that names none of these plays the core's single column.
OPTIONAL_HOOKS = {
    "lay_out_draft": _column.fill_column,
    "offer_combos": _column.offer_column,
    "take_combo": _column.take_combo,
    "return_race": _column.return_race,
    "banners_in_draft": _column.banners_in_column,
    # what a player cannot see beyond the core's (the stacks' order, others' coins),
    # dealt again for a bot's imagined game (players/lookahead.py)
    "redeal_hidden": _nothing_hidden,
}
lay_out_draft = getattr(_ruleset, "lay_out_draft", OPTIONAL_HOOKS["lay_out_draft"])
offer_combos = getattr(_ruleset, "offer_combos", OPTIONAL_HOOKS["offer_combos"])
take_combo = getattr(_ruleset, "take_combo", OPTIONAL_HOOKS["take_combo"])
return_race = getattr(_ruleset, "return_race", OPTIONAL_HOOKS["return_race"])
banners_in_draft = getattr(_ruleset, "banners_in_draft", OPTIONAL_HOOKS["banners_in_draft"])
redeal_hidden = getattr(_ruleset, "redeal_hidden", OPTIONAL_HOOKS["redeal_hidden"])

REENTER_BY_ENTRY = _ruleset.REENTER_BY_ENTRY
active_bonus = _ruleset.active_bonus
after_conquest = _ruleset.after_conquest
choose_faces = _ruleset.choose_faces
conquest_fee = _ruleset.conquest_fee
conquest_fee_owed = _ruleset.conquest_fee_owed
decline_bonus = _ruleset.decline_bonus
decline_keep = _ruleset.decline_keep
decline_race_held = _ruleset.decline_race_held
final_die = _ruleset.final_die
first_conquest_entry = _ruleset.first_conquest_entry
guard_price = _ruleset.guard_price
hand_empty = _ruleset.hand_empty
held_bits = _ruleset.held_bits
into_spare_decline = _ruleset.into_spare_decline
is_water = _ruleset.is_water
least_conquest_tokens = _ruleset.least_conquest_tokens
marsh_toll = _ruleset.marsh_toll
may_enter_water = _ruleset.may_enter_water
min_region_tokens = _ruleset.min_region_tokens
modify_cost = _ruleset.modify_cost
on_decline = _ruleset.on_decline
open_modes = _ruleset.open_modes
pays_travel = _ruleset.pays_travel
pieces_after_stacks = _ruleset.pieces_after_stacks
pieces_fall = _ruleset.pieces_fall
pieces_invariants = _ruleset.pieces_invariants
pieces_from_hand = _ruleset.pieces_from_hand
pieces_to_hand = _ruleset.pieces_to_hand
place_pieces = _ruleset.place_pieces
power_lasts_in_decline = _ruleset.power_lasts_in_decline
race_tokens_in_hand = _ruleset.race_tokens_in_hand
race_tokens_in_play = _ruleset.race_tokens_in_play
reaches_as_adjacent = _ruleset.reaches_as_adjacent
region_defence = _ruleset.region_defence
region_emptied = _ruleset.region_emptied
region_immune = _ruleset.region_immune
region_taken = _ruleset.region_taken
ruleset_invariants = _ruleset.ruleset_invariants
spare_decline_gone = _ruleset.spare_decline_gone
spare_decline_race = _ruleset.spare_decline_race
spare_decline_vc = _ruleset.spare_decline_vc
tokens_killed = _ruleset.tokens_killed
tokens_lost = _ruleset.tokens_lost
water_terrain = _ruleset.water_terrain
