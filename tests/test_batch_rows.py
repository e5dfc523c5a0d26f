"""A batch keeps a few rows per game for the races picked (api.INST_ROWS_PER_PLAYER);
a game that picked more is played again with every row, so no race is ever lost and
the results are those of a batch that kept every row."""

import numpy as np

from analyzer.backends.shared import SharedGames
from analyzer.gameloop import api
from analyzer.players.params import default_vector, policy_id
from analyzer.rulesets.swow.tables import default_tables

TABLES = api.engine_tables(default_tables())
N = 300


def random_batch(n_players, first=0, n=N):
    ids = [policy_id("random")] * n_players
    params = np.array([default_vector("random")] * n_players)
    return api.play_batch(TABLES, n_players, 4, first, n, ids, params)


def test_games_beyond_the_rows_are_played_again_with_every_row(monkeypatch):
    monkeypatch.setattr(api, "INST_ROWS_PER_PLAYER", 16)  # every row: the reference
    full = random_batch(3)
    monkeypatch.setattr(api, "INST_ROWS_PER_PLAYER", 2)  # 6 rows: most games pick more
    short = random_batch(3)
    assert (full.n_inst > 6).mean() > 0.5
    np.testing.assert_array_equal(short.seats, full.seats)
    np.testing.assert_array_equal(short.n_inst, full.n_inst)
    np.testing.assert_array_equal(short.errors, full.errors)
    width = int(full.n_inst.max())
    assert short.inst.shape[1] == width
    np.testing.assert_array_equal(short.inst, full.inst[:, :width])
    assert not full.inst[:, width:].any()  # nothing lies beyond a game's own rows


def test_a_result_is_as_wide_as_its_cap_or_its_longest_game():
    result = random_batch(4)
    assert result.inst.shape[1] == api.inst_width(4, result.n_inst)
    assert result.inst.shape[1] >= result.n_inst.max()


def test_parts_of_different_widths_join_as_one_batch(monkeypatch):
    monkeypatch.setattr(api, "INST_ROWS_PER_PLAYER", 2)
    whole = random_batch(3)
    parts = [random_batch(3, first, 100) for first in (0, 100, 200)]
    assert len({p.inst.shape[1] for p in parts}) > 1  # the test means something
    joined = api.join_results(parts)
    for name in ("seats", "inst", "n_inst", "errors"):
        np.testing.assert_array_equal(getattr(joined, name), getattr(whole, name))


def test_shared_games_give_the_width_a_batch_would(monkeypatch):
    monkeypatch.setattr(api, "INST_ROWS_PER_PLAYER", 2)
    store = SharedGames()
    ids = [policy_id("random")] * 3
    params = np.array([default_vector("random")] * 3)
    first = store.play(TABLES, 3, 4, 0, 150, ids, params, False, None)
    both = store.play(TABLES, 3, 4, 0, N, ids, params, False, None)  # half kept, half new
    whole = random_batch(3)
    for name in ("seats", "inst", "n_inst", "errors"):
        np.testing.assert_array_equal(getattr(both, name), getattr(whole, name))
    assert first.inst.shape[1] == api.inst_width(3, first.n_inst)
