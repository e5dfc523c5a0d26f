"""Battle for Azeroth's draft (rulebooks/003_*, "Picking a Race and Special Power
combo"; rulesets/swow/draft.py): one banner column per faction, one power column,
a race of your own faction with the power on its line, the cost paid to the
reserve, both columns sliding after each pick, discards back to their faction.
docs/rulings.md B4-B6 name these tests."""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest

from analyzer import load_game
from analyzer.engine import layout as L
from analyzer.engine.jit import python_entry
from analyzer.engine.rng import init_streams
from analyzer.engine.setup import setup_game
from analyzer.engine.state import new_game
from analyzer.gameloop.api import engine_tables
from analyzer.players.params import N_POLICY_PARAMS
from analyzer.rulesets.swow import draft
from analyzer.rulesets.swow.bfa import SEAT_FACTIONS, bfa_tables, seat_factions
from analyzer.rulesets.swow.ids import ALLIANCE, HORDE, NEUTRAL
from analyzer.rulesets.swow.tables import compile_tables, default_tables
from analyzer.simulate import simulate

SWOW = load_game("swow")  # the game these tests play (the default run's)

offer = python_entry(draft.offer_combos)
take = python_entry(draft.take_combo)
give_back = python_entry(draft.return_race)
seat_faction = python_entry(draft.seat_faction)
setup = python_entry(setup_game)
F = L.MAX_FACTION_BANNERS


def dealt(n_players, tables=None, game=0):
    tables = tables or bfa_tables(default_tables(), n_players)
    t = engine_tables(tables)
    g = new_game(N_POLICY_PARAMS, 1)
    python_entry(init_streams)(11, game, g.rng)
    setup(g, t, n_players)
    return g, t


def faction_list(g, f):
    n = g.gst[L.G_DRAFT_N + f]
    return [int(x) for x in g.gst[L.G_DRAFT + f * F : L.G_DRAFT + f * F + n]]


def power_column(g):
    return [int(x) for x in g.gst[L.G_COL_POWER : L.G_COL_POWER + draft.BFA_COLUMN]]


def faction_of(t, race):
    return int(t.race[race, L.RT_FACTION])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_engine_seats_the_factions_as_the_sheet_does(n):
    assert tuple(seat_faction(n, p) for p in range(n)) == SEAT_FACTIONS[n]


@pytest.mark.parametrize("n", [3, 4])
def test_setup_sorts_the_banners_by_faction_and_lays_out_four_powers(n):
    g, t = dealt(n)
    sizes = {NEUTRAL: 4 if n == 3 else 0, ALLIANCE: 6, HORDE: 6}
    for f, size in sizes.items():
        races = faction_list(g, f)
        assert len(races) == size and len(set(races)) == size
        assert all(faction_of(t, r) == f for r in races)
    assert g.gst[L.G_RACE_STACK_N] == 0  # no shared banner stack in this variant
    powers = power_column(g)
    assert min(powers) >= 0 and len(set(powers)) == 4
    assert all(g.gst[L.G_COL_RACE + k] == -1 for k in range(L.MAX_COLUMN))
    assert all(g.gst[L.G_COL_COINS + k] == 0 for k in range(L.MAX_COLUMN))


def test_the_factions_stacks_are_shuffled_from_game_to_game():
    firsts = {tuple(faction_list(dealt(2, game=k)[0], ALLIANCE)) for k in range(8)}
    assert len(firsts) > 4


def test_a_seat_is_offered_its_factions_four_banners_each_with_the_power_on_its_line():
    g, t = dealt(5)
    for p, f in enumerate(SEAT_FACTIONS[5]):
        n = offer(g, t, p)
        assert n == 4
        shown = [int(x) for x in g.gst[L.G_COL_RACE : L.G_COL_RACE + 4]]
        assert shown == faction_list(g, f)[:4]
        assert g.gst[L.G_COL_RACE + 4] == -1


@pytest.mark.parametrize("n", [2, 5])
def test_exchanged_seats_give_seat_zero_the_horde_column_and_keep_the_allies(n):
    """The team study's seating arm: the same deal, the Alliance's and the Horde's
    seats exchanged (Horde 1 plays first), the same seats allied; "When a player
    choses a Race ... they must pick one of their Faction"."""
    printed_g, printed_t = dealt(n)
    g, t = dealt(n, bfa_tables(default_tables(), n, exchanged=True))
    swapped = seat_factions(n, exchanged=True)
    assert swapped[:2] == (HORDE, ALLIANCE)
    assert [f for f in swapped if f == NEUTRAL] == [f for f in SEAT_FACTIONS[n] if f == NEUTRAL]
    for f in (ALLIANCE, HORDE):  # the same columns dealt
        assert faction_list(g, f) == faction_list(printed_g, f)
    ally = python_entry(draft.ally_of)
    assert [ally(g, t, p) for p in range(n)] == [ally(printed_g, printed_t, p) for p in range(n)]
    for p, f in enumerate(swapped):
        assert offer(g, t, p) == 4
        shown = [int(x) for x in g.gst[L.G_COL_RACE : L.G_COL_RACE + 4]]
        assert shown == faction_list(g, f)[:4]


def test_a_pick_slides_both_columns_up_and_refills_them_from_their_stacks():
    g, t = dealt(5)
    alliance = faction_list(g, ALLIANCE)
    powers = power_column(g)
    next_power = int(g.gst[L.G_POWER_STACK])
    offer(g, t, 0)
    race, power, collected = take(g, t, g.rng, 5, 2)
    assert (race, power, collected) == (alliance[2], powers[2], 0)  # no coins on combos
    assert faction_list(g, ALLIANCE) == alliance[:2] + alliance[3:]
    assert power_column(g) == powers[:2] + powers[3:] + [next_power]
    # so the Horde's combos changed though the Horde column did not move
    assert all(g.gst[L.G_COL_COINS + k] == 0 for k in range(L.MAX_COLUMN))


def test_an_empty_stack_leaves_a_gap_at_the_bottom_of_the_column():
    g, t = dealt(5)
    neutral = faction_list(g, NEUTRAL)  # four banners, no stack
    offer(g, t, 2)
    take(g, t, g.rng, 5, 0)
    assert offer(g, t, 2) == 3
    assert [int(x) for x in g.gst[L.G_COL_RACE : L.G_COL_RACE + 4]] == neutral[1:] + [-1]


def test_a_discarded_banner_goes_under_its_factions_stack_or_into_the_topmost_gap():
    g, t = dealt(5)
    alliance, neutral = faction_list(g, ALLIANCE), faction_list(g, NEUTRAL)
    offer(g, t, 0)
    a, _, _ = take(g, t, g.rng, 5, 0)
    give_back(g, t, g.rng, a)
    assert faction_list(g, ALLIANCE) == alliance[1:] + [a]  # under the stack
    offer(g, t, 2)
    n1, _, _ = take(g, t, g.rng, 5, 1)
    offer(g, t, 2)
    n2, _, _ = take(g, t, g.rng, 5, 0)
    assert faction_list(g, NEUTRAL) == [neutral[2], neutral[3]]  # two gaps below
    give_back(g, t, g.rng, n1)
    assert faction_list(g, NEUTRAL) == [neutral[2], neutral[3], n1]  # the topmost gap


def test_an_empty_faction_column_sends_its_player_to_the_fullest_other_one():
    """Ruling B4: only a scenario that leaves banners in the box can empty a column."""
    base = default_tables()
    allowed = tuple(r.faction != ALLIANCE for r in base.ruleset.races)
    t = bfa_tables(
        compile_tables(
            base.ruleset,
            base.faces,
            dataclasses.replace(base.parameters, races_allowed=allowed),
        ),
        3,
    )
    g, t = dealt(3, t)
    assert faction_list(g, ALLIANCE) == []
    assert offer(g, t, 0) == 4
    shown = [int(x) for x in g.gst[L.G_COL_RACE : L.G_COL_RACE + 4]]
    assert shown == faction_list(g, HORDE)[:4]  # Horde 6 banners, Neutral 4


@pytest.fixture(scope="module")
def five_player_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("bfa5")
    tables = bfa_tables(default_tables(), 5)
    sim = simulate(
        SWOW, 5, 16, 4, "heuristic", tables=tables, out_dir=out, progress=False, check=True
    )
    return sim, tables, out


def test_every_seat_plays_only_its_factions_races_and_pays_the_reserve(five_player_run):
    sim, tables, out = five_player_run
    assert sim.error_games == 0  # the invariants (every banner in one place) held
    races = pd.read_parquet(out / "races.parquet")
    faction_by_name = {r.name: r.faction for r in tables.ruleset.races}
    seat_of = np.array(SEAT_FACTIONS[5])
    assert (races["race"].astype(str).map(faction_by_name) == seat_of[races["seat"]]).all()
    assert (races["coins_paid"] == races["column_position"]).all()
    assert (races["coins_collected"] == 0).all()
    assert races["column_position"].max() <= 3
    assert len(races) > 5 * 16


def test_the_seats_table_of_a_variant_run_has_the_team_columns(five_player_run):
    _, _, out = five_player_run
    seats = pd.read_parquet(out / "seats.parquet")
    assert list(seats["faction"].astype(str)[:5]) == [
        "Alliance",
        "Horde",
        "Neutral",
        "Alliance",
        "Horde",
    ]
    assert seats.groupby("game")["team_win"].any().all()
    alliance = seats[seats["faction"] == "Alliance"]
    assert (
        alliance.groupby("game")["final_vc"].min() == alliance.groupby("game")["team_score"].first()
    ).all()


def test_the_variant_is_a_rule_parameter_off_in_the_standard_game():
    base = default_tables()
    assert base.parameters.variant == 0
    assert bfa_tables(base, 5).params[L.PAR_VARIANT] == L.VARIANT_BFA
