"""The neutral default of each part of a ruleset's content (content_table.py): what
a ruleset gives that names no region symbol, has no event of its own, says nothing
of its boards, plays only the standard game, no variant in teams, and has no content
file the shared checks do not know."""

from __future__ import annotations

SYMBOL_NAMES: tuple = ()
EVENT_TEXTS: dict = {}
BOARD_NOTE = None
VARIANTS = {"standard": 0}
TEAM_VARIANTS: dict = {}
HEADLINE_BOTS = "heuristic"
VARIANT_PAGES: dict = {}  # a literal: the report index reads it without loading the game
