"""Games one study plays again after another (analyzer/backends/shared.py): met
again with the same inputs, they are taken from what was kept, never played again,
and give the same rows byte for byte."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer import load_game
from analyzer.backends import Chunk, InProcess
from analyzer.backends.shared import SharedGames
from analyzer.engine import layout as L
from analyzer.gameloop import api
from analyzer.players.params import policy_id
from analyzer.ruleset_registry import played_tables
from analyzer.simulate import seat_bots

SWOW = load_game("swow")  # the game these tests play (the default run's)


@pytest.fixture
def engine_games(monkeypatch):
    """The games the engine really plays from here on: [(first, n_games)]."""
    played = []
    real = api.play_batch

    def play_batch(etables, n_players, seed, first, n_games, *rest, **kw):
        played.append((int(first), int(n_games)))
        return real(etables, n_players, seed, first, n_games, *rest, **kw)

    monkeypatch.setattr(api, "play_batch", play_batch)
    return played


@pytest.fixture
def shared(monkeypatch):
    """A fresh store for the test, in place of the process's."""
    from analyzer.backends import shared as module

    store = SharedGames()
    monkeypatch.setattr(module, "GAMES", store)
    return store


def _same(a, b):
    for name in ("seats", "inst", "n_inst", "errors"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape and x.tobytes() == y.tobytes(), name
    assert a.first == b.first


def _forced(n, seat, race, power):
    forced = api.no_forced_picks(n)
    forced[:, L.F_SEAT], forced[:, L.F_RACE], forced[:, L.F_POWER] = seat, race, power
    return forced


def test_a_kept_game_is_not_played_again_and_gives_the_same_rows(engine_games, shared):
    etables = api.engine_tables(played_tables())
    ids, params = seat_bots(("heuristic",) * 4, 4, None)
    combo = _forced(12, np.arange(12) % 4, 0, 0)

    def calls(first, n, forced=None, share=True):
        return [Chunk(etables, 4, 5, first, n, ids, params, False, forced, shared=share)]

    backend = InProcess()
    list(backend.play(calls(0, 40)))  # all-bot games 0..39
    list(backend.play(calls(0, 12, combo)))  # the same indices with a forced pick: others
    assert engine_games == [(0, 40), (0, 12)]
    engine_games.clear()
    # 30..49: 30..39 kept, 40..49 played; then all of them kept, and the combo games too
    ((_, part),) = backend.play(calls(30, 20))
    ((_, again),) = backend.play(calls(30, 20))
    ((_, combos),) = backend.play(calls(0, 12, combo))
    assert engine_games == [(40, 10)]
    assert (shared.reused, shared.played) == (10 + 20 + 12, 40 + 12 + 10)
    engine_games.clear()
    # the same rows as the engine's own, byte for byte; a call not marked shared plays
    ((_, plain),) = backend.play(calls(30, 20, share=False))
    assert engine_games == [(30, 20)]
    _same(part, plain)
    _same(again, plain)
    _same(combos, api.play_batch(etables, 4, 5, 0, 12, ids, params, False, combo))
    # other bots (or tables, seed, check) are other games
    engine_games.clear()
    other = [policy_id("random")] * 4
    list(backend.play([Chunk(etables, 4, 5, 30, 20, other, params, False, shared=True)]))
    assert engine_games == [(30, 20)]


def test_nothing_more_is_kept_beyond_the_budget(engine_games, shared):
    etables = api.engine_tables(played_tables())
    ids, params = seat_bots(("heuristic",) * 3, 3, None)
    shared.budget = 1
    chunk = Chunk(etables, 3, 2, 0, 8, ids, params, shared=True)
    list(InProcess().play([chunk, chunk]))
    assert engine_games == [(0, 8), (0, 8)] and shared.nbytes == 0


def test_the_balance_study_plays_no_game_the_player_count_study_played(engine_games, shared):
    """The report's order: the player-count study, then the balance study's printed
    combo table (the same table at the same games per combo) and its seats' games on
    the printed rules (the same all-bot games, more of them)."""
    from analyzer.studies.balance_curves import ComboPlayer
    from analyzer.studies.balance_seats import play_seat_games
    from analyzer.studies.players import run_players
    from analyzer.studies.settings import PlayersSettings

    tables = played_tables()
    bots = ("heuristic",) * 3
    run_players(PlayersSettings("3", 300, 4, 2, bots=bots, game=SWOW), progress=False)
    engine_games.clear()
    before = shared.reused
    printed = ComboPlayer(3, 2, 4, bots, game=SWOW).combos(tables, None, 2, shared=True)
    vc, _tokens, _win = play_seat_games(3, 400, 4, tables, "heuristic", None, None, True)
    assert engine_games == [(300, 100)]  # only the seats' games the other study did not play
    assert shared.reused - before == printed.n_games + 300
    # and the same answers as played anew
    fresh = ComboPlayer(3, 2, 4, bots, game=SWOW).combos(tables, None, 2)
    assert printed.combos.equals(fresh.combos)
    again, _, _ = play_seat_games(3, 400, 4, tables, "heuristic", None)
    assert np.array_equal(vc, again)
