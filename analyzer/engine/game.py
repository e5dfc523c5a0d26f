"""The turn and the game: the rulebook's turn order, with every decision asked of
the seat's bot (players/policy.py) and every rule applied by the engine."""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.engine.abilities import (
    HARMONY_PRICE,
    min_region_tokens,
    redeploy_bonus_tokens,
    take_beasts,
    turn_end,
    turn_start,
)
from analyzer.engine.column import take_combo, visible_combos
from analyzer.engine.conquest import (
    compute_targets,
    conquer,
    count_regions,
    die_allowed,
    final_attempt,
    pay_vc,
    race_tokens_in_play,
    ready_troops,
    update_targets,
)
from analyzer.engine.decline import go_into_decline
from analyzer.engine.invariants import ERR_BAD_MOVE, ERR_TARGETS, check_invariants
from analyzer.engine.layout import (
    F_COST,
    F_POWER,
    F_RACE,
    F_SEAT,
    G_AIRBORNE,
    G_ATTACKED,
    G_CHECK,
    G_DEFEATED,
    G_ERROR,
    G_FORCED_COST,
    G_FORCED_POWER,
    G_FORCED_RACE,
    G_FORCED_SEAT,
    G_HARMONY_FROM,
    G_HOLY_LIGHT,
    G_KILLS,
    G_LOG_ON,
    G_NINST,
    G_NREG,
    G_PLAYERS,
    G_ROUND,
    G_ROUNDS,
    G_TURN,
    I_COLLECTED,
    I_PAID,
    I_POWER,
    I_RACE,
    I_ROUND_DECLINED,
    I_ROUND_PICKED,
    I_SEAT,
    I_SLOT,
    I_TOKENS,
    MAX_RACES,
    P_BEASTS,
    P_CHAMPION,
    P_COINS,
    P_DECLINES,
    P_HAND,
    P_HARMONY,
    P_INSTANCE,
    P_POLICY,
    P_POWER,
    P_RACE,
    P_USES,
    PT_BADGE,
    R_DECLINE,
    R_MARKER,
    R_PLAYER,
    R_TOKENS,
    RT_BANNER,
    RT_BOX,
    S_DECLINES,
    S_POLICY,
    S_RANK,
    S_TOKENS_ON_BOARD,
    S_VC,
    S_WIN,
)
from analyzer.engine.powers import (
    INTIMIDATIONS_PER_TURN,
    champion_conquest,
    champion_ok,
    champion_ready,
    conquest_hand,
    has_intimidation_dest,
    intimidate,
    intimidation_dest_ok,
    intimidation_ok,
    portal_swap,
    swap_ok,
    swap_ready,
)
from analyzer.engine.races import (
    airborne_assault,
    end_of_turn,
    engage,
    enlist,
    start_of_turn,
)
from analyzer.engine.rng import init_streams
from analyzer.engine.scoring import score_turn
from analyzer.engine.setup import setup_game
from analyzer.engine.state import EV_PICK, EV_REDEPLOY
from analyzer.engine.trace import log_event
from analyzer.model.ids import (
    BEAST_MASTER,
    CHAMPIONING,
    DEFENSIVE,
    FORSAKEN,
    GARRISONED,
    GNOMES,
    GOBLINS,
    HUMANS,
    INTIMIDATING,
    PANDAREN,
    PORTAL_MAGE,
)
from analyzer.players.policy import (
    TARGET_AIRBORNE,
    TARGET_CONQUER,
    TARGET_DIE,
    choose_abandon,
    choose_champion,
    choose_combo,
    choose_decline,
    choose_form,
    choose_intimidation,
    choose_swap,
    choose_target,
    place_hand,
)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def pick_combo(g, t, p):
    """Ask the bot for a combo, pay for it and take its tokens (within the box)."""
    g_ply = g.ply
    g_gst = g.gst
    g_inst = g.inst
    t_race = t.race
    t_power = t.power
    if g_gst[G_FORCED_SEAT] == p:
        # a study's forced first pick: the combo comes from outside the column
        race = g_gst[G_FORCED_RACE]
        power = g_gst[G_FORCED_POWER]
        paid = min(g_gst[G_FORCED_COST], g_ply[p, P_COINS])
        collected = 0
        slot = -1
        g_gst[G_FORCED_SEAT] = -1
    else:
        n_visible = visible_combos(g, t)
        slot = choose_combo(g, t, p, n_visible)
        if slot < 0 or slot >= n_visible or slot > g_ply[p, P_COINS]:
            g_gst[G_ERROR] = ERR_BAD_MOVE
            slot = 0
        race, power, collected = take_combo(g, t, g.rng, g_ply[p, P_COINS], slot)
        paid = slot
    g_ply[p, P_COINS] += collected - paid
    box_left = t_race[race, RT_BOX] - race_tokens_in_play(g, race)
    tokens = min(t_race[race, RT_BANNER] + t_power[power, PT_BADGE], box_left)
    g_ply[p, P_RACE] = race
    g_ply[p, P_POWER] = power
    g_ply[p, P_HAND] = tokens
    g_ply[p, P_BEASTS] = 0
    g_ply[p, P_USES] = 0
    g_ply[p, P_CHAMPION] = 1 if power == CHAMPIONING else 0  # the Champion starts in hand
    i = g_gst[G_NINST]
    g_gst[G_NINST] = i + 1
    g_ply[p, P_INSTANCE] = i
    g_inst[i, I_SEAT] = p
    g_inst[i, I_RACE] = race
    g_inst[i, I_POWER] = power
    g_inst[i, I_SLOT] = slot
    g_inst[i, I_PAID] = paid
    g_inst[i, I_COLLECTED] = collected
    g_inst[i, I_ROUND_PICKED] = g_gst[G_ROUND]
    g_inst[i, I_ROUND_DECLINED] = -1
    g_inst[i, I_TOKENS] = tokens
    log_event(g, EV_PICK, p, -1, race * 100 + power, slot)


@njit(cache=True, no_cfunc_wrapper=True)
def check_targets(g, t, p, n_targets):
    """The naive oracle for update_targets: recompute every cost and compare."""
    kept = g.cost.copy()
    if compute_targets(g, t, p) != n_targets and g.gst[G_ERROR] == 0:
        g.gst[G_ERROR] = ERR_TARGETS
    for r in range(g.gst[G_NREG]):
        if g.cost[r] != kept[r] and g.gst[G_ERROR] == 0:
            g.gst[G_ERROR] = ERR_TARGETS


@njit(cache=True, no_cfunc_wrapper=True)
def power_before_conquest(g, t, p, n_targets):
    """Before a conquest, ask an Intimidating bot for a use or a Championing bot
    for its Champion, and apply it. Returns (1 if a power was used, 0 if not, -1
    after an illegal request; the number of legal targets afterwards)."""
    g_ply = g.ply
    power = g_ply[p, P_POWER]
    if power == INTIMIDATING and g_ply[p, P_USES] < INTIMIDATIONS_PER_TURN:
        src, dst = choose_intimidation(g, t, p)
        if src < 0:
            return 0, n_targets
        if not intimidation_ok(g, p, src) or (
            (dst < 0 and has_intimidation_dest(g, src))
            or (dst >= 0 and not intimidation_dest_ok(g.reg, src, dst))
        ):
            g.gst[G_ERROR] = ERR_BAD_MOVE
            return -1, 0
        intimidate(g, t, p, src, dst)
        return 1, compute_targets(g, t, p)  # the moved token changes other costs
    if power != CHAMPIONING or not champion_ready(g, p):
        return 0, n_targets
    r = choose_champion(g, t, p)
    if r < 0:
        return 0, n_targets
    if not champion_ok(g, p, r):
        g.gst[G_ERROR] = ERR_BAD_MOVE
        return -1, 0
    marker_here = g.reg[r, R_MARKER] >= 0
    had_coin = g_ply[p, P_COINS] >= 1
    champion_conquest(g, t, p, r)
    if marker_here or had_coin != (g_ply[p, P_COINS] >= 1):
        return 1, compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
    n_targets = update_targets(g, t, p, r, n_targets)
    if g.gst[G_CHECK] == 1:
        check_targets(g, t, p, n_targets)
    return 1, n_targets


@njit(cache=True, no_cfunc_wrapper=True)
def power_phase(g, t, p, end):
    """Powers acting at two fixed points of the turn, in one compiled function
    (each call site in the turn adds compile time). Before the conquests
    (end=False): Beast Master swaps its Beasts for new ones, a Portal Mage may
    swap. After the redeployment (end=True): a Portal Mage may use the swaps it
    has left; Garrisoned and Defensive place their pieces."""
    power = g.ply[p, P_POWER]
    if power == BEAST_MASTER and not end:
        take_beasts(g, t, p)
    elif power == PORTAL_MAGE:
        while swap_ready(g, p):
            a, b = choose_swap(g, t, p)
            if a < 0:
                return
            if not swap_ok(g, t, a, b):
                g.gst[G_ERROR] = ERR_BAD_MOVE
                return
            portal_swap(g, t, p, a, b)
    elif end:
        turn_end(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def conquest_phase(g, t, p):
    """Conquer until the bot stops, runs out of targets, or makes its final attempt.
    Before each conquest an Intimidating race may use its power and a
    Championing race may send its Champion."""
    g_cost = g.cost
    g_ply = g.ply
    g_gst = g.gst
    power = g_ply[p, P_POWER]
    least = min_region_tokens(g_ply[p, P_RACE])
    n_targets = compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
    on_map = count_regions(g, p, 0) > 0
    # the Gnomes' airborne assault may reach a region when no other is in reach
    while (
        g_ply[p, P_HAND] > 0
        and (n_targets > 0 or (g_ply[p, P_RACE] == GNOMES and g_gst[G_AIRBORNE] == 0))
        and (g_ply[p, P_BEASTS] == 0 or conquest_hand(g, p) >= least)
    ):
        if on_map and (power == INTIMIDATING or power == CHAMPIONING):
            used, n_targets = power_before_conquest(g, t, p, n_targets)
            if used < 0:
                return
            if used == 1:
                continue
        coins_before = g_ply[p, P_COINS]
        r, mode = choose_target(g, t, p)
        if r < 0:
            return
        cost = g_cost[r]
        if mode == TARGET_AIRBORNE:
            # the Gnomes, once a turn: any region, as though adjacent, after a free die
            cost = airborne_assault(g, t, p, r)
            if cost < 0:
                g_gst[G_ERROR] = ERR_BAD_MOVE
                return
            if cost > g_ply[p, P_HAND]:
                if not die_allowed(g, t, p, cost):
                    return  # out of reach even for the normal die: the assault fails
                mode = TARGET_DIE  # the assault is the final attempt: the die again
        elif (
            cost < 0
            or (mode == TARGET_DIE and not die_allowed(g, t, p, cost))
            or (mode == TARGET_CONQUER and cost > g_ply[p, P_HAND])
        ):
            g_gst[G_ERROR] = ERR_BAD_MOVE
            return
        elif g_ply[p, P_RACE] == PANDAREN or g_ply[p, P_HARMONY] == 1:
            engage(g, p, r)  # only the Pandaren and Harmony holders care (a call costs)
        if mode == TARGET_DIE:
            final_attempt(g, t, p, r, cost)
            return
        first = not on_map
        marker_here = g.reg[r, R_MARKER] >= 0
        conquer(g, t, p, r, cost)
        on_map = True
        coins = g_ply[p, P_COINS]
        if (
            first
            or marker_here
            or (coins_before >= 1) != (coins >= 1)
            or (
                g_ply[p, P_HARMONY] == 1
                and (coins_before >= HARMONY_PRICE) != (coins >= HARMONY_PRICE)
            )
        ):
            # entry rules change after a first conquest; a marker (the Meeting
            # Stone) may change the travel cost of every Entry region; with no
            # coin left (or a first one) Marshdweller Swamps close (or open); coins
            # won or paid may open or close the Pandaren to a Harmony holder
            n_targets = compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
        else:
            n_targets = update_targets(g, t, p, r, n_targets)
            if g_gst[G_CHECK] == 1:
                check_targets(g, t, p, n_targets)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def redeploy(g, t, p):
    """End of conquests: every token above the minimum is free to move; the bot
    places them (and any bonus tokens) on p's regions."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    if g_ply[p, P_RACE] < 0:
        return
    if ready_troops(g, t, p) == 0:
        return  # no region: the tokens stay in hand for a new first conquest
    g_ply[p, P_HAND] += redeploy_bonus_tokens(g, t, p)
    if g_ply[p, P_RACE] == FORSAKEN and g_gst[G_KILLS] > 0:
        enlist(g, t, p)
    place_hand(g, t, p)
    if g_ply[p, P_HAND] != 0 or g_ply[p, P_CHAMPION] != 0:
        g_gst[G_ERROR] = ERR_BAD_MOVE
    if g_gst[G_LOG_ON] == 1:
        for r in range(g_gst[G_NREG]):
            if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
                log_event(g, EV_REDEPLOY, p, r, g_reg[r, R_TOKENS], 0)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def defenders_redeploy(g, t, attacker):
    """As the attacker's turn ends, the players who lost regions put their
    withdrawn tokens back on the regions they still hold."""
    g_ply = g.ply
    g_gst = g.gst
    for q in range(g_gst[G_PLAYERS]):
        if q == attacker or g_ply[q, P_HAND] == 0 or g_ply[q, P_RACE] < 0:
            continue
        if count_regions(g, q, 0) == 0:
            continue
        place_hand(g, t, q)
        if g_ply[q, P_HAND] != 0 or g_ply[q, P_CHAMPION] != 0:
            g_gst[G_ERROR] = ERR_BAD_MOVE


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def play_turn(g, t, p):
    g_ply = g.ply
    g_gst = g.gst
    for d in range(MAX_RACES):
        g_gst[G_DEFEATED + d] = 0
    g_gst[G_KILLS] = 0
    g_gst[G_ATTACKED] = 0
    g_gst[G_HOLY_LIGHT] = 0
    g_gst[G_AIRBORNE] = 0
    if g_gst[G_HARMONY_FROM] == p + 1 or g_ply[p, P_RACE] == GOBLINS:
        start_of_turn(g, t, p)
    declines = g_ply[p, P_RACE] >= 0 and g_gst[G_ROUND] > 1 and choose_decline(g, t, p)
    if declines:
        go_into_decline(g, t, p)
    else:
        new_race = g_ply[p, P_RACE] < 0
        if new_race:
            pick_combo(g, t, p)
        pay_vc(g, p, turn_start(g, t, p, choose_form(g, t, p)))
        if not new_race:
            ready_troops(g, t, p)
            choose_abandon(g, t, p)
        power = g_ply[p, P_POWER]
        if power == BEAST_MASTER or power == PORTAL_MAGE:
            power_phase(g, t, p, False)
        conquest_phase(g, t, p)
        redeploy(g, t, p)
        if power == PORTAL_MAGE or power == GARRISONED or power == DEFENSIVE:
            power_phase(g, t, p, True)
    defenders_redeploy(g, t, p)  # also after a decline: tokens withdrawn from a Bomb
    race = g_ply[p, P_RACE]
    if race == HUMANS or race == GOBLINS or race == PANDAREN:
        end_of_turn(g, t, p)
    score_turn(g, t, p)


@njit(cache=True, no_cfunc_wrapper=True)
def final_standings(g, seat_out):
    """VC, rank (1 = best; ties broken by tokens on the boards, equal ties share
    the rank) and win for every seat."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    n = g_gst[G_PLAYERS]
    on_board = np.zeros(n, np.int64)
    for r in range(g_gst[G_NREG]):
        q = g_reg[r, R_PLAYER]
        if q >= 0:
            on_board[q] += g_reg[r, R_TOKENS]
    for p in range(n):
        better = 0
        for q in range(n):
            if q == p:
                continue
            vq = g_ply[q, P_COINS]
            vp = g_ply[p, P_COINS]
            if vq > vp or (vq == vp and on_board[q] > on_board[p]):
                better += 1
        seat_out[p, S_VC] = g_ply[p, P_COINS]
        seat_out[p, S_RANK] = better + 1
        seat_out[p, S_WIN] = 1 if better == 0 else 0
        seat_out[p, S_TOKENS_ON_BOARD] = on_board[p]
        seat_out[p, S_DECLINES] = g_ply[p, P_DECLINES]
        seat_out[p, S_POLICY] = g_ply[p, P_POLICY]


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def play_game(g, t, n_players, seed, game, policies, pol_params, check, forced, seat_out):
    """Play one whole game into g; seat results go to seat_out[n_players, S_NF].
    forced[F_*] may force one seat's first pick (a study's design); seat -1: none."""
    g_ply = g.ply
    g_gst = g.gst
    g_pol = g.pol
    init_streams(seed, game, g.rng)
    g.gst[G_FORCED_SEAT] = forced[F_SEAT]
    g.gst[G_FORCED_RACE] = forced[F_RACE]
    g.gst[G_FORCED_POWER] = forced[F_POWER]
    g.gst[G_FORCED_COST] = forced[F_COST]
    setup_game(g, t, n_players)
    g_gst[G_CHECK] = 1 if check else 0
    for p in range(n_players):
        g_ply[p, P_POLICY] = policies[p]
        for k in range(pol_params.shape[1]):
            g_pol[p, k] = pol_params[p, k]
    rounds = g_gst[G_ROUNDS]
    for rnd in range(1, rounds + 1):
        g_gst[G_ROUND] = rnd
        for p in range(n_players):
            play_turn(g, t, p)
            g_gst[G_TURN] += 1
            if check and g_gst[G_ERROR] == 0:
                g_gst[G_ERROR] = check_invariants(g, t)
    final_standings(g, seat_out)
