"""SWoW's content for the studies and the engine (the part analyzer/rulesets/__init__.py
names `tables`): its ruleset and board faces as loaded from content/, compiled into
the engine's tables by the model's compiler, which was written for SWoW's content."""

from __future__ import annotations

from analyzer.model.tables import compile_tables, default_content, default_tables

__all__ = ["compile_tables", "default_content", "default_tables"]

# What the report says of the boards this ruleset plays on.
BOARD_NOTE = (
    "the faces are modeled from public region counts, not transcribed; terrain and "
    "borders are generated (tools/make_boards.py)."
)
