"""Whole classic games: the invariants hold after every turn with both bots at
every player count, and a game's result depends only on the seed and its
number, not on the batch it is played in."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.engine import api
from analyzer.engine import layout as L
from analyzer.players.params import default_vector, policy_id
from analyzer.rulesets.classic.tables import classic_tables


def play(players, policies, seed, first, n, check=True):
    et = api.engine_tables(classic_tables())
    params = np.array([default_vector(p) for p in policies])
    return api.play_batch(
        et, players, seed, first, n, [policy_id(p) for p in policies], params, check
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_invariants_hold_in_every_turn_of_checked_games(players):
    mixed = ["heuristic", "random"] * 3
    for policies in (["heuristic"] * players, ["random"] * players, mixed[:players]):
        res = play(players, policies, 7, 0, 40)
        assert res.errors.max() == 0, (players, policies, np.bincount(res.errors))


def test_same_seed_same_games_whatever_the_batch():
    policies = ["heuristic", "random", "heuristic", "random"]
    whole = play(4, policies, 3, 0, 40, check=False)
    parts = [play(4, policies, 3, first, 10, check=False) for first in range(0, 40, 10)]
    assert np.array_equal(whole.seats, np.concatenate([p.seats for p in parts]))
    assert np.array_equal(whole.inst, np.concatenate([p.inst for p in parts]))
    again = play(4, policies, 3, 0, 40, check=False)
    assert np.array_equal(whole.seats, again.seats)


def test_every_race_and_power_is_picked_in_a_few_hundred_games():
    res = play(4, ["heuristic"] * 4, 5, 0, 200, check=False)
    picked = [res.inst[i, : res.n_inst[i]] for i in range(200)]
    rows = np.concatenate(picked)
    assert set(rows[:, L.I_RACE]) == set(range(14))
    assert set(rows[:, L.I_POWER]) == set(range(20))


def test_lookahead_games_keep_every_rule_and_depend_on_the_seed_alone():
    """The lookahead bot (players/lookahead.py) plays the original game too."""
    et = api.engine_tables(classic_tables())
    policies = ["lookahead", "heuristic", "random", "lookahead"]
    cheap = default_vector("lookahead", rollouts=2, plans=2, candidates=2)
    params = np.array([cheap if p == "lookahead" else default_vector(p) for p in policies])
    ids = [policy_id(p) for p in policies]
    whole = api.play_batch(et, 4, 8, 0, 4, ids, params, True)
    assert whole.errors.max() == 0
    parts = [api.play_batch(et, 4, 8, first, 2, ids, params, True) for first in (0, 2)]
    assert np.array_equal(whole.seats, np.concatenate([p.seats for p in parts]))
