"""The plain ruleset's columns: none beyond the core's. It plays SWoW's content
(analyzer/model), so its content tables keep SWoW's widths."""

from __future__ import annotations

from analyzer.engine.core_layout import (
    G_CORE_NF,
    G_CORE_UNSET,
    P_CORE_NF,
    R_CORE_NF,
    RT_CORE_NF,
    terrain_bits,
)
from analyzer.rulesets.swow.ids import C_MOUNTAINS, C_MURLOCS, COMPONENTS, MARKERS, MURLOC
from analyzer.rulesets.swow.ids import TERRAINS as _TERRAINS

N_COMPONENTS = len(COMPONENTS)
N_MARKERS = len(MARKERS)
RT_FACTION = RT_CORE_NF  # SWoW's content carries factions
RT_NF = RT_CORE_NF + 1
MT_IS_ARTIFACT, MT_ALLOWED, MT_MODELED = range(3)
MT_NF = 3
R_NF = R_CORE_NF
P_NF = P_CORE_NF
G_NF = G_CORE_NF
G_UNSET = G_CORE_UNSET
NOBODY = MURLOC
CAP_NOBODY = C_MURLOCS
CAP_MOUNTAINS = C_MOUNTAINS
# SWoW's content's water, asked by name (its terrain order is SWoW's)
TERRAIN_WATER = terrain_bits(_TERRAINS, ("Sea", "Lake"))
# params[PAR_VARIANT]: its variants (tables.py names them). Tithe: every player
# scores one VC more at the end of each of its turns (hooks/rules.py turn_bonuses).
VARIANT_STANDARD, VARIANT_TITHE = 0, 1
