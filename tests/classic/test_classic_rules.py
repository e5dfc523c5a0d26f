"""The original game's rules, one built position each: the plain game first,
then every race and power, then the interactions docs/rulings.md rules on
(C1, C2, ...). Collected in the classic run (`pytest --ruleset classic`)."""

from __future__ import annotations

import numpy as np
from builder import NO_POWER, ClassicPosition
from kernels import (
    active_bonus,
    active_turn_begins,
    after_redeploy,
    after_scoring,
    before_redeploy,
    combo_taken,
    conquer,
    conquests_begin,
    decline_bonus,
    die_allowed,
    go_into_decline,
    heuristic_decline,
    play_turns,
    ready_troops,
    score_turn,
    sorcerers_convert,
    turn_begins,
    turn_ends,
)

import analyzer
from analyzer.engine import layout as L
from analyzer.engine.layout import EV_CONVERT
from analyzer.playthrough import describe
from analyzer.rulesets.classic.ids import (
    ALCHEMIST,
    AMAZONS,
    BERSERK,
    BIVOUACKING,
    COMMANDO,
    DIPLOMAT,
    DRAGON_MASTER,
    DWARVES,
    ELVES,
    FLYING,
    FOREST_POWER,
    FORTIFIED,
    GHOULS,
    GIANTS,
    HALFLINGS,
    HEROIC,
    HILL_POWER,
    HUMANS,
    MERCHANT,
    MOUNTED,
    ORCS,
    PILLAGING,
    RATMEN,
    SEAFARING,
    SKELETONS,
    SORCERERS,
    SPIRIT,
    STOUT,
    SWAMP_POWER,
    TRITONS,
    TROLLS,
    UNDERWORLD,
    WEALTHY,
    WIZARDS,
)
from analyzer.rulesets.classic.tables import classic_tables

# ------------------------------------------------------------------ plain game


def line(pos, *terrains):
    """Regions in a row, the first on the border; returns their ids."""
    ids = []
    for i, terrain in enumerate(terrains):
        symbols = ("Border",) if i == 0 else ()
        ids.append(pos.region(terrain, *symbols, neighbours=ids[-1:]))
    return ids


def test_the_first_conquest_is_on_the_border_and_later_ones_next_door():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    d = pos.region("Swamp", "Border")  # on the edge but far from a
    pos.give(0, RATMEN, NO_POWER, hand=8)
    assert pos.targets(0) == {a: 2, d: 2}
    pos.put(a, 0, RATMEN, 2)
    assert pos.targets(0) == {b: 2}  # no landing on the edge again, c not next door


def test_a_mountain_and_a_lost_tribe_each_add_a_defender_and_water_is_closed():
    pos = ClassicPosition()
    a = pos.region("Mountain", "Border", "Lost Tribe")
    s = pos.region("Sea", "Border", neighbours=[a])
    pos.give(0, RATMEN, NO_POWER, hand=8)
    assert pos.targets(0) == {a: 2 + 1 + 1}
    assert s not in pos.targets(0)


def test_a_defender_loses_one_token_in_decline_all_and_lost_tribes_all():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(0, RATMEN, NO_POWER, hand=12)
    pos.put(a, 0, RATMEN, 1)
    pos.put(b, 1, HUMANS, 3)
    pos.put(c, 2, WIZARDS, 2, decline=True)
    conquer(pos.g, pos.t, 0, b, 5)
    assert pos.hand(1) == 2 and pos.holder(b) == (0, RATMEN)
    conquer(pos.g, pos.t, 0, c, 4)
    assert pos.hand(2) == 0 and pos.g.ply[2, L.P_DECLINE_RACE] == -1  # wiped out


def test_decline_keeps_one_token_per_region_and_every_region_scores_one():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.put(a, 0, RATMEN, 4)
    pos.put(b, 0, RATMEN, 3)
    go_into_decline(pos.g, pos.t, 0)
    assert (pos.tokens(a), pos.tokens(b)) == (1, 1)
    assert score_turn(pos.g, pos.t, 0) == 2


# ----------------------------------------------------------------------- races


def test_amazons_set_four_aside_after_redeployment_and_take_them_back():
    pos = ClassicPosition()
    assert pos.t.race[AMAZONS, L.RT_BANNER] == 10  # 6 + 4 for conquest only
    a, b = line(pos, "Farmland", "Hill")
    pos.put(a, 0, AMAZONS, 5)
    pos.put(b, 0, AMAZONS, 3)
    after_redeploy(pos.g, pos.t, 0)
    assert pos.tokens(a) + pos.tokens(b) == 4 and pos.g.ply[0, L.P_ASIDE] == 4
    active_turn_begins(pos.g, pos.t, 0)
    assert pos.hand(0) == 4


def test_dwarves_score_their_mines_also_in_decline():
    pos = ClassicPosition()
    a = pos.region("Hill", "Mine")
    b = pos.region("Forest", "Mine")
    pos.put(a, 0, DWARVES, 2)
    assert active_bonus(pos.g, pos.t, 0) == 1
    pos.put(b, 1, DWARVES, 1, decline=True)
    assert decline_bonus(pos.g, pos.t, 1) == 1


def test_elves_lose_no_token():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, RATMEN, NO_POWER, hand=8)
    pos.put(a, 0, RATMEN, 1)
    pos.put(b, 1, ELVES, 3)
    conquer(pos.g, pos.t, 0, b, 5)
    assert pos.hand(1) == 3


def test_ghouls_keep_all_their_tokens_in_decline_and_conquer_first():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    x = pos.region("Swamp", "Border")
    pos.put(a, 0, GHOULS, 5)
    go_into_decline(pos.g, pos.t, 0)
    assert pos.tokens(a) == 5
    pos.give(0, RATMEN, NO_POWER, hand=3)
    pos.put(x, 0, RATMEN, 2)
    active_turn_begins(pos.g, pos.t, 0)  # the Ghouls move before the active race
    assert pos.holder(b) == (0, GHOULS) and pos.g.reg[b, L.R_DECLINE] == 1
    assert pos.tokens(a) + pos.tokens(b) + pos.tokens(c) == 5
    assert pos.holder(x) == (0, RATMEN) and pos.g.reg[x, L.R_DECLINE] == 0
    assert pos.hand(0) == 3 and pos.g.ply[0, L.P_RACE] == RATMEN


def test_giants_pay_one_less_next_to_their_mountain():
    pos = ClassicPosition()
    m, b = line(pos, "Mountain", "Hill")
    pos.put(m, 0, GIANTS, 2)
    pos.g.ply[0, L.P_HAND] = 5
    conquests_begin(pos.g, pos.t, 0)
    assert pos.targets(0) == {b: 1}


def test_halflings_land_anywhere_and_their_first_two_regions_get_holes():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(0, HALFLINGS, NO_POWER, hand=9)
    assert set(pos.targets(0)) == {a, b, c}  # inland too
    for r in (b, a, c):
        conquer(pos.g, pos.t, 0, r, 2)
    assert [int(pos.g.reg[r, L.R_HOLE]) for r in (a, b, c)] == [1, 1, 0]
    pos.give(1, RATMEN, NO_POWER, hand=9)
    assert pos.targets(1) == {}  # a holed border region is immune; c is not on the edge


def test_humans_score_their_farmland():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.put(a, 0, HUMANS, 2)
    pos.put(b, 0, HUMANS, 2)
    assert active_bonus(pos.g, pos.t, 0) == 1


def test_orcs_score_each_non_empty_region_conquered():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(0, ORCS, NO_POWER, hand=12)
    turn_begins(pos.g, pos.t, 0)
    pos.put(b, 1, HUMANS, 1)
    conquer(pos.g, pos.t, 0, a, 2)  # empty
    conquer(pos.g, pos.t, 0, b, 3)
    assert active_bonus(pos.g, pos.t, 0) == 1


def test_ratmen_have_the_large_banner_and_no_ability():
    pos = ClassicPosition()
    assert pos.t.race[RATMEN, L.RT_BANNER] == 8
    (a,) = line(pos, "Farmland")
    pos.put(a, 0, RATMEN, 2)
    assert active_bonus(pos.g, pos.t, 0) == 0


def test_skeletons_take_a_token_per_two_non_empty_regions_conquered():
    pos = ClassicPosition()
    pos.give(0, SKELETONS, NO_POWER, hand=0)
    turn_begins(pos.g, pos.t, 0)
    pos.g.gst[L.G_NONEMPTY] = 5
    before_redeploy(pos.g, pos.t, 0)
    assert pos.hand(0) == 2


def test_sorcerers_convert_a_lone_token_once_per_opponent():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    d = pos.region("Swamp", neighbours=[a])
    pos.give(0, SORCERERS, hand=1)
    pos.put(a, 0, SORCERERS, 2)
    pos.put(b, 1, HUMANS, 1)
    pos.put(d, 1, HUMANS, 1)
    turn_begins(pos.g, pos.t, 0)
    sorcerers_convert(pos.g, pos.t, 0, 0, False)
    owners = {pos.holder(b), pos.holder(d)}
    assert owners == {(0, SORCERERS), (1, HUMANS)}  # one conversion against player 1
    assert pos.hand(1) == 0  # the converted token went back to the tray


def test_tritons_pay_one_less_on_the_coast():
    pos = ClassicPosition()
    a = pos.region("Farmland", "Border", "Coastal")
    b = pos.region("Hill", "Border")
    pos.give(0, TRITONS, NO_POWER, hand=6)
    assert pos.targets(0) == {a: 1, b: 2}


def test_trolls_leave_a_lair_that_defends_and_stays_in_decline():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, TROLLS, NO_POWER, hand=6)
    conquer(pos.g, pos.t, 0, a, 2)
    assert pos.g.reg[a, L.R_LAIR] == 1
    go_into_decline(pos.g, pos.t, 0)
    assert pos.g.reg[a, L.R_LAIR] == 1
    pos.give(1, RATMEN, NO_POWER, hand=8)
    pos.put(b, 1, RATMEN, 1)
    assert pos.targets(1)[a] == 2 + 1 + 1  # one Troll and the Lair


def test_wizards_score_their_magic_sources():
    pos = ClassicPosition()
    a = pos.region("Farmland", "Magic Source")
    pos.put(a, 0, WIZARDS, 2)
    assert active_bonus(pos.g, pos.t, 0) == 1


# ---------------------------------------------------------------------- powers


def scoring_position(power, terrains, symbols=()):
    pos = ClassicPosition()
    pos.give(0, RATMEN, power, hand=0)
    for terrain in terrains:
        pos.put(pos.region(terrain, *symbols), 0, RATMEN, 1)
    return pos


def test_alchemist_scores_two():
    pos = scoring_position(ALCHEMIST, ["Hill"])
    assert active_bonus(pos.g, pos.t, 0) == 2


def test_berserk_rolls_before_the_conquest_and_pays_less_the_roll():
    pos = ClassicPosition(die_faces=[3, 3, 3, 3, 3, 3])
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, RATMEN, BERSERK, hand=5)
    pos.put(a, 0, RATMEN, 1)
    pos.put(b, 1, HUMANS, 3)
    conquests_begin(pos.g, pos.t, 0)
    assert pos.targets(0) == {b: 2 + 3 - 3}
    # no last attempt with a second roll: the die was the roll before the conquest
    pos.g.ply[0, L.P_HAND] = 1
    pos.g.ply[0, L.P_ROLL] = 0
    assert not die_allowed(pos.g, pos.t, 0, 3)
    pos.g.ply[0, L.P_POWER] = NO_POWER
    assert die_allowed(pos.g, pos.t, 0, 3)


def test_bivouacking_places_its_encampments_which_defend():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, RATMEN, BIVOUACKING, hand=0)
    pos.put(a, 0, RATMEN, 1)
    active_turn_begins(pos.g, pos.t, 0)
    after_redeploy(pos.g, pos.t, 0)
    assert pos.g.reg[a, L.R_ENCAMPMENTS] == 5
    pos.give(1, HUMANS, NO_POWER, hand=9)
    pos.put(b, 1, HUMANS, 1)
    assert pos.targets(1)[a] == 2 + 1 + 5


def test_commando_pays_one_less():
    pos = ClassicPosition()
    (a,) = line(pos, "Farmland")
    pos.give(0, RATMEN, COMMANDO, hand=5)
    assert pos.targets(0) == {a: 1}


def test_diplomat_peace_closes_the_diplomat_active_regions_to_the_ally():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.put(a, 0, HUMANS, 3)
    pos.give(1, RATMEN, DIPLOMAT, hand=0)
    pos.put(b, 1, RATMEN, 1)
    pos.put(c, 2, WIZARDS, 1)
    turn_begins(pos.g, pos.t, 1)
    turn_ends(pos.g, pos.t, 1, False)
    assert pos.g.ply[0, L.P_PEACE_FROM] == 2  # player 0, next to it, is feared most
    pos.g.ply[0, L.P_HAND] = 9
    assert b not in pos.targets(0)


def test_dragon_master_takes_a_region_with_one_token_and_makes_it_immune():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(0, RATMEN, DRAGON_MASTER, hand=4)
    pos.put(a, 0, RATMEN, 1)
    pos.put(b, 1, HUMANS, 4)
    turn_begins(pos.g, pos.t, 0)
    conquests_begin(pos.g, pos.t, 0)
    assert pos.holder(b) == (0, RATMEN) and pos.tokens(b) == 1 and pos.hand(0) == 3
    assert pos.g.reg[b, L.R_DRAGON] == 1
    pos.give(2, WIZARDS, NO_POWER, hand=9)
    pos.put(c, 2, WIZARDS, 1)
    assert b not in pos.targets(2)


def test_flying_reaches_any_land_region():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(0, RATMEN, FLYING, hand=8)
    pos.put(a, 0, RATMEN, 1)
    assert set(pos.targets(0)) == {b, c}


def test_forest_hill_swamp_and_merchant_score_their_regions():
    for power, terrains, want in (
        (FOREST_POWER, ["Forest", "Hill"], 1),
        (HILL_POWER, ["Forest", "Hill", "Hill"], 2),
        (SWAMP_POWER, ["Swamp"], 1),
        (MERCHANT, ["Forest", "Hill", "Swamp"], 3),
    ):
        pos = scoring_position(power, terrains)
        assert active_bonus(pos.g, pos.t, 0) == want, power


def test_fortified_places_one_fortress_a_turn_worth_a_coin_and_a_defender():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, RATMEN, FORTIFIED, hand=0)
    pos.put(a, 0, RATMEN, 1)
    turn_begins(pos.g, pos.t, 0)
    after_redeploy(pos.g, pos.t, 0)
    after_redeploy(pos.g, pos.t, 0)  # the same turn: no second Fortress
    assert pos.g.reg[a, L.R_FORTRESS] == 1
    assert active_bonus(pos.g, pos.t, 0) == 1
    go_into_decline(pos.g, pos.t, 0)
    pos.give(1, HUMANS, NO_POWER, hand=9)
    pos.put(b, 1, HUMANS, 1)
    assert pos.targets(1)[a] == 2 + 1 + 1  # still defends in decline


def test_heroic_heroes_make_two_regions_immune():
    pos = ClassicPosition()
    a, b, c, d = line(pos, "Farmland", "Hill", "Forest", "Swamp")
    pos.give(0, RATMEN, HEROIC, hand=0)
    for r in (a, b, c):
        pos.put(r, 0, RATMEN, 1)
    after_redeploy(pos.g, pos.t, 0)
    assert sum(int(pos.g.reg[r, L.R_HERO]) for r in (a, b, c)) == 2
    pos.give(1, HUMANS, NO_POWER, hand=9)
    pos.put(d, 1, HUMANS, 1)
    assert (c in pos.targets(1)) == (pos.g.reg[c, L.R_HERO] == 0)


def test_mounted_pays_one_less_on_hills_and_farmland():
    pos = ClassicPosition()
    a = pos.region("Farmland", "Border")
    b = pos.region("Hill", "Border")
    c = pos.region("Forest", "Border")
    pos.give(0, RATMEN, MOUNTED, hand=8)
    assert pos.targets(0) == {a: 1, b: 1, c: 2}


def test_pillaging_scores_each_non_empty_region_conquered():
    pos = ClassicPosition()
    a = pos.region("Farmland", "Border", "Lost Tribe")
    pos.give(0, RATMEN, PILLAGING, hand=8)
    turn_begins(pos.g, pos.t, 0)
    conquer(pos.g, pos.t, 0, a, 3)  # the Lost Tribes count
    assert active_bonus(pos.g, pos.t, 0) == 1


def test_seafaring_conquers_water_and_keeps_it_in_decline():
    pos = ClassicPosition()
    a = pos.region("Sea", "Border")
    pos.give(0, RATMEN, SEAFARING, hand=8)
    assert pos.targets(0) == {a: 2}  # a Sea on the edge is a first conquest
    conquer(pos.g, pos.t, 0, a, 2)
    go_into_decline(pos.g, pos.t, 0)
    assert pos.holder(a) == (0, RATMEN) and pos.g.ply[0, L.P_DECLINE_POWER] == SEAFARING


def test_spirit_keeps_a_second_race_in_decline_that_later_declines_leave():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.put(a, 0, HUMANS, 1, decline=True)
    pos.give(0, RATMEN, SPIRIT)
    pos.put(b, 0, RATMEN, 3)
    go_into_decline(pos.g, pos.t, 0)
    assert pos.g.ply[0, L.P_DECLINE_RACE] == HUMANS and pos.g.ply[0, L.P_SPIRIT_RACE] == RATMEN
    assert pos.holder(a) == (0, HUMANS) and pos.g.reg[b, L.R_DECLINE] == 1
    assert score_turn(pos.g, pos.t, 0) == 2  # both races in decline score
    pos.give(0, WIZARDS, NO_POWER)
    pos.put(c, 0, WIZARDS, 2)
    go_into_decline(pos.g, pos.t, 0)
    assert pos.holder(a) == (-1, -1)  # the Humans leave, the Spirit Ratmen stay
    assert pos.holder(b) == (0, RATMEN) and pos.g.ply[0, L.P_DECLINE_RACE] == WIZARDS


def test_stout_declines_after_scoring():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, RATMEN, STOUT, hand=0)
    pos.put(a, 0, RATMEN, 1)
    pos.put(b, 0, RATMEN, 1)
    coins = pos.coins(0)
    score_turn(pos.g, pos.t, 0)
    after_scoring(pos.g, pos.t, 0, False)  # 0 free tokens: it pays to decline now
    assert pos.coins(0) == coins + 2
    assert pos.g.ply[0, L.P_RACE] == -1 and pos.g.ply[0, L.P_DECLINE_RACE] == RATMEN


def test_underworld_pays_less_for_caverns_and_reaches_them_all():
    pos = ClassicPosition()
    a = pos.region("Hill", "Border", "Cavern")
    b = pos.region("Forest", "Cavern")
    c = pos.region("Swamp", "Cavern", neighbours=[a])
    pos.give(0, RATMEN, UNDERWORLD, hand=8)
    pos.put(a, 0, RATMEN, 1)
    conquests_begin(pos.g, pos.t, 0)
    assert pos.targets(0) == {b: 1, c: 1}


def test_wealthy_scores_seven_once_at_the_end_of_its_first_turn():
    pos = scoring_position(WEALTHY, ["Hill"])
    after_redeploy(pos.g, pos.t, 0)
    assert active_bonus(pos.g, pos.t, 0) == 7
    after_redeploy(pos.g, pos.t, 0)
    assert active_bonus(pos.g, pos.t, 0) == 0


# ---------------------------------------------------------------- interactions


def test_the_heuristic_declines_a_spirit_race_sooner():
    for power, declines in ((NO_POWER, False), (SPIRIT, True)):
        pos = ClassicPosition()
        a, b = line(pos, "Farmland", "Hill")
        pos.give(0, RATMEN, power)
        pos.g.gst[L.G_ROUND] = 5  # the race is 4 rounds old
        pos.put(a, 0, RATMEN, 4)
        pos.put(b, 0, RATMEN, 3)  # 5 tokens free: the default threshold is 5
        assert heuristic_decline(pos.g, pos.t, 0) == declines


def test_c6_spirit_ghouls_keep_conquering_in_decline():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, GHOULS, SPIRIT)
    pos.put(a, 0, GHOULS, 4)
    go_into_decline(pos.g, pos.t, 0)
    assert pos.g.ply[0, L.P_SPIRIT_RACE] == GHOULS
    pos.give(0, RATMEN, NO_POWER, hand=0)
    active_turn_begins(pos.g, pos.t, 0)
    assert pos.holder(b) == (0, GHOULS)


def test_c6_stout_declines_beside_a_spirit_race():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, HUMANS, SPIRIT)
    pos.put(a, 0, HUMANS, 2)
    go_into_decline(pos.g, pos.t, 0)
    pos.give(0, RATMEN, STOUT, hand=0)
    pos.put(b, 0, RATMEN, 1)
    after_scoring(pos.g, pos.t, 0, False)
    assert pos.g.ply[0, L.P_DECLINE_RACE] == RATMEN and pos.g.ply[0, L.P_SPIRIT_RACE] == HUMANS
    assert pos.holder(a) == (0, HUMANS) and pos.holder(b) == (0, RATMEN)


def test_c1_amazons_with_few_spare_tokens_leave_regions_empty():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.put(a, 0, AMAZONS, 3)
    pos.put(b, 0, AMAZONS, 1)
    pos.put(c, 0, AMAZONS, 1)
    after_redeploy(pos.g, pos.t, 0)
    assert int(pos.g.ply[0, L.P_ASIDE]) == 4
    assert sorted(pos.tokens(r) for r in (a, b, c)) == [0, 0, 1]


def sorcerer_next_to(pos, race, tokens=1):
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, SORCERERS, hand=1)  # a conversion needs a token in hand (C9)
    pos.put(a, 0, SORCERERS, 2)
    pos.put(b, 1, race, tokens)
    turn_begins(pos.g, pos.t, 0)
    return a, b


def test_c2_sorcerers_convert_a_lone_elf_which_is_lost():
    pos = ClassicPosition()
    a, b = sorcerer_next_to(pos, ELVES)
    sorcerers_convert(pos.g, pos.t, 0, 0, False)
    assert pos.holder(b) == (0, SORCERERS) and pos.hand(1) == 0


def test_c2_sorcerers_convert_a_lone_troll_in_its_lair_and_the_lair_goes():
    pos = ClassicPosition()
    a, b = sorcerer_next_to(pos, TROLLS)
    pos.g.reg[b, L.R_LAIR] = 1
    sorcerers_convert(pos.g, pos.t, 0, 0, False)
    assert pos.holder(b) == (0, SORCERERS) and pos.g.reg[b, L.R_LAIR] == 0


def test_c2_an_encampment_protects_a_lone_token_from_the_sorcerers():
    """Rulebook 002, Bivouacking: "Each Encampment counts as 1 Race token toward
    the defense of the Region in which it is placed (thereby protecting a single
    Race token with an Encampment from the Sorcerer's Racial Power)." """
    for encampments, converted in ((0, True), (1, False)):
        pos = ClassicPosition()
        a, b = sorcerer_next_to(pos, HUMANS)
        pos.g.ply[1, L.P_POWER] = BIVOUACKING
        pos.g.reg[b, L.R_ENCAMPMENTS] = encampments
        sorcerers_convert(pos.g, pos.t, 0, 0, False)
        assert (pos.holder(b) == (0, SORCERERS)) == converted
    assert pos.g.reg[b, L.R_ENCAMPMENTS] == 1 and pos.tokens(b) == 1


def test_c2_sorcerers_convert_in_water_only_when_seafaring():
    for power, converted in ((NO_POWER, False), (SEAFARING, True)):
        pos = ClassicPosition()
        a = pos.region("Farmland")
        s = pos.region("Sea", neighbours=[a])
        pos.give(0, SORCERERS, power, hand=1)
        pos.put(a, 0, SORCERERS, 2)
        pos.give(1, RATMEN, SEAFARING)
        pos.put(s, 1, RATMEN, 1)
        turn_begins(pos.g, pos.t, 0)
        sorcerers_convert(pos.g, pos.t, 0, 0, False)
        assert (pos.holder(s) == (0, SORCERERS)) == converted


def test_c3_heroes_and_the_dragon_shield_from_the_sorcerers():
    for piece in (L.R_HERO, L.R_DRAGON):
        pos = ClassicPosition()
        a, b = sorcerer_next_to(pos, HUMANS)
        pos.g.reg[b, piece] = 1
        sorcerers_convert(pos.g, pos.t, 0, 0, False)
        assert pos.holder(b) == (1, HUMANS)


def test_c4_halflings_holes_go_when_they_decline():
    pos = ClassicPosition()
    (a,) = line(pos, "Farmland")
    pos.give(0, HALFLINGS, NO_POWER, hand=6)
    conquer(pos.g, pos.t, 0, a, 2)
    assert pos.g.reg[a, L.R_HOLE] == 1
    go_into_decline(pos.g, pos.t, 0)
    assert pos.g.reg[a, L.R_HOLE] == 0


def test_c5_diplomat_peace_binds_the_active_race_not_the_diplomat_in_decline_regions():
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(1, RATMEN, DIPLOMAT, hand=0)
    pos.put(b, 1, RATMEN, 1)
    pos.put(c, 1, HUMANS, 1, decline=True)
    pos.give(0, WIZARDS, NO_POWER, hand=9)
    pos.put(a, 0, WIZARDS, 1)
    pos.link(a, c)
    pos.g.ply[0, L.P_PEACE_FROM] = 2  # player 1 made peace with player 0
    targets = pos.targets(0)
    assert b not in targets and c in targets


def test_c8_ghouls_in_decline_are_not_bound_by_a_diplomat_peace():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.put(a, 0, GHOULS, 5, decline=True)
    pos.give(1, RATMEN, DIPLOMAT, hand=0)
    pos.put(b, 1, RATMEN, 1)
    pos.give(0, WIZARDS, NO_POWER, hand=0)
    pos.g.ply[0, L.P_PEACE_FROM] = 2
    active_turn_begins(pos.g, pos.t, 0)
    assert pos.holder(b) == (0, GHOULS)
    assert pos.g.ply[0, L.P_PEACE_FROM] == 2  # the active race stays bound


def test_c6_the_dragon_region_is_immune_to_conquest_and_readying_keeps_it():
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, RATMEN, DRAGON_MASTER, hand=0)
    pos.put(a, 0, RATMEN, 3)
    pos.g.reg[a, L.R_DRAGON] = 1
    ready_troops(pos.g, pos.t, 0)
    assert pos.g.reg[a, L.R_DRAGON] == 1 and pos.hand(0) == 2


# ------------------------------------------------ the rules as printed (C9-C14)


def play_turn_of(pos, p):
    """p's whole turn from the position (round 1: no decline): ready the troops,
    conquer as the bot chooses, redeploy, the end of the turn, the score."""
    pos.g.gst[L.G_TURN] = p
    play_turns(pos.g, pos.t, p + 1, None)


def conversions(pos):
    log = pos.g.log[: pos.g.gst[L.G_LOG_N]]
    return [(int(e[2]), int(e[3]), int(e[4]), int(e[5])) for e in log if e[1] == EV_CONVERT]


SORCERERS_RULE = (
    "Once per turn per opponent, your Sorcerers can conquer a Region by substituting one "
    "of your opponent's Active tokens with one of your own taken from the storage tray."
)


def test_c9_sorcerers_convert_on_their_first_turn_next_to_the_region_just_taken():
    """Rulebook 002, Sorcerers: "Once per turn per opponent, your Sorcerers can
    conquer a Region by substituting one of your opponent's Active tokens with one
    of your own taken from the storage tray." Not only before the first conquest:
    a race new on the map converts once its first region is next door."""
    assert "Once per turn per opponent" in SORCERERS_RULE
    pos = ClassicPosition(log=True)
    a, b = line(pos, "Farmland", "Hill")
    pos.give(0, SORCERERS, NO_POWER, hand=5)  # just picked: no region yet
    pos.put(b, 1, HUMANS, 1)
    play_turn_of(pos, 0)
    assert pos.holder(a) == (0, SORCERERS) and pos.holder(b) == (0, SORCERERS)
    assert conversions(pos) == [(0, b, 1, HUMANS)]
    assert pos.hand(1) == 0  # the Human went back to the tray


def test_c9_the_bot_conquers_to_open_a_conversion_and_converts_after_its_last_conquest():
    """Rulebook 002, Sorcerers: "... and that Region must be adjacent to one of your
    Sorcerers'": a region taken this turn counts, even after the turn's last
    conquest. The heuristic takes the region that brings a lone token next door
    (and keeps its last token, which a conversion needs: C9; a die of blanks
    leaves it no final attempt)."""
    pos = ClassicPosition(die_faces=[0] * 6, log=True)
    a = pos.region("Farmland", "Border")
    b = pos.region("Hill", neighbours=[a])
    c = pos.region("Forest", neighbours=[b])
    d = pos.region("Swamp", neighbours=[a])
    for _ in range(3):
        pos.region("Hill", neighbours=[d])  # d has more room to grow than b
    pos.give(0, SORCERERS, NO_POWER, hand=3)  # b's 2, and 1 kept to convert (C9)
    pos.put(a, 0, SORCERERS, 1)
    pos.put(c, 1, HUMANS, 1)
    play_turn_of(pos, 0)
    assert pos.holder(b) == (0, SORCERERS) and pos.holder(d) == (-1, -1)
    assert conversions(pos) == [(0, c, 1, HUMANS)]


def test_c9_no_conversion_after_the_final_attempt():
    """Rulebook 002, the final conquest attempt: "Either way, his conquests for the
    turn end immediately thereafter." A conversion is a conquest."""
    pos = ClassicPosition(die_faces=[3, 3, 3, 3, 3, 3])
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(0, SORCERERS, NO_POWER, hand=1)
    pos.put(a, 0, SORCERERS, 1)
    pos.put(c, 1, HUMANS, 1)
    play_turn_of(pos, 0)
    assert pos.holder(b) == (0, SORCERERS)  # the die made it
    assert pos.holder(c) == (1, HUMANS)


def test_c12_sorcerers_respect_a_diplomat_peace():
    """Rulebook 002, Diplomat: "You are now at peace with him and he cannot attack
    your active race until your next turn." A conversion is an attack."""
    pos = ClassicPosition()
    a, b = line(pos, "Farmland", "Hill")
    c = pos.region("Forest", neighbours=[a])
    pos.give(0, SORCERERS, NO_POWER, hand=1)
    pos.put(a, 0, SORCERERS, 2)
    pos.give(1, HUMANS, DIPLOMAT)
    pos.put(b, 1, HUMANS, 1)
    pos.put(c, 2, WIZARDS, 1)
    pos.g.ply[0, L.P_PEACE_FROM] = 2  # player 1's Diplomat made peace with player 0
    turn_begins(pos.g, pos.t, 0)
    sorcerers_convert(pos.g, pos.t, 0, 0, False)
    assert pos.holder(b) == (1, HUMANS) and pos.holder(c) == (0, SORCERERS)


def test_c12_a_conversion_counts_for_pillaging():
    """Rulebook 002, Pillaging: "Each non-empty Region you conquer this turn is worth
    1 bonus Victory coin at turn's end." A conversion conquers a non-empty region."""
    pos = ClassicPosition()
    a, b = sorcerer_next_to(pos, HUMANS)
    pos.g.ply[0, L.P_POWER] = PILLAGING
    sorcerers_convert(pos.g, pos.t, 0, 0, False)
    assert pos.holder(b) == (0, SORCERERS)
    assert active_bonus(pos.g, pos.t, 0) == 1


def test_c10_encampments_lost_in_an_attack_are_redeployed_as_the_attacker_turn_ends():
    """Rulebook 002, Bivouacking: "Encampments are never lost during an attack on
    the Region they are in: they are redeployed at the end of the current player's
    turn." """
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(0, RATMEN, NO_POWER, hand=9)
    pos.put(a, 0, RATMEN, 1)
    pos.give(1, HUMANS, BIVOUACKING)
    pos.put(b, 1, HUMANS, 1)
    pos.put(c, 1, HUMANS, 1)
    pos.g.reg[b, L.R_ENCAMPMENTS] = 2
    turn_begins(pos.g, pos.t, 0)
    conquer(pos.g, pos.t, 0, b, 5)
    turn_ends(pos.g, pos.t, 0, False)
    assert pos.g.reg[c, L.R_ENCAMPMENTS] == 2 and pos.g.ply[1, L.P_ENCAMP_HAND] == 0


def test_c11_ghouls_in_decline_lose_one_token_and_redeploy_the_rest():
    """Rulebook 002, Ghouls: "once In Decline, your Ghouls can continue to conquer
    new Regions in the following turns, playing exactly as if they were still
    Active tokens." So they lose one token to a conquest, as an active race does."""
    pos = ClassicPosition()
    a, b, c = line(pos, "Farmland", "Hill", "Forest")
    pos.give(0, RATMEN, NO_POWER, hand=9)
    pos.put(a, 0, RATMEN, 1)
    pos.put(b, 1, GHOULS, 4, decline=True)
    pos.put(c, 1, GHOULS, 1, decline=True)
    turn_begins(pos.g, pos.t, 0)
    conquer(pos.g, pos.t, 0, b, 6)
    assert pos.g.ply[1, L.P_GHOUL_HAND] == 3
    turn_ends(pos.g, pos.t, 0, False)
    assert pos.tokens(c) == 4 and pos.g.ply[1, L.P_GHOUL_HAND] == 0
    conquer(pos.g, pos.t, 0, c, 6)  # the last region: the Ghouls are wiped out
    assert pos.g.ply[1, L.P_DECLINE_RACE] == -1
    turn_ends(pos.g, pos.t, 0, False)
    assert pos.g.ply[1, L.P_GHOUL_HAND] == 0


def test_c4_the_holes_come_back_when_the_halflings_are_picked_again():
    """Rulebook 002, Halflings: "Place a Hole-in-the-Ground in each of the first 2
    Regions you conquer": the first two of each time the Halflings are picked."""
    pos = ClassicPosition()
    a, b, c, d = line(pos, "Farmland", "Hill", "Forest", "Swamp")
    pos.give(0, HALFLINGS, NO_POWER, hand=8)
    combo_taken(pos.g, 0)
    for r in (a, b):
        conquer(pos.g, pos.t, 0, r, 2)
    go_into_decline(pos.g, pos.t, 0)
    for r in (a, b):  # the in-decline Halflings leave the map, the banner returns
        pos.empty(r)
    pos.g.ply[0, L.P_DECLINE_RACE] = -1
    pos.give(0, HALFLINGS, NO_POWER, hand=8)  # picked again later
    combo_taken(pos.g, 0)
    for r in (c, d):
        conquer(pos.g, pos.t, 0, r, 2)
    assert [int(pos.g.reg[r, L.R_HOLE]) for r in (c, d)] == [1, 1]


def test_c13_the_dragon_may_serve_any_conquest_of_the_turn():
    """Rulebook 002, Dragon Master: "Once per turn, you may conquer a Region using a
    single Race token, regardless of the number of enemy tokens defending it." Once
    a turn, not first: the bot sends it to a strong region its first conquest
    brought next door, and only once."""
    pos = ClassicPosition()
    a, b, c, d = line(pos, "Farmland", "Hill", "Forest", "Swamp")
    pos.give(0, RATMEN, DRAGON_MASTER, hand=4)
    pos.put(a, 0, RATMEN, 1)
    pos.put(c, 1, HUMANS, 4)
    pos.put(d, 1, HUMANS, 3)
    play_turn_of(pos, 0)
    assert pos.holder(b) == (0, RATMEN) and pos.holder(c) == (0, RATMEN)
    assert pos.g.reg[c, L.R_DRAGON] == 1
    assert pos.holder(d) == (1, HUMANS)  # one Dragon conquest a turn


def test_c14_the_diplomat_may_name_an_opponent_who_just_declined():
    """Rulebook 002, Diplomat: "At the end of your turn, you may select one opponent
    whose Active race you did not attack this turn as your ally." An opponent who
    has just declined comes back with a fresh race next turn."""
    pos = ClassicPosition()
    a = pos.region("Farmland", "Border")
    b = pos.region("Hill", "Border", neighbours=[a])
    c = pos.region("Forest", "Border")
    d = pos.region("Swamp", neighbours=[c])
    pos.give(1, RATMEN, DIPLOMAT)
    pos.put(a, 1, RATMEN, 2)
    pos.put(b, 1, RATMEN, 2)
    pos.put(d, 0, HUMANS, 1, decline=True)  # player 0 has no active race now
    pos.give(2, WIZARDS, NO_POWER)
    pos.put(c, 2, WIZARDS, 3)  # far from the Diplomat
    turn_begins(pos.g, pos.t, 1)
    turn_ends(pos.g, pos.t, 1, False)
    assert pos.g.ply[0, L.P_PEACE_FROM] == 2
    pos.give(0, ORCS, NO_POWER, hand=10)  # the fresh race
    assert a not in pos.targets(0) and b not in pos.targets(0)


def test_c9_a_conversion_is_in_the_event_log_and_the_replay():
    pos = ClassicPosition(log=True)
    a, b = sorcerer_next_to(pos, HUMANS)
    sorcerers_convert(pos.g, pos.t, 0, 0, False)
    assert conversions(pos) == [(0, b, 1, HUMANS)]
    seats = np.zeros((3, L.S_NF), np.int64)
    content = analyzer.load_game("classic").content()
    text = describe(pos.g, seats, classic_tables(), 3, ["heuristic"] * 3, 1, 0, content=content)
    assert "seat 1 converts the lone Humans token of seat 2 on" in text
    assert "seat 2 loses" in text
