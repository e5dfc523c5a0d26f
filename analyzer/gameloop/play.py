"""A whole game: the setup, the turns in order, the final standings.

A seat played by the lookahead or the search bot is asked for its choices at the
start of each of its turns (gameloop/lookahead.py, search.py), here rather than
from inside the turn, so the turn never calls back into the imagined games the bot
plays out. Games with such a seat go through their own entry
(play_game_lookahead), so a run without one never compiles, nor pays for, them."""

from __future__ import annotations

import numpy as np

from analyzer.engine.jit import inline_kernel
from analyzer.engine.layout import (
    F_COST,
    F_POWER,
    F_RACE,
    F_SEAT,
    G_CHECK,
    G_FORCED_COST,
    G_FORCED_POWER,
    G_FORCED_RACE,
    G_FORCED_SEAT,
    G_LA_DECLINE,
    G_LA_KEY,
    G_LA_SLOT,
    G_ROUNDS,
    G_TURN,
    P_POLICY,
    STREAM_SETUP,
)
from analyzer.engine.rng import init_streams
from analyzer.engine.setup import setup_game
from analyzer.gameloop.lookahead import lookahead_decide
from analyzer.gameloop.search import search_decide, search_plan
from analyzer.gameloop.turns import final_standings, play_turns, run_turns
from analyzer.players.params import LOOKAHEAD, SEARCH


@inline_kernel
def start_game(g, t, n_players, seed, game, policies, pol_params, check, forced):
    """Everything before the first turn; returns the number of turns to play.
    forced[F_*] may force one seat's first pick (a study's design); seat -1: none."""
    g_ply = g.ply
    g_gst = g.gst
    g_pol = g.pol
    init_streams(seed, game, g.rng)
    # the key of the lookahead's own streams: from (seed, game), apart from the game's
    g_gst[G_LA_KEY] = np.int64(g.rng[STREAM_SETUP] >> np.uint64(2))
    g_gst[G_FORCED_SEAT] = forced[F_SEAT]
    g_gst[G_FORCED_RACE] = forced[F_RACE]
    g_gst[G_FORCED_POWER] = forced[F_POWER]
    g_gst[G_FORCED_COST] = forced[F_COST]
    setup_game(g, t, n_players)
    g_gst[G_CHECK] = 1 if check is not None and check else 0
    for p in range(n_players):
        g_ply[p, P_POLICY] = policies[p]
        for k in range(pol_params.shape[1]):
            g_pol[p, k] = pol_params[p, k]
    return g_gst[G_ROUNDS] * n_players


@inline_kernel
def play_game(g, t, n_players, seed, game, policies, pol_params, check, forced, seat_out):
    """Play one whole game into g (no lookahead seat); seat results go to
    seat_out[n_players, S_NF]."""
    end = start_game(g, t, n_players, seed, game, policies, pol_params, check, forced)
    run_turns(g, t, end, check)
    final_standings(g, seat_out)


@inline_kernel
def play_game_lookahead(
    g, sim, t, n_players, seed, game, policies, pol_params, check, forced, seat_out
):
    """play_game, with a seat (or more) played by the lookahead or the search bot;
    sim is the scratch game of their imagined games."""
    g_ply = g.ply
    g_gst = g.gst
    g_pol = g.pol
    end = start_game(g, t, n_players, seed, game, policies, pol_params, check, forced)
    while g_gst[G_TURN] < end:
        turn = g_gst[G_TURN]
        p = turn % n_players
        policy = g_ply[p, P_POLICY]
        if policy != LOOKAHEAD and policy != SEARCH:
            play_turns(g, t, turn + 1, check)
            continue
        if policy == LOOKAHEAD:
            plan = lookahead_decide(g, sim, t, p)
        else:
            plan = search_decide(g, sim, t, p)
        for k in range(g_pol.shape[1]):  # the plan holds for this turn only
            sim.pol[p, k] = g_pol[p, k]
        search_plan(g_pol, p, plan)  # the lookahead's plans are the search's first
        play_turns(g, t, turn + 1, check)
        for k in range(g_pol.shape[1]):
            g_pol[p, k] = sim.pol[p, k]
        g_gst[G_LA_SLOT] = -1
        g_gst[G_LA_DECLINE] = -1
    final_standings(g, seat_out)
