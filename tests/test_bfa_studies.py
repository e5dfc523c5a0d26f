"""The studies under Battle for Azeroth (issue 12 item 5): a forced combo goes to a
seat of its race's faction, every study reads the team win, and the fair share of a
combo is its faction's (ruling B9)."""

from __future__ import annotations

import numpy as np
import pytest

import analyzer
from analyzer import load_game
from analyzer.engine import layout as L
from analyzer.engine.jit import python_entry
from analyzer.engine.rng import init_streams
from analyzer.engine.setup import setup_game
from analyzer.engine.state import new_game
from analyzer.gameloop.api import engine_tables, play_batch
from analyzer.players.params import HEURISTIC, N_POLICY_PARAMS, default_vector
from analyzer.rulesets.swow.bfa import SEAT_FACTIONS, team_wins
from analyzer.rulesets.swow.ids import HORDE, NEUTRAL
from analyzer.rulesets.swow.tables import default_tables
from analyzer.studies import combos as C
from analyzer.studies import combos_page
from analyzer.variants import with_variant

SWOW = load_game("swow")  # the game these tests play (the default run's)

BFA = with_variant(default_tables(), "bfa")
F = L.MAX_FACTION_BANNERS


def race_named(name):
    return next(i for i, r in enumerate(BFA.ruleset.races) if r.name == name)


def power_named(name):
    return next(i for i, p in enumerate(BFA.ruleset.powers) if p.name == name)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_forced_combo_goes_to_the_seats_of_its_race_faction_in_turn(n):
    pairs, left = C.team_pairs(C.allowed_combos(BFA), BFA, n)
    races = {r for r, _ in pairs}
    neutral = {i for i, r in enumerate(BFA.ruleset.races) if r.faction == NEUTRAL}
    assert (races & neutral) == (neutral if n in (3, 5) else set())
    assert bool(left) == (n in (2, 4)) and len(left) == (4 if n in (2, 4) else 0)
    arr = np.array(pairs, np.int64)
    gpc = 6
    games = np.arange(len(pairs) * gpc, dtype=np.int64)
    seats = C.seat_choices(arr, BFA, n, team=True)
    forced = C.forced_rows(arr, games, gpc, n, 0, seats)
    for row in forced:
        assert SEAT_FACTIONS[n][row[L.F_SEAT]] == BFA.ruleset.races[row[L.F_RACE]].faction
    # each seat of the faction takes each of its combos equally often
    for c in range(len(pairs)):
        mine = forced[c * gpc : (c + 1) * gpc, L.F_SEAT]
        faction = BFA.ruleset.races[pairs[c][0]].faction
        allowed = [s for s, f in enumerate(SEAT_FACTIONS[n]) if f == faction]
        counts = np.bincount(mine, minlength=n)[allowed]
        assert counts.min() == counts.max() == gpc // len(allowed)


def test_the_standard_game_still_forces_every_seat_in_turn():
    arr = np.array([(0, 0), (3, 5)], np.int64)
    games = np.arange(8, dtype=np.int64)
    plain = C.forced_rows(arr, games, 4, 4, 0)
    same = C.forced_rows(arr, games, 4, 4, 0, C.seat_choices(arr, BFA, 4, team=False))
    assert np.array_equal(plain, same) and plain[:, L.F_SEAT].tolist() == [0, 1, 2, 3] * 2


@pytest.mark.parametrize("name", ["Humans", "Pandaren"])
def test_a_forced_banner_and_badge_leave_their_columns_before_the_deal(name):
    """Ruling B9: the forced combo is the seat's own line; its faction's column deals
    from the other banners (a forced Neutral race leaves three and a gap)."""
    race, power = race_named(name), power_named("Herbalist")
    faction = BFA.ruleset.races[race].faction
    t = engine_tables(BFA)
    g = new_game(N_POLICY_PARAMS, 1)
    python_entry(init_streams)(11, 0, g.rng)
    g.gst[L.G_FORCED_SEAT] = SEAT_FACTIONS[5].index(faction)
    g.gst[L.G_FORCED_RACE] = race
    g.gst[L.G_FORCED_POWER] = power
    python_entry(setup_game)(g, t, 5)
    column = [int(x) for x in g.gst[L.G_DRAFT + faction * F : L.G_DRAFT + faction * F + 6]]
    n = int(g.gst[L.G_DRAFT_N + faction])
    assert race not in column[:n] and n == (3 if faction == NEUTRAL else 5)
    powers = [int(x) for x in g.gst[L.G_COL_POWER : L.G_COL_POWER + 4]]
    assert power not in powers


def test_the_combo_study_reads_the_team_win_against_its_factions_share():
    pick = [(race_named("Humans"), 0), (race_named("Orcs"), 3), (race_named("Tauren"), 5)]
    gpc, n, seed = 6, 4, 9
    study = C.run_combos(
        C.CombosSettings(n, gpc, seed, tables=BFA, combos=pick, game=SWOW), progress=False
    )
    assert study.team and set(study.faction_fair) == {"Alliance", "Horde"}
    c = study.combos.set_index("race")
    # replay the same games and count the forced seat's faction wins by hand
    arr = np.array(sorted(pick), np.int64)
    games = np.arange(len(pick) * gpc, dtype=np.int64)
    forced = C.forced_rows(arr, games, gpc, n, 0, C.seat_choices(arr, BFA, n, team=True))
    res = play_batch(engine_tables(BFA), n, seed, 0, games.size, [HEURISTIC] * n,
                     [default_vector("heuristic")] * n, False, forced)  # fmt: skip
    won = team_wins(res.seats[:, :n, L.S_VC], n)
    faction = [BFA.ruleset.races[r].faction for r in forced[:, L.F_RACE]]
    team = won[np.arange(games.size), faction].reshape(len(pick), gpc).sum(1)
    names = [BFA.ruleset.races[r].name for r, _ in sorted(pick)]
    assert [int(c.loc[x, "wins"]) for x in names] == team.tolist()
    horde = [x for x in names if x != "Humans"]
    share = sum(int(c.loc[x, "wins"]) for x in horde) / (gpc * len(horde))
    assert study.faction_fair["Horde"] == pytest.approx(share)
    assert study.faction_fair["Alliance"] == pytest.approx(c.loc["Humans", "win_rate"])
    assert c.loc["Orcs", "fair"] == pytest.approx(share)
    assert c.loc["Orcs", "win_delta"] == pytest.approx(c.loc["Orcs", "win_rate"] - share)
    assert c.loc["Humans", "faction"] == "Alliance" and c.loc["Orcs", "faction"] == "Horde"
    assert study.races.set_index("race").loc["Tauren", "fair"] == pytest.approx(share)
    assert (study.powers["fair"] == study.grand_win_rate).all()


def test_a_neutral_race_at_four_players_is_refused_or_left_out(tmp_path):
    from analyzer.errors import InputError

    with pytest.raises(InputError) as err:
        naga = C.CombosSettings(4, 2, 1, tables=BFA, combos=[(race_named("Naga"), 0)], game=SWOW)
        C.run_combos(naga, progress=False)
    assert "no race of a faction seated at 4 players" in str(err.value)
    both = [(race_named("Naga"), 0), (race_named("Worgen"), 0)]
    study = C.run_combos(
        C.CombosSettings(4, 2, 1, tables=BFA, combos=both, game=SWOW), progress=False
    )
    assert list(study.combos["race"]) == ["Worgen"] and study.skipped == ["Naga"]
    text = combos_page.summary_markdown(study)
    assert "team win" in text and "Left out: Naga" in text and "its faction's" in text
    assert (
        combos_page.write_combos(study, tmp_path / "c", game=analyzer.load_game("swow", "bfa"))
        .joinpath("top_bottom.png")
        .exists()
    )


def test_a_forced_seat_style_is_refused_in_team_play():
    # the seat-major layout would force seats of the wrong faction (ruling B9)
    from analyzer.errors import InputError

    with pytest.raises(InputError) as err:
        C.run_combos(
            C.CombosSettings(4, 2, 1, tables=BFA, forced_bot="tuned", game=SWOW), progress=False
        )
    assert "forced_bot" in str(err.value) and "team variant" in str(err.value)


@pytest.mark.parametrize("n", [4, 5])
def test_the_decline_study_forces_each_test_seat_a_combo_of_its_own_faction(n):
    from analyzer.studies.decline import _plan

    plan = _plan(n, 30, 3, BFA, "heuristic", None, None, [0, 5], [])
    assert plan.team and sorted(set(plan.seat.tolist())) == list(range(n))
    for s, race in zip(plan.seat, plan.forced[:, L.F_RACE], strict=True):
        assert SEAT_FACTIONS[n][s] == BFA.ruleset.races[race].faction
    horde = _plan(n, 30, 3, BFA, "heuristic", None, "Orcs+Herbalist", [0], [])
    assert {SEAT_FACTIONS[n][s] for s in horde.seat.tolist()} == {HORDE}


def test_the_decline_study_reads_the_test_seats_team_win():
    from analyzer.studies.decline import run_decline
    from analyzer.studies.settings import DeclineSettings

    study = run_decline(
        DeclineSettings(4, 8, 5, BFA, tokens=[0], rounds=[], game=SWOW), progress=False
    )
    rows = study.curves[(study.curves.family == "decline_tokens") & (study.curves.value == 0)]
    assert study.variant == "bfa" and rows.games.tolist() == [8, 8, 8]  # three groups
    from analyzer.studies.decline import _plan

    plan = _plan(4, 8, 5, BFA, "heuristic", None, None, [0], [])
    vec = plan.vectors[("decline_tokens", 0)]
    won = 0
    for s in range(4):
        idx = np.flatnonzero(plan.seat == s)
        params = plan.params.copy()
        params[s] = vec[s]
        res = play_batch(engine_tables(BFA), 4, 5, int(idx[0]), idx.size, [HEURISTIC] * 4,
                         params, False, plan.forced[idx])  # fmt: skip
        won += int(team_wins(res.seats[:, :4, L.S_VC], 4)[:, SEAT_FACTIONS[4][s]].sum())
    assert int(rows.wins.sum()) == won


def test_the_players_study_reads_each_seats_team_win_against_the_factions_even_share():
    from analyzer.studies.players import run_players, summary_markdown
    from analyzer.studies.settings import PlayersSettings

    games, seed = 12, 4
    study = run_players(PlayersSettings([4, 5], games, seed, 1, BFA, game=SWOW), progress=False)
    assert study.variant == "bfa"
    for n in (4, 5):
        res = play_batch(engine_tables(BFA), n, seed, 0, games, [HEURISTIC] * n,
                         [default_vector("heuristic")] * n)  # fmt: skip
        won = team_wins(res.seats[:, :n, L.S_VC], n)[:, list(SEAT_FACTIONS[n])].sum(0)
        seats = study.seats[study.seats.players == n]
        assert seats.wins.tolist() == won.tolist()
        assert (seats.fair == (0.5 if n == 4 else 1 / 3)).all()
    assert study.combos[4]["fair"].notna().all()  # the team combo study, B9
    assert "team win" in summary_markdown(study)


def test_compare_weighs_the_variant_against_the_standard_game_on_what_both_read():
    from pathlib import Path

    from analyzer.studies.compare import TEAM_ONLY, run_compare
    from analyzer.studies.compare_page import summary_markdown
    from analyzer.studies.settings import CompareSettings

    bfa = Path(__file__).resolve().parents[1] / "scenarios" / "bfa-4p.toml"
    kw = dict(games=16, games_per_combo=2, seed=3, bootstrap=20)
    study = run_compare(CompareSettings((bfa,), **kw, game=SWOW), progress=False)
    metrics = set(study.table.metric)
    assert "first_seat_win" in metrics and "score_sd" in metrics
    assert not metrics & set(TEAM_ONLY)  # not meaningful against the standard game
    assert study.team_arms == ["Battle for Azeroth, 4 players"]
    assert "team variant" in summary_markdown(study)
    # the variant against itself: its own team rows, all exactly zero
    same = run_compare(CompareSettings((bfa,), baseline=bfa, **kw, game=SWOW), progress=False)
    rows = same.table.set_index("metric")
    assert set(TEAM_ONLY) <= set(rows.index)
    # (games that all agree give no interval: none is printed)
    assert (rows.delta == 0).all() and rows[["delta_lo", "delta_hi"]].isna().all(axis=None)
    res = play_batch(engine_tables(BFA), 4, 3, 0, 16, [HEURISTIC] * 4,
                     [default_vector("heuristic")] * 4)  # fmt: skip
    first = team_wins(res.seats[:, :4, L.S_VC], 4)[:, SEAT_FACTIONS[4][0]].mean()
    assert rows.loc["first_seat_team_win", "value"] == pytest.approx(first)


def test_compares_combo_games_force_a_seat_of_the_races_faction():
    from analyzer.studies.compare import _arm_calls, _new_arm

    arm = _new_arm("bfa", "-", BFA, ["heuristic"] * 5, 5, 4, 3)
    assert arm.team and len(arm.combos) == 16 * 20
    for call in _arm_calls(arm, BFA, None, 4, 3, 1, 50):
        if call.forced is None or call.tag is None:
            continue
        for row in call.forced:
            assert SEAT_FACTIONS[5][row[L.F_SEAT]] == BFA.ruleset.races[row[L.F_RACE]].faction


def test_balance_of_the_team_variant_reads_the_scenario_variant(tmp_path):
    from pathlib import Path

    from analyzer.studies.plans.balance import check, is_team

    scenario = Path(__file__).resolve().parents[1] / "scenarios" / "bfa-4p.toml"
    options = {"scenario": scenario, "players": None, "bots": None, "games_per_combo": 150,
               "seed": 1, "seat_games": 200, "check_games_per_combo": 100, "rounds": 2,
               "seat_players": "2,3,4,5", "variant": None,
               "game": analyzer.load_game("swow")}  # fmt: skip
    settings = check(options, print)
    assert is_team(settings) and settings.players == 4 and settings.seat_counts == (4,)
