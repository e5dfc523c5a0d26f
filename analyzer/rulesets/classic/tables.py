"""Compile the original game's content (loader.py) into the arrays the engine
reads (the same shapes as analyzer/model/tables.py makes for SWoW): the races
with the Lost Tribes after them, the powers, the rule numbers and box caps, and
the four maps as faces, the face for n players being the one the game plays."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from analyzer.engine import core_layout as L
from analyzer.rulesets.classic import ids
from analyzer.rulesets.classic import layout as C
from analyzer.rulesets.classic.loader import ClassicMap, ClassicRuleset, load_maps, load_ruleset

MODELED_CODE = {"none": 0, "partial": 1, "full": 2}


@dataclass(frozen=True, eq=False)
class ClassicTables:
    ruleset: ClassicRuleset
    maps: tuple[ClassicMap, ...]
    race_tab: np.ndarray  # int32[MAX_RACES, RT_NF]
    power_tab: np.ndarray  # int32[MAX_POWERS, PT_NF]
    marker_tab: np.ndarray  # int32[1, 1]: no markers
    caps: np.ndarray  # int32[N_COMPONENTS]: layout.COMPONENTS order
    params: np.ndarray  # int32[N_PARAMS]
    face_size: np.ndarray  # int32[F]: the players the map is printed for
    face_board: np.ndarray
    face_start: np.ndarray
    face_nreg: np.ndarray
    face_terrain: np.ndarray
    face_symbols: np.ndarray
    face_adj: np.ndarray

    @property
    def race_names(self) -> list[str]:
        return [r.name for r in self.ruleset.races] + [self.ruleset.lost_tribes.name]

    @property
    def power_names(self) -> list[str]:
        return [p.name for p in self.ruleset.powers]

    @property
    def marker_names(self) -> list[str]:
        return []

    @property
    def face_names(self) -> list[str]:
        return [m.name for m in self.maps]

    def not_modeled(self) -> list[str]:
        """'race X (partial)', ... for every ability the engine does not fully model."""
        out = [f"race {r.name} ({r.modeled})" for r in self.ruleset.races if r.modeled != "full"]
        out += [f"power {w.name} ({w.modeled})" for w in self.ruleset.powers if w.modeled != "full"]
        return out


def region_symbols(region) -> int:
    bits = 0
    for name in region.symbols:
        bits |= C.SYMBOL_BITS[name]
    if region.terrain == "Mountain":
        bits |= C.SYM_MOUNTAIN
    return bits


def compile_classic(ruleset: ClassicRuleset, maps: tuple[ClassicMap, ...]) -> ClassicTables:
    race_tab = np.zeros((L.MAX_RACES, C.RT_NF), dtype=np.int32)
    for i, race in enumerate(ruleset.races):
        # the Amazons' conquest-only tokens come with the banner (turn.py sets
        # them aside after each redeployment)
        race_tab[i, L.RT_BANNER] = race.banner + race.conquest_only_tokens
        race_tab[i, L.RT_BOX] = race.box
        race_tab[i, L.RT_ALLOWED] = 1
        race_tab[i, L.RT_MODELED] = MODELED_CODE[race.modeled]
    race_tab[C.LOST_TRIBES, L.RT_BOX] = ruleset.lost_tribes.box
    race_tab[C.LOST_TRIBES, L.RT_MODELED] = MODELED_CODE["full"]

    power_tab = np.zeros((L.MAX_POWERS, L.PT_NF), dtype=np.int32)
    for i, power in enumerate(ruleset.powers):
        power_tab[i, L.PT_BADGE] = power.badge
        power_tab[i, L.PT_ALLOWED] = 1
        power_tab[i, L.PT_MODELED] = MODELED_CODE[power.modeled]

    caps = np.array(
        [ruleset.components[c] for c in ids.COMPONENTS] + [ruleset.lost_tribes.box],
        dtype=np.int32,
    )

    params = np.zeros(L.N_PARAMS, dtype=np.int32)
    params[L.PAR_START_COINS] = ruleset.start_coins
    params[L.PAR_COLUMN_SIZE] = ruleset.visible_combos
    params[L.PAR_BASE_COST] = ruleset.base_cost
    params[L.PAR_WATER_COST] = ruleset.base_cost  # Seafaring takes water as empty land
    params[L.PAR_DIE_MAX_SHORT] = ruleset.die_max_short
    params[L.PAR_USE_DIE] = 1
    params[L.PAR_MURLOCS] = 1  # the Lost Tribes
    params[L.PAR_MIN_CONQUEST_TOKENS] = ruleset.min_conquest_tokens
    params[L.PAR_DIE_FACES : L.PAR_DIE_FACES + 6] = ruleset.die_faces
    by_players = {m.players: m for m in maps}
    for players in ids.PLAYER_COUNTS:
        params[L.PAR_ROUNDS + players - 2] = by_players[players].rounds

    nreg = np.array([len(m.regions) for m in maps], dtype=np.int32)
    start = np.concatenate(([0], np.cumsum(nreg)[:-1])).astype(np.int32)
    entries = [set(m.entry_regions) for m in maps]
    terrain, symbols = [], []
    adj = np.full((int(nreg.sum()), L.MAX_DEGREE), -1, dtype=np.int32)
    row = 0
    for m, entry in zip(maps, entries, strict=True):
        for region in m.regions:
            terrain.append(ids.TERRAINS.index(region.terrain))
            bits = region_symbols(region)
            if region.id in entry or (region.is_water and region.border):
                # a Sea on the edge is a first conquest too, for Seafaring alone
                bits |= C.SYM_BORDER_ENTRY
            if not region.is_water and any(m.regions[n].is_water for n in region.neighbours):
                bits |= C.SYM_COASTAL
            symbols.append(bits)
            adj[row, : len(region.neighbours)] = region.neighbours
            row += 1
    return ClassicTables(
        ruleset=ruleset,
        maps=tuple(maps),
        race_tab=race_tab,
        power_tab=power_tab,
        marker_tab=np.zeros((1, C.MT_NF), dtype=np.int32),
        caps=caps,
        params=params,
        face_size=np.array([m.players for m in maps], dtype=np.int32),
        face_board=np.arange(len(maps), dtype=np.int32),
        face_start=start,
        face_nreg=nreg,
        face_terrain=np.array(terrain, dtype=np.int32),
        face_symbols=np.array(symbols, dtype=np.int32),
        face_adj=adj,
    )


@cache
def classic_tables() -> ClassicTables:
    """The shipped classic content, compiled once."""
    ruleset = load_ruleset()
    return compile_classic(ruleset, load_maps(ruleset=ruleset))
