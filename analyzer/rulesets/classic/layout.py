"""The original game's columns after the core's (engine/core_layout.py): its
pieces on the regions, its per-player and per-game state, and the ids the
engine uses for its terrains, symbols and components (ids.py has the names)."""

from __future__ import annotations

from analyzer.engine.core_layout import (
    EV_RULESET,
    G_CORE_NF,
    G_CORE_UNSET,
    MAX_RACES,
    P_CORE_NF,
    P_STANCE,
    R_CORE_NF,
    RT_CORE_NF,
    SYM_ENTRY,
    terrain_bits,
)
from analyzer.rulesets.classic import ids

# Terrain ids (ids.TERRAINS order) and symbol bits as the compiled maps carry them.
FARMLAND, HILL, FOREST, MOUNTAIN, SWAMP, SEA, LAKE = range(7)
TERRAIN_WATER = terrain_bits(ids.TERRAINS, ids.WATER_TERRAINS)  # the terrain kind the core asks
SYM_MAGIC = 1 << 0
SYM_CAVERN = 1 << 1
SYM_LOST_TRIBE = 1 << 2
SYM_MOUNTAIN = 1 << 3
SYM_BORDER_ENTRY = SYM_ENTRY  # a valid first conquest (the map's edge or an edge Sea's shore)
SYM_MINE = 1 << 5
SYM_COASTAL = 1 << 6  # borders a Sea or the Lake (the Tritons' discount)
SYMBOL_BITS = {
    "Magic Source": SYM_MAGIC,
    "Cavern": SYM_CAVERN,
    "Lost Tribe": SYM_LOST_TRIBE,
    "Mine": SYM_MINE,
}

# Race ids: the 14 races in ids.RACES order, then the Lost Tribes (nobody's race).
N_RACES = len(ids.RACES)
LOST_TRIBES = N_RACES
N_RACE_IDS = N_RACES + 1
assert N_RACE_IDS <= MAX_RACES, (
    f"analyzer/rulesets/classic/ids.py RACES: {N_RACE_IDS} race ids with the race of "
    f"nobody, but the engine holds at most {MAX_RACES} (engine/core_layout.py MAX_RACES)"
)
NOBODY = LOST_TRIBES

# The original game's own event kind after the core's (tables.py EVENT_TEXTS words it):
# a race takes a region in place of its lone token (the Sorcerers): a=the player who
# held it, b=that player's race
EV_CONVERT = EV_RULESET

# caps: the box counts of ids.COMPONENTS, then the Lost Tribes' tokens
COMPONENTS = ids.COMPONENTS + ("lost_tribes",)
N_COMPONENTS = len(COMPONENTS)
(
    C_TROLL_LAIRS,
    C_FORTRESSES,
    C_MOUNTAINS,
    C_ENCAMPMENTS,
    C_HOLES,
    C_HEROES,
    C_DRAGON,
    C_COINS,
    C_LOST_TRIBES,
) = range(N_COMPONENTS)
CAP_NOBODY = C_LOST_TRIBES
CAP_MOUNTAINS = C_MOUNTAINS

# race_tab[race, *]: the core's columns only
RT_NF = RT_CORE_NF
# no markers: the marker table is one unused row
N_MARKERS = 0
MT_NF = 1

# reg[r, *]
(
    R_LAIR,  # a Troll's Lair (0 or 1)
    R_FORTRESS,  # a Fortress (0 or 1)
    R_ENCAMPMENTS,  # Bivouacking's Encampments here (0 to 5)
    R_HOLE,  # a Halflings' Hole-in-the-Ground (0 or 1)
    R_HERO,  # a Hero (0 or 1)
    R_DRAGON,  # the Dragon (0 or 1)
    R_NEAR_MOUNTAIN,  # the Giants' discount: next to a Mountain region the active Giants hold
) = range(R_CORE_NF, R_CORE_NF + 7)
R_NF = R_CORE_NF + 7

# ply[p, *]
# P_STANCE: the active power's state that its conquest costs read: Berserk's die
# roll for the next conquest; Underworld: 1 once the race holds a Cavern
P_ROLL = P_STANCE
P_IN_CAVERNS = P_STANCE
(
    P_ASIDE,  # Amazons: the 4 conquest-only tokens set aside until the next turn
    P_ENCAMP_HAND,  # Bivouacking: Encampments in hand to place at redeployment
    P_HOLES_USED,  # Halflings: Holes-in-the-Ground placed by this race (0 to 2)
    P_PEACE_FROM,  # 1 + the player whose Diplomat made peace with this one, 0: none
    P_TURNS,  # turns the active race has played (Wealthy pays at the end of its first)
    P_SPIRIT_RACE,  # Spirit: the in-decline race beside P_DECLINE_RACE (-1: none)
    P_SPIRIT_INSTANCE,  # its row of the instance table
    P_GHOUL_HAND,  # Ghouls in decline: tokens withdrawn from a region lost this turn
    P_TALLY_BEFORE,  # bots: the public tally when the player's latest turn began
    P_LAST_GAIN,  # bots: what the player's latest finished turn added to its tally
) = range(P_CORE_NF, P_CORE_NF + 10)
P_NF = P_CORE_NF + 10

# gst[*]: per-turn counters, reset at every turn start
(
    G_NONEMPTY,  # non-empty regions the current active race conquered this turn
    G_CONVERTED,  # Sorcerers: bit per opponent converted this turn
    G_FORTRESS_DONE,  # Fortified: 1 once this turn's Fortress is placed
    G_ATTACKED,  # bit per player whose active race the current player attacked
    G_DRAGON_USED,  # Dragon Master: 1 once this turn's Dragon conquest is made
    G_ROLLS_AT,  # the die's roll count when the conquests began (a final attempt ends them)
) = range(G_CORE_NF, G_CORE_NF + 6)
G_NF = G_CORE_NF + 6
G_UNSET = G_CORE_UNSET
