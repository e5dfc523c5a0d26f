"""The golden playthrough: one seeded 4-player game, checked in as readable text
(tests/golden/), replayed move by move. Any change in how the engine or the bots play
shows up here as a diff; when the change is intended, regenerate the file with

    .venv/bin/analyzer replay --players 4 --seed 7 --game 225 \
        > tests/golden/game-4p-seed7-game225.txt

and read the diff before committing it."""

from pathlib import Path

from analyzer.model import default_tables
from analyzer.playthrough import play_and_describe

GOLDEN = Path(__file__).parent / "golden" / "game-4p-seed7-game225.txt"


def test_the_golden_game_plays_exactly_as_checked_in():
    played = play_and_describe(default_tables(), 4, 7, 225, "heuristic")
    expected = GOLDEN.read_text(encoding="utf-8")
    if played != expected:
        diff = [
            f"line {i + 1}:\n  checked in: {a}\n  played:     {b}"
            for i, (a, b) in enumerate(
                zip(expected.splitlines(), played.splitlines(), strict=False)
            )
            if a != b
        ]
        raise AssertionError(
            "the golden game changed (see this file's docstring):\n" + "\n".join(diff[:5])
        )


def test_the_golden_game_uses_many_abilities():
    text = GOLDEN.read_text(encoding="utf-8")
    for sign in ("picks", "conquers", "rolls the die", "in decline", "reveals", "final:"):
        assert sign in text, sign
    picks = [line for line in text.splitlines() if " picks " in line]
    assert len(picks) >= 10
