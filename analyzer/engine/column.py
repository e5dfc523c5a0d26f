"""The combo column: picking a race and power, paying for it, refilling.

Slot 0 is the top (free) combo; slot k costs k coins, one dropped on each combo
above it. The banner stack's top is gst[G_RACE_STACK]; a banner that leaves
the game goes to the lowest empty slot of the column, or else the stack bottom.
"""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_COL_COINS,
    G_COL_POWER,
    G_COL_RACE,
    G_POWER_DISCARD,
    G_POWER_DISCARD_N,
    G_POWER_STACK,
    G_POWER_STACK_N,
    G_RACE_STACK,
    G_RACE_STACK_N,
    PAR_COLUMN_SIZE,
    STREAM_SETUP,
)
from analyzer.engine.rng import shuffle


@kernel
def pop_race(g):
    g_gst = g.gst
    n = g_gst[G_RACE_STACK_N]
    if n == 0:
        return -1
    race = g_gst[G_RACE_STACK]
    for i in range(n - 1):
        g_gst[G_RACE_STACK + i] = g_gst[G_RACE_STACK + i + 1]
    g_gst[G_RACE_STACK_N] = n - 1
    return race


@kernel
def pop_power(g, rng):
    """Top badge of the stack; the discards are reshuffled when it runs out."""
    g_gst = g.gst
    n = g_gst[G_POWER_STACK_N]
    if n == 0:
        nd = g_gst[G_POWER_DISCARD_N]
        if nd == 0:
            return -1
        for i in range(nd):
            g_gst[G_POWER_STACK + i] = g_gst[G_POWER_DISCARD + i]
        g_gst[G_POWER_DISCARD_N] = 0
        shuffle(rng, STREAM_SETUP, g_gst[G_POWER_STACK : G_POWER_STACK + nd], nd)
        n = nd
    power = g_gst[G_POWER_STACK]
    for i in range(n - 1):
        g_gst[G_POWER_STACK + i] = g_gst[G_POWER_STACK + i + 1]
    g_gst[G_POWER_STACK_N] = n - 1
    return power


@kernel
def fill_column(g, t, rng):
    """Lay out the column at setup: every slot from the top of the stacks."""
    g_gst = g.gst
    t_params = t.params
    for k in range(t_params[PAR_COLUMN_SIZE]):
        race = pop_race(g)
        g_gst[G_COL_RACE + k] = race
        g_gst[G_COL_POWER + k] = pop_power(g, rng) if race >= 0 else -1
        g_gst[G_COL_COINS + k] = 0


@kernel
def visible_combos(g, t):
    """How many slots hold a combo (empty slots are always at the bottom)."""
    g_gst = g.gst
    size = t.params[PAR_COLUMN_SIZE]
    n = 0
    for k in range(size):
        if g_gst[G_COL_RACE + k] >= 0:
            n += 1
    return n


@kernel
def offer_column(g, t, p):
    """The combos p may pick: the column's first n slots (n returned)."""
    return visible_combos(g, t)


@kernel
def banners_in_column(g, t, seen):
    """Count the banners in the column and the stack into seen[race] (invariants)."""
    g_gst = g.gst
    for k in range(t.params[PAR_COLUMN_SIZE]):
        race = g_gst[G_COL_RACE + k]
        if race >= 0:
            seen[race] += 1
    for k in range(g_gst[G_RACE_STACK_N]):
        seen[g_gst[G_RACE_STACK + k]] += 1


@kernel
def take_combo(g, t, rng, p_coins, slot):
    """Remove the combo at `slot`, slide the column up, refill the bottom slot.

    Returns (race, power, coins collected). The caller has checked the player can
    pay `slot` coins; one of them is dropped on each combo above.
    """
    g_gst = g.gst
    size = t.params[PAR_COLUMN_SIZE]
    race = g_gst[G_COL_RACE + slot]
    power = g_gst[G_COL_POWER + slot]
    collected = g_gst[G_COL_COINS + slot]
    for k in range(slot):
        g_gst[G_COL_COINS + k] += 1
    for k in range(slot, size - 1):
        g_gst[G_COL_RACE + k] = g_gst[G_COL_RACE + k + 1]
        g_gst[G_COL_POWER + k] = g_gst[G_COL_POWER + k + 1]
        g_gst[G_COL_COINS + k] = g_gst[G_COL_COINS + k + 1]
    last = size - 1
    new_race = pop_race(g)
    g_gst[G_COL_RACE + last] = new_race
    g_gst[G_COL_POWER + last] = pop_power(g, rng) if new_race >= 0 else -1
    g_gst[G_COL_COINS + last] = 0
    return race, power, collected


@kernel
def return_race(g, t, rng, race):
    """A banner leaves the game: to the lowest empty slot (with a fresh badge), or
    to the bottom of the stack."""
    g_gst = g.gst
    size = t.params[PAR_COLUMN_SIZE]
    for k in range(size):
        if g_gst[G_COL_RACE + k] < 0:
            g_gst[G_COL_RACE + k] = race
            g_gst[G_COL_POWER + k] = pop_power(g, rng)
            g_gst[G_COL_COINS + k] = 0
            return
    n = g_gst[G_RACE_STACK_N]
    g_gst[G_RACE_STACK + n] = race
    g_gst[G_RACE_STACK_N] = n + 1


@inline_kernel
def discard_power(g, power):
    if power < 0:
        return
    n = g.gst[G_POWER_DISCARD_N]
    g.gst[G_POWER_DISCARD + n] = power
    g.gst[G_POWER_DISCARD_N] = n + 1
