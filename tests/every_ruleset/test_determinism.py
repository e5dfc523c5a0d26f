"""A run is a function of its seed alone, for every ruleset and variant: not of the
chunk size, not of how many games go to one engine call, not of the number of
threads; and a logged game plays exactly like the same game in a batch."""

from __future__ import annotations

import numba
import numpy as np
import pandas as pd
import pytest

import analyzer.simulate as sim_module
from analyzer.simulate import simulate

POLICIES = "heuristic,random,heuristic,random"


def frames(game, tmp_path, name: str, seed: int = 11, chunk: int = 300, **kwargs):
    out = tmp_path / name
    sim = simulate(
        game, 4, 300, seed, POLICIES, out_dir=out, chunk=chunk, progress=False,
        tables=game.default_tables(), **kwargs,
    )  # fmt: skip
    seats = pd.read_parquet(out / "seats.parquet")
    races = pd.read_parquet(out / "races.parquet")
    return sim, seats, races


def assert_same(a, b) -> None:
    sim_a, seats_a, races_a = a
    sim_b, seats_b, races_b = b
    pd.testing.assert_frame_equal(seats_a, seats_b)
    pd.testing.assert_frame_equal(races_a, races_b)
    pd.testing.assert_frame_equal(sim_a.summary, sim_b.summary)
    pd.testing.assert_frame_equal(sim_a.race_summary, sim_b.race_summary)
    pd.testing.assert_frame_equal(sim_a.power_summary, sim_b.power_summary)


def test_chunk_size_does_not_change_the_games(game, tmp_path, monkeypatch):
    whole = frames(game, tmp_path, "whole", chunk=300)
    assert_same(whole, frames(game, tmp_path, "chunked", chunk=64))
    # Several engine calls inside one chunk, too.
    monkeypatch.setattr(sim_module, "engine_step", lambda: 37)
    assert_same(whole, frames(game, tmp_path, "sliced", chunk=300))


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 threads")
def test_thread_count_does_not_change_the_games(game, tmp_path):
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = frames(game, tmp_path, "one")
        numba.set_num_threads(2)
        two = frames(game, tmp_path, "two")
    finally:
        numba.set_num_threads(before)
    assert_same(one, two)


def test_a_different_seed_gives_different_games(game, tmp_path):
    _, seats_a, races_a = frames(game, tmp_path, "a", seed=11)
    _, seats_b, races_b = frames(game, tmp_path, "b", seed=12)
    assert not seats_a.equals(seats_b)
    assert not races_a.equals(races_b)


def test_summary_matches_the_games(game, tmp_path):
    sim, seats, races = frames(game, tmp_path, "sum", check=True)
    assert sim.error_games == 0, sim.errors
    by_seat = seats.groupby("seat")
    assert list(sim.summary.wins) == list(by_seat.win.sum())
    assert list(sim.summary.mean_vc) == pytest.approx(list(by_seat.final_vc.mean()))
    total = races.vc_active + races.vc_decline
    want = total.groupby(races.race.astype(str)).mean()
    got = sim.race_summary.set_index("race").mean_vc.dropna()
    assert got.to_dict() == pytest.approx(want.to_dict())
    assert sim.race_summary.picks.sum() == len(races)


def test_a_logged_game_plays_exactly_like_the_same_game_in_a_batch(game):
    """play_logged (for playthroughs) and play_batch run the same kernel."""
    from analyzer.engine import layout as L
    from analyzer.engine.layout import EV_PICK, EV_SCORE
    from analyzer.gameloop.api import play_batch, play_logged
    from analyzer.players.params import HEURISTIC, RANDOM, default_vector

    t = game.engine_tables()
    policies = [HEURISTIC, RANDOM, HEURISTIC]
    params = [default_vector("heuristic"), default_vector("random"), default_vector("heuristic")]
    batch = play_batch(t, 3, 11, 0, 8, policies, params)
    g, seats = play_logged(t, 3, 11, 5, policies, params)
    assert np.array_equal(seats, batch.seats[5])
    kinds = g.log[: g.gst[L.G_LOG_N], 1]
    assert (kinds == EV_SCORE).sum() == 3 * g.gst[L.G_ROUNDS]
    assert (kinds == EV_PICK).sum() == batch.n_inst[5]
