"""The plain ruleset plays SWoW's content (its races and powers do nothing here)."""

from __future__ import annotations

from analyzer.rulesets.swow.tables import (
    BOARD_NOTE,
    SYMBOL_NAMES,
    TERRAIN_NAMES,
    compile_tables,
    default_content,
    default_tables,
)

__all__ = [
    "BOARD_NOTE",
    "SYMBOL_NAMES",
    "TERRAIN_NAMES",
    "compile_tables",
    "default_content",
    "default_tables",
]
