"""What the heuristic bot believes SWoW's abilities and markers are worth (bot
knowledge, not rules): its combo choice and its target choice read these."""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel
from analyzer.engine.layout import N_MARKERS
from analyzer.model.named import by_id
from analyzer.rulesets.swow import ids

# What the bot believes each ability is worth, in tokens, over a race's life.
# Bot knowledge, not rules: only abilities the engine models are counted. Keyed by
# name and checked complete (model/named.py): a race added to the content without a
# value is refused instead of shifting every later race's value.
RACE_VALUE = by_id(
    {
        "blood_elves": 1.0, "draenei": 1.0, "dwarves": 1.0, "ethereals": 1.0,
        "forsaken": 2.0, "gnomes": 1.5, "goblins": 1.5, "humans": 1.5,
        "kobolds": 1.0, "naga": 1.0, "night_elves": 1.5, "orcs": 1.0,
        "pandaren": 1.5, "tauren": -4.0, "trolls": 1.5, "worgen": 1.5,
        "murlocs": 0.0,  # nobody's race: never picked
    },
    ids.RACES + ("murlocs",), __file__, "RACE_VALUE",
)  # fmt: skip
POWER_VALUE = by_id(
    {
        "archaeologist": 0.5, "battle_master": 1.5, "beast_master": 1.5, "blacksmith": 2.0,
        "championing": 2.0, "defensive": 1.0, "enraged": 1.0, "explorer": 1.5,
        "farmer": 1.5, "fishing": 1.5, "garrisoned": 1.0, "herbalist": 1.5,
        "intimidating": 1.5, "marshdweller": 0.5, "mining": 1.5, "mountaineer": 1.5,
        "portal_mage": 0.5, "ranger": 1.5, "sailing": 1.0, "swamp_walker": 1.5,
    },
    ids.POWERS, __file__, "POWER_VALUE",
)  # fmt: skip
# What taking a region with a face-up marker is worth on top of its VC, in tokens
# (the Dark Portal's 2 VC already count through region_bonus; the Well lies in water).
MARKER_VALUE = by_id(
    {
        "aegis_of_aggramar": 1.0, "ashes_of_alar": 1.0, "doomhammer": 1.0,
        "frostmourne": 1.5, "heart_of_azeroth": 1.0, "battleground": 0.5,
        "dark_portal": 0.0, "karazhan": 1.0, "lights_hope_chapel": 1.0,
        "meeting_stone": 0.5, "spirit_healer": 1.0, "well_of_eternity": 0.0,
    },
    ids.MARKERS, __file__, "MARKER_VALUE",
)  # fmt: skip
FACE_DOWN_VALUE = 0.5  # a face-down marker: any of the twelve


@inline_kernel
def markers_worth(markers, up):
    """What the markers lying on a region are worth to whoever takes it."""
    v = 0.0
    for m in range(N_MARKERS):
        if (up >> m) & 1:
            v += MARKER_VALUE[m]
        elif (markers >> m) & 1:
            v += FACE_DOWN_VALUE
    return v
