"""The vocabulary of the original Small World's content files.

Keys are what a user writes in a TOML file. The order of RACES and POWERS is the id
order a future engine will use, so it follows the rulebook's alphabetical lists.
"""

from __future__ import annotations

# The player counts the engine plays, which the original game prints a map for each of.
from analyzer.model.params import PLAYER_COUNTS  # noqa: F401 (the loader reads it here)

RACES = (
    "amazons",
    "dwarves",
    "elves",
    "ghouls",
    "giants",
    "halflings",
    "humans",
    "orcs",
    "ratmen",
    "skeletons",
    "sorcerers",
    "tritons",
    "trolls",
    "wizards",
)

POWERS = (
    "alchemist",
    "berserk",
    "bivouacking",
    "commando",
    "diplomat",
    "dragon_master",
    "flying",
    "forest",
    "fortified",
    "heroic",
    "hill",
    "merchant",
    "mounted",
    "pillaging",
    "seafaring",
    "spirit",
    "stout",
    "swamp",
    "underworld",
    "wealthy",
)

# Box counts of the pieces that go on the map (they cap what the map can hold at once).
COMPONENTS = (
    "troll_lairs",
    "fortresses",
    "mountains",
    "encampments",
    "holes_in_the_ground",
    "heroes",
    "dragon",
    "coins",
)

# Victory coin values; [coins] in the ruleset counts the coins of each value.
COIN_VALUES = ("1", "3", "5", "10")

# Terrains as the original game names them. A Mountain region holds a Mountain piece.
TERRAINS = ("Farmland", "Hill", "Forest", "Mountain", "Swamp", "Sea", "Lake")
WATER_TERRAINS = ("Sea", "Lake")
SYMBOLS = ("Magic Source", "Cavern", "Mine", "Lost Tribe")


# Marks a content file as belonging to this ruleset (top-level `ruleset = "classic"`).
RULESET_TAG = "classic"

# The engine's ids: a race's or power's position in RACES / POWERS.
(
    AMAZONS,
    DWARVES,
    ELVES,
    GHOULS,
    GIANTS,
    HALFLINGS,
    HUMANS,
    ORCS,
    RATMEN,
    SKELETONS,
    SORCERERS,
    TRITONS,
    TROLLS,
    WIZARDS,
) = range(len(RACES))
(
    ALCHEMIST,
    BERSERK,
    BIVOUACKING,
    COMMANDO,
    DIPLOMAT,
    DRAGON_MASTER,
    FLYING,
    FOREST_POWER,
    FORTIFIED,
    HEROIC,
    HILL_POWER,
    MERCHANT,
    MOUNTED,
    PILLAGING,
    SEAFARING,
    SPIRIT,
    STOUT,
    SWAMP_POWER,
    UNDERWORLD,
    WEALTHY,
) = range(len(POWERS))
