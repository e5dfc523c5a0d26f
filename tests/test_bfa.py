"""Battle for Azeroth, the team variant (rulebooks/003_*): seating by player count,
the Neutral banners left in the box, and team scoring with the sheet's own worked
example. docs/rulings.md ("Battle for Azeroth") names these tests."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyzer import load_game
from analyzer.engine import layout as L
from analyzer.rulesets.swow.bfa import (
    add_team_columns,
    bfa_tables,
    seat_factions,
    seat_labels,
    team_standings,
)
from analyzer.rulesets.swow.ids import ALLIANCE, HORDE, NEUTRAL
from analyzer.rulesets.swow.tables import default_tables
from analyzer.simulate import simulate

SWOW = load_game("swow")  # the game these tests play (the default run's)

A, H, N = ALLIANCE, HORDE, NEUTRAL


# ====================================================================== seating
@pytest.mark.parametrize(
    ("n", "factions", "labels"),
    [
        (2, (A, H), ["Alliance 1", "Horde 1"]),
        (3, (A, H, N), ["Alliance 1", "Horde 1", "Neutral"]),
        (4, (A, H, A, H), ["Alliance 1", "Horde 1", "Alliance 2", "Horde 2"]),
        (5, (A, H, N, A, H), ["Alliance 1", "Horde 1", "Neutral", "Alliance 2", "Horde 2"]),
    ],
)
def test_factions_and_turn_order_by_player_count(n, factions, labels):
    assert seat_factions(n) == factions
    assert seat_labels(n) == labels


def test_the_variant_needs_two_to_five_players():
    with pytest.raises(ValueError, match="2 to 5 players"):
        seat_factions(6)


def neutral_races(tables):
    return [i for i, r in enumerate(tables.ruleset.races) if r.faction == NEUTRAL]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_neutral_banners_stay_in_the_box_at_2_and_4_players(n):
    base = default_tables()
    tables = bfa_tables(base, n)
    neutral = neutral_races(base)
    assert len(neutral) == 4  # the Neutral column's four banners
    allowed = tables.race_tab[:, L.RT_ALLOWED]
    others = [i for i in range(len(base.ruleset.races)) if i not in neutral]
    assert all(allowed[i] == (1 if n in (3, 5) else 0) for i in neutral)
    assert all(allowed[i] == base.race_tab[i, L.RT_ALLOWED] for i in others)
    # nothing else changes but the variant the engine plays
    changed = np.flatnonzero(tables.params != base.params).tolist()
    assert changed == [L.PAR_VARIANT] and tables.params[L.PAR_VARIANT] == L.VARIANT_BFA


def test_a_four_player_game_never_sees_a_neutral_race(tmp_path):
    base = default_tables()
    simulate(
        SWOW, 4, 12, 3, "heuristic", tables=bfa_tables(base, 4), out_dir=tmp_path, progress=False
    )
    races = pd.read_parquet(tmp_path / "races.parquet")
    names = {base.ruleset.races[i].name for i in neutral_races(base)}
    assert len(races) > 12 and not set(races["race"].astype(str)) & names


# ================================================================== team scoring
def test_the_sheets_worked_example_the_horde_wins_with_72():
    # seats in turn order: Alliance 1, Horde 1, Neutral, Alliance 2, Horde 2
    result = team_standings([51, 79, 67, 88, 72], 5)
    assert result.faction_score == {N: 67, A: 51, H: 72}
    assert result.winners == (H,)
    assert result.team_score == (51, 72, 67, 51, 72)
    assert result.team_win == (False, True, False, False, True)


def test_at_two_and_three_players_a_players_score_is_its_factions():
    result = team_standings([40, 52, 47], 3)
    assert result.team_score == (40, 52, 47)
    assert result.winners == (H,)
    assert team_standings([50, 50], 2).winners == (A, H)  # shared


def test_a_tie_goes_to_the_faction_with_the_best_player_then_is_shared():
    # Alliance 70/80, Horde 75/70: both score 70, the Alliance has the 80
    assert team_standings([70, 75, 80, 70], 4).winners == (A,)
    assert team_standings([70, 80, 80, 70], 4).winners == (A, H)
    # the Neutral's single score counts as its best too
    assert team_standings([60, 60, 60, 90, 60], 5).winners == (A,)
    assert team_standings([80, 80, 80, 90, 90], 5).winners == (A, H)


def test_the_seats_table_gains_faction_team_score_and_team_win():
    seats = pd.DataFrame(
        {
            "game": np.repeat([0, 1], 5),
            "seat": np.tile(np.arange(5), 2),
            "final_vc": [51, 79, 67, 88, 72, 90, 40, 50, 95, 41],
        }
    )
    out = add_team_columns(seats, 5)
    assert list(out["faction"].astype(str)[:5]) == [
        "Alliance",
        "Horde",
        "Neutral",
        "Alliance",
        "Horde",
    ]
    assert list(out["team_score"]) == [51, 72, 67, 51, 72, 90, 40, 50, 90, 40]
    assert list(out["team_win"]) == [False, True, False, False, True] + [
        True,
        False,
        False,
        True,
        False,
    ]
