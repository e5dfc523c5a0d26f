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
from analyzer.engine.neutral_hooks import rules as _neutral

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


def _hook(name: str):
    """The ruleset's hook `name`, else the core's neutral one (engine/neutral_hooks/),
    which makes it optional."""
    if name not in OPTIONAL_HOOKS:
        OPTIONAL_HOOKS[name] = getattr(_neutral, name)
    return getattr(_ruleset, name, OPTIONAL_HOOKS[name])


lay_out_draft = _hook("lay_out_draft")
offer_combos = _hook("offer_combos")
take_combo = _hook("take_combo")
return_race = _hook("return_race")
banners_in_draft = _hook("banners_in_draft")
redeal_hidden = _hook("redeal_hidden")

REENTER_BY_ENTRY = _ruleset.REENTER_BY_ENTRY
active_bonus = _ruleset.active_bonus
after_conquest = _ruleset.after_conquest
choose_faces = _ruleset.choose_faces
conquest_fee = _ruleset.conquest_fee
conquest_fee_owed = _ruleset.conquest_fee_owed
decline_bonus = _ruleset.decline_bonus
decline_keep = _ruleset.decline_keep
decline_race_held = _hook("decline_race_held")
final_die = _hook("final_die")
first_conquest_entry = _ruleset.first_conquest_entry
guard_price = _hook("guard_price")
hand_empty = _hook("hand_empty")
held_bits = _hook("held_bits")
into_spare_decline = _hook("into_spare_decline")
is_water = _hook("is_water")
least_conquest_tokens = _hook("least_conquest_tokens")
marsh_toll = _hook("marsh_toll")
may_enter_water = _ruleset.may_enter_water
min_region_tokens = _hook("min_region_tokens")
modify_cost = _ruleset.modify_cost
on_decline = _ruleset.on_decline
open_modes = _hook("open_modes")
pays_travel = _ruleset.pays_travel
pieces_after_stacks = _hook("pieces_after_stacks")
pieces_fall = _ruleset.pieces_fall
pieces_invariants = _ruleset.pieces_invariants
pieces_from_hand = _hook("pieces_from_hand")
pieces_to_hand = _ruleset.pieces_to_hand
place_pieces = _ruleset.place_pieces
power_lasts_in_decline = _ruleset.power_lasts_in_decline
race_tokens_in_hand = _ruleset.race_tokens_in_hand
race_tokens_in_play = _ruleset.race_tokens_in_play
reaches_as_adjacent = _ruleset.reaches_as_adjacent
region_defence = _ruleset.region_defence
region_emptied = _hook("region_emptied")
region_immune = _ruleset.region_immune
region_taken = _hook("region_taken")
ruleset_invariants = _hook("ruleset_invariants")
spare_decline_gone = _hook("spare_decline_gone")
spare_decline_race = _hook("spare_decline_race")
spare_decline_vc = _hook("spare_decline_vc")
tokens_killed = _hook("tokens_killed")
tokens_lost = _ruleset.tokens_lost
water_terrain = _hook("water_terrain")
