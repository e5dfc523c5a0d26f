"""Artifacts, Legendary Places and the Ethereals, one action at a time: each test
builds a small position by hand (tests/builder.py), calls one engine kernel and
checks the exact tokens, VC and markers after it. docs/rulings.md ("Artifacts and
Legendary Places") names the tests that settle a question the rulebook leaves open."""

from __future__ import annotations

import pytest
from builder import Position
from kernels import (
    abandon,
    active_bonus,
    aegis_price,
    attack,
    battleground_side,
    check_invariants,
    check_markers,
    compute_targets,
    conquer,
    controls_marker,
    decline_bonus,
    ethereals_steal,
    faction_bonus,
    go_into_decline,
    heart_tribute,
    heuristic_artifact_region,
    heuristic_target,
    may_steal,
    note_doomhammer,
    place_artifacts,
    play_turn,
    random_target,
    redeploy,
    score_turn,
    tokens_lost,
)

from analyzer.engine import layout as L
from analyzer.engine.conquest import ATTACK_DONE, ATTACK_FINAL, ATTACK_ILLEGAL
from analyzer.engine.invariants import ERR_MARKERS
from analyzer.engine.layout import EV_REVEAL
from analyzer.rulesets.swow.ids import (
    AEGIS,
    ALLIANCE,
    ARCHAEOLOGIST,
    ASHES,
    BATTLEGROUND,
    BLOOD_ELVES,
    DARK_PORTAL,
    DOOMHAMMER,
    DWARVES,
    ETHEREALS,
    FROSTMOURNE,
    HEART,
    HORDE,
    HUMANS,
    KARAZHAN,
    LIGHTS_HOPE,
    MEETING_STONE,
    NAGA,
    ORCS,
    PANDAREN,
    SPIRIT_HEALER,
    TAUREN,
    TROLLS,
    WELL_OF_ETERNITY,
)
from analyzer.rulesets.swow.markers import (
    MODE_ASHES,
    MODE_DOOMHAMMER,
    MODE_ETHEREALS,
    MODE_FROSTMOURNE,
)


def modes(pos, p):
    compute_targets(pos.g, pos.t, p)
    return int(pos.g.gst[L.G_MODES])


def go(pos, p, r, mode=0, final=False):
    """p attacks r with `mode` after a fresh compute_targets; returns ATTACK_*."""
    compute_targets(pos.g, pos.t, p)
    return attack(pos.g, pos.t, p, r, final, mode)


def vc_active(pos, p):
    return int(pos.g.inst[pos.g.ply[p, L.P_INSTANCE], L.I_VC_ACTIVE])


def vc_decline(pos, p):
    return int(pos.g.inst[pos.g.ply[p, L.P_DECLINE_INSTANCE], L.I_VC_DECLINE])


# ============================================================ marker mechanics
def test_entering_a_face_down_marker_reveals_it():
    pos = Position(log=True)
    home = pos.region("Fields", "Entry")
    site = pos.region("Hills", "Marker", "Murloc", neighbours=[home])
    pos.marker(site, FROSTMOURNE, up=False)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=5)
    assert modes(pos, 0) == 0
    assert go(pos, 0, site) == ATTACK_DONE
    assert pos.markers(site) == {FROSTMOURNE: True}
    assert [e[3:5] for e in pos.events(EV_REVEAL)] == [(site, FROSTMOURNE)]
    # "can be immediately used by its new owner"
    assert modes(pos, 0) == MODE_FROSTMOURNE
    assert check_markers(pos.g, pos.t) == 0


def test_a_marker_changes_hands_with_its_region_and_stays_when_abandoned():
    pos = Position()
    home = pos.region("Fields", "Entry")
    site = pos.region("Hills", neighbours=[home])
    pos.marker(site, DARK_PORTAL)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=5)
    pos.put(site, 1, TROLLS, 1)
    assert controls_marker(pos.g, 1, DARK_PORTAL)
    take = pos.cost(0, site)
    conquer(pos.g, pos.t, 0, site, take)
    assert controls_marker(pos.g, 0, DARK_PORTAL)
    assert not controls_marker(pos.g, 1, DARK_PORTAL)
    abandon(pos.g, pos.t, 0, site)
    assert pos.markers(site) == {DARK_PORTAL: True}
    assert not controls_marker(pos.g, 0, DARK_PORTAL)


def test_in_decline_races_get_nothing_from_markers():
    pos = Position()
    a = pos.region("Fields", "Entry")
    b = pos.region("Hills", neighbours=[a])
    c = pos.region("Forest", neighbours=[a])
    pos.marker(a, DARK_PORTAL)
    pos.marker(b, FROSTMOURNE)
    pos.marker(c, LIGHTS_HOPE)
    pos.put(a, 0, HUMANS, 1, decline=True)
    pos.put(b, 0, HUMANS, 1, decline=True)
    pos.put(c, 0, HUMANS, 2, decline=True)
    pos.give(0, ORCS, hand=5)
    for m in (DARK_PORTAL, FROSTMOURNE, LIGHTS_HOPE):
        assert not controls_marker(pos.g, 0, m)
    assert modes(pos, 0) == 0
    assert decline_bonus(pos.g, pos.t, 0) == 0
    assert tokens_lost(pos.g, pos.t, 0, c, 1, 2) == 2


def test_the_well_moves_to_the_water_of_its_board_when_revealed():
    pos = Position()
    home = pos.region("Fields", "Entry")
    site = pos.region("Hills", "Marker", neighbours=[home])
    pos.region("Sea", board=1)  # another board's water
    lake = pos.region("Lake", neighbours=[site])
    pos.marker(site, WELL_OF_ETERNITY, up=False)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=5)
    assert go(pos, 0, site) == ATTACK_DONE
    assert pos.markers(site) == {}
    assert pos.markers(lake) == {WELL_OF_ETERNITY: True}
    assert check_markers(pos.g, pos.t) == 0


def test_a_well_on_a_board_without_water_gives_way_to_a_place_from_the_box():
    pos = Position()
    home = pos.region("Fields", "Entry")
    site = pos.region("Hills", "Marker", neighbours=[home])
    pos.region("Sea", board=1)
    pos.marker(site, WELL_OF_ETERNITY, up=False)
    # left in the box: an Artifact and one Place; only the Place may be drawn
    pos.g.gst[L.G_MARKER_POOL] = (1 << ASHES) | (1 << SPIRIT_HEALER)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=5)
    assert go(pos, 0, site) == ATTACK_DONE
    assert pos.markers(site) == {SPIRIT_HEALER: True}
    assert pos.g.gst[L.G_MARKER_POOL] == 1 << ASHES
    assert controls_marker(pos.g, 0, SPIRIT_HEALER)
    assert check_markers(pos.g, pos.t) == 0


def test_a_well_with_no_water_and_no_place_left_leaves_nothing():
    pos = Position()
    home = pos.region("Fields", "Entry")
    site = pos.region("Hills", "Marker", neighbours=[home])
    pos.marker(site, WELL_OF_ETERNITY, up=False)
    pos.g.gst[L.G_MARKER_POOL] = 1 << ASHES
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=5)
    assert go(pos, 0, site) == ATTACK_DONE
    assert pos.markers(site) == {}


def test_archaeologist_counts_every_marker_of_a_region():
    pos = Position()
    a = pos.region("Fields", "Entry")
    pos.marker(a, DARK_PORTAL)
    pos.marker(a, FROSTMOURNE)
    pos.put(a, 0, HUMANS, 1)
    pos.give(0, HUMANS, power=ARCHAEOLOGIST)
    assert active_bonus(pos.g, pos.t, 0) == 2 + 2


def marker_twice(pos, r, other):
    pos.g.reg[other, L.R_MARKERS] |= pos.g.reg[r, L.R_MARKERS]


def face_up_but_absent(pos, r, other):
    pos.g.reg[other, L.R_MARKERS_UP] |= 1 << HEART


def face_down_off_its_symbol(pos, r, other):
    pos.g.reg[other, L.R_MARKERS] |= 1 << HEART


def marker_also_in_the_box(pos, r, other):
    pos.g.gst[L.G_MARKER_POOL] |= 1 << KARAZHAN


def well_on_land(pos, r, other):
    pos.marker(other, WELL_OF_ETERNITY)


@pytest.mark.parametrize(
    "breaker",
    [
        marker_twice,
        face_up_but_absent,
        face_down_off_its_symbol,
        marker_also_in_the_box,
        well_on_land,
    ],
)
def test_the_marker_check_catches_a_broken_state(breaker):
    pos = Position()
    r = pos.region("Fields", "Marker")
    other = pos.region("Hills")
    pos.marker(r, KARAZHAN)
    assert check_invariants(pos.g, pos.t) == 0
    breaker(pos, r, other)
    assert check_invariants(pos.g, pos.t) == ERR_MARKERS


# ================================================================== Artifacts
def aegis_position(coins=5):
    pos = Position()
    home = pos.region("Fields", "Entry")
    guarded = pos.region("Hills", neighbours=[home])
    pos.marker(guarded, AEGIS)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=6, coins=coins)
    pos.put(guarded, 1, ORCS, 2)
    pos.g.ply[1, L.P_COINS] = 0
    return pos, home, guarded


def test_attacking_the_aegis_costs_its_owner_two_coins():
    pos, home, guarded = aegis_position()
    assert aegis_price(pos.g, 0, guarded) == 2
    assert go(pos, 0, guarded) == ATTACK_DONE
    assert pos.holder(guarded) == (0, HUMANS, 4, False)
    assert pos.coins(0) == 3 and pos.coins(1) == 2
    assert vc_active(pos, 0) == -2 and vc_active(pos, 1) == 2
    # the Aegis changed hands with its region
    assert controls_marker(pos.g, 0, AEGIS)


def test_without_two_coins_the_aegis_region_is_immune():
    pos, home, guarded = aegis_position(coins=1)
    assert go(pos, 0, guarded) == ATTACK_ILLEGAL
    assert pos.holder(guarded) == (1, ORCS, 2, False)
    assert pos.coins(0) == 1


def test_an_aegis_in_an_in_decline_region_guards_nothing():
    pos = Position()
    home = pos.region("Fields", "Entry")
    old = pos.region("Hills", neighbours=[home])
    pos.marker(old, AEGIS)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=6, coins=0)
    pos.put(old, 1, ORCS, 1, decline=True)
    assert aegis_price(pos.g, 0, old) == 0
    assert go(pos, 0, old) == ATTACK_DONE


def test_the_aegis_and_the_heart_are_placed_at_turns_end():
    pos = Position()
    quiet = pos.region("Fields")
    front = pos.region("Hills", neighbours=[quiet])
    enemy = pos.region("Forest", neighbours=[front])
    pos.marker(quiet, AEGIS)
    pos.marker(quiet, HEART)
    pos.put(quiet, 0, HUMANS, 1)
    pos.put(front, 0, HUMANS, 1)
    pos.put(enemy, 1, ORCS, 1)
    pos.g.ply[1, L.P_COINS] = 3
    pos.g.ply[0, L.P_COINS] = 0
    assert heuristic_artifact_region(pos.g, pos.t, 0, AEGIS) == front
    assert heuristic_artifact_region(pos.g, pos.t, 0, HEART) == front
    place_artifacts(pos.g, pos.t, 0)
    assert pos.markers(front) == {AEGIS: True, HEART: True}
    assert pos.markers(quiet) == {}
    # the Orcs next to the Heart paid their coin
    assert pos.coins(0) == 1 and pos.coins(1) == 2


def test_the_heart_takes_a_coin_from_each_neighbouring_active_opponent():
    pos = Position(n_players=4)
    heart = pos.region("Fields")
    a = pos.region("Hills", neighbours=[heart])
    b = pos.region("Hills", neighbours=[heart])
    c = pos.region("Forest", neighbours=[heart])
    d = pos.region("Forest", neighbours=[heart])
    pos.marker(heart, HEART)
    pos.put(heart, 0, HUMANS, 1)
    pos.give(0, HUMANS, coins=0)
    pos.put(a, 1, ORCS, 1)
    pos.put(b, 1, ORCS, 1)  # two regions, still one coin
    pos.put(c, 2, TROLLS, 1, decline=True)  # in decline: pays nothing
    pos.put(d, 3, DWARVES, 1)
    pos.g.ply[1, L.P_COINS] = 4
    pos.g.ply[2, L.P_COINS] = 4
    pos.g.ply[3, L.P_COINS] = 0  # no coin, pays nothing
    assert heart_tribute(pos.g, 0) == 1
    assert [pos.coins(p) for p in range(4)] == [1, 3, 4, 0]


def test_ashes_reach_any_region_at_the_adjacent_cost_and_move_there():
    pos = Position()
    home = pos.region("Fields", "Entry")
    far = pos.region("Hills", "Murloc", board=1)
    far_entry = pos.region("Forest", "Entry", board=1)
    pos.marker(home, ASHES)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=8)
    assert pos.cost(0, far) == -1
    assert pos.cost(0, far_entry) == 3  # 2 + travel
    assert go(pos, 0, far, MODE_ASHES) == ATTACK_DONE
    assert pos.holder(far) == (0, HUMANS, 3, False)
    assert pos.markers(far) == {ASHES: True} and pos.markers(home) == {}
    # once a turn
    assert modes(pos, 0) == 0
    assert go(pos, 0, far_entry, MODE_ASHES) == ATTACK_ILLEGAL


def test_ashes_waive_the_travel_cost_of_a_far_entry_region():
    pos = Position()
    home = pos.region("Fields", "Entry")
    far_entry = pos.region("Forest", "Entry", board=1)
    pos.marker(home, ASHES)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=8)
    assert go(pos, 0, far_entry, MODE_ASHES) == ATTACK_DONE
    assert pos.hand(0) == 6


@pytest.mark.parametrize(
    ("holder", "decline"),
    [("player", False), ("player", True), ("murlocs", False), ("empty", False)],
)
def test_the_doomhammer_takes_any_region_with_one_token_for_two_coins(holder, decline):
    """Its first owner (who found it) has no previous owner: the 2 coins go to the
    stash, whoever holds the region attacked."""
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Mountain", "Mountain", neighbours=[home])
    pos.marker(home, DOOMHAMMER)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=3, coins=5)
    if holder == "player":
        pos.put(target, 1, ORCS, 4, decline=decline)
        pos.put(pos.region("Swamp"), 1, ORCS, 1, decline=decline)  # the race lives on
    elif holder == "murlocs":
        pos.murloc(target)
    pos.g.ply[1, L.P_COINS] = 0
    assert go(pos, 0, target, MODE_DOOMHAMMER) == ATTACK_DONE
    assert pos.holder(target) == (0, HUMANS, 1, False)
    assert pos.hand(0) == 2
    assert pos.markers(target) == {DOOMHAMMER: True}
    assert (pos.coins(0), pos.coins(1)) == (3, 0)  # the region's holder gets nothing
    if holder == "player" and not decline:
        assert pos.hand(1) == 3  # the Orcs lose one token as usual


def test_the_doomhammer_pays_its_previous_owner():
    pos = Position(n_players=3)
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.marker(home, DOOMHAMMER)
    pos.put(home, 1, ORCS, 2)  # player 1's Orcs held it at the last turn start
    pos.give(1, ORCS, hand=0, coins=0)
    note_doomhammer(pos.g)
    pos.put(home, 0, HUMANS, 2)  # then player 0 took it
    pos.give(0, HUMANS, hand=3, coins=5)
    pos.put(target, 2, DWARVES, 3)
    pos.give(2, DWARVES, hand=0, coins=0)
    assert go(pos, 0, target, MODE_DOOMHAMMER) == ATTACK_DONE
    assert (pos.coins(0), pos.coins(1), pos.coins(2)) == (3, 2, 0)
    assert vc_active(pos, 1) == 2
    # player 2's Dwarves take it back: now player 0 is its previous owner
    pos.put(pos.region("Forest", neighbours=[target]), 2, DWARVES, 2)
    pos.put(target, 2, DWARVES, 2)
    pos.g.ply[2, L.P_HAND] = 3
    pos.g.ply[2, L.P_COINS] = 2
    other = pos.region("Swamp", neighbours=[target])
    pos.g.gst[L.G_USED] = 0
    assert go(pos, 2, other, MODE_DOOMHAMMER) == ATTACK_DONE
    assert (pos.coins(0), pos.coins(2)) == (3 + 2, 0)


def test_the_doomhammer_needs_two_coins_and_leaves_tauren_two_tokens():
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.marker(home, DOOMHAMMER)
    pos.put(home, 0, TAUREN, 2)
    pos.put(target, 1, ORCS, 3)
    pos.give(0, TAUREN, hand=4, coins=1)
    assert go(pos, 0, target, MODE_DOOMHAMMER) == ATTACK_ILLEGAL
    pos.g.ply[0, L.P_COINS] = 2
    assert go(pos, 0, target, MODE_DOOMHAMMER) == ATTACK_DONE
    assert pos.holder(target) == (0, TAUREN, 2, False)


@pytest.mark.parametrize(("defenders", "want"), [(0, 1), (1, 1), (3, 3)])
def test_frostmourne_takes_two_tokens_off_at_least_one_left(defenders, want):
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.marker(home, FROSTMOURNE)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=8)
    if defenders:
        pos.put(target, 1, ORCS, defenders)
    assert go(pos, 0, target, MODE_FROSTMOURNE) == ATTACK_DONE
    assert pos.tokens(target) == want
    assert pos.markers(target) == {FROSTMOURNE: True}


def test_two_artifacts_may_serve_one_conquest():
    pos = Position()
    home = pos.region("Fields", "Entry")
    far = pos.region("Hills", board=1)
    pos.put(far, 1, ORCS, 3)
    pos.marker(home, ASHES)
    pos.marker(home, FROSTMOURNE)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=8)
    assert modes(pos, 0) == MODE_ASHES | MODE_FROSTMOURNE
    assert go(pos, 0, far, MODE_ASHES | MODE_FROSTMOURNE) == ATTACK_DONE
    assert pos.tokens(far) == 5 - 2
    assert pos.markers(far) == {ASHES: True, FROSTMOURNE: True}


def test_an_artifact_spent_on_a_failed_die_stays_put():
    pos = Position(die_faces=[0] * 6)
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.put(target, 1, ORCS, 4)
    pos.marker(home, FROSTMOURNE)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=2)
    assert go(pos, 0, target, MODE_FROSTMOURNE, final=True) == ATTACK_FINAL
    assert pos.holder(target)[:2] == (1, ORCS)
    assert pos.markers(home) == {FROSTMOURNE: True}
    assert pos.g.gst[L.G_USED] & MODE_FROSTMOURNE


def test_an_artifact_is_open_again_next_turn():
    pos = Position(n_players=2, params={L.PAR_USE_DIE: 0})
    home = pos.region("Fields", "Entry")
    hills = pos.region("Hills", neighbours=[home])
    pos.marker(home, FROSTMOURNE)
    pos.put(home, 0, HUMANS, 4)
    pos.give(0, HUMANS, hand=0)
    pos.g.gst[L.G_USED] = MODE_FROSTMOURNE  # spent in the turn before
    play_turn(pos.g, pos.t, 0)
    # the heuristic bot swung Frostmourne on the empty neighbour: 1 token, not 2
    assert pos.markers(hills) == {FROSTMOURNE: True}
    assert pos.g.gst[L.G_USED] == MODE_FROSTMOURNE
    assert pos.tokens(home) + pos.tokens(hills) == 4
    assert check_invariants(pos.g, pos.t) == 0


def test_the_heuristic_swings_frostmourne_where_it_saves_tokens():
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.put(target, 1, ORCS, 2)
    pos.marker(home, FROSTMOURNE)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=5)
    compute_targets(pos.g, pos.t, 0)
    assert heuristic_target(pos.g, pos.t, 0) == (target, False, MODE_FROSTMOURNE)


def test_the_random_bot_may_pick_every_mode_subset():
    pos = Position()
    home = pos.region("Fields", "Entry")
    pos.region("Hills", neighbours=[home])
    pos.marker(home, FROSTMOURNE)
    pos.marker(home, DOOMHAMMER)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=5, coins=5)
    pos.policy(0, "random")
    seen = set()
    for _ in range(400):
        compute_targets(pos.g, pos.t, 0)
        r, final, m = random_target(pos.g, pos.t, 0)
        seen.add(m if r >= 0 else -1)
    assert seen == {-1, 0, MODE_FROSTMOURNE, MODE_DOOMHAMMER, MODE_FROSTMOURNE | MODE_DOOMHAMMER}


# ============================================================ Legendary Places
def battleground_position(race, humans=3):
    pos = Position()
    home = pos.region("Fields", "Entry")
    pos.marker(home, BATTLEGROUND)
    pos.put(home, 0, race, 1)
    pos.give(0, race, hand=30, coins=0)
    regions = [pos.region("Hills", neighbours=[home]) for _ in range(humans)]
    for r in regions:
        pos.put(r, 1, HUMANS, 1)
    troll = pos.region("Forest", neighbours=[home])
    pos.put(troll, 2, TROLLS, 1)
    return pos, regions, troll


@pytest.mark.parametrize(("taken", "want"), [(1, 1), (2, 2), (3, 2)])
def test_the_battleground_pays_the_faction_bonus_twice_per_race(taken, want):
    pos, humans, _ = battleground_position(BLOOD_ELVES)
    for r in humans[:taken]:
        assert go(pos, 0, r) == ATTACK_DONE
    assert faction_bonus(pos.g, pos.t, 0) == want


def test_without_the_battleground_a_race_pays_once():
    pos, humans, _ = battleground_position(BLOOD_ELVES)
    pos.g.reg[0, L.R_MARKERS] = 0
    pos.g.reg[0, L.R_MARKERS_UP] = 0
    for r in humans[:2]:
        go(pos, 0, r)
    assert faction_bonus(pos.g, pos.t, 0) == 1


def test_orcs_on_the_battleground_double_only_the_faction_bonus():
    pos, humans, _ = battleground_position(ORCS)
    for r in humans:
        go(pos, 0, r)
    assert pos.coins(0) == 3  # the Orcs' own 1 per Alliance region, not doubled
    assert faction_bonus(pos.g, pos.t, 0) == 2


@pytest.mark.parametrize(("side", "want"), [(ALLIANCE, 1), (HORDE, 2)])
def test_a_neutral_race_on_the_battleground_fights_for_its_chosen_side(side, want):
    pos, humans, troll = battleground_position(PANDAREN, humans=2)
    pos.g.gst[L.G_SIDE] = side
    for r in [*humans, troll]:
        go(pos, 0, r)
    assert faction_bonus(pos.g, pos.t, 0) == want


def test_a_neutral_race_picks_its_side_once_it_holds_the_battleground():
    pos, humans, troll = battleground_position(PANDAREN, humans=2)
    # the heuristic fights against the faction with more regions next to it
    battleground_side(pos.g, pos.t, 0)
    assert pos.g.gst[L.G_SIDE] == HORDE
    pos.g.gst[L.G_SIDE] = -1
    pos.g.reg[0, L.R_MARKERS_UP] = 0  # not held face up: no side
    battleground_side(pos.g, pos.t, 0)
    assert pos.g.gst[L.G_SIDE] == -1
    # neutral with no side chosen scores no Faction Bonus
    pos.marker(0, BATTLEGROUND)
    go(pos, 0, troll)
    assert faction_bonus(pos.g, pos.t, 0) == 0


def test_the_side_is_forgotten_at_the_next_turn():
    pos, humans, troll = battleground_position(PANDAREN, humans=1)
    pos.g.gst[L.G_SIDE] = ALLIANCE  # chosen in the turn before
    pos.g.ply[0, L.P_HAND] = 0
    play_turn(pos.g, pos.t, 0)
    assert pos.g.gst[L.G_SIDE] == HORDE  # chosen anew: one Human, one Troll beside it
    pos.g.reg[0, L.R_MARKERS_UP] = 0  # the Battleground lost: no side at all
    play_turn(pos.g, pos.t, 0)
    assert pos.g.gst[L.G_SIDE] == -1


def chapel_position():
    pos = Position()
    home = pos.region("Fields", "Entry")
    chapel = pos.region("Hills", neighbours=[home])
    other = pos.region("Forest", neighbours=[home])
    pos.marker(chapel, LIGHTS_HOPE)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=20)
    pos.put(chapel, 1, ORCS, 3)
    pos.put(other, 1, ORCS, 2)
    return pos, chapel, other


def test_lights_hope_saves_every_token_of_its_race_when_attacked():
    pos, chapel, other = chapel_position()
    assert go(pos, 0, other) == ATTACK_DONE
    assert pos.hand(1) == 2  # none discarded


def test_lights_hope_saves_its_tokens_one_last_time_when_it_falls():
    pos, chapel, other = chapel_position()
    assert go(pos, 0, chapel) == ATTACK_DONE
    assert pos.hand(1) == 3
    assert controls_marker(pos.g, 0, LIGHTS_HOPE)
    # from now on the Orcs lose tokens as usual
    assert go(pos, 0, other) == ATTACK_DONE
    assert pos.hand(1) == 3 + 1


def test_spirit_healer_gives_one_token_at_redeployment_while_the_box_has_one():
    pos = Position()
    home = pos.region("Fields", "Entry")
    pos.marker(home, SPIRIT_HEALER)
    box = int(pos.t.race[HUMANS, L.RT_BOX])
    pos.put(home, 0, HUMANS, 3)
    pos.give(0, HUMANS, hand=0)
    redeploy(pos.g, pos.t, 0)
    assert pos.tokens(home) == 4
    pos.g.reg[home, L.R_TOKENS] = box
    redeploy(pos.g, pos.t, 0)
    assert pos.tokens(home) == box


def test_spirit_healer_gives_nothing_in_decline():
    pos = Position()
    home = pos.region("Fields", "Entry")
    healer = pos.region("Hills", neighbours=[home])
    pos.marker(healer, SPIRIT_HEALER)
    pos.put(healer, 0, HUMANS, 3)
    pos.give(0, HUMANS, hand=0)
    go_into_decline(pos.g, pos.t, 0)
    pos.put(home, 0, ORCS, 3)
    redeploy(pos.g, pos.t, 0)
    assert pos.tokens(home) == 3 and pos.tokens(healer) == 1


def well_position():
    pos = Position(n_players=3)
    well = pos.region("Lake")
    shore = [pos.region("Fields", neighbours=[well]) for _ in range(5)]
    pos.marker(well, WELL_OF_ETERNITY)
    return pos, well, shore


def test_the_well_pays_the_race_with_most_regions_next_to_it_even_in_decline():
    pos, well, shore = well_position()
    pos.put(shore[0], 0, HUMANS, 1, decline=True)
    pos.put(shore[1], 0, HUMANS, 1, decline=True)
    pos.put(shore[2], 0, ORCS, 1)
    pos.put(shore[3], 1, TROLLS, 1)
    assert decline_bonus(pos.g, pos.t, 0) == 2
    assert active_bonus(pos.g, pos.t, 0) == 0
    before = pos.coins(0)
    score_turn(pos.g, pos.t, 0)
    assert pos.coins(0) == before + 3 + 2
    assert vc_decline(pos, 0) == 2 + 2


def test_the_well_pays_nobody_on_a_tie_and_murlocs_count():
    pos, well, shore = well_position()
    pos.put(shore[0], 0, HUMANS, 1)
    pos.put(shore[1], 0, HUMANS, 1)
    pos.put(shore[2], 1, TROLLS, 1)
    pos.put(shore[3], 1, TROLLS, 1)
    assert active_bonus(pos.g, pos.t, 0) == 0
    assert active_bonus(pos.g, pos.t, 1) == 0
    pos.empty(shore[3])
    assert active_bonus(pos.g, pos.t, 0) == 2
    pos.murloc(shore[3])
    pos.murloc(shore[4])
    assert active_bonus(pos.g, pos.t, 0) == 0
    # a Naga in the Well's own water is not next to it
    pos.murloc(shore[2])
    pos.put(well, 2, NAGA, 1)
    assert active_bonus(pos.g, pos.t, 2) == 0


def test_a_face_down_well_pays_nothing():
    pos, well, shore = well_position()
    pos.g.reg[well, L.R_MARKERS_UP] = 0
    pos.g.board[well, L.B_SYMBOLS] = 1 << 5
    pos.put(shore[0], 0, HUMANS, 1)
    assert active_bonus(pos.g, pos.t, 0) == 0


def test_karazhan_and_dark_portal_share_a_region_with_an_artifact():
    pos = Position()
    a = pos.region("Hills", "Entry")
    b = pos.region("Hills", neighbours=[a])
    pos.marker(a, KARAZHAN)
    pos.marker(a, DARK_PORTAL)
    pos.marker(a, FROSTMOURNE)
    pos.put(a, 0, HUMANS, 1)
    pos.put(b, 0, HUMANS, 1)
    pos.give(0, HUMANS)
    assert active_bonus(pos.g, pos.t, 0) == 2 + 1


def test_the_meeting_stone_still_waives_travel_beside_another_marker():
    pos = Position()
    home = pos.region("Fields", "Entry")
    far = pos.region("Forest", "Entry", board=1)
    pos.marker(home, MEETING_STONE)
    pos.marker(home, AEGIS)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=5)
    assert pos.cost(0, far) == 2


# =================================================================== Ethereals
def ethereals_position():
    pos = Position()
    home = pos.region("Fields", "Entry")
    pile = pos.region("Hills", neighbours=[home])
    near = pos.region("Forest", neighbours=[home])
    far = pos.region("Swamp", neighbours=[near])
    pos.put(home, 0, ETHEREALS, 3)
    pos.give(0, ETHEREALS, hand=6, coins=5)
    pos.put(near, 1, ORCS, 2)
    return pos, home, pile, near, far


def test_ethereals_pull_a_neighbouring_artifact_into_their_region():
    pos, home, pile, near, far = ethereals_position()
    pos.marker(near, FROSTMOURNE)
    pos.marker(far, ASHES)
    assert may_steal(pos.g, 0, FROSTMOURNE, near, home)
    assert not may_steal(pos.g, 0, ASHES, far, home)  # not next to them
    ethereals_steal(pos.g, pos.t, 0)  # the heuristic takes it
    assert pos.markers(home) == {FROSTMOURNE: True} and pos.markers(near) == {}
    assert pos.g.gst[L.G_USED] & MODE_ETHEREALS
    # ...and may swing it at once, but not steal or take a Place cheaply again
    assert modes(pos, 0) == MODE_FROSTMOURNE
    pos.marker(pile, DOOMHAMMER)
    ethereals_steal(pos.g, pos.t, 0)
    assert pos.markers(pile) == {DOOMHAMMER: True}


def test_ethereals_pay_an_aegis_to_steal_it():
    pos, home, pile, near, far = ethereals_position()
    pos.marker(near, AEGIS)
    pos.g.ply[1, L.P_COINS] = 0
    pos.policy(0, "random")
    while not pos.g.gst[L.G_USED]:  # the random bot may pass: ask until it steals
        ethereals_steal(pos.g, pos.t, 0)
    assert pos.markers(home) == {AEGIS: True}
    assert pos.coins(0) == 3 and pos.coins(1) == 2
    pos.g.ply[0, L.P_COINS] = 1
    pos.marker(near, AEGIS)
    assert not may_steal(pos.g, 0, AEGIS, near, home)


def test_ethereals_take_a_neighbouring_place_two_tokens_cheaper():
    pos, home, pile, near, far = ethereals_position()
    pos.marker(near, KARAZHAN)
    pos.marker(pile, FROSTMOURNE)  # an Artifact: no discount
    pos.marker(far, DARK_PORTAL)  # not next to them
    assert modes(pos, 0) == MODE_ETHEREALS
    assert go(pos, 0, pile, MODE_ETHEREALS) == ATTACK_ILLEGAL
    assert go(pos, 0, far, MODE_ETHEREALS) == ATTACK_ILLEGAL
    assert pos.cost(0, near) == 4
    assert go(pos, 0, near, MODE_ETHEREALS) == ATTACK_DONE
    assert pos.tokens(near) == 2
    # once a turn, shared with the theft
    assert modes(pos, 0) == 0
    assert not pos.g.gst[L.G_USED] & ~MODE_ETHEREALS


def test_ethereals_need_the_place_face_up():
    pos, home, pile, near, far = ethereals_position()
    pos.g.board[near, L.B_SYMBOLS] = 1 << 5
    pos.marker(near, KARAZHAN, up=False)
    assert go(pos, 0, near, MODE_ETHEREALS) == ATTACK_ILLEGAL


def test_other_races_neither_steal_nor_get_the_place_discount():
    pos = Position()
    home = pos.region("Fields", "Entry")
    near = pos.region("Forest", neighbours=[home])
    pos.marker(near, KARAZHAN)
    pos.put(home, 0, DWARVES, 1)
    pos.give(0, DWARVES, hand=5)
    assert modes(pos, 0) == 0
    assert go(pos, 0, near, MODE_ETHEREALS) == ATTACK_ILLEGAL


def test_a_full_ethereals_turn_keeps_the_invariants():
    pos, home, pile, near, far = ethereals_position()
    pos.marker(near, DARK_PORTAL)
    pos.marker(pile, FROSTMOURNE)
    pos.g.ply[0, L.P_HAND] = 0
    play_turn(pos.g, pos.t, 0)
    assert check_invariants(pos.g, pos.t) == 0
    assert pos.g.gst[L.G_USED] & MODE_ETHEREALS  # the heuristic stole Frostmourne
    where = [r for r in range(int(pos.g.gst[L.G_NREG])) if FROSTMOURNE in pos.markers(r)]
    assert len(where) == 1 and pos.holder(where[0])[0] == 0


# ========================================================== the bots use them
@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_the_bots_use_every_artifact_in_real_games(kind):
    """Over 120 logged four-player games of one bot kind, every Artifact is moved
    by its use (or placed) at least once, and every game keeps its invariants."""
    from builder import base_tables

    from analyzer.engine.layout import EV_MOVE
    from analyzer.gameloop.api import play_logged
    from analyzer.players.params import default_vector, policy_id

    moved = set()
    for game in range(120):
        g, _ = play_logged(
            base_tables(), 4, 11, game, [policy_id(kind)] * 4, [default_vector(kind)] * 4
        )
        assert g.gst[L.G_ERROR] == 0
        n = int(g.gst[L.G_LOG_N])
        moved |= {int(row[4]) for row in g.log[:n] if row[1] == EV_MOVE and row[5] >= 0}
    assert {AEGIS, ASHES, DOOMHAMMER, FROSTMOURNE, HEART, WELL_OF_ETERNITY} <= moved
