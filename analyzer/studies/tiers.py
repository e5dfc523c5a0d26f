"""Whether an item stands first among a field's table, or in its first tier: what
the robustness study (robustness.py) and its decline rules (robustness_decline.py)
both ask of every field."""

from __future__ import annotations

import pandas as pd

from analyzer import precision
from analyzer.stats import separable

HOLDS = "holds across bots"
DEPENDS = "depends on the bots"
TOO_FEW = precision.TOO_FEW  # a finding that does not hold, on games too few to decide


def first_tier(table: pd.DataFrame, name: str, side: str) -> tuple[str, str]:
    """(HOLDS, DEPENDS or TOO_FEW, the words) for the item `name` in one field's
    table, ordered from its `side`: first there, or in the first tier (not told apart
    from the first by a two-sample test at 5%) on games enough to rank it, holds;
    told apart from the first, depends; in the first tier only because its interval
    is too wide to tell, too few games to tell."""
    place = list(table.name).index(name) + 1
    where = f"{ordinal(place)} from the {side}"
    if place == 1:
        return HOLDS, where
    first, mine = table.iloc[0], table.iloc[place - 1]
    if separable(mine.wins, mine.games, first.wins, first.games):
        return DEPENDS, f"{where}, behind {first['name']} beyond noise"
    if precision.too_wide(mine.win_lo, mine.win_hi):
        return TOO_FEW, f"{where}, too few games to tell it from {first['name']}"
    return HOLDS, f"{where}, tied with {first['name']} (not told apart)"


def ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"
