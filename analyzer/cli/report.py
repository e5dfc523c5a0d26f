"""`analyzer report`: every default study of one ruleset on one page, an index of
every ruleset's page, or the team variant's page."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from analyzer.backends import check_backend_options
from analyzer.cli.common import (
    CLI,
    check_out,
    check_threads,
    choose_ruleset,
    err,
    games_on,
    guarded,
    set_threads,
)
from analyzer.cli.options import BOTS, CLUSTER, FORCE, PLAYERS, SEED_SHORT, THREADS, WORKERS
from analyzer.errors import InputError, Problem
from analyzer.ruleset_registry import playable_rulesets, shipped_rulesets
from analyzer.rulesets import environment_ruleset
from analyzer.studies.settings import BalanceSettings, CombosSettings


@guarded
def report(
    players: int = PLAYERS,
    seed: int = SEED_SHORT,
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

    # ANALYZER_RULESET=NAME is --ruleset NAME (one ruleset's page), as documented.
    ruleset = ruleset if ruleset is not None else environment_ruleset()
    index = ruleset is None and variant in (None, "standard")
    game = None  # the index plays no game itself: each page's process chooses its own
    if not index:
        game = choose_ruleset(ruleset, (), variant)  # before anything imports the engine
        pages = game.content().VARIANT_PAGES  # the variants with a page of their own
        if game.variant != "standard" and game.variant not in pages:
            raise InputError(
                Problem(CLI, "--variant", variant,
                        f"{game.title} gives this variant no report page of its own",
                        ("standard", *pages))
            )  # fmt: skip
    else:
        _say_index_games()
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.model.limits import check_options

    check_options(CLI, players=players, games=1, seed=seed, chunk=1)
    # The index's process plays nothing and binds no game; the names of --bots are
    # checked here all the same (the styles file, no engine), so a bad one is one
    # paragraph, not one from each page's process.
    if seat_styles is not None and index:
        _check_bot_names(seat_styles, players)
    if seat_styles is not None and not index:
        # lazy: keeps `analyzer --help` from loading numpy and the engine
        from analyzer.simulate import resolve_policies

        resolve_policies(seat_styles, players, "--bots")
        if variant is not None and variant != "standard":
            raise InputError(
                Problem(CLI, "--bots", seat_styles,
                        "the team page plays allied heuristic bots against ones that ignore "
                        f"the alliance; leave --bots out with --variant {variant}")
            )  # fmt: skip
    if not 0 < scale <= 100:
        raise InputError(Problem(CLI, "--scale", scale, "must be above 0 and at most 100"))
    if variant is not None and variant != "standard":
        _report_teams(game, seed, out, scale, force, threads, fresh)
        return
    if ruleset is None:
        _report_index(
            players, seed, out, scale, fresh, force, threads, workers, cluster, seat_styles
        )
        return
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.report.site import ReportSettings, build_report, default_out

    out = default_out(players, game) if out is None else out
    check_out(out, force, out)
    with games_on(workers, cluster, threads) as (backend, _):
        settings = ReportSettings(players=players, seed=seed, bots=seat_styles, game=game)
        if scale != 1.0:
            settings = settings.scaled(scale)
        started = time.perf_counter()
        page = build_report(
            out, settings, fresh=fresh, log=lambda m: typer.echo(m, err=True), force=force,
            backend=backend,
        )  # fmt: skip
        typer.echo(f"Report written in {time.perf_counter() - started:.0f} s: {page}")


def _check_bot_names(text: str, players: int) -> None:
    """--bots in the index's process, which binds no game: the names from the styles
    file and their count; each page's process checks the rest."""
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.players.styles import bot_names

    names = [n.strip().lower() for n in text.split(",")]
    known = bot_names()
    problems = [
        Problem(CLI, "--bots", n, "unknown bot or style", known) for n in names if n not in known
    ]
    if not problems and len(names) not in (1, players):
        problems.append(
            Problem(CLI, "--bots", text, f"give one bot for every one of the {players} "
                    "players, or a single bot for all")
        )  # fmt: skip
    if problems:
        raise InputError(problems)


def _say_index_games() -> None:
    """What an index report plays: each ruleset's pages say their own game."""
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.report.index import variant_pages

    names = playable_rulesets()
    extra = "".join(f", and {v} of {n}" for n, v in variant_pages(names))
    err(
        f"Ruleset: each of {', '.join(names)} on a page of its own, variant: standard{extra} "
        "on a page of its own"
    )


# `analyzer battle-report --games` in the index at --scale 1, and its least
BATTLE_GAMES = 200000
BATTLE_LEAST_GAMES = 2000

# The team page's combo tables: 4 and 5 players (allies), games per combo at --scale 1
TEAM_COMBO_COUNTS = (4, 5)
TEAM_GAMES_PER_COMBO = 200
# The team page's balance change at 4 players only: each other count costs about 15 s
# more of the report; the page names the command that gives theirs.
FIX_COUNTS = (4,)


def _report_teams(
    game, seed: int, out: Path | None, scale: float, force: bool, threads, fresh: bool = False
) -> None:
    """The team variant's page: `analyzer teams` at every count (with the parts of each
    faction's advantage), the balance study of the variant at FIX_COUNTS (its
    verified change opens the page; half the page's games on each arm) and
    the combo study under the variant at 4 and 5 players (ruling B9), games times
    --scale. The page of an earlier run with the same games,
    seed and code is kept (not with --fresh). Built in the index's folder for it
    (page_folder), the page links back to the index."""
    out = check_out(out, force, Path("reports") / game.variant, game=game)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.report.index import page_folder
    from analyzer.report.site import banner_lines, code_hash, mark_page, page_reusable

    counts = (2, 3, 4, 5)
    games, duel_games = max(2, round(10000 * scale)), max(2, round(5000 * scale))
    gpc = max(2, round(TEAM_GAMES_PER_COMBO * scale))
    stamp = {"page": game.variant, "seed": seed, "counts": list(counts), "games": games,
             "duel_games": duel_games, "combo_counts": list(TEAM_COMBO_COUNTS),
             "games_per_combo": gpc, "scale": scale, "parts": True,
             "fix_counts": list(FIX_COUNTS),
             "code": code_hash()}  # fmt: skip
    if not fresh and page_reusable(out, stamp):
        typer.echo(f"Reusing the team page of an earlier run: {out / 'index.html'}")
        return
    set_threads(threads)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.studies.balance_teams import run_team_balance
    from analyzer.studies.combos import run_combos
    from analyzer.studies.teams import alliance_duel, faction_rates, write_teams

    started = time.perf_counter()
    result = faction_rates(counts, games, seed, parts=True, game=game)
    duels = [alliance_duel(n, duel_games, seed, game=game) for n in (4, 5)]
    tables = game.default_tables()  # in the team variant
    combos = [
        run_combos(CombosSettings(n, gpc, seed, tables=tables, game=game), progress=False)
        for n in TEAM_COMBO_COUNTS
    ]
    fixes = [
        run_team_balance(
            BalanceSettings(
                n, seed=seed, seat_games=max(100, games // 2), tables=tables, game=game
            ),
            progress=False,
        ).verified
        for n in FIX_COUNTS
    ]
    banner = banner_lines(
        scale,
        f"Each player count has {games:,} games, each combo {gpc:,} games per count.",
    )
    in_index = out.name == page_folder(game.ruleset, game.variant)  # the index writes ../index.html
    folder = write_teams(
        result, duels, out, force, combos, banner, index=in_index, fixes=fixes, game=game
    )
    mark_page(folder, stamp, force)
    typer.echo(f"Report written in {time.perf_counter() - started:.0f} s: {folder / 'index.html'}")


def _report_index(
    players, seed, out, scale, fresh, force, threads, workers, cluster, bots=None
) -> None:
    """Every shipped ruleset's page, each from `analyzer report --ruleset NAME` in a
    process of its own, and the index linking them."""
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.report.index import PageFailed, build_index, variant_pages
    from analyzer.report.site import default_index_out

    check_backend_options(workers, cluster)
    if threads is not None:  # before any page's process starts
        check_threads(threads)
    out = default_index_out(players) if out is None else out
    check_out(out, force, out)
    options = ["--players", str(players), "--seed", str(seed), "--scale", repr(scale)]
    options += ["--fresh"] if fresh else []
    options += ["--bots", bots] if bots is not None else []
    for key, value in (("--threads", threads), ("--workers", workers), ("--cluster", cluster)):
        options += [key, str(value)] if value is not None else []
    # The Warcraft battles page: its example battle's Monte Carlo check times --scale.
    battles = ["--games", str(max(BATTLE_LEAST_GAMES, round(BATTLE_GAMES * scale)))]
    battles += ["--seed", str(seed)] + (["--threads", str(threads)] if threads else [])
    started = time.perf_counter()
    try:
        names = shipped_rulesets()
        page = build_index(out, names, options, force, log=err, variants=variant_pages(names),
                           battles=battles, scale=scale)  # fmt: skip
    except PageFailed as exc:
        err(f"The index was not written: {exc} (its message is above).")
        raise typer.Exit(exc.code) from None
    typer.echo(f"Report written in {time.perf_counter() - started:.0f} s: {page}")
