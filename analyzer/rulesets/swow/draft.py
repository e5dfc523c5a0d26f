"""Battle for Azeroth's draft (rulebooks/003_*, "Picking a Race and Special Power
combo"), played when params[PAR_VARIANT] is VARIANT_BFA; otherwise every hook
here hands over to the core's single column (engine/column.py), so the standard
game plays exactly as before.

- Each faction's banners lie in their own column: three face up, then the face-up
  top of its stack (the Neutral column has four and no stack). G_DRAFT keeps them
  per faction in column order, stack after, so a faction's first BFA_COLUMN
  banners are the ones a player sees.
- One column of powers: three face up and the face-up top of their stack, in the
  core's G_COL_POWER slots; the stack is the core's (pop_power).
- A seat picks a race of its own faction (ruling B4 when that column is empty).
  At 2 and 4 players nobody plays the Neutral column, so its banners never leave
  it: they are in the box (ruling B2) even when the tables still allow them;
  the race comes with the power on its line; position k costs k coins, paid to the
  reserve (no coins on combos: G_COL_COINS stays 0).
- After a pick both columns slide up and refill from their stacks, leaving an
  empty space at the bottom when a stack is out.
- A discarded banner goes under its faction's stack, or into the topmost empty
  space of the column when fewer than three are left: the banners always fill a
  column from the top, so either way it joins the end of its faction's list.

The bots see the picker's choice through the core's G_COL_RACE slots, which
offer_combos fills with the picker's faction column for the pick and take_combo
clears again.
"""

from __future__ import annotations

from analyzer.engine.column import (
    banners_in_column,
    fill_column,
    offer_column,
    pop_power,
)
from analyzer.engine.column import return_race as column_return_race
from analyzer.engine.column import take_combo as column_take_combo
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_COL_COINS,
    G_COL_POWER,
    G_COL_RACE,
    G_DRAFT,
    G_DRAFT_N,
    G_PLAYERS,
    G_RACE_STACK,
    G_RACE_STACK_N,
    MAX_COLUMN,
    MAX_FACTION_BANNERS,
    PAR_VARIANT,
    RT_FACTION,
    VARIANT_BFA,
    VARIANT_BFA_EXCHANGED,
)
from analyzer.rulesets.swow.ids import ALLIANCE, HORDE, NEUTRAL

BFA_COLUMN = 4  # positions in a column: three face up and the stack's face-up top
N_FACTIONS = 3


@inline_kernel
def is_bfa(t):
    """Battle for Azeroth, as printed or with the factions' seats exchanged."""
    v = t.params[PAR_VARIANT]
    return v == VARIANT_BFA or v == VARIANT_BFA_EXCHANGED


@inline_kernel
def exchanged(t):
    """The team study's arm with the Alliance's and the Horde's seats exchanged."""
    return t.params[PAR_VARIANT] == VARIANT_BFA_EXCHANGED


@kernel
def seat_faction(n_players, p, swap=False):
    """Seat p's faction: Alliance 1, Horde 1, Neutral, Alliance 2, Horde 2 without
    the seats nobody takes (bfa.SEAT_FACTIONS, ruling B1); `swap`: the Alliance and
    the Horde exchange their seats (Horde 1, Alliance 1, Neutral, Horde 2, Alliance 2)."""
    first, second = (HORDE, ALLIANCE) if swap else (ALLIANCE, HORDE)
    if p == 0:
        return first
    if p == 1:
        return second
    if n_players == 4:
        return first if p == 2 else second
    if p == 2:
        return NEUTRAL
    return first if p == 3 else second


@kernel
def draft_faction(g, t, p):
    """The faction column p picks from: its own; when that one is empty (only a
    scenario that leaves banners in the box can empty it), the fullest other
    column, Alliance before Horde before Neutral on a tie (ruling B4)."""
    g_gst = g.gst
    own = seat_faction(g_gst[G_PLAYERS], p, exchanged(t))
    if g_gst[G_DRAFT_N + own] > 0:
        return own
    best = own
    most = 0
    neutral_seated = g_gst[G_PLAYERS] in (3, 5)
    for f in (ALLIANCE, HORDE, NEUTRAL):
        if f == NEUTRAL and not neutral_seated:
            continue  # at 2 and 4 players the Neutral banners are in the box (B2)
        if f != own and g_gst[G_DRAFT_N + f] > most:
            most = g_gst[G_DRAFT_N + f]
            best = f
    return best


@kernel
def lay_out_draft(g, t, rng):
    """Setup: sort the shuffled banners into their factions' columns (each faction
    keeps the shuffled order, so its own order is a fair shuffle too) and lay out
    the power column."""
    if not is_bfa(t):
        fill_column(g, t, rng)
        return
    g_gst = g.gst
    for f in range(N_FACTIONS):
        g_gst[G_DRAFT_N + f] = 0
    for i in range(g_gst[G_RACE_STACK_N]):
        race = g_gst[G_RACE_STACK + i]
        f = t.race[race, RT_FACTION]
        g_gst[G_DRAFT + f * MAX_FACTION_BANNERS + g_gst[G_DRAFT_N + f]] = race
        g_gst[G_DRAFT_N + f] += 1
    g_gst[G_RACE_STACK_N] = 0
    for k in range(MAX_COLUMN):
        g_gst[G_COL_RACE + k] = -1
        g_gst[G_COL_COINS + k] = 0
        g_gst[G_COL_POWER + k] = pop_power(g, rng) if k < BFA_COLUMN else -1


@kernel
def offer_combos(g, t, p):
    """The combos p may pick, in the core's column slots: the races of p's faction
    column, each with the power on its line. Returns how many."""
    if not is_bfa(t):
        return offer_column(g, t, p)
    g_gst = g.gst
    f = draft_faction(g, t, p)
    first = G_DRAFT + f * MAX_FACTION_BANNERS
    n = min(g_gst[G_DRAFT_N + f], BFA_COLUMN)
    k = 0
    while k < n and g_gst[G_COL_POWER + k] >= 0:
        g_gst[G_COL_RACE + k] = g_gst[first + k]
        k += 1
    for j in range(k, MAX_COLUMN):
        g_gst[G_COL_RACE + j] = -1
    return k


@kernel
def take_combo(g, t, rng, p_coins, slot):
    """Take the combo at `slot` of the offer: (race, power, coins collected: none).
    The picker pays `slot` coins to the reserve (the core subtracts them)."""
    if not is_bfa(t):
        return column_take_combo(g, t, rng, p_coins, slot)
    g_gst = g.gst
    race = g_gst[G_COL_RACE + slot]
    power = g_gst[G_COL_POWER + slot]
    f = t.race[race, RT_FACTION]
    first = G_DRAFT + f * MAX_FACTION_BANNERS
    n = g_gst[G_DRAFT_N + f]
    for k in range(slot, n - 1):
        g_gst[first + k] = g_gst[first + k + 1]
    g_gst[G_DRAFT_N + f] = n - 1
    for k in range(slot, BFA_COLUMN - 1):
        g_gst[G_COL_POWER + k] = g_gst[G_COL_POWER + k + 1]
    g_gst[G_COL_POWER + BFA_COLUMN - 1] = pop_power(g, rng)
    for k in range(MAX_COLUMN):
        g_gst[G_COL_RACE + k] = -1  # the offer was the picker's view only
    return race, power, 0


@kernel
def return_race(g, t, rng, race):
    """A discarded banner: under its faction's stack, or into the topmost empty
    space of its column (the end of the faction's list either way)."""
    if not is_bfa(t):
        column_return_race(g, t, rng, race)
        return
    g_gst = g.gst
    f = t.race[race, RT_FACTION]
    n = g_gst[G_DRAFT_N + f]
    g_gst[G_DRAFT + f * MAX_FACTION_BANNERS + n] = race
    g_gst[G_DRAFT_N + f] = n + 1


@kernel
def banners_in_draft(g, t, seen):
    """Count the banners waiting to be picked into seen[race] (invariants)."""
    if not is_bfa(t):
        banners_in_column(g, t, seen)
        return
    g_gst = g.gst
    for f in range(N_FACTIONS):
        for k in range(g_gst[G_DRAFT_N + f]):
            seen[g_gst[G_DRAFT + f * MAX_FACTION_BANNERS + k]] += 1


@kernel
def ally_of(g, t, p):
    """p's ally (the other seat of its faction), -1 for none: the standard game,
    2 and 3 players, and the Neutral seat have none. Allies may share their VC
    (the sheet), so a bot may read its ally's stash. Exchanging the factions'
    seats keeps the same pairs of allies."""
    if not is_bfa(t):
        return -1
    n = g.gst[G_PLAYERS]
    mine = seat_faction(n, p, False)
    for q in range(n):
        if q != p and seat_faction(n, q, False) == mine:
            return q
    return -1
