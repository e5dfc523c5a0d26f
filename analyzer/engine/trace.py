"""The optional event log of a game (golden playthroughs, debugging)."""

from __future__ import annotations

from analyzer.engine.jit import kernel
from analyzer.engine.layout import G_LOG_N, G_LOG_ON, G_TURN


@kernel
def log_event(g, kind, player, region, a, b):
    # arrays read once: each g.x read costs reference counting, and this is
    # inlined at many places
    gst = g.gst
    if gst[G_LOG_ON] == 0:
        return
    log = g.log
    i = gst[G_LOG_N]
    if i >= log.shape[0]:
        return
    log[i, 0] = gst[G_TURN]
    log[i, 1] = kind
    log[i, 2] = player
    log[i, 3] = region
    log[i, 4] = a
    log[i, 5] = b
    gst[G_LOG_N] = i + 1
