"""The bots see only what a player at the table sees (docs/rulings.md 31).

Each test builds a position, asks the heuristic's decisions (its target, combo,
decline, Intimidation, Bombs), changes only hidden state (an opponent's coins, the
stacks below the column, a face-down marker's identity, whether a Bomb is live)
and asks again: the decisions must not move. A control changes the public tally
instead and shows the same position does turn on who leads, so the tests can fail.
"""

from __future__ import annotations

import numpy as np
from builder import Position
from kernels import (
    compute_targets,
    end_of_turn,
    heuristic_combo,
    heuristic_decline,
    heuristic_intimidation,
    heuristic_target,
    pay_vc,
    score_turn,
    visible_combos,
)

from analyzer.engine import layout as L
from analyzer.rulesets.swow.ids import (
    FROSTMOURNE,
    GOBLINS,
    HUMANS,
    NAGA,
    ORCS,
    TAUREN,
    WELL_OF_ETERNITY,
)

LIVE, DUD = L.BOMB_LIVE, L.BOMB_DUD


def two_rivals():
    """Player 0's Humans next to two like regions, of player 1 and player 2;
    player 2 leads by the public tally, player 1 is far richer in hidden coins. A
    face-down marker lies on an empty region nearby."""
    pos = Position(n_players=4)
    home = pos.region("Fields", "Entry")
    ones = pos.region("Hills", neighbours=[home])
    twos = pos.region("Hills", neighbours=[home])
    site = pos.region("Forest", neighbours=[home])
    far = pos.region("Swamp")
    pos.put(home, 0, HUMANS, 2)
    pos.give(0, HUMANS, hand=5)
    pos.put(ones, 1, TAUREN, 2)
    pos.give(1, TAUREN, hand=0)
    pos.put(twos, 2, ORCS, 2)
    pos.give(2, ORCS, hand=0)
    pos.put(far, 3, NAGA, 2)
    pos.give(3, NAGA, hand=0)
    pos.marker(site, WELL_OF_ETERNITY, up=False)
    pos.policy(0, "heuristic", leader_focus=3.0)
    g = pos.g
    g.gst[L.G_TURN] = 4  # round 2, player 0 first: in round 1 nobody leads
    g.ply[2, L.P_SEEN_VC] = 30
    g.ply[1, L.P_COINS] = 60
    return pos, ones, twos, site


def decisions(pos, p=0):
    g, t = pos.g, pos.t
    compute_targets(g, t, p)
    target = heuristic_target(g, t, p)
    combo = heuristic_combo(g, t, p, visible_combos(g, t))
    decline = heuristic_decline(g, t, p)
    intimidation = heuristic_intimidation(g, t, p)
    return target, combo, decline, intimidation


def hide_other_coins(pos, rng):
    for q in range(1, int(pos.g.gst[L.G_PLAYERS])):
        pos.g.ply[q, L.P_COINS] = rng.integers(0, 200)


def reorder_stacks_below_the_column(pos, rng):
    gst = pos.g.gst
    for top, n in ((L.G_RACE_STACK, L.G_RACE_STACK_N), (L.G_POWER_STACK, L.G_POWER_STACK_N)):
        cells = gst[top : top + int(gst[n])]
        assert len(cells) > 1
        cells[:] = rng.permutation(cells)


def swap_face_down_marker(pos, site, old, new):
    """The face-down marker on site is `new` instead of `old` (`old` back in the pool)."""
    g = pos.g
    g.reg[site, L.R_MARKERS] &= ~(1 << old)
    g.gst[L.G_MARKER_AT + old] = -1
    g.gst[L.G_MARKER_POOL] |= 1 << old
    pos.marker(site, new, up=False)


def test_the_position_turns_on_who_leads_by_the_public_tally():
    pos, ones, twos, site = two_rivals()
    assert decisions(pos)[0][0] == twos
    pos.g.ply[1, L.P_SEEN_VC] = 40
    assert decisions(pos)[0][0] == ones


def test_hidden_coins_of_opponents_change_no_decision():
    pos, ones, twos, site = two_rivals()
    before = decisions(pos)
    rng = np.random.default_rng(7)
    for _ in range(5):
        hide_other_coins(pos, rng)
        assert decisions(pos) == before


def test_the_order_of_the_stacks_below_the_column_changes_no_decision():
    pos, ones, twos, site = two_rivals()
    before = decisions(pos)
    column = pos.g.gst[L.G_COL_RACE : L.G_RACE_STACK].copy()
    rng = np.random.default_rng(8)
    for _ in range(5):
        reorder_stacks_below_the_column(pos, rng)
        assert (pos.g.gst[L.G_COL_RACE : L.G_RACE_STACK] == column).all()
        assert decisions(pos) == before


def test_a_face_down_markers_identity_changes_no_decision():
    pos, ones, twos, site = two_rivals()
    before = decisions(pos)
    swap_face_down_marker(pos, site, WELL_OF_ETERNITY, FROSTMOURNE)
    assert pos.markers(site) == {FROSTMOURNE: False}
    assert decisions(pos) == before


def goblins_between_two_rivals(stack):
    """Goblins next to the active regions of players 1 and 2; player 2 leads by the
    public tally, player 1 holds more hidden coins; a Bomb already lies on a third
    opponent's region."""
    pos = Position(n_players=4)
    home = pos.region("Fields", "Entry")
    ones = pos.region("Hills", neighbours=[home])
    twos = pos.region("Hills", neighbours=[home])
    threes = pos.region("Forest", neighbours=[home])
    pos.put(home, 0, GOBLINS, 3)
    pos.give(0, GOBLINS, hand=0)
    pos.put(ones, 1, TAUREN, 2)
    pos.put(twos, 2, ORCS, 2)
    pos.put(threes, 3, NAGA, 2)
    pos.g.reg[threes, L.R_BOMB] = LIVE
    g = pos.g
    g.gst[L.G_BOMBS_N] = len(stack)
    g.gst[L.G_BOMBS : L.G_BOMBS + len(stack)] = stack
    g.ply[2, L.P_SEEN_VC] = 30
    g.ply[1, L.P_COINS] = 60
    return pos, ones, twos, threes


def bombed(pos):
    return {r: bool(pos.g.reg[r, L.R_BOMB]) for r in range(int(pos.g.gst[L.G_NREG]))}


def test_hidden_coins_and_bomb_identities_change_no_bomb_choice():
    pos, ones, twos, threes = goblins_between_two_rivals([LIVE])
    end_of_turn(pos.g, pos.t, 0)
    assert pos.g.reg[twos, L.R_BOMB] != 0 and pos.g.reg[ones, L.R_BOMB] == 0
    reference = bombed(pos)
    rng = np.random.default_rng(9)
    for stack, lying in (([DUD], DUD), ([LIVE], DUD), ([DUD], LIVE)):
        pos, ones, twos, threes = goblins_between_two_rivals(stack)
        pos.g.reg[threes, L.R_BOMB] = lying
        hide_other_coins(pos, rng)
        before = decisions(pos)
        end_of_turn(pos.g, pos.t, 0)
        assert bombed(pos) == reference
        pos2, *_ = goblins_between_two_rivals([LIVE])
        assert decisions(pos2) == before


def test_the_public_tally_counts_the_score_and_not_the_coins_paid_in_a_turn():
    pos, ones, twos, site = two_rivals()
    g = pos.g
    coins, seen = int(g.ply[0, L.P_COINS]), int(g.ply[0, L.P_SEEN_VC])
    scored = score_turn(g, pos.t, 0)
    assert scored > 0
    assert g.ply[0, L.P_COINS] == coins + scored and g.ply[0, L.P_SEEN_VC] == seen + scored
    pay_vc(g, 0, 3)
    assert g.ply[0, L.P_COINS] == coins + scored + 3 and g.ply[0, L.P_SEEN_VC] == seen + scored
