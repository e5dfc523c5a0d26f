"""Every study, declared once (analyzer/studies/protocol.py). The command line makes a
command of each (analyzer/cli/studies.py) and the report runs those with a report
section (analyzer/report/site.py), in this order. Light: `analyzer --help` reads it.

To add a study: its module (run, write, findings), its settings and steps in
analyzer/studies/plans/ (settings, check, run, answer, report), and one entry here.
"""

from __future__ import annotations

from pathlib import Path

from analyzer.studies.protocol import Option, Shared, Study
from analyzer.studies.settings import GAMES as CONFIRM_GAMES
from analyzer.studies.settings import LOOKAHEAD_GAMES as TOURNAMENT_LOOKAHEAD_GAMES
from analyzer.studies.settings import STRONG as CONFIRM_STRONG
from analyzer.studies.settings import TEAM_GAMES as CONFIRM_TEAM_GAMES

PLAYERS_LIST_HELP = "Player count or counts, like 4 or 2,3,4,5"
SMALL_WORLD = "Small World studies"
TEAMS = "Team variant"
BOTS = "Bots"

# Option groups several studies declare, each written once here (the options
# themselves are written once in analyzer/cli/options.py). In `--help` order:
# a study that plays on this process's threads only
_THREADS = (Shared("force"), Shared("threads"))
# one that plays on threads, --workers or --cluster (analyzer/backends)
_BACKEND = (*_THREADS, Shared("workers"), Shared("cluster"))
# and the ruleset it plays (--ruleset)
_ON_RULESET = (*_BACKEND, Shared("ruleset"))
# one that plays the scenario's rules and bots, or today's ones
_PLAYED = (Shared("check"), *_ON_RULESET, Shared("variant"))
_SCENARIO_PLAYERS = Shared(
    "players", "counted", help="Players, 2 to 5 (default: the scenario's, else 4)."
)
# the bots of every seat, and a scenario's rules and bots
_BOTS_SCENARIO = (Shared("bots"), Shared("scenario"))
_BOOTSTRAP = Option("bootstrap", ("--bootstrap",), int, 400, "Bootstrap resamples (intervals).")
_PLAN = "analyzer.studies.plans"


def _out(default: str) -> Shared:
    return Shared("out", help=f"Report folder (default: {default}).")


def _counts(default: str) -> Shared:
    """--players as one count or several, like 4 or 2,3,4,5."""
    return Shared("players", "counts", help=f"{PLAYERS_LIST_HELP} (default: {default}).")


def _games(default: int, help: str) -> Option:
    """--games (-g): the games of each arm of a study."""
    return Option("games", ("--games", "-g"), int, default, help)


def _per_combo(default: int, help: str, short: bool = True) -> Option:
    """--games-per-combo (-g when it is the study's main count): forced-pick games."""
    flags = ("--games-per-combo", "-g") if short else ("--games-per-combo",)
    return Option("games_per_combo", flags, int, default, help)


# The studies whose folder and page have a module of their own (`<study>_page.py`).
PAGES = ("combos", "compare")


def _steps(module: str, own: bool = False, **extra) -> dict:
    """The "module:function" names of a study's steps, in its plans module; with `own`,
    its writer and findings are the study's own (`analyzer.studies.<module>`, or its
    `<module>_page` when PAGES names it: `write_<module>`, `findings`), which take the
    result as the protocol does."""
    m = f"{_PLAN}.{module}"
    page = f"{module}_page" if module in PAGES else module
    done = f"analyzer.studies.{page}" if own else m
    steps = {
        "check": f"{m}:check",
        "run": f"{m}:run",
        "write": f"{done}:write_{module}" if own else f"{m}:write",
        "findings": f"{done}:findings",
        "answer": f"{m}:answer",
        "default_out": f"{m}:default_out",
        "timing": f"{m}:timing",
    }
    return steps | extra


STUDIES: tuple[Study, ...] = (
    Study(
        name="bots",
        group=BOTS,
        summary="Check the bots: all heuristic, and one heuristic against random bots.",
        help="Check the bots: all heuristic, and one heuristic against random bots.",
        options=(
            _games(20000, "Games per batch."),
            Shared("players"),
            Shared("seed", help="Run seed."),
            _out("reports/baseline-<players>p"),
            *_ON_RULESET,
        ),
        settings="analyzer.studies.settings:BotsSettings",
        tables=("summary", "race_summary", "power_summary"),
        report_title="The bots",
        **_steps("bots", timing=None, report=f"{_PLAN}.bots:report"),
    ),
    Study(
        name="combos",
        group=SMALL_WORLD,
        summary="Value every race and power combo: force it as one seat's first pick.",
        help="Value every race and power combo: force it as one seat's first pick.",
        options=(
            _SCENARIO_PLAYERS,
            _per_combo(200, "Games per race and power combo."),
            Shared("seed"),
            Option("cost", ("--cost",), int, 0, "Coins the forced seat pays for its combo."),
            Shared("bots"),
            Option(
                "forced_bot",
                ("--forced-bot",),
                str | None,
                None,
                "The bot or style the forced seat plays (default: the seat's own, from --bots).",
                metavar="NAME",
                show_default=False,
            ),
            Option(
                "fixed",
                ("--fixed",),
                bool,
                False,
                "Play every combo all its games (default: a combo stops once it is called "
                "strong or weak, docs/studies.md).",
            ),
            Shared("scenario"),
            _out("reports/combos-<players>p"),
            *_PLAYED,
        ),  # fmt: skip
        settings="analyzer.studies.settings:CombosSettings",
        tables=("combos", "races", "powers"),
        scenario_options=("scenario",),
        report_title="Race and power combos",
        **_steps("combos", own=True, report=f"{_PLAN}.combos:report"),
    ),
    Study(
        name="decline",
        group=SMALL_WORLD,
        summary='When to decline: sweep the decline threshold and "decline in round r".',
        help="When to decline: sweep the heuristic's decline threshold and \"decline in round "
        'r"\nfor one test seat per game, its first pick forced from a group of combos.',
        options=(
            _counts("the scenario's, else 4"),
            _games(3000, "Games per rule value, group of combos and player count."),
            Shared("seed"),
            Option(
                "combos",
                ("--combos",),
                str | None,
                None,
                'Chosen combos, one group each, like "Orcs+Fishing,Tauren+Mining" (default: '
                "three groups by starting tokens).",
                show_default=False,
            ),
            *_BOTS_SCENARIO,
            _out("reports/decline-<players>p"),
            *_PLAYED,
        ),  # fmt: skip
        settings="analyzer.studies.settings:DeclineSettings",
        tables=("decline", "best", "groups"),
        scenario_options=("scenario",),
        report_title="When to decline",
        **_steps("decline", own=True, report=f"{_PLAN}.decline:report"),
    ),
    Study(
        name="players",
        group=SMALL_WORLD,
        summary="What the player count changes: seats, scores, declines, combo ranks.",
        help="What the player count changes: seat advantage, scores, declines, and how combo"
        "\nstrength ranks move between 2, 3, 4 and 5 players.",
        options=(
            _counts("2,3,4,5"),
            _games(20000, "Games per player count with the same bot in every seat."),
            _per_combo(
                100,
                "Combo-study games per combo and player count, for the rank correlations "
                "(0: skip them).",
                short=False,
            ),
            Shared("seed"),
            Shared(
                "scenario",
                help="Scenario file (TOML): its ruleset, rules and bot, played at every count.",
            ),
            Shared("bots"),
            _out("reports/players-<players>p"),
            *_PLAYED,
        ),  # fmt: skip
        settings="analyzer.studies.settings:PlayersSettings",
        tables=(
            "seats",
            "scores",
            "score_counts",
            "declines",
            "rank_correlation",
            "race_ranks",
            "power_ranks",
        ),
        scenario_options=("scenario",),
        report_title="Player count and seat order",
        **_steps("players", own=True, report=f"{_PLAN}.players:report"),
    ),
    Study(
        name="compare",
        group=SMALL_WORLD,
        summary="Compare house rules with the baseline on the same seeds (paired games).",
        help="Compare house rules with the baseline on the same seeds (paired games).",
        options=(
            Option(
                "scenarios",
                ("scenarios",),
                list[Path],
                ...,
                "House-rule scenario files (TOML), each compared with the baseline.",
                argument=True,
            ),
            Option(
                "baseline",
                ("--baseline",),
                Path | None,
                None,
                "Baseline scenario (default: the printed rules, heuristic bots, same players).",
                show_default=False,
            ),
            Shared(
                "players",
                "counted",
                help="Only for checking: the scenarios' player count (each file sets its own).",
            ),
            _games(10000, "Ordinary games per scenario."),
            _per_combo(100, "Forced-pick games per combo (combo spread metrics).", short=False),
            Shared("seed"),
            Shared(
                "bots",
                help="Bots or styles by seat, comma separated, or one name for every seat: "
                "replaces the seats of both sides (every scenario and the baseline), so the "
                "rules are compared under the same bots.",
            ),
            _out("reports/compare"),
            *_ON_RULESET,
        ),  # fmt: skip
        settings="analyzer.studies.settings:CompareSettings",
        tables=("compare", "changed", "arms"),
        scenario_options=("scenarios", "baseline"),
        report_title="House rules",
        **_steps("compare", own=True, report=f"{_PLAN}.compare:report"),
    ),
    Study(
        name="balance",
        group=SMALL_WORLD,
        summary="What would balance it: banner, badge and starting-coin numbers.",
        help="What would balance it: the banner and badge numbers that make each race and"
        "\npower fair, the starting coins that make each seat fair, and how far each"
        "\nestimated number moves the answers. With --variant bfa: the smallest change"
        "\n(starting coins by faction, the Faction Bonus, a faction's banners) that brings"
        "\nevery faction to its fair share, replayed on fresh games.",
        options=(
            _SCENARIO_PLAYERS,
            _per_combo(
                150, "Games per combo at each token number (a race's curve pools its combos)."
            ),
            Shared("seed"),
            Option(
                "seat_players",
                ("--seat-players",),
                str,
                "2,3,4,5",
                f"{PLAYERS_LIST_HELP}: where seats get coins.",
            ),
            Option(
                "seat_games",
                ("--seat-games",),
                int,
                20000,
                "Games per player count for the seats (0: skip them); with --variant bfa, "
                "the games of every arm (at least 100).",
            ),
            Option(
                "check_games_per_combo",
                ("--check-games-per-combo",),
                int,
                100,
                "Games per combo when each suggestion is replayed and all are played at once.",
            ),
            Option(
                "rounds",
                ("--rounds",),
                int,
                2,
                "Whole numbers tried again around a change that misses its fair share when "
                "replayed (1 to 5).",
                limits=(1, 5),
            ),
            *_BOTS_SCENARIO,
            _out("reports/balance-<players>p"),
            *_ON_RULESET,
            Shared("variant"),
        ),  # fmt: skip
        settings="analyzer.studies.settings:BalanceSettings",
        tables=(
            "balance",
            "curves",
            "whole_table",
            "spread",
            "seats",
            "sensitivity",
            "verified",
            "predicted",
        ),  # fmt: skip
        scenario_options=("scenario",),
        report_title="What would balance it",
        **_steps("balance", own=True, report=f"{_PLAN}.balance:report"),
    ),
    Study(
        name="robustness",
        group=BOTS,
        summary="Do the headline findings hold with other bots?",
        help="Do the headline findings hold with other bots? Race and power effects, seat"
        "\nadvantage and the best decline rule under several fields of bots and with a "
        "stronger\nstyle in the forced seat, each ranked against the first field's.",
        options=(
            Shared("players"),
            Option(
                "fields",
                ("--field",),
                list[str] | None,
                None,
                "A field of bots: styles by seat, comma separated (a list shorter than the "
                "players repeats). Repeat the option for each field; the first is the reference "
                "(default: default; aggressive; expansive,defensive,coin-saver; tuned).",
                show_default=False,
            ),
            Option(
                "forced_bots",
                ("--forced-bots",),
                str,
                "tuned,lookahead-lite",
                "Styles played in the forced seat against the reference field, one field each, "
                'comma separated ("" for none).',
            ),
            _per_combo(100, "Forced-pick games per combo and field."),
            Option(
                "lookahead_games_per_combo",
                ("--lookahead-games-per-combo",),
                int,
                20,
                "Games per combo of a field whose forced seat is a lookahead style (the first "
                "of the reference's games, so still paired): the lookahead is slow.",
            ),
            Option(
                "decline_games",
                ("--decline-games",),
                int,
                500,
                "Decline-study games per rule, group and field (0: skip).",
            ),
            Option(
                "decline_source",
                ("--decline-from",),
                Path | None,
                None,
                "A decline study's folder (`analyzer decline --out`, or a report page's "
                "decline/): its best rule per group is the one checked in every field "
                "(default: the reference field's own best).",
                metavar="FOLDER",
                show_default=False,
            ),
            Option(
                "responder",
                ("--responder",),
                str,
                "lookahead",
                "The strong bot of one seat against each field, to measure how exploitable "
                "the field is (any name --bots takes).",
            ),
            Option(
                "exploit_games",
                ("--exploit-games",),
                int,
                200,
                "Games of the responder against each field (0: skip).",
            ),
            _BOOTSTRAP,
            Shared("seed"),
            _out("reports/robustness-<players>p"),
            *_ON_RULESET,
        ),  # fmt: skip
        settings="analyzer.studies.settings:RobustnessSettings",
        tables=("marks", "correlation", "effects", "seat_gap", "decline", "fields", "exploit"),
        report_title="Robustness across bots",
        **_steps("robustness", own=True, report=f"{_PLAN}.robustness:report"),
    ),
    Study(
        name="confirm",
        group=BOTS,
        summary="Do the headline findings hold with strong bots in every seat?",
        help="Do the headline findings hold with strong bots in every seat? Each finding of a"
        "\nreport (strongest and weakest race, power and combo; seat order; the best decline"
        "\nrule; each balance change; the team variant's faction gap) played again, with a"
        "\nverdict: holds, weaker, reverses, or too few games to tell.",
        options=(
            Shared("players"),
            Option(
                "strong",
                ("--strong",),
                str,
                CONFIRM_STRONG,
                "The bot or style of every seat (any name --bots takes, like lookahead or "
                "lookahead-lite).",
            ),
            _games(
                CONFIRM_GAMES,
                "The most games per finding (and per arm of a paired one); it stops once decided.",
            ),
            Option(
                "source",
                ("--from",),
                Path | None,
                None,
                "The folder whose findings are confirmed: a report page's (default: "
                "reports/<ruleset>-<players>p, from `analyzer report --ruleset NAME`).",
                metavar="FOLDER",
                show_default=False,
            ),
            Option(
                "team_games",
                ("--team-games",),
                int,
                CONFIRM_TEAM_GAMES,
                "Games of the reference bots for the team variant's faction gap (0: skip it).",
            ),
            Option(
                "balance_changes",
                ("--balance-changes",),
                int,
                0,
                "Balance changes played, those that move a win rate most first (0: all).",
            ),
            Shared("seed"),
            _out("reports/confirm-<players>p"),
            *_ON_RULESET,
        ),  # fmt: skip
        settings="analyzer.studies.settings:ConfirmSettings",
        tables=("confirm",),
        report_title="Confirmed with strong play",
        **_steps("confirm", own=True, report=f"{_PLAN}.confirm:report"),
    ),
    Study(
        name="teams",
        group=TEAMS,
        summary="Battle for Azeroth: faction win rates, seats within a faction, allied bots.",
        help="Battle for Azeroth (SWoW's team variant): each faction's win rate per player"
        "\ncount against its fair share, where the advantage comes from (seat order, races,"
        "\nthe Faction Bonus, team scoring), the seat advantage within a faction, and"
        "\nallied bots against bots that ignore the alliance.",
        options=(
            Option(
                "players",
                ("--players", "-p"),
                str,
                "2,3,4,5",
                f"{PLAYERS_LIST_HELP} (default: 2,3,4,5).",
            ),
            _games(10000, "Games per player count."),
            Option(
                "duel_games",
                ("--duel-games",),
                int,
                5000,
                "Game pairs per count (4 and 5) for the allied bots (0: none).",
            ),
            Option(
                "seating",
                ("--seating",),
                str,
                "printed",
                "printed (Alliance 1, Horde 1, Neutral, Alliance 2, Horde 2) or exchanged "
                "(the Alliance's and the Horde's seats swapped: Horde 1 plays first).",
                metavar="NAME",
            ),
            Option(
                "no_parts",
                ("--no-parts",),
                bool,
                False,
                "Skip where each faction's advantage comes from (by default, with the printed "
                "seating: the same games again with the seats exchanged and without the "
                "Faction Bonus, three times the games).",
            ),
            Option(
                "fix_from",
                ("--fix-from",),
                str,
                None,
                "Balance folders of the variant (`analyzer balance --variant bfa`), "
                "comma-separated: the page opens with each one's verified change.",
                metavar="FOLDERS",
            ),
            Shared("seed"),
            Shared(
                "bots",
                help="Bots or styles of the faction games: one for every seat, or one per seat "
                "with a single player count (default: heuristic). The allied-bot duel keeps its "
                "own bots (allied against ignoring heuristics).",
            ),
            _out("reports/teams"),
            *_THREADS,
        ),  # fmt: skip
        settings="analyzer.studies.settings:TeamsSettings",
        tables=("factions", "seats", "within", "duels"),
        games_on="threads",
        team_only=True,
        **_steps("teams", timing=None),
    ),
    Study(
        name="tune",
        group=BOTS,
        summary="Search the heuristic's parameters for a stronger bot.",
        help="Search the heuristic's parameters (cross-entropy method) for a stronger bot:"
        "\none candidate seat against a field of one style, paired games.",
        options=(
            Option("generations", ("--generations",), int, 10, "Cross-entropy generations."),
            Option("population", ("--population",), int, 16, "Candidates per generation."),
            _games(800, "Paired games per candidate and generation."),
            Option(
                "validate_games",
                ("--validate-games",),
                int,
                2000,
                "Fresh paired games scoring each generation's mean.",
            ),
            Option(
                "final_games",
                ("--final-games",),
                int,
                10000,
                "Fresh paired games of the winner's head-to-head check.",
            ),
            Option("field", ("--field",), str, "default", "Style of the other seats."),
            Option("start", ("--start",), str, "default", "Style the search starts from."),
            Option(
                "responder",
                ("--responder",),
                str | None,
                None,
                "Instead: a field hard to exploit. The candidate plays every seat but one, "
                "this bot (lookahead, search or a style of them) that one; the gain is the "
                "responder's wins it denies against the --field style's.",
                show_default=False,
            ),
            Shared("players"),
            Shared("seed", help="Run seed: same seed, same search."),
            _out("reports/tune"),
            *_THREADS,
            Shared("ruleset"),
        ),  # fmt: skip
        settings="analyzer.studies.tune:TuneSettings",
        tables=("generations", "candidates", "head_to_head"),
        games_on="threads",
        **_steps("bot_search", timing=None),
    ),
    Study(
        name="tournament",
        group=BOTS,
        summary="Bots and styles against each other over every seat order.",
        help="Bots and styles against each other over every seat order: a win-rate matrix"
        "\nand a Bradley-Terry rating per bot.",
        options=(
            Option(
                "bots",
                ("--bots",),
                str | None,
                None,
                "Bots and styles, comma separated (default: every heuristic style, the "
                "lookahead bot and the random bot).",
                show_default=False,
            ),
            _games(100, "Games per seat order (paired)."),
            Option(
                "lookahead_games",
                ("--lookahead-games",),
                int,
                TOURNAMENT_LOOKAHEAD_GAMES,
                "Games per seat order with a lookahead or search seat (its first games, "
                "paired): those bots play hundreds of times slower than the heuristic; with this "
                "default the default tournament plays 6,720 lookahead games, 5 to 10 minutes "
                "on 2 cores.",
            ),
            Shared("players"),
            Shared("seed"),
            _BOOTSTRAP,
            _out("reports/tournament"),
            *_THREADS,
            Shared("ruleset"),
        ),  # fmt: skip
        settings="analyzer.studies.settings:TournamentSettings",
        tables=("ratings", "matrix"),
        games_on="threads",
        **_steps("tournament", timing=None),
    ),
)

BY_NAME = {s.name: s for s in STUDIES}


def study(name: str) -> Study:
    return BY_NAME[name]


def report_studies() -> tuple[Study, ...]:
    """The studies with a section in the report, in the report's order."""
    return tuple(s for s in STUDIES if s.report_title is not None)
