"""A ruleset's variants, chosen by name: `--variant NAME` on the commands, or
`variant = "NAME"` in a scenario's [scenario] table. The engine reads the choice
as the rule parameter `variant` (params PAR_VARIANT; 0 is the standard game).

Each ruleset declares its own (VARIANTS and TEAM_VARIANTS in its content,
rulesets/content_table.py): Small World of Warcraft's Battle for Azeroth (`bfa`) is
played in teams; the test ruleset's (tests/plain_ruleset) is not. Compiled tables
know the ruleset that compiled them (Tables.compiled_by), so the variants and team
rules of a table are read from it, not from the game this process bound.
"""

from __future__ import annotations

import dataclasses

from analyzer.errors import InputError, Problem
from analyzer.ruleset_registry import ruleset_package
from analyzer.rulesets.content_table import bind

STANDARD = "standard"


def content_of(tables):
    """The content (content_table.Content) `tables` were compiled by: their
    compiled_by, which every ruleset's compiler sets (and its content, for a ruleset
    that compiles with another's code)."""
    if not tables.compiled_by:
        raise ValueError(
            "these tables name no ruleset that compiled them (Tables.compiled_by): compile "
            "them through the ruleset's content (Game.default_tables, "
            "Game.compile_tables) or have its compiler set compiled_by"
        )
    return bind(ruleset_package(tables.compiled_by))


def variant_codes(content) -> dict[str, int]:
    """The variants of `content` by name, with the engine's code of each."""
    return dict(content.VARIANTS)


def variant_code(name: str, tables, file: str = "command line", key: str = "--variant") -> int:
    """The engine's code of variant `name` of the ruleset `tables` were compiled by;
    a one-paragraph InputError (valid choices, closest match) for any other name."""
    codes = variant_codes(content_of(tables))
    if name not in codes:
        ruleset = getattr(tables.ruleset, "name", "this ruleset")
        raise InputError(Problem(file, key, name, f"{ruleset} has no variant of that name",
                                 tuple(codes)))  # fmt: skip
    return codes[name]


def variant_name(tables) -> str:
    """The name of the variant `tables` play."""
    codes = variant_codes(content_of(tables))
    return next(n for n, c in codes.items() if c == tables.parameters.variant)


def team_variant(content) -> str | None:
    """The variant of `content` played in teams (the first it names), or None when it
    has none."""
    return next(iter(content.TEAM_VARIANTS), None)


def team_play(variant=None, content=None):
    """The team rules (rulesets/content_table.py TEAM) of `variant`: the tables that
    play it, a variant's name of `content`, or None for the team variant of `content`.
    None when that variant is played seat against seat (or the ruleset has no team
    variant)."""
    if variant is not None and not isinstance(variant, str):
        return content_of(variant).team_play(variant_name(variant))
    if variant is None:
        variant = team_variant(content)
        if variant is None:
            return None
    return content.team_play(variant)


def team_rules(tables):
    """The team rules of the team variant of the ruleset `tables` were compiled by
    (whatever variant they play), or None when it has none: what a team study plays
    on the printed tables."""
    return team_play(content=content_of(tables))


def with_variant(tables, name: str | None, file: str = "command line", key: str = "--variant"):
    """`tables` playing variant `name` (None or "standard": as they are)."""
    if name is None:
        return tables
    code = variant_code(name, tables, file, key)
    if code == tables.parameters.variant:
        return tables
    parameters = dataclasses.replace(tables.parameters, variant=code)
    return content_of(tables).compile_tables(tables.ruleset, tables.faces, parameters)
