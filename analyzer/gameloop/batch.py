"""Play many games in parallel. Game i of a run always uses the random streams of
(seed, i), so results do not depend on the thread count or on how the run is cut.

Parallelism comes from Python threads, each running a `nogil` kernel over blocks
of games it takes from a shared counter and writing only those games' output rows.
A numba `prange` loop does the same job but costs about ten extra seconds of
compilation on the first run, for no speed gain (measured: both scale 1.9x on 2
cores).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from analyzer.engine.jit import entry_point, inline_kernel
from analyzer.engine.layout import G_ERROR, G_LOG_ON, G_NINST, I_NF, S_NF
from analyzer.engine.state import assume_as_built, check_as_built, new_game, reset_game
from analyzer.gameloop.play import play_game, play_game_lookahead
from analyzer.gameloop.turns import check_flag
from analyzer.players.params import LOOKAHEAD, SEARCH


@inline_kernel
def record_game(g, out, i):
    """Game i's instances and error into the output rows (its seats are in already):
    n_inst[i] is how many it picked, even beyond the rows `inst` has for a game
    (api.play_batch plays such a game again with more)."""
    seats, inst, n_inst, errors = out
    g_gst = g.gst
    g_inst = g.inst
    n_inst[i] = g_gst[G_NINST]
    # a plain loop: slice assignment compiles string formatting
    for row in range(min(g_gst[G_NINST], inst.shape[1])):
        for col in range(I_NF):
            inst[i, row, col] = g_inst[row, col]
    errors[i] = g_gst[G_ERROR]


# The entry points from Python: a range of games and one logged game, each with and
# without a lookahead seat (a run without one never compiles the lookahead). Like a
# kernel they count no references (engine/jit.py): the game and every output array
# come in from Python, and play_game with all it inlines runs under these settings.
@entry_point
def play_range(g, t, n_players, seed, first, start, stop, policies, pol_params, check, forced, out):
    """Play games first+start .. first+stop-1 into rows start..stop-1 of `out`,
    on the thread's own game g (used or new: each game starts from a reset);
    forced[i] is game i's forced first pick (layout.F_*; seat -1 for none)."""
    assume_as_built(g, t)
    seats = out[0]
    for i in range(start, stop):
        reset_game(g)
        play_game(
            g, t, n_players, seed, first + i, policies, pol_params, check, forced[i], seats[i]
        )
        record_game(g, out, i)


@entry_point
def play_range_lookahead(
    g, sim, t, n_players, seed, first, start, stop, policies, pol_params, check, forced, out
):
    """play_range for games with a lookahead seat, on the thread's scratch game sim too."""
    assume_as_built(g, t)
    seats = out[0]
    for i in range(start, stop):
        reset_game(g)
        play_game_lookahead(
            g, sim, t, n_players, seed, first + i, policies, pol_params, check, forced[i], seats[i]
        )
        record_game(g, out, i)


def run_batch(
    t, n_players, seed, first, n_games, policies, pol_params, check, forced, max_inst, threads
):
    """Returns (seats[n, n_players, S_NF], inst[n, max_inst, I_NF], n_inst[n], errors[n])."""
    out = (
        np.zeros((n_games, n_players, S_NF), np.int32),
        np.zeros((n_games, max_inst, I_NF), np.int32),
        np.zeros(n_games, np.int32),
        np.zeros(n_games, np.int32),
    )
    args = (t, n_players, np.int64(seed), np.int64(first))
    lookahead = has_lookahead(policies, n_players)
    entry = play_range_lookahead if lookahead else play_range
    tail = (policies, pol_params, check_flag(check, entry.overloads), forced, out)
    threads = max(1, min(threads, n_games))
    # Threads take blocks of games from a shared counter until none are left, so a
    # thread whose games ran short takes more instead of waiting for the others
    # (a block is a few dozen heuristic games, one call's cost; a lookahead game takes
    # tens of milliseconds, so one a block leaves the least idle at the end).
    block = 1 if lookahead else max(1, min(32, n_games // (4 * threads)))
    taken = [0]
    lock = threading.Lock()

    def next_block() -> tuple[int, int]:
        with lock:
            start = taken[0]
            taken[0] = min(start + block, n_games)
            return start, taken[0]

    def job():
        g = new_game(pol_params.shape[1], 1)  # one per thread, reset before each game
        sim = new_game(pol_params.shape[1], 1) if lookahead else None
        for game in (g, sim) if lookahead else (g,):
            check_as_built(game, t)  # what the kernels assume of the arrays' shapes
        while True:
            start, stop = next_block()
            if start == stop:
                return
            if lookahead:
                play_range_lookahead(g, sim, *args, start, stop, *tail)
            else:
                play_range(g, *args, start, stop, *tail)

    if threads == 1:
        job()
        return out
    pool = _pool(threads)
    for done in [pool.submit(job) for _ in range(threads)]:
        done.result()
    return out


_POOLS: dict[int, ThreadPoolExecutor] = {}


def _pool(threads: int) -> ThreadPoolExecutor:
    """One pool per thread count, kept for the process: a study makes hundreds of
    engine calls, and starting threads for each cost milliseconds a call."""
    if threads not in _POOLS:
        _POOLS[threads] = ThreadPoolExecutor(threads, thread_name_prefix="analyzer-engine")
    return _POOLS[threads]


def has_lookahead(policies, n_players) -> bool:
    """True when a seat plays a bot of imagined games (the lookahead or the search)."""
    seats = np.asarray(policies)[:n_players]
    return bool(((seats == LOOKAHEAD) | (seats == SEARCH)).any())


@entry_point
def play_one(g, t, n_players, seed, game, policies, pol_params, check, forced, seats):
    """One game on g (with an event log when g.gst[G_LOG_ON] is 1)."""
    play_game(g, t, n_players, seed, game, policies, pol_params, check, forced, seats)


@entry_point
def play_one_lookahead(
    g, sim, t, n_players, seed, game, policies, pol_params, check, forced, seats
):
    """play_one for a game with a lookahead seat."""
    play_game_lookahead(
        g, sim, t, n_players, seed, game, policies, pol_params, check, forced, seats
    )


def play_logged_game(t, n_players, seed, game, policies, pol_params, check, forced, log_rows):
    """One game with its event log (log_rows > 1 turns logging on): (g, seats)."""
    g = new_game(pol_params.shape[1], log_rows)
    check_as_built(g, t)
    g.gst[G_LOG_ON] = 1 if log_rows > 1 else 0
    seats = np.zeros((n_players, S_NF), np.int32)
    entry = play_one_lookahead if has_lookahead(policies, n_players) else play_one
    check = check_flag(check, entry.overloads)
    args = (t, n_players, seed, game, policies, pol_params, check, forced, seats)
    if entry is play_one_lookahead:
        sim = new_game(pol_params.shape[1], 1)
        check_as_built(sim, t)
        play_one_lookahead(g, sim, *args)
    else:
        play_one(g, *args)
    return g, seats
