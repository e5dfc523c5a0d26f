"""What a SWoW player cannot see, dealt again for a bot that imagines the game
going on (the lookahead bot's rollouts, gameloop/lookahead.py): the identities of
the face-down markers and of the markers left in the box, whether each Bomb
(on the boards or in the Goblins' stack) is live or a dud, and in Battle for
Azeroth the order of each faction's stack below its visible banners. Each is
dealt from what it could be as the table sees it (the same markers, the same
number of live Bombs), so the deal depends only on public facts and the stream.
"""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    BOMB_DUD,
    BOMB_LIVE,
    G_BOMBS,
    G_BOMBS_N,
    G_DRAFT,
    G_DRAFT_N,
    G_MARKER_AT,
    G_MARKER_POOL,
    G_NREG,
    MAX_FACTION_BANNERS,
    N_MARKERS,
    R_BOMB,
    R_MARKERS,
    R_MARKERS_UP,
    STREAM_SETUP,
)
from analyzer.engine.rng import randint, redeal
from analyzer.rulesets.swow.draft import BFA_COLUMN, N_FACTIONS, is_bfa


@inline_kernel
def redeal_markers(g):
    """Every face-down marker gets an identity drawn from the markers nobody has
    seen (those face down and those in the box); the rest go back to the box.
    g.work is scratch: the face-down markers per region."""
    reg = g.reg
    gst = g.gst
    down_here = g.work
    unseen = gst[G_MARKER_POOL]
    n = 0
    for r in range(gst[G_NREG]):  # every old identity leaves the boards first
        down = reg[r, R_MARKERS] & ~reg[r, R_MARKERS_UP]
        down_here[r] = 0
        for m in range(N_MARKERS):
            if (down >> m) & 1:
                reg[r, R_MARKERS] &= ~(1 << m)
                gst[G_MARKER_AT + m] = -1
                unseen |= 1 << m
                down_here[r] += 1
    for m in range(N_MARKERS):
        if (unseen >> m) & 1:
            n += 1
    for r in range(gst[G_NREG]):
        for _ in range(down_here[r]):
            k = randint(g.rng, STREAM_SETUP, n)  # one drawn from those still unseen
            for m in range(N_MARKERS):
                if (unseen >> m) & 1:
                    if k == 0:
                        reg[r, R_MARKERS] |= 1 << m
                        gst[G_MARKER_AT + m] = r
                        unseen &= ~(1 << m)
                        n -= 1
                        break
                    k -= 1
    gst[G_MARKER_POOL] = unseen


@inline_kernel
def redeal_bombs(g):
    """The live Bombs, as many as before, dealt again over every face-down Bomb
    (on the boards first, region by region, then the stack from its bottom)."""
    reg = g.reg
    gst = g.gst
    n_stack = gst[G_BOMBS_N]
    total = n_stack
    live = 0
    for r in range(gst[G_NREG]):
        if reg[r, R_BOMB] != 0:
            total += 1
            live += 1 if reg[r, R_BOMB] == BOMB_LIVE else 0
    for k in range(n_stack):
        live += 1 if gst[G_BOMBS + k] == BOMB_LIVE else 0
    left = total
    for r in range(gst[G_NREG]):
        if reg[r, R_BOMB] != 0:
            is_live = randint(g.rng, STREAM_SETUP, left) < live
            reg[r, R_BOMB] = BOMB_LIVE if is_live else BOMB_DUD
            live -= 1 if is_live else 0
            left -= 1
    for k in range(n_stack):
        is_live = randint(g.rng, STREAM_SETUP, left) < live
        gst[G_BOMBS + k] = BOMB_LIVE if is_live else BOMB_DUD
        live -= 1 if is_live else 0
        left -= 1


@kernel
def redeal_hidden(g, t, p):
    """SWoW's hidden pieces dealt again on g's STREAM_SETUP (p: who imagines;
    nothing here is known to one player and not the others)."""
    redeal_markers(g)
    redeal_bombs(g)
    if is_bfa(t):
        gst = g.gst
        for f in range(N_FACTIONS):
            n = gst[G_DRAFT_N + f] - BFA_COLUMN
            if n > 1:
                first = G_DRAFT + f * MAX_FACTION_BANNERS + BFA_COLUMN
                redeal(g.rng, STREAM_SETUP, gst[first : first + n], n)
