"""Turn hooks of a ruleset with no ability at that point: the core's turn as it
stands (plain conquests only, nothing before or after them, no markers).
gameloop/turn_hooks.py binds each to the ruleset's own when it gives one
(engine/hook_table.py lists them)."""

from __future__ import annotations

from analyzer.engine.conquest import ATTACK_ILLEGAL
from analyzer.engine.jit import inline_kernel, kernel


@inline_kernel
def turn_begins(g, t, p):
    return


@inline_kernel
def combo_taken(g, p):
    return


@inline_kernel
def active_turn_begins(g, t, p):
    return


@inline_kernel
def before_conquests(g, t, p):
    return


@kernel
def coins_gate_regions(g, p):
    return False


@inline_kernel
def conquests_beyond_targets(g, p):
    return False


@inline_kernel
def hand_may_conquer(g, p):
    return True


@inline_kernel
def before_conquest(g, t, p, n_targets):
    return 0, n_targets


@inline_kernel
def marker_at(g, r):
    return False


@kernel
def ability_conquest(g, t, p, r, mode, modes):
    return ATTACK_ILLEGAL


@inline_kernel
def plain_conquest(g, r, modes):
    return modes == 0


@inline_kernel
def on_attack(g, p, r):
    return


@inline_kernel
def special_conquest(g, t, p, r, final, modes):
    return ATTACK_ILLEGAL


@inline_kernel
def after_each_conquest(g, t, p):
    return False


@inline_kernel
def targets_stale(g, p, gated, coins_before):
    return False


@inline_kernel
def before_targets(g, t, p):
    return


@inline_kernel
def after_conquests(g, t, p):
    return


@inline_kernel
def before_redeploy(g, t, p):
    return


@inline_kernel
def after_redeploy(g, t, p):
    return


@inline_kernel
def turn_ends(g, t, p, declined):
    return


@inline_kernel
def after_scoring(g, t, p, declined):
    return
