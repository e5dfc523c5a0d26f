"""Every study's settings: what a run of it is asked to play. The study that plays
them (analyzer/studies/NAME.py) and its plan (studies/plans/NAME.py: the command's
checks, the report's entry) both import them from here, one way."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# ------------------------------------------------------------------ balance


@dataclass(frozen=True)
class BalanceSettings:
    players: int = 4
    games_per_combo: int = 150  # per combo and token number
    seed: int = 1
    seat_counts: tuple[int, ...] | None = None  # where seats get coins (None: `players`)
    seat_games: int = 20000  # per count and arm (0: no seat coins)
    check_games: int = 100  # per combo: each suggestion replayed, and all at once
    rounds: int = 2  # numbers tried again around a change that misses
    tables: Any = None  # None: the printed rules
    bots: Any = "heuristic"
    bot_params: Any = None
    seat_tables: Any = None  # the rules at each seat count (None: `tables`)
    seat_bots: Any = None  # the bots at each seat count (None: `bots`)
    seat_params: Any = None
    scenario: str | None = None
    offsets: tuple[int, ...] | None = None  # token offsets of a curve (None: -3 to +3)
    # the win rate a race or power should reach (None: 1 / players); the team variant
    # balances factions against their own fair shares instead (balance_teams.py)
    fair: float | None = None
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ bots


@dataclass(frozen=True)
class BotsSettings:
    players: int = 4
    games: int = 20000  # per batch
    seed: int = 1
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ combos
# The false discovery rate of the combos called strong or weak (Benjamini-Hochberg).
FDR_Q = 0.05


@dataclass(frozen=True)
class CombosSettings:
    players: int = 4
    games_per_combo: int = 200
    seed: int = 1
    cost: int = 0
    tables: Any = None  # None: the printed rules of `game`
    bots: Any = "heuristic"  # by seat, or one for every seat
    bot_params: Any = None
    forced_bot: str | None = None  # the forced seat's style (None: the seat's own bot)
    check: bool = False  # the engine's invariant checks after every turn
    combos: Any = None  # (race id, power id) pairs to play (None: every allowed one)
    # stop a combo once its call is settled (studies/sequential.py); False: every combo
    # plays games_per_combo (the studies that pool combos, like balance, need that)
    adaptive: bool = False
    # keep the games for another study of this process that plays the same table
    # (backends/shared.py); never changes the results
    shared: bool = False
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ compare
BOOTSTRAP = 400  # resamples of each difference's interval


@dataclass(frozen=True)
class CompareSettings:
    scenarios: tuple  # paths or loaded scenarios, each compared with the baseline
    baseline: Any = None  # None: the printed rules, heuristic bots, same players
    games: int = 10000
    games_per_combo: int = 100
    seed: int = 1
    bots: str | None = None  # --bots: replaces the seats of both sides
    bootstrap: int = BOOTSTRAP
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ confirm
STRONG = "lookahead"  # the strong bot by default: any name of the player registry
GAMES = 400  # the most games a finding plays (looks at 100, 200 and 400)
TEAM_GAMES = 10000  # the reference bots' team games (the team study's default count)


@dataclass(frozen=True)
class ConfirmSettings:
    players: int = 4
    strong: str = STRONG  # the bot of every seat (the test seat of a decline rule aside)
    games: int = GAMES
    seed: int = 1
    source: str = ""  # the folder whose findings are confirmed (a report page's)
    team_games: int = TEAM_GAMES  # reference games of the team variant's faction gap (0: none)
    balance_changes: int = 0  # balance changes played, those moving a win rate most (0: all)
    tables: Any = None  # None: the printed rules of `game`
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ decline


@dataclass(frozen=True)
class DeclineSettings:
    players: Any = 4  # a count or several
    games: int = 3000
    seed: int = 1
    tables: Any = None  # None: the printed rules; else one set, or a dict by count
    bots: Any = "heuristic"
    bot_params: Any = None
    combos: str | None = None  # --combos: one group each
    check: bool = False
    scenario: str | None = None
    tokens: tuple[int, ...] | None = None  # "decline at N tokens" values (None: the default)
    rounds: tuple[int, ...] | None = None  # "decline in round r" values (None: 2 .. last-1)
    test_bot: str | None = None  # the test seat's own style (None: its seat's bot)
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ players


@dataclass(frozen=True)
class PlayersSettings:
    players: Any = (2, 3, 4, 5)  # the counts compared
    games: int = 20000
    seed: int = 1
    games_per_combo: int = 100  # 0: no rank correlations
    tables: Any = None  # None: the printed rules; else a dict by count
    bots: Any = "heuristic"  # one for every seat, or a dict by count
    bot_params: Any = None
    check: bool = False
    scenario: str | None = None
    skipped: dict = field(default_factory=dict)  # {count: why the scenario cannot play it}
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ robustness
# The reference field first; a list shorter than the players repeats over the seats.
DEFAULT_FIELDS = ("default", "aggressive", "expansive,defensive,coin-saver", "tuned")
# styles played in the forced seat against the reference field
DEFAULT_FORCED = ("tuned", "lookahead-lite")


@dataclass(frozen=True)
class RobustnessSettings:
    players: int = 4
    fields: tuple[str, ...] = DEFAULT_FIELDS  # fields of bots, the first the reference
    forced_bots: object = "tuned,lookahead-lite"  # text, or a sequence of styles
    games_per_combo: int = 100
    decline_games: int = 500
    bootstrap: int = 400
    seed: int = 1
    # A lookahead forced seat plays 100s of times slower than the heuristic, so its field
    # plays only the first games of each combo and seat (a subset of the reference's
    # games, so the comparison stays paired): main effects only.
    lookahead_games_per_combo: int = 20
    tables: Any = None  # None: the printed rules of `game`
    # How exploitable each field is: one responder seat (a strong bot) against the
    # field, exploit_games games each (studies/exploit.py; 0 here, the command's default
    # is 200: a lookahead seat is slow, and a caller in Python asks for it by name).
    responder: str = "lookahead"
    exploit_games: int = 0
    # The folder of a decline study whose best rule per group is checked (its best.csv:
    # the report page's decline section); "" checks the reference field's own best.
    decline_source: str = ""
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ teams


@dataclass(frozen=True)
class TeamsSettings:
    players: tuple[int, ...] = (2, 3, 4, 5)
    games: int = 10000  # per count
    duel_games: int = 5000  # game pairs per count (4 and 5) for the allied bots
    seed: int = 1
    bots: Any = None  # the faction games' bots by count (None: heuristic)
    seating: str = "printed"  # or "exchanged": the Alliance's and the Horde's seats swap
    parts: bool = True  # take each faction's advantage apart (two more games per game)
    fixes: tuple = ()  # verified.csv tables of balance runs of the variant (--fix-from)
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)


# ------------------------------------------------------------------ tournament
LOOKAHEAD_GAMES = 5  # default games per seat order with a lookahead seat


@dataclass(frozen=True)
class TournamentSettings:
    bots: Any = None  # names, or text "a,b,c" (None: every style, lookahead and random)
    players: int = 4
    games: int = 100  # per seat order
    seed: int = 1
    bootstrap: int = 400
    lookahead_games: int = LOOKAHEAD_GAMES  # per seat order with a lookahead seat
    tables: Any = None  # None: the printed rules of `game`
    game: Any = field(kw_only=True)  # the Game played (load_game's handle)
