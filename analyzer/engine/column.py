"""The combo column: picking a race and power, paying for it, refilling.

Slot 0 is the top (free) combo; slot k costs k coins, one dropped on each combo
above it. The banner stack's top is gst[G_RACE_STACK]; a banner that leaves
the game goes to the lowest empty slot of the column, or else the stack bottom.
"""

from __future__ import annotations

from numba import njit

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


@njit(cache=True)
def pop_race(g):
    n = g.gst[G_RACE_STACK_N]
    if n == 0:
        return -1
    race = g.gst[G_RACE_STACK]
    for i in range(n - 1):
        g.gst[G_RACE_STACK + i] = g.gst[G_RACE_STACK + i + 1]
    g.gst[G_RACE_STACK_N] = n - 1
    return race


@njit(cache=True)
def pop_power(g, rng):
    """Top badge of the stack; the discards are reshuffled when it runs out."""
    n = g.gst[G_POWER_STACK_N]
    if n == 0:
        nd = g.gst[G_POWER_DISCARD_N]
        if nd == 0:
            return -1
        for i in range(nd):
            g.gst[G_POWER_STACK + i] = g.gst[G_POWER_DISCARD + i]
        g.gst[G_POWER_DISCARD_N] = 0
        shuffle(rng, STREAM_SETUP, g.gst[G_POWER_STACK : G_POWER_STACK + nd], nd)
        n = nd
    power = g.gst[G_POWER_STACK]
    for i in range(n - 1):
        g.gst[G_POWER_STACK + i] = g.gst[G_POWER_STACK + i + 1]
    g.gst[G_POWER_STACK_N] = n - 1
    return power


@njit(cache=True)
def fill_column(g, t, rng):
    """Lay out the column at setup: every slot from the top of the stacks."""
    for k in range(t.params[PAR_COLUMN_SIZE]):
        race = pop_race(g)
        g.gst[G_COL_RACE + k] = race
        g.gst[G_COL_POWER + k] = pop_power(g, rng) if race >= 0 else -1
        g.gst[G_COL_COINS + k] = 0


@njit(cache=True)
def visible_combos(g, t):
    """How many slots hold a combo (empty slots are always at the bottom)."""
    size = t.params[PAR_COLUMN_SIZE]
    n = 0
    for k in range(size):
        if g.gst[G_COL_RACE + k] >= 0:
            n += 1
    return n


@njit(cache=True)
def take_combo(g, t, rng, p_coins, slot):
    """Remove the combo at `slot`, slide the column up, refill the bottom slot.

    Returns (race, power, coins collected). The caller has checked the player can
    pay `slot` coins; one of them is dropped on each combo above.
    """
    size = t.params[PAR_COLUMN_SIZE]
    race = g.gst[G_COL_RACE + slot]
    power = g.gst[G_COL_POWER + slot]
    collected = g.gst[G_COL_COINS + slot]
    for k in range(slot):
        g.gst[G_COL_COINS + k] += 1
    for k in range(slot, size - 1):
        g.gst[G_COL_RACE + k] = g.gst[G_COL_RACE + k + 1]
        g.gst[G_COL_POWER + k] = g.gst[G_COL_POWER + k + 1]
        g.gst[G_COL_COINS + k] = g.gst[G_COL_COINS + k + 1]
    last = size - 1
    new_race = pop_race(g)
    g.gst[G_COL_RACE + last] = new_race
    g.gst[G_COL_POWER + last] = pop_power(g, rng) if new_race >= 0 else -1
    g.gst[G_COL_COINS + last] = 0
    return race, power, collected


@njit(cache=True)
def return_race(g, t, rng, race):
    """A banner leaves the game: to the lowest empty slot (with a fresh badge), or
    to the bottom of the stack."""
    size = t.params[PAR_COLUMN_SIZE]
    for k in range(size):
        if g.gst[G_COL_RACE + k] < 0:
            g.gst[G_COL_RACE + k] = race
            g.gst[G_COL_POWER + k] = pop_power(g, rng)
            g.gst[G_COL_COINS + k] = 0
            return
    n = g.gst[G_RACE_STACK_N]
    g.gst[G_RACE_STACK + n] = race
    g.gst[G_RACE_STACK_N] = n + 1


@njit(cache=True)
def discard_power(g, power):
    if power < 0:
        return
    n = g.gst[G_POWER_DISCARD_N]
    g.gst[G_POWER_DISCARD + n] = power
    g.gst[G_POWER_DISCARD_N] = n + 1
