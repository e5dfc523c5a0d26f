"""What both bots know of the original game's abilities: every decision a race
or power asks of a seat, routed to that seat's bot (the random bot picks
uniformly among the legal choices; the heuristic uses each where it pays).
The general planning stays in analyzer/players; what the heuristic thinks each
ability is worth is in values.py."""

from __future__ import annotations

from analyzer.engine.core_layout import (
    B_DEGREE,
    B_SYMBOLS,
    G_NREG,
    G_PLAYERS,
    G_ROUND,
    G_ROUNDS,
    P_HAND,
    P_POLICY,
    P_POWER,
    P_RACE,
    R_DECLINE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    STREAM_SEAT0,
    SYM_ENTRY,
)
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.rng import randint
from analyzer.engine.state import assume_as_built
from analyzer.players.params import H_ENTRY_THREAT, RANDOM
from analyzer.players.random_player import random_yes_no
from analyzer.rulesets.classic.abilities import may_convert, region_score
from analyzer.rulesets.classic.ids import GHOULS, SORCERERS
from analyzer.rulesets.classic.layout import (
    G_ATTACKED,
    R_ENCAMPMENTS,
    R_FORTRESS,
    R_HERO,
)


@inline_kernel
def is_random(g, p):
    return g.ply[p, P_POLICY] == RANDOM


@kernel
def danger(g, p, r):
    """How exposed p's region r is: the tokens of opponents' active races next
    to it, and a share per opponent on the map's edge (where any race may land)."""
    reg = g.reg
    adj = g.adj
    d = 0.0
    for k in range(g.board[r, B_DEGREE]):
        nb = adj[r, k]
        q = reg[nb, R_PLAYER]
        if q >= 0 and q != p and reg[nb, R_DECLINE] == 0:
            d += 1.0 + 0.25 * reg[nb, R_TOKENS]
    if g.board[r, B_SYMBOLS] & SYM_ENTRY:
        d += g.pol[p, H_ENTRY_THREAT] * (g.gst[G_PLAYERS] - 1)
    return d


@inline_kernel
def own_regions(g, p):
    """p's active regions into g.work; returns how many."""
    n = 0
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 0:
            g.work[n] = r
            n += 1
    return n


@kernel
def most_exposed(g, p, n_own, skip_col):
    """The most exposed of p's regions in g.work[:n_own] without a piece in
    column skip_col (-1: any), or -1."""
    best = -1
    best_d = -1.0
    for i in range(n_own):
        r = g.work[i]
        if skip_col >= 0 and g.reg[r, skip_col] > 0:
            continue
        d = danger(g, p, r)
        if d > best_d:
            best_d = d
            best = r
    return best


@kernel
def random_region(g, p, n_own, skip_col):
    n = 0
    for i in range(n_own):
        if skip_col < 0 or g.reg[g.work[i], skip_col] == 0:
            n += 1
    if n == 0:
        return -1
    k = randint(g.rng, STREAM_SEAT0 + p, n)
    for i in range(n_own):
        r = g.work[i]
        if skip_col < 0 or g.reg[r, skip_col] == 0:
            if k == 0:
                return r
            k -= 1
    return -1


@kernel
def choose_conversion(g, t, p, q):
    """Sorcerers: the region of opponent q to convert now, -1 for none. The
    candidates: q's lone active tokens next to p's active Sorcerer regions, no
    Encampment beside them, not immune, not water unless p is Seafaring
    (abilities.may_convert). The heuristic always converts (a region and a token
    for free, one token fewer for q), where the region is worth most to p;
    random: uniform over the candidates and none."""
    assume_as_built(g, t)
    reg = g.reg
    board = g.board
    power = g.ply[p, P_POWER]
    if is_random(g, p):
        n = 0
        for r in range(g.gst[G_NREG]):
            if reg[r, R_PLAYER] == q and may_convert(g, p, r):
                n += 1
        if n == 0:
            return -1
        k = randint(g.rng, STREAM_SEAT0 + p, n + 1)
        for r in range(g.gst[G_NREG]):
            if reg[r, R_PLAYER] == q and may_convert(g, p, r):
                if k == 0:
                    return r
                k -= 1
        return -1
    best = -1
    best_value = -1.0
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] != q or not may_convert(g, p, r):
            continue
        value = 1.0 + region_score(board, SORCERERS, power, r)
        for k in range(board[r, B_DEGREE]):
            if reg[g.adj[r, k], R_PLAYER] != p:
                value += 0.05  # room to grow, as the conquest planning counts it
        if value > best_value:
            best_value = value
            best = r
    return best


@kernel
def choose_dragon_target(g, t, p):
    """Dragon Master: the region the Dragon takes with one token, -1 for none.
    Asked before the turn's first conquest and, until the Dragon has flown this
    turn, before each later one. Heuristic: the dearest legal target (the Dragon
    saves the most there), if it costs 3 or more, or 2 with one token left (a sure
    conquest instead of the die); random: uniform over the legal targets and none."""
    assume_as_built(g, t)
    cost = g.cost
    nreg = g.gst[G_NREG]
    if is_random(g, p):
        n = 0
        for r in range(nreg):
            if cost[r] >= 0:
                n += 1
        k = randint(g.rng, STREAM_SEAT0 + p, n + 1)
        for r in range(nreg):
            if cost[r] >= 0:
                if k == 0:
                    return r
                k -= 1
        return -1
    best = -1
    best_cost = 2 if g.ply[p, P_HAND] > 1 else 1
    for r in range(nreg):
        c = cost[r]
        if c > best_cost or (c == best_cost and best >= 0 and g.reg[r, R_PLAYER] >= 0):
            best_cost = c
            best = r
    return best


@kernel
def most_endangered(g, p, n_own, encampments_defend):
    """Where p's next defender goes among its regions g.work[:n_own]: the heuristic
    picks the highest danger per defender (Encampments counted when they defend),
    the random bot a uniform region."""
    if is_random(g, p):
        return g.work[randint(g.rng, STREAM_SEAT0 + p, n_own)]
    reg = g.reg
    r = -1
    best = -1.0
    for i in range(n_own):
        x = g.work[i]
        defenders = reg[x, R_TOKENS] + 1
        if encampments_defend:
            defenders += reg[x, R_ENCAMPMENTS]
        s = (danger(g, p, x) + 1e-3) / defenders
        if s > best:
            best = s
            r = x
    return r


@kernel
def place_encampments(g, t, p, n, n_own):
    """Bivouacking: the n Encampments in hand onto p's regions (g.work[:n_own]):
    heuristic one by one where the danger per defender is highest; random uniform."""
    for _ in range(n):
        g.reg[most_endangered(g, p, n_own, True), R_ENCAMPMENTS] += 1


@kernel
def place_ghouls(g, t, q, n):
    """Ghouls in decline: the n tokens withdrawn from a region they lost go back
    on their regions (none left: they go back to the box). Heuristic: one by one
    where the danger per token is highest; random: uniform over the regions."""
    reg = g.reg
    nreg = g.gst[G_NREG]
    n_own = 0
    for r in range(nreg):
        if reg[r, R_PLAYER] == q and reg[r, R_DECLINE] == 1 and reg[r, R_RACE] == GHOULS:
            g.work[n_own] = r
            n_own += 1
    if n_own == 0:
        return
    for _ in range(n):
        reg[most_endangered(g, q, n_own, False), R_TOKENS] += 1


@kernel
def choose_fortress(g, t, p, n_own):
    """Fortified: the region of the turn's Fortress (-1: none)."""
    if is_random(g, p):
        return random_region(g, p, n_own, R_FORTRESS)
    return most_exposed(g, p, n_own, R_FORTRESS)


@kernel
def choose_hero(g, t, p, n_own):
    """Heroic: a region for a Hero, not one that has one already (-1: none)."""
    if is_random(g, p):
        return random_region(g, p, n_own, R_HERO)
    return most_exposed(g, p, n_own, R_HERO)


# What the Diplomat fears of an opponent with no active race (just declined, or
# not yet played): a fresh race lands on the edge, so each of p's active regions
# on the edge counts as this many enemy tokens next door.
FRESH_RACE_FEAR = 2


@kernel
def choose_peace(g, t, p):
    """Diplomat: the opponent (not attacked this turn) whose active race may not
    attack p next turn, -1 for none; an opponent with no active race now (it just
    went into decline) is eligible, since it comes back with a fresh race
    (docs/rulings.md C14). Heuristic: the one it fears most: the tokens of its
    active regions next to p's, or for one with no active race FRESH_RACE_FEAR
    per p's active region on the edge; random: uniform over them and none."""
    reg = g.reg
    adj = g.adj
    n_players = g.gst[G_PLAYERS]
    attacked = g.gst[G_ATTACKED]
    if is_random(g, p):
        n = 0
        for q in range(n_players):
            if q != p and (attacked >> q) & 1 == 0:
                n += 1
        k = randint(g.rng, STREAM_SEAT0 + p, n + 1)
        for q in range(n_players):
            if q != p and (attacked >> q) & 1 == 0:
                if k == 0:
                    return q
                k -= 1
        return -1
    edge = 0
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0:
            if g.board[r, B_SYMBOLS] & SYM_ENTRY:
                edge += 1
    best = -1
    best_fear = 0
    for q in range(n_players):
        if q == p or (attacked >> q) & 1:
            continue
        fear = 0
        if g.ply[q, P_RACE] < 0:
            fear = FRESH_RACE_FEAR * edge
        for r in range(g.gst[G_NREG]):
            if reg[r, R_PLAYER] != q or reg[r, R_DECLINE] != 0:
                continue
            for k in range(g.board[r, B_DEGREE]):
                nb = adj[r, k]
                if reg[nb, R_PLAYER] == p and reg[nb, R_DECLINE] == 0:
                    fear += reg[r, R_TOKENS]
                    break
        if fear > best_fear:
            best_fear = fear
            best = q
    return best


@kernel
def choose_stout_decline(g, t, p, free):
    """Stout: go into decline now, after scoring? The heuristic does when the race
    has fewer than 4 tokens free to attack next turn and at least two rounds are
    left for a new race; random: a coin flip (never in the last round)."""
    if g.gst[G_ROUND] >= g.gst[G_ROUNDS]:
        return False
    if is_random(g, p):
        return random_yes_no(g, p)
    return g.gst[G_ROUNDS] - g.gst[G_ROUND] >= 2 and free < 4
