"""The special powers of issue 4, one action at a time: each test builds a small
position by hand (tests/builder.py), calls one engine kernel and checks the exact
tokens, coins and pieces (Forts, Watch Towers, Beasts, the Champion) after it.
docs/rulings.md ("Special powers") names the tests that settle a question the
rulebook leaves open."""

from __future__ import annotations

from builder import Position
from kernels import (
    abandon,
    champion_conquest,
    champion_ok,
    check_invariants,
    conquer,
    go_into_decline,
    has_intimidation_dest,
    heuristic_champion,
    heuristic_intimidation,
    heuristic_swap,
    intimidate,
    intimidation_dest_ok,
    intimidation_ok,
    on_decline,
    play_turn,
    portal_swap,
    ready_troops,
    remove_decline_race,
    swap_ok,
    take_beasts,
    turn_end,
    turn_start,
)

from analyzer.engine import layout as L
from analyzer.rulesets.swow.abilities import FORM_HUMAN
from analyzer.rulesets.swow.ids import (
    AEGIS,
    BEAST_MASTER,
    C_BEASTS,
    C_FORTS,
    C_WATCH_TOWERS,
    CHAMPIONING,
    DARK_PORTAL,
    DEFENSIVE,
    DOOMHAMMER,
    GARRISONED,
    HUMANS,
    INTIMIDATING,
    MARSHDWELLER,
    NIGHT_ELVES,
    ORCS,
    PORTAL_MAGE,
    TAUREN,
    TROLLS,
)


def vc(pos, p, decline=False):
    """VC booked so far to p's active (or in-decline) race instance."""
    i = pos.g.ply[p, L.P_DECLINE_INSTANCE if decline else L.P_INSTANCE]
    return int(pos.g.inst[i, L.I_VC_DECLINE if decline else L.I_VC_ACTIVE])


def piece(pos, r, col):
    return int(pos.g.reg[r, col])


def cap(pos, component):
    return int(pos.t.params[L.PAR_CAPS + component])


# ================================================================= Marshdweller
def marsh_position(decline=False, coins=5):
    """Player 1's Marshdweller Orcs hold a Swamp and a Hills; player 0's Humans
    stand next to both."""
    pos = Position()
    home = pos.region("Fields", "Entry")
    swamp = pos.region("Swamp", neighbours=[home])
    hills = pos.region("Hills", neighbours=[home])
    pos.give(1, ORCS, MARSHDWELLER, hand=0)
    pos.put(swamp, 1, ORCS, 2)
    pos.put(hills, 1, ORCS, 1)
    if decline:
        go_into_decline(pos.g, pos.t, 1)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=8, coins=coins)
    return pos, home, swamp, hills


def test_marshdweller_swamp_costs_the_attacker_a_coin_paid_to_the_marshdweller():
    pos, _, swamp, hills = marsh_position()
    assert pos.targets(0) == {swamp: 4, hills: 3}  # the coin is not a token
    conquer(pos.g, pos.t, 0, swamp, 4)
    assert pos.holder(swamp) == (0, HUMANS, 4, False)
    assert (pos.coins(0), pos.coins(1)) == (4, 6)
    assert (vc(pos, 0), vc(pos, 1)) == (-1, 1)
    # its other terrain costs nothing extra
    conquer(pos.g, pos.t, 0, hills, 3)
    assert (pos.coins(0), pos.coins(1)) == (4, 6)


def test_marshdweller_still_takes_the_coin_in_decline():
    pos, _, swamp, _ = marsh_position(decline=True)
    assert pos.g.ply[1, L.P_DECLINE_POWER] == MARSHDWELLER  # the badge stays
    assert pos.holder(swamp) == (1, ORCS, 1, True)
    conquer(pos.g, pos.t, 0, swamp, pos.cost(0, swamp))
    assert (pos.coins(0), pos.coins(1)) == (4, 6)
    assert vc(pos, 1, decline=True) == 1


def test_no_coin_no_conquest_of_a_marshdweller_swamp():
    pos, _, swamp, hills = marsh_position(coins=0)
    assert pos.targets(0) == {hills: 3}


def test_no_coin_is_paid_for_your_own_in_decline_marshdweller():
    pos = Position()
    home = pos.region("Fields", "Entry")
    swamp = pos.region("Swamp", neighbours=[home])
    pos.give(0, ORCS, MARSHDWELLER, hand=0)
    pos.put(swamp, 0, ORCS, 1)
    go_into_decline(pos.g, pos.t, 0)
    pos.put(home, 0, HUMANS, 1)
    pos.give(0, HUMANS, hand=6, coins=0)
    assert pos.cost(0, swamp) == 3
    conquer(pos.g, pos.t, 0, swamp, 3)
    assert pos.coins(0) == 0


# =================================================================== Garrisoned
def garrison(n_regions=3, tokens=2):
    pos = Position()
    regions = [pos.region("Hills", "Entry") for _ in range(n_regions)]
    for a, b in zip(regions, regions[1:], strict=False):
        pos.link(a, b)
    pos.give(0, HUMANS, GARRISONED, hand=0)
    for r in regions:
        pos.put(r, 0, HUMANS, tokens)
    return pos, regions


def test_garrisoned_puts_a_fort_on_each_region_at_the_end_of_its_turn():
    pos, regions = garrison()
    turn_end(pos.g, pos.t, 0)
    assert [piece(pos, r, L.R_FORT) for r in regions] == [1, 1, 1]
    turn_end(pos.g, pos.t, 0)  # at most one a region
    assert [piece(pos, r, L.R_FORT) for r in regions] == [1, 1, 1]
    # a Fort defends like one more token
    pos.give(1, TROLLS, hand=9)
    assert pos.cost(1, regions[0]) == 2 + 2 + 1 + 1 - 1  # base, tokens, Fort, travel, Trolls


def test_forts_stay_in_decline_and_none_are_added_there():
    pos, regions = garrison()
    turn_end(pos.g, pos.t, 0)
    pos.g.reg[regions[2], L.R_FORT] = 0  # as if the box had run short
    go_into_decline(pos.g, pos.t, 0)
    assert pos.g.ply[0, L.P_DECLINE_POWER] == GARRISONED
    assert [piece(pos, r, L.R_FORT) for r in regions] == [1, 1, 0]
    turn_end(pos.g, pos.t, 0)  # the player has no active race: nothing placed
    assert [piece(pos, r, L.R_FORT) for r in regions] == [1, 1, 0]
    pos.give(1, TAUREN, hand=9)
    assert pos.cost(1, regions[0]) == 2 + 1 + 1 + 1  # base, in-decline token, Fort, travel
    assert check_invariants(pos.g, pos.t) == 0


def test_a_fort_goes_when_its_region_is_conquered_abandoned_or_wiped():
    pos, regions = garrison()
    turn_end(pos.g, pos.t, 0)
    pos.give(1, TAUREN, hand=9)
    conquer(pos.g, pos.t, 1, regions[0], pos.cost(1, regions[0]))
    assert piece(pos, regions[0], L.R_FORT) == 0
    abandon(pos.g, pos.t, 0, regions[1])
    assert piece(pos, regions[1], L.R_FORT) == 0
    go_into_decline(pos.g, pos.t, 0)
    remove_decline_race(pos.g, pos.t, 0)
    assert piece(pos, regions[2], L.R_FORT) == 0


def test_no_more_than_ten_forts_on_the_boards():
    pos, regions = garrison(n_regions=12, tokens=1)
    assert cap(pos, C_FORTS) == 10
    turn_end(pos.g, pos.t, 0)
    assert [piece(pos, r, L.R_FORT) for r in regions] == [1] * 10 + [0, 0]


# ==================================================================== Defensive
def defensive_position():
    """Player 0's Defensive Humans on two Fields: `held` has 2 of its 3 neighbours
    Human, `tied` has one Human and one Orc neighbour."""
    pos = Position()
    held = pos.region("Fields", "Entry")
    tied = pos.region("Fields")
    hills = pos.region("Hills", neighbours=[held, tied])
    forest = pos.region("Forest", neighbours=[held])
    swamp = pos.region("Swamp", neighbours=[held, tied])
    pos.give(0, HUMANS, DEFENSIVE, hand=0)
    for r in (held, tied, hills, forest):
        pos.put(r, 0, HUMANS, 1)
    pos.put(swamp, 1, ORCS, 1)
    return pos, held, tied, hills, swamp


def test_a_watch_tower_goes_on_fields_where_the_race_holds_most_neighbours():
    pos, held, tied, hills, _ = defensive_position()
    turn_end(pos.g, pos.t, 0)
    assert piece(pos, held, L.R_TOWER) == 1  # Humans 2 (hills, forest), Orcs 1
    assert piece(pos, tied, L.R_TOWER) == 0  # Humans 1 (hills), Orcs 1: no majority
    assert piece(pos, hills, L.R_TOWER) == 0  # not Fields
    # the Tower makes the region immune: nobody may attack it
    pos.give(1, ORCS, hand=9)
    assert pos.cost(1, held) == -1
    assert pos.cost(1, tied) == 3


def test_a_watch_tower_goes_when_the_majority_is_lost_or_the_race_declines():
    pos, held, _, hills, swamp = defensive_position()
    turn_end(pos.g, pos.t, 0)
    pos.put(hills, 1, ORCS, 1)  # as if the Orcs had taken the Hills
    turn_end(pos.g, pos.t, 0)
    assert piece(pos, held, L.R_TOWER) == 0  # Humans 1, Orcs 2
    pos.put(hills, 0, HUMANS, 1)
    turn_end(pos.g, pos.t, 0)
    assert piece(pos, held, L.R_TOWER) == 1
    go_into_decline(pos.g, pos.t, 0)
    assert piece(pos, held, L.R_TOWER) == 0


def test_no_more_than_six_watch_towers():
    pos = Position()
    pos.give(0, HUMANS, DEFENSIVE, hand=0)
    fields = []
    for _ in range(8):
        f = pos.region("Fields")
        pos.put(f, 0, HUMANS, 1)
        pos.put(pos.region("Hills", neighbours=[f]), 0, HUMANS, 1)
        fields.append(f)
    assert cap(pos, C_WATCH_TOWERS) == 6
    turn_end(pos.g, pos.t, 0)
    assert [piece(pos, f, L.R_TOWER) for f in fields] == [1] * 6 + [0, 0]


# ================================================================= Beast Master
def beast_position():
    pos = Position()
    home = pos.region("Hills", "Entry")
    hills2 = pos.region("Hills", neighbours=[home])
    fields = pos.region("Fields", neighbours=[home])
    target = pos.region("Forest", neighbours=[home])
    pos.give(0, HUMANS, BEAST_MASTER, hand=0)
    for r in (home, hills2, fields):
        pos.put(r, 0, HUMANS, 1)
    return pos, home, hills2, fields, target


def test_beasts_are_discarded_and_taken_again_one_per_hill_at_turn_start():
    pos, home, _, fields, _ = beast_position()
    pos.g.reg[fields, L.R_BEASTS] = 1  # last turn's Beasts
    pos.g.ply[0, L.P_HAND] = 1
    pos.g.ply[0, L.P_BEASTS] = 1
    take_beasts(pos.g, pos.t, 0)
    assert piece(pos, fields, L.R_BEASTS) == 0
    assert (pos.hand(0), int(pos.g.ply[0, L.P_BEASTS])) == (2, 2)  # two Hills


def test_beasts_conquer_like_tokens_and_one_beast_is_the_loss():
    pos, home, _, _, target = beast_position()
    take_beasts(pos.g, pos.t, 0)
    pos.g.ply[0, L.P_HAND] += 2  # two race tokens besides the two Beasts
    assert pos.cost(0, target) == 2
    conquer(pos.g, pos.t, 0, target, 3)
    # the Beasts go first, a race token must hold the region
    assert (pos.tokens(target), piece(pos, target, L.R_BEASTS)) == (1, 2)
    assert (pos.hand(0), int(pos.g.ply[0, L.P_BEASTS])) == (1, 0)
    # they defend like tokens: 2 + 1 token + 2 Beasts
    pos.put(pos.region("Fields", neighbours=[target]), 1, TAUREN, 2)
    pos.give(1, TAUREN, hand=9)
    assert pos.cost(1, target) == 5
    conquer(pos.g, pos.t, 1, target, 5)
    assert piece(pos, target, L.R_BEASTS) == 0
    # one Beast lost; the race token and the other Beast withdraw to hand
    assert (pos.hand(0), int(pos.g.ply[0, L.P_BEASTS])) == (3, 1)


def test_beasts_come_back_to_hand_for_redeployment_and_leave_in_decline():
    pos, home, hills2, _, _ = beast_position()
    pos.g.reg[home, L.R_BEASTS] = 2
    ready_troops(pos.g, pos.t, 0)
    assert piece(pos, home, L.R_BEASTS) == 0
    assert (pos.hand(0), int(pos.g.ply[0, L.P_BEASTS])) == (2, 2)
    pos.g.ply[0, L.P_HAND] = 0
    pos.g.ply[0, L.P_BEASTS] = 0
    pos.g.reg[hills2, L.R_BEASTS] = 2
    go_into_decline(pos.g, pos.t, 0)
    assert piece(pos, hills2, L.R_BEASTS) == 0
    assert int(pos.g.ply[0, L.P_BEASTS]) == 0


def test_no_more_than_five_beasts():
    pos = Position()
    pos.give(0, HUMANS, BEAST_MASTER, hand=0)
    for _ in range(7):
        pos.put(pos.region("Hills"), 0, HUMANS, 1)
    assert cap(pos, C_BEASTS) == 5
    take_beasts(pos.g, pos.t, 0)
    assert (pos.hand(0), int(pos.g.ply[0, L.P_BEASTS])) == (5, 5)


# ================================================================== Championing
def champion_position(coins=5):
    pos = Position()
    home = pos.region("Fields", "Entry")
    keep = pos.region("Hills", neighbours=[home])
    next_door = pos.region("Forest", neighbours=[home, keep])
    far_entry = pos.region("Swamp", "Entry")
    pos.give(0, HUMANS, CHAMPIONING, hand=4, coins=coins)
    pos.g.ply[0, L.P_CHAMPION] = 1
    pos.put(home, 0, HUMANS, 1)
    pos.put(next_door, 1, ORCS, 4)
    pos.put(keep, 1, ORCS, 1)
    pos.g.reg[next_door, L.R_FORT] = 1
    pos.targets(0)
    return pos, home, next_door, far_entry


def test_the_champion_takes_a_neighbouring_region_for_free_once_a_turn():
    pos, _, next_door, far_entry = champion_position()
    assert champion_ok(pos.g, 0, next_door)
    assert not champion_ok(pos.g, 0, far_entry)  # not a neighbour
    champion_conquest(pos.g, pos.t, 0, next_door)
    assert pos.holder(next_door) == (0, HUMANS, 1, False)
    assert piece(pos, next_door, L.R_CHAMPION) == 1
    assert piece(pos, next_door, L.R_FORT) == 0
    assert pos.hand(0) == 3
    assert pos.hand(1) == 3  # the Orcs lost one token as in any conquest
    pos.targets(0)
    assert not any(champion_ok(pos.g, 0, r) for r in range(4))  # used this turn


def test_a_captured_champion_costs_no_token_and_a_coin_of_ransom():
    pos, _, next_door, _ = champion_position()
    champion_conquest(pos.g, pos.t, 0, next_door)
    pos.g.ply[0, L.P_HAND] = 0
    pos.give(1, ORCS, hand=9, coins=0)
    assert pos.cost(1, next_door) == 2 + 1 + 1  # the Champion defends as a token
    conquer(pos.g, pos.t, 1, next_door, 4)
    assert piece(pos, next_door, L.R_CHAMPION) == 0
    assert pos.hand(0) == 1  # the token withdraws, none is lost
    assert int(pos.g.ply[0, L.P_CHAMPION]) == 1  # back in hand, to redeploy
    # the ransom, and the Orcs' own coin for taking an Alliance region
    assert (pos.coins(0), pos.coins(1)) == (4, 2)
    assert (vc(pos, 0), vc(pos, 1)) == (-1, 2)


def test_a_champion_owner_without_a_coin_pays_no_ransom():
    pos, _, next_door, _ = champion_position(coins=0)
    champion_conquest(pos.g, pos.t, 0, next_door)
    pos.give(1, ORCS, hand=9, coins=0)
    conquer(pos.g, pos.t, 1, next_door, pos.cost(1, next_door))
    assert (pos.coins(0), pos.coins(1)) == (0, 1)  # only the Orcs' own coin
    assert int(pos.g.ply[0, L.P_CHAMPION]) == 1


def test_the_champion_is_redeployed_and_leaves_in_decline():
    pos, home, next_door, _ = champion_position()
    champion_conquest(pos.g, pos.t, 0, next_door)
    ready_troops(pos.g, pos.t, 0)
    assert int(pos.g.ply[0, L.P_CHAMPION]) == 1
    pos.g.reg[home, L.R_CHAMPION] = 1
    pos.g.ply[0, L.P_CHAMPION] = 0
    on_decline(pos.g, pos.t, 0)
    assert piece(pos, home, L.R_CHAMPION) == 0
    assert int(pos.g.ply[0, L.P_CHAMPION]) == 0


def test_the_heuristic_sends_the_champion_where_it_saves_most():
    pos, home, next_door, _ = champion_position()
    cheap = pos.region("Hills", neighbours=[home])
    pos.targets(0)
    assert pos.cost(0, cheap) == 2 and pos.cost(0, next_door) == 7
    assert heuristic_champion(pos.g, pos.t, 0) == next_door


# ================================================================== Portal Mage
def portal_position():
    pos = Position()
    a = pos.region("Fields", "Magic", "Entry")
    b = pos.region("Mountain", "Magic", "Mountain")
    plain = pos.region("Hills", neighbours=[a])
    sea = pos.region("Sea", "Magic")
    pos.give(0, HUMANS, PORTAL_MAGE, hand=0)
    pos.put(a, 0, HUMANS, 2)
    pos.put(plain, 0, HUMANS, 1)
    pos.put(b, 1, ORCS, 3)
    pos.g.reg[b, L.R_FORT] = 1
    pos.marker(b, DARK_PORTAL)
    return pos, a, b, plain, sea


def test_a_portal_swap_exchanges_everything_but_mountains_and_places():
    pos, a, b, _, _ = portal_position()
    assert swap_ok(pos.g, pos.t, 0, a, b)
    portal_swap(pos.g, pos.t, 0, a, b)
    assert pos.holder(a) == (1, ORCS, 3, False)
    assert pos.holder(b) == (0, HUMANS, 2, False)
    assert (piece(pos, a, L.R_FORT), piece(pos, b, L.R_FORT)) == (1, 0)
    assert (piece(pos, a, L.R_MOUNTAIN), piece(pos, b, L.R_MOUNTAIN)) == (0, 1)
    assert pos.markers(b) == {DARK_PORTAL: True}  # a Legendary Place stays
    assert int(pos.g.ply[0, L.P_USES]) == 1
    assert check_invariants(pos.g, pos.t) == 0


def test_an_artifact_moves_with_the_tokens_and_may_join_a_place():
    pos, a, b, _, _ = portal_position()
    pos.marker(a, DOOMHAMMER)
    assert swap_ok(pos.g, pos.t, 0, a, b)
    portal_swap(pos.g, pos.t, 0, a, b)
    assert pos.markers(a) == {}
    assert pos.markers(b) == {DOOMHAMMER: True, DARK_PORTAL: True}
    assert check_invariants(pos.g, pos.t) == 0


def test_an_aegis_asks_its_price_before_a_swap():
    pos, a, b, _, _ = portal_position()
    pos.marker(b, AEGIS)
    pos.g.ply[0, L.P_COINS] = 1
    assert not swap_ok(pos.g, pos.t, 0, a, b)
    pos.g.ply[0, L.P_COINS] = 5
    assert swap_ok(pos.g, pos.t, 0, a, b)
    portal_swap(pos.g, pos.t, 0, a, b)
    assert pos.coins(0) == 3 and pos.coins(1) >= 2
    assert check_invariants(pos.g, pos.t) == 0


def test_portal_swaps_need_two_magic_regions_neither_immune_and_no_race_in_water():
    pos, a, b, plain, sea = portal_position()
    assert not swap_ok(pos.g, pos.t, 0, a, plain)  # not Magic
    assert not swap_ok(pos.g, pos.t, 0, a, sea)  # Humans may not stand in the sea
    pos.g.reg[a, L.R_TOWER] = 1
    assert not swap_ok(pos.g, pos.t, 0, a, b)


def test_the_heuristic_swaps_onto_the_dark_portal():
    pos, a, b, _, _ = portal_position()
    assert heuristic_swap(pos.g, pos.t, 0) == (a, b)
    pos.g.reg[b, L.R_MARKERS] = 0
    pos.g.reg[b, L.R_MARKERS_UP] = 0
    pos.g.gst[L.G_MARKER_AT + DARK_PORTAL] = -1
    assert heuristic_swap(pos.g, pos.t, 0) == (-1, -1)  # nothing to gain


# ================================================================= Intimidating
def intimidation_position():
    pos = Position()
    home = pos.region("Fields", "Entry")
    orcs = pos.region("Hills", neighbours=[home])
    orcs_far = pos.region("Forest")
    murlocs = pos.region("Swamp", "Murloc", neighbours=[home])
    lone = pos.region("Forest", neighbours=[home])
    pos.give(0, HUMANS, INTIMIDATING, hand=6)
    pos.put(home, 0, HUMANS, 1)
    pos.put(orcs, 1, ORCS, 3)
    pos.put(orcs_far, 1, ORCS, 1)
    pos.give(2, TROLLS, hand=0)
    pos.put(lone, 2, TROLLS, 1)
    pos.targets(0)
    return pos, home, orcs, orcs_far, murlocs, lone


def test_intimidation_moves_a_token_to_another_region_of_that_race():
    pos, home, orcs, orcs_far, _, _ = intimidation_position()
    assert intimidation_ok(pos.g, 0, orcs)
    assert not intimidation_ok(pos.g, 0, orcs_far)  # not a neighbour
    assert not intimidation_ok(pos.g, 0, home)  # its own
    assert intimidation_dest_ok(pos.g.reg, orcs, orcs_far)
    intimidate(pos.g, pos.t, 0, orcs, orcs_far)
    assert (pos.tokens(orcs), pos.tokens(orcs_far)) == (2, 2)
    assert pos.cost(0, orcs) == 4
    assert int(pos.g.ply[0, L.P_USES]) == 1


def test_intimidated_murlocs_and_lone_races_are_discarded():
    pos, _, _, _, murlocs, lone = intimidation_position()
    assert not has_intimidation_dest(pos.g, murlocs)
    intimidate(pos.g, pos.t, 0, murlocs, -1)
    assert pos.holder(murlocs) == (-1, -1, 0, False)
    assert not has_intimidation_dest(pos.g, lone)
    intimidate(pos.g, pos.t, 0, lone, -1)
    assert pos.holder(lone) == (-1, -1, 0, False)
    assert pos.cost(0, lone) == 2


def test_a_fort_goes_first_and_counts_as_a_use():
    pos, _, orcs, _, _, _ = intimidation_position()
    pos.g.reg[orcs, L.R_FORT] = 1
    intimidate(pos.g, pos.t, 0, orcs, -1)
    assert (piece(pos, orcs, L.R_FORT), pos.tokens(orcs)) == (0, 3)
    assert int(pos.g.ply[0, L.P_USES]) == 1


def test_three_intimidations_a_turn_never_on_an_immune_region():
    pos, _, orcs, orcs_far, _, lone = intimidation_position()
    for _ in range(3):
        assert intimidation_ok(pos.g, 0, orcs)
        intimidate(pos.g, pos.t, 0, orcs, orcs_far)
    assert not intimidation_ok(pos.g, 0, orcs)
    assert (pos.tokens(orcs), pos.tokens(orcs_far)) == (0, 4)
    # a new turn: the uses come back, but not on a Watch Tower (a Tauren pair:
    # tests/test_review.py)
    turn_start(pos.g, pos.t, 0, FORM_HUMAN)
    pos.put(orcs, 1, ORCS, 2)
    pos.g.reg[orcs, L.R_TOWER] = 1
    pos.targets(0)
    assert intimidation_ok(pos.g, 0, lone) and not intimidation_ok(pos.g, 0, orcs)


def test_intimidating_the_last_in_decline_region_wipes_that_race():
    pos, _, orcs, orcs_far, _, _ = intimidation_position()
    pos.empty(orcs_far)
    go_into_decline(pos.g, pos.t, 1)
    assert pos.holder(orcs) == (1, ORCS, 1, True)
    intimidate(pos.g, pos.t, 0, orcs, -1)
    assert pos.holder(orcs) == (-1, -1, 0, False)
    assert int(pos.g.ply[1, L.P_DECLINE_RACE]) == -1
    pos.g.ply[0, L.P_HAND] = 0  # as after the attacker's redeployment
    assert check_invariants(pos.g, pos.t) == 0


def test_the_heuristic_intimidates_the_region_it_can_then_take_cheapest():
    pos, _, orcs, orcs_far, murlocs, lone = intimidation_position()
    # the Trolls' lone token: 3 tokens, 2 once intimidated; the Orcs: 5, then 4
    assert heuristic_intimidation(pos.g, pos.t, 0) == (lone, -1)
    pos.g.reg[lone, L.R_TOKENS] = 4
    pos.empty(murlocs)
    pos.targets(0)
    assert heuristic_intimidation(pos.g, pos.t, 0) == (orcs, orcs_far)


# ============================================================= whole turns
def test_a_whole_turn_with_every_power_keeps_the_invariants():
    for power in (
        BEAST_MASTER,
        CHAMPIONING,
        DEFENSIVE,
        GARRISONED,
        INTIMIDATING,
        MARSHDWELLER,
        PORTAL_MAGE,
    ):
        for bot in ("heuristic", "random"):
            pos = Position(n_players=2)
            home = pos.region("Hills", "Entry", "Magic")
            rest = [pos.region(t, neighbours=[home]) for t in ("Fields", "Swamp", "Hills")]
            magic = pos.region("Forest", "Magic", neighbours=rest[:1])
            pos.give(0, HUMANS, power, hand=0)
            pos.g.ply[0, L.P_CHAMPION] = 1 if power == CHAMPIONING else 0
            pos.put(home, 0, HUMANS, 6)
            pos.put(rest[1], 1, ORCS, 2)
            pos.put(magic, 1, ORCS, 2)
            pos.murloc(rest[2])
            pos.policy(0, bot)
            play_turn(pos.g, pos.t, 0)
            assert pos.g.gst[L.G_ERROR] == 0, (power, bot)
            assert check_invariants(pos.g, pos.t) == 0, (power, bot)
            if bot == "heuristic":
                nreg = int(pos.g.gst[L.G_NREG])
                mine = [r for r in range(nreg) if pos.holder(r)[0] == 0 and not pos.holder(r)[3]]
                pieces = {
                    col: sum(piece(pos, r, col) for r in mine)
                    for col in (L.R_FORT, L.R_BEASTS, L.R_CHAMPION)
                }
                uses = int(pos.g.ply[0, L.P_USES])
                if power == GARRISONED:
                    assert pieces[L.R_FORT] == len(mine) > 1
                if power == BEAST_MASTER:
                    assert pieces[L.R_BEASTS] == 1  # one Hills held at turn start
                if power == CHAMPIONING:
                    assert pieces[L.R_CHAMPION] == 1 and uses == 1
                if power == INTIMIDATING:
                    assert uses >= 1


def test_a_portal_swap_carries_a_wisp_wall_with_the_night_elves():
    pos = Position(n_players=2)
    forest = pos.region("Forest", "Magic", "Entry")
    hills = pos.region("Hills", "Magic", neighbours=[forest])
    pos.give(0, NIGHT_ELVES, PORTAL_MAGE, hand=0)
    pos.put(forest, 0, NIGHT_ELVES, 3)
    pos.g.reg[forest, L.R_WISP] = 1
    pos.put(hills, 1, ORCS, 2)
    assert swap_ok(pos.g, pos.t, 0, forest, hills)
    portal_swap(pos.g, pos.t, 0, forest, hills)
    assert pos.holder(hills)[:2] == (0, NIGHT_ELVES)
    assert (piece(pos, hills, L.R_WISP), piece(pos, forest, L.R_WISP)) == (1, 0)
    assert check_invariants(pos.g, pos.t) == 0  # a Wall may leave its Forest this way


def test_bonus_per_region_lists_every_race_and_power_that_terrain_bonus_pays():
    """bonus_per_region is the hot loop's shortcut past terrain_bonus: a race or power
    given a terrain bonus but left out of it would silently never score. Every pair
    that terrain_bonus pays on some region (each terrain, each symbol alone, beside
    water or not) must be listed there, and no other."""
    from analyzer.rulesets.swow import ids
    from analyzer.rulesets.swow.abilities import bonus_per_region, terrain_bonus

    pays, per_region = terrain_bonus.py_func, bonus_per_region.py_func
    symbols = [0] + [1 << i for i in range(len(ids.SYMBOLS))]
    wrong = []
    for race in range(len(ids.RACES)):
        for power in range(len(ids.POWERS)):
            paid = any(
                pays(race, power, terrain, sym, near) > 0
                for terrain in range(len(ids.TERRAINS))
                for sym in symbols
                for near in (False, True)
            )
            if paid != bool(per_region(race, power)):
                wrong.append(f"{ids.RACES[race]} + {ids.POWERS[power]}: terrain_bonus "
                             f"{'pays' if paid else 'never pays'}")  # fmt: skip
    assert wrong == [], (
        "analyzer/rulesets/swow/abilities.py: bonus_per_region disagrees with "
        "terrain_bonus for " + "; ".join(wrong[:5])
    )
