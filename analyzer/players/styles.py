"""Bot styles: named parameter vectors read from an editable TOML file.

A seat names either a bot ("heuristic", "lookahead", "search", "random": every
default) or a style of styles.toml (a bot plus parameter overrides). Everything that plays a seat by
name goes through `bot_of`, so a style name works wherever a bot name does, and
reports show the name that was asked for. Pure Python: no numba.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from analyzer.errors import InputError, Problem
from analyzer.model import limits
from analyzer.players.params import (
    PARAMS_BY_POLICY,
    POLICY_NAMES,
    RULESET_BOT_PARAMS,
    default_vector,
)
from analyzer.tomlcheck.tomlfile import Checker, is_int, read_toml

STYLES_FILE = Path(__file__).with_name("styles.toml")
ENV = "ANALYZER_STYLES"  # another styles file instead of the shipped one
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Style:
    name: str
    policy: str  # the bot that plays it
    description: str
    overrides: tuple[tuple[str, float], ...]  # parameter name, value (params.py order)

    def vector(self) -> np.ndarray:
        return default_vector(self.policy, **dict(self.overrides))


def styles_path() -> Path:
    return Path(os.environ.get(ENV) or STYLES_FILE)


_cache: dict[tuple[str, float], dict[str, Style]] = {}


def load_styles(path: Path | str | None = None) -> dict[str, Style]:
    """Every style of the file, by name (file order). InputError listing every problem:
    file, key, value, valid choices and the closest match."""
    path = styles_path() if path is None else Path(path)
    try:
        stamp = (str(path), path.stat().st_mtime)
    except OSError:
        stamp = None
    if stamp is not None and stamp in _cache:
        return _cache[stamp]
    styles = parse_styles(_read(path), str(path))
    if stamp is not None:
        _cache[stamp] = styles
    return styles


def _read(path: Path) -> dict:
    return read_toml(path)


def bot_number(check, value: object, key: str, name: str) -> float | None:
    """A bot parameter's value from a style or scenario file, or None (and a problem
    added to `check`) when it is not a number in the parameter's range."""
    if not (is_int(value) or isinstance(value, float)) or not math.isfinite(value):
        check.add(key, value, "must be a number")
        return None
    # Parameters whose meaning bounds them (a chance, a count of tokens or turns) have
    # their own range; any other is a weight within limits.BOT_WEIGHT.
    own = RULESET_BOT_PARAMS.get(name)
    low, high = own[2] if own else limits.BOT_PARAMETERS.get(name, limits.BOT_WEIGHT)
    if not low <= value <= high:
        check.add(key, value, f"must be a number from {low:g} to {high:g}")
        return None
    return float(value)


def parse_styles(data: dict, file: str) -> dict[str, Style]:
    check = Checker(file)
    styles: dict[str, Style] = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            check.add(name, table, "each style must be a [name] table with policy and description")
            continue
        if name in POLICY_NAMES:
            check.add(name, name, "a bot's own name cannot be a style name; pick another name")
            continue
        if not NAME.match(name):
            check.add(name, name, "a style name is lower-case letters, digits and -")
            continue
        policy = check.choice(table, "policy", name, POLICY_NAMES)
        description = check.text(table, "description", name)
        if policy is None:
            continue
        params = PARAMS_BY_POLICY[policy]
        check.keys(table, name, ("policy", "description", *params))
        overrides = []
        for key in params:
            if key in table:
                value = bot_number(check, table[key], f"{name}.{key}", key)
                if value is not None:
                    overrides.append((key, value))
        styles[name] = Style(name, policy, description or "", tuple(overrides))
    if not data:
        check.add("(file)", file, "holds no style; give at least one [name] table")
    check.problems.raise_if_any()
    return styles


def bot_names() -> tuple[str, ...]:
    """Every name a seat may play: the bots, then the styles."""
    return (*POLICY_NAMES, *load_styles())


def bot_of(
    name: str, key: str = "--policies", file: str = "command line"
) -> tuple[str, np.ndarray]:
    """(policy, parameter vector) of a bot or style name; InputError if unknown."""
    if name in POLICY_NAMES:
        return name, default_vector(name)
    styles = load_styles()
    if name in styles:
        return styles[name].policy, styles[name].vector()
    raise InputError(
        Problem(file, key, name, f"unknown bot or style (styles: {styles_path()})", bot_names())
    )


def policy_of(name: str) -> str:
    return bot_of(name)[0]


def describe(name: str) -> str:
    """One line saying what a bot or style plays like."""
    if name == "heuristic":
        return "The heuristic bot with every default."
    if name == "random":
        return "The random bot: legal moves picked at random."
    if name == "lookahead":
        return (
            "The lookahead bot at its default budget: plays the heuristic, but picks its "
            "combo, its decline and its conquest plan by playing each option out."
        )
    if name == "search":
        return (
            "The search bot at its default budget: plays the heuristic with the steady "
            "style's parameters, but picks its combo, its decline and its plan for the "
            "turn by a Monte Carlo search over them."
        )
    style = load_styles().get(name)
    return style.description if style is not None else ""


def styles_lines(names) -> list[str]:
    """Markdown lines naming the bots and styles that played, each with what it does."""
    lines = []
    for name in dict.fromkeys(names):
        style = load_styles().get(name)
        changed = ""
        if style is not None and style.overrides:
            changed = " (" + ", ".join(f"{k} = {v:g}" for k, v in style.overrides) + ")"
        lines.append(f"- **{name}**: {describe(name)}{changed}")
    return lines
