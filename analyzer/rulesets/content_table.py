"""Everything a ruleset's content gives the parts above the game, in one table: its
name, whether the core has a neutral default, and what it is for.

A ruleset package gives its content in `tables.py` (the part rulesets/__init__.py
names `tables`): its loader, its table compiler, the words of its board and events,
its variants and, for each variant played in teams, the module that gives the team
rules (TEAM_VARIANTS: variant name -> module path), and what a scenario's house
rules start from and may change of its content; and in `files.py`, where it has
one, the kinds of its own content files for `analyzer check`. Simulations, results, studies,
the report and the `check` command ask for content only through `bind(package)`,
the checked view this module makes (`Content`), never by importing a ruleset, so a
new ruleset costs its own package and nothing above it.

Like the engine's hook table (engine/hook_table.py), a name the table does not know
is refused, a required part missing is refused, and a part left out takes its
neutral default (neutral_content.py: what a ruleset with no variant, no team play
and no file of its own gives). `check_module` says what a module gets wrong;
tests/every_ruleset/test_content_table.py runs it over every playable ruleset.

Plain data and plain Python: importing this module imports neither numba nor a
ruleset.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
import inspect
from dataclasses import dataclass
from functools import cache
from types import ModuleType, SimpleNamespace

from analyzer.errors import RulesetCodeError, shown_path
from analyzer.ruleset_registry import package_ruleset


@dataclass(frozen=True)
class Part:
    name: str
    args: tuple[str, ...] | None  # a function's argument names; None for a constant
    required: bool  # False: neutral_content.py has the neutral default
    purpose: str

    @property
    def signature(self) -> str:
        return self.name if self.args is None else f"{self.name}({', '.join(self.args)})"


def _parts(rows: str) -> tuple[Part, ...]:
    """One part a row: `name(args) | neutral or required | purpose`; a constant has no
    parentheses."""
    parts = []
    for line in rows.strip().splitlines():
        head, default, purpose = (cell.strip() for cell in line.split("|"))
        name, paren, rest = head.partition("(")
        args = tuple(a.strip() for a in rest.rstrip(")").split(",") if a.strip()) if paren else None
        assert default in ("neutral", "required"), line
        parts.append(Part(name.strip(), args, default == "required", purpose))
    return tuple(parts)


# A ruleset's content (its tables.py).
CONTENT = _parts(
    """
    default_content() | required | (ruleset, board faces) as its content files give them
    compile_tables(ruleset, faces, parameters) | required | the engine's tables of that content
    default_tables() | required | the engine's tables of the printed rules (the standard game)
    TERRAIN_NAMES | required | the terrains' names by id, for the game's told moves
    SYMBOL_NAMES | neutral | (bit, name) of each region symbol the told moves name
    EVENT_TEXTS | neutral | the ruleset's own event kinds: kind -> text(words, p, r, a, b)
    BOARD_NOTE | neutral | what the report says of the boards it plays on (None: nothing)
    VARIANTS | neutral | its variants: name -> the engine's code (rule parameter `variant`)
    TEAM_VARIANTS | neutral | the variants played in teams: name -> module of its team rules
    HEADLINE_BOTS | neutral | the bot or style every seat of its report plays (docs/bots.md)
    printed_parameters(ruleset, faces) | neutral | the rule numbers house rules change (None: none)
    load_folder(folder) | neutral | (ruleset, faces) of a content folder a scenario names, or None
    house_boards(check, value, ruleset, faces, players) | neutral | [rules] boards checked, or None
    VARIANT_PAGES | neutral | team variants with a report page of their own: name -> its title
    """
)

# A team variant's rules (the module TEAM_VARIANTS names).
TEAM = _parts(
    """
    TEAMS | required | the teams' names by team id
    RIVALS | required | the two teams that play against each other, as team ids
    race_team(race) | required | the team id a race (of the loaded ruleset) belongs to
    seat_teams(n_players, exchanged) | required | the team id of each seat, seat 0 first
    seat_labels(n_players, exchanged) | required | each seat's name, such as 'Alliance 1'
    team_tables(tables, n_players, exchanged) | required | tables that play the team variant
    team_scores(vc, n_players, exchanged) | required | (team score, best seat score)[game, team]
    winners(team, best) | required | bool[game, team]: who wins, from team_scores
    team_wins(vc, n_players, exchanged) | required | bool[game, team]: the teams that win
    add_team_columns(seats, n_players) | required | a seats table with team, score and win
    """
)

# A ruleset's own content files, for `analyzer check`: its `files.py`, where it has one
# (found by file, so checking a file imports no ruleset's engine).
FILES = _parts(
    """
    NOT_ONE | required | what a file of none of its kinds lacks, in one phrase
    FOLDER_FILES | required | the files a content folder of the ruleset holds
    file_kind(data) | required | the kind of a file it owns, or None
    check_file(kind, data, file) | required | raise the InputError of every problem in the file
    check_folder(folder) | required | raise the InputError of every problem in a content folder
    """
)


def check_module(module: ModuleType, table: tuple[Part, ...], what: str) -> list[str]:
    """What `module` gets wrong as a `what` of `table`: required parts missing,
    arguments other than the table's and, where the table has neutral parts (a typo
    there would fall back to the default unseen), a name the module offers (its
    __all__, or without one its capital names) that the table does not know."""
    known = {part.name: part for part in table}
    problems = [
        f"{part.signature} is required ({part.purpose}) but not given"
        for part in table
        if part.required and not hasattr(module, part.name)
    ]
    if not all(part.required for part in table):
        offered = getattr(module, "__all__", None)
        if offered is None:
            offered = [n for n in vars(module) if n.isupper() and not n.startswith("_")]
        for name in offered:
            if name not in known:
                close = difflib.get_close_matches(name, list(known), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                problems.append(f"{name} is no part of a {what}{hint}")
    for part in table:
        value = getattr(module, part.name, None)
        if part.args is None or value is None:
            continue
        if not callable(value):
            problems.append(f"{part.name} must be a function {part.signature}")
        elif tuple(inspect.signature(value).parameters)[: len(part.args)] != part.args:
            got = ", ".join(inspect.signature(value).parameters)
            problems.append(f"{part.name}({got}) takes other arguments than {part.signature}")
    return problems


def _checked(module_path: str, table: tuple[Part, ...], what: str) -> SimpleNamespace:
    module = importlib.import_module(module_path)
    problems = check_module(module, table, what)
    if problems:
        raise RulesetCodeError(
            shown_path(module.__file__),
            f"not a valid {what}: {'; '.join(problems)} (analyzer/rulesets/content_table.py "
            "lists every part, its arguments and its default)",
        )
    neutral = importlib.import_module("analyzer.rulesets.neutral_content")
    return SimpleNamespace(
        **{
            part.name: getattr(module, part.name, getattr(neutral, part.name, None))
            for part in table
        }
    )


TABLES = {"ruleset content": CONTENT, "team variant": TEAM, "file kinds": FILES}


@cache
def _checked_once(module_path: str, what: str) -> SimpleNamespace:
    return _checked(module_path, TABLES[what], what)


class Content:
    """A ruleset's content as the parts above the game see it: every part of CONTENT
    (its own or the neutral default) as an attribute, and its team variants' rules."""

    def __init__(self, package: str):
        self.package = package
        self.name = package_ruleset(package)  # the ruleset, as load_game takes it
        self.__dict__.update(vars(_checked(f"{package}.tables", CONTENT, "ruleset content")))
        compile_tables, default_tables = self.compile_tables, self.default_tables
        # The tables it gives know it compiled them (Tables.compiled_by): whoever holds
        # them reads their variants and team rules from them, not from the bound game.
        self.compile_tables = lambda ruleset, faces, parameters=None: self.owned(
            compile_tables(ruleset, faces, parameters)
        )
        self.default_tables = cache(lambda: self.owned(default_tables()))

    def owned(self, tables):
        """`tables` (compiled from this content) marked as this ruleset's (what is not
        a model.tables.Tables, as a test's stand-in content gives, is left as it is)."""
        if getattr(tables, "compiled_by", self.name) == self.name:
            return tables
        return dataclasses.replace(tables, compiled_by=self.name)

    def team_play(self, variant: str):
        """The team rules of `variant` (the TEAM parts as attributes), or None for a
        variant played seat against seat."""
        module = self.TEAM_VARIANTS.get(variant)
        return None if module is None else _checked_once(module, "team variant")


def files(package: str) -> SimpleNamespace:
    """The checks of a ruleset package's own content files (its files.py, checked
    against FILES)."""
    return _checked_once(f"{package}.files", "file kinds")


@cache
def bind(package: str) -> Content:
    """The checked content of the ruleset package `package` (loaded once)."""
    return Content(package)
