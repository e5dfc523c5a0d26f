"""The commands that play or check one run: simulate, validate, bench, replay."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from analyzer.backends import check_backend_options
from analyzer.cli.common import (
    CLI,
    check_out,
    choose_ruleset,
    err,
    games_on,
    guarded,
    set_threads,
)
from analyzer.cli.options import (
    CHECK,
    CLUSTER,
    FORCE,
    PLAYERS,
    RULESET,
    SEED,
    SEED_SHORT,
    THREADS,
    VARIANT,
    WORKERS,
)
from analyzer.errors import EXIT_BAD_INPUT, InputError, Problem
from analyzer.speed_goals import GOALS, goal_text
from analyzer.studies.plans.common import variant_tables

BENCH_GAMES = 20000
CLUSTER_BENCH_GAMES = 40000  # long enough that starting the run's chunks costs little


@guarded
def simulate(
    players: int | None = typer.Option(
        None, "--players", "-p", help="Players, 2 to 5 (default: 4, or the scenario's)."
    ),
    games: int = typer.Option(20000, "--games", "-g", help="Games to play."),
    seed: int = SEED,
    policies: str | None = typer.Option(
        None,
        "--policies",
        "--bots",
        help="Bots or styles by seat, comma separated (random, heuristic, or a style of "
        "analyzer/players/styles.toml like aggressive); one name plays every seat "
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
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = RULESET,
    variant: str | None = VARIANT,
) -> None:
    """Play games and print win rates and mean VC per seat.

    With --scenario the scenario supplies the rules, the player count and the seats;
    --policies replaces its seats (those bots then play with their default
    parameters), and --players may only repeat its player count."""
    game = choose_ruleset(ruleset, [scenario] if scenario is not None else [], variant)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.scenario import load_scenario
    from analyzer.simulate import PARQUET_NAMES, check_run, resolve_policies
    from analyzer.simulate import simulate as run

    # Refuse bad input before anything is compiled (a scenario only reads files).
    tables, policy_params, title = None, None, ""
    if scenario is not None:
        sc = load_scenario(scenario, game)
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
    tables = game.default_tables() if tables is None else variant_tables(game, variant, tables)
    resolve_policies(policies, players)
    if out is not None:
        check_out(out, force, out, PARQUET_NAMES)
    with games_on(workers, cluster, threads) as (backend, where):
        sim = run(
            game,
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
            backend=backend,
        )
        _print_summary(sim, where, title)


def _print_summary(sim, where: str, title: str = "") -> None:
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.stats import TOO_FEW

    table = Table(title=f"{title}{sim.n_players} players, {sim.n_games} games, seed {sim.seed}")
    teams = "faction" in sim.summary  # a team variant: the faction's win is the result
    names = ["seat", "bot", "games", "win rate", "95% interval", "mean VC"]
    if teams:
        names[1:1] = ["faction"]
        names += ["team win rate", "team 95% interval"]
    for name in names:
        table.add_column(name, justify="left" if name in ("bot", "faction") else "right")
    for r in sim.summary.itertuples():
        row = [
            str(r.seat + 1),
            r.policy,
            str(r.games),
            f"{100 * r.win_rate:.1f}%",
            f"{100 * r.win_lo:.1f}% to {100 * r.win_hi:.1f}%",
            f"{r.mean_vc:.1f} ± {1.96 * r.vc_se:.1f}"
            if r.vc_se > 0
            else f"{r.mean_vc:.1f} ({TOO_FEW})",
        ]
        if teams:
            row[1:1] = [r.faction]
            row += [
                f"{100 * r.team_win_rate:.1f}%",
                f"{100 * r.team_win_lo:.1f}% to {100 * r.team_win_hi:.1f}%",
            ]
        table.add_row(*row)
    console = Console()
    console.print(table)
    if teams:
        console.print(
            "Battle for Azeroth: a seat's team wins when its faction does (the Alliance and "
            "the Horde score their weaker player's VC at 4 and 5 players)."
        )
    # The time includes loading (or compiling) the engine: see `analyzer bench` for speed.
    console.print(f"{sim.seconds:.1f} s on {where}.")
    if sim.check:
        errors = ", ".join(f"{k}: {v}" for k, v in sim.errors.items())
        console.print(
            f"Invariant violations: {sim.error_games} games" + (f" ({errors})" if errors else "")
        )
    for path in sim.paths.values():
        console.print(f"Wrote {path}")


@guarded
def validate(
    path: Path = typer.Argument(
        ..., help="A scenario, ruleset, board or bot styles file (TOML), or a ruleset folder."
    ),
    ruleset: str | None = RULESET,
) -> None:
    """Check a scenario or content file (or a ruleset folder: its ruleset.toml and
    boards.toml together, as a scenario plays them) and print every problem in it."""
    game = choose_ruleset(ruleset, [path])
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.cli.check import file_kind, validate_path
    from analyzer.tomlcheck.tomlfile import read_toml

    problems = validate_path(path, game)
    if problems:
        typer.echo("\n\n".join(str(p) for p in problems))
        err(f"\n{len(problems)} problem(s) in {path}.")
        raise typer.Exit(EXIT_BAD_INPUT)
    kind = "ruleset folder" if path.is_dir() else file_kind(read_toml(path))
    typer.echo(f"OK: {path} ({kind})")


@guarded
def bench(
    games: int | None = typer.Option(
        None,
        "--games",
        "-g",
        help=f"Games per repetition (default {BENCH_GAMES:,}; with --workers "
        f"{CLUSTER_BENCH_GAMES:,}).",
        show_default=False,
    ),
    repeats: int = typer.Option(
        3, "--repeats", "-r", help="Repetitions; the median is shown (with --workers the best)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON to stdout."),
    startup: bool = typer.Option(
        True,
        "--startup/--no-startup",
        help="Also time a fresh process to its first game: with an empty engine cache "
        "(a full compile, about 15 s on an idle 2-core machine) and with a warm one.",
    ),
    threads: int | None = THREADS,
    workers: int | None = typer.Option(
        None,
        "--workers",
        help="Instead: a long 4-player heuristic run in this process and on a local Dask "
        "cluster of this many workers, games/s of both and their ratio.",
        show_default=False,
    ),
    ruleset: str | None = RULESET,
) -> None:
    """Games per second for 2 to 5 players and each bot, after a warm-up; then the
    time to a first game with a cold and a warm engine cache."""
    game = choose_ruleset(ruleset)
    from analyzer.model.limits import check_option, check_options  # lazy: once the game is chosen

    if games is None:
        games = BENCH_GAMES if workers is None else CLUSTER_BENCH_GAMES
    check_options(repeats=repeats)
    held = check_option("--chunk", games)  # a repetition's games are held at once
    if held is not None:
        raise InputError(Problem(CLI, "--games", games, held.message))
    if workers is not None:
        _bench_cluster(game, workers, games, repeats, as_json, threads)
        return
    n_threads = set_threads(threads)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.bench import run_bench, run_scaling, run_startup

    def note(text: str) -> None:
        # Keep stdout pure JSON with --json.
        if as_json:
            err(text)
        else:
            typer.echo(text)

    note(f"Threads: {n_threads}")
    rows = run_bench(game, games, repeats, note)
    note(f"4-player heuristic games/s by threads, {repeats} x {games} games each, in turns:")
    scaling = run_scaling(game, games, repeats, note)
    startup_row = None
    if startup:
        note("Timing a fresh process to its first game (empty cache, then warm)...")
        startup_row = run_startup(game)
    if as_json:
        typer.echo(
            json.dumps({"games": rows, "scaling": scaling, "startup": startup_row}, indent=2)
        )
        return
    _print_bench(rows, scaling, startup_row, games, repeats, n_threads)


def _print_bench(rows, scaling, startup_row, games, repeats, n_threads) -> None:
    """The figures as tables, each beside its goal where it has one."""

    def rate(value: float) -> str:
        return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"

    table = Table(title=f"games/s, median of {repeats} x {games} games, {n_threads} threads")
    for name in ("players", "bot", "games/s", "goal"):
        table.add_column(name, justify="left" if name == "goal" else "right")
    for row in rows:
        goal = row["goal_games_per_s"]
        table.add_row(
            str(row["players"]),
            row["policy"],
            rate(row["games_per_s"]),
            goal_text(row["games_per_s"], goal, True) if goal else "",
        )
    console = Console()
    console.print(table)
    threads = Table(title="4 players, heuristic, by threads (goal: perfect scaling)")
    for name in ("threads", "games/s", "of perfect scaling"):
        threads.add_column(name, justify="right")
    for row in scaling:
        threads.add_row(str(row["threads"]), rate(row["games_per_s"]), f"{row['efficiency']:.0%}")
    console.print(threads)
    if startup_row:
        cold, warm = startup_row["cold_compile_s"], startup_row["warm_start_s"]
        typer.echo(
            f"First game, empty engine cache (full compile): {cold:.1f} s "
            f"({goal_text(cold, GOALS['cold_compile_s'], False, 's')})"
        )
        typer.echo(
            f"First game, warm engine cache: {warm:.1f} s "
            f"({goal_text(warm, GOALS['warm_start_s'], False, 's')})"
        )


def _bench_cluster(game, workers: int, games: int, repeats: int, as_json: bool, threads) -> None:
    check_backend_options(workers, None)
    n_threads = set_threads(threads)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.bench import run_cluster_bench

    note = err if as_json else typer.echo
    note(
        f"{games} 4-player heuristic games a run: this process on {n_threads} threads, "
        f"then a local cluster of {workers} workers (1 thread each), best of {repeats}"
    )
    row = run_cluster_bench(game, workers, games, repeats, note)
    if as_json:
        typer.echo(json.dumps(row, indent=2))
        return
    typer.echo(
        f"In-process: {row['in_process_games_per_s']:.0f} games/s; local cluster of {workers} "
        f"workers: {row['cluster_games_per_s']:.0f} games/s ({100 * row['ratio']:.0f}% of "
        "in-process)."
    )


@guarded
def replay(
    players: int = PLAYERS,
    seed: int = SEED_SHORT,
    game: int = typer.Option(0, "--game", help="Which game of the seed (as numbered in Parquet)."),
    policies: str = typer.Option(
        "heuristic",
        "--policies",
        "--bots",
        help="One bot or style per seat, comma-separated, or one for all.",
    ),
    ruleset: str | None = RULESET,
    variant: str | None = VARIANT,
) -> None:
    """Play one game with its event log and print it, move by move."""
    played = choose_ruleset(ruleset, (), variant)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.simulate import check_run, resolve_policies

    check_run(players, 1, seed, 1)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.model.limits import check_options

    check_options(game=game)
    names = resolve_policies(policies, players)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.playthrough import play_and_describe

    tables = played.default_tables()  # in --variant's variant
    typer.echo(play_and_describe(played, tables, players, seed, game, names), nl=False)
