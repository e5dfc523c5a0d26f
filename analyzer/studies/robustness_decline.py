"""The robustness study's decline check: is the best decline rule of each group of
combos still the best, or in the best tier, under every field of bots?

The rule checked is the one the decline study names (its best.csv, when the study is
given its folder: the report page's decline section) or else the reference field's
own best rule."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from analyzer.errors import InputError, Problem
from analyzer.players.styles import policy_of
from analyzer.studies.common import CLI
from analyzer.studies.decline import FAMILIES, run_decline
from analyzer.studies.settings import DeclineSettings
from analyzer.studies.tiers import first_tier

COLUMNS = ["field", "group", "best_rule", "reference_rule", "reference_rank", "rules",
           "named", "state", "where"]  # fmt: skip


def named_rules(source: str, n_players: int) -> dict[str, str] | None:
    """The decline study's best rule (over both families) per group of combos, read from
    best.csv in the folder `source`; None without a source or before that study wrote it."""
    path = Path(source) / "best.csv" if source else None
    if path is None or not path.exists():
        return None
    try:
        best = pd.read_csv(path)
        best = best[(best["among"] == "all") & (best["players"] == n_players)]
        return {str(r.group): str(r.rule) for r in best.itertuples()} or None
    except (KeyError, ValueError, AttributeError):  # not a decline study's best.csv
        return None


def check_named_rules(source, n_players: int) -> None:
    """InputError (exit 2) unless the folder `source` holds a decline study's best.csv
    with a best rule per group at `n_players` players."""
    if named_rules(str(source), n_players) is None:
        raise InputError(
            Problem(CLI, "--decline-from", str(source),
                    f"holds no decline study's best.csv with rules at {n_players} players: "
                    "give the folder `analyzer decline --out` wrote (or a report page's "
                    "decline/)")
        )  # fmt: skip


def decline_curves(fld, n, games, seed, tables, backend, chunk, *, game):
    """The decline study's curves under this field; None when the test seat's style is
    not the heuristic's (the decline rules are its parameters). `game`: the Game played."""
    if fld.forced_bot is not None and policy_of(fld.forced_bot) != "heuristic":
        return None
    settings = DeclineSettings(
        n, games, seed, tables, list(fld.bots), test_bot=fld.forced_bot, game=game
    )
    result = run_decline(settings, backend=backend, progress=False, chunk=chunk)
    return result.curves


def _rule_table(curves: pd.DataFrame, group: str) -> pd.DataFrame:
    """The swept rules of one group, best first (win rate, then mean VC), named as the
    decline study names them ("family = value")."""
    pool = curves[(curves.group == group) & curves.family.isin(FAMILIES)]
    pool = pool.sort_values(["win_rate", "mean_vc"], ascending=False, kind="stable")
    return pool.assign(name=[f"{r.family} = {r.value}" for r in pool.itertuples()])


def decline_table(flds, declines, named: dict[str, str] | None) -> pd.DataFrame:
    """One row per field and group: where the checked rule stands among that field's
    rules, and its tier state (tiers.first_tier: first, or not told apart from the first
    on games enough to rank it). A field that did not play the decline rules is left out."""
    rows = []
    ref = declines[0]
    if ref is None:
        return pd.DataFrame(columns=COLUMNS)
    for group in dict.fromkeys(ref.group):
        rule = (named or {}).get(group) or _rule_table(ref, group).name.iloc[0]
        for fld, curves in zip(flds, declines, strict=True):
            table = None if curves is None else _rule_table(curves, group)
            if table is None or rule not in set(table.name):
                continue
            state, where = first_tier(table, rule, "top")
            rows.append(
                {"field": fld.name, "group": group, "best_rule": table.name.iloc[0],
                 "reference_rule": rule, "reference_rank": list(table.name).index(rule) + 1,
                 "rules": len(table), "named": bool(named and group in named),
                 "state": state, "where": where}
            )  # fmt: skip
    return pd.DataFrame(rows, columns=COLUMNS)
