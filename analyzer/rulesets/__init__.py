"""One package per ruleset: its content files, their loader, its abilities and
what its bots know of them.

`analyzer.rulesets.<name>` holds one game (`swow` is Small World of Warcraft,
`classic` the original Small World); the shared machinery (the engine's core,
TOML checking, problems, the CLI) stays in the core packages.

This module gives the game a run plays, as a handle to pass down (Game); which
rulesets there are and the one this process's engine is bound to are
analyzer/ruleset_registry.py's. A game is chosen by an explicit call:

    import analyzer
    game = analyzer.load_game("classic")          # or ("swow", "bfa")
    tables = game.default_tables()
    api = game.engine                              # analyzer.gameloop.api, bound to it

The first `load_game` binds this process's engine to that ruleset: the engine's
hook modules and its cache folder follow the bound ruleset (engine/__init__.py
reads it in ruleset_registry.py), so only that ruleset's code is ever compiled. Loading the same
ruleset again gives an equal handle; asking for another one afterwards is refused
(InputError: a process plays one ruleset). Importing analyzer.engine before any
game is loaded raises NoGameLoaded rather than guessing one. The command line
decides its game with `decide_game` (--ruleset, --variant, the scenarios, and the
environment form ANALYZER_RULESET, read when a command runs, never at import).

A ruleset is playable when its package gives the parts the core calls:

- `layout.py`, `hooks/rules.py`, `hooks/bots.py`, `hooks/turn.py`,
  `hooks/precompile.py`: its columns and the engine's hooks (engine/layout.py and
  rule_hooks.py, players/bot_hooks.py, gameloop/turn_hooks.py and precompile.py
  bind them);
- `tables.py`: its content, the parts content_table.py declares, checked like the
  hooks (neutral defaults in neutral_content.py): `default_content()` (its ruleset
  and boards as loaded), `compile_tables(ruleset, faces, parameters=None)`,
  `default_tables()` (the engine's tables of the printed rules), the words
  `analyzer replay` uses (TERRAIN_NAMES, SYMBOL_NAMES, EVENT_TEXTS), its VARIANTS,
  the rules of those played in teams (TEAM_VARIANTS); and, where it has its own
  content files, `files.py` (content_table.py FILES) for `analyzer check`;

and that content loads. What the ruleset alone needs, its layout.py declares in
slots the core leaves free, so the core names none of it: event kinds from
EV_RULESET, rule constants from PAR_RULESET (RULE_PARAMS names the Parameters field
each slot carries); its bot parameters, in the bots' slots from H_RULESET, its
botparams.py declares (BOT_PARAMS: name -> offset, default, range; plain data that
players/params.py gathers). Everything here is file lookups and small imports: it
never imports numba or the engine itself (loading a game's content does).
"""

from __future__ import annotations

import functools
import importlib
import os
from dataclasses import dataclass
from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.ruleset_registry import (
    DEFAULT_RULESET,
    RULESETS_DIR,
    bound_ruleset,
    check_ruleset,
    names_ruleset,
    playable_rulesets,
    ruleset_package,
    select_ruleset,
    shipped_rulesets,
)
from analyzer.rulesets.content_table import bind, files
from analyzer.tomlcheck import nesting
from analyzer.variants import STANDARD, with_variant

RULESET_ENV = "ANALYZER_RULESET"

TITLES = {"swow": "Small World of Warcraft", "classic": "Small World"}


def title(name: str) -> str:
    """A ruleset's name for a page's title."""
    return TITLES.get(name, name)


def load_game(name: str, variant: str | None = None) -> Game:
    """The game `name` (a ruleset: "swow", "classic", or a package by its dotted
    path) in `variant` (None: the standard game; "bfa": SWoW's team variant), as a
    handle to hand on. The first call binds this process's engine to that ruleset;
    the same ruleset again gives an equal handle (any of its variants); another
    ruleset afterwards is refused with an InputError (exit 2 in the CLI)."""
    select_ruleset(name, LOAD_WHERE, "name")
    variant = STANDARD if variant is None else variant
    valid = _variants_of(name)
    if variant not in valid:
        raise InputError(
            Problem(LOAD_WHERE, "variant", variant, f"{title(name)} has no such variant", valid)
        )
    return Game(name, variant)


LOAD_WHERE = "load_game"


def _scenario_head(path) -> dict | None:
    """A scenario file's [scenario] table, read with tomllib alone (the engine must not
    be imported before the ruleset is chosen); None for a file that does not read or
    is not a scenario: that is left to the scenario's own loading."""
    # lazy: `import analyzer` and `analyzer --help` load no TOML checks
    from analyzer.tomlcheck import nesting

    try:
        if not Path(path).is_file():  # a FIFO would wait forever; a folder is no scenario
            return None
        head = nesting.loads(Path(path).read_text(encoding="utf-8-sig"), str(path))
    except (OSError, ValueError, InputError):
        return None
    head = head.get("scenario")
    return head if isinstance(head, dict) else None


def scenario_ruleset(path) -> str | None:
    """The ruleset a scenario file names ([scenario] ruleset; swow when left out), or
    None when it names a folder of content files (played by the chosen ruleset) or
    does not read."""
    head = _scenario_head(path)
    if head is None:
        return None
    name = head.get("ruleset", DEFAULT_RULESET)
    if not isinstance(name, str) or not names_ruleset(name):
        return None
    return name


def content_ruleset(path) -> str | None:
    """The shipped ruleset whose own content a file or folder (its ruleset.toml) is:
    the first whose files.py claims it, the default asked last (a file that names its
    ruleset is that one's); None for anything else. Reads the file with tomllib and
    the rulesets' file checks alone: the engine is not imported."""
    file = Path(path) / "ruleset.toml" if Path(path).is_dir() else Path(path)
    try:
        if not file.is_file():
            return None
        data = nesting.loads(file.read_text(encoding="utf-8-sig"), str(file))
    except (OSError, ValueError, InputError):
        return None
    owner = file_owner(data)
    return owner[0] if owner is not None else None


@functools.cache
def ruleset_file_checks() -> tuple:
    """(name, its files.py checks: file_kind, check_file, NOT_ONE, FOLDER_FILES) of each
    shipped ruleset that has them, the default first. Found by file, so no ruleset is
    named here."""
    return tuple(
        (name, files(ruleset_package(name)))
        for name in shipped_rulesets()
        if (RULESETS_DIR / name / "files.py").is_file()
    )


def file_owner(data: dict) -> tuple | None:
    """(ruleset, kind, its checks) of the first ruleset whose own files include this
    parsed file, or None. The default ruleset is asked last: a file that names its
    ruleset (`ruleset = "classic"`) is that ruleset's before SWoW's reads any [races]."""
    for name, checks in reversed(ruleset_file_checks()):
        kind = checks.file_kind(data)
        if kind is not None:
            return name, kind, checks
    return None


# ------------------------------------------------------------------ the run's game
@dataclass(frozen=True)
class Game:
    """A ruleset and variant: what a run plays (decide_game) and the handle
    load_game gives. Its content and tables are the ruleset's; `engine` is the
    engine's API (analyzer.gameloop.api), imported on first use."""

    ruleset: str
    variant: str = "standard"

    @property
    def name(self) -> str:
        return self.ruleset

    @property
    def title(self) -> str:
        return title(self.ruleset)

    @property
    def team(self) -> bool:
        """Whether seats play in teams (as in SWoW's Battle for Azeroth)."""
        return self.team_play is not None

    @property
    def team_play(self):
        """The variant's team rules (content_table.py TEAM: teams, seat labels, the
        team win), or None when seats play each for themselves."""
        return self.content().team_play(self.variant)

    @property
    def variants(self) -> list[str]:
        return _variants_of(self.ruleset)

    def line(self) -> str:
        return f"Ruleset: {title(self.ruleset)} ({self.ruleset}), variant: {self.variant}"

    def content(self):
        """The ruleset's content (content_table.Content: its `tables.py`, checked)."""
        return bind(ruleset_package(self.ruleset))

    def default_content(self):
        """(ruleset, faces) as the ruleset's content files give them."""
        return self.content().default_content()

    def default_tables(self):
        """The engine's tables of the printed rules, playing this variant."""
        tables = self.content().default_tables()
        return tables if self.variant == STANDARD else with_variant(tables, self.variant)

    def compile_tables(self, ruleset, faces, parameters=None):
        return self.content().compile_tables(ruleset, faces, parameters)

    @property
    def engine(self):
        """analyzer.gameloop.api, with this process bound to this game's ruleset (an
        InputError if another one is bound)."""
        select_ruleset(self.ruleset, LOAD_WHERE, "name")
        return importlib.import_module("analyzer.gameloop.api")

    def engine_tables(self):
        """default_tables() as the engine takes them."""
        return self.engine.engine_tables(self.default_tables())

    @property
    def races(self) -> list[str]:
        """The ruleset's race names, in id order."""
        return [r.name for r in self.default_content()[0].races]

    @property
    def powers(self) -> list[str]:
        """The ruleset's special power names, in id order."""
        return [p.name for p in self.default_content()[0].powers]

    def race_id(self, name: str, where: str = "Game.race_id") -> int:
        """The id of race `name` (any case, `_` for a space); an unknown name is
        refused with the valid ones and the closest (InputError)."""
        return _named_id(name, self.races, "race", where)

    def power_id(self, name: str, where: str = "Game.power_id") -> int:
        """The id of special power `name`, as race_id."""
        return _named_id(name, self.powers, "special power", where)


def _named_id(name: str, names: list[str], kind: str, where: str) -> int:
    def norm(text) -> str:
        return " ".join(str(text).replace("_", " ").split()).lower()

    found = {norm(n): i for i, n in enumerate(names)}.get(norm(name))
    if found is None:
        raise InputError(Problem(where, kind, name, f"no such {kind}", names))
    return found


def environment_ruleset() -> str | None:
    """The ruleset the user named in ANALYZER_RULESET, if any: read when a command
    decides its game (decide_game), never at import."""
    return os.environ.get(RULESET_ENV) or None


def _variants_of(name: str) -> list[str]:
    """The variants of ruleset `name`, bound (its content's VARIANTS)."""
    return list(bind(ruleset_package(name)).VARIANTS)


def decide_game(
    ruleset: str | None = None,
    variant: str | None = None,
    scenarios=(),
    *,
    only: Game | None = None,
    command: str = "this command",
) -> Game:
    """The one place that decides the ruleset and variant of a run, from the
    --ruleset and --variant options, the scenarios' [scenario] ruleset and variant,
    and the environment form ANALYZER_RULESET; when none names one, a content file or
    folder given (`analyzer validate FOLDER`) is played by the ruleset it belongs to
    (content_ruleset). Sources that disagree are refused with
    one paragraph naming each (exit 2): none silently wins. `only`: the game of a
    command that plays just one. The ruleset is then bound (select_ruleset), and the
    Game returned is the one the command hands down to everything it plays."""
    claims: list[tuple[str, str, str]] = []  # (where, key, ruleset) of every source
    if ruleset is not None:
        check_ruleset(ruleset)
        claims.append((CLI_WHERE, "--ruleset", ruleset))
    env = environment_ruleset()
    if env is not None:
        check_ruleset(env, "environment", RULESET_ENV)
        claims.append(("environment", RULESET_ENV, env))
    heads = {str(path): _scenario_head(path) for path in scenarios}
    owner = None  # the ruleset whose content files a path is, played when nothing names one
    for path in heads:
        name = scenario_ruleset(path)
        if name is not None:
            check_ruleset(name, path, "scenario.ruleset")
            claims.append((path, "scenario.ruleset", name))
        elif heads[path] is None and owner is None:
            owner = content_ruleset(path)
    if only is not None:
        what = f"`analyzer {command}` plays {title(only.ruleset)} ({only.ruleset}) only"
        _refuse_others(claims, only.ruleset, lambda key: f"{what}; {_remedy(key)}")
    names = sorted({c[2] for c in claims})
    if len(names) > 1:
        raise InputError(_ruleset_conflict(claims))
    # A content folder only suggests its ruleset: a process already bound to another
    # (a notebook, a test run) checks the files with that one rather than refuse.
    hinted = owner in playable_rulesets() and bound_ruleset() in (None, owner)
    unnamed = owner if hinted else DEFAULT_RULESET
    chosen = only.ruleset if only is not None else (names[0] if names else unnamed)
    # A refusal to bind names the source the user gave (an option or file first).
    given = sorted(claims, key=lambda c: c[1] == RULESET_ENV)
    where, key = next(((w, k) for w, k, _ in given), (CLI_WHERE, "--ruleset"))
    select_ruleset(chosen, where, key)  # bound first: its content declares its variants
    return Game(chosen, _decide_variant(chosen, variant, heads, only, command))


CLI_WHERE = "command line"


def _refuse_others(claims, wanted: str, why) -> None:
    """A command that plays one game only: the first source naming another is refused."""
    for where, key, value in claims:
        if value != wanted:
            raise InputError(Problem(where, key, value, why(key)))


def _remedy(key: str) -> str:
    if key == RULESET_ENV:
        return f"unset {RULESET_ENV}"
    if key == "--ruleset":
        return "leave --ruleset out"
    return "name a scenario of that ruleset"


def _ruleset_conflict(claims) -> Problem:
    """One paragraph for sources that name different rulesets."""
    scenarios = [c for c in claims if c[1] == "scenario.ruleset"]
    said = "; ".join(
        f"{where} names {name}" if key == "scenario.ruleset" else f"{key} is {name}"
        for where, key, name in claims
    )
    if len({c[2] for c in scenarios}) > 1:
        where, key, name = scenarios[0]
        return Problem(
            where, key, name,
            "the scenarios of one run must all be for the same ruleset (these name "
            f"{', '.join(sorted({c[2] for c in scenarios}))}); {said}",
        )  # fmt: skip
    where, key, name = scenarios[0] if scenarios else claims[-1]
    others = [c for c in claims if c[2] != name]
    against = " and ".join(f"{k} is {n}" for _, k, n in others)
    fixes = {_remedy(k) for _, k, _ in claims}
    subject = f"the scenario is for the {name} ruleset" if scenarios else f"{key} is {name}"
    return Problem(
        where, key, name,
        f"{subject} but {against}: a run plays one ruleset and none is preferred "
        f"silently; to agree: {', or '.join(sorted(fixes))}",
    )  # fmt: skip


def _decide_variant(name: str, option: str | None, heads: dict, only, command: str) -> str:

    valid = _variants_of(name)
    claims: list[tuple[str, str, str]] = []
    if option is not None:
        claims.append((CLI_WHERE, "--variant", option))
    for path, head in heads.items():
        if head is not None and "variant" in head:
            claims.append((path, "scenario.variant", head["variant"]))
    for where, key, value in claims:
        if not isinstance(value, str) or value not in valid:
            raise InputError(
                Problem(where, key, value, f"{title(name)} has no such variant", valid)
            )
    if only is not None:
        what = f"`analyzer {command}` plays the {only.variant} variant only"
        _refuse_others(claims, only.variant, lambda key: what)
        return only.variant
    values = sorted({c[2] for c in claims})
    if len(values) > 1:
        scenarios = [c for c in claims if c[1] == "scenario.variant"]
        where, key, value = scenarios[0]
        said = "; ".join(
            f"{w} plays {v}" if k == "scenario.variant" else f"--variant is {v}"
            for w, k, v in claims
        )
        fix = (
            "leave --variant out, or change variant in the file"
            if option is not None
            else "the scenarios of one run must all play the same variant"
        )
        raise InputError(
            Problem(where, key, value,
                    f"a run plays one variant and none is preferred silently ({said}): {fix}")
        )  # fmt: skip
    return values[0] if values else STANDARD
