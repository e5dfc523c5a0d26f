"""Special powers the bots use during a turn: the Champion's free conquest,
Intimidating's moved tokens and Portal Mage's swaps. Each has a legality check
(the bots ask it before proposing a use, the engine again before applying it)
and the action itself. The passive powers live at the hook points of
abilities.py."""

from __future__ import annotations

from analyzer.engine.conquest import (
    MARK_ADJACENT,
    clear_region,
    conquer,
    wipe_decline_race_if_gone,
)
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    B_SYMBOLS,
    B_TERRAIN,
    EV_POWER,
    G_NREG,
    P_BEASTS,
    P_CHAMPION,
    P_COINS,
    P_HAND,
    P_HARMONY,
    P_POWER,
    P_RACE,
    P_USES,
    R_BEASTS,
    R_BOMB,
    R_CHAMPION,
    R_CONQ_TURN,
    R_DECLINE,
    R_FORT,
    R_MARKERS,
    R_MARKERS_UP,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    R_WISP,
)
from analyzer.engine.terrain import water_terrain  # seas and lakes
from analyzer.engine.trace import log_event
from analyzer.rulesets.swow.abilities import (
    HARMONY_PRICE,
    engage,
    may_enter_water,
    min_region_tokens,
    region_immune,
    tokens_killed,
    tokens_lost,
)
from analyzer.rulesets.swow.ids import (
    CHAMPIONING,
    INTIMIDATING,
    MURLOC,
    N_ARTIFACTS,
    PANDAREN,
    PORTAL_MAGE,
    SYM_MAGIC,
)
from analyzer.rulesets.swow.markers import (
    ARTIFACT_BITS,
    aegis_price,
    guard_price,
    move_marker,
    pay_aegis,
    reveal_markers,
)

INTIMIDATIONS_PER_TURN = 3
SWAPS_PER_TURN = 2


@kernel
def conquest_hand(g, p):
    """Race tokens in p's hand (Beasts aside): a conquest needs the race's minimum."""
    return g.ply[p, P_HAND] - g.ply[p, P_BEASTS]


# ------------------------------------------------------------------ Championing
@kernel
def champion_ready(g, p):
    """Whether p may still send its Champion this turn (in hand, not used)."""
    g_ply = g.ply
    return g_ply[p, P_POWER] == CHAMPIONING and g_ply[p, P_CHAMPION] == 1 and g_ply[p, P_USES] == 0


@kernel
def champion_target(cost, work, r):
    """Whether a ready Champion may take r: a legal target next to the race
    (cost and work as compute_targets left them). Plain arrays: bots call it
    once per region."""
    return cost[r] >= 0 and work[r] == MARK_ADJACENT


@inline_kernel
def champion_may_go(g, p):
    """Whether p's Champion may make a conquest now: ready, and the race's
    minimum of tokens in hand to hold the region."""
    return champion_ready(g, p) and conquest_hand(g, p) >= min_region_tokens(g.ply[p, P_RACE])


@inline_kernel
def champion_ok(g, p, r):
    """Whether the Champion may take r now (during the conquests)."""
    return (
        champion_may_go(g, p)
        and champion_target(g.cost, g.work, r)
        and g.ply[p, P_COINS] >= aegis_price(g, p, r)
    )


@inline_kernel
def champion_conquest(g, t, p, r):
    """The Champion takes r for free: the race's minimum of tokens (1, Tauren 2)
    holds it with the Champion, whatever defends it. It is an attack like any
    other: a Harmony holder pays the Pandaren first, and Pandaren attacking with
    it have attacked r's player."""
    ply = g.ply
    pay_aegis(g, p, r)
    engage(g, p, r)
    conquer(g, t, p, r, min_region_tokens(ply[p, P_RACE]))
    g.reg[r, R_CHAMPION] = 1
    ply[p, P_CHAMPION] = 0
    ply[p, P_USES] += 1
    log_event(g, EV_POWER, p, r, CHAMPIONING, -1)


# ----------------------------------------------------------------- Intimidating
@inline_kernel
def intimidation_ok(g, p, r):
    """intimidation_allowed on the game's arrays."""
    return intimidation_allowed(g.reg, g.ply, g.work, p, r)


@kernel
def intimidation_allowed(g_reg, g_ply, work, p, r):
    """Whether p's Intimidating race may use a power use on r: an opponent's
    region (or Murlocs) next to it, not immune, with a Wisp Wall or a Fort to
    discard or a token that may leave (never below a race's minimum unless it
    empties the region, never the last token beside Beasts or the Champion; an
    active Tauren pair empties, its lone token going back to its player; an
    in-decline race has no minimum but 1: the Tauren's power ended).
    Asked during the conquests (work[] as compute_targets left it), while a
    conquest may still follow. Plain arrays: a compiled function taking the
    game tuple costs much more compile time."""
    if g_ply[p, P_POWER] != INTIMIDATING or g_ply[p, P_USES] >= INTIMIDATIONS_PER_TURN:
        return False
    race = g_reg[r, R_RACE]
    if work[r] != MARK_ADJACENT or race < 0 or g_reg[r, R_PLAYER] == p:
        return False
    hand = g_ply[p, P_HAND] - g_ply[p, P_BEASTS]
    if region_immune(g_reg, r) or hand < min_region_tokens(g_ply[p, P_RACE]):
        return False
    due = guard_price(g_reg, p, r)  # an Aegis asks 2 VC before any power touches it
    if race == PANDAREN and g_ply[p, P_HARMONY] == 1:
        due += HARMONY_PRICE  # forcing the removal of a Pandaren token: pay first
    if g_ply[p, P_COINS] < due:
        return False
    if g_reg[r, R_WISP] > 0 or g_reg[r, R_FORT] > 0:
        return True
    n = g_reg[r, R_TOKENS]
    least = 1 if g_reg[r, R_DECLINE] == 1 else min_region_tokens(race)
    if n - 1 >= least:
        return True
    return n == least and g_reg[r, R_BEASTS] == 0 and g_reg[r, R_CHAMPION] == 0


@kernel
def intimidation_dest_ok(reg, r, d):
    """Whether the token moved out of r may go to d: another region of the same
    race (Murlocs are always discarded), not immune."""
    return (
        d != r
        and reg[d, R_RACE] == reg[r, R_RACE]
        and reg[d, R_PLAYER] == reg[r, R_PLAYER]
        and reg[r, R_RACE] != MURLOC
        and not region_immune(reg, d)
    )


@inline_kernel
def has_intimidation_dest(g, r):
    reg = g.reg
    for d in range(g.gst[G_NREG]):
        if intimidation_dest_ok(reg, r, d):
            return True
    return False


@inline_kernel
def intimidate(g, t, p, r, d):
    """One use on r: a Wisp Wall or a Fort is discarded if there is one; else one
    token moves to d (-1: discarded, only when the race has nowhere to go, a loss
    as in a conquest: abilities.tokens_lost, tokens_killed). Each
    use is an attack on r's player (engage: the Harmony fee, the Pandaren's own
    attacks)."""
    g_reg = g.reg
    pay_aegis(g, p, r)
    engage(g, p, r)
    g.ply[p, P_USES] += 1
    log_event(g, EV_POWER, p, r, INTIMIDATING, d)
    if g_reg[r, R_WISP] > 0:
        g_reg[r, R_WISP] -= 1
        return
    if g_reg[r, R_FORT] > 0:
        g_reg[r, R_FORT] = 0
        return
    q = g_reg[r, R_PLAYER]
    decline = g_reg[r, R_DECLINE]
    g_reg[r, R_TOKENS] -= 1
    if d >= 0:
        g_reg[d, R_TOKENS] += 1
    elif q < 0:
        tokens_killed(g, p, 1)  # a Murloc discarded: a loss the Forsaken may enlist
    else:
        # a discard is a loss like a conquest's: the Holy Light (or Light's Hope
        # Chapel) may keep it, to be redeployed; the Forsaken may enlist the rest
        lost = tokens_lost(g, t, q, r, decline, 1)
        if lost == 0:
            g.ply[q, P_HAND] += 1
        tokens_killed(g, p, lost)
    left = g_reg[r, R_TOKENS]
    if decline == 0 and 0 < left < min_region_tokens(g_reg[r, R_RACE]):
        # a Tauren token left alone: its player redeploys it to a region they
        # hold, with the tokens withdrawn this turn (game.defenders_redeploy)
        g.ply[q, P_HAND] += left
        g_reg[r, R_TOKENS] = 0
    if g_reg[r, R_TOKENS] == 0:
        clear_region(g, r)
        if q >= 0 and decline == 1:
            wipe_decline_race_if_gone(g, t, q)


# ------------------------------------------------------------------ Portal Mage
@inline_kernel
def swap_ready(g, p):
    return g.ply[p, P_POWER] == PORTAL_MAGE and g.ply[p, P_USES] < SWAPS_PER_TURN


@kernel
def is_magic(board, r):
    """A Magic region (bots test it before asking swap_ok about a pair)."""
    return (board[r, B_SYMBOLS] & SYM_MAGIC) != 0


@kernel
def swap_ok(g, t, p, a, b):
    """Whether p's Portal Mage may swap the tokens of a and b: two different Magic
    regions, neither immune (an Aegis must be paid for: p needs the coins), race
    tokens on at least one, no race carried into water it may not enter."""
    reg = g.reg
    board = g.board
    if a == b or (board[a, B_SYMBOLS] & SYM_MAGIC) == 0 or (board[b, B_SYMBOLS] & SYM_MAGIC) == 0:
        return False
    if region_immune(reg, a) or region_immune(reg, b):
        return False
    ra = reg[a, R_RACE]
    rb = reg[b, R_RACE]
    if ra < 0 and rb < 0:
        return False
    if ra >= 0 and water_terrain(board[b, B_TERRAIN]) and (ra == MURLOC or not may_enter_water(ra)):
        return False
    if rb >= 0 and water_terrain(board[a, B_TERRAIN]) and (rb == MURLOC or not may_enter_water(rb)):
        return False
    return g.ply[p, P_COINS] >= aegis_price(g, p, a) + aegis_price(g, p, b)


@inline_kernel
def portal_swap(g, t, p, a, b):
    """Exchange everything on a and b but Mountains, Legendary Places and
    face-down markers (and Watch Towers, which make a region immune): face-up
    Artifacts go with the tokens. An Aegis on either is paid for first. A
    player's tokens landing on a face-down marker reveal it."""
    reg = g.reg
    pay_aegis(g, p, a)
    pay_aegis(g, p, b)
    art_a = reg[a, R_MARKERS_UP] & ARTIFACT_BITS
    art_b = reg[b, R_MARKERS_UP] & ARTIFACT_BITS
    for col in (
        R_PLAYER,
        R_RACE,
        R_DECLINE,
        R_TOKENS,
        R_FORT,
        R_WISP,
        R_BEASTS,
        R_CHAMPION,
        R_BOMB,
        R_OBJECTIVE,
        R_CONQ_TURN,
    ):
        x = reg[a, col]
        reg[a, col] = reg[b, col]
        reg[b, col] = x
    for m in range(N_ARTIFACTS):
        if (art_a >> m) & 1:
            move_marker(g, m, b)
        elif (art_b >> m) & 1:
            move_marker(g, m, a)
    for x in (a, b):
        # "when a player enters a Region with a facedown marker, reveal it":
        # a player's tokens (not Murlocs) carried onto one
        q = reg[x, R_PLAYER]
        if q >= 0 and reg[x, R_MARKERS] != reg[x, R_MARKERS_UP]:
            reveal_markers(g, q, x)
    g.ply[p, P_USES] += 1
    log_event(g, EV_POWER, p, a, PORTAL_MAGE, b)
