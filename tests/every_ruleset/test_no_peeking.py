"""The bots see only what a player at the table sees (docs/rulings.md 31), in every
ruleset and variant: positions are taken from real games part-way through, then
only hidden state is changed (the opponents' coins, the order of the stacks below
the cards a turn can draw) and the turn is played again from the same random
streams: every move (the board after the turn, the combos picked) must be the
same. A control changes the public tally instead and shows that the same
positions do turn on it, so the test can fail. SWoW's hand-made positions (face-down
markers, Bombs, Intimidation) are in tests/test_fair_information.py."""

from __future__ import annotations

import numpy as np
import pytest
from kernels import play_turns, start_game

from analyzer.engine import layout as L
from analyzer.engine.jit import python_entry
from analyzer.engine.state import new_game
from analyzer.gameloop.api import no_forced_picks, seat_arrays
from analyzer.players.bot_hooks import ally_of
from analyzer.players.params import default_vector, policy_id

SEED = 31
# (players, game): each position is that game at the start of a turn in round 3 or 4.
POSITIONS = [(n, game) for n in (3, 4) for game in range(6)]
KEEP_ON_TOP = 2  # cards a turn may draw from a stack (the column's refill and one more)


@pytest.fixture(scope="module")
def etables(game):
    return game.engine_tables()


def position(etables, n_players: int, number: int):
    """Game `number` of SEED, played by heuristic bots up to a mid-game turn."""
    kinds = ["heuristic"] * n_players
    pol, params = seat_arrays([policy_id(k) for k in kinds], [default_vector(k) for k in kinds],
                              n_players)  # fmt: skip
    g = new_game(params.shape[1], 1)
    start_game(g, etables, n_players, np.int64(SEED), np.int64(number), pol, params, False,
               no_forced_picks(1)[0])  # fmt: skip
    turn = n_players * (2 + number % 2) + number % n_players
    play_turns(g, etables, turn, None)
    return g, turn % n_players


def copy(g):
    return type(g)(*(a.copy() for a in g))


def moves(g, etables):
    """Play the turn in hand and return what the player did: the board after it and
    every race and power picked so far."""
    play_turns(g, etables, int(g.gst[L.G_TURN]) + 1, None)
    n = int(g.gst[L.G_NINST])
    picks = g.inst[:n][:, [L.I_SEAT, L.I_RACE, L.I_POWER]].copy()
    return g.reg[: int(g.gst[L.G_NREG])].copy(), picks


def same(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def hide_differently(g, etables, p: int, rng) -> None:
    """Change what no player but its owner sees: the opponents' coins (more, so no
    rule that asks whether a player has coins answers otherwise; not an ally's, which
    allies share: rulings.md B8), and the order of each stack below the cards this
    turn could draw."""
    n_players = int(g.gst[L.G_PLAYERS])
    ally = python_entry(ally_of)(g, etables, p)
    for q in range(n_players):
        if q != p and q != ally:
            g.ply[q, L.P_COINS] += rng.integers(1, 60)
    for top, size in ((L.G_RACE_STACK, L.G_RACE_STACK_N), (L.G_POWER_STACK, L.G_POWER_STACK_N)):
        below = g.gst[top + KEEP_ON_TOP : top + int(g.gst[size])]
        below[:] = rng.permutation(below)


def tell_a_different_tally(g, p: int, rng) -> None:
    """The control: change what every player sees, the public tally."""
    for q in range(int(g.gst[L.G_PLAYERS])):
        if q != p:
            g.ply[q, L.P_SEEN_VC] = rng.integers(0, 120)


def test_hidden_coins_and_stack_order_change_no_move(game, etables):
    rng = np.random.default_rng(5)
    for n_players, number in POSITIONS:
        g, p = position(etables, n_players, number)
        played = moves(copy(g), etables)
        for _ in range(3):
            other = copy(g)
            hide_differently(other, etables, p, rng)
            assert same(moves(other, etables), played), (n_players, number, "seat", p)


def test_the_same_positions_do_turn_on_the_public_tally(game, etables):
    # The tally picks the leader, whose regions are worth leader_focus (0.3 of a coin)
    # more: that flips a choice now and then, so each position hears ten tallies.
    rng = np.random.default_rng(6)
    changed = 0
    for n_players, number in POSITIONS:
        g, p = position(etables, n_players, number)
        played = moves(copy(g), etables)
        for _ in range(10):
            other = copy(g)
            tell_a_different_tally(other, p, rng)
            changed += not same(moves(other, etables), played)
    assert changed > 0
