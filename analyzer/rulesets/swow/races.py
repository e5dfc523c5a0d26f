"""Race abilities that act between conquests or around the turn, with pieces of
their own: Forsaken enlisting, the Gnomes' airborne assault, Goblin Bombs,
Military Objectives of the Humans and Harmony tokens of the Pandaren.

The rules that only change a number (costs, losses, bonuses) live in
abilities.py; this module holds the ones that need a bot's decision or walk
the map at turn start or end. docs/rulings.md lists the choices made here.
"""

from __future__ import annotations

from analyzer.engine.conquest import (
    clear_region,
    defended_cost,
    pay_vc,
    roll_die,
    take_losses,
    wipe_decline_race_if_gone,
)
from analyzer.engine.invariants import ERR_BAD_MOVE
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    BOMB_LIVE,
    EV_BOMB,
    EV_DIE,
    EV_ENLIST,
    G_AIRBORNE,
    G_ATTACKED,
    G_BOMBS,
    G_BOMBS_N,
    G_CLOSED,
    G_ERROR,
    G_HARMONY_FROM,
    G_KILLS,
    G_NREG,
    G_PLAYERS,
    P_COINS,
    P_FORM,
    P_HAND,
    P_HARMONY,
    P_POWER,
    P_RACE,
    PAR_CAPS,
    R_BOMB,
    R_DECLINE,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    RT_BOX,
)
from analyzer.engine.trace import log_event
from analyzer.rulesets.swow.abilities import (
    HARMONY_PRICE,
    engage,
    least_conquest_tokens,
    race_tokens_in_play,
    region_immune,
)
from analyzer.rulesets.swow.bots import choose_bombs, choose_enlist, choose_objectives
from analyzer.rulesets.swow.ids import (
    C_HARMONY,
    FORSAKEN,
    GNOMES,
    GOBLINS,
    HUMANS,
    PANDAREN,
)
from analyzer.rulesets.swow.markers import aegis_price, guard_price, pay_aegis


# ---------------------------------------------------------------------- Harmony
@inline_kernel
def give_harmony(g, t, p):
    """End of the Pandaren's turn: a Harmony token to each opponent whose active
    race they did not attack, race or not, while the box has tokens."""
    g_ply = g.ply
    g_gst = g.gst
    left = t.params[PAR_CAPS + C_HARMONY]
    n = g_gst[G_PLAYERS]
    for k in range(1, n):
        q = (p + k) % n  # in turn order after the Pandaren
        if left > 0 and (g_gst[G_ATTACKED] >> q) & 1 == 0:
            g_ply[q, P_HARMONY] = 1
            left -= 1
    g_gst[G_HARMONY_FROM] = p + 1


# ------------------------------------------------------------------------ Bombs
@inline_kernel
def reveal_bombs(g, t, p):
    """Start of the Goblins' turn: every Bomb they dropped is revealed and goes to
    the box; a live one is a conquest that leaves the region empty. A region the
    Goblins may not attack now keeps its Bomb from going off: it goes back on the
    stack unrevealed (a Watch Tower raised since the drop; an Aegis or a Harmony
    fee they cannot pay). Otherwise they pay what the region asks first."""
    g_reg = g.reg
    g_gst = g.gst
    for r in range(g_gst[G_NREG]):
        bomb = g_reg[r, R_BOMB]
        if bomb == 0:
            continue
        q = g_reg[r, R_PLAYER]
        due = guard_price(g_reg, p, r)
        if g_reg[r, R_RACE] == PANDAREN and g.ply[p, P_HARMONY] == 1:
            due += HARMONY_PRICE
        if region_immune(g_reg, r) or g.ply[p, P_COINS] < due:
            g_gst[G_BOMBS + g_gst[G_BOMBS_N]] = bomb
            g_gst[G_BOMBS_N] += 1
            g_reg[r, R_BOMB] = 0
            log_event(g, EV_BOMB, p, r, bomb, 3)
            continue
        pay_aegis(g, p, r)
        engage(g, p, r)
        g_reg[r, R_BOMB] = 0
        log_event(g, EV_BOMB, p, r, bomb, 2)
        if bomb == BOMB_LIVE:
            decline = g_reg[r, R_DECLINE]
            take_losses(g, t, r, p)
            clear_region(g, r)
            if decline == 1:
                wipe_decline_race_if_gone(g, t, q)


# --------------------------------------------------------------------- Forsaken
@kernel
def enlist(g, t, p):
    """After the last conquest: the Forsaken may buy 1 token per enemy token their
    conquests made discard this turn, 1 VC each, within the box."""
    g_ply = g.ply
    if g_ply[p, P_RACE] != FORSAKEN:
        return
    box_left = t.race[FORSAKEN, RT_BOX] - race_tokens_in_play(g, FORSAKEN)
    most = min(g.gst[G_KILLS], g_ply[p, P_COINS], box_left)
    if most <= 0:
        return
    n = choose_enlist(g, t, p, most)
    if n < 0 or n > most:
        g.gst[G_ERROR] = ERR_BAD_MOVE
        return
    pay_vc(g, p, -n)
    g_ply[p, P_HAND] += n
    log_event(g, EV_ENLIST, p, -1, n, 0)


# ------------------------------------------------------------------ turn hooks
@kernel
def start_of_turn(g, t, p):
    """Before p decides anything: the Pandaren take their Harmony tokens back and
    the Goblins' Bombs go off (in the decline turn too)."""
    g_ply = g.ply
    if g.gst[G_HARMONY_FROM] == p + 1:
        for q in range(g.gst[G_PLAYERS]):
            g_ply[q, P_HARMONY] = 0
        g.gst[G_HARMONY_FROM] = 0
    if g_ply[p, P_RACE] == GOBLINS:
        reveal_bombs(g, t, p)


@kernel
def end_of_turn(g, t, p):
    """After every redeployment: Military Objectives, Bombs, Harmony tokens."""
    race = g.ply[p, P_RACE]
    if race == HUMANS:
        g_reg = g.reg
        for r in range(g.gst[G_NREG]):
            g_reg[r, R_OBJECTIVE] = 0  # retrieved, to be placed again
        choose_objectives(g, t, p)
    elif race == GOBLINS and g.gst[G_BOMBS_N] > 0:
        choose_bombs(g, t, p)
    elif race == PANDAREN:
        give_harmony(g, t, p)


# ----------------------------------------------------------------------- Gnomes
@kernel
def airborne_assault(g, t, p, r):
    """The Gnomes' airborne assault on r, once a turn: any region not theirs, as
    though adjacent, after a free die that lowers the cost (never below the least
    a conquest needs). Returns that cost, or -1 when the assault is not allowed.
    turn.ability_conquest conquers with it, or makes it the final attempt when the
    hand is still short (the normal die, at most 3 short), or else ends conquests."""
    cost = airborne_cost(g, t, p, r) if g.gst[G_AIRBORNE] == 0 else -1
    if cost < 0:
        return -1
    g.gst[G_AIRBORNE] = 1
    engage(g, p, r)
    roll = roll_die(g, t)
    log_event(g, EV_DIE, p, r, roll, 2)
    return max(cost - roll, least_conquest_tokens(t, g.ply[p, P_RACE]))


@kernel
def airborne_cost(g, t, p, r):
    """Tokens the Gnomes' airborne assault needs for r before its free die: any
    region of any board not theirs, as though adjacent (no travel cost); -1 if closed."""
    g_reg = g.reg
    g_ply = g.ply
    race = g_ply[p, P_RACE]
    if race != GNOMES or (g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0):
        return -1
    if g_ply[p, P_COINS] < aegis_price(g, p, r):
        return -1  # an Aegis asks 2 VC before the assault
    harmony_due = g.gst[G_CLOSED]
    return defended_cost(
        g.board, g_reg, g_ply, r, p, race, g_ply[p, P_POWER], g_ply[p, P_FORM], 0, t.params,
        least_conquest_tokens(t, race), harmony_due, g_ply[p, P_COINS],
    )  # fmt: skip
