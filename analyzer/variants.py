"""A ruleset's variants, chosen by name: `--variant NAME` on the commands, or
`variant = "NAME"` in a scenario's [scenario] table. The engine reads the choice
as the rule parameter `variant` (params PAR_VARIANT; 0 is the standard game).

Small World of Warcraft has one: Battle for Azeroth (`bfa`, rulesets/swow/bfa.py
and draft.py), its team variant.
"""

from __future__ import annotations

import dataclasses

from analyzer.errors import InputError, Problem

STANDARD = "standard"
# by the ruleset's name (its ruleset.toml): the variants it can play and their codes
VARIANTS = {"Small World of Warcraft": {STANDARD: 0, "bfa": 1}}


def variant_names(ruleset) -> list[str]:
    return list(VARIANTS.get(ruleset.name, {STANDARD: 0}))


def variant_code(name: str, ruleset, file: str = "command line", key: str = "--variant") -> int:
    """The engine's code of variant `name` of `ruleset`; a one-paragraph InputError
    (valid choices, closest match) for any other name."""
    codes = VARIANTS.get(ruleset.name, {STANDARD: 0})
    if name not in codes:
        message = f"{ruleset.name} has no variant of that name"
        raise InputError(Problem(file, key, name, message, tuple(codes)))
    return codes[name]


def variant_name(tables) -> str:
    """The name of the variant `tables` play."""
    codes = VARIANTS.get(tables.ruleset.name, {STANDARD: 0})
    return next(n for n, c in codes.items() if c == tables.parameters.variant)


def with_variant(tables, name: str | None, file: str = "command line", key: str = "--variant"):
    """`tables` playing variant `name` (None or "standard": as they are)."""
    from analyzer.model.tables import compile_tables

    if name is None:
        return tables
    code = variant_code(name, tables.ruleset, file, key)
    if code == tables.parameters.variant:
        return tables
    parameters = dataclasses.replace(tables.parameters, variant=code)
    return compile_tables(tables.ruleset, tables.faces, parameters)
