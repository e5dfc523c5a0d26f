"""The fixes from issue 12's review of the SWoW engine against the rulebook: each
test builds the position the review named, applies one action and checks tokens,
coins and pieces. docs/rulings.md names each test under the ruling it settles."""

from __future__ import annotations

from builder import Position
from kernels import (
    abandon,
    active_turn_begins,
    before_conquests,
    champion_conquest,
    champion_ok,
    compute_targets,
    defenders_redeploy,
    end_of_turn,
    has_intimidation_dest,
    intimidate,
    intimidation_ok,
    portal_swap,
    ready_troops,
    start_of_turn,
    swap_ok,
)

from analyzer.engine import layout as L
from analyzer.rulesets.swow.abilities import HARMONY_PRICE
from analyzer.rulesets.swow.ids import (
    AEGIS,
    BEAST_MASTER,
    CHAMPIONING,
    DRAENEI,
    FORSAKEN,
    GOBLINS,
    HUMANS,
    INTIMIDATING,
    KARAZHAN,
    MURLOC,
    ORCS,
    PANDAREN,
    PORTAL_MAGE,
    TAUREN,
    TROLLS,
)

LIVE, DUD = L.BOMB_LIVE, L.BOMB_DUD


def harmony(pos, p):
    """p's Harmony token: 0 none, 1 not paid yet, 2 paid."""
    return int(pos.g.ply[p, L.P_HARMONY])


def bomb_stack(pos, bombs=None):
    """Set (bottom first) or read the Goblins' Bomb stack."""
    g = pos.g
    if bombs is not None:
        g.gst[L.G_BOMBS_N] = len(bombs)
        for k, b in enumerate(bombs):
            g.gst[L.G_BOMBS + k] = b
    n = int(g.gst[L.G_BOMBS_N])
    return [int(x) for x in g.gst[L.G_BOMBS : L.G_BOMBS + n]]


# ===================================================== Harmony and the Champion
def next_door(attacker, power, defender, coins=5, n_players=3):
    """Player 0 (attacker, power) at home with 4 in hand; next door player 1's
    `defender` hold 3 tokens, and another region far away."""
    pos = Position(n_players=n_players)
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    far = pos.region("Forest")
    pos.give(0, attacker, power, hand=4, coins=coins)
    pos.put(home, 0, attacker, 2)
    pos.give(1, defender, hand=0, coins=0)
    pos.put(target, 1, defender, 3)
    pos.put(far, 1, defender, 1)
    if power == CHAMPIONING:
        pos.g.ply[0, L.P_CHAMPION] = 1
    compute_targets(pos.g, pos.t, 0)
    return pos, home, target, far


def test_the_champions_free_conquest_of_the_pandaren_asks_the_harmony_fee():
    pos, _, panda, _ = next_door(HUMANS, CHAMPIONING, PANDAREN, coins=1)
    pos.g.ply[0, L.P_HARMONY] = 1
    pos.g.gst[L.G_HARMONY_FROM] = 1 + 1
    compute_targets(pos.g, pos.t, 0)
    assert not champion_ok(pos.g, 0, panda)  # 1 VC: the fee cannot be paid first
    pos.g.ply[0, L.P_COINS] = 5
    compute_targets(pos.g, pos.t, 0)
    assert champion_ok(pos.g, 0, panda)
    champion_conquest(pos.g, pos.t, 0, panda)
    assert pos.holder(panda)[:2] == (0, HUMANS)
    assert (pos.coins(0), pos.coins(1)) == (5 - HARMONY_PRICE, HARMONY_PRICE)
    assert harmony(pos, 0) == 2  # paid, once


def test_pandaren_attacking_with_the_champion_give_that_player_no_harmony():
    pos, _, orcs, _ = next_door(PANDAREN, CHAMPIONING, ORCS)
    champion_conquest(pos.g, pos.t, 0, orcs)
    end_of_turn(pos.g, pos.t, 0)
    assert [harmony(pos, q) for q in range(3)] == [0, 0, 1]


def test_pandaren_intimidating_a_player_give_that_player_no_harmony():
    pos, _, orcs, far = next_door(PANDAREN, INTIMIDATING, ORCS)
    assert intimidation_ok(pos.g, 0, orcs)
    intimidate(pos.g, pos.t, 0, orcs, far)
    assert (pos.tokens(orcs), pos.tokens(far)) == (2, 2)
    end_of_turn(pos.g, pos.t, 0)
    assert [harmony(pos, q) for q in range(3)] == [0, 0, 1]


# ============================================= Bombs on Watch Towers and the Aegis
def bombed_humans(coins=5):
    """Player 0's Goblins next to player 1's Humans (3 tokens), a live Bomb on them."""
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    humans = pos.region("Fields", neighbours=[home])
    pos.put(home, 0, GOBLINS, 3)
    pos.give(0, GOBLINS, hand=0, coins=coins)
    pos.give(1, HUMANS, hand=0, coins=0)
    pos.put(humans, 1, HUMANS, 3)
    pos.put(pos.region("Hills"), 1, HUMANS, 1)
    pos.g.reg[humans, L.R_BOMB] = LIVE
    bomb_stack(pos, [DUD])
    return pos, humans


def test_a_bomb_under_a_watch_tower_goes_back_on_the_stack_unrevealed():
    pos, humans = bombed_humans()
    pos.g.reg[humans, L.R_TOWER] = 1  # raised after the Bomb was dropped
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(humans) == (1, HUMANS, 3, False)
    assert pos.hand(1) == 0
    assert bomb_stack(pos) == [DUD, LIVE]
    assert pos.g.reg[humans, L.R_BOMB] == 0


def test_a_bomb_under_the_aegis_asks_its_2_vc_before_going_off():
    pos, humans = bombed_humans(coins=1)
    pos.marker(humans, AEGIS)
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(humans) == (1, HUMANS, 3, False)  # no 2 VC: back unrevealed
    assert bomb_stack(pos) == [DUD, LIVE]
    assert (pos.coins(0), pos.coins(1)) == (1, 0)
    pos, humans = bombed_humans(coins=5)
    pos.marker(humans, AEGIS)
    start_of_turn(pos.g, pos.t, 0)
    assert (pos.coins(0), pos.coins(1)) == (3, 2)
    assert pos.holder(humans) == (-1, -1, 0, False)
    assert bomb_stack(pos) == [DUD]


# ======================================================= Intimidating the Tauren
def tauren_pair(decline=False):
    """Player 0's Intimidating Humans next to a pair of player 1's Tauren; the
    Tauren hold a second region away from the Humans."""
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    pair = pos.region("Hills", neighbours=[home])
    other = pos.region("Forest")
    pos.give(0, HUMANS, INTIMIDATING, hand=6)
    pos.put(home, 0, HUMANS, 1)
    pos.put(pair, 1, TAUREN, 2, decline=decline)
    pos.put(other, 1, TAUREN, 2, decline=decline)
    compute_targets(pos.g, pos.t, 0)
    return pos, pair, other


def test_intimidating_a_tauren_pair_sends_the_token_left_alone_back_to_its_owner():
    pos, pair, other = tauren_pair()
    assert intimidation_ok(pos.g, 0, pair)
    intimidate(pos.g, pos.t, 0, pair, other)
    assert pos.holder(pair) == (-1, -1, 0, False)  # never a lone Tauren
    assert pos.tokens(other) == 3
    assert pos.hand(1) == 1  # the lone token, redeployed by the Tauren's player
    defenders_redeploy(pos.g, pos.t, 0)
    assert (pos.tokens(other), pos.hand(1)) == (4, 0)


def test_an_in_decline_tauren_pair_may_be_intimidated_token_by_token():
    pos, pair, other = tauren_pair(decline=True)
    pos.empty(other)
    compute_targets(pos.g, pos.t, 0)
    assert intimidation_ok(pos.g, 0, pair)
    assert not has_intimidation_dest(pos.g, pair)
    intimidate(pos.g, pos.t, 0, pair, -1)
    assert pos.holder(pair) == (1, TAUREN, 1, True)  # the power ended in decline
    intimidate(pos.g, pos.t, 0, pair, -1)
    assert pos.holder(pair) == (-1, -1, 0, False)
    assert int(pos.g.ply[1, L.P_DECLINE_RACE]) == -1


# ========================================== what an intimidation makes discard
def test_tokens_an_intimidation_discards_count_for_the_forsaken():
    pos = Position(n_players=3)
    home = pos.region("Fields", "Entry")
    murlocs = pos.region("Swamp", "Murloc", neighbours=[home])
    lone = pos.region("Forest", neighbours=[home])
    orcs = pos.region("Hills", neighbours=[home])
    orcs_far = pos.region("Forest")
    pos.give(0, FORSAKEN, INTIMIDATING, hand=6)
    pos.put(home, 0, FORSAKEN, 1)
    pos.put(lone, 1, TROLLS, 1)
    pos.put(orcs, 2, ORCS, 3)
    pos.put(orcs_far, 2, ORCS, 1)
    compute_targets(pos.g, pos.t, 0)
    assert pos.holder(murlocs)[1] == MURLOC
    intimidate(pos.g, pos.t, 0, murlocs, -1)
    assert pos.g.gst[L.G_KILLS] == 1
    intimidate(pos.g, pos.t, 0, lone, -1)  # the Trolls have nowhere else to go
    assert pos.g.gst[L.G_KILLS] == 2
    intimidate(pos.g, pos.t, 0, orcs, orcs_far)  # moved, not lost
    assert pos.g.gst[L.G_KILLS] == 2


def test_a_token_an_intimidation_would_discard_calls_the_holy_light():
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    draenei = pos.region("Hills", neighbours=[home])
    pos.give(0, HUMANS, INTIMIDATING, hand=6)
    pos.put(home, 0, HUMANS, 1)
    pos.give(1, DRAENEI, hand=0)
    pos.put(draenei, 1, DRAENEI, 2)
    compute_targets(pos.g, pos.t, 0)
    assert not has_intimidation_dest(pos.g, draenei)
    intimidate(pos.g, pos.t, 0, draenei, -1)
    assert (pos.tokens(draenei), pos.hand(1)) == (1, 1)  # kept, to redeploy
    assert pos.g.gst[L.G_HOLY_LIGHT] == 1 << 1
    intimidate(pos.g, pos.t, 0, draenei, -1)
    assert (pos.tokens(draenei), pos.hand(1)) == (0, 1)  # the second one is lost


# ================================================= Beast Master's Hills, when
def test_beast_master_counts_its_hills_before_abandoning_any():
    pos = Position(n_players=2)
    home = pos.region("Hills", "Entry")
    hills = pos.region("Hills", neighbours=[home])
    fields = pos.region("Fields", neighbours=[home])
    pos.give(0, HUMANS, BEAST_MASTER, hand=0)
    for r in (home, hills, fields):
        pos.put(r, 0, HUMANS, 2)
    pos.g.reg[fields, L.R_BEASTS] = 1  # last turn's Beast
    active_turn_begins(pos.g, pos.t, 0)
    assert int(pos.g.ply[0, L.P_BEASTS]) == 2  # at the beginning of the turn
    assert pos.g.reg[fields, L.R_BEASTS] == 0
    ready_troops(pos.g, pos.t, 0)
    abandon(pos.g, pos.t, 0, hills)
    before_conquests(pos.g, pos.t, 0)
    assert int(pos.g.ply[0, L.P_BEASTS]) == 2  # the abandoned Hills still counted
    assert pos.hand(0) == 2 + 3 + 1  # Beasts, readied tokens, the abandoned region's


# ============================================ Portal Mage onto a face-down marker
def test_a_portal_swap_into_a_face_down_marker_reveals_it():
    pos = Position(n_players=2)
    mage = pos.region("Fields", "Magic", "Entry")
    hidden = pos.region("Hills", "Magic", "Murloc")
    empty = pos.region("Forest", "Magic")
    pos.give(0, HUMANS, PORTAL_MAGE, hand=0)
    pos.put(mage, 0, HUMANS, 2)
    pos.marker(hidden, KARAZHAN, up=False)
    assert swap_ok(pos.g, pos.t, 0, mage, hidden)
    portal_swap(pos.g, pos.t, 0, mage, hidden)
    assert pos.holder(hidden) == (0, HUMANS, 2, False)
    assert pos.markers(hidden) == {KARAZHAN: True}  # the Humans entered it
    # Murlocs belong to no player: they enter a face-down marker and leave it so
    pos.marker(empty, KARAZHAN, up=False)
    assert swap_ok(pos.g, pos.t, 0, mage, empty)
    portal_swap(pos.g, pos.t, 0, mage, empty)
    assert pos.holder(empty)[1] == MURLOC
    assert pos.markers(empty) == {KARAZHAN: False}
