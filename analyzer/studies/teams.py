"""Battle for Azeroth's team studies (rulesets/swow/bfa.py, draft.py).

alliance_duel: do bots that play as allies (the heuristic with `ally_care` > 0)
beat a team of the same bots that ignore the alliance (`ally_care` = 0)? Paired
seeds: every game is played twice, the allied bots on the Alliance's seats and then
on the Horde's, so the factions' own advantage cancels out. A game pair's score is
the allied team's wins minus the other team's (a shared victory counts half), and
the result is its mean with a 95% interval.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.engine.core_layout import S_VC
from analyzer.model.ids import ALLIANCE, HORDE
from analyzer.stats import mean_se, normal_interval


@dataclass(frozen=True)
class Duel:
    n_players: int
    games: int  # game pairs (each played with the allied bots on both sides)
    allied_win: float  # the allied team's win share (shared wins count half)
    ignoring_win: float  # the team that ignores the alliance
    edge: float  # allied minus ignoring, per game pair
    edge_lo: float
    edge_hi: float


def _shares(vc: np.ndarray, n_players: int) -> np.ndarray:
    """float[games, faction]: each faction's share of each game's victory."""
    from analyzer.rulesets.swow.bfa import team_wins

    wins = team_wins(vc, n_players).astype(np.float64)
    return wins / wins.sum(axis=1, keepdims=True)


def alliance_duel(n_players: int, games: int, seed: int, care: float = 1.0, tables=None) -> Duel:
    """Allied heuristic bots (ally_care=care) against ignoring ones (ally_care=0),
    games 0..games-1 of run `seed`, each played with the allied team on each side."""
    from analyzer.engine import api
    from analyzer.model import default_tables
    from analyzer.players.params import default_vector, policy_id
    from analyzer.rulesets.swow.bfa import bfa_tables, seat_factions

    if n_players not in (4, 5):
        raise ValueError(f"allies play together at 4 and 5 players, not {n_players}")
    etables = api.engine_tables(bfa_tables(tables or default_tables(), n_players))
    factions = seat_factions(n_players)
    allied = default_vector("heuristic", ally_care=care)
    ignoring = default_vector("heuristic", ally_care=0.0)
    policies = [policy_id("heuristic")] * n_players
    edge = np.zeros(games)
    allied_win = np.zeros(games)
    ignoring_win = np.zeros(games)
    for side, other in ((ALLIANCE, HORDE), (HORDE, ALLIANCE)):
        params = np.array([allied if f == side else ignoring for f in factions])
        res = api.play_batch(etables, n_players, seed, 0, games, policies, params)
        shares = _shares(res.seats[:, :n_players, S_VC], n_players)
        allied_win += shares[:, side] / 2
        ignoring_win += shares[:, other] / 2
        edge += (shares[:, side] - shares[:, other]) / 2
    mean, se = mean_se(edge)
    lo, hi = normal_interval(mean, se)
    return Duel(
        n_players=n_players,
        games=games,
        allied_win=float(allied_win.mean()),
        ignoring_win=float(ignoring_win.mean()),
        edge=float(mean),
        edge_lo=float(lo),
        edge_hi=float(hi),
    )
