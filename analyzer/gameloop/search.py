"""The search bot: the heuristic, but for the decisions that shape its game, which
it makes by a Monte Carlo search over imagined games.

At the start of each of its turns the game loop (gameloop/play.py) asks
`search_decide`. The tree's root is the seat's turn; its children are the turn's
options, each a (combo slot, decline, plan) move:
- with a race to pick: the `candidates` affordable column slots the heuristic
  rates best (combo_worth) at their coin cost, then the best slots under each
  other plan;
- with an active race: keep it under each plan, or decline (when a decline is
  open: not in the first round, not in the last).
A plan sets which regions the turn takes and with how many tokens, and where the
redeployment puts them: the heuristic's parameters tilted for this turn (the
lookahead's four plans, then hold a token back, hunt the leader, fortify the
Entry regions, spread thin). Within a plan the heuristic plays the conquests
region by region, and every other seat and every later turn of this one plays the
heuristic (the rollout policy).

The search spends `simulations` imagined games on the root's options, ranked by
the heuristic (its own choice first, prior 1/(rank+1), normalized), in one of two
ways (progressive widening in both: the more simulations, the more of the ranking
is searched):
- exploration 0, the default: sequential halving (the root search of Gumbel
  MuZero). The first 1 + widening * sqrt(simulations) options are searched in
  rounds; in each, the options left share the round's budget evenly, on the same
  deals and dice, and the worse half by mean result is closed; the one left is
  the choice. Equal visits on shared deals make each comparison a paired one.
- exploration > 0: PUCT. After n simulations the first 1 + widening * sqrt(n)
  options are open; a newly opened one is played at once, and otherwise each
  simulation plays the open option maximizing
      Q + exploration * prior * sqrt(n) / (1 + visits);
  the most visited is the choice (the better mean, then the higher prior, on a tie).
A simulation's result is half a win (1, a tie 1/2, a loss 0) and half the VC margin
over the best opponent squashed into 0..1 (logistic, scale 8 VC); in the team
variant, its team's (a team scoring its weaker member). An option whose first
simulation ends its turn in the very game a better-ranked option's did (a plan that
changed no choice of the turn: state_hash) is closed, so the budget goes to options
that differ.

No peeking (docs/rulings.md 31): each simulation starts from the lookahead's
`imagine` (gameloop/lookahead.py): the game as the seat sees it, what it cannot
see dealt again from public facts, fresh dice, opponents' coins as their public
tally (an ally's are known), every other seat imagined playing the default
heuristic (OTHERS), while this seat plays the heuristic with its own parameters
(by default the steady style's: params.SEARCH_HEURISTIC). The k-th visit of every
option uses the k-th deal and dice (common random numbers), keyed by the game's seed
and index and the turn, so a game is a function of its seed, whatever the threads.
"""

from __future__ import annotations

import math

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_FORCED_SEAT,
    G_LA_DECLINE,
    G_LA_SLOT,
    G_PLAYERS,
    G_ROUNDS,
    G_TURN,
    MAX_OPTIONS,
    P_RACE,
)
from analyzer.gameloop.lookahead import (
    OPTIONS,
    ROLLOUT_SALT,
    add_option,
    apply_plan,
    copy_game,
    imagine,
    margin,
    rank_slots,
    state_hash,
)
from analyzer.gameloop.turns import play_turns
from analyzer.players.heuristic import heuristic_decline
from analyzer.players.params import (
    H_AGGRESSION,
    H_ENTRY_THREAT,
    H_LEADER_FOCUS,
    H_RESERVE,
    N_PLANS,
    N_SEARCH_PLANS,
    S_CANDIDATES,
    S_EXPLORATION,
    S_HORIZON,
    S_SIMULATIONS,
    S_WIDENING,
    default_vector,
)

# The plans past the lookahead's four (apply_plan), in the order the search opens them.
PLAN_HOLD, PLAN_HUNT, PLAN_FORTIFY, PLAN_SPREAD = range(N_PLANS, N_SEARCH_PLANS)
# fwork: each option's total result, visits and prior
TOTAL = 0
VISITS = MAX_OPTIONS
PRIOR = 2 * MAX_OPTIONS
CLOSED = -1.0  # the prior of an option closed as the same as one ranked above it
MARGIN_SCALE = 8.0  # VC: a margin this large counts e to 1 in the squashed half
# How it imagines every other seat playing: the default heuristic, whatever its own
# parameters (it plays the steady style's: params.SEARCH_HEURISTIC). Imagined playing
# like itself, three default heuristic seats beat it far more often (docs/bots.md).
OTHERS = default_vector("heuristic")


@kernel
def search_plan(pol, p, plan):
    """Tilt p's heuristic parameters for this turn's conquests and redeployment."""
    if plan < N_PLANS:
        apply_plan(pol, p, plan)
    elif plan == PLAN_HOLD:  # a token held back, the Entry regions minded
        pol[p, H_RESERVE] += 1.0
        pol[p, H_ENTRY_THREAT] += 0.3
    elif plan == PLAN_HUNT:  # the leader's regions above all
        pol[p, H_LEADER_FOCUS] += 1.5
        pol[p, H_AGGRESSION] += 0.5
    elif plan == PLAN_FORTIFY:  # the redeployment stacks the threatened Entry regions
        pol[p, H_ENTRY_THREAT] += 1.5
    elif plan == PLAN_SPREAD:  # the redeployment leaves the Entry regions thin
        pol[p, H_ENTRY_THREAT] = 0.0


@inline_kernel
def result_value(m):
    """A simulation's result in 0..1 from p's margin: half the win, half the margin."""
    win = 1.0 if m > 0 else (0.5 if m == 0 else 0.0)
    return 0.5 * win + 0.5 / (1.0 + math.exp(-m / MARGIN_SCALE))


@inline_kernel
def list_options(g, sim, t, p, rnd):
    """The root's options into work[OPTIONS...], the heuristic's ranking first;
    returns how many."""
    work = g.work
    gst = g.gst
    n_opt = 0
    if g.ply[p, P_RACE] < 0:
        n_cand = min(max(1, int(g.pol[p, S_CANDIDATES])), MAX_OPTIONS)
        n_cand = rank_slots(g, sim, t, p, rnd, n_cand, work)
        if n_cand == 0:
            return add_option(work, 0, -1, -1, 0)
        for i in range(n_cand):
            n_opt = add_option(work, n_opt, work[i], -1, 0)
        for i in range(n_cand):  # the best slots under the other plans
            for plan in range(1, N_SEARCH_PLANS):
                if n_opt < MAX_OPTIONS:
                    n_opt = add_option(work, n_opt, work[i], -1, plan)
        return n_opt
    decline_open = rnd > 1 and rnd < gst[G_ROUNDS]
    keep = 0 if rnd > 1 else -1
    if decline_open and heuristic_decline(g, t, p):
        n_opt = add_option(work, n_opt, -1, 1, 0)
        n_opt = add_option(work, n_opt, -1, keep, 0)
    else:
        n_opt = add_option(work, n_opt, -1, keep, 0)
        if decline_open:
            n_opt = add_option(work, n_opt, -1, 1, 0)
    for plan in range(1, N_SEARCH_PLANS):
        n_opt = add_option(work, n_opt, -1, keep, plan)
    return n_opt


@inline_kernel
def pick_child(fw, n_open, n, c_puct):
    """The open option PUCT plays next (an unvisited one first)."""
    best = 0
    best_score = -1e300
    root = math.sqrt(max(n, 1))
    for o in range(n_open):
        if fw[PRIOR + o] == CLOSED:
            continue
        v = fw[VISITS + o]
        if v == 0.0:
            return o
        score = fw[TOTAL + o] / v + c_puct * fw[PRIOR + o] * root / (1.0 + v)
        if score > best_score:
            best = o
            best_score = score
    return best


@inline_kernel
def simulate(g, sim, t, p, o, turn, stop):
    """One simulation of option o, on its next deal and dice; returns 1 if it closed
    the option (its first turn ended as a better-ranked option's did), else 0."""
    work = g.work
    fw = g.fwork
    k = int(fw[VISITS + o])  # its k-th visit: the k-th deal and dice
    imagine(g, sim, t, p, turn * ROLLOUT_SALT + k, OTHERS)
    sim.gst[G_LA_SLOT] = work[OPTIONS + 3 * o]
    sim.gst[G_LA_DECLINE] = work[OPTIONS + 3 * o + 1]
    search_plan(sim.pol, p, work[OPTIONS + 3 * o + 2])
    play_turns(sim, t, turn + 1, None)
    sim.gst[G_LA_SLOT] = -1  # from here on, p plays the heuristic
    sim.gst[G_LA_DECLINE] = -1
    for j in range(g.pol.shape[1]):
        sim.pol[p, j] = g.pol[p, j]
    if k == 0:  # the first deal: does its turn end where a better-ranked one's did?
        h = state_hash(sim)
        work[o] = h
        for o2 in range(o):
            if fw[PRIOR + o2] != CLOSED and fw[VISITS + o2] > 0 and work[o2] == h:
                fw[PRIOR + o] = CLOSED
                return 1
    play_turns(sim, t, stop, None)
    fw[TOTAL + o] += result_value(margin(sim, t, p))
    fw[VISITS + o] += 1.0
    return 0


@inline_kernel
def count_open(fw, n_opt):
    n = 0
    for o in range(n_opt):
        if fw[PRIOR + o] != CLOSED:
            n += 1
    return n


@inline_kernel
def mean(fw, o):
    return fw[TOTAL + o] / fw[VISITS + o]


@inline_kernel
def halving(g, sim, t, p, n_opt, n_sims, widening, turn, stop):
    """Sequential halving over the first 1 + widening * sqrt(n_sims) options of the
    ranking: in each of its rounds (log2 of those options, rounded up) the budget's
    share of the round goes evenly to the options left, which thus play the same
    deals, then the worse half (by mean result; the lower-ranked on a tie) is closed."""
    fw = g.fwork
    m = min(n_opt, 1 + int(widening * math.sqrt(n_sims)))
    for o in range(m, n_opt):
        fw[PRIOR + o] = CLOSED
    rounds = 0
    while (1 << rounds) < m:
        rounds += 1
    for _ in range(rounds):
        per = max(1, n_sims // (rounds * count_open(fw, n_opt)))
        for _k in range(per):
            for o in range(n_opt):
                if fw[PRIOR + o] != CLOSED:
                    simulate(g, sim, t, p, o, turn, stop)
        alive = count_open(fw, n_opt)
        if alive <= 1:
            break
        for _drop in range(alive // 2):
            worst = -1
            for o in range(n_opt):
                if fw[PRIOR + o] != CLOSED and (worst < 0 or mean(fw, o) <= mean(fw, worst)):
                    worst = o
            fw[PRIOR + worst] = CLOSED


@kernel
def search_decide(g, sim, t, p):
    """Choose p's combo slot (or decline) and plan for the turn about to be played:
    the slot and decline go to gst[G_LA_SLOT] and gst[G_LA_DECLINE] (-1: the
    heuristic decides), the plan is returned. sim is scratch; so are g's work
    arrays, free between two turns."""
    pol = g.pol
    gst = g.gst
    work = g.work
    fw = g.fwork
    gst[G_LA_SLOT] = -1
    gst[G_LA_DECLINE] = -1
    n_players = gst[G_PLAYERS]
    turn = gst[G_TURN]
    rnd = turn // n_players + 1
    if g.ply[p, P_RACE] < 0 and gst[G_FORCED_SEAT] == p:
        return 0  # a study forces this pick
    n_opt = list_options(g, sim, t, p, rnd)
    best = 0
    if n_opt > 1:
        norm = 0.0
        for o in range(n_opt):
            norm += 1.0 / (o + 1.0)
        for o in range(n_opt):
            fw[TOTAL + o] = 0.0
            fw[VISITS + o] = 0.0
            fw[PRIOR + o] = 1.0 / (o + 1.0) / norm
        end = gst[G_ROUNDS] * n_players
        horizon = int(pol[p, S_HORIZON])
        stop = end if horizon <= 0 else min(end, turn + 1 + horizon * n_players)
        n_sims = max(1, int(pol[p, S_SIMULATIONS]))
        widening = pol[p, S_WIDENING]
        c_puct = pol[p, S_EXPLORATION]
        copy_game(g, sim, t)  # the map, once: each simulation's copy leaves it out
        if c_puct <= 0.0:
            halving(g, sim, t, p, n_opt, n_sims, widening, turn, stop)
        else:
            closed = 0
            for n in range(n_sims):
                n_open = min(n_opt, 1 + closed + int(widening * math.sqrt(n)))
                o = pick_child(fw, n_open, n, c_puct)
                closed += simulate(g, sim, t, p, o, turn, stop)
        best = -1
        for o in range(n_opt):
            if fw[PRIOR + o] == CLOSED:
                continue
            if best < 0:
                best = o
                continue
            v, vb = fw[VISITS + o], fw[VISITS + best]
            if v > vb or (v == vb and v > 0 and fw[TOTAL + o] > fw[TOTAL + best]):
                best = o
    gst[G_LA_SLOT] = work[OPTIONS + 3 * best]
    gst[G_LA_DECLINE] = work[OPTIONS + 3 * best + 1]
    return work[OPTIONS + 3 * best + 2]
