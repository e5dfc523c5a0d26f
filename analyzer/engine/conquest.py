"""Conquest: which regions may be attacked and at what cost, taking a region,
the defender's losses and withdrawals, the reinforcement die, ready troops,
abandoning and redeploying.
"""

from __future__ import annotations

import numpy as np

from analyzer.engine.coins import pay_player, pay_vc
from analyzer.engine.column import discard_power
from analyzer.engine.invariants import ERR_TARGETS
from analyzer.engine.jit import allocating, assume_nonnegative, inline_kernel, kernel
from analyzer.engine.layout import (
    B_DEGREE,
    B_SYMBOLS,
    B_TERRAIN,
    EV_ABANDON,
    EV_CONQUER,
    EV_DIE,
    EV_LOSS,
    EV_WIPE,
    G_CLOSED,
    G_DEFEATED,
    G_DIE_ROLLS,
    G_ERROR,
    G_MODES,
    G_NREG,
    G_TRAVEL,
    G_TURN,
    G_USED,
    P_COINS,
    P_DECLINE_INSTANCE,
    P_DECLINE_POWER,
    P_DECLINE_RACE,
    P_HAND,
    P_POWER,
    P_RACE,
    P_STANCE,
    PAR_BASE_COST,
    PAR_DIE_FACES,
    PAR_DIE_MAX_SHORT,
    PAR_TRAVEL_COST,
    PAR_USE_DIE,
    PAR_WATER_COST,
    R_CONQ_TURN,
    R_DECLINE,
    R_MOUNTAIN,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    STREAM_DICE,
    SYM_ENTRY,
)
from analyzer.engine.rng import randint
from analyzer.engine.rule_hooks import (
    REENTER_BY_ENTRY,
    after_conquest,
    conquest_fee,
    conquest_fee_owed,
    conquest_toll,
    final_die,
    first_conquest_entry,
    guard_price,
    held_bits,
    least_conquest_tokens,
    may_enter_water,
    min_region_tokens,
    modify_cost,
    open_modes,
    pays_travel,
    pieces_fall,
    pieces_from_hand,
    pieces_to_hand,
    reaches_as_adjacent,
    region_defence,
    region_emptied,
    region_immune,
    region_taken,
    return_race,
    spare_decline_gone,
    token_pieces,
    tokens_killed,
    tokens_lost,
)
from analyzer.engine.state import assume_as_built, neighbour
from analyzer.engine.terrain import water_terrain
from analyzer.engine.trace import log_event

# work[] marks while computing targets
MARK_OWN = 1
MARK_ADJACENT = 2

# What a conquest attempt came to (game.conquest_phase and the rulesets' own conquests)
ATTACK_DONE = 0  # a conquest made; more may follow
ATTACK_FINAL = 1  # the final attempt was made (or the conquests end): stop
ATTACK_ILLEGAL = -1


@inline_kernel
def list_active_regions(reg, nreg, p, out):
    """p's active regions into out[:n], in order, without a branch per region (which
    regions are p's is unpredictable: a mispredicted branch costs more than the
    store); returns n."""
    n = 0
    for r in range(nreg):
        out[n] = r
        n += (reg[r, R_PLAYER] == p) & (reg[r, R_DECLINE] == 0)
    return n


@kernel
def count_regions(g, p, decline):
    """Regions held by p's active race (decline=0) or in-decline race (decline=1)."""
    g_reg = g.reg
    n = 0
    for r in range(g.gst[G_NREG]):  # without a branch per region (whose is unpredictable)
        n += (g_reg[r, R_PLAYER] == p) & (g_reg[r, R_DECLINE] == decline)
    return n


@inline_kernel
def holds_race_region(g, p, race):
    """Whether p's in-decline `race` still stands on some region. The scan stops at
    the first one: one test per region (&, not `and`), rarely taken until then."""
    g_reg = g.reg
    for r in range(g.gst[G_NREG]):
        if (g_reg[r, R_PLAYER] == p) & (g_reg[r, R_DECLINE] == 1) & (g_reg[r, R_RACE] == race):
            return True
    return False


@kernel
def defended_cost(
    board, reg, ply, r, p, race, power, form, travel, t_params, least, fee_owed, coins
):
    """Tokens p's race needs to take r once it may reach r (paying `travel`), or -1
    where r stays closed: water, an immune region (Watch Tower), or a region whose
    price p cannot pay first (the ruleset's fee `fee_owed` on some regions, a
    guard's price, a toll)."""
    terrain = board[r, B_TERRAIN]
    water = water_terrain(terrain)
    if water and not may_enter_water(race, power):
        return -1
    if region_immune(reg, r):
        return -1
    # coins asked before the attack: a fee (`fee_owed`: what p still owes), a
    # guard's price, a toll; without them r is closed
    due = conquest_fee(reg, r, fee_owed) + guard_price(reg, p, r)
    if conquest_toll(ply, reg, p, r, terrain) >= 0:
        due += 1
    if due > coins:
        return -1
    base = t_params[PAR_WATER_COST] if water else t_params[PAR_BASE_COST]
    c = base + reg[r, R_MOUNTAIN] + reg[r, R_TOKENS] + region_defence(reg, r) + travel
    return modify_cost(board, reg, r, race, power, form, terrain, reg[r, R_TOKENS] > 0, c, least)


@inline_kernel
def reach(mark, first, race, power, form, symbols, terrain):
    """(may p's race attack the region, without travel): the region's mark in work[]
    (MARK_OWN, MARK_ADJACENT, or 0), `first` while the race holds no region. A first
    conquest comes through an Entry region, or from the sea where the race may;
    later ones reach the neighbours, and the Entry regions where the rules let a
    race enter again, at the travel cost. Written as values, not branches:
    compute_targets asks it of every region, and which regions pass is unpredictable."""
    entry = (symbols & SYM_ENTRY) != 0
    if first:
        free = first_conquest_entry(race, power, symbols, water_terrain(terrain))
        return free | entry, free
    free = (mark == MARK_ADJACENT) | reaches_as_adjacent(race, power, form, symbols)
    return (mark != MARK_OWN) & (free | (entry & REENTER_BY_ENTRY)), free


@inline_kernel
def region_cost(
    board,
    reg,
    ply,
    work,
    r,
    p,
    race,
    power,
    form,
    first,
    travel_cost,
    t_params,
    least,
    fee_owed,
    coins,
):
    """Tokens p's race needs to conquer r, or -1 when r may not be attacked.
    work[] marks p's own regions and their neighbours (MARK_OWN, MARK_ADJACENT);
    `first` is True while the race holds no region (a first conquest); `coins`
    are p's, since a Marshdweller's Swamp asks a coin first."""
    ok, free = reach(work[r], first, race, power, form, board[r, B_SYMBOLS], board[r, B_TERRAIN])
    if not ok or race < 0:
        return -1
    travel = 0 if free else travel_cost
    return defended_cost(
        board, reg, ply, r, p, race, power, form, travel, t_params, least, fee_owed, coins
    )


@kernel
def compute_targets(g, t, p):
    """Fill g.cost[r] with the tokens p's active race needs to conquer r, or -1
    where r may not be attacked, and G_MODES with the conquest modes (Artifacts,
    the Ethereals) open to it. Returns the number of legal targets."""
    assume_as_built(g, t)
    # Arrays are taken out of the named tuples once: every `g.x` read costs a
    # reference-count update, too dear inside the per-region loop.
    board = g.board
    adj = g.adj
    reg = g.reg
    ply = g.ply
    cost = g.cost
    work = g.work
    gst = g.gst
    t_params = t.params
    nreg = gst[G_NREG]
    coins = ply[p, P_COINS]
    race = ply[p, P_RACE]
    power = ply[p, P_POWER]
    form = ply[p, P_STANCE]
    # The marks without a branch per region: which regions are p's, and which
    # touch them, is unpredictable, and a mispredicted branch costs more than the
    # stores. work[nb] | (work[nb] == 0) << 1 marks a region adjacent unless it
    # is p's own (MARK_OWN 1, MARK_ADJACENT 2).
    # p's regions are listed in cost[] (written anew below) as they are found.
    n_own = 0
    held_up = 0  # what the race's regions hold that opens modes (held_bits)
    for r in range(nreg):
        own = np.int64((reg[r, R_PLAYER] == p) & (reg[r, R_DECLINE] == 0))
        work[r] = own
        cost[n_own] = r
        n_own += own
        held_up |= held_bits(reg, r) & -own
    gst[G_MODES] = open_modes(held_up, race, gst[G_USED], n_own > 0)
    for i in range(n_own):
        r = cost[i]
        assume_nonnegative(r)  # a region: indexing needs no wraparound
        for k in range(board[r, B_DEGREE]):
            nb = neighbour(adj, r, k)
            w = work[nb]
            work[nb] = w | (np.int64(w == 0) << 1)
    travel_cost = t_params[PAR_TRAVEL_COST] if pays_travel(g, p) else 0
    gst[G_TRAVEL] = travel_cost
    # the fee p owes before attacking some regions (conquest_fee says which)
    fee_owed = conquest_fee_owed(ply, p)
    gst[G_CLOSED] = fee_owed
    least = least_conquest_tokens(t, race)
    n_legal = 0
    if race < 0:
        for r in range(nreg):
            cost[r] = -1
        return 0
    # region_cost, with the reach of every region decided without a branch, so that
    # only the regions within reach branch off to their price (defended_cost)
    first = n_own == 0
    for r in range(nreg):
        symbols, terrain = board[r, B_SYMBOLS], board[r, B_TERRAIN]
        ok, free = reach(work[r], first, race, power, form, symbols, terrain)
        c = -1
        if ok:
            c = defended_cost(
                board,
                reg,
                ply,
                r,
                p,
                race,
                power,
                form,
                0 if free else travel_cost,
                t_params,
                least,
                fee_owed,
                coins,
            )
        cost[r] = c
        n_legal += c >= 0
    return n_legal


@kernel
def update_targets(g, t, p, r, n_legal):
    """g.cost after p's race, already on the map, took r, a region with no
    marker: r is no longer a target and its neighbours became adjacent; no other
    region's cost can change (a cost depends only on the region's own pieces, on
    whether it touches the race, on the travel cost, which only a marker
    changes, and on whether p has a coin for a Marshdweller, which the caller
    watches). Takes and returns the number of legal targets.

    An ability that changes more than that must call compute_targets instead;
    with invariant checks on, conquest_phase compares the two after every conquest.
    """
    board = g.board
    adj = g.adj
    reg = g.reg
    ply = g.ply
    cost = g.cost
    work = g.work
    coins = ply[p, P_COINS]
    race = ply[p, P_RACE]
    power = ply[p, P_POWER]
    form = ply[p, P_STANCE]
    travel_cost = g.gst[G_TRAVEL]
    fee_owed = g.gst[G_CLOSED]
    least = least_conquest_tokens(t, race)
    t_params = t.params
    # the legal targets counted without a branch (which costs are legal is unpredictable)
    work[r] = MARK_OWN
    n_legal -= cost[r] >= 0
    cost[r] = -1
    for k in range(board[r, B_DEGREE]):
        nb = neighbour(adj, r, k)
        if work[nb] != MARK_OWN:
            n_legal -= cost[nb] >= 0
            work[nb] = MARK_ADJACENT
            c = region_cost(
                board,
                reg,
                ply,
                work,
                nb,
                p,
                race,
                power,
                form,
                False,
                travel_cost,
                t_params,
                least,
                fee_owed,
                coins,
            )
            cost[nb] = c
            n_legal += c >= 0
    return n_legal


@allocating
def check_targets(g, t, p, n_targets):
    """The naive oracle for update_targets: recompute every cost (and the open
    conquest modes) and compare."""
    kept = g.cost.copy()
    modes = g.gst[G_MODES]
    if compute_targets(g, t, p) != n_targets and g.gst[G_ERROR] == 0:
        g.gst[G_ERROR] = ERR_TARGETS
    if g.gst[G_MODES] != modes and g.gst[G_ERROR] == 0:
        g.gst[G_ERROR] = ERR_TARGETS
    for r in range(g.gst[G_NREG]):
        if g.cost[r] != kept[r] and g.gst[G_ERROR] == 0:
            g.gst[G_ERROR] = ERR_TARGETS


@kernel
def clear_region(g, r):
    """A region left empty: the holder's pieces go (`pieces_fall`; the callers
    first return what goes back to a hand), and the ruleset takes back what
    outlasts its holder (`region_emptied`; a conquest does not empty a region)."""
    g_reg = g.reg
    g_reg[r, R_PLAYER] = -1
    g_reg[r, R_RACE] = -1
    g_reg[r, R_DECLINE] = 0
    g_reg[r, R_TOKENS] = 0
    pieces_fall(g_reg, r)
    region_emptied(g, r)


@inline_kernel
def take_losses(g, t, r, attacker):
    """The holder of r loses it as to a conquest by `attacker`: the race of nobody
    and in-decline tokens are all discarded; an active race loses `tokens_lost`
    tokens (the ruleset's pieces may take the loss instead) and takes the rest in
    hand. Returns the tokens discarded. The region's pieces are left for the caller."""
    g_reg = g.reg
    g_ply = g.ply
    def_player = g_reg[r, R_PLAYER]
    n = g_reg[r, R_TOKENS]
    if def_player != attacker:
        # a player's own in-decline race is not defeated (docs/rulings.md 15)
        g.gst[G_DEFEATED + g_reg[r, R_RACE]] += 1
    if def_player < 0:
        return n  # the race of nobody
    def_decline = g_reg[r, R_DECLINE]
    lost = tokens_lost(g, t, def_player, r, def_decline, n, attacker)
    if def_decline == 0:
        g_ply[def_player, P_HAND] += n - lost
    log_event(g, EV_LOSS, def_player, r, def_player, lost)
    return lost


@kernel
def wipe_decline_race_if_gone(g, t, q):
    """Once the last in-decline token of q's race is gone, its banner leaves the
    game (and so does a race in the ruleset's own decline slot: spare_decline_gone)."""
    assume_as_built(g, t)
    spare_decline_gone(g, t, q)
    race = g.ply[q, P_DECLINE_RACE]
    if race < 0 or holds_race_region(g, q, race):
        return
    return_race(g, t, g.rng, race)
    discard_power(g, g.ply[q, P_DECLINE_POWER])
    g.ply[q, P_DECLINE_RACE] = -1
    g.ply[q, P_DECLINE_POWER] = -1
    g.ply[q, P_DECLINE_INSTANCE] = -1
    log_event(g, EV_WIPE, q, -1, race, 0)


@kernel
def conquer(g, t, p, r, tokens):
    """p's active race takes r with `tokens` tokens from hand (the ruleset's
    pieces in hand first, but at least the race's minimum of race tokens stay on r)."""
    assume_as_built(g, t)
    g_reg = g.reg
    g_ply = g.ply
    def_race = g_reg[r, R_RACE]
    def_player = g_reg[r, R_PLAYER]
    def_decline = g_reg[r, R_DECLINE]
    n = g_reg[r, R_TOKENS]
    race = g_ply[p, P_RACE]
    toll_to = conquest_toll(g_ply, g_reg, p, r, g.board[r, B_TERRAIN])
    if toll_to >= 0:
        pay_player(g_ply, g.inst, p, toll_to, def_decline)
    # the tokens r held, with the pieces that count as race tokens (read before
    # they fall): r is non-empty when it held any, p's own in-decline race
    # included ("A Region is deemed non-empty if, and only if, it contains at
    # least one Lost Tribe or Race token (Active or In Decline)"); the ruleset's
    # after_conquest says which bonuses p's own in-decline tokens pay
    # (docs/rulings.md 10, 15)
    held = n + token_pieces(g_reg, r) if n > 0 else 0
    if n > 0:
        lost = take_losses(g, t, r, p)
        if def_player != p:  # p's own in-decline tokens are no kill
            tokens_killed(g, p, lost)
    pieces_fall(g_reg, r)  # the defenders' pieces
    g_reg[r, R_PLAYER] = p
    g_reg[r, R_RACE] = race
    g_reg[r, R_DECLINE] = 0
    b = pieces_from_hand(g_reg, g_ply, p, r, tokens, min_region_tokens(race))
    g_reg[r, R_TOKENS] = tokens - b
    g_reg[r, R_CONQ_TURN] = g.gst[G_TURN]
    g_ply[p, P_HAND] -= tokens
    log_event(g, EV_CONQUER, p, r, tokens, def_race)
    region_taken(g, p, r)
    if def_player >= 0 and def_decline == 1:
        wipe_decline_race_if_gone(g, t, def_player)
    pay_vc(g, p, after_conquest(g, t, p, r, def_player, def_race if n > 0 else -1, held))


@kernel
def die_reach(t, race, power, hand):
    """The dearest target the final attempt may choose with `hand` tokens left
    (at most 3 short, and at least the race's min_region_tokens), or -1 for no attempt
    (also when the ruleset's power has used the die otherwise: final_die)."""
    if t.params[PAR_USE_DIE] != 1 or hand < min_region_tokens(race) or not final_die(power):
        return -1
    return hand + t.params[PAR_DIE_MAX_SHORT]


@kernel
def die_allowed(g, t, p, cost):
    """Whether a region costing `cost` may be the final, die-assisted attempt."""
    hand = g.ply[p, P_HAND]
    return hand < cost <= die_reach(t, g.ply[p, P_RACE], g.ply[p, P_POWER], hand)


@kernel
def roll_die(g, t):
    g.gst[G_DIE_ROLLS] += 1
    return t.params[PAR_DIE_FACES + randint(g.rng, STREAM_DICE, 6)]


@kernel
def final_attempt(g, t, p, r, cost):
    """Roll the reinforcement die for target r (costing `cost`), chosen before the
    roll. On success every remaining token goes there; on failure they stay in
    hand to be redeployed. Either way conquests end. Returns True on success."""
    assume_as_built(g, t)
    hand = g.ply[p, P_HAND]
    roll = roll_die(g, t)
    ok = hand + roll >= cost
    log_event(g, EV_DIE, p, r, roll, 1 if ok else 0)
    if ok:
        conquer(g, t, p, r, hand)
    return ok


@kernel
def ready_troops(g, t, p):
    """Take back in hand all but the tokens that must stay (min_region_tokens) per
    region, and the ruleset's pieces that go back with them (pieces_to_hand).
    Returns how many regions the race holds."""
    assume_as_built(g, t)
    g_reg = g.reg
    g_ply = g.ply
    # p's active regions listed first, in g.work: nothing reads it again before
    # refilling it (compute_targets, place_hand)
    own = g.work
    keep = min_region_tokens(g_ply[p, P_RACE])
    n_regions = list_active_regions(g_reg, g.gst[G_NREG], p, own)
    for i in range(n_regions):
        r = own[i]
        assume_nonnegative(r)  # a region: indexing needs no wraparound
        pieces_to_hand(g_reg, g_ply, p, r)
        tokens = g_reg[r, R_TOKENS]
        kept = min(tokens, keep)
        g_reg[r, R_TOKENS] = kept
        g_ply[p, P_HAND] += tokens - kept
    return n_regions


@kernel
def abandon(g, t, p, r):
    """Empty one of p's active regions; its tokens (and the pieces that go with
    them: pieces_to_hand) go to hand."""
    g.ply[p, P_HAND] += g.reg[r, R_TOKENS]
    pieces_to_hand(g.reg, g.ply, p, r)
    clear_region(g, r)
    log_event(g, EV_ABANDON, p, r, 0, 0)


@inline_kernel
def place_tokens(g, p, r, n):
    """Put n tokens from p's hand on p's active region r (the ruleset's pieces in
    hand first: pieces_from_hand)."""
    g_reg = g.reg
    g_ply = g.ply
    b = pieces_from_hand(g_reg, g_ply, p, r, n, 0)
    g_reg[r, R_TOKENS] += n - b
    g_ply[p, P_HAND] -= n
