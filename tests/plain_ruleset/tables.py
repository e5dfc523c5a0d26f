"""The plain ruleset plays SWoW's content (its races and powers do nothing here), in
its standard game or its own variant, tithe (layout.py): a variant that is not
played in teams."""

from __future__ import annotations

from analyzer.rulesets.swow.tables import (
    BOARD_NOTE,
    SYMBOL_NAMES,
    TERRAIN_NAMES,
    compile_tables,
    default_content,
    default_tables,
    house_boards,
    load_folder,
    printed_parameters,
)

from .layout import VARIANT_STANDARD, VARIANT_TITHE

VARIANTS = {"standard": VARIANT_STANDARD, "tithe": VARIANT_TITHE}

__all__ = [
    "VARIANTS",
    "BOARD_NOTE",
    "SYMBOL_NAMES",
    "TERRAIN_NAMES",
    "compile_tables",
    "default_content",
    "default_tables",
    "house_boards",
    "load_folder",
    "printed_parameters",
]
