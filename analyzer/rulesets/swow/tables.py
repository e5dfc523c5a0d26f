"""SWoW's content for the studies and the engine (the part analyzer/rulesets/__init__.py
names `tables`, whose parts analyzer/rulesets/content_table.py declares): its ruleset
and board faces as loaded from content/ (ruleset.py, boards.py), compiled here into
the engine's tables; the house rules a scenario may set (house_rules.py); its
variants."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from analyzer.engine import layout as L
from analyzer.model.params import Parameters
from analyzer.model.tables import MODELED_CODE, Tables, region_arrays, table_columns
from analyzer.rulesets.swow import ids
from analyzer.rulesets.swow.boards import Face, load_faces
from analyzer.rulesets.swow.house_rules import house_boards, load_folder, printed_parameters
from analyzer.rulesets.swow.layout import (
    EV_BOMB,
    EV_ENLIST,
    EV_HARMONY,
    VARIANT_BFA,
    VARIANT_STANDARD,
)
from analyzer.rulesets.swow.ruleset import Ruleset, load_ruleset

__all__ = [
    "BOARD_NOTE",
    "EVENT_TEXTS",
    "HEADLINE_BOTS",
    "SYMBOL_NAMES",
    "TEAM_VARIANTS",
    "TERRAIN_NAMES",
    "VARIANTS",
    "VARIANT_PAGES",
    "compile_tables",
    "default_content",
    "default_tables",
    "house_boards",
    "load_folder",
    "printed_parameters",
]

# The field of bots its report plays the headline tables with: of the styles at least as
# strong as the default heuristic, one of those a strong seat exploits least (docs/bots.md,
# "Which field the headline tables play").
HEADLINE_BOTS = "tuned"

# Its variants by name, with the engine's code of each (layout.py VARIANT_*): Battle
# for Azeroth is played in teams, by the rules of bfa.py.
VARIANTS = {"standard": VARIANT_STANDARD, "bfa": VARIANT_BFA}
TEAM_VARIANTS = {"bfa": "analyzer.rulesets.swow.bfa"}
# The team page of its report (a literal: the report index reads it without loading the game).
VARIANT_PAGES = {"bfa": "Battle for Azeroth, the team variant"}

# What the report says of the boards this ruleset plays on.
BOARD_NOTE = (
    "the faces are modeled from public region counts, not transcribed; terrain and "
    "borders are generated (tools/make_boards.py)."
)

# The words analyzer replay uses: terrains, symbols, and SWoW's own events.
TERRAIN_NAMES = ids.TERRAINS
SYMBOL_NAMES = (
    (ids.SYM_MAGIC, "Magic"),
    (ids.SYM_CAVERN, "Cavern"),
    (ids.SYM_MURLOC, "Murloc"),
    (ids.SYM_MOUNTAIN, "Mountain"),
    (ids.SYM_ENTRY, "Entry"),
)


def _bomb(w, p, r, a, b):
    if b == 1:
        return f"drops a Bomb on {w.region(r)}"
    if b == 2:
        return f"reveals a {'live' if a == 1 else 'dud'} Bomb on {w.region(r)}"
    return f"puts the Bomb on {w.region(r)} back on the stack unrevealed"


EVENT_TEXTS = {
    EV_BOMB: _bomb,
    EV_ENLIST: lambda w, p, r, a, b: f"buys {a} Forsaken token(s)",
    EV_HARMONY: lambda w, p, r, a, b: f"receives {b} VC of Harmony from seat {a + 1}",
}


@dataclass(frozen=True, eq=False)
class SwowTables(Tables):
    """The engine's tables of SWoW's content: the Murlocs are the race of nobody, and
    a banned race or power is not in play (not_modeled leaves it out)."""

    ruleset: Ruleset
    faces: tuple[Face, ...]

    @property
    def race_names(self) -> list[str]:
        """Display names by race id, Murlocs included."""
        return [r.name for r in self.ruleset.races] + ["Murlocs"]

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
) -> SwowTables:
    """The engine's tables; `parameters` overrides the ruleset's rule constants,
    banner and badge tokens and which races and powers are in the game."""
    parameters = printed_parameters(ruleset, faces) if parameters is None else parameters
    race_tab, power_tab = table_columns(ruleset, parameters, L.RT_NF, L.PT_NF)
    for i, race in enumerate(ruleset.races):
        race_tab[i, L.RT_FACTION] = race.faction
    # Murlocs: nobody's race, never drafted, always in decline (rulebook p. 8).
    race_tab[ids.MURLOC, L.RT_BOX] = ruleset.components["murlocs"]
    race_tab[ids.MURLOC, L.RT_FACTION] = ids.NEUTRAL
    race_tab[ids.MURLOC, L.RT_MODELED] = MODELED_CODE["full"]

    marker_tab = np.zeros((L.N_MARKERS, L.MT_NF), dtype=np.int32)
    for i, marker in enumerate(ruleset.markers):
        marker_tab[i, L.MT_IS_ARTIFACT] = int(marker.is_artifact)
        marker_tab[i, L.MT_ALLOWED] = 1
        marker_tab[i, L.MT_MODELED] = MODELED_CODE[marker.modeled]

    caps = np.array([ruleset.components[c] for c in ids.COMPONENTS], dtype=np.int32)
    boards = list(dict.fromkeys(f.board for f in faces))
    regions = region_arrays(faces, lambda f, r: r.terrain, lambda f, r: r.symbols)
    return SwowTables(
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
        **regions.table_fields(),
        compiled_by="swow",  # this ruleset, as load_game names it (variants.content_of)
    )


@cache
def default_content() -> tuple[Ruleset, tuple[Face, ...]]:
    """The shipped SWoW ruleset and board faces, loaded once."""
    ruleset = load_ruleset()
    return ruleset, load_faces(ruleset=ruleset)


@cache
def default_tables() -> SwowTables:
    return compile_tables(*default_content())
