"""The speeds a designer waits on and the goal each is held to, apart from the bench
itself: tools/time_fresh_report.py and the command line read them without loading a
game or the engine (analyzer/bench.py plays the games)."""

from __future__ import annotations

LOOKAHEAD_ROW = "lookahead, 1 seat"
SEARCH_ROW = "search, 1 seat"

# The speeds a designer waits on, and the goal each is held to (docs/speed.md says
# why): games/s on this machine's threads (2 cores), seconds to a first game.
GOALS = {
    (4, "heuristic"): 20_000,
    (4, LOOKAHEAD_ROW): 60,
    (4, SEARCH_ROW): 10,
    "cold_compile_s": 15.0,
    "warm_start_s": 1.0,
    # `make report` from a fresh clone, strong-play checks included (tools/time_fresh_report.py)
    "fresh_report_s": 360.0,
}


def goal_text(value: float, goal: float, higher_is_better: bool, unit: str = "") -> str:
    """'goal >= 20,000: met' or 'goal >= 20,000: not met (28%)', the share being how
    much of the goal the figure reaches; `unit` follows the goal's number."""
    met = value >= goal if higher_is_better else value <= goal
    sign = ">=" if higher_is_better else "<="
    shown = (f"{goal:,.0f}" if goal >= 100 else f"{goal:g}") + (f" {unit}" if unit else "")
    if met:
        return f"goal {sign} {shown}: met"
    share = value / goal if higher_is_better else goal / value
    return f"goal {sign} {shown}: not met ({100 * share:.0f}%)"
