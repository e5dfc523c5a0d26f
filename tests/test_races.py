"""The race abilities of issue 4, one action at a time: Forsaken, Draenei, Humans,
Night Elves (Wisp Walls), Pandaren, Gnomes and Goblins. Each test builds a small
position by hand (tests/builder.py), calls one engine kernel and checks the exact
tokens, VC and pieces the rules ask for. docs/rulings.md ("Races (issue 4)")
names the tests that settle a question the rulebook leaves open."""

from __future__ import annotations

import pytest
from builder import Position
from kernels import (
    abandon,
    airborne_assault,
    airborne_cost,
    check_invariants,
    compute_targets,
    conquer,
    die_allowed,
    end_of_turn,
    engage,
    faction_bonus,
    final_attempt,
    go_into_decline,
    heuristic_target,
    play_turn,
    redeploy,
    start_of_turn,
)

from analyzer.engine import layout as L
from analyzer.engine.invariants import ERR_RACE_PIECES
from analyzer.engine.layout import EV_CONQUER, EV_DIE
from analyzer.players.params import TARGET_ASSAULT
from analyzer.rulesets.swow.abilities import HARMONY_PRICE, OBJECTIVE_VC
from analyzer.rulesets.swow.ids import (
    AEGIS,
    C_WISP_WALLS,
    DRAENEI,
    DWARVES,
    FORSAKEN,
    GNOMES,
    GOBLINS,
    HUMANS,
    NAGA,
    NIGHT_ELVES,
    ORCS,
    PANDAREN,
    TAUREN,
)

LIVE, DUD = L.BOMB_LIVE, L.BOMB_DUD


def take(pos, p, r):
    """p's active race conquers r with exactly what it costs; returns the cost."""
    cost = pos.cost(p, r)
    assert 0 <= cost <= pos.hand(p), f"region {r} costs {cost} with {pos.hand(p)} in hand"
    conquer(pos.g, pos.t, p, r, cost)
    return cost


def vc_active(pos, p):
    return int(pos.g.inst[pos.g.ply[p, L.P_INSTANCE], L.I_VC_ACTIVE])


def race_tokens(pos, race):
    """Tokens of `race` on the map and in the hand of whoever holds it."""
    g = pos.g
    n = sum(int(g.reg[r, L.R_TOKENS]) for r in range(g.gst[L.G_NREG]) if g.reg[r, L.R_RACE] == race)
    return n + sum(int(g.ply[p, L.P_HAND]) for p in range(5) if g.ply[p, L.P_RACE] == race)


def bomb_stack(pos, bombs=None):
    """Set (bottom first) or read the Goblins' Bomb stack."""
    g = pos.g
    if bombs is not None:
        g.gst[L.G_BOMBS_N] = len(bombs)
        for k, b in enumerate(bombs):
            g.gst[L.G_BOMBS + k] = b
    n = int(g.gst[L.G_BOMBS_N])
    return [int(x) for x in g.gst[L.G_BOMBS : L.G_BOMBS + n]]


def pieces(pos, column):
    g = pos.g
    return {r for r in range(g.gst[L.G_NREG]) if g.reg[r, column] != 0}


# ======================================================================= Forsaken
def forsaken_raid(hand=12, coins=10, home_tokens=2):
    """Forsaken next to an active Human region (3 tokens), a Murloc and an
    in-decline Dwarf region (2 tokens)."""
    pos = Position(n_players=3)
    home = pos.region("Fields", "Entry")
    humans = pos.region("Hills", neighbours=[home])
    murloc = pos.region("Forest", "Murloc", neighbours=[home])
    dwarves = pos.region("Swamp", neighbours=[home])
    pos.put(home, 0, FORSAKEN, home_tokens)
    pos.give(0, FORSAKEN, hand=hand, coins=coins)
    pos.put(humans, 1, HUMANS, 3)
    pos.put(pos.region("Fields"), 1, HUMANS, 1)
    pos.put(dwarves, 2, DWARVES, 2, decline=True)
    return pos, home, humans, murloc, dwarves


def test_forsaken_buy_a_token_for_each_enemy_token_their_conquests_discard():
    pos, home, humans, murloc, dwarves = forsaken_raid()
    assert take(pos, 0, humans) + take(pos, 0, murloc) + take(pos, 0, dwarves) == 12
    # 1 Human token, 1 Murloc, 2 in-decline Dwarves
    assert pos.g.gst[L.G_KILLS] == 4
    assert pos.hand(1) == 2
    redeploy(pos.g, pos.t, 0)  # the heuristic buys all four, after the last conquest
    assert pos.hand(0) == 0
    assert race_tokens(pos, FORSAKEN) == 2 + 12 + 4
    assert pos.coins(0) == 10 - 4
    assert vc_active(pos, 0) == -4


def test_forsaken_buy_within_their_20_token_box():
    pos, home, humans, murloc, _ = forsaken_raid(hand=17)
    take(pos, 0, humans)
    take(pos, 0, murloc)
    assert pos.g.gst[L.G_KILLS] == 2
    redeploy(pos.g, pos.t, 0)
    assert race_tokens(pos, FORSAKEN) == 20  # only one of the two could be bought
    assert pos.coins(0) == 10 - 1


def test_forsaken_buy_no_more_tokens_than_their_coins():
    pos, home, humans, murloc, _ = forsaken_raid(coins=1)
    take(pos, 0, humans)
    take(pos, 0, murloc)
    redeploy(pos.g, pos.t, 0)
    assert race_tokens(pos, FORSAKEN) == 2 + 12 + 1
    assert pos.coins(0) == 0


def test_forsaken_heuristic_buys_nothing_in_the_last_round():
    pos, home, humans, _, _ = forsaken_raid()
    pos.g.gst[L.G_ROUND] = pos.g.gst[L.G_ROUNDS]
    take(pos, 0, humans)
    redeploy(pos.g, pos.t, 0)
    assert race_tokens(pos, FORSAKEN) == 14
    assert pos.coins(0) == 10


@pytest.mark.parametrize("seed", range(8))
def test_forsaken_random_bot_buys_between_none_and_all(seed):
    pos, home, humans, murloc, dwarves = forsaken_raid()
    pos.policy(0, "random")
    pos.g.rng[L.STREAM_SEAT0] = seed
    for r in (humans, murloc, dwarves):
        take(pos, 0, r)
    redeploy(pos.g, pos.t, 0)
    bought = race_tokens(pos, FORSAKEN) - 14
    assert 0 <= bought <= 4
    assert pos.coins(0) == 10 - bought


def test_forsaken_get_nothing_for_a_token_the_holy_light_saves():
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    a = pos.region("Hills", neighbours=[home])
    b = pos.region("Forest", neighbours=[home])
    pos.put(home, 0, FORSAKEN, 2)
    pos.give(0, FORSAKEN, hand=10)
    pos.put(a, 1, DRAENEI, 2)
    pos.put(b, 1, DRAENEI, 1)
    take(pos, 0, a)
    assert pos.g.gst[L.G_KILLS] == 0  # the Draenei kept their token
    take(pos, 0, b)
    assert pos.g.gst[L.G_KILLS] == 1


# ======================================================================== Draenei
def draenei_front():
    pos = Position(n_players=3)
    home = pos.region("Fields", "Entry")
    a = pos.region("Hills", neighbours=[home])
    b = pos.region("Forest", neighbours=[home])
    far = pos.region("Swamp")
    pos.put(home, 0, HUMANS, 2)
    pos.give(0, HUMANS, hand=12)
    pos.put(a, 1, DRAENEI, 3)
    pos.put(b, 1, DRAENEI, 2)
    pos.put(far, 1, DRAENEI, 1)
    return pos, home, a, b, far


def test_draenei_keep_the_first_token_they_lose_in_an_opponents_turn():
    pos, home, a, b, far = draenei_front()
    take(pos, 0, a)
    assert pos.hand(1) == 3  # all three withdrawn, none discarded
    take(pos, 0, b)
    assert pos.hand(1) == 3 + 1  # the second loss is discarded as usual
    assert race_tokens(pos, DRAENEI) == 1 + 4


def test_draenei_call_the_holy_light_again_in_the_next_opponents_turn():
    pos, home, a, b, far = draenei_front()
    take(pos, 0, a)
    take(pos, 0, b)
    pos.give(2, ORCS, hand=0)
    orc_home = pos.region("Fields", neighbours=[far])
    pos.put(orc_home, 2, ORCS, 6)
    pos.g.ply[1, L.P_HAND] = 0
    pos.g.reg[far, L.R_TOKENS] = 2
    play_turn(pos.g, pos.t, 2)  # the Orcs' only target is the Draenei's last region
    assert pos.holder(far)[:2] == (2, ORCS)
    assert pos.hand(1) == 2  # both withdrawn: a new opponent's turn, a new Holy Light


def test_draenei_in_decline_lose_every_token():
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    a = pos.region("Hills", neighbours=[home])
    pos.put(home, 0, HUMANS, 2)
    pos.give(0, HUMANS, hand=8)
    pos.put(a, 1, DRAENEI, 2, decline=True)
    take(pos, 0, a)
    assert pos.hand(1) == 0
    assert race_tokens(pos, DRAENEI) == 0


# ========================================================================= Humans
def objective_position(conqueror, humans_conquer=False):
    pos = Position(n_players=3)
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.g.reg[target, L.R_OBJECTIVE] = 1
    p = 1 if humans_conquer else 0
    if not humans_conquer:
        pos.put(home, 0, conqueror, 2)
        pos.give(0, conqueror, hand=6, coins=0)
        pos.give(1, HUMANS, hand=0, coins=0)
        pos.put(pos.region("Swamp"), 1, HUMANS, 2)
    else:
        pos.put(home, 1, HUMANS, 2)
        pos.give(1, HUMANS, hand=6, coins=0)
    return pos, p, target


@pytest.mark.parametrize("conqueror", [DWARVES, NAGA])
def test_a_non_horde_conqueror_of_a_military_objective_scores_2_and_so_do_the_humans(conqueror):
    pos, p, target = objective_position(conqueror)
    take(pos, p, target)
    assert pos.coins(0) == OBJECTIVE_VC
    assert pos.coins(1) == OBJECTIVE_VC
    assert vc_active(pos, 0) == OBJECTIVE_VC
    assert vc_active(pos, 1) == OBJECTIVE_VC
    assert pos.g.reg[target, L.R_OBJECTIVE] == 0  # back to the Humans


def test_the_humans_taking_their_own_objective_score_2_once():
    pos, p, target = objective_position(None, humans_conquer=True)
    take(pos, p, target)
    assert pos.coins(1) == OBJECTIVE_VC
    assert pos.g.reg[target, L.R_OBJECTIVE] == 0


def test_a_horde_conqueror_gets_nothing_and_the_objective_stays():
    pos, p, target = objective_position(ORCS)
    take(pos, p, target)
    assert pos.coins(0) == 0
    assert pos.coins(1) == 0
    assert pos.g.reg[target, L.R_OBJECTIVE] == 1


def humans_at_turn_end(policy="heuristic"):
    """Humans at home; around them: empty Fields (2), an Orc region (3), a Dwarf
    region (Alliance, not allowed), and a far empty Entry region (3)."""
    pos = Position(n_players=3)
    home = pos.region("Fields", "Entry")
    fields = pos.region("Fields", neighbours=[home])
    orcs = pos.region("Hills", neighbours=[home])
    dwarves = pos.region("Forest", neighbours=[home])
    far_entry = pos.region("Swamp", "Entry")
    old = pos.region("Swamp")
    pos.put(home, 0, HUMANS, 3)
    pos.give(0, HUMANS, hand=0)
    pos.policy(0, policy)
    pos.put(orcs, 1, ORCS, 1)
    pos.put(dwarves, 2, DWARVES, 1)
    pos.g.reg[old, L.R_OBJECTIVE] = 1
    return pos, dict(home=home, fields=fields, orcs=orcs, dwarves=dwarves, far=far_entry, old=old)


def test_humans_heuristic_puts_objectives_where_they_can_take_them_cheapest():
    pos, r = humans_at_turn_end()
    end_of_turn(pos.g, pos.t, 0)
    # retrieved from `old`, then: the empty Fields (2), the Orc region (3, Horde
    # first among the regions costing 3)
    assert pieces(pos, L.R_OBJECTIVE) == {r["fields"], r["orcs"]}


@pytest.mark.parametrize("seed", range(6))
def test_humans_random_bot_puts_two_objectives_on_allowed_regions(seed):
    pos, r = humans_at_turn_end("random")
    pos.g.rng[L.STREAM_SEAT0] = seed
    end_of_turn(pos.g, pos.t, 0)
    placed = pieces(pos, L.R_OBJECTIVE)
    assert len(placed) == 2
    assert not placed & {r["home"], r["dwarves"]}  # never on an Alliance region


def test_humans_objectives_leave_the_boards_when_they_decline():
    pos, r = humans_at_turn_end()
    end_of_turn(pos.g, pos.t, 0)
    go_into_decline(pos.g, pos.t, 0)
    assert pieces(pos, L.R_OBJECTIVE) == set()


# ==================================================================== Night Elves
def elves(n_players=2):
    pos = Position(n_players=n_players)
    home = pos.region("Fields", "Entry")
    forest = pos.region("Forest", neighbours=[home])
    hills = pos.region("Hills", neighbours=[home])
    pos.put(home, 0, NIGHT_ELVES, 2)
    pos.give(0, NIGHT_ELVES, hand=8)
    return pos, home, forest, hills


def test_night_elves_leave_a_wisp_wall_on_each_forest_they_conquer():
    pos, home, forest, hills = elves()
    assert take(pos, 0, forest) == 1  # 2 - 1 for a Forest
    take(pos, 0, hills)
    assert pieces(pos, L.R_WISP) == {forest}
    # the Wisp Wall defends like a token: 2 + 1 token + 1 Wall for the Orcs next door
    orc_home = pos.region("Fields", neighbours=[forest])
    pos.give(1, ORCS, hand=8)
    pos.put(orc_home, 1, ORCS, 2)
    assert pos.cost(1, forest) == 4


def test_a_wisp_wall_stays_in_decline_and_falls_with_its_region():
    pos, home, forest, hills = elves()
    take(pos, 0, forest)
    go_into_decline(pos.g, pos.t, 0)
    assert pieces(pos, L.R_WISP) == {forest}
    orc_home = pos.region("Fields", neighbours=[forest])
    pos.give(1, ORCS, hand=8)
    pos.put(orc_home, 1, ORCS, 2)
    assert take(pos, 1, forest) == 2 + 1 + 1
    assert pieces(pos, L.R_WISP) == set()


def test_a_wisp_wall_goes_when_its_region_is_emptied():
    pos, home, forest, hills = elves()
    take(pos, 0, forest)
    abandon(pos.g, pos.t, 0, forest)
    assert pieces(pos, L.R_WISP) == set()


def test_no_wisp_wall_once_the_nine_of_the_box_are_on_the_boards():
    pos, home, forest, hills = elves()
    cap = int(pos.t.params[L.PAR_CAPS + C_WISP_WALLS])
    assert cap == 9
    for _ in range(cap):
        r = pos.region("Forest")
        pos.put(r, 0, NIGHT_ELVES, 1)
        pos.g.reg[r, L.R_WISP] = 1
    take(pos, 0, forest)
    assert pos.g.reg[forest, L.R_WISP] == 0
    assert len(pieces(pos, L.R_WISP)) == cap


# ======================================================================= Pandaren
def test_pandaren_give_harmony_to_each_opponent_they_did_not_attack():
    pos = Position(n_players=4)
    home = pos.region("Fields", "Entry")
    orcs = pos.region("Hills", neighbours=[home])
    pos.put(home, 0, PANDAREN, 6)
    pos.give(0, PANDAREN, hand=0)
    pos.put(orcs, 2, ORCS, 1)
    pos.put(pos.region("Swamp"), 1, HUMANS, 2)  # out of reach; player 3 has no race
    play_turn(pos.g, pos.t, 0)
    assert pos.holder(orcs)[:2] == (0, PANDAREN)
    assert [int(pos.g.ply[p, L.P_HARMONY]) for p in range(4)] == [0, 1, 0, 1]
    assert pos.g.gst[L.G_HARMONY_FROM] == 0 + 1
    assert check_invariants(pos.g, pos.t) == 0
    start_of_turn(pos.g, pos.t, 0)  # the Pandaren's next turn: all retrieved
    assert [int(pos.g.ply[p, L.P_HARMONY]) for p in range(4)] == [0, 0, 0, 0]


def harmony_holder(coins=5):
    """Player 1's Orcs hold a Harmony token from player 0's Pandaren, next to two
    Pandaren regions of 1 token."""
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    a = pos.region("Hills", neighbours=[home])
    b = pos.region("Forest", neighbours=[home])
    pos.put(a, 0, PANDAREN, 1)
    pos.put(b, 0, PANDAREN, 1)
    pos.put(pos.region("Swamp"), 0, PANDAREN, 1)
    pos.g.ply[0, L.P_COINS] = 0
    pos.put(home, 1, ORCS, 2)
    pos.give(1, ORCS, hand=8, coins=coins)
    pos.g.ply[1, L.P_HARMONY] = 1
    pos.g.gst[L.G_HARMONY_FROM] = 0 + 1
    return pos, a, b


def test_a_harmony_holder_pays_the_pandaren_2_vc_once_before_attacking_them():
    pos, a, b = harmony_holder()
    for r in (a, b):
        engage(pos.g, 1, r)
        take(pos, 1, r)
    assert pos.coins(1) == 5 - HARMONY_PRICE
    assert pos.coins(0) == HARMONY_PRICE
    assert vc_active(pos, 1) == -HARMONY_PRICE
    assert pos.g.ply[1, L.P_HARMONY] == 2  # paid


def test_a_harmony_holder_without_2_vc_may_not_attack_the_pandaren():
    pos, a, b = harmony_holder(coins=1)
    assert pos.targets(1) == {}
    assert pos.g.gst[L.G_CLOSED] == HARMONY_PRICE  # the fee still owed


def test_an_aegis_on_the_pandaren_adds_its_price_to_the_harmony_fee():
    pos, a, b = harmony_holder(coins=3)
    assert set(pos.targets(1)) == {a, b}
    pos.marker(a, AEGIS)  # the Pandaren's Aegis: 2 more coins to attack a
    assert set(pos.targets(1)) == {b}


def test_heuristic_pays_harmony_only_when_the_pandaren_regions_are_worth_it():
    pos, a, b = harmony_holder()
    pos.g.ply[1, L.P_HAND] = 3  # one Pandaren region affordable: worth less than 2 VC
    compute_targets(pos.g, pos.t, 1)
    assert heuristic_target(pos.g, pos.t, 1)[0] == -1
    pos.g.ply[1, L.P_HARMONY] = 2  # already paid: the region is worth taking
    assert heuristic_target(pos.g, pos.t, 1)[0] in (a, b)


# ========================================================================= Gnomes
def gnomes(die, hand=6):
    """Gnomes at home; an Orc region (3 tokens) far away, inland, on another board."""
    pos = Position(n_players=2, die_faces=(die,) * 6, log=True)
    home = pos.region("Fields", "Entry")
    pos.region("Hills", neighbours=[home])
    far = pos.region("Swamp", board=1)
    pos.put(home, 0, GNOMES, 2)
    pos.give(0, GNOMES, hand=hand)
    pos.put(far, 1, ORCS, 3)
    return pos, home, far


def test_gnomes_airborne_assault_on_any_region_after_a_free_die():
    pos, home, far = gnomes(die=2)
    assert pos.cost(0, far) == -1  # not reachable the normal way
    assert airborne_cost(pos.g, pos.t, 0, far) == 2 + 3  # as though adjacent
    assert airborne_assault(pos.g, pos.t, 0, far) == 5 - 2
    conquer(pos.g, pos.t, 0, far, 3)
    assert pos.holder(far) == (0, GNOMES, 3, False)
    assert pos.hand(0) == 3
    assert airborne_assault(pos.g, pos.t, 0, home) == -1  # once a turn (and not its own)


def test_gnomes_roll_twice_when_the_airborne_assault_is_their_final_attempt():
    pos, home, far = gnomes(die=3, hand=2)
    pos.g.reg[far, L.R_TOKENS] = 4  # 6 as though adjacent
    cost = airborne_assault(pos.g, pos.t, 0, far)
    assert cost == 6 - 3  # still 1 short: the final attempt, with the normal die
    assert die_allowed(pos.g, pos.t, 0, cost)
    assert final_attempt(pos.g, pos.t, 0, far, cost)
    assert pos.holder(far) == (0, GNOMES, 2, False)
    assert pos.g.gst[L.G_DIE_ROLLS] == 2


def test_gnomes_airborne_assault_fails_when_both_dice_fall_short():
    pos, home, far = gnomes(die=0, hand=2)
    cost = airborne_assault(pos.g, pos.t, 0, far)
    assert cost == 5
    assert not final_attempt(pos.g, pos.t, 0, far, cost)
    assert pos.holder(far) == (1, ORCS, 3, False)
    assert pos.hand(0) == 2
    assert pos.g.gst[L.G_DIE_ROLLS] == 2


def test_gnomes_heuristic_flies_once_a_turn_to_the_leaders_region():
    pos, home, far = gnomes(die=1)
    pos.g.reg[far, L.R_TOKENS] = 1
    pos.g.ply[1, L.P_COINS] = 30  # the leader
    compute_targets(pos.g, pos.t, 0)
    # 1.6 VC-like for about 2 tokens (3, less the die's mean) beats 1 VC for 2
    assert heuristic_target(pos.g, pos.t, 0) == (far, TARGET_ASSAULT, 0)
    pos.g.reg[home, L.R_TOKENS] = 8
    pos.g.ply[0, L.P_HAND] = 0
    play_turn(pos.g, pos.t, 0)
    assert pos.holder(far)[:2] == (0, GNOMES)
    assert [e[5] for e in pos.events(EV_DIE)] == [2]  # one free die, once
    assert pos.g.gst[L.G_AIRBORNE] == 1


def test_the_airborne_assault_respects_harmony():
    pos = Position(n_players=2, die_faces=(0,) * 6)
    home = pos.region("Fields", "Entry")
    far = pos.region("Swamp", board=1)
    pos.put(home, 0, GNOMES, 2)
    pos.give(0, GNOMES, hand=6, coins=1)
    pos.put(far, 1, PANDAREN, 3)
    pos.g.ply[1, L.P_COINS] = 0
    pos.g.ply[0, L.P_HARMONY] = 1
    pos.g.gst[L.G_HARMONY_FROM] = 1 + 1
    compute_targets(pos.g, pos.t, 0)
    assert airborne_cost(pos.g, pos.t, 0, far) == -1  # 1 coin: the Pandaren are closed
    pos.g.ply[0, L.P_COINS] = 2
    compute_targets(pos.g, pos.t, 0)
    assert airborne_assault(pos.g, pos.t, 0, far) == 2 + 3
    assert (pos.coins(0), pos.coins(1)) == (0, HARMONY_PRICE)  # paid as the assault began


def test_gnomes_fly_when_no_other_region_is_in_reach():
    pos = Position(n_players=2, die_faces=(0,) * 6, log=True)
    home = pos.region("Fields")  # no neighbour, no Entry region anywhere
    far = pos.region("Swamp", board=1)
    pos.put(home, 0, GNOMES, 5)
    pos.give(0, GNOMES, hand=0)
    pos.put(far, 1, ORCS, 1)
    assert pos.targets(0) == {}
    play_turn(pos.g, pos.t, 0)
    assert pos.holder(far)[:2] == (0, GNOMES)
    assert [e[4] for e in pos.events(EV_CONQUER)] == [2 + 1]  # the free die rolled 0
    assert [e[5] for e in pos.events(EV_DIE)] == [2]
    assert pos.tokens(home) + pos.tokens(far) == 5


# ======================================================================== Goblins
def goblins(stack=(DUD, LIVE, LIVE)):
    """Goblins at home; next door: Humans (player 1, active), in-decline Orcs and
    an empty region; far away another Human region."""
    pos = Position(n_players=3, log=True)
    home = pos.region("Fields", "Entry")
    humans = pos.region("Hills", neighbours=[home])
    old_orcs = pos.region("Forest", neighbours=[home])
    pos.region("Swamp", neighbours=[home])
    far = pos.region("Fields")
    pos.put(home, 0, GOBLINS, 3)
    pos.give(0, GOBLINS, hand=0)
    pos.put(humans, 1, HUMANS, 3)
    pos.put(far, 1, HUMANS, 1)
    pos.put(old_orcs, 2, ORCS, 1, decline=True)
    bomb_stack(pos, list(stack))
    return pos, home, humans, far


def test_goblins_drop_bombs_only_next_to_them_on_active_enemy_regions():
    pos, home, humans, far = goblins()
    end_of_turn(pos.g, pos.t, 0)
    assert pieces(pos, L.R_BOMB) == {humans}
    assert pos.g.reg[humans, L.R_BOMB] == LIVE  # the top of the stack
    assert bomb_stack(pos) == [DUD, LIVE]
    assert check_invariants(pos.g, pos.t) == 0


def test_goblins_heuristic_bombs_the_opponent_who_leads_by_the_public_tally_first():
    pos, home, humans, far = goblins(stack=(LIVE,))
    tauren = pos.region("Mountain", neighbours=[home])
    pos.put(tauren, 2, TAUREN, 2)
    pos.g.ply[2, L.P_SEEN_VC] = 20
    pos.g.ply[1, L.P_COINS] = 40  # hidden coins: the Goblins cannot know (docs/rulings.md 31)
    end_of_turn(pos.g, pos.t, 0)
    assert pieces(pos, L.R_BOMB) == {tauren}
    assert bomb_stack(pos) == []


def test_goblins_drop_nothing_once_the_stack_is_spent():
    pos, home, humans, far = goblins(stack=())
    end_of_turn(pos.g, pos.t, 0)
    assert pieces(pos, L.R_BOMB) == set()


def test_a_live_bomb_empties_the_region_at_the_goblins_next_turn():
    pos, home, humans, far = goblins()
    pos.g.reg[humans, L.R_BOMB] = LIVE
    bomb_stack(pos, [DUD])
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(humans) == (-1, -1, 0, False)
    assert pos.hand(1) == 2  # one lost, two withdrawn
    assert bomb_stack(pos) == [DUD]  # the revealed Bomb goes to the box
    assert pos.g.reg[humans, L.R_BOMB] == 0
    assert faction_bonus(pos.g, pos.t, 0) == 1  # a defeated Alliance race


def test_a_dud_does_nothing_and_goes_to_the_box():
    pos, home, humans, far = goblins()
    pos.g.reg[humans, L.R_BOMB] = DUD
    bomb_stack(pos, [])
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(humans) == (1, HUMANS, 3, False)
    assert pieces(pos, L.R_BOMB) == set()
    assert bomb_stack(pos) == []


def test_a_bomb_goes_off_even_if_the_victim_went_into_decline():
    pos, home, humans, far = goblins()
    pos.g.reg[humans, L.R_BOMB] = LIVE
    go_into_decline(pos.g, pos.t, 1)
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(humans) == (-1, -1, 0, False)
    assert pos.hand(1) == 0  # in-decline tokens are all discarded


def test_a_bomb_on_an_emptied_region_goes_back_on_top_of_the_stack():
    pos, home, humans, far = goblins(stack=(DUD,))
    pos.g.reg[humans, L.R_BOMB] = LIVE
    abandon(pos.g, pos.t, 1, humans)
    assert bomb_stack(pos) == [DUD, LIVE]
    assert pieces(pos, L.R_BOMB) == set()


def test_a_bomb_stays_when_another_opponent_conquers_the_region():
    pos, home, humans, far = goblins()
    pos.g.reg[humans, L.R_BOMB] = LIVE
    dwarf_home = pos.region("Fields", neighbours=[humans])
    pos.give(2, DWARVES, hand=6)
    pos.put(dwarf_home, 2, DWARVES, 2)
    take(pos, 2, humans)  # 5 tokens, 1 left in hand
    assert pos.g.reg[humans, L.R_BOMB] == LIVE
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(humans) == (-1, -1, 0, False)
    assert pos.hand(2) == 1 + 5 - 1  # the Dwarves lose one of their five


def test_goblins_bombs_go_off_in_the_turn_they_decline():
    pos, home, humans, far = goblins()
    pos.g.reg[humans, L.R_BOMB] = LIVE
    pos.policy(0, "heuristic", decline_at_age=1)
    play_turn(pos.g, pos.t, 0)
    assert pos.g.ply[0, L.P_DECLINE_RACE] == GOBLINS
    assert pos.holder(humans) == (-1, -1, 0, False)
    assert pos.holder(far) == (1, HUMANS, 1 + 2, False)  # withdrawn tokens redeployed
    assert check_invariants(pos.g, pos.t) == 0


def test_a_bomb_blows_up_a_wisp_wall_with_its_region():
    pos, home, humans, far = goblins()
    forest = pos.region("Forest", neighbours=[home])
    pos.give(2, NIGHT_ELVES, hand=0)
    pos.put(forest, 2, NIGHT_ELVES, 2)
    pos.g.reg[forest, L.R_WISP] = 1
    pos.g.reg[forest, L.R_BOMB] = LIVE
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(forest) == (-1, -1, 0, False)
    assert pos.g.reg[forest, L.R_WISP] == 0


def test_a_bomb_on_the_draenei_meets_the_holy_light():
    pos, home, humans, far = goblins()
    draenei = pos.region("Hills", neighbours=[home])
    pos.give(2, DRAENEI, hand=0)
    pos.put(draenei, 2, DRAENEI, 2)
    pos.put(pos.region("Swamp"), 2, DRAENEI, 1)
    pos.g.reg[draenei, L.R_BOMB] = LIVE
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(draenei) == (-1, -1, 0, False)
    assert pos.hand(2) == 2  # the region is lost, but not the token


def test_a_bomb_on_the_tauren_costs_them_one_token_and_the_region():
    pos, home, humans, far = goblins()
    tauren = pos.region("Mountain", neighbours=[home])
    pos.put(tauren, 2, TAUREN, 3)
    pos.put(pos.region("Hills"), 2, TAUREN, 2)
    pos.g.reg[tauren, L.R_BOMB] = LIVE
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(tauren) == (-1, -1, 0, False)
    assert pos.hand(2) == 2


def test_a_harmony_holder_pays_before_revealing_a_bomb_on_the_pandaren():
    pos, home, humans, far = goblins()
    panda = pos.region("Hills", neighbours=[home])
    pos.give(2, PANDAREN, hand=0, coins=0)
    pos.put(panda, 2, PANDAREN, 2)
    pos.g.reg[panda, L.R_BOMB] = DUD
    pos.g.ply[0, L.P_HARMONY] = 1
    pos.g.gst[L.G_HARMONY_FROM] = 2 + 1
    pos.g.ply[0, L.P_COINS] = 5
    start_of_turn(pos.g, pos.t, 0)
    assert pos.coins(0) == 5 - HARMONY_PRICE  # paid even though it was a dud
    assert pos.coins(2) == HARMONY_PRICE
    assert pos.holder(panda) == (2, PANDAREN, 2, False)


def test_a_bomb_on_the_pandaren_goes_back_unrevealed_without_2_vc():
    pos, home, humans, far = goblins(stack=())
    panda = pos.region("Hills", neighbours=[home])
    pos.give(2, PANDAREN, hand=0, coins=0)
    pos.put(panda, 2, PANDAREN, 2)
    pos.g.reg[panda, L.R_BOMB] = LIVE
    pos.g.ply[0, L.P_HARMONY] = 1
    pos.g.gst[L.G_HARMONY_FROM] = 2 + 1
    pos.g.ply[0, L.P_COINS] = 1
    start_of_turn(pos.g, pos.t, 0)
    assert pos.holder(panda) == (2, PANDAREN, 2, False)
    assert bomb_stack(pos) == [LIVE]
    assert pos.coins(0) == 1


# ===================================================================== invariants
def sound_pieces():
    pos, home, humans, far = goblins()
    end_of_turn(pos.g, pos.t, 0)
    assert check_invariants(pos.g, pos.t) == 0
    return pos, home, humans, far


def wisp_on_other_race(pos, home, humans, far):
    pos.g.reg[home, L.R_WISP] = 1


def too_many_live_bombs(pos, home, humans, far):
    bomb_stack(pos, [LIVE] * 6)


def bomb_on_goblins(pos, home, humans, far):
    pos.g.reg[home, L.R_BOMB] = DUD


def objective_on_an_alliance_region(pos, home, humans, far):
    pos.g.reg[far, L.R_OBJECTIVE] = 1


def harmony_without_pandaren(pos, home, humans, far):
    pos.g.ply[1, L.P_HARMONY] = 1
    pos.g.gst[L.G_HARMONY_FROM] = 0 + 1


@pytest.mark.parametrize(
    "breakage",
    [wisp_on_other_race, too_many_live_bombs, bomb_on_goblins, objective_on_an_alliance_region,
     harmony_without_pandaren],
)  # fmt: skip
def test_misplaced_race_pieces_are_caught(breakage):
    pos, home, humans, far = sound_pieces()
    breakage(pos, home, humans, far)
    assert check_invariants(pos.g, pos.t) == ERR_RACE_PIECES
