"""The golden playthroughs: one seeded 4-player game of each ruleset and variant,
checked in as readable text (tests/golden/), replayed move by move. Any change in
how the engine or the bots play shows up here as a diff; when the change is
intended, regenerate the file with the command its GOLDENS row gives, e.g.

    .venv/bin/analyzer replay --players 4 --seed 7 --game 225 \
        > tests/golden/game-4p-seed7-game225.txt

and read the diff before committing it."""

from pathlib import Path
from types import SimpleNamespace

import pytest

from analyzer.playthrough import play_and_describe

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
HERE = "tests/every_ruleset/test_golden.py"
# (ruleset, variant): (file, seed, game); every one a 4-player heuristic game, made
# by `analyzer replay --players 4 --seed SEED --game GAME` with --ruleset and
# --variant as named (PYTHONPATH=. for the plain test ruleset).
GOLDENS = {
    ("swow", "standard"): ("game-4p-seed7-game225.txt", 7, 225),
    ("swow", "bfa"): ("bfa-4p-seed7-game3.txt", 7, 3),
    ("classic", "standard"): ("classic-4p-seed7-game17.txt", 7, 17),
    ("tests.plain_ruleset", "standard"): ("plain-4p-seed7-game1.txt", 7, 1),
    ("tests.plain_ruleset", "tithe"): ("plain-tithe-4p-seed7-game1.txt", 7, 1),
}
# What each golden game must show (the golden is worth little if it never uses them).
SIGNS = {
    "swow": ("picks", "conquers", "rolls the die", "in decline", "reveals", "final:"),
    "classic": ("picks", "conquers", "Lost Tribes", "rolls the die", "in decline", "final:"),
}


def golden(game):
    """(file, seed, game number) of the ruleset's golden game; a ruleset or variant
    without one fails saying how to record it."""
    key = (game.ruleset, game.variant)
    short = game.ruleset.rsplit(".", 1)[-1]
    prefix = short if game.variant == "standard" else f"{short}-{game.variant}"
    file, seed, number = GOLDENS.get(key, (f"{prefix}-4p-seed7-game1.txt", 7, 1))
    if key not in GOLDENS or not (GOLDEN / file).is_file():
        variant = "" if game.variant == "standard" else f" --variant {game.variant}"
        pytest.fail(
            f"no golden game for ruleset {game.ruleset!r}, variant {game.variant!r}: record one "
            f"with `analyzer replay --ruleset {game.ruleset}{variant} --players 4 --seed {seed} "
            f"--game {number} > tests/golden/{file}`, read it (the game should use the "
            "ruleset's abilities), and give it the row "
            f"{key!r}: ({file!r}, {seed}, {number}) in GOLDENS of {HERE}.",
            pytrace=False,
        )
    return GOLDEN / file, seed, number


def test_a_ruleset_without_a_golden_game_is_told_how_to_record_one():
    mini = SimpleNamespace(ruleset="mini", variant="standard")
    with pytest.raises(pytest.fail.Exception) as failed:
        golden(mini)
    assert (
        "record one with `analyzer replay --ruleset mini --players 4 --seed 7 --game 1 > "
        "tests/golden/mini-4p-seed7-game1.txt`"
    ) in str(failed.value)
    assert "('mini', 'standard'): ('mini-4p-seed7-game1.txt', 7, 1) in GOLDENS" in str(failed.value)


def test_the_golden_game_plays_exactly_as_checked_in(game):
    path, seed, number = golden(game)
    played = play_and_describe(game, game.default_tables(), 4, seed, number, "heuristic")
    expected = path.read_text(encoding="utf-8")
    if played != expected:
        diff = [
            f"line {i + 1}:\n  checked in: {a}\n  played:     {b}"
            for i, (a, b) in enumerate(
                zip(expected.splitlines(), played.splitlines(), strict=False)
            )
            if a != b
        ]
        raise AssertionError(
            f"the golden game {path.name} changed (see this file's docstring):\n"
            + "\n".join(diff[:5])
        )


def test_the_golden_game_uses_many_abilities(game):
    path, _, _ = golden(game)
    text = path.read_text(encoding="utf-8")
    for sign in SIGNS.get(game.ruleset, ("picks", "conquers", "final:")):
        assert sign in text, sign
    picks = [line for line in text.splitlines() if " picks " in line]
    assert len(picks) >= 10


@pytest.mark.parametrize("key", sorted(GOLDENS))
def test_every_golden_file_is_checked_in(key):
    assert (GOLDEN / GOLDENS[key][0]).is_file()
