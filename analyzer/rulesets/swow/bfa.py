"""Battle for Azeroth, the team variant of SWoW (../shared/rulebooks/003_*): which
faction each seat plays, which banners are in the game, and how the factions score.

- seating: `seat_factions(n)` in turn order, Alliance 1, Horde 1, Neutral,
  Alliance 2, Horde 2, "adjusted for how many people are playing";
- `bfa_tables(tables, n)`: tables that play the variant (the rule parameter
  `variant`, which switches on the draft of draft.py) with the Neutral banners in
  the box at 2 and 4 players (the engine keeps them out anyway: nobody seats them);
- team scoring: `team_standings` on each game's final VC, `add_team_columns` on a
  seats table (faction, team_score, team_win).

The engine's side (the draft by faction, who is whose ally) is in draft.py; the
choice by name in analyzer/variants.py; docs/rulings.md ("Battle for Azeroth")
lists what the sheet leaves open.

Plain Python and numpy: scoring runs once per game on the results, not in the engine.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd

from analyzer.model.tables import Tables
from analyzer.rulesets.swow.ids import ALLIANCE, FACTIONS, HORDE, NEUTRAL
from analyzer.rulesets.swow.layout import VARIANT_BFA, VARIANT_BFA_EXCHANGED
from analyzer.rulesets.swow.tables import compile_tables

VARIANT = "bfa"  # its name on the command line and in scenarios

# Seats in turn order for each player count (the sheet's "Alliance 1, Horde 1,
# Neutral, Alliance 2, Horde 2", without the seats nobody takes).
SEAT_FACTIONS = {
    2: (ALLIANCE, HORDE),
    3: (ALLIANCE, HORDE, NEUTRAL),
    4: (ALLIANCE, HORDE, ALLIANCE, HORDE),
    5: (ALLIANCE, HORDE, NEUTRAL, ALLIANCE, HORDE),
}


# The team study's other seating: the Alliance's and the Horde's seats exchanged
# (Horde 1 plays first), the Neutral's kept; the same seats are allies.
EXCHANGE = {ALLIANCE: HORDE, HORDE: ALLIANCE, NEUTRAL: NEUTRAL}


def seat_factions(n_players: int, exchanged: bool = False) -> tuple[int, ...]:
    """The faction of each seat, seat 0 first (it plays first); `exchanged`: with
    the Alliance's and the Horde's seats exchanged (the team study's seating arm)."""
    if n_players not in SEAT_FACTIONS:
        raise ValueError(
            f"Battle for Azeroth is played by 2 to 5 players, not {n_players}: "
            f"choose one of {sorted(SEAT_FACTIONS)}"
        )
    factions = SEAT_FACTIONS[n_players]
    return tuple(EXCHANGE[f] for f in factions) if exchanged else factions


def seat_labels(n_players: int, exchanged: bool = False) -> list[str]:
    """'Alliance 1', 'Horde 1', 'Neutral', ... by seat."""
    factions = seat_factions(n_players, exchanged)
    return [
        FACTIONS[f] if f == NEUTRAL else f"{FACTIONS[f]} {factions[:s].count(f) + 1}"
        for s, f in enumerate(factions)
    ]


def neutral_in_game(n_players: int) -> bool:
    """Whether a Neutral player (and the Neutral banners) take part."""
    return NEUTRAL in seat_factions(n_players)


def bfa_tables(tables: Tables, n_players: int, exchanged: bool = False) -> Tables:
    """`tables` for a BfA game of n_players: the engine plays the variant's draft
    (params' variant, rulesets/swow/draft.py), and at 2 and 4 players the Neutral
    banners stay in the box ("In 2 or 4 player games, put the Neutral Races back
    into the box"). Every other rule is SWoW's, as the sheet says. `exchanged`: the
    Alliance's and the Horde's seats exchanged (the team study's seating arm)."""
    ruleset = tables.ruleset
    parameters = tables.parameters
    allowed = parameters.races_allowed or (True,) * len(ruleset.races)
    if not neutral_in_game(n_players):
        allowed = tuple(
            ok and race.faction != NEUTRAL for ok, race in zip(allowed, ruleset.races, strict=True)
        )
    team = compile_tables(
        ruleset,
        tables.faces,
        dataclasses.replace(
            parameters,
            races_allowed=allowed,
            variant=VARIANT_BFA_EXCHANGED if exchanged else VARIANT_BFA,
        ),
    )
    return dataclasses.replace(team, compiled_by=tables.compiled_by)


# ------------------------------------------------------------------ team scoring
@dataclasses.dataclass(frozen=True)
class TeamStandings:
    """One game's result by faction and by seat."""

    factions: tuple[int, ...]  # by seat
    team_score: tuple[int, ...]  # by seat: the score of the seat's faction
    team_win: tuple[bool, ...]  # by seat: the seat's faction won (or shares the win)
    faction_score: dict[int, int]  # by faction in the game
    winners: tuple[int, ...]  # the winning factions (several: a shared victory)


def team_scores(
    vc: np.ndarray, n_players: int, exchanged: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """(team score, best individual score) per game and faction id, from final VC
    vc[games, n_players]. A faction's score is the lowest of its players' (its
    only player's at 2 and 3 players, and the Neutral's); absent factions get -1."""
    vc = np.asarray(vc, dtype=np.int64).reshape(-1, n_players)
    factions = np.array(seat_factions(n_players, exchanged))
    team = np.full((vc.shape[0], len(FACTIONS)), -1, dtype=np.int64)
    best = np.full((vc.shape[0], len(FACTIONS)), -1, dtype=np.int64)
    for f in set(factions.tolist()):
        mine = vc[:, factions == f]
        team[:, f] = mine.min(axis=1)
        best[:, f] = mine.max(axis=1)
    return team, best


def team_wins(vc: np.ndarray, n_players: int, exchanged: bool = False) -> np.ndarray:
    """bool[games, faction id]: the factions that win each game. The highest
    faction score wins; a tie goes to the faction with the highest individual
    score; a tie on both shares the victory."""
    return winners(*team_scores(vc, n_players, exchanged))


def winners(team: np.ndarray, best: np.ndarray) -> np.ndarray:
    """bool[games, faction id] from the factions' scores and best players' scores
    (-1 for an absent faction): the sheet's winner, tie-break and shared victory."""
    top = team.max(axis=1, keepdims=True)
    contenders = team == top
    best_of_top = np.where(contenders, best, -1).max(axis=1, keepdims=True)
    return contenders & (best == best_of_top)


def team_standings(vc, n_players: int) -> TeamStandings:
    """One game's standings from the seats' final VC (seat 0 first)."""
    factions = seat_factions(n_players)
    team, _ = team_scores(np.asarray(vc), n_players)
    wins = team_wins(np.asarray(vc), n_players)[0]
    return TeamStandings(
        factions=factions,
        team_score=tuple(int(team[0, f]) for f in factions),
        team_win=tuple(bool(wins[f]) for f in factions),
        faction_score={f: int(team[0, f]) for f in sorted(set(factions))},
        winners=tuple(f for f in sorted(set(factions)) if wins[f]),
    )


def add_team_columns(seats: pd.DataFrame, n_players: int) -> pd.DataFrame:
    """The seats table (results.seats_frame: game-major, seat 0 first) with the
    team columns: faction, team_score (the faction's score) and team_win."""
    factions = np.array(seat_factions(n_players))
    vc = seats["final_vc"].to_numpy().reshape(-1, n_players)
    team, _ = team_scores(vc, n_players)
    wins = team_wins(vc, n_players)
    out = seats.copy()
    out["faction"] = pd.Categorical.from_codes(
        np.tile(factions, vc.shape[0]), categories=list(FACTIONS)
    )
    out["team_score"] = team[:, factions].reshape(-1).astype(np.int32)
    out["team_win"] = wins[:, factions].reshape(-1)
    return out


# The team rules by the names analyzer/rulesets/content_table.py (TEAM) gives them.
TEAMS = FACTIONS
RIVALS = (ALLIANCE, HORDE)  # the Neutral plays alone, at 3 and 5 players
seat_teams = seat_factions
team_tables = bfa_tables


def race_team(race) -> int:
    """A race's faction (its banner's colour)."""
    return race.faction


__all__ = [
    "RIVALS",
    "SEAT_FACTIONS",
    "TEAMS",
    "VARIANT",
    "TeamStandings",
    "add_team_columns",
    "bfa_tables",
    "neutral_in_game",
    "race_team",
    "seat_factions",
    "seat_labels",
    "seat_teams",
    "team_scores",
    "team_standings",
    "team_tables",
    "team_wins",
    "winners",
]
