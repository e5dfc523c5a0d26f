"""The lookahead bot: the heuristic, but for its key decisions of each turn, which it
makes by playing the game out (Monte Carlo rollouts).

At the start of each of its turns the game loop (gameloop/play.py) asks
`lookahead_decide`. It lists the options of the turn:
- with a race to pick: the `candidates` column slots the heuristic rates best
  (combo_worth), each with the heuristic's conquest plan, then the best slot with
  each other plan;
- with an active race: keep it under each of `plans` conquest plans, or decline
  (when a decline is open: not in the first round, not in the last turn).
A plan is the heuristic's parameters tilted for this turn's conquests and
redeployment (PLAN_*: as they are, more aggressive, more defensive, expansive).

Each option is played out `rollouts` times on a copy of the game (the scratch game
`sim`): the seat's turn under the option, then every seat (this one included)
plays the heuristic with its own parameters to the end of the game, or for
`horizon` rounds after this turn. The option with the best mean result wins (the
first listed on a tie, so the heuristic's own choice): the seat's VC margin over
the best opponent, or in a team variant its team's margin (a team scores its
weaker member, as the team variant's heuristic assumes). Every 8 rollouts, an
option far behind the leader is dropped (`prune`: its mean result trails by more
than that many standard errors of the two options' paired differences), so the
rollouts go to the options still in question; once one is left, it is the choice.

No peeking (docs/rulings.md 31): each rollout first deals again what the seat
cannot see, from public facts only: the stacks below the column (sorted, then
shuffled), the ruleset's hidden pieces (rule_hooks.redeal_hidden: SWoW's
face-down markers and Bombs, Battle for Azeroth's faction stacks), fresh dice
(random streams keyed by the game's seed and index, the turn and the rollout:
never the game's own streams, which hold its future dice), and every opponent's
hidden coins replaced by its public tally (an ally's coins are known, ruling B8).
Nor does it read how the others play (their bot and parameters): it imagines
every other seat playing the heuristic with its own parameters.
Rollout k of every option uses the same deal and dice (common random numbers),
so options are compared on the same imagined futures. So when two options' turns
end in the same game (a plan that changed no choice: about 40% of them), the rest
of the rollout would play the same: it is played once, for the first (state_hash).
"""

from __future__ import annotations

import math

import numpy as np

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    BOT_SCRATCH,
    G_CHECK,
    G_FORCED_SEAT,
    G_LA_DECLINE,
    G_LA_KEY,
    G_LA_SLOT,
    G_LOG_ON,
    G_NINST,
    G_NREG,
    G_PLAYERS,
    G_POWER_STACK,
    G_POWER_STACK_N,
    G_RACE_STACK,
    G_RACE_STACK_N,
    G_ROUND,
    G_ROUNDS,
    G_TURN,
    MAX_OPTIONS,
    P_COINS,
    P_POLICY,
    P_RACE,
    P_SEEN_VC,
    STREAM_SETUP,
)
from analyzer.engine.rng import init_streams, redeal
from analyzer.engine.rule_hooks import offer_combos, redeal_hidden
from analyzer.engine.state import assume_as_built
from analyzer.gameloop.turns import play_turns
from analyzer.players.bot_hooks import ally_of
from analyzer.players.heuristic import combo_worth
from analyzer.players.params import (
    H_AGGRESSION,
    H_ENTRY_THREAT,
    H_LEADER_FOCUS,
    H_RESERVE,
    HEURISTIC,
    L_CANDIDATES,
    L_HORIZON,
    L_PLANS,
    L_PRUNE,
    L_ROLLOUTS,
    N_PLANS,
)

# The conquest plans, in the order `plans` takes them.
PLAN_AS_IS, PLAN_AGGRESSIVE, PLAN_DEFENSIVE, PLAN_EXPANSIVE = range(N_PLANS)
OPTIONS = MAX_OPTIONS  # work[:MAX_OPTIONS]: ranked slots; work[OPTIONS:]: 3 cells an option
# fwork[:MAX_OPTIONS]: the options' totals; fwork[LAST + o]: option o's result in the
# rollout in play (once the options are listed, work[o] holds its state_hash there);
# fwork[CROSS + MAX_OPTIONS * o + o2]: the sum over the rollouts of o's result times o2's
LAST = MAX_OPTIONS
CROSS = 2 * MAX_OPTIONS
assert CROSS + MAX_OPTIONS * MAX_OPTIONS <= BOT_SCRATCH
PRUNE_EVERY = 8  # rollouts between two looks at which options trail (`prune`)
DROPPED = -1e308  # the total of an option dropped: it never leads, nor lends its result
ROLLOUT_SALT = 1 << 20  # turn * ROLLOUT_SALT + rollout: a stream key per rollout


@kernel
def apply_plan(pol, p, plan):
    """Tilt p's heuristic parameters for this turn's conquests."""
    if plan == PLAN_AGGRESSIVE:  # opponents' regions, the leader's most
        pol[p, H_AGGRESSION] += 1.0
        pol[p, H_LEADER_FOCUS] += 0.5
    elif plan == PLAN_DEFENSIVE:  # two tokens held back, Entry regions guarded
        pol[p, H_RESERVE] += 2.0
        pol[p, H_ENTRY_THREAT] += 0.7
        pol[p, H_AGGRESSION] = min(pol[p, H_AGGRESSION], 0.0)
    elif plan == PLAN_EXPANSIVE:  # empty regions rather than fights
        pol[p, H_AGGRESSION] -= 0.5
        pol[p, H_LEADER_FOCUS] = 0.0


@inline_kernel
def copy_rows(src, dst):
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            dst[i, j] = src[i, j]


@inline_kernel
def copy_cells(src, dst):
    for i in range(src.shape[0]):
        dst[i] = src[i]


@kernel
def copy_game(src, dst, t):
    """dst becomes src (but its event log and scratch, which no turn carries over)."""
    assume_as_built(src, t)
    assume_as_built(dst, t)
    copy_rows(src.board, dst.board)
    copy_rows(src.adj, dst.adj)
    copy_play(src, dst, t)


@kernel
def copy_play(src, dst, t):
    """copy_game for a dst that already holds src's map (board and adjacency, which
    only the game's setup writes)."""
    assume_as_built(src, t)
    assume_as_built(dst, t)
    copy_rows(src.reg, dst.reg)
    copy_rows(src.ply, dst.ply)
    copy_rows(src.inst, dst.inst)
    copy_rows(src.pol, dst.pol)
    copy_cells(src.gst, dst.gst)
    copy_cells(src.rng, dst.rng)
    dst.gst[G_LOG_ON] = 0
    dst.gst[G_CHECK] = 0


@inline_kernel
def imagine(g, sim, t, p, stream_key, others):
    """sim: the game as p sees it, its hidden parts dealt again from public facts
    on fresh random streams (the module's docstring says what is hidden), every
    other seat imagined playing the heuristic with the parameter row `others` (the
    lookahead's own, the search's OTHERS); sim holds g's map already
    (lookahead_decide)."""
    copy_play(g, sim, t)
    init_streams(g.gst[G_LA_KEY], stream_key, sim.rng)
    ply = sim.ply
    gst = sim.gst
    pol = sim.pol
    ally = ally_of(sim, t, p)
    for q in range(gst[G_PLAYERS]):
        if q == p:
            continue
        if q != ally:
            ply[q, P_COINS] = ply[q, P_SEEN_VC]
        # p cannot read how the others play: it imagines them playing `others`
        ply[q, P_POLICY] = HEURISTIC
        for j in range(pol.shape[1]):
            pol[q, j] = others[j]
    n = gst[G_RACE_STACK_N]
    redeal(sim.rng, STREAM_SETUP, gst[G_RACE_STACK : G_RACE_STACK + n], n)
    n = gst[G_POWER_STACK_N]
    redeal(sim.rng, STREAM_SETUP, gst[G_POWER_STACK : G_POWER_STACK + n], n)
    redeal_hidden(sim, t, p)


FNV_PRIME = 0x100000001B3


@inline_kernel
def mix(h, x):
    """h with the word x mixed in (a uint64's bits as they are): one-to-one in h."""
    return (h ^ np.int64(x)) * FNV_PRIME


@inline_kernel
def hash_cells(a, lanes):
    """lanes with the cells of a mixed in: the cells go to the four lanes in turn (the
    last few to the first), so four multiplications run at once where one chain
    would wait for each."""
    l0, l1, l2, l3 = lanes
    n = a.shape[0]
    i = 0
    while i + 4 <= n:
        l0 = mix(l0, a[i])
        l1 = mix(l1, a[i + 1])
        l2 = mix(l2, a[i + 2])
        l3 = mix(l3, a[i + 3])
        i += 4
    while i < n:
        l0 = mix(l0, a[i])
        i += 1
    return l0, l1, l2, l3


@inline_kernel
def hash_rows(a, n, lanes):
    """lanes with the first n rows of a mixed in, each row as hash_cells mixes it."""
    for i in range(n):
        lanes = hash_cells(a[i], lanes)
    return lanes


@inline_kernel
def state_hash(g):
    """A hash of everything a turn may change in g: the regions, players, races picked
    (the rows below G_NINST: a pick writes the next row and counts it), game cells and
    random streams. The board, the bots' parameters (restored after the option's turn)
    and the scratch arrays, which no turn carries over, are the same for every option
    of a rollout. Two options whose turns leave the same hash leave the same game (a
    64-bit hash: a collision between two different games is a 1 in 2**64 chance), so
    the rest of their rollout plays the same."""
    seed = np.int64(-3750763034362895579)
    lanes = (seed, seed ^ 1, seed ^ 2, seed ^ 3)
    lanes = hash_rows(g.reg, g.gst[G_NREG], lanes)
    lanes = hash_rows(g.ply, g.gst[G_PLAYERS], lanes)
    lanes = hash_rows(g.inst, g.gst[G_NINST], lanes)
    lanes = hash_cells(g.gst, lanes)
    l0, l1, l2, l3 = hash_cells(g.rng, lanes)
    return mix(mix(mix(mix(seed, l0), l1), l2), l3)


@inline_kernel
def team_vc(g, t, q):
    """q's score, or in a team variant its team's: the weaker ally's."""
    a = ally_of(g, t, q)
    vc = g.ply[q, P_COINS]
    if a >= 0:
        vc = min(vc, g.ply[a, P_COINS])
    return vc


@inline_kernel
def margin(g, t, p):
    """p's (or its team's) VC lead over the best opponent (negative: behind)."""
    ally = ally_of(g, t, p)
    best = -(1 << 40)
    for q in range(g.gst[G_PLAYERS]):
        if q != p and q != ally:
            best = max(best, team_vc(g, t, q))
    return team_vc(g, t, p) - best


@inline_kernel
def add_option(work, n_opt, slot, decline, plan):
    """Option n_opt in work[OPTIONS...]: its slot (-1: none), decline (-1: not
    asked, 0 keep, 1 decline) and plan."""
    work[OPTIONS + 3 * n_opt] = slot
    work[OPTIONS + 3 * n_opt + 1] = decline
    work[OPTIONS + 3 * n_opt + 2] = plan
    return n_opt + 1


@inline_kernel
def rank_slots(g, sim, t, p, rnd, n_cand, order):
    """The n_cand affordable column slots the heuristic rates best, best first (the
    top slot on a tie), into order[]; returns how many. The column is read as p
    will see it at the pick (the team variant offers each seat its faction's)."""
    copy_game(g, sim, t)
    sim.gst[G_ROUND] = rnd
    n_visible = min(offer_combos(sim, t, p), g.ply[p, P_COINS] + 1)
    worth = sim.fwork
    for k in range(n_visible):
        worth[k] = combo_worth(sim, t, p, k)
    n = min(n_cand, n_visible)
    for i in range(n):  # selection: n is small
        best = -1
        for k in range(n_visible):
            if worth[k] > -1e300 and (best < 0 or worth[k] > worth[best]):
                best = k
        order[i] = best
        worth[best] = -1e308
    return n


@inline_kernel
def drop_trailing(sums, n_opt, n, z):
    """After n rollouts, drop (sums[o] = DROPPED) every option whose mean result
    trails the leader's by more than z standard errors of their paired differences.
    Rollout k deals and rolls the same for every option, so what varies is the
    difference of two options' results in a rollout: its mean and standard error
    come from the totals and the sums of products (CROSS). Returns how many options
    are left."""
    lead = -1
    for o in range(n_opt):
        if sums[o] != DROPPED and (lead < 0 or sums[o] > sums[lead]):
            lead = o
    left = 1  # the leader
    for o in range(n_opt):
        if o == lead or sums[o] == DROPPED:
            continue
        d = sums[o] - sums[lead]  # the differences' sum, then their squares' sum:
        dd = (
            sums[CROSS + MAX_OPTIONS * o + o]
            + sums[CROSS + MAX_OPTIONS * lead + lead]
            - 2.0 * sums[CROSS + MAX_OPTIONS * o + lead]
        )
        variance = max(dd - d * d / n, 0.0) / (n - 1)
        if d / n + z * math.sqrt(variance / n) < 0.0:
            sums[o] = DROPPED
        else:
            left += 1
    return left


@kernel
def lookahead_decide(g, sim, t, p):
    """Choose p's combo slot (or decline) and conquest plan for the turn about to
    be played: the slot and decline go to gst[G_LA_SLOT] and gst[G_LA_DECLINE]
    (-1: the heuristic decides), the plan is returned. sim is scratch; so are g's
    work arrays, free between two turns."""
    pol = g.pol
    gst = g.gst
    work = g.work
    totals = g.fwork
    gst[G_LA_SLOT] = -1
    gst[G_LA_DECLINE] = -1
    n_players = gst[G_PLAYERS]
    turn = gst[G_TURN]
    rnd = turn // n_players + 1
    n_plans = min(max(1, int(pol[p, L_PLANS])), N_PLANS)
    n_opt = 0
    if g.ply[p, P_RACE] < 0:
        if gst[G_FORCED_SEAT] == p:
            return PLAN_AS_IS  # a study forces this pick
        n_cand = min(max(1, int(pol[p, L_CANDIDATES])), MAX_OPTIONS - N_PLANS)
        n_cand = rank_slots(g, sim, t, p, rnd, n_cand, work)
        for i in range(n_cand):
            n_opt = add_option(work, n_opt, work[i], -1, PLAN_AS_IS)
        for plan in range(1, n_plans):
            n_opt = add_option(work, n_opt, work[0] if n_cand > 0 else -1, -1, plan)
    else:
        for plan in range(n_plans):
            n_opt = add_option(work, n_opt, -1, 0 if rnd > 1 else -1, plan)
        if rnd > 1 and rnd < gst[G_ROUNDS]:  # a decline: not in the first or last round
            n_opt = add_option(work, n_opt, -1, 1, PLAN_AS_IS)
    best = 0
    if n_opt > 1:
        end = gst[G_ROUNDS] * n_players
        horizon = int(pol[p, L_HORIZON])
        stop = end if horizon <= 0 else min(end, turn + 1 + horizon * n_players)
        n_rollouts = max(1, int(pol[p, L_ROLLOUTS]))
        prune = pol[p, L_PRUNE]
        copy_game(g, sim, t)  # the map, once: each rollout's copy leaves it out (imagine)
        for o in range(n_opt):
            totals[o] = 0.0
            for o2 in range(n_opt):
                totals[CROSS + MAX_OPTIONS * o + o2] = 0.0
        for k in range(n_rollouts):
            for o in range(n_opt):
                if totals[o] == DROPPED:
                    continue
                # the same deal for every option; the others imagined playing as p would
                imagine(g, sim, t, p, turn * ROLLOUT_SALT + k, pol[p])
                sim.gst[G_LA_SLOT] = work[OPTIONS + 3 * o]
                sim.gst[G_LA_DECLINE] = work[OPTIONS + 3 * o + 1]
                apply_plan(sim.pol, p, work[OPTIONS + 3 * o + 2])
                play_turns(sim, t, turn + 1, None)
                sim.gst[G_LA_SLOT] = -1  # from here on, p plays the heuristic
                sim.gst[G_LA_DECLINE] = -1
                for j in range(pol.shape[1]):
                    sim.pol[p, j] = pol[p, j]
                # An option whose turn ends where an earlier one's did (a plan that
                # changed no choice) would play the same rest: its result is reused.
                h = state_hash(sim)
                same = -1
                for o2 in range(o):
                    if work[o2] == h and totals[o2] != DROPPED:
                        same = o2
                        break
                work[o] = h
                if same >= 0:
                    m = totals[LAST + same]
                else:
                    play_turns(sim, t, stop, None)
                    m = margin(sim, t, p)
                totals[LAST + o] = m
                totals[o] += m
            for o in range(n_opt):
                for o2 in range(n_opt):
                    if totals[o] != DROPPED and totals[o2] != DROPPED:
                        totals[CROSS + MAX_OPTIONS * o + o2] += totals[LAST + o] * totals[LAST + o2]
            # An option far behind the leader is dropped, every PRUNE_EVERY rollouts.
            if prune > 0.0 and (k + 1) % PRUNE_EVERY == 0 and k + 1 < n_rollouts:
                if drop_trailing(totals, n_opt, k + 1, prune) == 1:
                    break  # the one option left is the choice
        for o in range(1, n_opt):
            if totals[o] > totals[best]:
                best = o
    gst[G_LA_SLOT] = work[OPTIONS + 3 * best]
    gst[G_LA_DECLINE] = work[OPTIONS + 3 * best + 1]
    return work[OPTIONS + 3 * best + 2]
