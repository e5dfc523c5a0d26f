"""SWoW's pieces on the regions as the core's conquest sees them (Forts, Wisp
Walls, Watch Towers, Beasts, the Champion, the markers), where the Humans'
Military Objectives and the Goblins' Bombs may go, and a Bomb's drop (the bots
choose among the allowed regions: bots.py)."""

from __future__ import annotations

from analyzer.engine.coins import pay_player
from analyzer.engine.jit import inline_kernel
from analyzer.engine.layout import (
    B_DEGREE,
    EV_BOMB,
    G_BOMBS,
    G_BOMBS_N,
    P_BEASTS,
    P_CHAMPION,
    P_COINS,
    P_HAND,
    R_BEASTS,
    R_BOMB,
    R_CHAMPION,
    R_DECLINE,
    R_FORT,
    R_MARKERS,
    R_MARKERS_UP,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    R_TOWER,
    R_WISP,
    RT_FACTION,
)
from analyzer.engine.trace import log_event
from analyzer.rulesets.swow.abilities import region_immune
from analyzer.rulesets.swow.abilities import tokens_lost as race_tokens_lost
from analyzer.rulesets.swow.ids import (
    ALLIANCE,
    MURLOC,
)
from analyzer.rulesets.swow.markers import aegis_price, guard_price, pay_aegis, reveal_markers


# --------------------------------------------------- the core's conquest hooks
@inline_kernel
def region_defence(reg, r):
    """Tokens r's pieces add to its conquest cost: a Fort, a Wisp Wall, and the
    Beasts and the Champion, who defend like tokens."""
    return reg[r, R_FORT] + reg[r, R_WISP] + reg[r, R_BEASTS] + reg[r, R_CHAMPION]


@inline_kernel
def token_pieces(reg, r):
    """The Beasts ("For any purpose, these Beast tokens are treated like Race
    tokens") and the Champion ("The Champion counts as 1 Race token for defense")
    on r: Enraged counts them among the defending tokens (docs/rulings.md 11)."""
    return reg[r, R_BEASTS] + reg[r, R_CHAMPION]


@inline_kernel
def pieces_fall(reg, r):
    """The holder's pieces leave a region taken or emptied; a Bomb, a marker and
    an Objective stay."""
    reg[r, R_FORT] = 0
    reg[r, R_WISP] = 0
    reg[r, R_TOWER] = 0
    reg[r, R_BEASTS] = 0
    reg[r, R_CHAMPION] = 0


@inline_kernel
def pieces_from_hand(reg, ply, p, r, n, keep):
    """Of n tokens from p's hand going onto r, how many are Beasts (Beasts first,
    but `keep` race tokens stay on r); the Beasts are put on r here."""
    b = min(ply[p, P_BEASTS], n - keep)
    if b > 0:
        reg[r, R_BEASTS] += b
        ply[p, P_BEASTS] -= b
        return b
    return 0


@inline_kernel
def tokens_lost(g, t, q, r, decline, n, attacker):
    """Tokens q discards when r falls to `attacker`: none when the Champion is
    taken prisoner (1 VC ransom to the attacker) or a Beast takes the loss (the
    other Beasts go to hand with the tokens), else the races' rule."""
    reg = g.reg
    ply = g.ply
    beasts = reg[r, R_BEASTS]
    if reg[r, R_CHAMPION] > 0:
        lost = 0  # the Champion is taken prisoner instead
        ply[q, P_CHAMPION] = 1
        pay_player(ply, g.inst, q, attacker, 0)
    elif beasts > 0:
        lost = 0
        beasts -= 1  # one Beast is the loss
    else:
        lost = race_tokens_lost(g, t, q, r, decline, n)
    if decline == 0:
        ply[q, P_HAND] += beasts
        ply[q, P_BEASTS] += beasts
    return lost


@inline_kernel
def held_bits(reg, r):
    """The face-up markers in r (they open conquest modes to their holder)."""
    return reg[r, R_MARKERS_UP]


@inline_kernel
def marker_guard_price(reg, p, r):
    """markers.guard_price, asked only where a face-up marker lies."""
    if reg[r, R_MARKERS_UP] != 0:
        return guard_price(reg, p, r)
    return 0


@inline_kernel
def region_taken(g, p, r):
    """p just took r: a face-down marker there turns face up."""
    if g.reg[r, R_MARKERS] != g.reg[r, R_MARKERS_UP]:
        reveal_markers(g, p, r)


@inline_kernel
def hand_empty(ply, p):
    """Nothing of p's active race left in hand: no token, no Champion."""
    return ply[p, P_HAND] == 0 and ply[p, P_CHAMPION] == 0


@inline_kernel
def race_tokens_in_hand(ply, p):
    """The race tokens among p's hand (Beasts are not the race's)."""
    return ply[p, P_HAND] - ply[p, P_BEASTS]


@inline_kernel
def objective_allowed(t, reg, r):
    """Whether the Humans may put a Military Objective on r: a region no Alliance
    race holds (empty, Murlocs, Horde or Neutral) without one already."""
    race = reg[r, R_RACE]
    if reg[r, R_OBJECTIVE] != 0:
        return False
    return race < 0 or race == MURLOC or t.race[race, RT_FACTION] != ALLIANCE


@inline_kernel
def bomb_allowed(g, p, r):
    """Whether p's Goblins may drop a Bomb on r: an opponent's active region with
    no Bomb, next to a region of the Goblins."""
    reg = g.reg
    q = reg[r, R_PLAYER]
    if q < 0 or q == p or reg[r, R_DECLINE] != 0 or reg[r, R_BOMB] != 0:
        return False
    if region_immune(reg, r) or g.ply[p, P_COINS] < aegis_price(g, p, r):
        return False  # a Watch Tower; an Aegis asks 2 VC first
    adj = g.adj
    for k in range(g.board[r, B_DEGREE]):
        nb = adj[r, k]
        if reg[nb, R_PLAYER] == p and reg[nb, R_DECLINE] == 0:
            return True
    return False


@inline_kernel
def drop_bomb(g, p, r):
    """The top Bomb of the stack goes face down on r."""
    g_gst = g.gst
    pay_aegis(g, p, r)
    n = g_gst[G_BOMBS_N] - 1
    g.reg[r, R_BOMB] = g_gst[G_BOMBS + n]
    g_gst[G_BOMBS_N] = n
    log_event(g, EV_BOMB, p, r, 0, 1)


@inline_kernel
def region_emptied(g, r):
    """A region left empty (engine/conquest.clear_region): its Bomb goes back on
    top of the Goblins' stack unrevealed."""
    g_reg = g.reg
    bomb = g_reg[r, R_BOMB]
    if bomb != 0:
        g_gst = g.gst
        g_gst[G_BOMBS + g_gst[G_BOMBS_N]] = bomb
        g_gst[G_BOMBS_N] += 1
        g_reg[r, R_BOMB] = 0
