"""Check any content or scenario file a user hands us and list every problem in it
(the `check` command). It sits with the command line, above both the content model
and the scenarios it dispatches to."""

from __future__ import annotations

from pathlib import Path

from analyzer.errors import InputError, Problem
from analyzer.players.styles import parse_styles
from analyzer.rulesets import file_owner, ruleset_file_checks
from analyzer.scenario import parse_scenario
from analyzer.tomlcheck.tomlfile import read_toml


def ruleset_files() -> tuple:
    """Each shipped ruleset's own file checks (rulesets.ruleset_file_checks)."""
    return tuple(checks for _name, checks in ruleset_file_checks())


def _own_kind(data: dict):
    """(kind, checks) of the first ruleset that owns this file (rulesets.file_owner),
    or (None, None)."""
    owner = file_owner(data)
    return (None, None) if owner is None else owner[1:]


def file_kind(data: dict) -> str | None:
    """ "scenario" (a [scenario] table; checked first, as a scenario may hold [races]
    too), a ruleset's own kind (its files.py: SWoW's "ruleset" and "boards", the
    original Small World's "classic maps" and "classic ruleset"), "bot styles"
    (tables with a `policy`: styles.toml) or None."""
    if "scenario" in data:
        return "scenario"
    kind, _module = _own_kind(data)
    if kind is not None:
        return kind
    if any(isinstance(v, dict) and "policy" in v for v in data.values()):
        return "bot styles"
    return None


def validate_path(path: str | Path, game) -> list[Problem]:
    """Every problem in a scenario, bot styles or ruleset's content file (see
    file_kind); an empty list when the file is fine. A ruleset's files are checked
    with the files beside them (its files.py says how); a scenario as `game` (the
    Game the command plays) would play it."""
    file = str(path)
    try:
        if Path(path).is_dir():
            return _validate_folder(Path(path), game)
        data = read_toml(path)
        kind = file_kind(data)
        if kind == "scenario":
            parse_scenario(data, file, Path(path).parent, game)
        elif kind == "bot styles":
            parse_styles(data, file)
        elif kind is not None:
            _own_kind(data)[1].check_file(kind, data, file)
        else:
            kinds = [
                "a scenario (no [scenario] table)",
                "a bot styles file (no table with a policy)",
            ] + [module.NOT_ONE for module in ruleset_files()]
            what = ", ".join(kinds[:-1]) + " nor " + kinds[-1]
            return [Problem(file, "(file)", sorted(data), f"neither {what}")]
    except InputError as exc:
        return exc.problems
    return []


def _validate_folder(folder: Path, game) -> list[Problem]:
    """A ruleset folder: its ruleset.toml with the files its ruleset's own checks name
    (SWoW's boards.toml, the original game's maps.toml), checked together, as a
    scenario plays them."""
    ruleset = folder / "ruleset.toml"
    own = None
    if ruleset.is_file():
        try:
            own = _own_kind(read_toml(ruleset))[1]
        except InputError as exc:
            return exc.problems
    needs = own.FOLDER_FILES if own is not None else ("ruleset.toml",)
    if not all((folder / name).is_file() for name in needs):
        holds = " or ".join(" and ".join(m.FOLDER_FILES) for m in ruleset_files())
        return [
            Problem(
                str(folder), "(folder)", str(folder),
                f"a folder is checked as a ruleset folder, which holds {holds}; name a "
                "file, or a folder that holds them",
            )
        ]  # fmt: skip
    if own is None:
        return validate_path(ruleset, game)
    try:
        own.check_folder(folder)
    except InputError as exc:
        return exc.problems
    return []
