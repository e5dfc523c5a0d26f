"""The fair target in Battle for Azeroth (ruling B10): each faction's equal share of
the victories, one half with two factions (2 and 4 players), one third with three (3
and 5 players, the Neutral one of them). A shared victory is split equally among the
factions that share it, so every game hands out exactly one victory and the equal
shares add up to one.

What a balance study needs in the team variant, in place of 1 / players and a seat's
own win (`team`: the variant's team rules, variants.team_rules of the tables played):

- `fair_target(team, n)`: the target by faction and by seat (each seat's is its faction's);
- `victory_shares(team, vc, n)`: each game's victory split among its winning factions;
- `seat_outcomes(team, vc, n)`: by seat, its faction's share of each game (the number a
  seat-based study averages and compares with the seat's target);
- `faction_shares(team, vc, n)`: each faction's mean share with its 95% interval, its fair
  share and whether the interval holds it;
- the balance study's levers by faction: `faction_races` (each faction's banners in
  the game), `seat_coins_by_faction` (a faction's starting coins on each of its seats)
  and `faction_wins` (one faction's team win per game, for the confirm study).

Plain numpy and pandas over final VC (the engine's seats table): no games are played.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.stats import mean_se, normal_interval


@dataclass(frozen=True)
class FairTarget:
    """The fair shares of one player count."""

    n_players: int
    factions: tuple[int, ...]  # the factions in the game, in the printed seats' order
    by_faction: dict[str, float]  # faction name -> its fair share (1 / factions)
    by_seat: tuple[float, ...]  # seat 0 first: its faction's fair share


def fair_target(team, n_players: int, exchanged: bool = False) -> FairTarget:
    """Each faction's equal share at n_players (2 to 5); `exchanged`: the seating with
    the Alliance's and the Horde's seats exchanged (the shares are the same, the
    seats' factions are not)."""
    seats = team.seat_teams(n_players, exchanged)
    factions = tuple(dict.fromkeys(team.seat_teams(n_players, False)))  # Alliance, Horde, Neutral
    share = 1.0 / len(factions)
    return FairTarget(
        n_players=n_players,
        factions=factions,
        by_faction={team.TEAMS[f]: share for f in factions},
        by_seat=tuple(share for _ in seats),
    )


def split_victories(wins: np.ndarray) -> np.ndarray:
    """float[games, faction id] from bool winners: a shared victory split equally."""
    wins = np.asarray(wins, dtype=np.float64)
    return wins / wins.sum(axis=1, keepdims=True)


def victory_shares(team, vc, n_players: int, exchanged: bool = False) -> np.ndarray:
    """float[games, faction id]: each faction's share of each game's victory, from the
    seats' final VC (vc[games, n_players]); absent factions get 0."""
    return split_victories(team.team_wins(vc, n_players, exchanged))


def mean_scored_shares(team, vc, n_players: int, exchanged: bool = False) -> np.ndarray:
    """Like victory_shares, but a two-player faction scores the mean of its players'
    VC instead of the lower (the team study's "team scoring" arm; the Neutral and a
    one-player faction score their own, the tie-breaks are the sheet's)."""
    vc = np.asarray(vc, dtype=np.float64).reshape(-1, n_players)
    factions = np.array(team.seat_teams(n_players, exchanged))
    score = np.full((vc.shape[0], len(team.TEAMS)), -1.0)
    best = np.full((vc.shape[0], len(team.TEAMS)), -1.0)
    for f in set(factions.tolist()):
        mine = vc[:, factions == f]
        score[:, f] = mine.mean(axis=1)
        best[:, f] = mine.max(axis=1)
    return split_victories(team.winners(score, best))


def seat_outcomes(team, vc, n_players: int, exchanged: bool = False) -> np.ndarray:
    """float[games, seats]: each seat's faction's share of each game, to compare with
    fair_target(team, n).by_seat (allies get the same number)."""
    shares = victory_shares(team, vc, n_players, exchanged)
    return shares[:, list(team.seat_teams(n_players, exchanged))]


def faction_shares(team, vc, n_players: int, exchanged: bool = False):
    """One row per faction in the game: games, share (mean share of the victory),
    share_lo and share_hi (95%, normal over games), fair, off_fair (share - fair) and
    holds_fair (the interval holds the fair share)."""

    shares = victory_shares(team, vc, n_players, exchanged)
    target = fair_target(team, n_players, exchanged)
    rows = []
    for f in target.factions:
        mean, se = mean_se(shares[:, f])
        lo, hi = normal_interval(mean, se)
        fair = target.by_faction[team.TEAMS[f]]
        rows.append(
            (n_players, team.TEAMS[f], len(shares), float(mean), float(lo), float(hi), fair,
             float(mean) - fair, bool(lo <= fair <= hi))
        )  # fmt: skip
    return pd.DataFrame(
        rows,
        columns=["players", "faction", "games", "share", "share_lo", "share_hi", "fair",
                 "off_fair", "holds_fair"],
    )  # fmt: skip


def faction_races(team, tables, n_players: int) -> dict[str, tuple[int, ...]]:
    """Faction name -> the ids of its races allowed in a game of n_players, the
    factions in the printed seats' order (the Neutral's only where a Neutral plays)."""
    allowed = tables.parameters.races_allowed or (True,) * len(tables.ruleset.races)
    out = {}
    for f in dict.fromkeys(team.seat_teams(n_players, False)):
        out[team.TEAMS[f]] = tuple(
            i
            for i, (race, ok) in enumerate(zip(tables.ruleset.races, allowed, strict=True))
            if ok and team.race_team(race) == f
        )
    return out


def seat_coins_by_faction(
    team, n_players: int, coins: dict[str, int], exchanged: bool = False
) -> tuple[int, ...]:
    """Extra starting coins by seat (seat 0 first): each seat gets its faction's
    (`coins`: faction name -> coins; a faction not named gets none)."""
    return tuple(int(coins.get(team.TEAMS[f], 0)) for f in team.seat_teams(n_players, exchanged))


def faction_wins(team, vc, n_players: int, faction: str, exchanged: bool = False) -> np.ndarray:
    """int[games]: 1 where `faction` (its name) wins the game or shares the victory."""
    wins = team.team_wins(vc, n_players, exchanged)
    return wins[:, team.TEAMS.index(faction)].astype(np.int64)


__all__ = [
    "faction_races",
    "faction_wins",
    "seat_coins_by_faction",
    "FairTarget",
    "faction_shares",
    "fair_target",
    "mean_scored_shares",
    "seat_outcomes",
    "split_victories",
    "victory_shares",
]
