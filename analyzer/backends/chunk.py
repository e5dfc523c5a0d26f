"""A chunk of games to play, and the error of a cluster that cannot finish one:
what the backends (this package's __init__.py and dask_cluster.py) both speak."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CLI = "command line"


class ClusterError(Exception):
    """The cluster could not finish the work (not the user's input): one sentence,
    exit code 1."""


@dataclass(frozen=True)
class Chunk:
    """Games first..first+n_games-1 of run `seed`: everything api.play_batch needs,
    plus `tag`, the caller's own note to find its place again when the result
    comes back (never sent to a worker)."""

    etables: Any  # engine.state.EngineTables
    n_players: int
    seed: int
    first: int
    n_games: int
    policies: Any  # one policy id per seat
    params: Any  # float64[n_players, N_POLICY_PARAMS]
    check: bool = False
    forced: Any = None  # int64[n_games, F_NF], or None
    tag: Any = None
    # games another study of this process may play again: kept here, and taken from
    # what was kept when met again (backends/shared.py; in this process only)
    shared: bool = False
