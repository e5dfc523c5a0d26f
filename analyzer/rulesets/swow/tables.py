"""SWoW's content for the studies and the engine (the part analyzer/rulesets/__init__.py
names `tables`, whose parts analyzer/rulesets/content_table.py declares): its ruleset
and board faces as loaded from content/, compiled into the engine's tables by the
model's compiler, which was written for SWoW's content; its variants."""

from __future__ import annotations

from analyzer.model import ids
from analyzer.model.tables import compile_tables, default_content, default_tables
from analyzer.rulesets.swow.layout import (
    EV_BOMB,
    EV_ENLIST,
    EV_HARMONY,
    VARIANT_BFA,
    VARIANT_STANDARD,
)

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
