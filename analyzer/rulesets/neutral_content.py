"""The neutral default of each part of a ruleset's content (content_table.py): what
a ruleset gives that names no region symbol, has no event of its own, says nothing
of its boards, plays only the standard game, no variant in teams, takes no house
rules in a scenario (it plays its printed rules on its shipped files), and has no
content file the shared checks do not know."""

from __future__ import annotations

SYMBOL_NAMES: tuple = ()
EVENT_TEXTS: dict = {}
BOARD_NOTE = None
VARIANTS = {"standard": 0}
TEAM_VARIANTS: dict = {}
HEADLINE_BOTS = "heuristic"
VARIANT_PAGES: dict = {}  # a literal: the report index reads it without loading the game


def printed_parameters(ruleset, faces):
    """None: a scenario of this ruleset takes no [rules], [races] or [powers]."""
    return None


def load_folder(folder):
    """None: a scenario names this ruleset, never a folder of its content files."""
    return None


def house_boards(check, value, ruleset, faces, players):
    """Refused: the ruleset plays the board printed for each player count."""
    check.add(
        "rules.boards", value,
        "this ruleset plays the one map printed for each player count: no boards to choose",
    )  # fmt: skip
    return None
