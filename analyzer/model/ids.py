"""The vocabulary shared by the content files, the loader and the engine.

Names are what a user writes in a TOML file; the integer ids are what the numba
engine sees. Ids of races, powers and markers are their position in these tuples,
so the engine can dispatch an ability by id without a lookup.
"""

from __future__ import annotations

TERRAINS = ("Fields", "Hills", "Forest", "Mountain", "Swamp", "Sea", "Lake")
FIELDS, HILLS, FOREST, MOUNTAIN_TERRAIN, SWAMP, SEA, LAKE = range(7)
WATER_TERRAINS = (SEA, LAKE)

# Region symbols are bits of one integer per region.
SYMBOLS = ("Magic", "Cavern", "Murloc", "Mountain", "Entry", "Marker")
SYM_MAGIC = 1 << 0
SYM_CAVERN = 1 << 1
SYM_MURLOC = 1 << 2
SYM_MOUNTAIN = 1 << 3
SYM_ENTRY = 1 << 4
SYM_MARKER = 1 << 5  # the S / M / L icon: where the face-down marker starts
SYMBOL_BITS = dict(zip(SYMBOLS, (1 << i for i in range(len(SYMBOLS))), strict=True))

FACTIONS = ("Neutral", "Alliance", "Horde")
NEUTRAL, ALLIANCE, HORDE = range(3)

BOARD_SIZES = ("S", "M", "L")
SIZE_S, SIZE_M, SIZE_L = range(3)

# Races of Small World of Warcraft, in id order (keys as written in the ruleset file).
RACES = (
    "blood_elves",
    "draenei",
    "dwarves",
    "ethereals",
    "forsaken",
    "gnomes",
    "goblins",
    "humans",
    "kobolds",
    "naga",
    "night_elves",
    "orcs",
    "pandaren",
    "tauren",
    "trolls",
    "worgen",
)
(
    BLOOD_ELVES,
    DRAENEI,
    DWARVES,
    ETHEREALS,
    FORSAKEN,
    GNOMES,
    GOBLINS,
    HUMANS,
    KOBOLDS,
    NAGA,
    NIGHT_ELVES,
    ORCS,
    PANDAREN,
    TAUREN,
    TROLLS,
    WORGEN,
) = range(16)
# Murlocs are not a pickable race: an in-decline race of nobody (rulebook p. 8).
MURLOC = 16
N_RACE_IDS = 17

POWERS = (
    "archaeologist",
    "battle_master",
    "beast_master",
    "blacksmith",
    "championing",
    "defensive",
    "enraged",
    "explorer",
    "farmer",
    "fishing",
    "garrisoned",
    "herbalist",
    "intimidating",
    "marshdweller",
    "mining",
    "mountaineer",
    "portal_mage",
    "ranger",
    "sailing",
    "swamp_walker",
)
(
    ARCHAEOLOGIST,
    BATTLE_MASTER,
    BEAST_MASTER,
    BLACKSMITH,
    CHAMPIONING,
    DEFENSIVE,
    ENRAGED,
    EXPLORER,
    FARMER,
    FISHING,
    GARRISONED,
    HERBALIST,
    INTIMIDATING,
    MARSHDWELLER,
    MINING,
    MOUNTAINEER,
    PORTAL_MAGE,
    RANGER,
    SAILING,
    SWAMP_WALKER,
) = range(20)

# Artifacts first, then Legendary Places.
ARTIFACTS = ("aegis_of_aggramar", "ashes_of_alar", "doomhammer", "frostmourne", "heart_of_azeroth")
PLACES = (
    "battleground",
    "dark_portal",
    "karazhan",
    "lights_hope_chapel",
    "meeting_stone",
    "spirit_healer",
    "well_of_eternity",
)
MARKERS = ARTIFACTS + PLACES
(
    AEGIS,
    ASHES,
    DOOMHAMMER,
    FROSTMOURNE,
    HEART,
    BATTLEGROUND,
    DARK_PORTAL,
    KARAZHAN,
    LIGHTS_HOPE,
    MEETING_STONE,
    SPIRIT_HEALER,
    WELL_OF_ETERNITY,
) = range(12)
N_ARTIFACTS = len(ARTIFACTS)

# Components whose box count caps what can be on the boards.
COMPONENTS = (
    "mountains",
    "murlocs",
    "forts",
    "bombs",
    "watch_towers",
    "wisp_walls",
    "beasts",
    "harmony",
    "military_objectives",
    "champion",
    "markers",
)
(
    C_MOUNTAINS,
    C_MURLOCS,
    C_FORTS,
    C_BOMBS,
    C_WATCH_TOWERS,
    C_WISP_WALLS,
    C_BEASTS,
    C_HARMONY,
    C_MILITARY_OBJECTIVES,
    C_CHAMPION,
    C_MARKERS,
) = range(len(COMPONENTS))
