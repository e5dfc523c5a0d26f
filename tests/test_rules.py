"""The rulebook, one action at a time: each test builds a small position by hand
(tests/builder.py), calls one engine kernel and checks the exact tokens, owners
and VC that the rules ask for. docs/rulings.md names the tests that settle a
question the rulebook leaves open."""

from __future__ import annotations

import numpy as np
import pytest
from builder import NO_POWER, Position, base_tables
from kernels import (
    active_bonus,
    check_invariants,
    conquer,
    die_allowed,
    faction_bonus,
    final_attempt,
    final_standings,
    go_into_decline,
    init_streams,
    play_turn,
    redeploy,
    return_race,
    score_turn,
    setup_game,
    take_combo,
    turn_start,
)

from analyzer.engine import layout as L
from analyzer.engine.layout import EV_CONQUER, EV_SCORE
from analyzer.engine.state import new_game
from analyzer.players.params import N_POLICY_PARAMS
from analyzer.rulesets.swow.abilities import FORM_HUMAN, FORM_WORGEN
from analyzer.rulesets.swow.ids import (
    AEGIS,
    ARCHAEOLOGIST,
    ASHES,
    BATTLE_MASTER,
    BEAST_MASTER,
    BLACKSMITH,
    BLOOD_ELVES,
    C_MOUNTAINS,
    CHAMPIONING,
    DARK_PORTAL,
    DWARVES,
    ENRAGED,
    EXPLORER,
    FARMER,
    FISHING,
    FORSAKEN,
    HERBALIST,
    HUMANS,
    KARAZHAN,
    KOBOLDS,
    MEETING_STONE,
    MINING,
    MOUNTAIN_TERRAIN,
    MOUNTAINEER,
    MURLOC,
    NAGA,
    NIGHT_ELVES,
    ORCS,
    RANGER,
    SAILING,
    SWAMP_WALKER,
    SYM_MOUNTAIN,
    TAUREN,
    TROLLS,
    WORGEN,
)


def take(pos, p, r):
    """p's active race conquers r with exactly what it costs; returns the cost."""
    cost = pos.cost(p, r)
    assert 0 <= cost <= pos.hand(p), f"region {r} costs {cost} with {pos.hand(p)} in hand"
    conquer(pos.g, pos.t, p, r, cost)
    return cost


def vc_active(pos, p):
    return int(pos.g.inst[pos.g.ply[p, L.P_INSTANCE], L.I_VC_ACTIVE])


def defeated(pos, race):
    return int(pos.g.gst[L.G_DEFEATED + race])


# ======================================================================== conquest
def test_murloc_entry_fields_costs_four_for_a_first_conquest():
    pos = Position()
    fields = pos.region("Fields", "Entry", "Murloc")
    pos.give(0, BLOOD_ELVES, hand=6)
    assert pos.holder(fields) == (-1, MURLOC, 1, True)
    # 2 + 1 Murloc + 1 travel from the sea
    assert pos.targets(0) == {fields: 4}
    conquer(pos.g, pos.t, 0, fields, 4)
    assert pos.holder(fields) == (0, BLOOD_ELVES, 4, False)
    assert pos.hand(0) == 2
    assert defeated(pos, MURLOC) == 1


def test_first_conquest_only_through_entry_regions():
    pos = Position()
    entry = pos.region("Fields", "Entry")
    inland = pos.region("Hills", neighbours=[entry])
    far_entry = pos.region("Forest", "Entry")
    pos.give(0, HUMANS, hand=6)
    assert pos.targets(0) == {entry: 3, far_entry: 3}
    assert pos.cost(0, inland) == -1


def test_later_conquests_are_adjacent_or_an_entry_region_with_travel():
    pos = Position()
    home = pos.region("Fields", "Entry")
    next_door = pos.region("Hills", neighbours=[home])
    entry_next_door = pos.region("Forest", "Entry", neighbours=[home])
    far_inland = pos.region("Swamp")
    far_entry = pos.region("Fields", "Entry")
    other_board = pos.region("Hills", "Entry", board=1)
    pos.put(home, 0, HUMANS, 2)
    pos.give(0, HUMANS, hand=6)
    assert pos.targets(0) == {next_door: 2, entry_next_door: 2, far_entry: 3, other_board: 3}
    assert pos.cost(0, far_inland) == -1
    assert pos.cost(0, home) == -1  # its own region


def test_seas_and_lakes_are_closed_but_to_the_naga():
    for race, want in ((HUMANS, -1), (NAGA, 2)):
        pos = Position()
        home = pos.region("Fields", "Entry")
        sea = pos.region("Sea", neighbours=[home])
        lake = pos.region("Lake", neighbours=[home])
        pos.put(home, 0, race, 2)
        assert pos.cost(0, sea) == want
        assert pos.cost(0, lake) == want


def test_naga_first_conquest_may_be_a_sea_for_two_tokens():
    pos = Position()
    sea = pos.region("Sea")
    lake = pos.region("Lake")
    entry = pos.region("Fields", "Entry", neighbours=[sea])
    inland = pos.region("Hills", neighbours=[sea])
    pos.give(0, NAGA, hand=6)
    assert pos.targets(0) == {sea: 2, lake: 2, entry: 3}
    conquer(pos.g, pos.t, 0, sea, 2)
    assert pos.holder(sea) == (0, NAGA, 2, False)
    # and it spreads from there: the land next to the sea is now adjacent
    assert pos.cost(0, inland) == 2
    assert pos.cost(0, entry) == 2


def test_kobolds_enter_through_a_cavern_with_no_travel_cost():
    pos = Position()
    cave = pos.region("Hills", "Cavern")
    entry = pos.region("Fields", "Entry")
    inland = pos.region("Forest", neighbours=[cave])
    pos.give(0, KOBOLDS, hand=6)
    assert pos.targets(0) == {cave: 2, entry: 3}
    assert pos.cost(0, inland) == -1


def test_kobolds_attack_any_cavern_as_if_adjacent():
    pos = Position()
    home = pos.region("Fields", "Entry")
    far_cave = pos.region("Hills", "Cavern", "Murloc")
    far_entry_cave = pos.region("Swamp", "Entry", "Cavern")
    far_inland = pos.region("Forest")
    pos.put(home, 0, KOBOLDS, 2)
    assert pos.targets(0) == {far_cave: 3, far_entry_cave: 2}
    assert pos.cost(0, far_inland) == -1
    # anyone else reaches these caverns only as regions far away
    other = Position()
    home = other.region("Fields", "Entry")
    far_cave = other.region("Hills", "Cavern")
    other.put(home, 0, HUMANS, 2)
    assert other.cost(0, far_cave) == -1


# (race, power, terrain, symbols, defenders, expected cost) for a region next door
COSTS = [
    (HUMANS, NO_POWER, "Fields", (), 0, 2),
    (HUMANS, NO_POWER, "Mountain", ("Mountain",), 0, 3),
    (HUMANS, NO_POWER, "Mountain", ("Mountain", "Murloc"), 0, 4),
    (HUMANS, NO_POWER, "Fields", (), 3, 5),
    (DWARVES, NO_POWER, "Mountain", ("Mountain",), 0, 1),
    (DWARVES, NO_POWER, "Mountain", ("Mountain", "Murloc"), 0, 2),
    (DWARVES, NO_POWER, "Fields", (), 0, 2),
    (DWARVES, NO_POWER, "Hills", ("Mountain",), 0, 3),  # the discount goes by terrain
    (TROLLS, NO_POWER, "Fields", (), 0, 2),
    (TROLLS, NO_POWER, "Fields", ("Murloc",), 0, 2),
    (TROLLS, NO_POWER, "Fields", (), 2, 3),
    (TROLLS, NO_POWER, "Mountain", ("Mountain",), 0, 3),
    (NIGHT_ELVES, NO_POWER, "Forest", (), 0, 1),
    (NIGHT_ELVES, NO_POWER, "Forest", (), 2, 3),
    (NIGHT_ELVES, NO_POWER, "Fields", (), 0, 2),
    (HUMANS, BLACKSMITH, "Fields", (), 0, 1),
    (HUMANS, BLACKSMITH, "Fields", ("Murloc",), 0, 2),
    # at least one token always
    (DWARVES, BLACKSMITH, "Mountain", ("Mountain",), 0, 1),
    (NIGHT_ELVES, BLACKSMITH, "Forest", (), 0, 1),
    (TROLLS, BLACKSMITH, "Fields", ("Murloc",), 0, 1),
    # Tauren never hold a region with fewer than 2
    (TAUREN, BLACKSMITH, "Fields", (), 0, 2),
    (TAUREN, NO_POWER, "Fields", (), 0, 2),
]


@pytest.mark.parametrize(("race", "power", "terrain", "symbols", "defenders", "want"), COSTS)
def test_conquest_cost(race, power, terrain, symbols, defenders, want):
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region(terrain, *symbols, neighbours=[home])
    pos.give(0, race, power=power, hand=10)
    pos.put(home, 0, race, 2)
    if defenders:
        pos.put(target, 1, HUMANS if race != HUMANS else ORCS, defenders)
    assert pos.cost(0, target) == want


def test_sailing_pays_no_travel_cost_even_on_the_first_conquest():
    pos = Position()
    entry = pos.region("Fields", "Entry")
    far_entry = pos.region("Hills", "Entry")
    pos.give(0, HUMANS, power=SAILING, hand=6)
    assert pos.targets(0) == {entry: 2, far_entry: 2}
    conquer(pos.g, pos.t, 0, entry, 2)
    assert pos.cost(0, far_entry) == 2


def test_meeting_stone_waives_the_travel_cost_while_held_and_revealed():
    pos = Position()
    stone = pos.region("Fields", "Entry")
    far_entry = pos.region("Hills", "Entry")
    pos.put(stone, 0, HUMANS, 2)
    pos.marker(stone, MEETING_STONE, up=True)
    assert pos.cost(0, far_entry) == 2
    pos.marker(stone, MEETING_STONE, up=False)
    assert pos.cost(0, far_entry) == 3


# ================================================================== losses
def test_a_lone_defending_token_is_discarded():
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    other = pos.region("Forest")
    pos.put(home, 0, BLOOD_ELVES, 1)
    pos.give(0, BLOOD_ELVES, hand=5)
    pos.put(target, 1, HUMANS, 1)
    pos.put(other, 1, HUMANS, 2)
    assert take(pos, 0, target) == 3
    assert pos.holder(target) == (0, BLOOD_ELVES, 3, False)
    assert pos.hand(1) == 0
    assert pos.holder(other) == (1, HUMANS, 2, False)


def test_several_defenders_lose_one_token_and_take_the_rest_in_hand():
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    other = pos.region("Forest")
    pos.put(home, 0, BLOOD_ELVES, 1)
    pos.give(0, BLOOD_ELVES, hand=8)
    pos.put(target, 1, HUMANS, 4)
    pos.put(other, 1, HUMANS, 1)
    assert take(pos, 0, target) == 6
    assert pos.holder(target) == (0, BLOOD_ELVES, 6, False)
    assert pos.hand(1) == 3


def test_in_decline_defenders_are_all_discarded():
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    other = pos.region("Forest")
    pos.put(home, 0, BLOOD_ELVES, 1)
    pos.give(0, BLOOD_ELVES, hand=8)
    pos.put(target, 1, TAUREN, 2, decline=True)
    pos.put(other, 1, TAUREN, 2, decline=True)
    pos.give(1, HUMANS, hand=0)
    assert take(pos, 0, target) == 4
    assert pos.holder(target) == (0, BLOOD_ELVES, 4, False)
    assert pos.hand(1) == 0
    assert pos.g.ply[1, L.P_DECLINE_RACE] == TAUREN  # it still holds a region


def test_the_last_in_decline_region_falling_returns_the_banner():
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.put(home, 0, BLOOD_ELVES, 1)
    pos.give(0, BLOOD_ELVES, hand=8)
    pos.put(target, 1, FORSAKEN, 1, decline=True)
    # a full column: the banner goes to the bottom of the stack
    assert FORSAKEN not in pos.race_stack() + pos.column_races()
    take(pos, 0, target)
    assert pos.g.ply[1, L.P_DECLINE_RACE] == -1
    assert pos.g.ply[1, L.P_DECLINE_INSTANCE] == -1
    assert pos.race_stack()[-1] == FORSAKEN
    assert FORSAKEN not in pos.column_races()


def test_the_last_in_decline_region_falling_fills_an_empty_column_slot():
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.put(home, 0, BLOOD_ELVES, 1)
    pos.give(0, BLOOD_ELVES, hand=8)
    pos.put(target, 1, FORSAKEN, 1, decline=True)
    pos.column([(HUMANS, FARMER), (ORCS, RANGER), (NAGA, MINING), (TROLLS, SAILING)])
    badge = pos.power_stack()[0]
    take(pos, 0, target)
    assert pos.column_races() == [HUMANS, ORCS, NAGA, TROLLS, FORSAKEN, -1]
    assert pos.column_powers()[4] == badge
    assert FORSAKEN not in pos.race_stack()


def test_withdrawn_tokens_with_no_region_left_stay_in_hand_for_a_first_conquest():
    pos = Position()
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    inland = pos.region("Forest", neighbours=[target])
    far_entry = pos.region("Swamp", "Entry")
    pos.put(home, 0, BLOOD_ELVES, 1)
    pos.give(0, BLOOD_ELVES, hand=8)
    pos.put(target, 1, HUMANS, 3)
    take(pos, 0, target)
    assert pos.hand(1) == 2
    # no region left: the next conquest follows the first-conquest rules
    assert pos.targets(1) == {home: 4, far_entry: 3}
    assert pos.cost(1, inland) == -1
    # ...unless the player declines instead: the tokens go back to the box
    go_into_decline(pos.g, pos.t, 1)
    assert pos.hand(1) == 0
    assert pos.g.ply[1, L.P_DECLINE_RACE] == -1  # nothing on the map: banner returned at once
    assert pos.race_stack()[-1] == HUMANS


# ======================================================================== die
def die_position(hand, defenders, race=BLOOD_ELVES, die_faces=None):
    pos = Position(die_faces=die_faces)
    home = pos.region("Fields", "Entry")
    target = pos.region("Hills", neighbours=[home])
    pos.put(home, 0, race, 2)
    pos.give(0, race, hand=hand)
    pos.put(target, 1, HUMANS, defenders)
    pos.put(pos.region("Forest"), 1, HUMANS, 1)
    return pos, home, target


@pytest.mark.parametrize(
    ("hand", "defenders", "allowed"),
    [
        (1, 2, True),  # cost 4: 3 short
        (1, 3, False),  # cost 5: 4 short
        (2, 3, True),  # cost 5: 3 short
        (0, 0, False),  # no token left
        (2, 0, False),  # cost 2: not short, no die
        (3, 0, False),
    ],
)
def test_the_final_attempt_may_be_at_most_three_short(hand, defenders, allowed):
    pos, _, target = die_position(hand, defenders)
    cost = pos.cost(0, target)
    assert cost == 2 + defenders
    assert bool(die_allowed(pos.g, pos.t, 0, cost)) is allowed


def test_tauren_need_two_tokens_for_the_final_attempt():
    pos, _, target = die_position(1, 1, race=TAUREN)
    assert pos.cost(0, target) == 3
    assert not die_allowed(pos.g, pos.t, 0, 3)
    pos.g.ply[0, L.P_HAND] = 2
    assert die_allowed(pos.g, pos.t, 0, 3)
    assert die_allowed(pos.g, pos.t, 0, 5)


def test_a_lucky_die_puts_every_remaining_token_in_the_target():
    pos, _, target = die_position(2, 3, die_faces=(3,) * 6)
    assert pos.cost(0, target) == 5
    assert final_attempt(pos.g, pos.t, 0, target, 5)
    assert pos.holder(target) == (0, BLOOD_ELVES, 2, False)
    assert pos.hand(0) == 0
    assert pos.hand(1) == 2  # 3 defenders: one lost, two withdrawn
    assert pos.g.gst[L.G_DIE_ROLLS] == 1


def test_a_failed_die_leaves_the_tokens_in_hand_to_redeploy():
    pos, home, target = die_position(2, 2, die_faces=(0,) * 6)
    assert pos.cost(0, target) == 4
    assert not final_attempt(pos.g, pos.t, 0, target, 4)
    assert pos.holder(target) == (1, HUMANS, 2, False)
    assert pos.hand(0) == 2
    assert pos.hand(1) == 0
    redeploy(pos.g, pos.t, 0)
    assert pos.hand(0) == 0
    assert pos.holder(home) == (0, BLOOD_ELVES, 4, False)


# ==================================================================== scoring
def test_forsaken_herbalist_in_three_regions_one_of_them_hills_score_four():
    pos = Position()
    regions = [pos.region("Hills"), pos.region("Fields"), pos.region("Forest")]
    pos.give(0, FORSAKEN, power=HERBALIST, coins=0)
    for r in regions:
        pos.put(r, 0, FORSAKEN, 2)
    assert score_turn(pos.g, pos.t, 0) == 4
    assert pos.coins(0) == 4
    assert vc_active(pos, 0) == 4


def blood_elves_raid():
    """Blood Elves land on a Dwarves Entry region, then take two Humans regions."""
    pos = Position()
    dwarf = pos.region("Fields", "Entry")
    human1 = pos.region("Hills", neighbours=[dwarf])
    human2 = pos.region("Forest", neighbours=[human1])
    pos.give(0, BLOOD_ELVES, hand=10, coins=0)
    pos.put(dwarf, 1, DWARVES, 1)
    pos.put(pos.region("Swamp"), 1, DWARVES, 1)
    pos.put(human1, 2, HUMANS, 1)
    pos.put(human2, 2, HUMANS, 1)
    pos.put(pos.region("Swamp"), 2, HUMANS, 1)
    return pos, dwarf, human1, human2


def test_blood_elves_beating_dwarves_and_humans_get_a_faction_bonus_of_two():
    pos, dwarf, human1, human2 = blood_elves_raid()
    assert take(pos, 0, dwarf) == 4
    assert take(pos, 0, human1) == 3
    assert take(pos, 0, human2) == 3
    assert defeated(pos, HUMANS) == 2
    assert faction_bonus(pos.g, pos.t, 0) == 2  # 1 for the Dwarves, 1 for the Humans
    assert score_turn(pos.g, pos.t, 0) == 3 + 2
    assert vc_active(pos, 0) == 5


def test_a_neutral_attacker_gets_no_faction_bonus():
    pos, dwarf, human1, _ = blood_elves_raid()
    pos.give(0, NAGA, hand=10, coins=0)
    take(pos, 0, dwarf)
    take(pos, 0, human1)
    assert faction_bonus(pos.g, pos.t, 0) == 0


def test_murlocs_never_give_a_faction_bonus():
    for race in (BLOOD_ELVES, HUMANS, NAGA):
        pos = Position()
        fields = pos.region("Fields", "Entry", "Murloc")
        pos.give(0, race, hand=6)
        take(pos, 0, fields)
        assert defeated(pos, MURLOC) == 1
        assert faction_bonus(pos.g, pos.t, 0) == 0


def test_neutral_defenders_give_no_faction_bonus():
    pos = Position()
    entry = pos.region("Fields", "Entry")
    pos.give(0, BLOOD_ELVES, hand=6)
    pos.put(entry, 1, NAGA, 1)
    take(pos, 0, entry)
    assert faction_bonus(pos.g, pos.t, 0) == 0


def test_an_active_and_an_in_decline_race_count_separately():
    pos = Position()
    home = pos.region("Fields", "Entry")
    human = pos.region("Hills", neighbours=[home])
    dwarf = pos.region("Forest", neighbours=[home])
    pos.put(home, 0, ORCS, 1)
    pos.give(0, ORCS, hand=8)
    pos.put(human, 1, HUMANS, 1)  # player 1's active Humans
    pos.put(dwarf, 1, DWARVES, 1, decline=True)  # and its Dwarves in decline
    pos.put(pos.region("Swamp"), 1, HUMANS, 1)
    take(pos, 0, human)
    take(pos, 0, dwarf)
    assert faction_bonus(pos.g, pos.t, 0) == 2


NON_EMPTY = (
    "A Region is deemed non-empty if, and only if, it contains at least one Murloc or "
    "Race token (Active or In Decline)."
)


def test_conquering_your_own_in_decline_region_is_a_cost_not_a_victory():
    """Rulebook: "A Region is deemed non-empty if, and only if, it contains at least
    one Murloc or Race token (Active or In Decline)." Battle Master: "Each time it
    conquers a non-empty Region, it collects 1 bonus Victory Coin." The player's own
    in-decline region is non-empty (ruling 15), but no race of the other faction
    was defeated."""
    assert "(Active or In Decline)" in NON_EMPTY
    pos = Position()
    home = pos.region("Fields", "Entry")
    old = pos.region("Hills", neighbours=[home])
    other = pos.region("Forest", neighbours=[home])
    pos.give(0, BLOOD_ELVES, power=BATTLE_MASTER, hand=8, coins=0)
    pos.put(home, 0, BLOOD_ELVES, 1)
    pos.put(old, 0, HUMANS, 1, decline=True)
    assert take(pos, 0, old) == 3
    assert pos.holder(old) == (0, BLOOD_ELVES, 3, False)
    assert pos.g.ply[0, L.P_DECLINE_RACE] == -1  # its last region: the banner is back
    assert faction_bonus(pos.g, pos.t, 0) == 0  # no opponent defeated
    assert pos.coins(0) == 1  # a non-empty region: the Battle Master coin
    # an opponent's in-decline Humans are a defeated race, and a battle won
    pos.put(other, 1, HUMANS, 1, decline=True)
    assert take(pos, 0, other) == 3
    assert faction_bonus(pos.g, pos.t, 0) == 1
    assert pos.coins(0) == 2


def test_enraged_and_the_orcs_gain_nothing_from_their_own_in_decline_tokens():
    """Enraged: "as many bonus Victory Coins as the number of defending Race tokens";
    one's own in-decline tokens do not defend against their player (ruling 15)."""
    pos = Position()
    home = pos.region("Fields", "Entry")
    old = pos.region("Hills", neighbours=[home])
    pos.give(0, ORCS, power=ENRAGED, hand=8, coins=0)
    pos.put(home, 0, ORCS, 1)
    pos.put(old, 0, HUMANS, 2, decline=True)  # an Alliance race: no Orcs' coin either
    take(pos, 0, old)
    assert pos.coins(0) == 0


def test_the_forsaken_enlist_nothing_from_their_own_in_decline_tokens():
    pos = Position()
    home = pos.region("Fields", "Entry")
    old = pos.region("Hills", neighbours=[home])
    pos.give(0, FORSAKEN, hand=6)
    pos.put(home, 0, FORSAKEN, 1)
    pos.put(old, 0, HUMANS, 2, decline=True)
    take(pos, 0, old)
    assert pos.g.gst[L.G_KILLS] == 0  # not "their enemies"


def test_vc_scored_in_the_decline_turn_count_as_in_decline_vc():
    pos = Position()
    regions = [pos.region("Hills"), pos.region("Hills"), pos.region("Fields")]
    i = pos.give(0, FORSAKEN, power=HERBALIST, coins=0)
    for r in regions:
        pos.put(r, 0, FORSAKEN, 3)
    go_into_decline(pos.g, pos.t, 0)
    assert score_turn(pos.g, pos.t, 0) == 3  # 1 per region, no Herbalist bonus
    assert pos.g.inst[i, L.I_VC_DECLINE] == 3
    assert pos.g.inst[i, L.I_VC_ACTIVE] == 0
    assert pos.coins(0) == 3


# ================================================================== decline
def decline_position(active=BLOOD_ELVES):
    """Player 0: Forsaken in decline on two regions, `active` on three."""
    pos = Position()
    old = [pos.region("Fields"), pos.region("Hills")]
    new = [pos.region("Forest"), pos.region("Swamp"), pos.region("Hills")]
    for r in old:
        pos.put(r, 0, FORSAKEN, 1, decline=True)
    i = pos.give(0, active, power=HERBALIST, hand=2)
    for r, n in zip(new, (3, 2, 4), strict=True):
        pos.put(r, 0, active, n)
    return pos, old, new, i


def test_decline_wipes_the_earlier_decline_race_and_keeps_one_token_a_region():
    pos, old, new, i = decline_position()
    go_into_decline(pos.g, pos.t, 0)
    for r in old:
        assert pos.holder(r) == (-1, -1, 0, False)
    assert pos.race_stack()[-1] == FORSAKEN  # the column is full
    for r in new:
        assert pos.holder(r) == (0, BLOOD_ELVES, 1, True)
    ply = pos.g.ply[0]
    assert pos.hand(0) == 0
    assert (ply[L.P_RACE], ply[L.P_POWER]) == (-1, -1)
    assert (ply[L.P_DECLINE_RACE], ply[L.P_DECLINE_POWER]) == (BLOOD_ELVES, -1)
    assert ply[L.P_DECLINE_INSTANCE] == i and ply[L.P_INSTANCE] == -1
    assert pos.power_discards() == [HERBALIST]
    assert pos.g.inst[i, L.I_ROUND_DECLINED] == pos.g.gst[L.G_ROUND]
    assert check_invariants(pos.g, pos.t) == 0


def test_decline_returns_the_earlier_banner_to_the_lowest_empty_column_slot():
    pos, _, _, _ = decline_position()
    pos.column([(HUMANS, FARMER), (ORCS, RANGER), (NAGA, MINING)])
    badge = pos.power_stack()[0]
    go_into_decline(pos.g, pos.t, 0)
    assert pos.column_races() == [HUMANS, ORCS, NAGA, FORSAKEN, -1, -1]
    assert pos.column_powers()[3] == badge
    assert pos.power_stack()[0] != badge


def test_tauren_keep_two_tokens_a_region_in_decline():
    pos, _, new, _ = decline_position(active=TAUREN)
    go_into_decline(pos.g, pos.t, 0)
    for r in new:
        assert pos.holder(r) == (0, TAUREN, 2, True)


def test_a_race_declining_with_no_region_returns_its_banner_at_once():
    pos = Position()
    pos.region("Fields", "Entry")
    pos.give(0, HUMANS, power=FARMER, hand=3)
    go_into_decline(pos.g, pos.t, 0)
    assert pos.g.ply[0, L.P_DECLINE_RACE] == -1
    assert pos.race_stack()[-1] == HUMANS
    assert check_invariants(pos.g, pos.t) == 0


# ============================================================= race and power
def test_battle_master_scores_one_per_non_empty_conquest():
    pos = Position()
    home = pos.region("Fields", "Entry")
    empty = pos.region("Fields", neighbours=[home])
    mountain = pos.region("Mountain", "Mountain", neighbours=[home])
    murloc = pos.region("Fields", "Murloc", neighbours=[home])
    one = pos.region("Hills", neighbours=[home])
    three = pos.region("Hills", neighbours=[home])
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, power=BATTLE_MASTER, hand=20, coins=0)
    pos.put(one, 1, ORCS, 1)
    pos.put(three, 1, ORCS, 3)
    for r, want in ((empty, 0), (mountain, 0), (murloc, 1), (one, 2), (three, 3)):
        take(pos, 0, r)
        assert pos.coins(0) == want
        assert vc_active(pos, 0) == want


def test_enraged_scores_the_defenders_when_there_are_two_or_more():
    pos = Position()
    home = pos.region("Fields", "Entry")
    murloc = pos.region("Fields", "Murloc", neighbours=[home])
    one = pos.region("Hills", neighbours=[home])
    fort = pos.region("Hills", neighbours=[home])
    three = pos.region("Hills", neighbours=[home])
    old = pos.region("Forest", neighbours=[home])
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, power=ENRAGED, hand=30, coins=0)
    pos.put(one, 1, ORCS, 1)
    pos.put(fort, 1, ORCS, 1)
    pos.g.reg[fort, L.R_FORT] = 1  # a Fort defends but is no token
    pos.put(three, 1, ORCS, 3)
    pos.put(old, 2, TAUREN, 2, decline=True)
    for r, want in ((murloc, 0), (one, 0), (fort, 0), (three, 3), (old, 5)):
        take(pos, 0, r)
        assert pos.coins(0) == want


def test_enraged_counts_beasts_and_the_champion_among_the_defending_tokens():
    """Enraged: "For each conquest of a Region with at least two defending Race
    tokens, an Enraged Race collects as many bonus Victory Coins as the number of
    defending Race tokens." Beast Master: "For any purpose, these Beast tokens are
    treated like Race tokens"; Championing: "The Champion counts as 1 Race token
    for defense" (ruling 11)."""
    pos = Position()
    home = pos.region("Fields", "Entry")
    beasts = pos.region("Hills", neighbours=[home])
    champion = pos.region("Hills", neighbours=[home])
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, power=ENRAGED, hand=30, coins=0)
    pos.give(1, ORCS, power=BEAST_MASTER, hand=0, coins=0)
    pos.put(beasts, 1, ORCS, 2)
    pos.g.reg[beasts, L.R_BEASTS] = 1
    pos.give(2, TAUREN, power=CHAMPIONING, hand=0, coins=0)
    pos.put(champion, 2, TAUREN, 2)  # a lone token would not be a Tauren region
    pos.g.reg[champion, L.R_CHAMPION] = 1
    assert take(pos, 0, beasts) == 2 + 2 + 1
    assert pos.coins(0) == 3  # 2 Orcs and a Beast
    assert take(pos, 0, champion) == 2 + 2 + 1
    assert pos.coins(0) == 3 + 3  # 2 Tauren and the Champion (no ransom: no coin)


def test_orcs_score_one_per_alliance_region_active_or_in_decline():
    pos = Position()
    home = pos.region("Fields", "Entry")
    human = pos.region("Hills", neighbours=[home])
    dwarf = pos.region("Hills", neighbours=[home])
    human2 = pos.region("Hills", neighbours=[home])
    troll = pos.region("Forest", neighbours=[home])
    naga = pos.region("Forest", neighbours=[home])
    murloc = pos.region("Swamp", "Murloc", neighbours=[home])
    pos.put(home, 0, ORCS, 1)
    pos.give(0, ORCS, hand=30, coins=0)
    pos.put(human, 1, HUMANS, 1)
    pos.put(human2, 1, HUMANS, 1)
    pos.put(dwarf, 1, DWARVES, 1, decline=True)
    pos.put(troll, 2, TROLLS, 1)
    pos.put(naga, 2, NAGA, 1, decline=True)
    for r, want in ((human, 1), (dwarf, 2), (human2, 3), (troll, 3), (naga, 3), (murloc, 3)):
        take(pos, 0, r)
        assert pos.coins(0) == want
    # on top of the Faction Bonus (Humans and Dwarves: 2), at the end of the turn
    assert faction_bonus(pos.g, pos.t, 0) == 2


def test_explorer_scores_one_per_board():
    pos = Position()
    a = pos.region("Fields", board=0)
    b = pos.region("Hills", board=0)
    c = pos.region("Forest", board=2)
    pos.region("Swamp", board=1)
    pos.give(0, HUMANS, power=EXPLORER)
    for r in (a, b, c):
        pos.put(r, 0, HUMANS, 1)
    assert pos.g.gst[L.G_NBOARDS] == 3
    assert active_bonus(pos.g, pos.t, 0) == 2


def test_fishing_scores_regions_next_to_a_sea_or_lake():
    pos = Position()
    sea = pos.region("Sea")
    lake = pos.region("Lake")
    coast = pos.region("Fields", neighbours=[sea])
    shore = pos.region("Hills", neighbours=[lake])
    inland = pos.region("Forest", neighbours=[coast, shore])
    pos.give(0, HUMANS, power=FISHING)
    for r in (coast, shore, inland):
        pos.put(r, 0, HUMANS, 1)
    assert active_bonus(pos.g, pos.t, 0) == 2


@pytest.mark.parametrize(
    ("power", "terrain", "symbols"),
    [
        (FARMER, "Fields", ()),
        (HERBALIST, "Hills", ()),
        (RANGER, "Forest", ()),
        (SWAMP_WALKER, "Swamp", ()),
        (MOUNTAINEER, "Mountain", ()),
        (MINING, "Hills", ("Cavern",)),
    ],
)
def test_terrain_powers_score_one_per_matching_region(power, terrain, symbols):
    pos = Position()
    pos.give(0, HUMANS, power=power)
    a = pos.region(terrain, *symbols)
    b = pos.region(terrain, *symbols)
    other = pos.region("Fields" if terrain != "Fields" else "Hills")
    for r in (a, b, other):
        pos.put(r, 0, HUMANS, 1)
    assert active_bonus(pos.g, pos.t, 0) == 2
    # in decline the race keeps only its 1 VC per region
    go_into_decline(pos.g, pos.t, 0)
    assert score_turn(pos.g, pos.t, 0) == 3


def test_blood_elves_score_one_per_magic_region_while_active():
    pos = Position()
    magic = [pos.region("Fields", "Magic"), pos.region("Hills", "Magic")]
    plain = pos.region("Forest")
    pos.give(0, BLOOD_ELVES, coins=0)
    for r in (*magic, plain):
        pos.put(r, 0, BLOOD_ELVES, 1)
    assert score_turn(pos.g, pos.t, 0) == 3 + 2
    go_into_decline(pos.g, pos.t, 0)
    assert score_turn(pos.g, pos.t, 0) == 3


def test_archaeologist_scores_one_per_revealed_marker():
    pos = Position()
    a, b, c, d = (pos.region(terrain) for terrain in ("Fields", "Hills", "Forest", "Swamp"))
    pos.marker(a, AEGIS)
    pos.marker(b, ASHES)
    pos.marker(c, KARAZHAN, up=False)
    pos.give(0, HUMANS, power=ARCHAEOLOGIST)
    for r in (a, b, c, d):
        pos.put(r, 0, HUMANS, 1)
    assert active_bonus(pos.g, pos.t, 0) == 2


def test_dark_portal_gives_two_to_the_active_race_holding_it():
    pos = Position()
    portal = pos.region("Fields")
    pos.marker(portal, DARK_PORTAL)
    pos.give(0, HUMANS, coins=0)
    pos.put(portal, 0, HUMANS, 1)
    assert active_bonus(pos.g, pos.t, 0) == 2
    pos.give(0, HUMANS, power=ARCHAEOLOGIST)
    assert active_bonus(pos.g, pos.t, 0) == 3
    # in decline it is worth its 1 VC, no more
    go_into_decline(pos.g, pos.t, 0)
    assert score_turn(pos.g, pos.t, 0) == 1


def test_karazhan_scores_the_other_regions_of_its_terrain():
    pos = Position()
    tower = pos.region("Forest")
    forests = [pos.region("Forest"), pos.region("Forest")]
    fields = pos.region("Fields")
    pos.region("Forest")  # not held
    pos.marker(tower, KARAZHAN)
    pos.give(0, HUMANS)
    for r in (tower, *forests, fields):
        pos.put(r, 0, HUMANS, 1)
    assert active_bonus(pos.g, pos.t, 0) == 2


def worgen_position(coins=3):
    pos = Position()
    home = pos.region("Fields", "Entry")
    empty = pos.region("Hills", neighbours=[home])
    murloc = pos.region("Forest", "Murloc", neighbours=[home])
    far_entry = pos.region("Swamp", "Entry")
    pos.put(home, 0, WORGEN, 1)
    pos.give(0, WORGEN, hand=8, coins=coins)
    return pos, empty, murloc, far_entry


def test_worgen_human_form_gains_two_vc():
    pos, empty, murloc, far_entry = worgen_position()
    assert turn_start(pos.g, pos.t, 0, FORM_HUMAN) == 2
    assert pos.g.ply[0, L.P_FORM] == FORM_HUMAN
    assert pos.targets(0) == {empty: 2, murloc: 3, far_entry: 3}


def test_worgen_form_pays_one_vc_and_makes_every_conquest_one_cheaper():
    pos, empty, murloc, far_entry = worgen_position()
    assert turn_start(pos.g, pos.t, 0, FORM_WORGEN) == -1
    assert pos.g.ply[0, L.P_FORM] == FORM_WORGEN
    assert pos.targets(0) == {empty: 1, murloc: 2, far_entry: 2}


def test_worgen_form_needs_a_coin():
    pos, empty, _, _ = worgen_position(coins=0)
    assert turn_start(pos.g, pos.t, 0, FORM_WORGEN) == 2
    assert pos.g.ply[0, L.P_FORM] == FORM_HUMAN
    assert pos.cost(0, empty) == 2


def test_other_races_take_no_form():
    pos = Position()
    pos.give(0, HUMANS, coins=3)
    assert turn_start(pos.g, pos.t, 0, FORM_WORGEN) == 0
    assert pos.g.ply[0, L.P_FORM] == FORM_HUMAN


# ================================================================ the column
def test_taking_a_combo_drops_a_coin_above_collects_its_coins_and_slides_up():
    pos = Position()
    pos.column(
        [(HUMANS, FARMER), (ORCS, RANGER), (NAGA, MINING), (TROLLS, SAILING), (TAUREN, FISHING)]
        + [(DWARVES, EXPLORER)],
        coins=[0, 1, 0, 2, 0, 0],
    )
    pos.stack(races=[KOBOLDS, WORGEN], powers=[ENRAGED, HERBALIST])
    before = sum(pos.column_coins())
    race, power, collected = take_combo(pos.g, pos.t, pos.g.rng, 5, 3)
    assert (race, power, collected) == (TROLLS, SAILING, 2)
    # one coin on each of the three combos above: slot 3 costs 3
    assert pos.column_coins() == [1, 2, 1, 0, 0, 0]
    assert sum(pos.column_coins()) == before - collected + 3
    assert pos.column_races() == [HUMANS, ORCS, NAGA, TAUREN, DWARVES, KOBOLDS]
    assert pos.column_powers() == [FARMER, RANGER, MINING, FISHING, EXPLORER, ENRAGED]
    assert pos.race_stack()[0] == WORGEN
    assert pos.power_stack()[0] == HERBALIST


def test_the_top_combo_is_free():
    pos = Position()
    top = (pos.column_races()[0], pos.column_powers()[0])
    race, power, collected = take_combo(pos.g, pos.t, pos.g.rng, 0, 0)
    assert (race, power, collected) == (*top, 0)
    assert pos.column_coins() == [0] * 6


def test_a_banner_returned_to_an_empty_slot_takes_a_fresh_badge():
    pos = Position()
    pos.column([(HUMANS, FARMER), (ORCS, RANGER)])
    pos.stack(powers=[ENRAGED, HERBALIST])
    # FORSAKEN is in the stack here: take it out as if a player held it
    pos.give(0, FORSAKEN, decline=True)
    return_race(pos.g, pos.t, pos.g.rng, FORSAKEN)
    assert pos.column_races() == [HUMANS, ORCS, FORSAKEN, -1, -1, -1]
    assert pos.column_powers()[:3] == [FARMER, RANGER, ENRAGED]
    assert pos.column_coins()[2] == 0
    assert pos.power_stack()[0] == HERBALIST


def test_a_banner_returned_to_a_full_column_goes_under_the_stack():
    pos = Position()
    pos.give(0, FORSAKEN, decline=True)
    column, stack, powers = pos.column_races(), pos.race_stack(), pos.power_stack()
    return_race(pos.g, pos.t, pos.g.rng, FORSAKEN)
    assert pos.column_races() == column
    assert pos.race_stack() == [*stack, FORSAKEN]
    assert pos.power_stack() == powers


# ============================================================== whole turns
def test_worgen_take_a_form_in_the_turn_they_are_picked_without_a_coin_human():
    pos = Position(n_players=2, log=True)
    entry = pos.region("Fields", "Entry")
    pos.region("Hills", neighbours=[entry])
    pos.g.ply[0, L.P_COINS] = 0
    pos.stack(races=[WORGEN], powers=[SWAMP_WALKER])
    assert pos.column_races()[0] == WORGEN
    play_turn(pos.g, pos.t, 0)
    assert pos.g.ply[0, L.P_RACE] == WORGEN
    # the bot asks for the Worgen form (its hand is large) but has no coin
    assert pos.g.ply[0, L.P_FORM] == FORM_HUMAN
    assert [e[4] for e in pos.events(EV_CONQUER)] == [3, 2]
    (score,) = pos.events(EV_SCORE)
    assert score[4] == 2
    assert pos.coins(0) == 2 + 2
    assert vc_active(pos, 0) == 4


def test_worgen_take_a_form_in_the_turn_they_are_picked_with_a_coin_worgen():
    pos = Position(n_players=2, log=True)
    entry = pos.region("Fields", "Entry")
    pos.region("Hills", neighbours=[entry])
    pos.g.ply[0, L.P_COINS] = 0
    pos.column([(WORGEN, SWAMP_WALKER), (HUMANS, FARMER)], coins=[1, 0])
    play_turn(pos.g, pos.t, 0)
    assert pos.g.ply[0, L.P_RACE] == WORGEN
    assert pos.g.ply[0, L.P_FORM] == FORM_WORGEN
    assert [e[4] for e in pos.events(EV_CONQUER)] == [2, 1]
    assert pos.coins(0) == 1 - 1 + 2
    assert vc_active(pos, 0) == -1 + 2


def test_worgen_take_a_form_every_turn_they_keep_playing():
    pos = Position(n_players=2, log=True)
    home = pos.region("Fields", "Entry")
    pos.region("Hills", neighbours=[home])
    pos.give(0, WORGEN, hand=0, coins=5)
    pos.put(home, 0, WORGEN, 8)
    play_turn(pos.g, pos.t, 0)
    # 7 tokens free to attack: the bot takes the Worgen form
    assert pos.g.ply[0, L.P_FORM] == FORM_WORGEN
    assert [e[4] for e in pos.events(EV_CONQUER)] == [1]
    assert pos.coins(0) == 5 - 1 + 2


def test_worgen_going_into_decline_take_no_form():
    pos = Position(n_players=2, log=True)
    a = pos.region("Fields", "Entry")
    b = pos.region("Hills", neighbours=[a])
    pos.give(0, WORGEN, hand=0, coins=3)
    pos.put(a, 0, WORGEN, 5)
    pos.put(b, 0, WORGEN, 1)
    pos.policy(0, "heuristic", decline_at_age=1)
    play_turn(pos.g, pos.t, 0)
    assert pos.g.ply[0, L.P_DECLINE_RACE] == WORGEN
    assert pos.coins(0) == 3 + 2


def test_defenders_redeploy_their_withdrawn_tokens_in_the_attackers_turn():
    pos = Position(n_players=2, params={L.PAR_USE_DIE: 0})
    home = pos.region("Fields", "Entry")
    front = pos.region("Hills", neighbours=[home])
    rear = pos.region("Forest", neighbours=[front])
    pos.put(home, 0, BLOOD_ELVES, 7)
    pos.give(0, BLOOD_ELVES, hand=0, coins=0)
    pos.put(front, 1, HUMANS, 3)
    pos.put(rear, 1, HUMANS, 1)
    play_turn(pos.g, pos.t, 0)
    assert pos.holder(front)[:2] == (0, BLOOD_ELVES)
    assert pos.tokens(home) + pos.tokens(front) == 7
    assert pos.hand(0) == 0
    # Humans: 1 of 3 lost, 2 withdrawn and put back on their last region
    assert pos.hand(1) == 0
    assert pos.holder(rear) == (1, HUMANS, 3, False)
    assert pos.coins(0) == 2 + 1  # two regions and the Faction Bonus
    assert check_invariants(pos.g, pos.t) == 0


def test_a_tie_on_vc_and_on_tokens_shares_the_win():
    pos = Position(n_players=3)
    a, b, c, d = (pos.region() for _ in range(4))
    pos.put(a, 0, HUMANS, 2)
    pos.put(b, 1, ORCS, 1)
    pos.put(c, 1, DWARVES, 1, decline=True)  # in-decline tokens count too
    pos.put(d, 2, NAGA, 1)
    for p in range(3):
        pos.g.ply[p, L.P_COINS] = 20
    seats = np.zeros((3, L.S_NF), np.int32)
    final_standings(pos.g, seats)
    assert list(seats[:, L.S_RANK]) == [1, 1, 3]
    assert list(seats[:, L.S_WIN]) == [1, 1, 0]
    assert list(seats[:, L.S_TOKENS_ON_BOARD]) == [2, 2, 1]


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_mountain_tokens_sit_on_regions_with_the_mountain_symbol(n_players):
    t = base_tables()
    regions = t.face_regions
    faces_mountain = (regions[:, L.FR_SYMBOLS] & SYM_MOUNTAIN) != 0
    assert np.array_equal(faces_mountain, regions[:, L.FR_TERRAIN] == MOUNTAIN_TERRAIN)
    for game in range(20):
        g = new_game(N_POLICY_PARAMS, 1)
        init_streams(7, game, g.rng)
        setup_game(g, t, n_players)
        nreg = g.gst[L.G_NREG]
        symbol = (g.board[:nreg, L.B_SYMBOLS] & SYM_MOUNTAIN) != 0
        token = g.reg[:nreg, L.R_MOUNTAIN] == 1
        assert not np.any(token & ~symbol)
        assert token.sum() == min(symbol.sum(), t.params[L.PAR_CAPS + C_MOUNTAINS])


def _round_decliner(round_now, decline_round):
    pos = Position(n_players=2)
    a = pos.region("Fields", "Entry")
    b = pos.region("Hills", neighbours=[a])
    pos.give(0, ORCS, hand=0, coins=3)
    pos.put(a, 0, ORCS, 1)
    pos.put(b, 0, ORCS, 1)
    pos.g.gst[L.G_ROUND] = round_now
    pos.policy(0, "heuristic", decline_round=decline_round, decline_tokens=0)
    play_turn(pos.g, pos.t, 0)
    return pos.g.ply[0, L.P_DECLINE_RACE] == ORCS


def test_decline_round_family_declines_in_exactly_that_round():
    assert not _round_decliner(round_now=3, decline_round=4)
    assert _round_decliner(round_now=4, decline_round=4)
    assert not _round_decliner(round_now=5, decline_round=4)
