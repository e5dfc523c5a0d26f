"""The balance study's races and powers (analyzer/studies/balance.py has the whole
study's text): its settings checks, the rules with other token numbers, the combos
played at each number (ComboPlayer, sweep), the fair number from a curve (suggest)
and every suggestion played at once (the whole table)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analyzer.errors import InputError, Problem
from analyzer.model import limits
from analyzer.stats import Z95, fit_logistic, logistic_at, solve_logistic, wilson
from analyzer.studies.common import CLI

WHERE = "balance study"
OFFSETS = (-3, -2, -1, 0, 1, 2, 3)
DEFAULT_GAMES_PER_COMBO = 150
DEFAULT_SEAT_GAMES = 20000
DEFAULT_CHECK_GAMES_PER_COMBO = 100
BOOTSTRAP = 100
MAX_SEAT_COINS = 20  # the seat search looks at 0 to this many extra coins per seat
MAX_STEP = 2  # tokens one round of all-at-once corrections may move a banner or badge
PURPOSE_BOOT = 0xBA1A


@dataclass
class BalanceStudy:
    n_players: int
    games_per_combo: int
    seed: int
    policies: tuple[str, ...]
    ruleset_name: str
    scenario: str | None
    offsets: tuple[int, ...]
    curves: pd.DataFrame  # one row per race/power and token number played
    table: pd.DataFrame  # one row per race/power: the suggestion
    rounds: pd.DataFrame  # the whole table, one row per round of suggestions
    whole: pd.DataFrame  # combo spread: printed rules against the final suggestion
    seats: pd.DataFrame  # per player count and seat: the compensation and re-measure
    sensitivity: pd.DataFrame  # per estimated number
    suggestion_toml: str  # the final suggestion as a scenario file
    n_games: int
    seconds: float
    not_modeled: list[str] = field(default_factory=list)
    estimates: list[str] = field(default_factory=list)
    # of n_games, those already played by this process (an earlier study's, or this
    # one's) and taken from it instead of played again (backends/shared.py)
    reused: int = 0

    @property
    def fair(self) -> float:
        return 1.0 / self.n_players


# ------------------------------------------------------------------ input
def refuse_team_variant(tables, where: str = CLI, key: str = "--variant") -> None:
    """InputError (exit 2) when `tables` play the team variant: see the docstring."""
    from analyzer.studies.common import team_variant

    if tables is not None and team_variant(tables):
        raise InputError(
            Problem(
                where, key, "bfa",
                "the balance study is not meaningful in the team variant: its fair numbers "
                "bring one seat's own win to 1 / players and its seat coins re-rank the "
                "seats' own scores, while in Battle for Azeroth a seat wins with its "
                "faction; ask `analyzer teams` (faction and seat win rates) and `analyzer "
                "combos --variant bfa` (combos against their faction's share) instead",
                ("standard",),
            )
        )  # fmt: skip


def check_balance(n_players, games_per_combo, seed, seat_games, check_gpc) -> None:
    problems = []
    for key, value in (("--players", n_players), ("--seed", seed)):
        problem = limits.check_option(key, value, CLI)
        if problem is not None:
            problems.append(problem)
    for key, value, low, high in (
        ("--games-per-combo", games_per_combo, 10, 100_000),
        ("--seat-games", seat_games, 0, 1_000_000),  # kept per game in memory
        ("--check-games-per-combo", check_gpc, 2, 100_000),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            problems.append(Problem(CLI, key, value, limits.range_text(low, high)))
    if problems:
        raise InputError(problems)


# ------------------------------------------------------------------ tables
def with_changes(tables, **changes):
    from analyzer.rulesets import played_content

    parameters = dataclasses.replace(tables.parameters, **changes)
    return played_content().compile_tables(tables.ruleset, tables.faces, parameters)


def allowed_ids(tables, kind: str) -> list[int]:
    flags = tables.parameters.races_allowed if kind == "race" else tables.parameters.powers_allowed
    return [i for i, ok in enumerate(flags) if ok]


def _token_range(tables, kind: str, i: int) -> tuple[int, int]:
    """The token numbers worth trying on a banner or badge: within the limits, and no
    more than can matter, since a combo's tokens (banner plus badge) are capped by the
    race's box: a banner beyond box minus the smallest badge, or a badge beyond the
    largest room any race leaves, changes no game."""
    p = tables.parameters
    boxes = [r.box for r in tables.ruleset.races]
    if kind == "race":
        smallest = min(p.badges[j] for j in allowed_ids(tables, "power"))
        return limits.BANNER[0], min(limits.BANNER[1], boxes[i] - smallest)
    room = max(boxes[r] - p.banners[r] for r in allowed_ids(tables, "race"))
    return limits.BADGE[0], min(limits.BADGE[1], max(room, 0))


def printed_number(tables, kind: str, i: int) -> int:
    p = tables.parameters
    return int(p.banners[i] if kind == "race" else p.badges[i])


def _set_tokens(tables, kind: str, values: dict[int, int]):
    p = tables.parameters
    if kind == "race":
        banners = list(p.banners)
        for i, v in values.items():
            banners[i] = v
        return {"banners": tuple(banners)}
    badges = list(p.badges)
    for i, v in values.items():
        badges[i] = v
    return {"badges": tuple(badges)}


# ------------------------------------------------------------------ play
class ComboPlayer:
    """Plays forced-pick games (the combo study's) and counts them for the progress bar."""

    def __init__(
        self, n_players, gpc, seed, policies, policy_params=None, bar=None, check_gpc=0,
        backend=None,
    ):  # fmt: skip
        self.n_players, self.gpc, self.seed = n_players, gpc, seed
        self.policies, self.policy_params, self.bar = policies, policy_params, bar
        self.check_gpc = check_gpc  # games per combo of the whole-table checks
        self.backend = backend  # where the games are played (analyzer/backends)
        self.done = 0

    def combos(self, tables, pairs, gpc=None, shared=False):
        """The combo study of `pairs` (None: every combo) on `tables`; `shared`: a
        table another study of this process plays too (backends/shared.py)."""
        from analyzer.studies.combos import run_combos

        settings = self._settings(tables, pairs, gpc, shared)
        study = run_combos(settings, backend=self.backend, progress=False)
        self._count(study.n_games)
        return study

    def totals(self, tables, pairs) -> tuple[int, int]:
        """(games, wins) of self.combos(tables, pairs)'s combo table, summed, from the
        same games, without the study's tables."""
        from analyzer.studies.combos import combo_totals

        games, wins = combo_totals(self._settings(tables, pairs), backend=self.backend)
        self._count(games)
        return games, wins

    def _settings(self, tables, pairs, gpc=None, shared=False):
        """The combo study's settings for `pairs` on `tables` (gpc None: the player's)."""
        from analyzer.studies.plans.combos import CombosSettings

        return CombosSettings(
            self.n_players, gpc or self.gpc, self.seed, tables=tables, bots=self.policies,
            bot_params=self.policy_params, combos=pairs, shared=shared,
        )  # fmt: skip

    def _count(self, games: int) -> None:
        self.done += games
        if self.bar is not None:
            self.bar.update(self.done)


def _point(player, tables, kind, i, pairs, printed, off) -> dict:
    tokens = printed + off
    tab = tables if off == 0 else with_changes(tables, **_set_tokens(tables, kind, {i: tokens}))
    games, wins = player.totals(tab, pairs)
    lo, hi = wilson(wins, games)
    names = tables.race_names if kind == "race" else tables.power_names
    return {"kind": kind, "id": i, "name": names[i], "printed": printed, "offset": off,
            "tokens": tokens, "games": games, "wins": wins, "win_rate": wins / games,
            "win_lo": float(lo), "win_hi": float(hi)}  # fmt: skip


def sweep(player, tables, kind: str, offsets, only: Sequence[int] | None = None) -> list[dict]:
    """One row per allowed race (or power; `only` these ids) and token number played:
    its combos' games pooled. Starting from `offsets` around the printed number, the
    curve is extended two numbers at a time (three times at most) towards where it
    would cross the fair share, while the box leaves room."""
    others = allowed_ids(tables, "power" if kind == "race" else "race")
    fair = 1.0 / player.n_players
    rows = []
    for i in allowed_ids(tables, kind):
        if only is not None and i not in only:
            continue
        pairs = [(i, j) if kind == "race" else (j, i) for j in others]
        printed = printed_number(tables, kind, i)
        low, high = _token_range(tables, kind, i)
        played = [off for off in offsets if low <= printed + off <= high]
        if 0 not in played:
            played.append(0)  # the printed number is always measured
        mine = [_point(player, tables, kind, i, pairs, printed, off) for off in sorted(played)]
        for _ in range(3):
            part = pd.DataFrame(mine)
            beta, _cov = fit_logistic(part.offset, part.wins, part.games)
            x = solve_logistic(beta, _cov, fair)[0]
            lowest, highest = part.offset.min(), part.offset.max()
            below = part.win_rate.max() < fair  # never reaches fair: more tokens
            above = part.win_rate.min() > fair
            if (
                (np.isfinite(x) and x > highest)
                or (below and not np.isfinite(x))
                or (below and x > highest)
            ):
                more = [highest + 1, highest + 2]
            elif (np.isfinite(x) and x < lowest) or above:
                more = [lowest - 1, lowest - 2]
            else:
                break
            more = [off for off in more if low <= printed + off <= high]
            if not more:
                break
            mine += [_point(player, tables, kind, i, pairs, printed, off) for off in more]
        rows += sorted(mine, key=lambda r: r["offset"])
    return rows


def suggest(curves: pd.DataFrame, tables, fair: float) -> pd.DataFrame:
    """Per race/power: the fit, the fair token number and the whole-number suggestion."""
    rs = tables.ruleset
    rows = []
    for (kind, i), part in curves.groupby(["kind", "id"], sort=False):
        part = part.sort_values("tokens")
        printed = int(part.printed.iloc[0])
        beta, cov = fit_logistic(part.offset, part.wins, part.games)
        x, x_lo, x_hi = solve_logistic(beta, cov, fair)
        if np.isfinite(x):
            # The curve bends (a box caps tokens, an ability matters more at some
            # counts): fit again on the numbers nearest the crossing.
            near = part[(part.offset - x).abs() <= 3]
            if len(near) >= 3 and near.offset.nunique() >= 3:
                beta, cov = fit_logistic(near.offset, near.wins, near.games)
                x, x_lo, x_hi = solve_logistic(beta, cov, fair)
        low, high = _token_range(tables, kind, i)
        now = part[part.offset == 0].iloc[0]
        slope = logistic_at(beta, 0.5) - logistic_at(beta, -0.5)  # per token, near printed
        if np.isfinite(x) and low <= printed + x <= high:
            # Of the two whole numbers around the crossing, the one whose rate (measured
            # where it was played, else fitted) is nearest the fair share.
            measured = dict(zip(part.offset, part.win_rate, strict=True))
            sides = [c for c in {math.floor(x), math.ceil(x)} if low <= printed + c <= high]
            change = min(sides, key=lambda c: abs(measured.get(c, logistic_at(beta, c)) - fair))
            if x_lo <= 0 <= x_hi:
                change, note = 0, "no change: the printed number is within the interval"
            elif change == 0:
                note = "no change: the printed number is the whole number nearest the fair share"
            elif not part.offset.min() <= x <= part.offset.max():
                note = "fair within the box, beyond the numbers played (extrapolated)"
            else:
                note = "fair within the box"
            reaches = True
        else:
            # No fair number inside the box: the number played whose rate is nearest.
            nearest = part.iloc[int(np.argmin(np.abs(part.win_rate.to_numpy() - fair)))]
            change = int(nearest.offset)
            reaches = False
            why = (
                "more tokens than the box can hold"
                if np.isfinite(x) and printed + x > high
                else "the ability decides more than its tokens"
            )
            note = f"no token number in the box makes it fair ({why}); nearest: {printed + change}"
        modeled = (rs.races[i] if kind == "race" else rs.powers[i]).modeled
        estimated = kind == "power" and rs.sources.get(f"powers.{rs.powers[i].key}.badge") == (
            "estimate"
        )
        rows.append(
            {
                "kind": kind,
                "name": now["name"],
                "key": (rs.races[i] if kind == "race" else rs.powers[i]).key,
                "id": i,
                "printed": printed,
                "games": int(now.games),
                "win_rate": float(now.win_rate),
                "win_lo": float(now.win_lo),
                "win_hi": float(now.win_hi),
                "slope": float(slope),
                "slope_lo": float(slope - Z95 * math.sqrt(cov[1, 1]) * slope / beta[1])
                if beta[1] > 0
                else np.nan,
                "fair_tokens": printed + x if np.isfinite(x) else np.nan,
                "fair_lo": printed + x_lo if np.isfinite(x) else np.nan,
                "fair_hi": printed + x_hi if np.isfinite(x) else np.nan,
                "suggested": printed + change,
                "change": change,
                "win_rate_suggested": float(
                    part.set_index("offset").win_rate.get(change, logistic_at(beta, change))
                ),
                "reaches_fair": reaches,
                "note": note,
                "modeled": modeled,
                "estimated": estimated,
                "beta0": float(beta[0]),
                "beta1": float(beta[1]),
            }
        )
    return pd.DataFrame(rows)


def main_effects(study) -> dict[tuple[str, int], tuple[int, int]]:
    """(kind, id) -> (wins, games) of a combo table's races and powers."""
    c = study.combos
    out = {}
    for kind, col in (("race", "race_id"), ("power", "power_id")):
        for i, part in c.groupby(col):
            out[(kind, int(i))] = (int(part.wins.sum()), int(part.games.sum()))
    return out


def whole_table(player, tables, table: pd.DataFrame, fair: float, rounds: int):
    """Apply every suggestion at once, measure, and step again along each curve where
    a race or power is still significantly off; (final changes, per-round rows)."""
    changes = {(r.kind, int(r.id)): int(r.suggested) for r in table.itertuples()}
    rows = []
    by_key = table.set_index(["kind", "id"])
    for k in range(1, rounds + 1):
        tab = apply_changes(tables, changes)
        study = player.combos(tab, None, player.check_gpc)
        effects = main_effects(study)
        rates = study.combos.win_rate.to_numpy()
        rows.append(
            {"round": k, "changes": sum(changes[key] != by_key.loc[key, "printed"]
                                        for key in changes),
             "combo_win_sd": float(rates.std(ddof=1)),
             "combo_win_range": float(rates.max() - rates.min()),
             "off_fair": 0, "games": study.n_games}
        )  # fmt: skip
        moved = False
        for key, (wins, games) in effects.items():
            lo, hi = wilson(wins, games)
            if lo <= fair <= hi or key not in changes:
                continue
            rows[-1]["off_fair"] += 1
            b = by_key.loc[key, "beta1"]
            if not b > 0 or not by_key.loc[key, "reaches_fair"]:
                continue  # its tokens cannot make it fair: no step along a flat curve
            rate = min(max(wins / games, 1e-6), 1 - 1e-6)
            step = (math.log(fair / (1 - fair)) - math.log(rate / (1 - rate))) / b
            # A correction, not a new search: at most two tokens a round.
            step = float(np.clip(step, -MAX_STEP, MAX_STEP))
            low, high = _token_range(tables, key[0], key[1])
            new = int(np.clip(round(changes[key] + step), low, high))
            if new != changes[key] and k < rounds:
                changes[key] = new
                moved = True
        if not moved:
            break
    return changes, pd.DataFrame(rows)


def apply_changes(tables, changes: dict[tuple[str, int], int]):
    banners = {i: v for (kind, i), v in changes.items() if kind == "race"}
    badges = {i: v for (kind, i), v in changes.items() if kind == "power"}
    updates = {**_set_tokens(tables, "race", banners), **_set_tokens(tables, "power", badges)}
    return with_changes(tables, **updates)
