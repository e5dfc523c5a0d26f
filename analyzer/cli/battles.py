"""The commands of Warcraft: the Board Game's battles: battle, battle-study,
battle-report, battle-bench (analyzer/warcraft/)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import typer

from analyzer.cli.common import CLI, check_out, err, guarded
from analyzer.cli.options import FORCE, SEED_SHORT, THREADS
from analyzer.errors import InputError, Problem


def _say_battles() -> None:
    """The battle commands play Warcraft: the Board Game, no Small World ruleset."""
    err("Ruleset: Warcraft: the Board Game (battles), variant: standard")


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

    # lazy: keeps `analyzer --help` from loading numpy and the engine
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
        check_out(out, force, out)
    # lazy: keeps `analyzer --help` from loading numpy and the engine
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
        # lazy: keeps `analyzer --help` from loading numpy and the engine
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
        # lazy: keeps `analyzer --help` from loading numpy and the engine
        from analyzer.output import write_folder, write_table

        def fill(folder: Path) -> None:
            for name, frame in frames.items():
                write_table(frame, folder, name)
            (folder / "summary.md").write_text(
                "# Battle\n\n" + "\n".join(lines) + "\n", encoding="utf-8"
            )

        folder = write_folder(out, fill, force)
        typer.echo(f"Wrote {folder}/ ({', '.join(sorted(frames))} as CSV and Parquet, summary.md)")


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
    # lazy: keeps `analyzer --help` from loading numpy and the engine
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
    out = check_out(out, force, Path("reports") / "battle-study")
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.output import write_folder, write_table
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
        write_table(heat.frame, folder, "heatmap")
        write_table(eff, folder, "efficiency")
        write_table(be.frame, folder, "break_even")
        write_table(be.summary, folder, "break_even_summary")
        heatmap_chart(heat, folder / "heatmap.png")
        break_even_chart(be, folder / "break_even.png")
        (folder / "summary.md").write_text("\n".join(lines) + "\n", encoding="utf-8")

    folder = write_folder(out, fill, force)
    typer.echo(f"Report written to {folder}/ (start with {folder / 'summary.md'})")


@guarded
def battle_report(
    games: int = typer.Option(
        200000, "--games", "-g", help="Monte Carlo battles for the example battle."
    ),
    seed: int = SEED_SHORT,
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
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.warcraft.study import DEFAULT_OUT, build_page

    out = check_out(out, force, DEFAULT_OUT)
    page = build_page(out, games, seed, force, threads, log=err, most=most)
    typer.echo(f"Report written: {page}")


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
    # lazy: keeps `analyzer --help` from loading numpy and the engine
    from analyzer.warcraft.bench import run_bench

    for line in run_bench(games, threads):
        typer.echo(line)
