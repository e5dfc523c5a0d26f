"""The robustness study (analyzer robustness), --forced-bot on the combo study and
--bots on every study."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from intervals import impossible_numbers
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.errors import InputError
from analyzer.studies.robustness import mark_findings, parse_fields
from analyzer.studies.tiers import DEPENDS, HOLDS, TOO_FEW

SWOW = load_game("swow")  # the game these tests play (the default run's)

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


# ------------------------------------------------------------------ the fields
def test_fields_repeat_short_lists_and_add_the_forced_seat_styles():
    fields = parse_fields(["default", "expansive,defensive"], "tuned", 3)
    assert [f.bots for f in fields] == [
        ("default",) * 3,
        ("expansive", "defensive", "expansive"),
        ("default",) * 3,
    ]
    assert [f.forced_bot for f in fields] == [None, None, "tuned"]
    assert fields[2].name == "all default, tuned forced seat"


def test_an_unknown_style_names_the_closest_one():
    with pytest.raises(InputError) as exc:
        parse_fields(["default", "agressive"], "", 4)
    assert "--field" in str(exc.value) and "'aggressive'" in str(exc.value)
    with pytest.raises(InputError) as exc:
        parse_fields(["default"], "tunned", 4)
    assert "--forced-bots" in str(exc.value) and "'tuned'" in str(exc.value)
    with pytest.raises(InputError):
        parse_fields(["default"], "", 4)  # nothing to compare with


# ------------------------------------------------------------------ the marks
REF = "ref"


def _effects(
    order: dict[str, dict[str, list[str]]], half: float = 0.03, games: int = 10_000
) -> pd.DataFrame:
    """Effects tables in which each field ranks its items as listed (best first), 2
    points apart (told apart at 10,000 games each, not at 1,000), each rate's interval
    `half` either side."""
    rows = []
    for fld, kinds in order.items():
        for kind, names in kinds.items():
            for i, name in enumerate(names):
                rate = 0.5 - 0.02 * i
                rows.append({"field": fld, "kind": kind, "name": name, "games": games,
                             "wins": round(games * rate), "win_rate": rate, "win_lo": rate - half,
                             "win_hi": rate + half, "rank": i + 1})  # fmt: skip
    return pd.DataFrame(rows)


def _correlation(fields, lo: float) -> pd.DataFrame:
    return pd.DataFrame(
        [{"field": f, "kind": k, "items": 5, "spearman": lo + 0.1, "spearman_lo": lo,
          "spearman_hi": lo + 0.2} for f in fields for k in ("race", "power", "seat")]
    )  # fmt: skip


def _gaps(values: dict[str, tuple[float, float, float]]) -> pd.DataFrame:
    return pd.DataFrame(
        [{"field": f, "first_seat": 0.3, "last_seat": 0.3 - g, "gap": g, "gap_lo": lo,
          "gap_hi": hi} for f, (g, lo, hi) in values.items()]
    )  # fmt: skip


def _decline(ranks: dict[str, int]) -> pd.DataFrame:
    return pd.DataFrame(
        [{"field": f, "group": "few", "best_rule": "decline_tokens = 3",
          "reference_rule": "decline_tokens = 3", "reference_rank": r, "rules": 18,
          "named": False, "state": HOLDS if r <= 3 else DEPENDS, "where": f"rank {r}"}
         for f, r in ranks.items()]
    )  # fmt: skip


RACES = ["Orcs", "Humans", "Trolls", "Gnomes", "Dwarves", "Murlocs", "Tauren"]
POWERS = ["Fishing", "Mining", "Flying", "Heroic", "Ruling"]


def test_a_planted_finding_that_holds_whatever_the_rest_of_the_table_does():
    order = {
        REF: {"race": RACES, "power": POWERS, "seat": ["seat 1", "seat 2"]},
        # the same first and last, the middle reshuffled (a low rank correlation)
        "other": {"race": ["Orcs", "Gnomes", "Murlocs", "Trolls", "Dwarves", "Humans", "Tauren"],
                  "power": ["Fishing", "Ruling", "Heroic", "Mining", "Flying"],
                  "seat": ["seat 1", "seat 2"]},
    }  # fmt: skip
    marks = mark_findings(
        _effects(order), _correlation(["other"], 0.1),
        _gaps({REF: (0.05, 0.02, 0.08), "other": (0.03, 0.01, 0.05)}),
        _decline({REF: 1, "other": 3}), REF,
    ).set_index("finding")  # fmt: skip
    assert marks.loc["Strongest race", "value"] == "Orcs"
    assert marks.loc["Weakest race", "value"] == "Tauren"
    assert marks.loc["Strongest power", "value"] == "Fishing"
    assert (marks.mark == HOLDS).all(), marks
    assert marks.loc["Seat advantage", "value"] == "the first seat wins more than the last"


def test_second_place_holds_only_when_the_games_cannot_tell_it_from_the_first():
    order = {
        REF: {"race": RACES, "power": POWERS, "seat": ["seat 1", "seat 2"]},
        "other": {"race": ["Humans", "Orcs", *RACES[2:]], "power": POWERS,
                  "seat": ["seat 1", "seat 2"]},
    }  # fmt: skip
    args = (_correlation(["other"], 0.9), _gaps({REF: (0.05, 0.02, 0.08),
            "other": (0.03, 0.01, 0.05)}), _decline({}), REF)  # fmt: skip
    # 2 points behind on 10,000 games each: told apart, so it depends on the bots
    marks = mark_findings(_effects(order), *args).set_index("finding")
    assert marks.loc["Strongest race", "mark"] == DEPENDS
    assert "behind Humans beyond noise" in marks.loc["Strongest race", "detail"]
    # on 1,000 games each with a tight enough interval: tied with the first, it holds;
    marks = mark_findings(_effects(order, half=0.02, games=1000), *args).set_index("finding")
    assert marks.loc["Strongest race", "mark"] == HOLDS
    assert "tied with Humans" in marks.loc["Strongest race", "detail"]
    # and the reference itself names no single winner it cannot tell from the second
    assert marks.loc["Strongest race", "value"] == "tied: Orcs (50.0%), Humans (48.0%)"
    # with intervals too wide to rank, the field cannot tell
    marks = mark_findings(_effects(order, half=0.08, games=1000), *args).set_index("finding")
    assert marks.loc["Strongest race", "mark"] == TOO_FEW


def test_a_planted_finding_that_depends_on_the_bots():
    order = {
        REF: {"race": RACES, "power": POWERS, "seat": ["seat 1", "seat 2"]},
        # Orcs fall to 4th; Tauren stay last and the powers keep their order
        "other": {"race": ["Humans", "Trolls", "Gnomes", "Orcs", "Dwarves", "Murlocs", "Tauren"],
                  "power": POWERS, "seat": ["seat 1", "seat 2"]},
    }  # fmt: skip
    marks = mark_findings(
        _effects(order), _correlation(["other"], 0.4),
        _gaps({REF: (0.05, 0.02, 0.08), "other": (-0.03, -0.05, -0.01)}),
        _decline({REF: 1, "other": 4}), REF,
    ).set_index("finding")  # fmt: skip
    for finding in ("Strongest race", "Seat advantage", "Best decline rule (few tokens)"):
        assert marks.loc[finding, "mark"] == DEPENDS, finding
    assert marks.loc["Weakest race", "mark"] == marks.loc["Strongest power", "mark"] == HOLDS
    assert "4th from the top" in marks.loc["Strongest race", "detail"]
    # the seat finding says how it depends: which field puts which seat ahead
    assert (
        "the first seat ahead in ref; the last seat ahead in other"
        in (marks.loc["Seat advantage", "value"])
    )
    # A clear reference gap against a field whose interval crosses 0 depends too.
    gaps = _gaps({REF: (0.05, 0.02, 0.08), "other": (0.01, -0.01, 0.03)})
    marks = mark_findings(_effects(order), _correlation(["other"], 0.9), gaps, _decline({}), REF)
    assert marks.set_index("finding").loc["Seat advantage", "mark"] == DEPENDS


def test_a_finding_on_too_few_games_says_so_instead_of_depends():
    """As a rough run (about 8 games per combo) leaves it: intervals of +/- 8 points and
    decline rules of 40 games each cannot rank, so "depends on the bots" would be noise."""
    order = {
        REF: {"race": RACES, "power": POWERS, "seat": ["seat 1", "seat 2"]},
        "other": {"race": ["Humans", "Trolls", "Gnomes", "Orcs", "Dwarves", "Murlocs", "Tauren"],
                  "power": POWERS, "seat": ["seat 1", "seat 2"]},
    }  # fmt: skip
    args = (_effects(order, half=0.08), _correlation(["other"], 0.4),
            _gaps({REF: (0.05, -0.03, 0.13), "other": (-0.03, -0.05, -0.01)}),
            _decline({REF: 1, "other": 4}), REF)  # fmt: skip
    marks = mark_findings(*args, decline_games=40).set_index("finding")
    moved = ["Strongest race", "Seat advantage", "Best decline rule (few tokens)"]
    assert (marks.loc[moved, "mark"] == TOO_FEW).all(), marks
    assert TOO_FEW == "too few games to tell"
    # The same ranks on enough games: the verdicts stand.
    marks = mark_findings(*args, decline_games=400).set_index("finding")
    assert marks.loc["Best decline rule (few tokens)", "mark"] == DEPENDS
    # A finding that holds still holds on a rough run: noise did not move it.
    same = {REF: order[REF], "other": order[REF]}
    marks = mark_findings(_effects(same, half=0.08), _correlation(["other"], 0.6),
                          _gaps({REF: (0.0, -0.1, 0.1), "other": (0.0, -0.1, 0.1)}),
                          _decline({}), REF, decline_games=40)  # fmt: skip
    assert (marks.mark == HOLDS).all(), marks


# ------------------------------------------------------------------ the command
ROBUST_TINY = ["--players", 2, "--field", "default", "--field", "aggressive", "--forced-bots",
               "tuned", "-g", 2, "--decline-games", 2, "--bootstrap", 20, "--seed", 3,
               "--responder", "lookahead-lite", "--exploit-games", 3]  # fmt: skip
ROBUST_FILES = ["marks", "correlation", "effects", "seat_gap", "decline", "exploit", "fields"]


def test_robustness_writes_every_file_and_the_same_seed_gives_the_same_bytes(tmp_path):
    outs = []
    for name in ("a", "b"):
        out = tmp_path / name
        result = run("robustness", *ROBUST_TINY, "--out", out)
        assert result.exit_code == 0, result.output
        outs.append(out)
    a, b = outs
    for name in ROBUST_FILES:
        for ext in ("csv", "parquet"):
            assert (a / f"{name}.{ext}").exists(), (name, ext)
    assert (a / "correlation.png").exists() and (a / "summary.md").exists()
    for name in ROBUST_FILES[:-1]:  # fields.csv also holds the seconds each field took
        assert (a / f"{name}.csv").read_bytes() == (b / f"{name}.csv").read_bytes(), name
    marks = pd.read_csv(a / "marks.csv")
    assert set(marks.mark) <= {HOLDS, DEPENDS, TOO_FEW}
    assert {"Strongest race", "Weakest race", "Strongest power", "Seat advantage"} <= set(
        marks.finding
    )
    fields = pd.read_csv(a / "fields.csv")
    assert list(fields.forced_bot) == ["own seat's bot", "own seat's bot", "tuned"]
    text = (a / "summary.md").read_text(encoding="utf-8")
    assert "**tuned**" in text and "**aggressive**" in text  # the styles that played
    # 2 games per combo: no "ρ nan", no interval that leaves out its estimate
    assert impossible_numbers(text) == [] and impossible_numbers(result.output) == []
    effects = pd.read_csv(a / "effects.csv")
    seats = effects[effects.kind == "seat"]
    assert len(seats) == 2 * 3 and (seats.games == seats.games.iloc[0]).all()


def test_robustness_refuses_a_typo_before_playing(tmp_path):
    result = run("robustness", "--field", "defualt", "--out", tmp_path / "x")
    assert result.exit_code == 2 and "'default'" in result.output
    assert not (tmp_path / "x").exists()


# ------------------------------------------------------------------ --forced-bot
def test_the_forced_seat_style_is_recorded_and_keeps_the_counts():
    from analyzer.studies.combos import run_combos
    from analyzer.studies.settings import CombosSettings as S

    pick = [(0, 0), (3, 5)]
    own = run_combos(S(3, 7, seed=2, combos=pick, game=SWOW), progress=False)
    forced = run_combos(S(3, 7, seed=2, combos=pick, forced_bot="tuned", game=SWOW), progress=False)
    assert set(own.combos.forced_bot) == {"own seat's bot"}
    assert set(forced.combos.forced_bot) == {"tuned"} and forced.forced_bot == "tuned"
    assert set(forced.combos.bots) == {"heuristic,heuristic,heuristic"}
    assert list(forced.combos.games) == list(own.combos.games) == [7, 7]
    # the forced seat's own bot, laid out seat-major, plays other games than the plain layout
    same = run_combos(
        S(3, 7, seed=2, combos=pick, forced_bot="heuristic", game=SWOW), progress=False
    )
    assert not np.array_equal(same.combos.mean_vc, own.combos.mean_vc)


def test_combos_cli_names_the_forced_seat_style(tmp_path):
    out = tmp_path / "c"
    result = run("combos", "-p", 2, "-g", 1, "--bots", "aggressive,default", "--forced-bot",
                 "tuned", "--out", out)  # fmt: skip
    assert result.exit_code == 0, result.output
    text = (out / "summary.md").read_text(encoding="utf-8")
    assert "1 aggressive, 1 default" in text and "forced seat plays tuned" in text


# ------------------------------------------------------------------ --bots
TYPO_RUNS = [
    ["combos", "--bots", "agressive"],
    ["combos", "--forced-bot", "agressive"],
    ["decline", "--bots", "agressive"],
    ["players", "--bots", "agressive"],
    ["balance", "--bots", "agressive"],
    ["compare", "scenarios/extra-round.toml", "--bots", "agressive"],
    ["report", "--ruleset", "swow", "--bots", "agressive"],
]


@pytest.mark.parametrize("args", TYPO_RUNS, ids=lambda a: " ".join(a[:2]))
def test_bots_typo_exits_2_with_the_closest_name(args, tmp_path):
    result = run(*args, "--out", tmp_path / "x")
    assert result.exit_code == 2, result.output
    assert "'aggressive'" in result.output
    assert not (tmp_path / "x").exists()


def test_bots_of_the_wrong_count_exit_2(tmp_path):
    result = run("combos", "-p", 3, "--bots", "default,tuned", "--out", tmp_path / "x")
    assert result.exit_code == 2 and "every one of the 3 players" in result.output
    result = run("players", "-p", "3,4", "--bots", "default,tuned,tuned", "--out", tmp_path / "y")
    assert result.exit_code == 2 and "fits one player count" in result.output


def test_bots_play_and_are_named_in_each_summary(tmp_path):
    runs = {
        "combos": ["combos", "-p", 2, "-g", 1, "--bots", "aggressive,defensive"],
        "decline": ["decline", "-p", 2, "-g", 2, "--bots", "aggressive,defensive"],
        "players": ["players", "-p", 2, "-g", 4, "--games-per-combo", 0, "--bots", "aggressive"],
        "compare": ["compare", "scenarios/extra-round.toml", "-g", 4, "--games-per-combo", 2,
                    "--bots", "aggressive"],
    }  # fmt: skip
    for name, args in runs.items():
        out = tmp_path / name
        result = run(*args, "--out", out)
        assert result.exit_code == 0, (name, result.output)
        text = (out / "summary.md").read_text(encoding="utf-8")
        assert "aggressive" in text, name


def test_the_chart_draws_a_point_outside_its_percentile_interval(tmp_path):
    from types import SimpleNamespace

    from analyzer.studies.robustness import correlation_chart

    fields = parse_fields(["default", "aggressive"], "tuned", 4)
    corr = _correlation([f.name for f in fields[1:]], 0.6)
    corr.loc[0, "spearman"] = 0.5  # below its interval, as resampling noise can leave it
    result = SimpleNamespace(correlation=corr, fields=fields, n_players=4, games_per_combo=5,
                             reference=fields[0].name)  # fmt: skip
    assert correlation_chart(result, tmp_path / "c.png").stat().st_size > 0


# ------------------------------------------------------------------ a lookahead forced seat
def test_a_lookahead_field_plays_the_first_games_of_each_combo_and_seat():
    from analyzer.studies.combos import seat_blocks
    from analyzer.studies.robustness import field_runs

    n_combos, gpc, n, sub = 5, 8, 3, 4
    full = field_runs(n_combos, gpc, n, None)
    assert sum(k for *_, k in full) == n_combos * gpc
    runs = field_runs(n_combos, gpc, n, sub)
    played = {(s, g) for s, f, k in runs for g in range(f, f + k)}
    # the subset: in each seat block, the first games of each combo, as many per seat as
    # the plain layout's k < sub with k % n == s
    for s, start, m in seat_blocks(n_combos, gpc, n):
        keep = len(range(s, sub, n))
        for c in range(n_combos):
            for j in range(m):
                assert ((s, start + c * m + j) in played) == (j < keep)
    assert len(played) == n_combos * sub


def test_a_lookahead_forced_seat_is_compared_with_the_reference_on_its_own_games():
    from analyzer.rulesets.swow.tables import default_tables
    from analyzer.studies.robustness import run_robustness, summary_markdown
    from analyzer.studies.settings import RobustnessSettings

    fields = parse_fields(["default"], "lookahead-lite,tuned", 2, 2)
    assert [f.games_per_combo for f in fields] == [None, 2, None]
    settings = RobustnessSettings(
        2, ("default",), "lookahead-lite", 4, 0, 20, 5, lookahead_games_per_combo=2,
        tables=default_tables(), game=SWOW,
    )  # fmt: skip
    r = run_robustness(settings)
    games = dict(zip(r.field_games.field, r.field_games.combo_games, strict=True))
    reference = r.effects[(r.effects.field == r.reference) & (r.effects.kind == "race")]
    assert games[r.reference] == reference.games.sum()
    lite = r.fields[1].name
    assert "lookahead-lite" in lite and games[lite] * 2 == games[r.reference]
    assert len(r.correlation) == 3  # race, power and seat, against the reference's subset
    assert "first 2 of each combo's games" in summary_markdown(r)


def test_a_seat_gap_whose_resamples_all_agree_says_too_few_games():
    # Resamples that all give the same gap (a handful of games) make no 95% interval:
    # the finding says so instead of printing "+5.0 to +5.0".
    from analyzer.stats import TOO_FEW, percentile_interval

    nan_lo, nan_hi = percentile_interval(np.full(50, 0.05))
    order = {f: {"race": RACES, "power": POWERS, "seat": ["seat 1", "seat 2"]}
             for f in (REF, "other")}  # fmt: skip
    gaps = _gaps({REF: (0.05, 0.02, 0.08), "other": (0.05, nan_lo, nan_hi)})
    marks = mark_findings(_effects(order), _correlation(["other"], 0.9), gaps, _decline({}), REF)
    seat = marks.set_index("finding").loc["Seat advantage"]
    assert TOO_FEW in seat.detail and "+5.0 to +5.0" not in seat.detail


def _curves(rates: dict[str, float], games: int = 2000) -> pd.DataFrame:
    """Fake decline curves of one group: rule "family = value" -> win rate."""
    rows = []
    for rule, rate in rates.items():
        family, value = rule.split(" = ")
        wins = round(rate * games)
        rows.append({"group": "middle", "family": family, "value": int(value), "games": games,
                     "wins": wins, "win_rate": wins / games, "win_lo": rate - 0.02,
                     "win_hi": rate + 0.02, "mean_vc": 50.0})  # fmt: skip
    return pd.DataFrame(rows)


def test_in_the_report_robustness_checks_the_rule_the_decline_findings_name(tmp_path):
    """The report's robustness plan reads the decline section's best.csv (stamped as an
    input) and tests that rule in every field, the reference too, not its own best."""
    from types import SimpleNamespace

    from analyzer.report.site import ReportSettings
    from analyzer.studies.plans.common import ReportContext
    from analyzer.studies.plans.robustness import report
    from analyzer.studies.robustness_decline import decline_table, named_rules

    order = {"race": RACES, "power": POWERS, "seat": ["seat 1", "seat 2"]}
    (tmp_path / "decline").mkdir()
    pd.DataFrame(
        [{"players": 4, "among": "all", "group": "middle", "rule": "decline_tokens = 3"},
         {"players": 4, "among": "decline_tokens", "group": "middle",
          "rule": "decline_tokens = 3"}]
    ).to_csv(tmp_path / "decline" / "best.csv", index=False)  # fmt: skip
    ctx = ReportContext(4, 1, ("default",) * 4, {}, (), None, tmp_path, game=load_game("swow"))
    entry = report(ReportSettings(game=load_game("swow")), ctx)
    assert entry.settings.decline_source == str(tmp_path / "decline")
    assert tmp_path / "decline" / "best.csv" in entry.inputs
    named = named_rules(entry.settings.decline_source, 4)
    assert named == {"middle": "decline_tokens = 3"}
    # the robustness run's own reference games put decline_tokens = 4 first
    flds = [SimpleNamespace(name=REF), SimpleNamespace(name="other")]
    declines = [
        _curves({"decline_tokens = 4": 0.30, "decline_tokens = 3": 0.29,
                 "decline_round = 6": 0.20}),
        _curves({"decline_tokens = 3": 0.31, "decline_tokens = 4": 0.22,
                 "decline_round = 6": 0.20}),
    ]  # fmt: skip
    table = decline_table(flds, declines, named)
    assert list(table.reference_rule) == ["decline_tokens = 3"] * 2
    assert list(table.state) == [HOLDS, HOLDS]  # tied with the first, then first
    marks = mark_findings(_effects({REF: order, "other": order}), _correlation(["other"], 0.9),
                          _gaps({REF: (0.0, -0.01, 0.01), "other": (0.0, -0.01, 0.01)}),
                          table, REF, decline_games=2000).set_index("finding")  # fmt: skip
    row = marks.loc["Best decline rule (middle tokens)"]
    assert row.value == "decline_tokens = 3" and row["mark"] == HOLDS
    assert f"{REF}: 2nd from the top, tied with decline_tokens = 4" in row.detail
    # a field where the named rule is told apart from the first: it depends on the bots
    declines[1] = _curves({"decline_tokens = 4": 0.40, "decline_tokens = 3": 0.20})
    marks = mark_findings(
        _effects({REF: order, "other": order}),
        _correlation(["other"], 0.9),
        _gaps({REF: (0.0, -0.01, 0.01), "other": (0.0, -0.01, 0.01)}),
        decline_table(flds, declines, named),
        REF,
        decline_games=2000,
    )
    assert marks.set_index("finding").loc["Best decline rule (middle tokens)", "mark"] == DEPENDS
    # without the decline study's folder, the reference's own best is checked
    assert decline_table(flds, declines, named_rules("", 4)).reference_rule.iloc[0] == (
        "decline_tokens = 4"
    )


def test_robustness_decline_from_checks_the_named_rules_or_exits_2(tmp_path):
    bad = run("robustness", *ROBUST_TINY, "--decline-from", tmp_path, "--out", tmp_path / "x")
    assert bad.exit_code == 2 and "--decline-from" in bad.output, bad.output
    assert "Traceback" not in bad.output and not (tmp_path / "x").exists()
    rule = "decline_tokens = 2"
    pd.DataFrame(
        [{"players": 2, "among": "all", "group": g, "rule": rule}
         for g in ("few", "middle", "many")]
    ).to_csv(tmp_path / "best.csv", index=False)  # fmt: skip
    out = tmp_path / "out"
    result = run("robustness", *ROBUST_TINY, "--decline-from", tmp_path, "--out", out)
    assert result.exit_code == 0, result.output
    decline = pd.read_csv(out / "decline.csv")
    assert len(decline) and (decline.reference_rule == rule).all() and decline.named.all()
    marks = pd.read_csv(out / "marks.csv")
    assert (marks[marks.finding.str.startswith("Best decline")].value == rule).all()
