"""The engine's tables of one ruleset's content, whatever the ruleset: each ruleset's
compiler (its `tables.py`, rulesets/content_table.py `compile_tables`) fills the same
int32 arrays the engine reads, from its own content files."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.engine import core_layout as L
from analyzer.model.params import Parameters

# How far the engine plays an ability (a content file's `modeled`), as a table cell.
MODELED_CODE = {"none": 0, "partial": 1, "full": 2}


@dataclass(frozen=True, eq=False)
class Tables:
    """A ruleset's content as loaded (`ruleset`, its boards or maps as `faces`), the
    rule numbers played and the arrays compiled from them."""

    ruleset: object  # the ruleset's own loaded form: races, powers, markers, sources
    faces: tuple  # the boards (or maps) the games are played on, each with .name
    parameters: Parameters
    race_tab: np.ndarray  # int32[MAX_RACES, RT_NF]
    power_tab: np.ndarray  # int32[MAX_POWERS, PT_NF]
    marker_tab: np.ndarray  # int32[N_MARKERS, MT_NF]
    caps: np.ndarray  # int32[N_COMPONENTS]
    params: np.ndarray  # int32[N_PARAMS]
    face_size: np.ndarray  # int32[F]: the face's size (the ruleset says what it means)
    face_board: np.ndarray  # int32[F]: physical board index, in order of first appearance
    face_start: np.ndarray  # int32[F]: first row of the face in the region arrays
    face_nreg: np.ndarray  # int32[F]
    face_terrain: np.ndarray  # int32[total regions]
    face_symbols: np.ndarray  # int32[total regions]: the ruleset's symbol bits
    face_adj: np.ndarray  # int32[total regions, MAX_DEGREE]: local neighbour ids, -1 padded
    # The ruleset (by name, as load_game takes it) whose content compiled these tables:
    # what reads their variants, team rules or a recompile asks (variants.content_of).
    # Each ruleset's compiler sets it, and rulesets/content_table.py's Content for a
    # ruleset that compiles with another's code (the test ruleset plays SWoW's).
    compiled_by: str = ""

    @property
    def race_names(self) -> list[str]:
        """Display names by race id (a ruleset adds its race of nobody after them)."""
        return [r.name for r in self.ruleset.races]

    @property
    def power_names(self) -> list[str]:
        return [p.name for p in self.ruleset.powers]

    @property
    def marker_names(self) -> list[str]:
        return [m.name for m in self.ruleset.markers]

    @property
    def face_names(self) -> list[str]:
        return [f.name for f in self.faces]


@dataclass(frozen=True)
class RegionArrays:
    """The faces' regions laid end to end, as Tables holds them."""

    start: np.ndarray
    nreg: np.ndarray
    terrain: np.ndarray
    symbols: np.ndarray
    adj: np.ndarray

    def table_fields(self) -> dict[str, np.ndarray]:
        """Tables' face_start ... face_adj fields: what every compiler passes on."""
        return {"face_start": self.start, "face_nreg": self.nreg, "face_terrain": self.terrain,
                "face_symbols": self.symbols, "face_adj": self.adj}  # fmt: skip


def region_arrays(
    faces: Sequence,
    terrain: Callable[[object, object], int],
    symbols: Callable[[object, object], int],
) -> RegionArrays:
    """The region arrays of `faces` (each with .regions, each region with .neighbours
    in local ids); `terrain(face, region)` and `symbols(face, region)` give a region's
    cells in the ruleset's own codes."""
    nreg = np.array([len(f.regions) for f in faces], dtype=np.int32)
    start = np.concatenate(([0], np.cumsum(nreg)[:-1])).astype(np.int32)
    rows = [(f, r) for f in faces for r in f.regions]
    adj = np.full((len(rows), L.MAX_DEGREE), -1, dtype=np.int32)
    for row, (_face, region) in enumerate(rows):
        adj[row, : len(region.neighbours)] = region.neighbours
    return RegionArrays(
        start=start,
        nreg=nreg,
        terrain=np.array([terrain(f, r) for f, r in rows], dtype=np.int32),
        symbols=np.array([symbols(f, r) for f, r in rows], dtype=np.int32),
        adj=adj,
    )


def table_columns(ruleset, parameters: Parameters, rt_nf: int, pt_nf: int):
    """(race_tab, power_tab) with the core's columns filled from the ruleset's races and
    powers and the banners, badges and bans played (a ruleset fills its own columns
    after); `parameters` left without them take the ruleset's own."""
    banners = parameters.banners or tuple(r.banner for r in ruleset.races)
    races_allowed = parameters.races_allowed or (True,) * len(ruleset.races)
    badges = parameters.badges or tuple(p.badge for p in ruleset.powers)
    powers_allowed = parameters.powers_allowed or (True,) * len(ruleset.powers)
    for values, n, what in (
        (banners, len(ruleset.races), "banners"),
        (races_allowed, len(ruleset.races), "races_allowed"),
        (badges, len(ruleset.powers), "badges"),
        (powers_allowed, len(ruleset.powers), "powers_allowed"),
    ):
        if len(values) != n:
            raise ValueError(f"parameters.{what} needs {n} entries, got {len(values)}")
    race_tab = np.zeros((L.MAX_RACES, rt_nf), dtype=np.int32)
    for i, race in enumerate(ruleset.races):
        race_tab[i, L.RT_BANNER] = banners[i]
        race_tab[i, L.RT_BOX] = race.box
        race_tab[i, L.RT_ALLOWED] = int(races_allowed[i])
        race_tab[i, L.RT_MODELED] = MODELED_CODE[race.modeled]
    power_tab = np.zeros((L.MAX_POWERS, pt_nf), dtype=np.int32)
    for i, power in enumerate(ruleset.powers):
        power_tab[i, L.PT_BADGE] = badges[i]
        power_tab[i, L.PT_ALLOWED] = int(powers_allowed[i])
        power_tab[i, L.PT_MODELED] = MODELED_CODE[power.modeled]
    return race_tab, power_tab
