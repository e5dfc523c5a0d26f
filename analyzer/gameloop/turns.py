"""The turn and the game: the rulebook's turn order, with every decision asked of
the seat's bot (players/policy.py) and every rule applied by the engine. What a
ruleset's races, powers and markers do around the turn it adds at named hook
points (SWoW's: rulesets/swow/turn.py, which lists them)."""

from __future__ import annotations

import numpy as np
from numba import types

from analyzer.engine.conquest import (
    ATTACK_DONE,
    ATTACK_FINAL,
    ATTACK_ILLEGAL,
    check_targets,
    compute_targets,
    conquer,
    count_regions,
    die_allowed,
    final_attempt,
    ready_troops,
    update_targets,
)
from analyzer.engine.decline import go_into_decline
from analyzer.engine.invariants import ERR_BAD_MOVE, check_invariants
from analyzer.engine.jit import allocating, inline_kernel, kernel
from analyzer.engine.layout import (
    EV_PICK,
    EV_REDEPLOY,
    G_CHECK,
    G_DEFEATED,
    G_ERROR,
    G_FORCED_COST,
    G_FORCED_POWER,
    G_FORCED_RACE,
    G_FORCED_SEAT,
    G_LOG_ON,
    G_MODES,
    G_NINST,
    G_NREG,
    G_PLAYERS,
    G_ROUND,
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
    P_COINS,
    P_DECLINES,
    P_HAND,
    P_INSTANCE,
    P_POLICY,
    P_POWER,
    P_RACE,
    P_SEEN_VC,
    PT_BADGE,
    R_DECLINE,
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
from analyzer.engine.rule_hooks import (
    hand_empty,
    offer_combos,
    race_tokens_in_play,
    take_combo,
)
from analyzer.engine.scoring import score_turn
from analyzer.engine.state import assume_as_built
from analyzer.engine.trace import log_event
from analyzer.gameloop.turn_hooks import (
    ability_conquest,
    active_turn_begins,
    after_conquests,
    after_each_conquest,
    after_redeploy,
    after_scoring,
    before_conquest,
    before_conquests,
    before_redeploy,
    before_targets,
    coins_gate_regions,
    combo_taken,
    conquests_beyond_targets,
    hand_may_conquer,
    marker_at,
    on_attack,
    plain_conquest,
    special_conquest,
    targets_stale,
    turn_begins,
    turn_ends,
)
from analyzer.players.params import TARGET_DIE
from analyzer.players.policy import (
    choose_abandon,
    choose_combo,
    choose_decline,
    choose_target,
    place_hand,
)


@kernel
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
        n_visible = offer_combos(g, t, p)
        slot = choose_combo(g, t, p, n_visible)
        if slot < 0 or slot >= n_visible or slot > g_ply[p, P_COINS]:
            g_gst[G_ERROR] = ERR_BAD_MOVE
            slot = 0
        race, power, collected = take_combo(g, t, g.rng, g_ply[p, P_COINS], slot)
        paid = slot
    g_ply[p, P_COINS] += collected - paid
    g_ply[p, P_SEEN_VC] += collected - paid  # the combo's coins change hands in view
    box_left = t_race[race, RT_BOX] - race_tokens_in_play(g, race)
    tokens = min(t_race[race, RT_BANNER] + t_power[power, PT_BADGE], box_left)
    g_ply[p, P_RACE] = race
    g_ply[p, P_POWER] = power
    g_ply[p, P_HAND] = tokens
    combo_taken(g, p)
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


@kernel
def conquest_phase(g, t, p):
    """Conquer until the bot stops, runs out of targets, or makes its final attempt.
    The ruleset's hooks add what its abilities do around each conquest, and the
    conquests the core cannot make plainly (conquest modes, an ability's own)."""
    assume_as_built(g, t)
    g_cost = g.cost
    g_ply = g.ply
    g_gst = g.gst
    n_targets = compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
    on_map = count_regions(g, p, 0) > 0
    gated = coins_gate_regions(g, p)
    while (
        g_ply[p, P_HAND] > 0
        and (n_targets > 0 or conquests_beyond_targets(g, p))
        and hand_may_conquer(g, p)
    ):
        if on_map:
            used, n_targets = before_conquest(g, t, p, n_targets)
            if used < 0:
                return
            if used == 1:
                continue
        coins_before = g_ply[p, P_COINS]
        r, mode, modes = choose_target(g, t, p)
        if r < 0:
            return
        if r >= g_gst[G_NREG]:
            g_gst[G_ERROR] = ERR_BAD_MOVE
            return
        marker_here = marker_at(g, r)
        if mode > TARGET_DIE:
            done = ability_conquest(g, t, p, r, mode, modes)
        elif plain_conquest(g, r, modes):
            # the common case, kept inline
            cost = g_cost[r]
            final = mode == TARGET_DIE
            if cost < 0 or (not die_allowed(g, t, p, cost) if final else cost > g_ply[p, P_HAND]):
                g_gst[G_ERROR] = ERR_BAD_MOVE
                return
            on_attack(g, p, r)
            if final:
                final_attempt(g, t, p, r, cost)
                return
            conquer(g, t, p, r, cost)
            done = ATTACK_DONE
        else:
            done = special_conquest(g, t, p, r, mode == TARGET_DIE, modes)
        if done == ATTACK_ILLEGAL:
            g_gst[G_ERROR] = ERR_BAD_MOVE
            return
        if done == ATTACK_FINAL:
            return
        first = not on_map
        on_map = True
        if after_each_conquest(g, t, p):
            marker_here = True  # a marker moved in (and may be used at once)
        if first or marker_here or targets_stale(g, p, gated, coins_before):
            # entry rules change after a first conquest; a marker (the Meeting
            # Stone) may change the travel cost of every Entry region; coins won or
            # paid may open or close a region whose price must be paid first
            before_targets(g, t, p)
            n_targets = compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
            if marker_here:
                gated = coins_gate_regions(g, p)  # an Aegis may have turned face up
        else:
            g_gst[G_MODES] &= ~modes
            n_targets = update_targets(g, t, p, r, n_targets)
            if g_gst[G_CHECK] == 1:
                check_targets(g, t, p, n_targets)


@kernel
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
    before_redeploy(g, t, p)
    place_hand(g, t, p)
    if not hand_empty(g_ply, p):
        g_gst[G_ERROR] = ERR_BAD_MOVE
    if g_gst[G_LOG_ON] == 1:
        for r in range(g_gst[G_NREG]):
            if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
                log_event(g, EV_REDEPLOY, p, r, g_reg[r, R_TOKENS], 0)


@kernel
def defenders_redeploy(g, t, attacker):
    """As the attacker's turn ends, the players who lost regions put their
    withdrawn tokens back on the regions they still hold."""
    assume_as_built(g, t)
    g_ply = g.ply
    g_gst = g.gst
    for q in range(g_gst[G_PLAYERS]):
        if q == attacker or g_ply[q, P_HAND] == 0 or g_ply[q, P_RACE] < 0:
            continue
        if count_regions(g, q, 0) == 0:
            continue
        place_hand(g, t, q)
        if not hand_empty(g_ply, q):
            g_gst[G_ERROR] = ERR_BAD_MOVE


@inline_kernel
def play_turn(g, t, p):
    """One turn, in the rulebook's order: decline, or pick a combo, ready the
    troops, conquer and redeploy; the defenders redeploy; score. The ruleset's
    hooks (rulesets/swow/turn.py) add what its abilities do at each point."""
    g_ply = g.ply
    g_gst = g.gst
    for d in range(MAX_RACES):
        g_gst[G_DEFEATED + d] = 0
    turn_begins(g, t, p)
    declines = g_ply[p, P_RACE] >= 0 and g_gst[G_ROUND] > 1 and choose_decline(g, t, p)
    if declines:
        go_into_decline(g, t, p)
    else:
        new_race = g_ply[p, P_RACE] < 0
        if new_race:
            pick_combo(g, t, p)
        active_turn_begins(g, t, p)
        if not new_race:
            ready_troops(g, t, p)
            choose_abandon(g, t, p)
        before_conquests(g, t, p)
        conquest_phase(g, t, p)
        after_conquests(g, t, p)
        redeploy(g, t, p)
        after_redeploy(g, t, p)
    defenders_redeploy(g, t, p)  # also after a decline: tokens withdrawn from a Bomb
    turn_ends(g, t, p, declines)
    score_turn(g, t, p)
    after_scoring(g, t, p, declines)


@allocating
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


def check_flag(check, compiled=()) -> bool | None:
    """The `check` argument of the engine's entry points: True for a checked run. An
    unchecked run passes None, for which numba drops the check and never compiles
    check_invariants; but False where the entry point is already compiled for checked
    runs in this process (`compiled`: its overloads' argument types), as in a report
    whose first study checks: that code then plays the unchecked games too (the same
    games, as fast) instead of the entry point compiling a second time."""
    if check:
        return True
    return False if any(types.boolean in args for args in compiled) else None


@inline_kernel
def run_turns(g, t, stop, check):
    """Play the turns from the one in play (gst[G_TURN]) up to turn `stop`
    (global, 0-based: the round and seat follow from it), with the invariants
    checked after each turn when `check` is True. An unchecked run passes None
    (check_flag): numba then drops the check, and check_invariants is never
    compiled for it.

    The game loop (gameloop/play.py play_game) inlines it: a first game's compile then
    optimises the whole engine once, in its entry point, where a kernel of its own
    (play_turns) would optimise it once more first, both after everything else."""
    assume_as_built(g, t)
    g_gst = g.gst
    n_players = g_gst[G_PLAYERS]
    while g_gst[G_TURN] < stop:
        turn = g_gst[G_TURN]
        g_gst[G_ROUND] = turn // n_players + 1
        play_turn(g, t, turn % n_players)
        g_gst[G_TURN] = turn + 1
        if check is not None and check and g_gst[G_ERROR] == 0:
            g_gst[G_ERROR] = check_invariants(g, t)


@kernel
def play_turns(g, t, stop, check):
    """run_turns as a kernel of its own, for the lookahead bot's imagined games
    (gameloop/lookahead.py) and the turns around its decisions, so the turn is
    compiled once for all of them."""
    run_turns(g, t, stop, check)
