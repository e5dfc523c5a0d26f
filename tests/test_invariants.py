"""The invariant check does catch a broken SWoW state (that the invariants hold in
every turn of many games, for every ruleset, is tests/every_ruleset/test_random_play.py)."""

from __future__ import annotations

import pytest
from builder import Position
from kernels import check_invariants

from analyzer.engine import layout as L
from analyzer.engine.invariants import (
    ERR_BANNERS,
    ERR_BOX,
    ERR_CAPS,
    ERR_COINS,
    ERR_DECLINE,
    ERR_HAND,
    ERR_MIN_TOKENS,
    ERR_PIECE_CAPS,
    ERR_PIECES,
    ERR_REGION,
    ERR_WATER,
    ERROR_NAMES,
)
from analyzer.engine.jit import python_entry
from analyzer.gameloop.turns import ERR_BAD_MOVE
from analyzer.rulesets.swow.ids import (
    BEAST_MASTER,
    C_FORTS,
    C_MOUNTAINS,
    C_MURLOCS,
    CHAMPIONING,
    HUMANS,
    NAGA,
    ORCS,
    TAUREN,
)


def error_name(code: int) -> str:
    if code == ERR_BAD_MOVE:
        return "a bot asked for an illegal move"
    return ERROR_NAMES.get(code, f"unknown code {code}")


# ------------------------------------------------------------ the check fails
def sound_position():
    """A legal mid-game position: check_invariants finds nothing wrong. Player 2
    has its Orcs in hand (none on the map yet), player 3 has no race."""
    pos = Position(n_players=4)
    land = [pos.region("Fields", "Entry"), pos.region("Hills"), pos.region("Forest")]
    sea = pos.region("Sea", neighbours=land[:1])
    pos.region("Swamp", "Murloc", "Mountain", neighbours=land[1:])
    pos.put(land[0], 0, HUMANS, 3)
    pos.put(land[1], 0, HUMANS, 1)
    pos.put(land[2], 1, TAUREN, 2)
    pos.put(sea, 2, NAGA, 1, decline=True)
    pos.give(2, ORCS, hand=6)
    return pos, land, sea


def test_a_sound_position_passes():
    pos, _, _ = sound_position()
    assert check_invariants(pos.g, pos.t) == 0


def tokens_without_owner(pos, land, sea):
    pos.g.reg[land[0], L.R_PLAYER] = -1


def tokens_without_race(pos, land, sea):
    pos.g.reg[land[0], L.R_RACE] = -1


def owner_without_tokens(pos, land, sea):
    pos.g.reg[land[1], L.R_TOKENS] = 0


def negative_coins(pos, land, sea):
    pos.g.ply[1, L.P_COINS] = -1


def race_over_its_box(pos, land, sea):
    pos.g.reg[land[0], L.R_TOKENS] = pos.t.race[HUMANS, L.RT_BOX]


def second_race_in_decline(pos, land, sea):
    pos.g.reg[land[1], L.R_DECLINE] = 1  # player 0 has no race in decline


def lone_tauren(pos, land, sea):
    pos.g.reg[land[2], L.R_TOKENS] = 1


def hand_beside_regions(pos, land, sea):
    pos.g.ply[0, L.P_HAND] = 2


def hand_without_race(pos, land, sea):
    pos.g.ply[3, L.P_HAND] = 3


def banner_twice(pos, land, sea):
    pos.g.gst[L.G_COL_RACE] = HUMANS  # also held by player 0


def banner_lost(pos, land, sea):
    pos.g.gst[L.G_RACE_STACK_N] -= 1


def race_in_the_sea(pos, land, sea):
    pos.put(sea, 0, HUMANS, 1)


def too_many_murlocs(pos, land, sea):
    for _ in range(pos.t.params[L.PAR_CAPS + C_MURLOCS]):
        pos.region("Fields", "Murloc")


def too_many_mountains(pos, land, sea):
    for _ in range(pos.t.params[L.PAR_CAPS + C_MOUNTAINS]):
        pos.region("Mountain", "Mountain")


def fort_on_murlocs(pos, land, sea):
    pos.g.reg[4, L.R_FORT] = 1  # the Murloc swamp


def tower_without_defensive(pos, land, sea):
    pos.g.reg[land[0], L.R_TOWER] = 1  # the Humans have no power


def beasts_without_beast_master(pos, land, sea):
    pos.g.reg[land[2], L.R_BEASTS] = 1


def champion_in_hand_beside_regions(pos, land, sea):
    pos.g.ply[0, L.P_POWER] = CHAMPIONING
    pos.g.ply[0, L.P_CHAMPION] = 1


def beasts_not_in_hand(pos, land, sea):
    pos.g.ply[2, L.P_POWER] = BEAST_MASTER
    pos.g.ply[2, L.P_BEASTS] = 7  # more than the 6 tokens in hand


def too_many_forts(pos, land, sea):
    for _ in range(pos.t.params[L.PAR_CAPS + C_FORTS]):
        r = pos.region("Hills")
        pos.put(r, 1, TAUREN, 2)
        pos.g.reg[r, L.R_FORT] = 1
    pos.g.reg[land[2], L.R_FORT] = 1  # one more than the box


BREAKS = [
    (tokens_without_owner, ERR_REGION),
    (tokens_without_race, ERR_REGION),
    (owner_without_tokens, ERR_REGION),
    (negative_coins, ERR_COINS),
    (race_over_its_box, ERR_BOX),
    (second_race_in_decline, ERR_DECLINE),
    (lone_tauren, ERR_MIN_TOKENS),
    (hand_beside_regions, ERR_HAND),
    (hand_without_race, ERR_HAND),
    (banner_twice, ERR_BANNERS),
    (banner_lost, ERR_BANNERS),
    (race_in_the_sea, ERR_WATER),
    (too_many_murlocs, ERR_CAPS),
    (too_many_mountains, ERR_CAPS),
    (fort_on_murlocs, ERR_PIECES),
    (tower_without_defensive, ERR_PIECES),
    (beasts_without_beast_master, ERR_PIECES),
    (champion_in_hand_beside_regions, ERR_HAND),
    (beasts_not_in_hand, ERR_PIECES),
    (too_many_forts, ERR_PIECE_CAPS),
]


@pytest.mark.parametrize(("breaker", "code"), BREAKS, ids=[b.__name__ for b, _ in BREAKS])
def test_the_check_catches_a_broken_state(breaker, code):
    pos, land, sea = sound_position()
    breaker(pos, land, sea)
    got = check_invariants(pos.g, pos.t)
    assert got == code, f"{breaker.__name__}: got {error_name(got)}, want {error_name(code)}"


# ------------------------------------------------------------ unchecked runs
def test_an_unchecked_run_compiles_no_invariant_check():
    # play_turns is typed with check None in an unchecked run (check_flag): numba
    # prunes the branch, so check_invariants is never compiled or linked for it;
    # a checked run (True) still links it.
    from analyzer.gameloop import turns as game

    assert game.check_flag(False) is None and game.check_flag(True) is True
    pos = Position()
    for check in (None, True):
        python_entry(game.play_turns)(pos.g, pos.t, 0, check)
    linked = {
        str(args[-1]): "check_invariants" in str(result.library._final_module)
        for args, result in game.play_turns.overloads.items()
    }
    assert linked == {"none": False, "bool": True}


def test_an_unchecked_run_reuses_the_checked_code_a_process_has():
    # A report's first study checks; the others then run the same compiled code with
    # check False rather than compiling the entry point again for None. Same games.
    import numpy as np
    from numba import types

    from analyzer.gameloop import api, batch
    from analyzer.gameloop import turns as game
    from analyzer.players.params import default_vector, policy_id
    from analyzer.ruleset_registry import played_tables

    assert game.check_flag(False, [(types.int64, types.boolean)]) is False
    assert game.check_flag(False, [(types.int64, types.none)]) is None
    assert game.check_flag(True, [(types.int64, types.none)]) is True
    et = api.engine_tables(played_tables())
    ids, params = [policy_id("heuristic")] * 4, np.array([default_vector("heuristic")] * 4)
    checked = api.play_batch(et, 4, 5, 0, 3, ids, params, check=True)
    compiled = set(batch.play_range.overloads)
    unchecked = api.play_batch(et, 4, 5, 0, 3, ids, params, check=False)
    assert set(batch.play_range.overloads) == compiled
    assert np.array_equal(checked.seats, unchecked.seats)
