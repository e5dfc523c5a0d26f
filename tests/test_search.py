"""The search bot (gameloop/search.py): its games keep the rules in both the standard
game and the team variant, a game is a function of its seed whatever the threads,
it reads nothing hidden, its search (sequential halving, or PUCT) follows the
heuristic's ranking, and it holds its own against the lookahead. Small budgets keep these quick."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from kernels import search_decide
from statsmodels.stats.proportion import proportion_confint
from test_lookahead import game_at, hide_differently

from analyzer.engine import layout as L
from analyzer.engine.state import Game, new_game
from analyzer.gameloop import api
from analyzer.players.params import N_POLICY_PARAMS, default_vector, policy_id
from analyzer.ruleset_registry import played_tables
from analyzer.rulesets.swow.bfa import bfa_tables
from analyzer.rulesets.swow.tables import default_tables

CHEAP = {"simulations": 24.0}


def play(policies, seed, first, n, tables=None, check=True):
    """n games of the seats' bots, every search seat on the CHEAP budget (the lookahead's
    own cheap budget: tests/test_lookahead.py)."""
    from test_lookahead import CHEAP as LOOKAHEAD_CHEAP

    et = api.engine_tables(tables if tables is not None else played_tables())
    budgets = {"search": CHEAP, "lookahead": LOOKAHEAD_CHEAP}
    params = [default_vector(p, **budgets.get(p, {})) for p in policies]
    ids = [policy_id(p) for p in policies]
    return api.play_batch(et, len(policies), seed, first, n, ids, np.array(params), check)


def search_game_at(turn, seed=3, tables=None, **overrides):
    """game_at's position with seat 0 a search bot on a cheap budget."""
    g, et = game_at(turn, seed, tables)
    g.ply[0, L.P_POLICY] = policy_id("search")
    g.pol[0, :] = default_vector("search", **{**CHEAP, **overrides})
    return g, et


def decide(g, et, p=0):
    """(slot, decline, plan, the options' total results, visits and priors) as the search
    chooses, on a copy of g."""
    g = Game(*[a.copy() for a in g])
    plan = search_decide(g, new_game(N_POLICY_PARAMS, 1), et, p)
    return int(g.gst[L.G_LA_SLOT]), int(g.gst[L.G_LA_DECLINE]), int(plan), g.fwork[:48].copy()


def test_search_games_keep_every_rule_standard_and_team_variant():
    res = play(["search", "heuristic", "lookahead", "search"], 5, 0, 3)
    assert res.errors.max() == 0
    bfa = bfa_tables(default_tables(), 4)
    res = play(["heuristic", "search", "heuristic", "search"], 6, 0, 3, bfa)
    assert res.errors.max() == 0


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 threads")
def test_a_search_game_depends_on_its_seed_alone():
    policies = ["search", "heuristic", "heuristic", "search"]
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(2)
        two = play(policies, 9, 0, 4, check=False)
        numba.set_num_threads(1)
        one = play(policies, 9, 0, 4, check=False)
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(two.seats, one.seats)
    assert np.array_equal(two.inst, one.inst)
    other = play(policies, 10, 0, 4, check=False)
    assert not np.array_equal(two.seats, other.seats)


def test_hidden_coins_stacks_markers_bombs_dice_and_bots_change_no_search_decision():
    """docs/rulings.md 31: only public facts move its choice."""
    rng = np.random.default_rng(4)
    bfa = bfa_tables(default_tables(), 4)
    for turn, tables in ((0, None), (12, None), (20, None), (9, bfa)):
        g, et = search_game_at(turn, tables=tables)
        before = decide(g, et)
        for _ in range(2):
            ally_coins = g.ply[2, L.P_COINS]
            hide_differently(g, rng)
            if tables is bfa:
                g.ply[2, L.P_COINS] = ally_coins  # an ally's coins are known (ruling B8)
            after = decide(g, et)
            assert after[:3] == before[:3] and np.array_equal(after[3], before[3]), turn
    # the control: public facts do move its search (here a rival's public tally)
    moved = 0
    for turn in (8, 12, 20, 28):
        g, et = search_game_at(turn)
        before = decide(g, et)
        g.ply[1, L.P_SEEN_VC] += 40
        moved += not np.array_equal(decide(g, et)[3], before[3])
    assert moved > 0


def chosen_option(g2, plan):
    from analyzer.gameloop.lookahead import OPTIONS

    chosen = (int(g2.gst[L.G_LA_SLOT]), int(g2.gst[L.G_LA_DECLINE]), int(plan))
    options = [tuple(int(g2.work[OPTIONS + 3 * o + i]) for i in range(3)) for o in range(16)]
    return chosen, options


def searched(turn, **budget):
    """(visits, prior, the chosen option's index) of the search at game_at(turn)."""
    from analyzer.gameloop.search import PRIOR, VISITS

    g, et = search_game_at(turn, **budget)
    g2 = Game(*[a.copy() for a in g])
    plan = search_decide(g2, new_game(N_POLICY_PARAMS, 1), et, 0)
    chosen, options = chosen_option(g2, plan)
    visits = g2.fwork[VISITS : VISITS + 16].copy()
    prior = g2.fwork[PRIOR : PRIOR + 16].copy()
    return visits, prior, options.index(chosen)


def test_puct_spends_the_budget_and_chooses_the_most_visited_option():
    from analyzer.gameloop.search import CLOSED

    for turn in (0, 8, 12, 20):
        visits, prior, best = searched(turn, simulations=40, exploration=1.0, widening=1.0)
        open_ = prior != CLOSED
        # an option closed as the same as a better-ranked one spent its one simulation
        assert visits.sum() + (~open_ & (prior != 0)).sum() == 40, turn
        assert best == int(np.argmax(np.where(open_, visits, -1))), turn
        assert visits[0] > 0  # the heuristic's own choice is always searched
        assert (visits[open_] > 0).sum() > 1  # and others beside it


def test_sequential_halving_plays_the_options_left_alike_and_keeps_the_best():
    from analyzer.gameloop.search import CLOSED

    for turn in (0, 8, 12, 20):
        g, et = search_game_at(turn, simulations=48, widening=1.0)
        g2 = Game(*[a.copy() for a in g])
        plan = search_decide(g2, new_game(N_POLICY_PARAMS, 1), et, 0)
        chosen, options = chosen_option(g2, plan)
        visits = g2.fwork[16:32]
        prior = g2.fwork[32:48]
        searched_ = 1 + int(np.sqrt(48))  # widening 1
        n_opt = int((prior != 0).sum())
        assert ((prior[min(searched_, n_opt) : n_opt]) == CLOSED).all()
        assert (prior[:n_opt] != CLOSED).sum() == 1, turn  # one option is left: the choice
        best = options.index(chosen)
        assert prior[best] != CLOSED and visits[best] == visits.max()
        assert visits.sum() <= 48


def test_no_widening_leaves_the_heuristics_choice_alone():
    """widening 0: only the first option of the heuristic's ranking is searched."""
    for turn in (0, 12):
        for exploration in (0.0, 1.0):
            visits, prior, best = searched(turn, widening=0.0, exploration=exploration)
            assert best == 0 and visits[1:].sum() == 0


def rate(wins, games):
    lo, hi = proportion_confint(wins, games, alpha=0.05, method="wilson")
    return wins / games, lo, hi


def one_seat_wins(opponent, games_per_seat, seed):
    """Wins of one default search seat in each seat in turn against three `opponent`
    seats at their defaults, on the same games."""
    et = api.engine_tables(played_tables())
    wins = 0
    for seat in range(4):
        ids = [policy_id(opponent)] * 4
        params = np.array([default_vector(opponent)] * 4)
        ids[seat], params[seat] = policy_id("search"), default_vector("search")
        res = api.play_batch(et, 4, seed, 0, games_per_seat, ids, params)
        wins += int(res.seats[:, seat, L.S_WIN].sum())
    return wins, 4 * games_per_seat


def test_the_search_beats_the_heuristic_and_wins_a_third_against_the_lookahead():
    """docs/bots.md's goals: against three heuristic seats the search wins well over the
    fair 25% (in small: the interval above 60%, reaching the lookahead's 79%); against
    three lookahead seats, at full size (400 games, each seat in turn, seed 2051, never
    used to choose anything), at least 33%: it wins 161, 40.2% (35.6% to 45.1%); with the
    default heuristic's parameters it had won about 30%."""
    wins, games = one_seat_wins("heuristic", 12, 42)
    share, lo, hi = rate(wins, games)
    assert lo > 0.60 and hi > 0.79, (wins, games, lo, hi)
    wins, games = one_seat_wins("lookahead", 100, 2051)
    share, lo, hi = rate(wins, games)
    assert games == 400 and share >= 0.33 and lo > 0.25, (wins, games, lo, hi)


def test_the_search_plays_the_steady_styles_heuristic():
    """Where it does not search it plays the heuristic as the shipped `steady` style does
    (params.SEARCH_HEURISTIC; docs/bots.md, "The search's own heuristic"): the numbers
    stay the style's, and its budget stays its own."""
    from analyzer.players.params import SEARCH_HEURISTIC, SEARCH_PARAMS
    from analyzer.players.styles import STYLES_FILE, load_styles

    steady = load_styles(STYLES_FILE)["steady"]
    assert steady.policy == "heuristic"
    assert dict(steady.overrides) == SEARCH_HEURISTIC
    search = default_vector("search")
    for name, (slot, _) in SEARCH_PARAMS.items():
        if name in SEARCH_HEURISTIC:
            assert search[slot] == steady.vector()[slot], name
    assert search[SEARCH_PARAMS["simulations"][0]] == 300.0
