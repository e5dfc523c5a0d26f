"""Names in, DataFrames out: the analyzer from a notebook or a script.

    import analyzer

    seats = analyzer.play("swow", 2000, bots="aggressive").seats
    strong = analyzer.combos("swow", 50, races=["Orcs", "Tauren"]).combos
    rules = analyzer.compare("swow", ["scenarios/no-tauren.toml"], games=2000).compare

Every function takes a game (a ruleset's name, a (name, variant) pair, or the handle
`analyzer.load_game` gives), names for races, special powers and bots (a misspelt one
is refused with the closest match), a scenario by its path, and returns `Tables`: a
run's tables by name, each a pandas DataFrame. They run the same code as the command
line (the same seed gives the same numbers) and show the same progress bar, in a
terminal or in Jupyter. The engine is compiled (or loaded from its cache) on the first
game; importing this module is light.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from analyzer.errors import InputError
from analyzer.rulesets import Game, decide_game, load_game
from analyzer.studies.plans.common import combo_scenario
from analyzer.studies.settings import CombosSettings, CompareSettings


class Tables(dict):
    """A run's tables by name, each a pandas DataFrame: `t.seats` or `t["seats"]`. A
    notebook shows the first table and names the others."""

    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"no table {name!r}; the tables are {', '.join(self)}") from None

    def __dir__(self):
        return [*super().__dir__(), *self]

    def __repr__(self) -> str:
        return "Tables(" + ", ".join(f"{k}: {len(v)} rows" for k, v in self.items()) + ")"

    def _repr_html_(self) -> str:
        first, *rest = self
        also = f"; also {', '.join(rest)}" if rest else ""
        return f"<p><b>{first}</b>{also}</p>" + self[first]._repr_html_()


@contextlib.contextmanager
def _named(function: str):
    """The command line's checks, told as this function's: a problem the checks place
    on the "command line" (--policies, --players) names `analyzer.<function>` and its
    argument instead."""

    # lazy: importing the package binds no engine (the first load_game does)
    from analyzer.studies.common import CLI

    keys = {"--policies": "bots", "--bots": "bots", "--forced-bot": "forced_bot"}
    try:
        yield
    except InputError as exc:
        problems = [
            replace(p, file=f"analyzer.{function}", key=keys.get(p.key, p.key.lstrip("-")))
            if p.file == CLI
            else p
            for p in exc.problems
        ]
        raise InputError(problems) from None


def _game(game, scenarios: Sequence = ()):
    """The Game of `game` (a name, a (name, variant) pair or a handle), bound to this
    process's engine; the scenarios' ruleset must agree (else InputError)."""

    if isinstance(game, Game):
        name, variant = game.ruleset, game.variant
    elif isinstance(game, tuple):
        name, variant = game
    else:
        name, variant = game, None
    load_game(name, variant)  # checks the name and variant, refuses a second ruleset
    # as the command line decides a run's game: a scenario of another ruleset or
    # variant is refused, and the tables record what was played
    return decide_game(name, variant, [str(s) for s in scenarios])


def _rules(game, scenario, players: int | None, bots):
    """(game, tables, bots, bot parameters, players) of the printed rules or a scenario."""
    g = _game(game, [scenario] if scenario is not None else [])
    if scenario is None:
        return g, g.default_tables(), bots or "heuristic", None, players or 4

    tables, sc_bots, params, n = combo_scenario(Path(scenario), players, g)
    if bots is not None:  # named bots replace the scenario's seats and their parameters
        return g, tables, bots, None, n
    return g, tables, sc_bots, params, n


def _ids(g, names, kind: str, where: str) -> set[int] | None:
    if names is None:
        return None
    names = [names] if isinstance(names, str) else list(names)
    find = g.race_id if kind == "race" else g.power_id
    return {find(name, where) for name in names}


def play(
    game="swow",
    games: int = 1000,
    *,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    seed: int = 1,
    scenario: str | Path | None = None,
    progress: bool = True,
) -> Tables:
    """Play `games` games of the printed rules (or of `scenario`): tables `seats` (each
    seat's wins with a 95% interval and mean score), `races` and `powers` (picks and
    VC). `bots`: one name for every seat or one per seat (default: heuristic, or the
    scenario's); `players`: 2 to 5 (default 4, or the scenario's)."""
    # lazy: importing the package binds no engine (the first load_game does)
    from analyzer.simulate import simulate

    with _named("play"):
        g, tables, bots, params, players = _rules(game, scenario, players, bots)
        run = simulate(
            g, players, games, seed, bots, tables=tables, policy_params=params, progress=progress
        )
    return Tables(seats=run.summary, races=run.race_summary, powers=run.power_summary)


def combos(
    game="swow",
    games_per_combo: int = 100,
    *,
    races: str | Sequence[str] | None = None,
    powers: str | Sequence[str] | None = None,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    forced_bot: str | None = None,
    seed: int = 1,
    scenario: str | Path | None = None,
    progress: bool = True,
) -> Tables:
    """The combo study (`analyzer combos`): every race and power combo, or those of the
    named `races` and `powers`, forced as one seat's first pick. Tables `combos` (win
    rate with its interval, VC, significance), `races` and `powers` (main effects)."""
    # lazy: importing the package binds no engine (the first load_game does)
    from analyzer.studies.combos import allowed_combos, run_combos

    with _named("combos"):
        g, tables, bots, params, players = _rules(game, scenario, players, bots)
        race_ids = _ids(g, races, "race", "analyzer.combos(races=...)")
        power_ids = _ids(g, powers, "power", "analyzer.combos(powers=...)")
        pairs = None
        if race_ids is not None or power_ids is not None:
            pairs = [
                (r, p)
                for r, p in allowed_combos(tables)
                if (race_ids is None or r in race_ids) and (power_ids is None or p in power_ids)
            ]
        settings = CombosSettings(
            players, games_per_combo, seed, tables=tables, bots=bots, bot_params=params,
            forced_bot=forced_bot, combos=pairs, game=g,
        )  # fmt: skip
        study = run_combos(settings, progress=progress)
    return Tables(combos=study.combos, races=study.races, powers=study.powers)


def compare(
    game="swow",
    scenarios: str | Path | Sequence[str | Path] = (),
    *,
    baseline: str | Path | None = None,
    games: int = 2000,
    games_per_combo: int = 20,
    bots: str | None = None,
    seed: int = 1,
    progress: bool = True,
) -> Tables:
    """The house-rule comparison (`analyzer compare`): each scenario file against the
    printed rules (or `baseline`) on the same seeds. Tables `compare` (each metric's
    paired difference with its 95% interval) and `arms` (each metric's value)."""
    # lazy: importing the package binds no engine (the first load_game does)
    from analyzer.studies.compare import run_compare

    paths = [scenarios] if isinstance(scenarios, str | Path) else list(scenarios)
    with _named("compare"):
        g = _game(game, paths + ([baseline] if baseline is not None else []))
        settings = CompareSettings(
            tuple(paths), baseline, games, games_per_combo, seed, bots, game=g
        )
        study = run_compare(settings, progress=progress)
    return Tables(compare=study.table, arms=study.arms)
