"""What a scenario may change of SWoW's content beyond the shared house rules
(scenario.py reads [rules], [races] and [powers] for every ruleset; these are the
content parts rulesets/content_table.py names for them): the printed rule numbers
the house rules start from, a folder of content files in SWoW's form, and the
boards laid out at a player count."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from analyzer.engine.core_layout import MAX_REGIONS
from analyzer.errors import InputError, Problem
from analyzer.model.params import SIZE_KEYS, Parameters
from analyzer.rulesets.swow import ids
from analyzer.rulesets.swow.boards import Face, load_faces, worst_selections
from analyzer.rulesets.swow.ruleset import Ruleset, load_ruleset
from analyzer.tomlcheck.tomlfile import Checker

# The files of a content folder a scenario names as its ruleset.
FOLDER_FILES = ("ruleset.toml", "boards.toml")


def printed_parameters(ruleset: Ruleset, faces=()) -> Parameters:
    """The rule numbers, banners and badges the ruleset file prints, every race and
    power in the game: what a scenario's house rules change."""
    return Parameters(
        start_coins=ruleset.start_coins,
        column_size=ruleset.column_size,
        faction_bonus=ruleset.faction_bonus,
        travel_cost=ruleset.travel_cost,
        base_cost=ruleset.base_cost,
        water_cost=ruleset.water_cost,
        die_faces=tuple(ruleset.die_faces),
        die_max_short=ruleset.die_max_short,
        min_conquest_tokens=ruleset.min_conquest_tokens,
        rounds=dict(ruleset.rounds),
        boards=dict(ruleset.boards),
        banners=tuple(r.banner for r in ruleset.races),
        races_allowed=(True,) * len(ruleset.races),
        badges=tuple(p.badge for p in ruleset.powers),
        powers_allowed=(True,) * len(ruleset.powers),
    )


def load_folder(folder: Path) -> tuple[Ruleset, tuple[Face, ...]]:
    """The ruleset and boards of a folder in SWoW's form (ruleset.toml and
    boards.toml), checked together; InputError naming every problem."""
    missing = [name for name in FOLDER_FILES if not (folder / name).is_file()]
    if missing:
        raise InputError(
            Problem(
                str(folder), "(folder)", ", ".join(missing),
                "missing: a folder of Small World of Warcraft content holds ruleset.toml "
                "and boards.toml",
            )
        )  # fmt: skip
    ruleset = load_ruleset(folder / "ruleset.toml")
    return ruleset, load_faces(folder / "boards.toml", ruleset)


def house_boards(
    check: Checker, value: object, ruleset: Ruleset, faces: tuple[Face, ...], players: int
) -> tuple[int, int, int] | None:
    """The boards of each size a scenario's `[rules] boards` lays out for `players`
    (None when refused): within the box, and the fullest layout of them fitting the
    engine's regions and the box's Murloc and Mountain tokens."""
    if not isinstance(value, dict):
        check.add(
            "rules.boards", value, "must be a table like { large = 1, medium = 2, small = 1 }"
        )
        return None
    check.keys(value, "rules.boards", SIZE_KEYS)
    counts = []
    for size, in_box in zip(SIZE_KEYS, ruleset.boards_in_box, strict=True):
        counts.append(check.check_int(value.get(size, 0), f"rules.boards.{size}", 0, in_box))
    if None in counts:
        return None
    if sum(counts) == 0:
        check.add("rules.boards", value, "a game needs at least one board")
        return None
    counts = tuple(counts)
    one = dataclasses.replace(ruleset, boards={players: counts})
    limits = (
        ("regions", lambda f: len(f.regions), MAX_REGIONS),
        ("Murloc symbols", lambda f: f.count(ids.SYM_MURLOC), ruleset.components["murlocs"]),
        ("Mountain symbols", lambda f: f.count(ids.SYM_MOUNTAIN), ruleset.components["mountains"]),
    )
    fits = True
    for what, measure, most in limits:
        sel = worst_selections(faces, one, measure)[players]
        if sel.value > most:
            fits = False
            check.add(
                "rules.boards",
                dict(zip(SIZE_KEYS, counts, strict=True)),
                f"{', '.join(sel.faces)} have {sel.value} {what}; at most {most} fit",
            )
    return counts if fits else None
