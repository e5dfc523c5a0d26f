"""Compile the original game's content (loader.py) into the arrays the engine
reads (analyzer/model/tables.py's Tables, as every ruleset fills them): the races
with the Lost Tribes after them, the powers, the rule numbers and box caps, and
the four maps as faces, the face for n players being the one the game plays."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from analyzer.engine import core_layout as L
from analyzer.model.params import Parameters
from analyzer.model.tables import MODELED_CODE, Tables, region_arrays, table_columns
from analyzer.rulesets.classic import ids
from analyzer.rulesets.classic import layout as C
from analyzer.rulesets.classic.loader import ClassicMap, ClassicRuleset, load_maps, load_ruleset

__all__ = [
    "BOARD_NOTE",
    "EVENT_TEXTS",
    "HEADLINE_BOTS",
    "SYMBOL_NAMES",
    "TERRAIN_NAMES",
    "compile_tables",
    "default_content",
    "default_tables",
    "printed_parameters",
]

# The field of bots its report plays the headline tables with: of the styles at least as
# strong as the default heuristic, one of those a strong seat exploits least (docs/bots.md,
# "Which field the headline tables play").
HEADLINE_BOTS = "steady-classic"


@dataclass(frozen=True, eq=False)
class ClassicTables(Tables):
    """The engine's tables of the original game: its faces are the maps, one printed
    for each player count (face_size: the players), and the Lost Tribes are the race
    of nobody; it has no markers."""

    ruleset: ClassicRuleset
    faces: tuple[ClassicMap, ...]

    @property
    def maps(self) -> tuple[ClassicMap, ...]:
        return self.faces

    @property
    def race_names(self) -> list[str]:
        return [r.name for r in self.ruleset.races] + [self.ruleset.lost_tribes.name]

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


def classic_parameters(ruleset: ClassicRuleset, maps: tuple[ClassicMap, ...]) -> Parameters:
    """The printed rule numbers in the core's Parameters form (what studies and a
    scenario's house rules change)."""
    by_players = {m.players: m for m in maps}
    return Parameters(
        start_coins=ruleset.start_coins,
        column_size=ruleset.visible_combos,
        faction_bonus=0,  # no factions in the original game
        travel_cost=0,  # one map: nothing to travel between
        base_cost=ruleset.base_cost,
        water_cost=ruleset.base_cost,  # Seafaring takes water as empty land
        die_faces=tuple(ruleset.die_faces),
        die_max_short=ruleset.die_max_short,
        min_conquest_tokens=ruleset.min_conquest_tokens,
        rounds={n: by_players[n].rounds for n in ids.PLAYER_COUNTS},
        boards={n: (0, 0, 0) for n in ids.PLAYER_COUNTS},  # unused: the map is the player count's
        use_die=True,
        murlocs=True,  # the Lost Tribes
        banners=tuple(r.banner for r in ruleset.races),
        races_allowed=(True,) * len(ruleset.races),
        badges=tuple(w.badge for w in ruleset.powers),
        powers_allowed=(True,) * len(ruleset.powers),
    )


def compile_classic(
    ruleset: ClassicRuleset,
    maps: tuple[ClassicMap, ...],
    parameters: Parameters | None = None,
) -> ClassicTables:
    parameters = parameters or classic_parameters(ruleset, maps)
    race_tab, power_tab = table_columns(ruleset, parameters, C.RT_NF, L.PT_NF)
    for i, race in enumerate(ruleset.races):
        # the Amazons' conquest-only tokens come with the banner (turn.py sets
        # them aside after each redeployment)
        race_tab[i, L.RT_BANNER] += race.conquest_only_tokens
    race_tab[C.LOST_TRIBES, L.RT_BOX] = ruleset.lost_tribes.box
    race_tab[C.LOST_TRIBES, L.RT_MODELED] = MODELED_CODE["full"]

    caps = np.array(
        [ruleset.components[c] for c in ids.COMPONENTS] + [ruleset.lost_tribes.box],
        dtype=np.int32,
    )
    params = parameters.to_array()

    entries = {m.players: set(m.entry_regions) for m in maps}

    def symbols(m: ClassicMap, region) -> int:
        bits = region_symbols(region)
        if region.id in entries[m.players] or (region.is_water and region.border):
            # a Sea on the edge is a first conquest too, for Seafaring alone
            bits |= C.SYM_BORDER_ENTRY
        if not region.is_water and any(m.regions[n].is_water for n in region.neighbours):
            bits |= C.SYM_COASTAL
        return bits

    regions = region_arrays(maps, lambda m, r: ids.TERRAINS.index(r.terrain), symbols)
    return ClassicTables(
        ruleset=ruleset,
        faces=tuple(maps),
        parameters=parameters,
        race_tab=race_tab,
        power_tab=power_tab,
        marker_tab=np.zeros((1, C.MT_NF), dtype=np.int32),
        caps=caps,
        params=params,
        face_size=np.array([m.players for m in maps], dtype=np.int32),
        face_board=np.arange(len(maps), dtype=np.int32),
        **regions.table_fields(),
        compiled_by="classic",  # this ruleset, as load_game names it (variants.content_of)
    )


@cache
def default_content() -> tuple[ClassicRuleset, tuple[ClassicMap, ...]]:
    """The shipped ruleset and maps, as loaded and checked."""
    ruleset = load_ruleset()
    return ruleset, tuple(load_maps(ruleset=ruleset))


@cache
def classic_tables() -> ClassicTables:
    """The shipped classic content, compiled once."""
    return compile_classic(*default_content())


# The names analyzer/rulesets/__init__.py's contract gives these (the studies call them).
default_tables = classic_tables


def compile_tables(ruleset, faces, parameters=None) -> ClassicTables:
    return compile_classic(ruleset, tuple(faces), parameters)


def printed_parameters(ruleset, faces) -> Parameters:
    """What a scenario's house rules change: the printed rule numbers of the maps."""
    return classic_parameters(ruleset, tuple(faces))


# What the report says of the boards, and the words analyzer replay uses.
BOARD_NOTE = (
    "the four official maps, one per player count, re-expressed from a public "
    "transcription (../shared/reference/classic-maps.json); the 5-player map has one "
    "doubtful region, named in maps.toml."
)
TERRAIN_NAMES = ids.TERRAINS
SYMBOL_NAMES = (
    (C.SYM_MAGIC, "Magic Source"),
    (C.SYM_CAVERN, "Cavern"),
    (C.SYM_MINE, "Mine"),
    (C.SYM_LOST_TRIBE, "Lost Tribe"),
    (C.SYM_MOUNTAIN, "Mountain"),
    (C.SYM_BORDER_ENTRY, "Border"),
)
EVENT_TEXTS = {
    C.EV_CONVERT: lambda w, p, r, a, b: (
        f"converts the lone {w.race(b)} token of seat {a + 1} on {w.region(r)}"
    ),
}
