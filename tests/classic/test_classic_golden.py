"""The original game's golden playthrough: one seeded 4-player classic game,
checked in as readable text (tests/golden/), replayed move by move. When a change
of the classic rules or bots is intended, regenerate it with

    .venv/bin/analyzer replay --ruleset classic --players 4 --seed 7 --game 17 \
        > tests/golden/classic-4p-seed7-game17.txt

and read the diff before committing it."""

from pathlib import Path

from analyzer.playthrough import play_and_describe
from analyzer.rulesets.classic.tables import classic_tables

GOLDEN = Path(__file__).parents[1] / "golden" / "classic-4p-seed7-game17.txt"


def test_the_classic_golden_game_plays_exactly_as_checked_in():
    played = play_and_describe(classic_tables(), 4, 7, 17, "heuristic")
    expected = GOLDEN.read_text(encoding="utf-8")
    diff = [
        f"line {i + 1}:\n  checked in: {a}\n  played:     {b}"
        for i, (a, b) in enumerate(zip(expected.splitlines(), played.splitlines(), strict=False))
        if a != b
    ]
    assert played == expected, "the classic golden game changed:\n" + "\n".join(diff[:5])


def test_the_classic_golden_game_uses_many_abilities():
    text = GOLDEN.read_text(encoding="utf-8")
    for sign in ("picks", "conquers", "Lost Tribes", "rolls the die", "in decline", "final:"):
        assert sign in text, sign
    assert sum(" picks " in line for line in text.splitlines()) >= 10
