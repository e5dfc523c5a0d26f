"""The lookahead bot (gameloop/lookahead.py): its games keep the rules, a game is a
function of its seed whatever the threads or batches, it reads nothing hidden,
and its rollouts find the better option. Small budgets keep these quick."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from kernels import (
    apply_plan,
    copy_game,
    heuristic_decline,
    init_streams,
    lookahead_decide,
    play_turns,
    setup_game,
)

from analyzer.engine import layout as L
from analyzer.engine.state import Game, new_game
from analyzer.gameloop import api
from analyzer.players.params import N_POLICY_PARAMS, default_vector, policy_id
from analyzer.ruleset_registry import played_tables
from analyzer.rulesets.swow.bfa import bfa_tables
from analyzer.rulesets.swow.tables import default_tables

CHEAP = {"rollouts": 2.0, "plans": 2.0, "candidates": 2.0, "prune": 0.0}


def play(policies, seed, first, n, tables=None, check=True, **budget):
    et = api.engine_tables(tables if tables is not None else played_tables())
    params = [default_vector(p, **(budget if p == "lookahead" else {})) for p in policies]
    ids = [policy_id(p) for p in policies]
    return api.play_batch(et, len(policies), seed, first, n, ids, np.array(params), check)


def test_lookahead_games_keep_every_rule_standard_and_team_variant():
    res = play(["lookahead", "heuristic", "random", "lookahead"], 5, 0, 4, **CHEAP)
    assert res.errors.max() == 0
    bfa = bfa_tables(default_tables(), 4)
    res = play(["heuristic", "lookahead", "heuristic", "heuristic"], 6, 0, 3, bfa, **CHEAP)
    assert res.errors.max() == 0


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 threads")
def test_a_lookahead_game_depends_on_its_seed_alone():
    policies = ["heuristic", "lookahead", "lookahead", "heuristic"]
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(2)
        two = play(policies, 9, 0, 6, check=False, **CHEAP)
        numba.set_num_threads(1)
        one = play(policies, 9, 0, 6, check=False, **CHEAP)
        parts = [play(policies, 9, first, 3, check=False, **CHEAP) for first in (0, 3)]
    finally:
        numba.set_num_threads(before)
    for res in (one, *parts):
        assert res.errors.max() == 0
    assert np.array_equal(two.seats, one.seats)
    assert np.array_equal(two.inst, one.inst)
    assert np.array_equal(two.seats, np.concatenate([p.seats for p in parts]))
    other = play(policies, 10, 0, 6, check=False, **CHEAP)
    assert not np.array_equal(two.seats, other.seats)


# ------------------------------------------------------------ positions mid-game
def game_at(turn, seed=3, tables=None, **overrides):
    """A 4-player game after `turn` turns of heuristic play, seat 0 a lookahead bot
    (a cheap budget) about to play."""
    et = api.engine_tables(played_tables() if tables is None else tables)
    g = new_game(N_POLICY_PARAMS, 1)
    init_streams(seed, 0, g.rng)
    g.gst[L.G_LA_KEY] = 12345
    setup_game(g, et, 4)
    for p in range(4):
        g.ply[p, L.P_POLICY] = policy_id("heuristic")
        g.pol[p, :] = default_vector("heuristic")
    play_turns(g, et, turn, None)
    g.ply[0, L.P_POLICY] = policy_id("lookahead")
    g.pol[0, :] = default_vector("lookahead", **{**CHEAP, **overrides})
    return g, et


def decide(g, et, p=0):
    """(slot, decline, plan) as the lookahead chooses them, on a copy of g."""
    g = Game(*[a.copy() for a in g])
    plan = lookahead_decide(g, new_game(N_POLICY_PARAMS, 1), et, p)
    return int(g.gst[L.G_LA_SLOT]), int(g.gst[L.G_LA_DECLINE]), int(plan)


def hide_differently(g, rng):
    """Change only what seat 0 cannot see (or cannot know of the others)."""
    gst, reg, ply = g.gst, g.reg, g.ply
    for q in range(1, 4):
        ply[q, L.P_COINS] = rng.integers(0, 200)  # hidden coins
        g.pol[q, :] = default_vector("heuristic", aggression=rng.uniform(-1, 2))  # their bot
    for top, n in ((L.G_RACE_STACK, L.G_RACE_STACK_N), (L.G_POWER_STACK, L.G_POWER_STACK_N)):
        cells = gst[top : top + int(gst[n])]
        cells[:] = rng.permutation(cells)  # the stacks below the column
    bombs = gst[L.G_BOMBS : L.G_BOMBS + int(gst[L.G_BOMBS_N])]
    bombs[:] = rng.permutation(bombs)  # which Bomb is live
    g.rng[:] = rng.integers(0, 2**63, len(g.rng)).astype(np.uint64)  # the dice to come
    pool = [m for m in range(L.N_MARKERS) if int(gst[L.G_MARKER_POOL]) >> m & 1]
    for r in range(int(gst[L.G_NREG])):
        down = int(reg[r, L.R_MARKERS] & ~reg[r, L.R_MARKERS_UP])
        if down and pool:  # a face-down marker's identity
            old = down.bit_length() - 1
            new = pool.pop(int(rng.integers(len(pool))))
            reg[r, L.R_MARKERS] = reg[r, L.R_MARKERS] & ~(1 << old) | (1 << new)
            gst[L.G_MARKER_AT + old] = -1
            gst[L.G_MARKER_AT + new] = r
            gst[L.G_MARKER_POOL] = (int(gst[L.G_MARKER_POOL]) | (1 << old)) & ~(1 << new)
            pool.append(old)


def imagined(g, et, p, stream_key):
    """A scratch game as the lookahead imagines g for p: it holds g's map first
    (lookahead_decide copies it once), then each rollout's `imagine`."""
    from analyzer.gameloop.lookahead import imagine

    sim = new_game(N_POLICY_PARAMS, 1)
    copy_game(g, sim, et)
    imagine(g, sim, et, p, stream_key, g.pol[p])
    return sim


def test_the_imagined_game_is_the_same_whatever_the_hidden_state():
    """Each rollout starts from `imagine`: a copy with everything hidden dealt again
    from public facts, so changing only hidden things must give the same copy."""
    rng = np.random.default_rng(5)
    bfa = bfa_tables(default_tables(), 4)
    for turn, tables in ((0, None), (13, None), (26, None), (9, bfa)):
        g, et = game_at(turn, tables=tables)
        first = imagined(g, et, 0, 77)
        for _ in range(2):
            ally_coins = g.ply[2, L.P_COINS]
            hide_differently(g, rng)
            if tables is bfa:  # each faction's stack below its four visible banners
                g.ply[2, L.P_COINS] = ally_coins  # seat 2, its ally, shares its coins (B8)
                for f in range(3):
                    top = L.G_DRAFT + f * L.MAX_FACTION_BANNERS + 4
                    cells = g.gst[top : top + max(0, int(g.gst[L.G_DRAFT_N + f]) - 4)]
                    cells[:] = rng.permutation(cells)
            again = imagined(g, et, 0, 77)
            for name in ("board", "adj", "reg", "ply", "gst", "inst", "rng", "pol"):
                assert np.array_equal(getattr(first, name), getattr(again, name)), (turn, name)
        other = imagined(g, et, 0, 78)  # another rollout: another deal and dice
        assert not np.array_equal(other.rng, first.rng)


def test_hidden_coins_stacks_markers_bombs_and_dice_change_no_lookahead_decision():
    rng = np.random.default_rng(4)
    for turn in (0, 8, 12, 20, 28):
        g, et = game_at(turn)
        before = decide(g, et)
        for _ in range(2):
            hide_differently(g, rng)
            assert decide(g, et) == before, turn
    # the control: public facts do move its choice (here a rival's public tally)
    moved = 0
    for turn in (8, 12, 20, 28):
        g, et = game_at(turn, rollouts=6, plans=4)
        before = decide(g, et)
        g.ply[1, L.P_SEEN_VC] += 40
        moved += decide(g, et) != before
    assert moved > 0


def played_out(g, et, p, n_plans, n_rollouts):
    """The options' results in each rollout, results[k][o], of a seat with an active
    race (each plan kept, then a decline) as the lookahead would reach them playing
    every rollout of every option to the end, and how many option-rollouts ended
    their turn in the same game as an earlier option."""
    from analyzer.gameloop.lookahead import ROLLOUT_SALT, margin, state_hash

    options = [(0, plan) for plan in range(n_plans)] + [(1, 0)]
    turn = int(g.gst[L.G_TURN])
    stop = int(g.gst[L.G_ROUNDS]) * 4
    results, same = [], 0
    for k in range(n_rollouts):
        results.append([])
        seen = []
        for decline, plan in options:
            sim = imagined(g, et, p, turn * ROLLOUT_SALT + k)
            sim.gst[L.G_LA_SLOT], sim.gst[L.G_LA_DECLINE] = -1, decline
            apply_plan(sim.pol, p, plan)
            play_turns(sim, et, turn + 1, None)
            sim.gst[L.G_LA_SLOT] = sim.gst[L.G_LA_DECLINE] = -1
            sim.pol[p, :] = g.pol[p, :]
            h = state_hash(sim)
            same += h in seen
            seen.append(h)
            play_turns(sim, et, stop, None)
            results[k].append(float(margin(sim, et, p)))
    return results, same


def test_an_option_ending_its_turn_where_another_did_scores_as_if_played_out():
    """The lookahead plays the rest of a rollout once for options whose turns end in
    the same game (a plan that changed no choice): each option's total is the one
    every rollout played to the end gives."""
    reused = 0
    for turn in (8, 12, 20, 24):  # seat 0 has an active race at each (not at 16)
        g, et = game_at(turn, rollouts=3, plans=3)
        assert g.ply[0, L.P_RACE] >= 0 and 1 < turn // 4 + 1 < g.gst[L.G_ROUNDS]
        results, same = played_out(g, et, 0, 3, 3)
        expected = list(np.sum(results, axis=0))
        g = Game(*[a.copy() for a in g])
        lookahead_decide(g, new_game(N_POLICY_PARAMS, 1), et, 0)
        assert list(g.fwork[: len(expected)]) == expected, turn
        reused += same
    assert reused > 0  # the positions do have plans that change nothing


def test_an_option_far_behind_after_8_rollouts_is_dropped_and_the_others_play_on():
    """`prune`: after every 8 rollouts, an option whose mean result trails the
    leader's by more than `prune` standard errors of their paired differences plays
    no more rollouts; every other option's total is what all its rollouts give, unless
    it is the only one left (then it is the choice, and no more rollouts are played)."""
    from scipy import stats

    from analyzer.gameloop.lookahead import DROPPED

    dropped = kept = 0
    for turn in (8, 12, 20, 24):  # seat 0 has an active race at each (not at 16)
        g, et = game_at(turn, rollouts=12, plans=3, prune=2.0)
        assert g.ply[0, L.P_RACE] >= 0  # the options are its plans and a decline
        results, _ = played_out(g, et, 0, 3, 12)
        played = np.array(results)  # [rollout, option]
        g = Game(*[a.copy() for a in g])
        lookahead_decide(g, new_game(N_POLICY_PARAMS, 1), et, 0)
        first8 = played[:8].sum(axis=0)
        lead = int(np.argmax(first8))  # the first listed on a tie
        for o in range(played.shape[1]):
            d = played[:8, o] - played[:8, lead]
            # far behind: the paired differences' mean more than 2 standard errors below 0
            behind = o != lead and d.mean() + 2.0 * stats.sem(d) < 0
            assert (g.fwork[o] == DROPPED) == behind, (turn, o)
            if behind:
                dropped += 1
            else:
                alone = all(g.fwork[o2] == DROPPED for o2 in range(played.shape[1]) if o2 != o)
                rollouts = 8 if alone else 12
                assert g.fwork[o] == played[:rollouts, o].sum(), (turn, o)
                kept += 1
    assert dropped > 0 and kept > 0


def test_it_declines_a_race_wiped_off_the_board_that_its_heuristic_would_keep():
    g, et = game_at(12, decline_tokens=0.0, rollouts=4)  # its heuristic never declines
    reg = g.reg
    assert g.ply[0, L.P_RACE] >= 0
    for r in range(int(g.gst[L.G_NREG])):
        if reg[r, L.R_PLAYER] == 0 and reg[r, L.R_DECLINE] == 0:
            reg[r, L.R_PLAYER] = -1
            reg[r, L.R_RACE] = -1
            reg[r, L.R_TOKENS] = 0
    g.ply[0, L.P_HAND] = 0
    g.gst[L.G_ROUND] = 12 // 4 + 1
    assert not heuristic_decline(g, et, 0)
    assert decide(g, et)[1] == 1


def test_the_budget_limits_match_the_plans_the_bot_has():
    from analyzer.model.limits import BOT_PARAMETERS
    from analyzer.players.params import N_PLANS

    assert BOT_PARAMETERS["plans"] == (1.0, float(N_PLANS))


def test_even_the_lite_lookahead_wins_well_over_its_share_against_the_heuristic():
    """docs/bots.md's figure in small: lookahead-lite in each seat in turn against three
    default heuristic seats, on the same 20 games (it wins about 63% of games)."""
    from analyzer.players.styles import bot_of

    et = api.engine_tables(played_tables())
    _, lite = bot_of("lookahead-lite")
    wins = 0
    for seat in range(4):
        ids = [policy_id("heuristic")] * 4
        params = np.array([default_vector("heuristic")] * 4)
        ids[seat], params[seat] = policy_id("lookahead"), lite
        wins += api.play_batch(et, 4, 21, 0, 20, ids, params).seats[:, seat, L.S_WIN].sum()
    assert wins / 80 > 0.4
