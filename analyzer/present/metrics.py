"""The compare study's metrics as its tables and charts print them."""

from __future__ import annotations

# metric -> (label, unit, how its interval is found)
METRICS = {
    "first_seat_win": ("First seat's win rate", "rate", "paired mean"),
    "last_seat_win": ("Last seat's win rate", "rate", "paired mean"),
    "mean_score": ("Mean final score", "VC", "paired mean"),
    "winning_score": ("Winning score", "VC", "paired mean"),
    "winning_margin": ("Winner's margin over the runner-up", "VC", "paired mean"),
    "score_sd": ("Game-to-game SD of a player's score", "VC", "paired bootstrap"),
    "declines_per_player": ("Declines per player", "declines", "paired mean"),
    "decline_round": ("Mean round of a decline", "round", "paired bootstrap"),
    "combo_win_sd": ("SD of combo win rates (sampling noise removed)", "rate", "paired bootstrap"),
    "combo_win_range": ("Range of combo win rates", "rate", "paired bootstrap"),
    "first_seat_team_win": ("First seat's team win rate (team variant)", "rate", "paired mean"),
    "last_seat_team_win": ("Last seat's team win rate (team variant)", "rate", "paired mean"),
}
