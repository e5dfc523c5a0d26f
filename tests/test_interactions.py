"""Rules that meet across races, special powers and markers (docs/rulings.md,
"Interactions"): each test builds the meeting and checks tokens, VC and markers."""

from __future__ import annotations

from builder import Position
from kernels import (
    airborne_cost,
    bomb_allowed,
    champion_ok,
    check_invariants,
    compute_targets,
    drop_bomb,
    intimidate,
    intimidation_ok,
    tokens_lost,
)

from analyzer.engine import layout as L
from analyzer.rulesets.swow.ids import (
    AEGIS,
    CHAMPIONING,
    DRAENEI,
    GNOMES,
    GOBLINS,
    HUMANS,
    INTIMIDATING,
    LIGHTS_HOPE,
    ORCS,
    PANDAREN,
)


def aegis_next_door(race, power, coins):
    """Player 0 (race, power) at home; next door player 1's Orcs hold a face-up Aegis."""
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    guarded = pos.region("Hills", neighbours=[home])
    pos.give(0, race, power, hand=6, coins=coins)
    pos.put(home, 0, race, 2)
    pos.put(guarded, 1, ORCS, 3)
    pos.give(1, ORCS, hand=0, coins=0)
    pos.marker(guarded, AEGIS)
    compute_targets(pos.g, pos.t, 0)
    return pos, home, guarded


def test_the_aegis_asks_its_2_vc_before_an_intimidation():
    pos, _, guarded = aegis_next_door(HUMANS, INTIMIDATING, coins=1)
    assert not intimidation_ok(pos.g, 0, guarded)
    pos, _, guarded = aegis_next_door(HUMANS, INTIMIDATING, coins=3)
    assert intimidation_ok(pos.g, 0, guarded)
    intimidate(pos.g, pos.t, 0, guarded, -1)
    assert (pos.coins(0), pos.coins(1)) == (1, 2)
    assert pos.tokens(guarded) == 2
    pos.g.ply[0, L.P_HAND] = 0  # the built position's spare hand, not a rule
    assert check_invariants(pos.g, pos.t) == 0


def test_the_aegis_asks_its_2_vc_before_the_champion_goes():
    pos, _, guarded = aegis_next_door(HUMANS, CHAMPIONING, coins=1)
    pos.g.ply[0, L.P_CHAMPION] = 1
    assert not champion_ok(pos.g, 0, guarded)
    pos, _, guarded = aegis_next_door(HUMANS, CHAMPIONING, coins=2)
    pos.g.ply[0, L.P_CHAMPION] = 1
    assert champion_ok(pos.g, 0, guarded)


def test_the_aegis_asks_its_2_vc_before_a_bomb_and_a_watch_tower_refuses_it():
    pos, _, guarded = aegis_next_door(GOBLINS, INTIMIDATING, coins=1)
    assert not bomb_allowed(pos.g, 0, guarded)
    pos.g.ply[0, L.P_COINS] = 2
    assert bomb_allowed(pos.g, 0, guarded)
    pos.g.gst[L.G_BOMBS_N] = 1
    pos.g.gst[L.G_BOMBS] = L.BOMB_LIVE
    drop_bomb(pos.g, 0, guarded)
    assert (pos.coins(0), pos.coins(1)) == (0, 2)
    assert pos.g.reg[guarded, L.R_BOMB] == L.BOMB_LIVE
    pos.g.reg[guarded, L.R_BOMB] = 0
    pos.g.ply[0, L.P_COINS] = 9
    pos.g.reg[guarded, L.R_TOWER] = 1  # a Watch Tower is immune whatever one pays
    assert not bomb_allowed(pos.g, 0, guarded)


def test_the_aegis_closes_a_region_to_the_gnomes_airborne_assault_without_2_vc():
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    far = pos.region("Swamp", board=1)
    pos.put(home, 0, GNOMES, 2)
    pos.give(0, GNOMES, hand=6, coins=1)
    pos.put(far, 1, ORCS, 1)
    pos.marker(far, AEGIS)
    assert airborne_cost(pos.g, pos.t, 0, far) == -1
    pos.g.ply[0, L.P_COINS] = 2
    assert airborne_cost(pos.g, pos.t, 0, far) >= 0
    pos.g.reg[far, L.R_TOWER] = 1
    assert airborne_cost(pos.g, pos.t, 0, far) == -1


def test_lights_hope_saves_the_draenei_token_and_leaves_the_holy_light_unused():
    pos = Position(n_players=2)
    chapel = pos.region("Fields", "Entry")
    other = pos.region("Hills", neighbours=[chapel])
    pos.put(chapel, 1, DRAENEI, 2)
    pos.put(other, 1, DRAENEI, 2)
    pos.give(1, DRAENEI, hand=0)
    pos.marker(chapel, LIGHTS_HOPE)
    # the Chapel protects: no loss, and the Holy Light is not called
    assert tokens_lost(pos.g, pos.t, 1, other, 0, 2) == 0
    assert pos.g.gst[L.G_HOLY_LIGHT] == 0
    # without the Chapel the Holy Light keeps the first token, once this turn
    pos.g.reg[chapel, L.R_MARKERS] = 0
    pos.g.reg[chapel, L.R_MARKERS_UP] = 0
    pos.g.gst[L.G_MARKER_AT + LIGHTS_HOPE] = -1
    assert tokens_lost(pos.g, pos.t, 1, other, 0, 2) == 0
    assert pos.g.gst[L.G_HOLY_LIGHT] == 1 << 1
    assert tokens_lost(pos.g, pos.t, 1, other, 0, 2) == 1


def test_a_harmony_holder_pays_the_pandaren_before_intimidating_them():
    pos = Position(n_players=2)
    home = pos.region("Fields", "Entry")
    panda = pos.region("Hills", neighbours=[home])
    pos.put(panda, 1, PANDAREN, 3)
    pos.give(1, PANDAREN, hand=0, coins=0)
    pos.give(0, HUMANS, INTIMIDATING, hand=6, coins=1)
    pos.put(home, 0, HUMANS, 2)
    pos.g.ply[0, L.P_HARMONY] = 1
    pos.g.gst[L.G_HARMONY_FROM] = 1 + 1
    compute_targets(pos.g, pos.t, 0)
    assert not intimidation_ok(pos.g, 0, panda)  # 1 VC: cannot pay the fee first
    pos.g.ply[0, L.P_COINS] = 2
    assert intimidation_ok(pos.g, 0, panda)
    intimidate(pos.g, pos.t, 0, panda, -1)  # the use pays the fee first
    assert (pos.coins(0), pos.coins(1)) == (0, 2)
    assert pos.g.ply[0, L.P_HARMONY] == 2 and pos.tokens(panda) == 2
