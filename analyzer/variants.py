"""A ruleset's variants, chosen by name: `--variant NAME` on the commands, or
`variant = "NAME"` in a scenario's [scenario] table. The engine reads the choice
as the rule parameter `variant` (params PAR_VARIANT; 0 is the standard game).

Each ruleset declares its own (VARIANTS and TEAM_VARIANTS in its content,
rulesets/content_table.py): Small World of Warcraft's Battle for Azeroth (`bfa`) is
played in teams; the test ruleset's (tests/plain_ruleset) is not. A process plays
one ruleset, so the variants here are the bound ruleset's.
"""

from __future__ import annotations

import dataclasses

from analyzer.errors import InputError, Problem
from analyzer.rulesets.content_table import played as played_content

STANDARD = "standard"


def variant_codes() -> dict[str, int]:
    """The played ruleset's variants by name, with the engine's code of each."""
    return dict(played_content().VARIANTS)


def variant_code(name: str, ruleset, file: str = "command line", key: str = "--variant") -> int:
    """The engine's code of variant `name` of `ruleset` (the played one's content);
    a one-paragraph InputError (valid choices, closest match) for any other name."""
    codes = variant_codes()
    if name not in codes:
        message = f"{getattr(ruleset, 'name', 'this ruleset')} has no variant of that name"
        raise InputError(Problem(file, key, name, message, tuple(codes)))
    return codes[name]


def variant_name(tables) -> str:
    """The name of the variant `tables` play."""
    return next(n for n, c in variant_codes().items() if c == tables.parameters.variant)


def team_variant() -> str | None:
    """The played ruleset's variant played in teams (the first its content names), or
    None when it has none."""
    return next(iter(played_content().TEAM_VARIANTS), None)


def team_play(variant=None):
    """The team rules (rulesets/content_table.py TEAM) of `variant`: a variant's name,
    the tables that play it, or None for the played ruleset's team variant. None when
    that variant is played seat against seat (or the ruleset has no team variant)."""
    if variant is None:
        variant = team_variant()
        if variant is None:
            return None
    name = variant if isinstance(variant, str) else variant_name(variant)
    return played_content().team_play(name)


def with_variant(tables, name: str | None, file: str = "command line", key: str = "--variant"):
    """`tables` playing variant `name` (None or "standard": as they are)."""
    if name is None:
        return tables
    code = variant_code(name, tables.ruleset, file, key)
    if code == tables.parameters.variant:
        return tables
    parameters = dataclasses.replace(tables.parameters, variant=code)
    return played_content().compile_tables(tables.ruleset, tables.faces, parameters)
