"""A study may force one seat's first pick (the combos study's design)."""

import numpy as np

from analyzer.engine import layout as L
from analyzer.gameloop.api import engine_tables, no_forced_picks, play_batch
from analyzer.players.params import HEURISTIC, default_vector
from analyzer.rulesets.swow import ids
from analyzer.rulesets.swow.tables import default_tables

TABLES = engine_tables(default_tables())
N = 400


def forced_rows(seat, race, power, cost=0):
    forced = no_forced_picks(N)
    forced[:, L.F_SEAT] = seat
    forced[:, L.F_RACE] = race
    forced[:, L.F_POWER] = power
    forced[:, L.F_COST] = cost
    return forced


def first_pick(result, game, seat):
    rows = result.inst[game, : result.n_inst[game]]
    return rows[rows[:, L.I_SEAT] == seat][0]


def test_forced_seat_gets_the_combo_first_and_others_never_see_it_in_round_one():
    forced = forced_rows(2, ids.TAUREN, ids.HERBALIST, cost=3)
    result = play_batch(
        TABLES, 4, 5, 0, N, [HEURISTIC] * 4, [default_vector("heuristic")] * 4, True, forced
    )
    assert not result.errors.any()
    for game in range(N):
        pick = first_pick(result, game, 2)
        assert pick[L.I_RACE] == ids.TAUREN and pick[L.I_POWER] == ids.HERBALIST
        assert pick[L.I_SLOT] == -1 and pick[L.I_PAID] == 3 and pick[L.I_COLLECTED] == 0
        assert pick[L.I_TOKENS] == 11 + 4
        for seat in (0, 1):  # seats before it pick from a column without that combo
            other = first_pick(result, game, seat)
            assert other[L.I_RACE] != ids.TAUREN and other[L.I_POWER] != ids.HERBALIST


def test_unforced_games_in_the_same_batch_play_exactly_as_without_forcing():
    forced = forced_rows(0, ids.DWARVES, ids.SAILING)
    forced[1::2, L.F_SEAT] = -1
    policies, params = [HEURISTIC] * 3, [default_vector("heuristic")] * 3
    mixed = play_batch(TABLES, 3, 9, 0, N, policies, params, False, forced)
    plain = play_batch(TABLES, 3, 9, 0, N, policies, params)
    assert np.array_equal(mixed.seats[1::2], plain.seats[1::2])
    assert not np.array_equal(mixed.seats[0::2], plain.seats[0::2])
