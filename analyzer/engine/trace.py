"""The optional event log of a game (golden playthroughs, debugging)."""

from __future__ import annotations

from numba import njit

from analyzer.engine.layout import G_LOG_N, G_LOG_ON, G_TURN


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def log_event(g, kind, player, region, a, b):
    if g.gst[G_LOG_ON] == 0:
        return
    i = g.gst[G_LOG_N]
    if i >= g.log.shape[0]:
        return
    g.log[i, 0] = g.gst[G_TURN]
    g.log[i, 1] = kind
    g.log[i, 2] = player
    g.log[i, 3] = region
    g.log[i, 4] = a
    g.log[i, 5] = b
    g.gst[G_LOG_N] = i + 1
