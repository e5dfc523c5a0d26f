"""The `analyzer` command.

Nothing heavy is imported at module level (no numba, engine or pandas): `analyzer
--help` must be instant and never compile. Each command imports what it needs.
"""

from __future__ import annotations

import functools
import json
import signal
import time
from pathlib import Path

import typer

from analyzer.errors import EXIT_BAD_INPUT, InputError, Problem

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
CLI = "command line"

app = typer.Typer(
    help="Monte Carlo balance and strategy analyzer for Small World of Warcraft.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

THREADS = typer.Option(
    None, "--threads", help="Engine threads (numba); default: every core.", show_default=False
)
CHECK = typer.Option(False, "--check", help="Check invariants after every turn.")
SCENARIO = typer.Option(
    None, "--scenario", help="Scenario file (TOML): its ruleset, rules and bots."
)
FORCE = typer.Option(
    False,
    "--force",
    help="Write into an --out folder that also holds files of yours; they are left "
    "untouched (a file with the name of one this command writes is still refused).",
)


class Stopped(KeyboardInterrupt):
    """A stop signal other than Ctrl-C (SIGTERM from `timeout` or a cluster's
    scheduler, SIGHUP from a closed terminal). Raised like Ctrl-C's KeyboardInterrupt,
    so every writer cleans up the same way."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _raise_stopped(signum, frame) -> None:
    raise Stopped(signum)


def catch_stop_signals() -> None:
    """SIGTERM and SIGHUP stop a run as cleanly as Ctrl-C."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _raise_stopped)


def _err(text: str) -> None:
    typer.echo(text, err=True)


def guarded(command):
    """Turn a user's mistake into its message and exit code 2, a stop (Ctrl-C,
    SIGTERM, SIGHUP) into exit 128 + the signal, and an operating-system error into
    one sentence (exit 2, or 1 when the machine failed, like a full disk): never a
    traceback. Files are already cleaned up by the code that wrote them."""

    @functools.wraps(command)
    def run(*args, **kwargs):
        from analyzer.output import os_error_exit_code, os_error_message

        try:
            return command(*args, **kwargs)
        except InputError as exc:
            _err(str(exc))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        except KeyboardInterrupt as exc:
            signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
            name = signal.Signals(signum).name
            _err(f"Stopped ({name}): nothing half-written was left behind.")
            raise typer.Exit(128 + signum) from None
        except OSError as exc:
            _err(os_error_message(exc))
            raise typer.Exit(os_error_exit_code(exc)) from None

    return run


def _check_out(out: Path | None, force: bool, default: Path, names=None) -> Path:
    """The --out folder (or the default one), refused before anything is played if
    the command could not write it (analyzer/output.py)."""
    from analyzer.output import OutputFolder

    folder = default if out is None else out
    if names is None:
        OutputFolder(folder, force=force).check()
    else:
        OutputFolder(folder, force=force, exclusive=False).check(names)
    return folder


def _set_threads(threads: int | None) -> int:
    """Apply --threads; returns the number of threads the engine will use."""
    import numba

    if threads is not None:
        most = numba.config.NUMBA_NUM_THREADS
        if not 1 <= threads <= most:
            raise InputError(Problem(CLI, "--threads", threads, f"must be 1 to {most}"))
        numba.set_num_threads(threads)
    from analyzer.engine.precompile import cache_is_ready

    if not cache_is_ready():
        # The progress bar stands still meanwhile; say why.
        _err("First run of this engine: compiling it once (about 25 s on 2 cores).")
    return numba.get_num_threads()


@app.command()
@guarded
def simulate(
    players: int | None = typer.Option(
        None, "--players", "-p", help="Players, 2 to 5 (default: 4, or the scenario's)."
    ),
    games: int = typer.Option(20000, "--games", "-g", help="Games to play."),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    policies: str | None = typer.Option(
        None,
        "--policies",
        help="Bots by seat, comma separated (random, heuristic); one name plays every seat "
        "(default: heuristic, or the scenario's seats with their parameters).",
        show_default=False,
    ),
    scenario: Path | None = typer.Option(
        None, "--scenario", help="Scenario file (TOML): its rules, players and seats."
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Folder for seats.parquet and races.parquet (none: summary only)."
    ),
    chunk: int = typer.Option(20000, "--chunk", help="Games per Parquet row group."),
    check: bool = CHECK,
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Play games and print win rates and mean VC per seat.

    With --scenario the scenario supplies the rules, the player count and the seats;
    --policies replaces its seats (those bots then play with their default
    parameters), and --players may only repeat its player count."""
    from analyzer.simulate import check_run, resolve_policies

    # Refuse bad input before anything is compiled (a scenario only reads files).
    tables, policy_params, title = None, None, ""
    if scenario is not None:
        from analyzer.scenario import load_scenario

        sc = load_scenario(scenario)
        if players is not None and players != sc.players:
            raise InputError(
                Problem(
                    CLI,
                    "--players",
                    players,
                    f"the scenario {scenario} is checked for its own {sc.players} players; "
                    "leave --players out or change players in the file",
                )
            )
        players, tables, title = sc.players, sc.tables(), f"{sc.name}: "
        if policies is None:
            policies, policy_params = ",".join(sc.policies), sc.policy_params
    players = 4 if players is None else players
    policies = "heuristic" if policies is None else policies
    check_run(players, games, seed, chunk)
    resolve_policies(policies, players)
    if out is not None:
        from analyzer.simulate import PARQUET_NAMES

        _check_out(out, force, out, PARQUET_NAMES)
    n_threads = _set_threads(threads)
    from analyzer.simulate import simulate as run

    sim = run(
        players,
        games,
        seed,
        policies.split(","),
        out_dir=out,
        chunk=chunk,
        check=check,
        policy_params=policy_params,
        tables=tables,
        force=force,
    )
    _print_summary(sim, n_threads, title)


def _print_summary(sim, n_threads: int, title: str = "") -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{title}{sim.n_players} players, {sim.n_games} games, seed {sim.seed}")
    for name in ("seat", "bot", "games", "win rate", "95% interval", "mean VC"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for r in sim.summary.itertuples():
        table.add_row(
            str(r.seat + 1),
            r.policy,
            str(r.games),
            f"{100 * r.win_rate:.1f}%",
            f"{100 * r.win_lo:.1f}% to {100 * r.win_hi:.1f}%",
            f"{r.mean_vc:.1f} ± {1.96 * r.vc_se:.1f}",
        )
    console = Console()
    console.print(table)
    # The time includes loading (or compiling) the engine: see `analyzer bench` for speed.
    console.print(f"{sim.seconds:.1f} s on {n_threads} threads.")
    if sim.check:
        errors = ", ".join(f"{k}: {v}" for k, v in sim.errors.items())
        console.print(
            f"Invariant violations: {sim.error_games} games" + (f" ({errors})" if errors else "")
        )
    for path in sim.paths.values():
        console.print(f"Wrote {path}")


@app.command()
@guarded
def validate(
    path: Path = typer.Argument(..., help="A scenario, ruleset or board file (TOML)."),
) -> None:
    """Check a scenario or content file and print every problem in it."""
    from analyzer.model.tomlfile import read_toml
    from analyzer.model.validate import file_kind, validate_path

    problems = validate_path(path)
    if problems:
        typer.echo("\n\n".join(str(p) for p in problems))
        _err(f"\n{len(problems)} problem(s) in {path}.")
        raise typer.Exit(EXIT_BAD_INPUT)
    typer.echo(f"OK: {path} ({file_kind(read_toml(path))})")


@app.command()
@guarded
def bench(
    games: int = typer.Option(20000, "--games", "-g", help="Games per repetition."),
    repeats: int = typer.Option(3, "--repeats", "-r", help="Repetitions; the median is shown."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON to stdout."),
    startup: bool = typer.Option(
        True,
        "--startup/--no-startup",
        help="Also time a fresh process to its first game: with an empty engine cache "
        "(a full compile, about 40 s) and with a warm one.",
    ),
    threads: int | None = THREADS,
) -> None:
    """Games per second for 2 to 5 players and each bot, after a warm-up; then the
    time to a first game with a cold and a warm engine cache."""
    from analyzer.model.limits import check_options

    check_options(chunk=games, repeats=repeats)  # a repetition's games are held at once
    n_threads = _set_threads(threads)
    from analyzer.bench import run_bench

    def note(text: str) -> None:
        # Keep stdout pure JSON with --json.
        if as_json:
            _err(text)
        else:
            typer.echo(text)

    note(f"Threads: {n_threads}")
    rows = run_bench(games, repeats, note)
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"games/s, median of {repeats} x {games} games, {n_threads} threads")
        for name in ("players", "bot", "games/s"):
            table.add_column(name, justify="right")
        for row in rows:
            table.add_row(str(row["players"]), row["policy"], f"{row['games_per_s']:.0f}")
        Console().print(table)
    if startup:
        from analyzer.bench import run_startup

        note("Timing a fresh process to its first game (empty cache, then warm)...")
        times = run_startup()
        note(f"First game, empty engine cache (full compile): {times['cold_compile_s']:.1f} s")
        note(f"First game, warm engine cache: {times['warm_start_s']:.1f} s")


@app.command()
@guarded
def bots(
    games: int = typer.Option(20000, "--games", "-g", help="Games per batch."),
    players: int = typer.Option(4, "--players", "-p", help="Players, 2 to 5."),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed."),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/baseline-<players>p).",
        show_default=False,
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Check the bots: all heuristic, and one heuristic against random bots."""
    from analyzer.report.baseline import default_out
    from analyzer.simulate import check_run

    check_run(players, games, seed, 1)
    out = _check_out(out, force, default_out(players))
    _set_threads(threads)
    from analyzer.report.baseline import write_report

    folder = write_report(out, n_players=players, n_games=games, seed=seed, force=force)
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@app.command()
@guarded
def report(
    players: int = typer.Option(4, "--players", "-p", help="Players, 2 to 5."),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed."),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/swow-<players>p).",
        show_default=False,
    ),
    scale: float = typer.Option(
        1.0, "--scale", help="Multiply every study's games (0.1: a quick, rough look)."
    ),
    fresh: bool = typer.Option(
        False, "--fresh", help="Rerun every study, even those whose results are up to date."
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Run the default studies (reusing up-to-date ones) and write index.html + index.md."""
    from analyzer.simulate import check_run

    check_run(players, 1, seed, 1)
    if not 0 < scale <= 100:
        raise InputError(Problem(CLI, "--scale", scale, "must be above 0 and at most 100"))
    from analyzer.report.site import default_out

    out = _check_out(out, force, default_out(players))
    _set_threads(threads)
    from analyzer.report.site import ReportSettings, build_report

    settings = ReportSettings(players=players, seed=seed)
    if scale != 1.0:
        settings = settings.scaled(scale)
    started = time.perf_counter()
    page = build_report(
        out, settings, fresh=fresh, log=lambda m: typer.echo(m, err=True), force=force
    )
    typer.echo(f"Report written in {time.perf_counter() - started:.0f} s: {page}")


@app.command()
@guarded
def combos(
    players: int | None = typer.Option(
        None,
        "--players",
        "-p",
        help="Players, 2 to 5 (default: the scenario's, else 4).",
        show_default=False,
    ),
    games_per_combo: int = typer.Option(
        200, "--games-per-combo", "-g", help="Games per race and power combo."
    ),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    cost: int = typer.Option(0, "--cost", help="Coins the forced seat pays for its combo."),
    scenario: Path | None = SCENARIO,
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/combos-<players>p).",
        show_default=False,
    ),
    check: bool = CHECK,
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Value every race and power combo: force it as one seat's first pick."""
    tables, policies, params = None, "heuristic", None
    if scenario is not None:
        tables, policies, params, players = _combo_scenario(scenario, players)
    players = 4 if players is None else players
    from analyzer.studies.combos import check_study, default_out

    check_study(players, games_per_combo, seed, cost)
    out = _check_out(out, force, default_out(players))
    n_threads = _set_threads(threads)
    from analyzer.studies.combos import run_combos, write_combos

    result = run_combos(
        players, games_per_combo, seed, cost, tables=tables, policies=policies,
        policy_params=params, check=check,
    )  # fmt: skip
    folder = write_combos(result, out, force)
    typer.echo(
        f"{result.n_games} games in {result.seconds:.1f} s "
        f"({result.n_games / max(result.seconds, 1e-9):.0f} games/s, {n_threads} threads)."
    )
    label = result.combos.significant
    typer.echo(
        f"After Benjamini-Hochberg, {(label == 'strong').sum()} of {len(label)} combos are "
        f"significantly strong and {(label == 'weak').sum()} significantly weak."
    )
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@app.command()
@guarded
def compare(
    scenarios: list[Path] = typer.Argument(
        ..., help="House-rule scenario files (TOML), each compared with the baseline."
    ),
    baseline: Path | None = typer.Option(
        None,
        "--baseline",
        help="Baseline scenario (default: the printed rules, heuristic bots, same players).",
        show_default=False,
    ),
    players: int | None = typer.Option(
        None,
        "--players",
        "-p",
        help="Only for checking: the scenarios' player count (each file sets its own).",
        show_default=False,
    ),
    games: int = typer.Option(10000, "--games", "-g", help="Ordinary games per scenario."),
    games_per_combo: int = typer.Option(
        100, "--games-per-combo", help="Forced-pick games per combo (combo spread metrics)."
    ),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    out: Path | None = typer.Option(
        None, "--out", help="Report folder (default: reports/compare).", show_default=False
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Compare house rules with the baseline on the same seeds (paired games)."""
    from analyzer.scenario import load_scenario
    from analyzer.studies.compare import check_study

    check_study(games, games_per_combo, seed, 400)
    loaded = [load_scenario(path) for path in scenarios]
    if players is not None:
        wrong = [sc for sc in loaded if sc.players != players]
        if wrong:
            raise InputError(
                [
                    Problem(
                        CLI, "--players", players,
                        f"the scenario {sc.path} is for {sc.players} players; leave --players "
                        "out or name scenarios of that count",
                    )
                    for sc in wrong
                ]
            )  # fmt: skip
    base = load_scenario(baseline) if baseline is not None else None
    from analyzer.studies.compare import check_distinct, default_out

    check_distinct(loaded)
    out = _check_out(out, force, default_out())
    n_threads = _set_threads(threads)
    from analyzer.studies.compare import run_compare, write_compare

    result = run_compare(loaded, base, games, games_per_combo, seed)
    folder = write_compare(result, out, force)
    n_arms = len(loaded) + len(result.n_players)
    typer.echo(
        f"{n_arms} arms in {result.seconds:.1f} s ({n_threads} threads). "
        f"{int(result.table.significant.sum())} of {len(result.table)} paired differences "
        "leave out zero at 95%."
    )
    for line in findings_text(result):
        typer.echo(line)
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


def findings_text(result) -> list[str]:
    from analyzer.studies.compare import findings

    return ["- " + s.replace("**", "") for s in findings(result)]


@app.command()
@guarded
def replay(
    players: int = typer.Option(4, "--players", "-p", help="Players, 2 to 5."),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed."),
    game: int = typer.Option(0, "--game", help="Which game of the seed (as numbered in Parquet)."),
    policies: str = typer.Option(
        "heuristic", "--policies", help="One bot per seat, comma-separated, or one for all."
    ),
) -> None:
    """Play one game with its event log and print it, move by move."""
    from analyzer.simulate import check_run, resolve_policies

    check_run(players, 1, seed, 1)
    from analyzer.model.limits import check_options

    check_options(game=game)
    names = resolve_policies(policies, players)
    from analyzer.model import default_tables
    from analyzer.playthrough import play_and_describe

    typer.echo(play_and_describe(default_tables(), players, seed, game, names), nl=False)


PLAYERS_LIST_HELP = "Player count or counts, like 4 or 2,3,4,5"


def _study_setup(scenario: Path | None, players: str | None, study: str, all_counts: bool):
    """(counts, tables, bots, bot parameters, scenario name, skipped counts) of a study
    that plays one or several player counts; a scenario's rules and bots apply at every
    count. Without --players: 4 players, or the scenario's count; every count from 2 to 5
    when all_counts (then the counts a scenario is not valid for are skipped, and said)."""
    from analyzer.studies.common import ALL_COUNTS, parse_counts, scenario_counts

    counts = None if players is None else parse_counts(players)
    if counts is None and all_counts:
        counts = ALL_COUNTS
    if scenario is None:
        return counts or (4,), None, "heuristic", None, None, {}
    skip = players is None and all_counts
    tables, bots, params, counts, skipped = scenario_counts(scenario, counts, study, skip)
    return counts, tables, bots, params, str(scenario), skipped


@app.command()
@guarded
def decline(
    players: str | None = typer.Option(
        None,
        "--players",
        "-p",
        help=f"{PLAYERS_LIST_HELP} (default: the scenario's, else 4).",
        show_default=False,
    ),
    games: int = typer.Option(
        3000, "--games", "-g", help="Games per rule value, group of combos and player count."
    ),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    combos: str | None = typer.Option(
        None,
        "--combos",
        help='Chosen combos, one group each, like "Orcs+Fishing,Tauren+Mining" (default: '
        "three groups by starting tokens).",
        show_default=False,
    ),
    scenario: Path | None = SCENARIO,
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/decline-<players>p).",
        show_default=False,
    ),
    check: bool = CHECK,
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """When to decline: sweep the heuristic's decline threshold and "decline in round r"
    for one test seat per game, its first pick forced from a group of combos."""
    counts, tables, bots, params, name, _ = _study_setup(scenario, players, "decline", False)
    from analyzer.studies.decline import check_decline

    check_decline(games, seed, list(range(11)), None)
    if combos is not None:
        from analyzer.model import default_tables
        from analyzer.studies.common import parse_combo_names

        for n in counts:  # refuse a bad name before anything is compiled
            parse_combo_names(combos, default_tables() if tables is None else tables[n])
    from analyzer.studies.decline import default_out

    out = _check_out(out, force, default_out(counts))
    n_threads = _set_threads(threads)
    from analyzer.studies.decline import findings, run_decline, write_decline

    result = run_decline(
        counts, games, seed, tables=tables, policies=bots, policy_params=params,
        combos=combos, check=check, scenario=name,
    )  # fmt: skip
    folder = write_decline(result, out, force)
    typer.echo(
        f"{result.n_games} games in {result.seconds:.1f} s "
        f"({result.n_games / max(result.seconds, 1e-9):.0f} games/s, {n_threads} threads)."
    )
    for line in findings(result):
        typer.echo(f"- {line}")
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@app.command()
@guarded
def players(
    players: str | None = typer.Option(
        None,
        "--players",
        "-p",
        help=f"{PLAYERS_LIST_HELP} (default: 2,3,4,5).",
        show_default=False,
    ),
    games: int = typer.Option(
        20000, "--games", "-g", help="Games per player count with the same bot in every seat."
    ),
    games_per_combo: int = typer.Option(
        100,
        "--games-per-combo",
        help="Combo-study games per combo and player count, for the rank correlations "
        "(0: skip them).",
    ),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    scenario: Path | None = typer.Option(
        None,
        "--scenario",
        help="Scenario file (TOML): its ruleset, rules and bot, played at every count.",
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/players-<players>p).",
        show_default=False,
    ),
    check: bool = CHECK,
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """What the player count changes: seat advantage, scores, declines, and how combo
    strength ranks move between 2, 3, 4 and 5 players."""
    counts, tables, bots, params, name, skipped = _study_setup(scenario, players, "players", True)
    for n, reason in skipped.items():
        _err(f"Skipping {n} players, which the scenario does not allow: {reason}")
    if not counts:
        raise InputError(
            Problem(CLI, "--scenario", str(scenario), "the scenario is valid for no player count")
        )
    from analyzer.studies.players import check_players

    check_players(games, games_per_combo, seed)
    from analyzer.studies.players import default_out

    out = _check_out(out, force, default_out(counts))
    n_threads = _set_threads(threads)
    from analyzer.studies.players import findings, run_players, write_players

    result = run_players(
        counts, games, seed, tables=tables, policies=bots, policy_params=params,
        games_per_combo=games_per_combo, check=check, scenario=name, skipped=skipped,
    )  # fmt: skip
    folder = write_players(result, out, force)
    typer.echo(
        f"{result.n_games} games in {result.seconds:.1f} s "
        f"({result.n_games / max(result.seconds, 1e-9):.0f} games/s, {n_threads} threads)."
    )
    for line in findings(result):
        typer.echo(f"- {line}")
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@app.command()
@guarded
def balance(
    players: int | None = typer.Option(
        None,
        "--players",
        "-p",
        help="Players, 2 to 5 (default: the scenario's, else 4).",
        show_default=False,
    ),
    games_per_combo: int = typer.Option(
        150,
        "--games-per-combo",
        "-g",
        help="Games per combo at each token number (a race's curve pools its combos).",
    ),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    seat_players: str = typer.Option(
        "2,3,4,5", "--seat-players", help=f"{PLAYERS_LIST_HELP}: where seats get coins."
    ),
    seat_games: int = typer.Option(
        20000, "--seat-games", help="Games per player count for the seats (0: skip them)."
    ),
    check_games_per_combo: int = typer.Option(
        100,
        "--check-games-per-combo",
        help="Games per combo when all suggestions are played at once.",
    ),
    rounds: int = typer.Option(2, "--rounds", help="Rounds of suggestions at once (1 to 5)."),
    scenario: Path | None = SCENARIO,
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/balance-<players>p).",
        show_default=False,
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """What would balance it: the banner and badge numbers that make each race and
    power fair, the starting coins that make each seat fair, and how far each
    estimated number moves the answers."""
    from analyzer.studies.balance import check_balance, default_out
    from analyzer.studies.common import parse_counts

    tables, policies, params, name = None, "heuristic", None, None
    if scenario is not None:
        tables, policies, params, players = _combo_scenario(scenario, players)
        name = str(scenario)
    players = 4 if players is None else players
    check_balance(players, games_per_combo, seed, seat_games, check_games_per_combo)
    if not 1 <= rounds <= 5:
        raise InputError(Problem(CLI, "--rounds", rounds, "must be a whole number from 1 to 5"))
    counts = parse_counts(seat_players, "--seat-players")
    seat_tables = None
    if scenario is not None:
        from analyzer.studies.common import scenario_counts

        seat_tables, seat_bots, seat_params, counts, skipped = scenario_counts(
            scenario, counts, "balance", skip_invalid=True
        )
        for n, reason in skipped.items():
            _err(f"Seats: skipping {n} players, which the scenario does not allow: {reason}")
    out = _check_out(out, force, default_out(players))
    n_threads = _set_threads(threads)
    from analyzer.studies.balance import findings, run_balance, write_balance

    result = run_balance(
        players, games_per_combo, seed, tables=tables, policies=policies,
        policy_params=params, seat_counts=counts, seat_games=seat_games,
        check_games_per_combo=check_games_per_combo, rounds=rounds,
        tables_by_count=seat_tables, scenario=name,
        seat_policies=seat_bots if scenario is not None else None,
        seat_policy_params=seat_params if scenario is not None else None,
    )  # fmt: skip
    folder = write_balance(result, out, force)
    typer.echo(
        f"{result.n_games:,} games in {result.seconds:.0f} s "
        f"({result.n_games / max(result.seconds, 1e-9):.0f} games/s, {n_threads} threads)."
    )
    for line in findings(result):
        typer.echo("- " + line.replace("**", ""))
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'}).")
    typer.echo(f"Check the suggestion with: analyzer compare {folder / 'suggested.toml'}")


def _combo_scenario(path: Path, players: int | None):
    """(tables, bots, bot parameters, players) of a scenario file."""
    from analyzer.scenario import load_scenario

    sc = load_scenario(path)
    if players is not None and players != sc.players:
        raise InputError(
            Problem(
                CLI, "--players", players,
                f"the scenario {path} is for {sc.players} players; leave --players out",
            )
        )  # fmt: skip
    return sc.tables(), list(sc.policies), sc.policy_params, sc.players


def main() -> None:
    catch_stop_signals()
    app()


if __name__ == "__main__":
    main()
