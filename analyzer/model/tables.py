"""Compile a checked ruleset and its faces into the int32 tables the engine reads."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from analyzer.engine import layout as L
from analyzer.model import ids
from analyzer.model.boards import Face, load_faces
from analyzer.model.params import Parameters
from analyzer.model.ruleset import Ruleset, load_ruleset

MODELED_CODE = {"none": 0, "partial": 1, "full": 2}


@dataclass(frozen=True, eq=False)
class Tables:
    ruleset: Ruleset
    faces: tuple[Face, ...]
    parameters: Parameters
    race_tab: np.ndarray  # int32[MAX_RACES, RT_NF]
    power_tab: np.ndarray  # int32[MAX_POWERS, PT_NF]
    marker_tab: np.ndarray  # int32[N_MARKERS, MT_NF]
    caps: np.ndarray  # int32[N_COMPONENTS]
    params: np.ndarray  # int32[N_PARAMS]
    face_size: np.ndarray  # int32[F]: ids.SIZE_*
    face_board: np.ndarray  # int32[F]: physical board index, in order of first appearance
    face_start: np.ndarray  # int32[F]: first row of the face in the region arrays
    face_nreg: np.ndarray  # int32[F]
    face_terrain: np.ndarray  # int32[total regions]
    face_symbols: np.ndarray  # int32[total regions]: ids.SYM_* bits
    face_adj: np.ndarray  # int32[total regions, MAX_DEGREE]: local neighbour ids, -1 padded

    @property
    def race_names(self) -> list[str]:
        """Display names by race id, Murlocs included."""
        return [r.name for r in self.ruleset.races] + ["Murlocs"]

    @property
    def power_names(self) -> list[str]:
        return [p.name for p in self.ruleset.powers]

    @property
    def marker_names(self) -> list[str]:
        return [m.name for m in self.ruleset.markers]

    @property
    def face_names(self) -> list[str]:
        return [f.name for f in self.faces]

    def not_modeled(self) -> list[str]:
        """'race X (partial)', ... for every ability in play that the engine does not
        fully model (banned races and powers are left out: they are not in play)."""
        rs = self.ruleset
        out = [
            f"race {r.name} ({r.modeled})"
            for i, r in enumerate(rs.races)
            if self.race_tab[i, L.RT_ALLOWED] and r.modeled != "full"
        ]
        out += [
            f"power {w.name} ({w.modeled})"
            for i, w in enumerate(rs.powers)
            if self.power_tab[i, L.PT_ALLOWED] and w.modeled != "full"
        ]
        out += [f"marker {m.name} ({m.modeled})" for m in rs.markers if m.modeled != "full"]
        return out


def compile_tables(
    ruleset: Ruleset, faces: tuple[Face, ...], parameters: Parameters | None = None
) -> Tables:
    """The engine's tables; `parameters` overrides the ruleset's rule constants,
    banner and badge tokens and which races and powers are in the game."""
    parameters = Parameters.from_ruleset(ruleset) if parameters is None else parameters

    # Parameters built by hand may leave the race and power numbers out: then the
    # ruleset's own apply.
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

    race_tab = np.zeros((L.MAX_RACES, L.RT_NF), dtype=np.int32)
    for i, race in enumerate(ruleset.races):
        race_tab[i, L.RT_BANNER] = banners[i]
        race_tab[i, L.RT_BOX] = race.box
        race_tab[i, L.RT_FACTION] = race.faction
        race_tab[i, L.RT_ALLOWED] = int(races_allowed[i])
        race_tab[i, L.RT_MODELED] = MODELED_CODE[race.modeled]
    # Murlocs: nobody's race, never drafted, always in decline (rulebook p. 8).
    race_tab[ids.MURLOC, L.RT_BOX] = ruleset.components["murlocs"]
    race_tab[ids.MURLOC, L.RT_FACTION] = ids.NEUTRAL
    race_tab[ids.MURLOC, L.RT_MODELED] = MODELED_CODE["full"]

    power_tab = np.zeros((L.MAX_POWERS, L.PT_NF), dtype=np.int32)
    for i, power in enumerate(ruleset.powers):
        power_tab[i, L.PT_BADGE] = badges[i]
        power_tab[i, L.PT_ALLOWED] = int(powers_allowed[i])
        power_tab[i, L.PT_MODELED] = MODELED_CODE[power.modeled]

    marker_tab = np.zeros((L.N_MARKERS, L.MT_NF), dtype=np.int32)
    for i, marker in enumerate(ruleset.markers):
        marker_tab[i, L.MT_IS_ARTIFACT] = int(marker.is_artifact)
        marker_tab[i, L.MT_ALLOWED] = 1
        marker_tab[i, L.MT_MODELED] = MODELED_CODE[marker.modeled]

    caps = np.array([ruleset.components[c] for c in ids.COMPONENTS], dtype=np.int32)

    boards = list(dict.fromkeys(f.board for f in faces))
    nreg = np.array([len(f.regions) for f in faces], dtype=np.int32)
    start = np.concatenate(([0], np.cumsum(nreg)[:-1])).astype(np.int32)
    regions = [r for f in faces for r in f.regions]
    adj = np.full((len(regions), L.MAX_DEGREE), -1, dtype=np.int32)
    for row, region in enumerate(regions):
        adj[row, : len(region.neighbours)] = region.neighbours

    return Tables(
        ruleset=ruleset,
        faces=tuple(faces),
        parameters=parameters,
        race_tab=race_tab,
        power_tab=power_tab,
        marker_tab=marker_tab,
        caps=caps,
        params=parameters.to_array(getattr(L, "RULE_PARAMS", ())),
        face_size=np.array([f.size for f in faces], dtype=np.int32),
        face_board=np.array([boards.index(f.board) for f in faces], dtype=np.int32),
        face_start=start,
        face_nreg=nreg,
        face_terrain=np.array([r.terrain for r in regions], dtype=np.int32),
        face_symbols=np.array([r.symbols for r in regions], dtype=np.int32),
        face_adj=adj,
    )


@cache
def default_content() -> tuple[Ruleset, tuple[Face, ...]]:
    """The shipped SWoW ruleset and board faces, loaded once."""
    ruleset = load_ruleset()
    return ruleset, load_faces(ruleset=ruleset)


@cache
def default_tables() -> Tables:
    return compile_tables(*default_content())
