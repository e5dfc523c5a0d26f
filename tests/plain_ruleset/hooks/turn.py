"""The turn hooks without abilities that have no core default
(engine/neutral_hooks/turn.py has the rest)."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel


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


@inline_kernel
def conquests_begin(g, t, p):
    return


@inline_kernel
def after_each_conquest(g, t, p):
    return False


@inline_kernel
def before_redeploy(g, t, p):
    return


@inline_kernel
def after_redeploy(g, t, p):
    return


@inline_kernel
def turn_ends(g, t, p, declined):
    return
