"""analyzer tune (studies/tune.py) and analyzer tournament (studies/tournament.py),
on tiny game counts."""

import numpy as np
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.players.styles import bot_of
from analyzer.studies.settings import TournamentSettings
from analyzer.studies.tournament import (
    bradley_terry,
    lineups,
    run_tournament,
    summary_markdown,
    write_tournament,
)
from analyzer.studies.tune import Arena, TuneSettings, run_tune, write_tune

SWOW = load_game("swow")  # the game these tests play (the default run's)

runner = CliRunner()
PRINTED = load_game("swow").default_tables()  # the printed rules the arenas play


def test_a_seat_paired_with_itself_gains_exactly_nothing():
    """Common random numbers: the field's own vector in the test seat plays the very
    same games, so every paired difference is zero."""
    field = bot_of("default")[1]
    arena = Arena(4, field, 5, PRINTED)
    test, ref = arena.gain(field, 0, 16)
    np.testing.assert_array_equal(test, ref)
    test, ref = arena.gain(bot_of("aggressive")[1], 0, 40)
    assert not np.array_equal(test, ref)  # another vector plays other games


def test_a_field_against_a_responder_is_paired_with_the_field():
    """With a responder, the test side is the field around one responder seat: the
    field's own vector plays the very same games (no gain), another field other games,
    and the responder's seat rotates over every seat."""
    from analyzer.players.params import policy_id

    field = bot_of("default")[1]
    policy, vector = bot_of("lookahead-lite")
    arena = Arena(4, field, 5, PRINTED, responder=(policy_id(policy), vector))
    test, ref = arena.gain(field, 0, 8)
    np.testing.assert_array_equal(test, ref)
    assert set(np.unique(test)) <= {0.0, 1.0}
    assert ref.mean() < 0.75  # the responder wins most games, so the field loses most
    test, ref = arena.gain(bot_of("aggressive")[1], 0, 8)
    assert not np.array_equal(test, ref)
    assert arena.games_played == 8 + 8 + 8  # the field's games are played once


def test_tune_refuses_an_unknown_responder_with_exit_2():
    result = runner.invoke(app, ["tune", "--responder", "lookahed"])
    assert result.exit_code == 2 and "Did you mean 'lookahead'" in result.output


SMALL = TuneSettings(
    generations=2, population=4, games=8, validate_games=8, final_games=8, game=SWOW
)


@pytest.fixture(scope="module")
def tuned():
    return run_tune(SMALL)


def test_tune_is_reproducible_and_reports_each_generation(tuned, tmp_path):
    again = run_tune(SMALL)
    assert tuned.generations.equals(again.generations)
    assert tuned.best == again.best
    g = tuned.generations
    assert list(g.generation) == [0, 1, 2]
    assert (g.gain_lo <= g.gain).all() and (g.gain <= g.gain_hi).all()
    assert len(tuned.candidates) == 2 * 4
    # start (field + test), then per generation training (field once + 4 candidates)
    # and validation (field + mean), then the final check (field + winner)
    assert tuned.games_played == 16 + 2 * (8 + 4 * 8 + 16) + 16
    assert not tuned.ships  # 8 games cannot show a 5-point gain with its interval above 0
    out = write_tune(tuned, tmp_path / "tune", game=load_game("swow"))
    for name in ("generations.csv", "candidates.csv", "head_to_head.csv", "tune.png",
                 "tuned.toml", "summary.md"):  # fmt: skip
        assert (out / name).exists(), name
    assert "Does not ship" in (out / "summary.md").read_text()


def test_tune_refuses_a_bad_field_with_exit_2():
    result = runner.invoke(app, ["tune", "--field", "random"])
    assert result.exit_code == 2 and "heuristic bot or one of its styles" in result.output
    result = runner.invoke(app, ["tune", "--population", "2"])
    assert result.exit_code == 2 and "--population" in result.output


def test_bradley_terry_recovers_known_strengths():
    strength = np.log(np.array([4.0, 2.0, 1.0]))
    p = np.exp(strength)
    met = 100000.0
    ahead = np.array([[met * p[i] / (p[i] + p[j]) if i != j else 0 for j in range(3)]
                      for i in range(3)])  # fmt: skip
    fitted = bradley_terry(ahead)
    np.testing.assert_allclose(fitted - fitted.mean(), strength - strength.mean(), atol=1e-3)


def test_every_seat_order_is_played():
    assert len(lineups(5, 4)) == 5 * 4 * 3 * 2
    orders = lineups(2, 4)
    assert len(orders) == 14 and all(set(o) == {0, 1} for o in orders)


def test_the_tournament_ranks_the_random_bot_last(tmp_path):
    result = run_tournament(
        TournamentSettings("default,aggressive,random", games=2, bootstrap=30, game=SWOW)
    )
    assert result.orders == 36 and result.games_played == 72
    r = result.ratings
    assert r.bot.iloc[-1] == "random"
    ok = r.rating_lo.notna()  # two games may give a rating no interval (said, never +0 to +0)
    assert (r.rating_lo[ok] <= r.rating[ok]).all() and (r.rating[ok] <= r.rating_hi[ok]).all()
    m = result.matrix.set_index(["bot", "opponent"]).rate
    for a in result.bots:
        for b in result.bots:
            if a != b:
                assert m[a, b] + m[b, a] == pytest.approx(1.0)
    assert "**aggressive**" in summary_markdown(result)
    out = write_tournament(result, tmp_path / "t", game=load_game("swow"))
    for name in ("ratings.csv", "matrix.csv", "matrix_wide.csv", "tournament.png", "summary.md"):
        assert (out / name).exists(), name


def test_the_tournament_refuses_unknown_bots_with_exit_2():
    result = runner.invoke(app, ["tournament", "--bots", "default,agresive"])
    assert result.exit_code == 2 and "Did you mean 'aggressive'" in result.output
    result = runner.invoke(app, ["tournament", "--bots", "default"])
    assert result.exit_code == 2 and "at least two" in result.output


def test_the_default_tournament_fields_the_lookahead_on_fewer_games():
    from analyzer.studies.tournament import default_bots

    bots = default_bots()
    assert {"default", "tuned", "lookahead", "random"} <= set(bots)
    assert "lookahead-lite" not in bots
    bots = "default,aggressive,lookahead-lite,random"
    settings = TournamentSettings(bots, 3, games=3, lookahead_games=1, bootstrap=20, game=SWOW)
    result = run_tournament(settings)
    with_lookahead = sum(1 for o in lineups(4, 3) if 2 in o)
    assert result.games_played == 3 * (result.orders - with_lookahead) + with_lookahead == 36
    assert result.ratings.set_index("bot").seat_games["lookahead-lite"] == with_lookahead
    assert "only the first 1 of those games" in summary_markdown(result)
    assert runner.invoke(app, ["tournament", "--lookahead-games", "0"]).exit_code == 2
    from analyzer.cli import TOURNAMENT_LOOKAHEAD_GAMES
    from analyzer.studies.tournament import LOOKAHEAD_GAMES

    assert TOURNAMENT_LOOKAHEAD_GAMES == LOOKAHEAD_GAMES
