"""The range of every number a user can give, in one place.

Each range is what the engine can hold (its counters are 32-bit integers and its
arrays have fixed sizes, engine/layout.py) and what makes sense for the game, so a
value that loads always plays a correct game: the loaders of rulesets, boards and
scenarios and the command-line options all check against these tables, and
`analyzer validate` says no exactly when a run would go wrong. docs/limits.md lists
them for users; a test keeps the two the same.

The widest ranges leave room: with every number at its top, the highest possible
score stays far below 2**31 (tests/test_limits.py plays such games).
"""

from __future__ import annotations

from analyzer.engine.core_layout import MAX_COLUMN, MAX_PLAYERS
from analyzer.errors import InputError, Problem
from analyzer.tomlcheck.tomlfile import range_text  # noqa: F401 (the studies read it here too)

MAX_ROUNDS = 20  # the engine's race-instance table holds one pick every other round
DIE_SIDES = 6

# Rule numbers of a ruleset file and of a scenario's [rules]: (lowest, highest).
RULE_NUMBERS = {
    "start_coins": (0, 1000),
    "column_size": (1, MAX_COLUMN),
    "faction_bonus": (0, 20),
    "travel_cost": (0, 10),
    "base_cost": (1, 10),  # an empty region costs at least one token
    "water_cost": (1, 10),
    "die_max_short": (0, DIE_SIDES),
    "min_conquest_tokens": (1, 10),  # "a conquest always needs at least one token"
}
DIE_FACE = (0, DIE_SIDES)
ROUNDS = (1, MAX_ROUNDS)
SEAT_COINS = (0, 1000)  # extra starting coins of one seat (a seat-order compensation)
EXTRA_ROUNDS = (0, MAX_ROUNDS - 1)  # rounds plus extra rounds: at most MAX_ROUNDS

# Race tokens: a banner, a race's box, and a badge (tokens a special power adds).
BANNER = (1, 30)
BOX = (1, 30)
BADGE = (0, 10)
BADGE_DELTA = (-10, 10)

BOARDS_IN_BOX = (0, 10)  # double-sided boards of one size

# Bot parameters (floats). A chance, or a count of tokens or turns; weights are free
# within a range wide enough for any sweep.
BOT_PARAMETERS = {
    "abandon": (0.0, 1.0),
    "decline_tokens": (0.0, 100.0),
    "decline_min_age": (0.0, float(MAX_ROUNDS)),
    "decline_at_age": (0.0, float(MAX_ROUNDS)),
    "decline_round": (0.0, float(MAX_ROUNDS)),
    "reserve": (0.0, 100.0),
    "token_turns": (0.0, float(MAX_ROUNDS)),
    # the lookahead bot's budget: a game costs about rollouts x options x turns
    # heuristic games (gameloop/lookahead.py)
    "rollouts": (1.0, 4096.0),
    "horizon": (0.0, float(MAX_ROUNDS)),
    "candidates": (1.0, float(MAX_COLUMN)),
    "plans": (1.0, 4.0),  # players/params.py N_PLANS
    "prune": (0.0, 10.0),  # standard errors; 0: every option plays every rollout
    # the search bot's budget (gameloop/search.py): a game costs about simulations x
    # turns heuristic games
    "simulations": (1.0, 4096.0),
    "widening": (0.0, 16.0),  # 0: only the heuristic's own choice is ever open
    "exploration": (0.0, 100.0),
}
# (A ruleset's own bot parameters carry their range: BOT_PARAMS in its layout.py.)
BOT_WEIGHT = (-1000.0, 1000.0)  # every other bot parameter

# Command-line options.
MAX_SEED = 2**63 - 1
MAX_GAME_INDEX = 2**62  # game index plus games played stays within the engine's int64
OPTIONS = {
    "--players": (2, MAX_PLAYERS),
    "--seed": (0, MAX_SEED),
    "--games": (1, 10**12),  # simulate streams every game to disk: memory stays flat
    "--chunk": (1, 10**7),  # games held in memory at once
    "--games-per-combo": (1, 10**6),
    "--cost": (0, 1000),  # coins; a seat pays at most what it has
    "--game": (0, MAX_GAME_INDEX),
    "--repeats": (1, 100),
}
# The studies keep a few numbers per game in memory (about 100 bytes): at most this
# many games in one study.
MAX_STUDY_GAMES = 10**7


def check_option(key: str, value, where: str = "command line"):
    """A Problem when a command-line option is not a whole number in its range."""

    low, high = OPTIONS[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return Problem(where, key, value, range_text(low, high))
    return None


def check_options(where: str = "command line", **values):
    """InputError listing every option out of its range (keyword: option without
    its dashes, underscores for hyphens)."""

    problems = []
    for name, value in values.items():
        problem = check_option("--" + name.replace("_", "-"), value, where)
        if problem is not None:
            problems.append(problem)
    if problems:
        raise InputError(problems)


def check_study_games(
    total: int, study: str, where: str = "command line", keys=("--games", "--games-per-combo")
) -> None:
    """Refuse a study that would keep more games in memory than MAX_STUDY_GAMES; `keys`:
    the command's options that set its games (the message names only those)."""

    if total > MAX_STUDY_GAMES:
        raise InputError(
            Problem(
                where, keys[0], f"{total:,} games in all",
                f"the {study} study keeps every game's result in memory, so it plays at "
                f"most {MAX_STUDY_GAMES:,} games; lower {' or '.join(keys)}, or "
                "split the run over several seeds",
            )
        )  # fmt: skip
