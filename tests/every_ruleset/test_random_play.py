"""Random play, for every ruleset and variant: the invariants hold in every turn of
many games (play_batch(check=True) runs check_invariants after each turn and
reports the first violation of each game), with heuristic bots, random ones and
the two taking turns; every race and power turns up in a few hundred games; and
the lookahead bot keeps every rule too. That the check catches broken states is
shown on SWoW's built positions (tests/test_invariants.py)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from analyzer.engine import layout as L
from analyzer.engine.invariants import ERROR_NAMES
from analyzer.gameloop.api import play_batch
from analyzer.gameloop.turns import ERR_BAD_MOVE
from analyzer.players.params import default_vector, policy_id

# Games per player count: the default game gets the most, each other game enough to
# reach its rarer branches (measured: a few seconds each).
GAMES = {("swow", "standard"): 10_000}
OTHER_GAMES = 2_000
SEED = 20240
LINEUPS = ("all heuristic", "mixed", "all random")


def lineup(label: str, n_players: int) -> list[str]:
    if label == "mixed":
        return ["random" if p % 2 == 0 else "heuristic" for p in range(n_players)]
    return [label.removeprefix("all ")] * n_players


def play(etables, n_players, kinds, seed, first, n, check=True, params=None):
    ids = [policy_id(k) for k in kinds]
    params = np.array([default_vector(k) for k in kinds]) if params is None else params
    return play_batch(etables, n_players, seed, first, n, ids, params, check)


def error_name(code: int) -> str:
    if code == ERR_BAD_MOVE:
        return "a bot asked for an illegal move"
    return ERROR_NAMES.get(code, f"unknown code {code}")


def broken_games(result) -> str:
    """What went wrong, by error name, with the first few games of each."""
    games = np.flatnonzero(result.errors)
    counts = Counter(int(result.errors[i]) for i in games)
    lines = []
    for code, n in sorted(counts.items()):
        first = [int(result.first + i) for i in games if result.errors[i] == code][:5]
        lines.append(f"{error_name(code)} (code {code}): {n} games, e.g. {first}")
    return "; ".join(lines)


@pytest.fixture(scope="module")
def etables(game):
    return game.engine_tables()


@pytest.mark.slow
@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_no_game_breaks_an_invariant(game, etables, n_players):
    total = GAMES.get((game.ruleset, game.variant), OTHER_GAMES)
    share = total // len(LINEUPS)
    for k, label in enumerate(LINEUPS):
        kinds = lineup(label, n_players)
        result = play(etables, n_players, kinds, SEED + n_players, k * share, share)
        assert result.errors.shape == (share,)
        assert not result.errors.any(), f"{n_players} players, {label}: {broken_games(result)}"


def test_every_race_and_power_is_picked_in_a_few_hundred_games(game, etables):
    # 3 and 4 players: Battle for Azeroth deals the Neutral banners only to a Neutral
    # seat, which 3 players have.
    rows = []
    for n_players in (3, 4):
        res = play(etables, n_players, ["heuristic"] * n_players, 5, 0, 200, check=False)
        rows += [res.inst[i, : res.n_inst[i]] for i in range(200)]
    rows = np.concatenate(rows)
    ruleset = game.default_tables().ruleset
    assert set(rows[:, L.I_RACE]) == set(range(len(ruleset.races)))
    assert set(rows[:, L.I_POWER]) == set(range(len(ruleset.powers)))


@pytest.mark.shipped_rulesets  # the plain test ruleset would compile the lookahead for nothing
def test_lookahead_games_keep_every_rule_and_depend_on_the_seed_alone(game, etables):
    """The lookahead bot (gameloop/lookahead.py) plays every game too."""
    kinds = ["lookahead", "heuristic", "random", "lookahead"]
    cheap = default_vector("lookahead", rollouts=2, plans=2, candidates=2)
    params = np.array([cheap if k == "lookahead" else default_vector(k) for k in kinds])
    whole = play(etables, 4, kinds, 8, 0, 4, params=params)
    assert whole.errors.max() == 0, broken_games(whole)
    parts = [play(etables, 4, kinds, 8, first, 2, params=params) for first in (0, 2)]
    assert np.array_equal(whole.seats, np.concatenate([p.seats for p in parts]))
    assert np.array_equal(whole.inst, np.concatenate([p.inst for p in parts]))


@pytest.mark.shipped_rulesets  # the plain test ruleset would compile the search for nothing
def test_search_games_keep_every_rule_and_depend_on_the_seed_alone(game, etables):
    """The search bot (gameloop/search.py) plays every game too."""
    kinds = ["search", "heuristic", "random", "search"]
    cheap = default_vector("search", simulations=12)
    params = np.array([cheap if k == "search" else default_vector(k) for k in kinds])
    whole = play(etables, 4, kinds, 8, 0, 4, params=params)
    assert whole.errors.max() == 0, broken_games(whole)
    parts = [play(etables, 4, kinds, 8, first, 2, params=params) for first in (0, 2)]
    assert np.array_equal(whole.seats, np.concatenate([p.seats for p in parts]))
    assert np.array_equal(whole.inst, np.concatenate([p.inst for p in parts]))
