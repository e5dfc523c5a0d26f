"""The vocabulary shared by the content files, the loader and the engine.

Names are what a user writes in a TOML file; the integer ids are what the numba
engine sees. Ids of races, powers and markers are their position in these tuples,
so the engine can dispatch an ability by id without a lookup. Each constant is
looked up by its key, never counted by hand: a race inserted into RACES renumbers
every later one by itself (and the bots' values, keyed by name, follow).
"""

from __future__ import annotations

TERRAINS = ("Fields", "Hills", "Forest", "Mountain", "Swamp", "Sea", "Lake")
FIELDS, HILLS, FOREST, MOUNTAIN_TERRAIN, SWAMP, SEA, LAKE = range(len(TERRAINS))
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
NEUTRAL, ALLIANCE, HORDE = range(len(FACTIONS))

BOARD_SIZES = ("S", "M", "L")
SIZE_S, SIZE_M, SIZE_L = range(len(BOARD_SIZES))

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
_RACE_ID = {key: i for i, key in enumerate(RACES)}
BLOOD_ELVES = _RACE_ID["blood_elves"]
DRAENEI = _RACE_ID["draenei"]
DWARVES = _RACE_ID["dwarves"]
ETHEREALS = _RACE_ID["ethereals"]
FORSAKEN = _RACE_ID["forsaken"]
GNOMES = _RACE_ID["gnomes"]
GOBLINS = _RACE_ID["goblins"]
HUMANS = _RACE_ID["humans"]
KOBOLDS = _RACE_ID["kobolds"]
NAGA = _RACE_ID["naga"]
NIGHT_ELVES = _RACE_ID["night_elves"]
ORCS = _RACE_ID["orcs"]
PANDAREN = _RACE_ID["pandaren"]
TAUREN = _RACE_ID["tauren"]
TROLLS = _RACE_ID["trolls"]
WORGEN = _RACE_ID["worgen"]
# Murlocs are not a pickable race: an in-decline race of nobody (rulebook p. 8).
MURLOC = len(RACES)
N_RACE_IDS = MURLOC + 1

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
_POWER_ID = {key: i for i, key in enumerate(POWERS)}
ARCHAEOLOGIST = _POWER_ID["archaeologist"]
BATTLE_MASTER = _POWER_ID["battle_master"]
BEAST_MASTER = _POWER_ID["beast_master"]
BLACKSMITH = _POWER_ID["blacksmith"]
CHAMPIONING = _POWER_ID["championing"]
DEFENSIVE = _POWER_ID["defensive"]
ENRAGED = _POWER_ID["enraged"]
EXPLORER = _POWER_ID["explorer"]
FARMER = _POWER_ID["farmer"]
FISHING = _POWER_ID["fishing"]
GARRISONED = _POWER_ID["garrisoned"]
HERBALIST = _POWER_ID["herbalist"]
INTIMIDATING = _POWER_ID["intimidating"]
MARSHDWELLER = _POWER_ID["marshdweller"]
MINING = _POWER_ID["mining"]
MOUNTAINEER = _POWER_ID["mountaineer"]
PORTAL_MAGE = _POWER_ID["portal_mage"]
RANGER = _POWER_ID["ranger"]
SAILING = _POWER_ID["sailing"]
SWAMP_WALKER = _POWER_ID["swamp_walker"]

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
_MARKER_ID = {key: i for i, key in enumerate(MARKERS)}
AEGIS = _MARKER_ID["aegis_of_aggramar"]
ASHES = _MARKER_ID["ashes_of_alar"]
DOOMHAMMER = _MARKER_ID["doomhammer"]
FROSTMOURNE = _MARKER_ID["frostmourne"]
HEART = _MARKER_ID["heart_of_azeroth"]
BATTLEGROUND = _MARKER_ID["battleground"]
DARK_PORTAL = _MARKER_ID["dark_portal"]
KARAZHAN = _MARKER_ID["karazhan"]
LIGHTS_HOPE = _MARKER_ID["lights_hope_chapel"]
MEETING_STONE = _MARKER_ID["meeting_stone"]
SPIRIT_HEALER = _MARKER_ID["spirit_healer"]
WELL_OF_ETERNITY = _MARKER_ID["well_of_eternity"]
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
_COMPONENT_ID = {key: i for i, key in enumerate(COMPONENTS)}
C_MOUNTAINS = _COMPONENT_ID["mountains"]
C_MURLOCS = _COMPONENT_ID["murlocs"]
C_FORTS = _COMPONENT_ID["forts"]
C_BOMBS = _COMPONENT_ID["bombs"]
C_WATCH_TOWERS = _COMPONENT_ID["watch_towers"]
C_WISP_WALLS = _COMPONENT_ID["wisp_walls"]
C_BEASTS = _COMPONENT_ID["beasts"]
C_HARMONY = _COMPONENT_ID["harmony"]
C_MILITARY_OBJECTIVES = _COMPONENT_ID["military_objectives"]
C_CHAMPION = _COMPONENT_ID["champion"]
C_MARKERS = _COMPONENT_ID["markers"]
