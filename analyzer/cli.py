"""The `analyzer` command.

Nothing heavy is imported at module level (no numba, engine or pandas): `analyzer
--help` must be instant and never compile. Each command imports what it needs.
"""

from __future__ import annotations

import functools
import json
import signal
import time
from contextlib import contextmanager
from pathlib import Path

import typer

from analyzer.errors import EXIT_BAD_INPUT, InputError, Problem

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
CLI = "command line"
BENCH_GAMES = 20000
# studies/tournament.py LOOKAHEAD_GAMES (not imported: it would load the engine first)
TOURNAMENT_LOOKAHEAD_GAMES = 5
CLUSTER_BENCH_GAMES = 40000  # long enough that starting the run's chunks costs little

app = typer.Typer(
    help="Monte Carlo balance and strategy analyzer for Small World of Warcraft.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

THREADS = typer.Option(
    None, "--threads", help="Engine threads (numba); default: every core.", show_default=False
)
WORKERS = typer.Option(
    None,
    "--workers",
    help="Play on a local Dask cluster of this many worker processes (same results as "
    "without it; needs the cluster extra).",
    show_default=False,
)
CLUSTER = typer.Option(
    None,
    "--cluster",
    metavar="ADDRESS",
    help="Play on the Dask cluster whose scheduler is at ADDRESS, like tcp://host:8786 "
    "(same results as without it; see `dask scheduler`, `dask worker`).",
    show_default=False,
)
CHECK = typer.Option(False, "--check", help="Check invariants after every turn.")
RULESET = typer.Option(
    None,
    "--ruleset",
    metavar="NAME",
    help="The game to play: swow (Small World of Warcraft, the default) or classic (the "
    "original Small World); default: the scenario's ruleset.",
    show_default=False,
)
VARIANT = typer.Option(
    None,
    "--variant",
    metavar="NAME",
    help="A variant of the ruleset: standard, or bfa (Battle for Azeroth, SWoW's team "
    "variant); default: the scenario's, else standard.",
    show_default=False,
)
SCENARIO = typer.Option(
    None, "--scenario", help="Scenario file (TOML): its ruleset, rules and bots."
)
BOTS = typer.Option(
    None,
    "--bots",
    "--policies",
    metavar="NAMES",
    help="Bots or styles by seat, comma separated (heuristic, random, or a style of "
    "analyzer/players/styles.toml like aggressive); one name plays every seat. Replaces "
    "a scenario's seats and their parameters.",
    show_default=False,
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
        from analyzer.backends import ClusterError
        from analyzer.output import os_error_exit_code, os_error_message

        try:
            return command(*args, **kwargs)
        except InputError as exc:
            _err(str(exc))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        except ClusterError as exc:
            _err(f"The cluster could not finish the run: {exc}.")
            raise typer.Exit(1) from None
        except KeyboardInterrupt as exc:
            signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
            name = signal.Signals(signum).name
            _err(f"Stopped ({name}): nothing half-written was left behind.")
            raise typer.Exit(128 + signum) from None
        except OSError as exc:
            _err(os_error_message(exc))
            raise typer.Exit(os_error_exit_code(exc)) from None

    return run


def _choose_ruleset(
    ruleset: str | None, scenarios=(), variant: str | None = None, *, only=None, command=""
) -> str:
    """Decide the run's ruleset and variant (rulesets.decide_game: --ruleset and
    --variant, the scenarios, ANALYZER_RULESET; sources that disagree exit 2), bind the
    ruleset before anything imports the engine, and say what the run plays."""
    from analyzer.rulesets import decide_game

    game = decide_game(ruleset, variant, scenarios, only=only, command=command or "this command")
    _err(game.line())
    return game.ruleset


def _variant(name: str | None, tables, counts=None):
    """`tables` playing --variant NAME: one set of tables, or a dict of them by player
    count; None stands for the played ruleset's printed rules (a dict over `counts`
    when given). An unknown name is refused with the valid ones (exit 2)."""
    if name is None:
        return tables
    from analyzer.rulesets import played_tables
    from analyzer.variants import with_variant

    if tables is None and counts is not None:
        tables = dict.fromkeys(counts, played_tables())
    if isinstance(tables, dict):
        return {n: with_variant(t, name) for n, t in tables.items()}
    return with_variant(played_tables() if tables is None else tables, name)


def _check_out(out: Path | None, force: bool, default: Path, names=None) -> Path:
    """The --out folder (or the default one), refused before anything is played if
    the command could not write it (analyzer/output.py)."""
    from analyzer.output import OutputFolder
    from analyzer.rulesets import DEFAULT_RULESET, bound_ruleset

    played = bound_ruleset() or DEFAULT_RULESET  # none for the battle commands
    if out is None and played != DEFAULT_RULESET:
        # Another ruleset's results never replace SWoW's in the same default folder.
        default = default.with_name(f"{played.replace('.', '-')}-{default.name}")
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


@contextmanager
def _games_on(workers: int | None, cluster: str | None, threads: int | None):
    """(backend, where) for a command's games: this process on --threads threads, or
    the Dask cluster of --workers / --cluster, stopped (its work cancelled) when the
    command ends; on a cluster, the games per second overall and per worker at the
    end."""
    from analyzer.backends import check_backend_options, open_backend

    check_backend_options(workers, cluster)
    if workers is None and cluster is None:
        n_threads = _set_threads(threads)
        with open_backend() as backend:
            yield backend, f"{n_threads} threads"
        return
    if threads is not None:
        raise InputError(
            Problem(
                CLI, "--threads", threads,
                "sets this process's engine threads, which play nothing with --workers or "
                "--cluster (each worker plays one chunk per thread of its own)",
            )
        )  # fmt: skip
    with open_backend(workers, cluster, log=_err) as backend:
        yield backend, backend.where
        for line in backend.summary_lines():
            typer.echo(line)


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
    _choose_ruleset(ruleset, [scenario] if scenario is not None else [], variant)
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
    tables = _variant(variant, tables)
    resolve_policies(policies, players)
    if out is not None:
        from analyzer.simulate import PARQUET_NAMES

        _check_out(out, force, out, PARQUET_NAMES)
    with _games_on(workers, cluster, threads) as (backend, where):
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
            backend=backend,
        )
        _print_summary(sim, where, title)


def _print_summary(sim, where: str, title: str = "") -> None:
    from rich.console import Console
    from rich.table import Table

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


@app.command()
@guarded
def validate(
    path: Path = typer.Argument(
        ..., help="A scenario, ruleset or board file (TOML), or a ruleset folder."
    ),
    ruleset: str | None = RULESET,
) -> None:
    """Check a scenario or content file (or a ruleset folder: its ruleset.toml and
    boards.toml together, as a scenario plays them) and print every problem in it."""
    _choose_ruleset(ruleset, [path])
    from analyzer.model.tomlfile import read_toml
    from analyzer.model.validate import file_kind, validate_path

    problems = validate_path(path)
    if problems:
        typer.echo("\n\n".join(str(p) for p in problems))
        _err(f"\n{len(problems)} problem(s) in {path}.")
        raise typer.Exit(EXIT_BAD_INPUT)
    kind = "ruleset folder" if path.is_dir() else file_kind(read_toml(path))
    typer.echo(f"OK: {path} ({kind})")


@app.command()
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
        "(a full compile, about 40 s) and with a warm one.",
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
    _choose_ruleset(ruleset)
    from analyzer.model.limits import check_options

    if games is None:
        games = BENCH_GAMES if workers is None else CLUSTER_BENCH_GAMES
    check_options(repeats=repeats)
    from analyzer.model.limits import check_option

    held = check_option("--chunk", games)  # a repetition's games are held at once
    if held is not None:
        raise InputError(Problem(CLI, "--games", games, held.message))
    if workers is not None:
        _bench_cluster(workers, games, repeats, as_json, threads)
        return
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
            rate = row["games_per_s"]
            table.add_row(
                str(row["players"]), row["policy"], f"{rate:.0f}" if rate >= 100 else f"{rate:.1f}"
            )
        Console().print(table)
    if startup:
        from analyzer.bench import run_startup

        note("Timing a fresh process to its first game (empty cache, then warm)...")
        times = run_startup()
        note(f"First game, empty engine cache (full compile): {times['cold_compile_s']:.1f} s")
        note(f"First game, warm engine cache: {times['warm_start_s']:.1f} s")


def _bench_cluster(workers: int, games: int, repeats: int, as_json: bool, threads) -> None:
    from analyzer.backends import check_backend_options

    check_backend_options(workers, None)
    n_threads = _set_threads(threads)
    from analyzer.bench import run_cluster_bench

    note = _err if as_json else typer.echo
    note(
        f"{games} 4-player heuristic games a run: this process on {n_threads} threads, "
        f"then a local cluster of {workers} workers (1 thread each), best of {repeats}"
    )
    row = run_cluster_bench(workers, games, repeats, note)
    if as_json:
        typer.echo(json.dumps(row, indent=2))
        return
    typer.echo(
        f"In-process: {row['in_process_games_per_s']:.0f} games/s; local cluster of {workers} "
        f"workers: {row['cluster_games_per_s']:.0f} games/s ({100 * row['ratio']:.0f}% of "
        "in-process)."
    )


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
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = RULESET,
) -> None:
    """Check the bots: all heuristic, and one heuristic against random bots."""
    _choose_ruleset(ruleset)
    from analyzer.report.baseline import default_out
    from analyzer.simulate import check_run

    check_run(players, games, seed, 1)
    out = _check_out(out, force, default_out(players))
    with _games_on(workers, cluster, threads) as (backend, _):
        from analyzer.report.baseline import write_report

        folder = write_report(
            out, n_players=players, n_games=games, seed=seed, force=force, backend=backend
        )
        typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@app.command()
@guarded
def report(
    players: int = typer.Option(4, "--players", "-p", help="Players, 2 to 5."),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed."),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/report-<players>p for every ruleset, "
        "reports/<ruleset>-<players>p for one).",
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
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = typer.Option(
        None,
        "--ruleset",
        metavar="NAME",
        help="Only this ruleset's page (swow or classic); "
        "default: an index page linking one page per ruleset.",
        show_default=False,
    ),
    variant: str | None = typer.Option(
        None,
        "--variant",
        metavar="NAME",
        help="bfa: the Battle for Azeroth team page (factions, seats within a faction, "
        "allied bots) instead of the standard pages.",
        show_default=False,
    ),
    seat_styles: str | None = BOTS,
) -> None:
    """Run the default studies (reusing up-to-date ones) and write index.html + index.md:
    one page per ruleset, each built in a process of its own, and an index linking them."""
    from analyzer.rulesets import environment_ruleset

    # ANALYZER_RULESET=NAME is --ruleset NAME (one ruleset's page), as documented.
    ruleset = ruleset if ruleset is not None else environment_ruleset()
    if ruleset is not None or variant not in (None, "standard"):
        _choose_ruleset(ruleset, (), variant)  # before anything imports the engine
    else:
        _say_index_games()
    from analyzer.simulate import check_run, resolve_policies

    check_run(players, 1, seed, 1)
    if seat_styles is not None:
        resolve_policies(seat_styles, players, "--bots")
        if variant is not None and variant != "standard":
            raise InputError(
                Problem(CLI, "--bots", seat_styles,
                        "the team page plays allied heuristic bots against ones that ignore "
                        "the alliance; leave --bots out with --variant bfa")
            )  # fmt: skip
    if not 0 < scale <= 100:
        raise InputError(Problem(CLI, "--scale", scale, "must be above 0 and at most 100"))
    if variant is not None and variant != "standard":
        _report_teams(seed, out, scale, force, threads)
        return
    if ruleset is None:
        _report_index(
            players, seed, out, scale, fresh, force, threads, workers, cluster, seat_styles
        )
        return
    from analyzer.report.site import default_out

    out = default_out(players) if out is None else out
    _check_out(out, force, out)
    with _games_on(workers, cluster, threads) as (backend, _):
        from analyzer.report.site import ReportSettings, build_report

        settings = ReportSettings(players=players, seed=seed, bots=seat_styles)
        if scale != 1.0:
            settings = settings.scaled(scale)
        started = time.perf_counter()
        page = build_report(
            out, settings, fresh=fresh, log=lambda m: typer.echo(m, err=True), force=force,
            backend=backend,
        )  # fmt: skip
        typer.echo(f"Report written in {time.perf_counter() - started:.0f} s: {page}")


def _say_index_games() -> None:
    """What an index report plays: each ruleset's pages say their own game."""
    from analyzer.report.site import variant_pages
    from analyzer.rulesets import playable_rulesets

    names = playable_rulesets()
    extra = "".join(f", and {v} of {n}" for n, v in variant_pages(names))
    _err(
        f"Ruleset: each of {', '.join(names)} on a page of its own, variant: standard{extra} "
        "on a page of its own"
    )


# The team page's combo tables: 4 and 5 players (allies), games per combo at --scale 1
TEAM_COMBO_COUNTS = (4, 5)
TEAM_GAMES_PER_COMBO = 200


def _report_teams(seed: int, out: Path | None, scale: float, force: bool, threads) -> None:
    """The team variant's page: `analyzer teams` at every count and the combo study
    under the variant at 4 and 5 players (ruling B9), games times --scale."""
    out = _check_out(out, force, Path("reports") / "bfa")
    _set_threads(threads)
    from analyzer.rulesets import played_tables
    from analyzer.studies.combos import run_combos
    from analyzer.studies.teams import alliance_duel, faction_rates, write_teams
    from analyzer.variants import with_variant

    started = time.perf_counter()
    result = faction_rates((2, 3, 4, 5), max(2, round(10000 * scale)), seed)
    duels = [alliance_duel(n, max(2, round(5000 * scale)), seed) for n in (4, 5)]
    tables = with_variant(played_tables(), "bfa")
    gpc = max(2, round(TEAM_GAMES_PER_COMBO * scale))
    combos = [run_combos(n, gpc, seed, tables=tables, progress=False) for n in TEAM_COMBO_COUNTS]
    folder = write_teams(result, duels, out, force, combos)
    typer.echo(f"Report written in {time.perf_counter() - started:.0f} s: {folder / 'index.html'}")


def _report_index(
    players, seed, out, scale, fresh, force, threads, workers, cluster, bots=None
) -> None:
    """Every shipped ruleset's page, each from `analyzer report --ruleset NAME` in a
    process of its own, and the index linking them."""
    from analyzer.backends import check_backend_options
    from analyzer.report.site import PageFailed, build_index, default_index_out, variant_pages
    from analyzer.rulesets import shipped_rulesets

    check_backend_options(workers, cluster)
    out = default_index_out(players) if out is None else out
    _check_out(out, force, out)
    options = ["--players", str(players), "--seed", str(seed), "--scale", repr(scale)]
    options += ["--fresh"] if fresh else []
    options += ["--bots", bots] if bots is not None else []
    for key, value in (("--threads", threads), ("--workers", workers), ("--cluster", cluster)):
        options += [key, str(value)] if value is not None else []
    started = time.perf_counter()
    try:
        names = shipped_rulesets()
        page = build_index(out, names, options, force, log=_err, variants=variant_pages(names))
    except PageFailed as exc:
        _err(f"The index was not written: {exc} (its message is above).")
        raise typer.Exit(exc.code) from None
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
    seat_styles: str | None = BOTS,
    forced_bot: str | None = typer.Option(
        None,
        "--forced-bot",
        metavar="NAME",
        help="The bot or style the forced seat plays (default: the seat's own, from --bots).",
        show_default=False,
    ),
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
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = RULESET,
    variant: str | None = VARIANT,
) -> None:
    """Value every race and power combo: force it as one seat's first pick."""
    _choose_ruleset(ruleset, [scenario] if scenario is not None else [], variant)
    tables, policies, params = None, "heuristic", None
    if scenario is not None:
        tables, policies, params, players = _combo_scenario(scenario, players)
    players = 4 if players is None else players
    if seat_styles is not None:
        policies, params = _bots_by_count(seat_styles, [players])[players], None
    if forced_bot is not None:
        from analyzer.simulate import resolve_policies

        forced_bot = resolve_policies(forced_bot, 1, "--forced-bot")[0]
    tables = _variant(variant, tables)
    from analyzer.studies.combos import check_study, default_out

    check_study(players, games_per_combo, seed, cost)
    out = _check_out(out, force, default_out(players))
    with _games_on(workers, cluster, threads) as (backend, where):
        from analyzer.studies.combos import run_combos, write_combos

        result = run_combos(
            players, games_per_combo, seed, cost, tables=tables, policies=policies,
            policy_params=params, check=check, backend=backend, forced_bot=forced_bot,
        )  # fmt: skip
        folder = write_combos(result, out, force)
        _print_speed(result, where)
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
    seat_styles: str | None = typer.Option(
        None,
        "--bots",
        "--policies",
        metavar="NAMES",
        help="Bots or styles by seat, comma separated, or one name for every seat: replaces "
        "the seats of both sides (every scenario and the baseline), so the rules are "
        "compared under the same bots.",
        show_default=False,
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Report folder (default: reports/compare).", show_default=False
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = RULESET,
) -> None:
    """Compare house rules with the baseline on the same seeds (paired games)."""
    _choose_ruleset(ruleset, [*scenarios, *([baseline] if baseline is not None else [])])
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
    if seat_styles is not None:
        from analyzer.studies.compare import with_bots

        for sc in [*loaded, *([base] if base is not None else [])]:
            with_bots(sc, seat_styles)  # refuse a bad name before anything is played
    out = _check_out(out, force, default_out())
    with _games_on(workers, cluster, threads) as (backend, where):
        from analyzer.studies.compare import run_compare, write_compare

        result = run_compare(
            loaded, base, games, games_per_combo, seed, backend=backend, bots=seat_styles
        )
        folder = write_compare(result, out, force)
        n_arms = len(loaded) + len(result.n_players)
        typer.echo(
            f"{n_arms} arms in {result.seconds:.1f} s ({where}). "
            f"{int(result.table.significant.sum())} of {len(result.table)} paired differences "
            "leave out zero at 95%."
        )
    for line in findings_text(result):
        typer.echo(line)
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


def _print_speed(result, where: str) -> None:
    typer.echo(
        f"{result.n_games} games in {result.seconds:.1f} s "
        f"({result.n_games / max(result.seconds, 1e-9):.0f} games/s, {where})."
    )


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
        "heuristic",
        "--policies",
        "--bots",
        help="One bot or style per seat, comma-separated, or one for all.",
    ),
    ruleset: str | None = RULESET,
    variant: str | None = VARIANT,
) -> None:
    """Play one game with its event log and print it, move by move."""
    _choose_ruleset(ruleset, (), variant)
    from analyzer.simulate import check_run, resolve_policies

    check_run(players, 1, seed, 1)
    from analyzer.model.limits import check_options

    check_options(game=game)
    names = resolve_policies(policies, players)
    from analyzer.playthrough import play_and_describe
    from analyzer.rulesets import played_tables

    tables = _variant(variant, played_tables())
    typer.echo(play_and_describe(tables, players, seed, game, names), nl=False)


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
    seat_styles: str | None = BOTS,
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
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = RULESET,
    variant: str | None = VARIANT,
) -> None:
    """When to decline: sweep the heuristic's decline threshold and "decline in round r"
    for one test seat per game, its first pick forced from a group of combos."""
    _choose_ruleset(ruleset, [scenario] if scenario is not None else [], variant)
    counts, tables, bots, params, name, _ = _study_setup(scenario, players, "decline", False)
    if seat_styles is not None:
        bots, params = _bots_by_count(seat_styles, counts), None
    tables = _variant(variant, tables, counts)
    from analyzer.studies.decline import check_decline

    check_decline(games, seed, list(range(11)), None)
    if combos is not None:
        from analyzer.rulesets import played_tables
        from analyzer.studies.common import parse_combo_names

        for n in counts:  # refuse a bad name before anything is compiled
            parse_combo_names(combos, played_tables() if tables is None else tables[n])
    from analyzer.studies.decline import default_out

    out = _check_out(out, force, default_out(counts))
    with _games_on(workers, cluster, threads) as (backend, where):
        from analyzer.studies.decline import findings, run_decline, write_decline

        result = run_decline(
            counts, games, seed, tables=tables, policies=bots, policy_params=params,
            combos=combos, check=check, scenario=name, backend=backend,
        )  # fmt: skip
        folder = write_decline(result, out, force)
        _print_speed(result, where)
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
    seat_styles: str | None = BOTS,
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/players-<players>p).",
        show_default=False,
    ),
    check: bool = CHECK,
    force: bool = FORCE,
    threads: int | None = THREADS,
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = RULESET,
    variant: str | None = VARIANT,
) -> None:
    """What the player count changes: seat advantage, scores, declines, and how combo
    strength ranks move between 2, 3, 4 and 5 players."""
    _choose_ruleset(ruleset, [scenario] if scenario is not None else [], variant)
    counts, tables, bots, params, name, skipped = _study_setup(scenario, players, "players", True)
    if seat_styles is not None:
        bots, params = _bots_by_count(seat_styles, counts), None
    tables = _variant(variant, tables, counts)
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
    with _games_on(workers, cluster, threads) as (backend, where):
        from analyzer.studies.players import findings, run_players, write_players

        result = run_players(
            counts, games, seed, tables=tables, policies=bots, policy_params=params,
            games_per_combo=games_per_combo, check=check, scenario=name, skipped=skipped,
            backend=backend,
        )  # fmt: skip
        folder = write_players(result, out, force)
        _print_speed(result, where)
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
    seat_styles: str | None = BOTS,
    scenario: Path | None = SCENARIO,
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/balance-<players>p).",
        show_default=False,
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = RULESET,
    variant: str | None = VARIANT,
) -> None:
    """What would balance it: the banner and badge numbers that make each race and
    power fair, the starting coins that make each seat fair, and how far each
    estimated number moves the answers."""
    _choose_ruleset(ruleset, [scenario] if scenario is not None else [], variant)
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
    seat_policies, seat_params_by = (
        (seat_bots, seat_params) if scenario is not None else (None, None)
    )
    if seat_styles is not None:
        policies, params = _bots_by_count(seat_styles, [players])[players], None
        names = [p for p in seat_styles.split(",") if p.strip()]
        # A list by seat fits the study's own count; the seat study then plays that
        # count only unless one name is given.
        if len(names) > 1:
            counts = tuple(n for n in counts if n == players) or (players,)
        seat_policies, seat_params_by = _bots_by_count(seat_styles, counts), None
    tables = _variant(variant, tables)
    seat_tables = _variant(variant, seat_tables, counts)
    from analyzer.studies.balance import refuse_team_variant

    where, key = (str(scenario), "scenario.variant") if variant is None else (CLI, "--variant")
    for t in (tables, *(seat_tables or {}).values()):
        refuse_team_variant(t, where, key)  # before anything is played
    out = _check_out(out, force, default_out(players))
    with _games_on(workers, cluster, threads) as (backend, where):
        from analyzer.studies.balance import findings, run_balance, write_balance

        result = run_balance(
            players, games_per_combo, seed, tables=tables, policies=policies,
            policy_params=params, seat_counts=counts, seat_games=seat_games,
            check_games_per_combo=check_games_per_combo, rounds=rounds,
            tables_by_count=seat_tables, scenario=name,
            seat_policies=seat_policies, seat_policy_params=seat_params_by,
            backend=backend,
        )  # fmt: skip
        folder = write_balance(result, out, force)
        typer.echo(
            f"{result.n_games:,} games in {result.seconds:.0f} s "
            f"({result.n_games / max(result.seconds, 1e-9):.0f} games/s, {where})."
        )
    for line in findings(result):
        typer.echo("- " + line.replace("**", ""))
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'}).")
    typer.echo(f"Check the suggestion with: analyzer compare {folder / 'suggested.toml'}")


@app.command()
@guarded
def teams(
    players: str = typer.Option(
        "2,3,4,5", "--players", "-p", help=f"{PLAYERS_LIST_HELP} (default: 2,3,4,5)."
    ),
    games: int = typer.Option(10000, "--games", "-g", help="Games per player count."),
    duel_games: int = typer.Option(
        5000, "--duel-games", help="Game pairs per count (4 and 5) for the allied bots (0: none)."
    ),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    bots: str | None = typer.Option(
        None,
        "--bots",
        "--policies",
        help="Bots or styles of the faction games: one for every seat, or one per seat "
        "with a single player count (default: heuristic). The allied-bot duel keeps its "
        "own bots (allied against ignoring heuristics).",
        show_default=False,
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Report folder (default: reports/teams).", show_default=False
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Battle for Azeroth (SWoW's team variant): each faction's win rate per player
    count, the seat advantage within a faction, and allied bots against bots that
    ignore the alliance."""
    from analyzer.rulesets import Game

    _choose_ruleset(None, only=Game("swow", "bfa"), command="teams")
    from analyzer.model.limits import MAX_STUDY_GAMES, range_text
    from analyzer.studies.common import check_seed, parse_counts

    counts = parse_counts(players)
    problems = check_seed(seed)
    for key, value, least in (("--games", games, 1), ("--duel-games", duel_games, 0)):
        if isinstance(value, bool) or not least <= value <= MAX_STUDY_GAMES:
            problems.append(Problem(CLI, key, value, range_text(least, MAX_STUDY_GAMES)))
    if problems:
        raise InputError(problems)
    by_count = _bots_by_count(bots, counts) if bots is not None else None
    out = _check_out(out, force, Path("reports") / "teams")
    _set_threads(threads)
    from analyzer.studies.teams import alliance_duel, faction_rates, write_teams

    result = faction_rates(counts, games, seed, bots=by_count)
    duels = [alliance_duel(n, duel_games, seed) for n in counts if n in (4, 5) and duel_games]
    folder = write_teams(result, duels, out, force)
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


def _say_battles() -> None:
    """The battle commands play Warcraft: the Board Game, no Small World ruleset."""
    from analyzer import rulesets

    rulesets.PLAYED = None
    _err("Ruleset: Warcraft: the Board Game (battles), variant: standard")


# No square brackets in help texts: rich would read them as markup and drop them.
ARMY_HELP = (
    'groups separated by commas, each "COUNT TYPE" then sN (Strength) or LN (level), '
    "optionally flank, +area, +heal, +poison, +bloodlust, +raise, costN and @player, like "
    '"1 melee s2, 4 melee s2 flank, 1 ranged s2"'
)


def _battle_from_options(
    file, attacker, defender, attacker_race, defender_race, attacker_policy, defender_policy,
    attacker_reserve, defender_reserve, units, webs=(False, False),
):  # fmt: skip
    """The battle of a TOML file or of the army options (never both)."""
    from dataclasses import replace

    from analyzer.warcraft.battle import (
        Battle,
        Side,
        check_battle,
        load_battle,
        parse_army,
        play_web,
    )  # fmt: skip
    from analyzer.warcraft.units import load_units

    book = load_units(units)
    if file is not None:
        if attacker is not None or defender is not None:
            raise InputError(
                Problem(CLI, "--file", str(file), "give the armies in the file or as "
                        "--attacker/--defender, not both")
            )  # fmt: skip
        battle = load_battle(file, book)
        sides = list(battle.sides)
        for i, policy in enumerate((attacker_policy, defender_policy)):
            if policy is not None:
                sides[i] = replace(sides[i], policy=policy)
        battle = Battle((sides[0], sides[1]))
    else:
        missing = [k for k, v in (("--attacker", attacker), ("--defender", defender)) if v is None]
        if missing:
            raise InputError(
                [
                    Problem(CLI, k, None, f"give both armies ({ARMY_HELP}) or --file")
                    for k in missing
                ]
            )
        sides, problems, races = [], [], {}
        for key, race in (("--attacker", attacker_race), ("--defender", defender_race)):
            try:
                races[key] = None if race is None else book.race(race, CLI, f"{key}-race")
            except InputError as exc:
                problems.extend(exc.problems)
        if problems:
            raise InputError(problems)
        attacker_race, defender_race = races["--attacker"], races["--defender"]
        for key, text, race, policy, reserve in (
            ("--attacker", attacker, attacker_race, attacker_policy, attacker_reserve),
            ("--defender", defender, defender_race, defender_policy, defender_reserve),
        ):
            name = race or key.strip("-")
            groups = parse_army(text, name, key, book, race)
            sides.append(Side(name, groups, policy or "cheapest", reserve))
        if sides[0].name == sides[1].name:
            sides[1] = replace(sides[1], name=sides[1].name + " (defender)")
        battle = Battle((sides[0], sides[1]))
    battle = play_web(battle, *webs)
    check_battle(battle, CLI if file is None else str(file))
    return battle


def _check_battle_run(games: int, seed: int) -> None:
    problems = []
    if not 0 <= games <= 100_000_000:
        problems.append(Problem(CLI, "--games", games, "must be 0 (exact only) to 100000000"))
    if not 0 <= seed < 2**63:
        problems.append(Problem(CLI, "--seed", seed, "must be 0 to 2**63 - 1"))
    if problems:
        raise InputError(problems)


def _battle_threads(threads: int | None) -> int:
    """--threads of the battle commands: Python threads over the compiled kernel."""
    import os

    if threads is not None and not 1 <= threads <= 256:
        raise InputError(Problem(CLI, "--threads", threads, "must be 1 to 256"))
    return threads or os.cpu_count() or 1


BATTLE_FILE = typer.Option(
    None, "--file", help="Battle file (TOML): attacker and defender tables with their units."
)
UNITS = typer.Option(
    None, "--units", help="Unit data file (TOML) instead of the shipped one (levels, costs)."
)
GAMES_BATTLE = typer.Option(
    200000, "--games", "-g", help="Monte Carlo battles (0: the exact solver only)."
)


@app.command()
@guarded
def battle(
    attacker: str | None = typer.Option(None, "--attacker", help=f"Attacking army: {ARMY_HELP}."),
    defender: str | None = typer.Option(None, "--defender", help="Defending army, as --attacker."),
    attacker_race: str | None = typer.Option(
        None, "--attacker-race", help="The attacker's race in the unit data (for LN, costs)."
    ),
    defender_race: str | None = typer.Option(None, "--defender-race", help="As --attacker-race."),
    attacker_policy: str | None = typer.Option(
        None,
        "--attacker-policy",
        help="cheapest, protect, retreat or keepflyers (default: cheapest, or the file's).",
    ),  # fmt: skip
    defender_policy: str | None = typer.Option(None, "--defender-policy", help="As above."),
    attacker_reserve: int | None = typer.Option(
        None,
        "--attacker-reserve",
        help="Melee units in reserve for Raise Dead (default: every marker not in the battle).",
    ),  # fmt: skip
    defender_reserve: int | None = typer.Option(None, "--defender-reserve", help="As above."),
    attacker_web: bool = typer.Option(
        False,
        "--attacker-web",
        help="The attacker plays Web or Ensnare at the first melee "
        "phase: the defender's flyers can be melee casualties.",
    ),  # fmt: skip
    defender_web: bool = typer.Option(False, "--defender-web", help="As above, the defender."),
    file: Path | None = BATTLE_FILE,
    units: Path | None = UNITS,
    best: bool = typer.Option(
        False, "--best", help="Compare every policy and compute each side's best response."
    ),
    games: int = GAMES_BATTLE,
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same battles."),
    out: Path | None = typer.Option(
        None, "--out", help="Folder for the tables (CSV and Parquet) and summary.md."
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Warcraft: the Board Game: one battle's odds, exactly and by Monte Carlo, with
    each side's chance under every named casualty policy."""
    _say_battles()
    for key, value in (("--attacker-reserve", attacker_reserve),
                       ("--defender-reserve", defender_reserve)):  # fmt: skip
        if value is not None and not 0 <= value <= 10:
            raise InputError(Problem(CLI, key, value, "must be 0 to 10"))
    _check_battle_run(games, seed)
    n_threads = _battle_threads(threads)
    b = _battle_from_options(
        file, attacker, defender, attacker_race, defender_race, attacker_policy,
        defender_policy, attacker_reserve, defender_reserve, units, (attacker_web, defender_web),
    )  # fmt: skip
    if out is not None:
        _check_out(out, force, out)
    from analyzer.warcraft.exact import solve
    from analyzer.warcraft.report import (
        battle_text,
        compare_policies,
        outcome_frame,
        rounds_frame,
        survivor_frame,
    )  # fmt: skip

    exact = solve(b)
    mc = None
    if games:
        from analyzer.warcraft.montecarlo import simulate as play

        mc = play(b, games, seed, threads)
    frames = {
        "outcomes": outcome_frame(b, exact, mc),
        "survivors": survivor_frame(b, exact, mc),
        "rounds": rounds_frame(exact, mc),
    }
    # Every named policy always (the headline names a better one); the best response
    # only when asked.
    frames["policies"], notes = compare_policies(b, best)
    lines = battle_text(b, frames, exact, mc, notes)
    timing = f"Exact solver: {exact.n_states:,} joint states, {exact.seconds:.2f} s."
    if mc is not None:
        timing += (
            f" Monte Carlo: {mc.n:,} battles in {mc.seconds:.2f} s on {n_threads} threads "
            "(including compilation on a first run)."
        )
    typer.echo("\n".join(lines + ["", timing]))
    if out is not None:
        from analyzer.studies.common import write_folder, write_table

        def fill(folder: Path) -> None:
            for name, frame in frames.items():
                write_table(frame, folder, name, ruleset=False)
            (folder / "summary.md").write_text(
                "# Battle\n\n" + "\n".join(lines) + "\n", encoding="utf-8"
            )

        folder = write_folder(out, fill, force)
        typer.echo(f"Wrote {folder}/ ({', '.join(sorted(frames))} as CSV and Parquet, summary.md)")


@app.command("battle-study")
@guarded
def battle_study(
    attacker: str = typer.Option(
        "melee s3",
        "--attacker",
        help='The attacking unit, without a count: "TYPE sN" or "TYPE LN", then abilities, '
        'like "melee L4" with --attacker-race Orcs.',
    ),  # fmt: skip
    defender: str = typer.Option("melee s3", "--defender", help="The defending unit, as above."),
    attacker_race: str | None = typer.Option(None, "--attacker-race", help="For LN and costs."),
    defender_race: str | None = typer.Option(None, "--defender-race", help="For LN and costs."),
    most: int = typer.Option(8, "--most", help="Units per side, 1 to 10, in the heatmap."),
    reference: str = typer.Option(
        "3 melee s3, 3 melee s3 flank",
        "--reference",
        help="The army the break-even study fights (an input, not rulebook data).",
    ),  # fmt: skip
    units: Path | None = UNITS,
    out: Path | None = typer.Option(
        None, "--out", help="Folder (default: reports/battle-study).", show_default=False
    ),
    force: bool = FORCE,
) -> None:
    """Warcraft: the Board Game: the attacker's exact chance over army sizes (heatmap),
    hits per resource of the unit data, and upgrade or more units."""
    _say_battles()
    from analyzer.warcraft.battle import Battle, Side, check_battle, parse_army
    from analyzer.warcraft.study import check_template
    from analyzer.warcraft.units import load_units

    if not 1 <= most <= 10:
        raise InputError(Problem(CLI, "--most", most, "must be 1 to 10"))
    book = load_units(units)
    check_template(attacker, "--attacker", book, attacker_race)
    check_template(defender, "--defender", book, defender_race)
    # The unit data's spelling of the races, for the tables and charts.
    attacker_race = attacker_race and book.race(attacker_race, CLI, "--attacker-race")
    defender_race = defender_race and book.race(defender_race, CLI, "--defender-race")
    ref = Side("reference", parse_army(reference, "reference", "--reference"))
    check_battle(Battle((ref, ref)), CLI)
    out = _check_out(out, force, Path("reports") / "battle-study")
    from analyzer.studies.common import write_folder, write_table
    from analyzer.warcraft.study import (
        break_even,
        break_even_chart,
        efficiency_lines,
        heatmap,
        heatmap_chart,
        heatmap_lines,
        unit_efficiency,
    )  # fmt: skip

    heat = heatmap(attacker, defender, most, most, book=book, races=(attacker_race, defender_race))
    eff = unit_efficiency(book)
    be = break_even(book, reference)
    lines = ["# Battle study", "", "## Attacker's chance over army sizes", "",
             *heatmap_lines(heat), "", "## Efficiency per resource", "",
             *efficiency_lines(eff, be)]  # fmt: skip
    typer.echo("\n".join(lines))

    def fill(folder: Path) -> None:
        write_table(heat.frame, folder, "heatmap", ruleset=False)
        write_table(eff, folder, "efficiency", ruleset=False)
        write_table(be.frame, folder, "break_even", ruleset=False)
        write_table(be.summary, folder, "break_even_summary", ruleset=False)
        heatmap_chart(heat, folder / "heatmap.png")
        break_even_chart(be, folder / "break_even.png")
        (folder / "summary.md").write_text("\n".join(lines) + "\n", encoding="utf-8")

    folder = write_folder(out, fill, force)
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@app.command("battle-report")
@guarded
def battle_report(
    games: int = typer.Option(
        200000, "--games", "-g", help="Monte Carlo battles for the example battle."
    ),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed."),
    most: int = typer.Option(8, "--most", help="Units per side in the heatmap, 1 to 10."),
    out: Path | None = typer.Option(
        None, "--out", help="Folder (default: reports/warcraft-battles).", show_default=False
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Warcraft: the Board Game: the standalone battles page (index.md, index.html)."""
    _say_battles()
    _check_battle_run(games, seed)
    threads = _battle_threads(threads)
    if not 1 <= most <= 10:
        raise InputError(Problem(CLI, "--most", most, "must be 1 to 10"))
    from analyzer.warcraft.study import DEFAULT_OUT, build_page

    out = _check_out(out, force, DEFAULT_OUT)
    page = build_page(out, games, seed, force, threads, log=_err, most=most)
    typer.echo(f"Report written: {page}")


@app.command("battle-bench")
@guarded
def battle_bench(
    games: int = typer.Option(1000000, "--games", "-g", help="Monte Carlo battles per timing."),
    threads: int | None = THREADS,
) -> None:
    """Warcraft: the Board Game: exact-solver seconds for the largest battle and Monte
    Carlo battles per second (after a warm-up)."""
    _say_battles()
    _check_battle_run(games, 1)
    if games < 1:
        raise InputError(Problem(CLI, "--games", games, "must be at least 1"))
    threads = _battle_threads(threads)
    from analyzer.warcraft.bench import run_bench

    for line in run_bench(games, threads):
        typer.echo(line)


@app.command()
@guarded
def tune(
    generations: int = typer.Option(10, "--generations", help="Cross-entropy generations."),
    population: int = typer.Option(16, "--population", help="Candidates per generation."),
    games: int = typer.Option(
        800, "--games", "-g", help="Paired games per candidate and generation."
    ),
    validate_games: int = typer.Option(
        2000, "--validate-games", help="Fresh paired games scoring each generation's mean."
    ),
    final_games: int = typer.Option(
        10000, "--final-games", help="Fresh paired games of the winner's head-to-head check."
    ),
    field: str = typer.Option("default", "--field", help="Style of the other seats."),
    start: str = typer.Option("default", "--start", help="Style the search starts from."),
    players: int = typer.Option(4, "--players", "-p", help="Players, 2 to 5."),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same search."),
    out: Path | None = typer.Option(
        None, "--out", help="Report folder (default: reports/tune).", show_default=False
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Search the heuristic's parameters (cross-entropy method) for a stronger bot:
    one candidate seat against a field of one style, paired games."""
    _choose_ruleset(None)
    from analyzer.studies.tune import TuneSettings, check_tune, default_out

    settings = TuneSettings(
        players=players, generations=generations, population=population, games=games,
        validate_games=validate_games, final_games=final_games, field=field.lower(),
        start=start.lower(), seed=seed,
    )  # fmt: skip
    check_tune(settings)
    out = _check_out(out, force, default_out())
    _set_threads(threads)
    from analyzer.studies.tune import run_tune, write_tune

    result = run_tune(settings, log=lambda m: typer.echo(m, err=True))
    folder = write_tune(result, out, force)
    f = result.final
    typer.echo(
        f"{result.games_played} games in {result.seconds:.1f} s. Winner's head-to-head on "
        f"{f['games']} paired games: {100 * f['gain']:+.1f} points "
        f"({100 * f['gain_lo']:+.1f} to {100 * f['gain_hi']:+.1f}); "
        + ("good enough to ship as a style." if result.ships else "not enough to ship.")
    )
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@app.command()
@guarded
def tournament(
    bots: str | None = typer.Option(
        None,
        "--bots",
        help="Bots and styles, comma separated (default: every heuristic style, the "
        "lookahead bot and the random bot).",
        show_default=False,
    ),
    games: int = typer.Option(100, "--games", "-g", help="Games per seat order (paired)."),
    lookahead_games: int = typer.Option(
        TOURNAMENT_LOOKAHEAD_GAMES,
        "--lookahead-games",
        help="Games per seat order with a lookahead seat (its first games, paired): the "
        "lookahead bot plays hundreds of times slower than the heuristic; with this default "
        "the default tournament plays 6,720 lookahead games, 5 to 10 minutes on 2 cores.",
    ),
    players: int = typer.Option(4, "--players", "-p", help="Players, 2 to 5."),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    bootstrap: int = typer.Option(400, "--bootstrap", help="Bootstrap resamples (intervals)."),
    out: Path | None = typer.Option(
        None, "--out", help="Report folder (default: reports/tournament).", show_default=False
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
) -> None:
    """Bots and styles against each other over every seat order: a win-rate matrix
    and a Bradley-Terry rating per bot."""
    _choose_ruleset(None)
    from analyzer.studies.tournament import check_tournament, default_out, parse_bots

    names = parse_bots(bots)
    check_tournament(names, players, games, seed, bootstrap, lookahead_games)
    out = _check_out(out, force, default_out())
    _set_threads(threads)
    from analyzer.studies.tournament import run_tournament, write_tournament

    result = run_tournament(names, players, games, seed, bootstrap, lookahead_games=lookahead_games)
    folder = write_tournament(result, out, force)
    typer.echo(f"{result.games_played} games in {result.seconds:.1f} s.")
    from analyzer.studies.tournament import rating_interval

    for r in result.ratings.itertuples():
        typer.echo(
            f"- {r.bot}: rating {r.rating:+.0f} ({rating_interval(result, r)}), "
            f"wins {100 * r.win_rate:.1f}% of {r.seat_games} seat-games"
        )
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@app.command()
@guarded
def robustness(
    players: int = typer.Option(4, "--players", "-p", help="Players, 2 to 5."),
    fields: list[str] | None = typer.Option(
        None,
        "--field",
        help="A field of bots: styles by seat, comma separated (a list shorter than the "
        "players repeats). Repeat the option for each field; the first is the reference "
        "(default: default; aggressive; expansive,defensive,coin-saver; tuned).",
        show_default=False,
    ),
    forced_bots: str = typer.Option(
        "tuned,lookahead-lite",
        "--forced-bots",
        help="Styles played in the forced seat against the reference field, one field each, "
        'comma separated ("" for none).',
    ),
    games_per_combo: int = typer.Option(
        100, "--games-per-combo", "-g", help="Forced-pick games per combo and field."
    ),
    lookahead_games_per_combo: int = typer.Option(
        20,
        "--lookahead-games-per-combo",
        help="Games per combo of a field whose forced seat is a lookahead style (the first "
        "of the reference's games, so still paired): the lookahead is slow.",
    ),
    decline_games: int = typer.Option(
        500, "--decline-games", help="Decline-study games per rule, group and field (0: skip)."
    ),
    bootstrap: int = typer.Option(400, "--bootstrap", help="Bootstrap resamples (intervals)."),
    seed: int = typer.Option(1, "--seed", "-s", help="Run seed: same seed, same games."),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Report folder (default: reports/robustness-<players>p).",
        show_default=False,
    ),
    force: bool = FORCE,
    threads: int | None = THREADS,
    workers: int | None = WORKERS,
    cluster: str | None = CLUSTER,
    ruleset: str | None = RULESET,
) -> None:
    """Do the headline findings hold with other bots? Race and power effects, seat
    advantage and the best decline rule under several fields of bots and with a stronger
    style in the forced seat, each ranked against the first field's."""
    _choose_ruleset(ruleset)
    from analyzer.studies.robustness import (
        DEFAULT_FIELDS,
        check_robustness,
        default_out,
        parse_fields,
    )  # fmt: skip

    fields = list(fields) if fields else list(DEFAULT_FIELDS)
    check_robustness(
        players, games_per_combo, decline_games, bootstrap, seed, lookahead_games_per_combo
    )
    parse_fields(fields, forced_bots, players, lookahead_games_per_combo)
    out = _check_out(out, force, default_out(players))
    with _games_on(workers, cluster, threads) as (backend, where):
        from analyzer.studies.robustness import findings, run_robustness, write_robustness

        result = run_robustness(
            players, fields, forced_bots, games_per_combo, decline_games, bootstrap, seed,
            backend=backend, log=_err, lookahead_games_per_combo=lookahead_games_per_combo,
        )  # fmt: skip
        folder = write_robustness(result, out, force)
        typer.echo(f"{len(result.fields)} fields in {result.seconds:.0f} s ({where}).")
    for line in findings(result):
        typer.echo("- " + line.replace("**", ""))
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


def _bots_by_count(bots: str, counts) -> dict:
    """--bots at each player count: one name plays every seat at every count; a list by
    seat fits one count only. Exit 2 for an unknown name (with the closest one) or a
    list of the wrong length."""
    from analyzer.simulate import resolve_policies

    names = [p for p in bots.split(",") if p.strip()]
    if len(names) > 1 and len(counts) > 1:
        raise InputError(
            Problem(
                CLI, "--bots", bots,
                f"a list of bots by seat fits one player count, and this study plays "
                f"{', '.join(map(str, counts))}: give one name for every seat, or one count",
            )
        )  # fmt: skip
    return {n: resolve_policies(bots, n, "--bots") for n in counts}


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
