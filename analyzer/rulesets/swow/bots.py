"""What both bots know of SWoW's abilities: every decision a race, power or
marker asks of a seat, routed to that seat's bot, and how each bot makes it.

The random bot picks uniformly among the legal uses (or none); the heuristic
uses each ability where it pays (docs/rulings.md and README give each rule).
The general planning (combos, targets, redeployment, decline) stays in
analyzer/players; what the heuristic thinks each ability is worth is in values.py.
"""

from __future__ import annotations

from analyzer.engine.conquest import (
    MARK_ADJACENT,
    compute_targets,
)
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    B_DEGREE,
    B_SYMBOLS,
    G_BOMBS_N,
    G_DEFEATED,
    G_NREG,
    G_PLAYERS,
    H_WORGEN_HAND,
    MAX_RACES,
    P_POLICY,
    P_POWER,
    P_RACE,
    PAR_CAPS,
    R_DECLINE,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    RT_FACTION,
    STREAM_SEAT0,
)
from analyzer.engine.rng import randint, uniform
from analyzer.players.heuristic import free_tokens, known_vc, leader, turns_left
from analyzer.players.params import (
    H_AGGRESSION,
    H_ALLY_CARE,
    H_ENTRY_THREAT,
    H_LEADER_FOCUS,
    RANDOM,
)
from analyzer.players.random_player import random_yes_no
from analyzer.rulesets.swow.abilities import (
    FORM_HUMAN,
    FORM_WORGEN,
    region_bonus,
)
from analyzer.rulesets.swow.draft import ally_of
from analyzer.rulesets.swow.ids import (
    ALLIANCE,
    C_MILITARY_OBJECTIVES,
    HEART,
    HORDE,
    MURLOC,
    N_ARTIFACTS,
    SYM_ENTRY,
    WORGEN,
)
from analyzer.rulesets.swow.markers import (
    BATTLEGROUND_TIMES,
    guard_price,
    marker_region,
    may_steal,
)
from analyzer.rulesets.swow.pieces import bomb_allowed, drop_bomb, objective_allowed
from analyzer.rulesets.swow.powers import (
    champion_may_go,
    champion_target,
    conquest_hand,
    intimidation_allowed,
    intimidation_dest_ok,
    is_magic,
    swap_ok,
)
from analyzer.rulesets.swow.values import MARKER_VALUE


@inline_kernel
def choose_form(g, t, p):
    """Worgen: FORM_HUMAN or FORM_WORGEN (ignored for other races)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return 1 if random_yes_no(g, p) else 0
    return heuristic_form(g, t, p)


@inline_kernel
def choose_enlist(g, t, p, most):
    """Forsaken: how many tokens to buy for 1 VC each, 0..most."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_enlist(g, t, p, most)
    return heuristic_enlist(g, t, p, most)


@inline_kernel
def choose_objectives(g, t, p):
    """Humans: up to 2 Military Objectives on allowed regions, each on the best
    scoring one: uniform scores for the random bot (a uniformly random region),
    heuristic.objective_score for the heuristic."""
    reg = g.reg
    cost = g.cost
    nreg = g.gst[G_NREG]
    rnd = g.ply[p, P_POLICY] == RANDOM
    if not rnd:
        compute_targets(g, t, p)  # what the Humans would pay next turn
    for _ in range(t.params[PAR_CAPS + C_MILITARY_OBJECTIVES]):
        best = -1
        best_score = -1e6
        for r in range(nreg):
            if objective_allowed(t, reg, r):
                if rnd:
                    score = uniform(g.rng, STREAM_SEAT0 + p)
                else:
                    score = objective_score(t, reg, cost, r)
                if score > best_score:
                    best_score = score
                    best = r
        if best < 0:
            return
        reg[best, R_OBJECTIVE] = 1


@inline_kernel
def spared_ally(g, t, p):
    """The seat an allied heuristic spares in Battle for Azeroth (ruling B12): its
    ally when its `ally_care` is above 0, else -1 (nobody: no region has player -1
    once a test for a held region is made)."""
    ally = ally_of(g, t, p)
    if ally >= 0 and g.pol[p, H_ALLY_CARE] > 0.0:
        return ally
    return -1


@inline_kernel
def choose_bombs(g, t, p):
    """Goblins: Bombs from the stack on allowed regions. The random bot drops a
    uniform number (0..all allowed) on uniformly random ones; the heuristic drops
    one on every allowed region, the opponent who leads by the public tally first, while the stack
    lasts (Bombs are spent once revealed, so holding them back gains little), never
    on an ally's it spares (ruling B12)."""
    nreg = g.gst[G_NREG]
    rnd = g.ply[p, P_POLICY] == RANDOM
    spare = -1 if rnd else spared_ally(g, t, p)
    n = 0
    for r in range(nreg):
        if bomb_allowed(g, p, r) and (spare < 0 or g.reg[r, R_PLAYER] != spare):
            n += 1
    if rnd:
        n = randint(g.rng, STREAM_SEAT0 + p, n + 1)
    for _ in range(n):
        best = -1
        best_score = -1.0
        for r in range(nreg):
            spared = spare >= 0 and g.reg[r, R_PLAYER] == spare
            if g.gst[G_BOMBS_N] > 0 and bomb_allowed(g, p, r) and not spared:
                if rnd:
                    score = uniform(g.rng, STREAM_SEAT0 + p)
                else:
                    score = known_vc(g, p, g.reg[r, R_PLAYER])
                if score > best_score:
                    best_score = score
                    best = r
        if best < 0:
            return
        drop_bomb(g, p, best)


@inline_kernel
def choose_champion(g, t, p):
    """Championing: the region the Champion takes for free now, -1 for none."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_champion(g, t, p)
    return heuristic_champion(g, t, p)


@inline_kernel
def choose_intimidation(g, t, p):
    """Intimidating: (region hit, region the token goes to or -1), or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_intimidation(g, t, p)
    return heuristic_intimidation(g, t, p)


@inline_kernel
def choose_swap(g, t, p):
    """Portal Mage: the two Magic regions to swap, or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_swap(g, t, p)
    return heuristic_swap(g, t, p)


@inline_kernel
def choose_steal(g, t, p):
    """Ethereals: (artifact, region of theirs to pull it into), or (-1, -1)."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_steal(g, t, p)
    return heuristic_steal(g, t, p)


@inline_kernel
def choose_side(g, t, p):
    """A Neutral race on the Battleground: ALLIANCE or HORDE for this turn."""
    if g.ply[p, P_POLICY] == RANDOM:
        return ALLIANCE if random_yes_no(g, p) else HORDE
    return heuristic_side(g, t, p)


@inline_kernel
def choose_artifact_region(g, t, p, m):
    """Which of p's active regions gets the Aegis or the Heart (marker m) at turn's end."""
    if g.ply[p, P_POLICY] == RANDOM:
        return random_artifact_region(g, t, p)
    return heuristic_artifact_region(g, t, p, m)


# --------------------------------------------------------------- the heuristic
@inline_kernel
def heuristic_form(g, t, p):
    if g.ply[p, P_RACE] == WORGEN and free_tokens(g, p) >= g.pol[p, H_WORGEN_HAND]:
        return FORM_WORGEN
    return FORM_HUMAN


@inline_kernel
def heuristic_enlist(g, t, p, most):
    """Forsaken: buy every token while the race has a turn left to use it."""
    return most if turns_left(g, p) >= 2 else 0


@inline_kernel
def objective_score(t, reg, cost, r):
    """Humans: how good r is for a Military Objective (cost[] holds what the Humans
    would pay next turn): the cheapest target first, a Horde region (no Horde
    conqueror can claim it) first on a tie; a Horde region out of reach after
    every target; any other region never (-1e6)."""
    race = reg[r, R_RACE]
    horde = race >= 0 and race != MURLOC and t.race[race, RT_FACTION] == HORDE
    if cost[r] >= 0:
        return -cost[r] + (0.5 if horde else 0.0)
    return -1e3 if horde else -1e6


@inline_kernel
def heuristic_steal(g, t, p):
    """Ethereals: pull the most valuable Artifact no Aegis guards next to them into
    their neighbouring region with the most tokens."""
    reg = g.reg
    board = g.board
    adj = g.adj
    best_m = -1
    best_dst = -1
    best_value = -1.0
    for m in range(N_ARTIFACTS):
        src = marker_region(g, m)
        if src < 0 or guard_price(reg, p, src) > 0:
            continue
        for j in range(board[src, B_DEGREE]):  # the thief stands next to it
            dst = adj[src, j]
            if reg[dst, R_PLAYER] == p and may_steal(g, p, m, src, dst):
                v = MARKER_VALUE[m] + 0.01 * reg[dst, R_TOKENS]
                if v > best_value:
                    best_value = v
                    best_m = m
                    best_dst = dst
    return best_m, best_dst


@inline_kernel
def heuristic_side(g, t, p):
    """A Neutral race on the Battleground fights against the faction it has beaten
    more this turn, then the one with more regions next to its own."""
    reg = g.reg
    board = g.board
    adj = g.adj
    race_tab = t.race
    score = 0.0  # > 0: more Horde to beat, so fight for the Alliance
    for d in range(MAX_RACES):
        n = g.gst[G_DEFEATED + d]
        if d != MURLOC and n > 0:
            f = race_tab[d, RT_FACTION]
            w = 10.0 * min(n, BATTLEGROUND_TIMES)
            score += w if f == HORDE else (-w if f == ALLIANCE else 0.0)
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] != p or reg[r, R_DECLINE] != 0:
            continue
        for k in range(board[r, B_DEGREE]):
            d = reg[adj[r, k], R_RACE]
            if d >= 0 and d != MURLOC and reg[adj[r, k], R_PLAYER] != p:
                f = race_tab[d, RT_FACTION]
                score += 1.0 if f == HORDE else (-1.0 if f == ALLIANCE else 0.0)
    return ALLIANCE if score > 0 else HORDE


@inline_kernel
def heuristic_artifact_region(g, t, p, m):
    """The Aegis guards the region most exposed to opponents (neighbouring active
    enemies, an Entry); the Heart goes where the most opponents' active races
    touch it. An ally it spares is neither a threat nor charged (ruling B12)."""
    reg = g.reg
    board = g.board
    adj = g.adj
    n_players = g.gst[G_PLAYERS]
    entry_threat = g.pol[p, H_ENTRY_THREAT]
    spare = spared_ally(g, t, p)
    best = -1
    best_score = -1.0
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] != p or reg[r, R_DECLINE] != 0:
            continue
        score = 0.0
        if m == HEART:
            for q in range(n_players):
                if q == p or q == spare:
                    continue
                for k in range(board[r, B_DEGREE]):
                    nb = adj[r, k]
                    if reg[nb, R_PLAYER] == q and reg[nb, R_DECLINE] == 0:
                        score += 1.0
                        break
        else:
            for k in range(board[r, B_DEGREE]):
                nb = adj[r, k]
                q = reg[nb, R_PLAYER]
                if q >= 0 and q != p and q != spare and reg[nb, R_DECLINE] == 0:
                    score += 1.0
            if (board[r, B_SYMBOLS] & SYM_ENTRY) != 0:
                score += entry_threat * (n_players - 1)
        if score > best_score:
            best_score = score
            best = r
    return best


@kernel
def heuristic_champion(g, t, p):
    """The Champion takes the dearest region it may (the most tokens saved),
    the richer one on a tie; never an ally's it spares (ruling B12)."""
    if not champion_may_go(g, p):
        return -1
    spare = spared_ally(g, t, p)
    reg = g.reg
    board = g.board
    adj = g.adj
    cost = g.cost
    work = g.work
    race = g.ply[p, P_RACE]
    power = g.ply[p, P_POWER]
    best = -1
    best_score = -1e9
    for r in range(g.gst[G_NREG]):
        if champion_target(cost, work, r) and (spare < 0 or reg[r, R_PLAYER] != spare):
            score = cost[r] + 0.1 * region_bonus(board, adj, reg, race, power, r)
            if score > best_score:
                best_score = score
                best = r
    return best


@kernel
def heuristic_intimidation(g, t, p):
    """Weaken the opponent region that becomes the cheapest conquest (active
    races, and the leader, count more), if the hand can then take it, never an
    ally's it spares (ruling B12); the token goes to the race's region farthest from
    us (not a neighbour), if any."""
    reg = g.reg
    ply = g.ply
    cost = g.cost
    work = g.work
    nreg = g.gst[G_NREG]
    hand = conquest_hand(g, p)
    aggression = g.pol[p, H_AGGRESSION]
    lead = leader(g, t, p, -1)
    spare = spared_ally(g, t, p)
    src = -1
    best_score = 0.0
    for r in range(nreg):
        c = cost[r]
        if c < 0 or c - 1 > hand or not intimidation_allowed(reg, ply, work, p, r):
            continue
        q = reg[r, R_PLAYER]
        if spare >= 0 and q == spare:
            continue  # an ally it spares (ruling B12)
        value = 1.0
        if q >= 0:
            value += aggression
            if q == lead:
                value += g.pol[p, H_LEADER_FOCUS]
        score = value / max(1, c - 1)
        if score > best_score:
            best_score = score
            src = r
    if src < 0:
        return -1, -1
    dst = -1
    for d in range(nreg):
        if intimidation_dest_ok(reg, src, d) and (dst < 0 or work[d] == 0):
            dst = d
    return src, dst


@kernel
def heuristic_swap(g, t, p):
    """Swap one of our Magic regions with another Magic region when that moves
    the race onto at least 1 VC more of bonus per turn (a Legendary Place such as
    the Dark Portal stays put, terrain bonuses follow the region)."""
    reg = g.reg
    board = g.board
    adj = g.adj
    nreg = g.gst[G_NREG]
    race = g.ply[p, P_RACE]
    power = g.ply[p, P_POWER]
    best_a = -1
    best_b = -1
    best_gain = 0.99
    for a in range(nreg):
        if reg[a, R_PLAYER] != p or reg[a, R_DECLINE] != 0 or not is_magic(board, a):
            continue
        here = region_bonus(board, adj, reg, race, power, a)
        for b in range(nreg):
            if reg[b, R_PLAYER] == p or not is_magic(board, b) or not swap_ok(g, t, p, a, b):
                continue
            gain = region_bonus(board, adj, reg, race, power, b) - here
            if gain > best_gain:
                best_gain = gain
                best_a = a
                best_b = b
    return best_a, best_b


# ------------------------------------------------------------ the random bot
@inline_kernel
def random_enlist(g, t, p, most):
    return randint(g.rng, STREAM_SEAT0 + p, most + 1)


@inline_kernel
def random_steal(g, t, p):
    """Ethereals: uniform over no theft and every legal (artifact, own region)."""
    reg = g.reg
    board = g.board
    adj = g.adj
    n_options = 1
    pick = -1
    for pass_ in range(2):  # count the thefts, then find the one drawn
        if pass_ == 1:
            pick = randint(g.rng, STREAM_SEAT0 + p, n_options)
        k = 0
        for m in range(N_ARTIFACTS):
            src = marker_region(g, m)
            if src < 0:
                continue
            for j in range(board[src, B_DEGREE]):  # the thief stands next to it
                dst = adj[src, j]
                if reg[dst, R_PLAYER] == p and may_steal(g, p, m, src, dst):
                    k += 1
                    if k == pick:
                        return m, dst
        n_options = k + 1
    return -1, -1


@inline_kernel
def random_artifact_region(g, t, p):
    """A uniformly random region of p's active race."""
    reg = g.reg
    nreg = g.gst[G_NREG]
    n = 0
    for r in range(nreg):
        if reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0:
            n += 1
    if n == 0:
        return -1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    for r in range(nreg):
        if reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0:
            if pick == 0:
                return r
            pick -= 1
    return -1


@kernel
def random_champion(g, t, p):
    """Uniform over: not now, every region the Champion may take."""
    if not champion_may_go(g, p):
        return -1
    nreg = g.gst[G_NREG]
    cost = g.cost
    work = g.work
    n = 1
    for r in range(nreg):
        if champion_target(cost, work, r):
            n += 1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    for r in range(nreg):
        if pick > 0 and champion_target(cost, work, r):
            pick -= 1
            if pick == 0:
                return r
    return -1


@kernel
def random_intimidation(g, t, p):
    """Uniform over: not now, every region a use may hit; then a uniform
    destination among that race's other regions (-1 when it has none)."""
    nreg = g.gst[G_NREG]
    reg = g.reg
    work = g.work
    ply = g.ply
    n = 1
    for r in range(nreg):
        if (
            work[r] == MARK_ADJACENT
            and reg[r, R_RACE] >= 0
            and intimidation_allowed(reg, ply, work, p, r)
        ):
            n += 1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    src = -1
    for r in range(nreg):
        if (
            pick > 0
            and work[r] == MARK_ADJACENT
            and reg[r, R_RACE] >= 0
            and intimidation_allowed(reg, ply, work, p, r)
        ):
            pick -= 1
            if pick == 0:
                src = r
    if src < 0:
        return -1, -1
    n = 0
    for d in range(nreg):
        if intimidation_dest_ok(reg, src, d):
            n += 1
    if n == 0:
        return src, -1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    for d in range(nreg):
        if intimidation_dest_ok(reg, src, d):
            if pick == 0:
                return src, d
            pick -= 1
    return src, -1


@kernel
def random_swap(g, t, p):
    """Uniform over: no swap, every pair of regions a Portal Mage may swap."""
    nreg = g.gst[G_NREG]
    board = g.board
    n = 1
    for a in range(nreg):
        if is_magic(board, a):
            for b in range(a + 1, nreg):
                if is_magic(board, b) and swap_ok(g, t, p, a, b):
                    n += 1
    pick = randint(g.rng, STREAM_SEAT0 + p, n)
    for a in range(nreg):
        if pick == 0:
            break
        if not is_magic(board, a):
            continue
        for b in range(a + 1, nreg):
            if pick > 0 and is_magic(board, b) and swap_ok(g, t, p, a, b):
                pick -= 1
                if pick == 0:
                    return a, b
    return -1, -1
