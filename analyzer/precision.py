"""When a finding rests on too few games to decide it: the thresholds, in one place.
docs/reading-the-report.md ("Too few games to tell") quotes them; a test keeps the
two the same.

A rate (or a difference of two rates) whose 95% interval reaches further than
MAX_HALF_WIDTH either side of it cannot rank races, seats or rules that differ by a
few points, and a comparison whose arms played fewer than MIN_GAMES games each cannot
either: such a finding says TOO_FEW rather than a verdict.
"""

from __future__ import annotations

import math

TOO_FEW = "too few games to tell"
MAX_HALF_WIDTH = 0.03  # 3 win-rate points either side (the report's combo table at scale 1)
MIN_GAMES = 200  # games per arm of a comparison known only by its game count


def too_wide(lo: float, hi: float) -> bool:
    """A 95% interval [lo, hi] (as fractions) too wide to decide, or missing."""
    if lo is None or hi is None or not (math.isfinite(lo) and math.isfinite(hi)):
        return True
    return (hi - lo) / 2 > MAX_HALF_WIDTH + 1e-9  # exactly at the threshold still decides


def too_few_games(games: float) -> bool:
    """Fewer games per arm than a comparison needs to decide."""
    return not games >= MIN_GAMES


def half_width(rate: float, games: float) -> float:
    """The 95% normal half-width of a rate `rate` on `games` games (a rough run's banner)."""
    if games <= 0:
        return math.inf
    return 1.96 * math.sqrt(rate * (1 - rate) / games)


def rule_text() -> str:
    """The thresholds in words (pages and docs)."""
    return (
        f"a finding says *{TOO_FEW}* when its 95% interval reaches more than "
        f"{100 * MAX_HALF_WIDTH:.0f} win-rate points either side, or when it compares runs of "
        f"fewer than {MIN_GAMES} games each"
    )
