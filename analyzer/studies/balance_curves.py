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
from analyzer.stats import fit_logistic, logistic_at, percentile_interval, solve_logistic, wilson
from analyzer.studies import balance_fit as F
from analyzer.studies.combos import combo_game_wins, combo_totals, run_combos
from analyzer.studies.common import CLI, pct, team_variant
from analyzer.studies.settings import CombosSettings
from analyzer.variants import content_of, variant_name

WHERE = "balance study"
OFFSETS = (-3, -2, -1, 0, 1, 2, 3)
DEFAULT_GAMES_PER_COMBO = 150
DEFAULT_SEAT_GAMES = 20000
DEFAULT_CHECK_GAMES_PER_COMBO = 100
BOOTSTRAP = 100
MAX_SEAT_COINS = 20  # the seat search looks at 0 to this many extra coins per seat
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
    rounds: pd.DataFrame  # every number at once: the combo table's spread, one row
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
    # one row per number changed or not fixable: its replay on fresh games
    verified: pd.DataFrame = field(default_factory=pd.DataFrame)
    # one row per race/power and whole number near its fair number: the fitted rate
    predicted: pd.DataFrame = field(default_factory=pd.DataFrame)
    fair_share: float | None = None  # the target win rate (None: 1 / players)

    @property
    def fair(self) -> float:
        return 1.0 / self.n_players if self.fair_share is None else self.fair_share


# ------------------------------------------------------------------ input
def refuse_team_variant(tables, where: str = CLI, key: str = "--variant") -> None:
    """InputError (exit 2) when `tables` play the team variant: see the docstring."""
    if tables is not None and team_variant(tables):
        raise InputError(
            Problem(
                where, key, variant_name(tables),
                "the race and power numbers of the balance study are not meaningful in the "
                "team variant: they bring one seat's own win to 1 / players, while in "
                "Battle for Azeroth a seat wins with its faction; `analyzer balance "
                f"--variant {variant_name(tables)}` balances the factions against their fair "
                "shares instead",
                ("standard",),
            )
        )  # fmt: skip


def check_balance(n_players, games_per_combo, seed, seat_games, check_gpc, fair=None) -> None:
    problems = []
    if fair is not None and (
        isinstance(fair, bool) or not isinstance(fair, int | float) or not 0 < fair < 1
    ):
        problems.append(Problem(WHERE, "fair", fair, "a win rate between 0 and 1 (exclusive)"))
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
    parameters = dataclasses.replace(tables.parameters, **changes)
    return content_of(tables).compile_tables(tables.ruleset, tables.faces, parameters)


def allowed_ids(tables, kind: str) -> list[int]:
    flags = tables.parameters.races_allowed if kind == "race" else tables.parameters.powers_allowed
    return [i for i, ok in enumerate(flags) if ok]


def token_range(tables, kind: str, i: int) -> tuple[int, int]:
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


def set_tokens(tables, kind: str, values: dict[int, int]):
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
        backend=None, fair=None, *, game,
    ):  # fmt: skip
        self.n_players, self.gpc, self.seed = n_players, gpc, seed
        self.policies, self.policy_params, self.bar = policies, policy_params, bar
        self.check_gpc = check_gpc  # games per combo of the whole-table checks
        self.backend = backend  # where the games are played (analyzer/backends)
        self.fair = 1.0 / n_players if fair is None else fair  # a race or power's target
        self.game = game  # the Game played, handed to the combo studies it runs
        self.done = 0

    def on_seed(self, seed: int, gpc: int) -> ComboPlayer:
        """The same player on other games (`seed`, `gpc` games per combo), counting
        into the same progress."""
        other = ComboPlayer(
            self.n_players, gpc, seed, self.policies, self.policy_params, None, self.check_gpc,
            self.backend, self.fair, game=self.game,
        )  # fmt: skip
        other.parent = self
        return other

    def combos(self, tables, pairs, gpc=None, shared=False):
        """The combo study of `pairs` (None: every combo) on `tables`; `shared`: a
        table another study of this process plays too (backends/shared.py)."""
        settings = self._settings(tables, pairs, gpc, shared)
        study = run_combos(settings, backend=self.backend, progress=False)
        self._count(study.n_games)
        return study

    def totals(self, tables, pairs) -> tuple[int, int]:
        """(games, wins) of self.combos(tables, pairs)'s combo table, summed, from the
        same games, without the study's tables."""
        games, wins = combo_totals(self._settings(tables, pairs), backend=self.backend)
        self._count(games)
        return games, wins

    def game_wins(self, tables, pairs) -> np.ndarray:
        """The forced seat's win in each game of self.combos(tables, pairs), game k
        of combo c at c * games per combo + k."""
        won = combo_game_wins(self._settings(tables, pairs), backend=self.backend)
        self._count(won.size)
        return won

    def _settings(self, tables, pairs, gpc=None, shared=False):
        """The combo study's settings for `pairs` on `tables` (gpc None: the player's)."""
        return CombosSettings(
            self.n_players, gpc or self.gpc, self.seed, tables=tables, bots=self.policies,
            bot_params=self.policy_params, combos=pairs, shared=shared, game=self.game,
        )  # fmt: skip

    parent: ComboPlayer | None = None  # on_seed's: the player whose progress it adds to

    def _count(self, games: int) -> None:
        if self.parent is not None:
            self.parent._count(games)
            return
        self.done += games
        if self.bar is not None:
            self.bar.update(self.done)


def _point(player, tables, kind, i, pairs, printed, off, outcomes) -> dict:
    tokens = printed + off
    tab = tables if off == 0 else with_changes(tables, **set_tokens(tables, kind, {i: tokens}))
    won = player.game_wins(tab, pairs)
    outcomes[(kind, i, off)] = won
    games, wins = int(won.size), int(won.sum(dtype=np.int64))
    lo, hi = wilson(wins, games)
    names = tables.race_names if kind == "race" else tables.power_names
    return {"kind": kind, "id": i, "name": names[i], "printed": printed, "offset": off,
            "tokens": tokens, "games": games, "wins": wins, "win_rate": wins / games,
            "win_lo": float(lo), "win_hi": float(hi)}  # fmt: skip


def sweep(
    player, tables, kind: str, offsets, only: Sequence[int] | None = None, outcomes=None
) -> list[dict]:
    """One row per allowed race (or power; `only` these ids) and token number played:
    its combos' games pooled. Starting from `offsets` around the printed number, the
    curve is extended two numbers at a time (three times at most) towards where it
    would cross the fair share, while the box leaves room. `outcomes` (a dict) gets
    each point's games one by one: (kind, id, offset) -> the forced seat's wins."""
    outcomes = {} if outcomes is None else outcomes
    others = allowed_ids(tables, "power" if kind == "race" else "race")
    fair = player.fair
    rows = []
    for i in allowed_ids(tables, kind):
        if only is not None and i not in only:
            continue
        pairs = [(i, j) if kind == "race" else (j, i) for j in others]
        printed = printed_number(tables, kind, i)
        low, high = token_range(tables, kind, i)
        played = [off for off in offsets if low <= printed + off <= high]
        if 0 not in played:
            played.append(0)  # the printed number is always measured
        mine = [
            _point(player, tables, kind, i, pairs, printed, off, outcomes) for off in sorted(played)
        ]
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
            mine += [_point(player, tables, kind, i, pairs, printed, off, outcomes) for off in more]
        rows += sorted(mine, key=lambda r: r["offset"])
    return rows


def suggest(curves: pd.DataFrame, outcomes: dict, tables, fair: float, seed: int):
    """Per race/power: the fit, the fair token number with its interval from
    resampling whole games, and the whole-number suggestion (studies/balance_fit.py);
    `outcomes`: (kind, id, offset) -> the forced seat's win in each game of that point
    (the same games at every offset). (table, predicted): one row per race/power, and
    one per race/power and whole number near its fair number."""
    rs = tables.ruleset
    rows, predicted = [], []
    for (kind, i), part in curves.groupby(["kind", "id"], sort=False):
        part = part.sort_values("offset")
        printed = int(part.printed.iloc[0])
        offsets = part.offset.to_numpy()
        games = np.stack([outcomes[(kind, i, int(o))] for o in offsets])
        fit = F.fit_curve(offsets, games, fair, F.curve_rng(seed, kind, i))
        x = fit["x"]
        low, high = token_range(tables, kind, i)
        now = part[part.offset == 0].iloc[0]
        slope = float(F.slope_per_token(fit["a"], fit["b"]))
        s_lo, s_hi = percentile_interval(F.slope_per_token(fit["ra"], fit["rb"]), spread_only=False)
        x_lo, x_hi = F.crossing_interval(fit, float(now.win_rate), fair)
        flat = not s_lo > 0  # the slope is indistinguishable from zero (or falls)
        beta = (fit["a"], fit["b"])
        change, reaches = 0, True
        if now.win_lo <= fair <= now.win_hi:
            note = "no change: its win rate's 95% interval holds the fair share"
        elif flat:
            reaches = False
            note = (
                "no token number in the box fixes it: its win rate hardly moves with its "
                "tokens (the slope's 95% interval holds zero)"
            )
        elif not (np.isfinite(x) and low <= printed + x <= high):
            reaches = False
            where = f"at {printed + x:.1f}" if np.isfinite(x) else "nowhere"
            limit = high if (not np.isfinite(x) or x > 0) else low
            note = (
                f"no token number in the box fixes it: its curve crosses the fair share "
                f"{where}, beyond the box's limit of {limit}"
            )
        else:
            # Of the two whole numbers around the crossing, the one whose fitted rate
            # is nearest the fair share.
            sides = [c for c in {math.floor(x), math.ceil(x)} if low <= printed + c <= high]
            change = min(sides, key=lambda c: (abs(logistic_at(beta, c) - fair), abs(c)))
            if change == 0:
                note = "no change: the printed number is the whole number nearest the fair number"
            elif not offsets.min() <= x <= offsets.max():
                note = "fair within the box, beyond the numbers played (extrapolated)"
            else:
                note = "fair within the box"
        modeled = (rs.races[i] if kind == "race" else rs.powers[i]).modeled
        estimated = kind == "power" and rs.sources.get(f"powers.{rs.powers[i].key}.badge") == (
            "estimate"
        )
        measured = {int(r.offset): (int(r.games), int(r.wins)) for r in part.itertuples()}
        centre = printed + x if np.isfinite(x) and low - 2 <= printed + x <= high + 2 else printed
        predicted += F.predicted_rows(
            kind, i, now["name"], printed, fit, low, high, measured, centre
        )
        finite = np.isfinite(x)
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
                "slope": slope,
                "slope_lo": float(s_lo),
                "slope_hi": float(s_hi),
                "fair_tokens": printed + x if finite else np.nan,
                "fair_lo": printed + x_lo if np.isfinite(x_lo) and not flat else np.nan,
                "fair_hi": printed + x_hi if np.isfinite(x_hi) and not flat else np.nan,
                "box_low": low,  # the fewest and most tokens that can matter
                "box_high": high,
                "fit_suggested": printed + change,
                "suggested": printed + change,  # the verified number, once replayed
                "change": change,
                "win_rate_suggested": float(logistic_at(beta, change)),
                "reaches_fair": reaches,
                "note": note,
                "modeled": modeled,
                "estimated": estimated,
                "beta0": fit["a"],
                "beta1": fit["b"],
                "resamples": int(fit["rb"].size),
            }
        )
    return pd.DataFrame(rows), pd.DataFrame(predicted)


def main_effects(study) -> dict[tuple[str, int], tuple[int, int]]:
    """(kind, id) -> (wins, games) of a combo table's races and powers."""
    c = study.combos
    out = {}
    for kind, col in (("race", "race_id"), ("power", "power_id")):
        for i, part in c.groupby(col):
            out[(kind, int(i))] = (int(part.wins.sum()), int(part.games.sum()))
    return out


def whole_table(player, tables, table: pd.DataFrame, fair: float) -> pd.DataFrame:
    """Every race and power at its one number (table.suggested) at once: the combo
    table played again, its spread and the races and powers still off their fair
    share there (their Wilson interval excludes it). A side effect, not a new
    suggestion: no number moves here. One row."""
    changes = {(r.kind, int(r.id)): int(r.suggested) for r in table.itertuples()}
    by_key = table.set_index(["kind", "id"])
    study = player.combos(apply_changes(tables, changes), None, player.check_gpc)
    rates = study.combos.win_rate.to_numpy()
    off = []
    for key, (wins, games) in main_effects(study).items():
        lo, hi = wilson(wins, games)
        if key in by_key.index and not lo <= fair <= hi:
            off.append(f"{by_key.loc[key, 'name']} {pct(wins / games)}")
    moved = sum(changes[key] != by_key.loc[key, "printed"] for key in changes)
    return pd.DataFrame(
        [{"changes": int(moved), "combo_win_sd": float(rates.std(ddof=1)),
          "combo_win_range": float(rates.max() - rates.min()), "off_fair": len(off),
          "off_fair_names": "; ".join(off), "games": study.n_games}]
    )  # fmt: skip


def apply_changes(tables, changes: dict[tuple[str, int], int]):
    banners = {i: v for (kind, i), v in changes.items() if kind == "race"}
    badges = {i: v for (kind, i), v in changes.items() if kind == "power"}
    updates = {**set_tokens(tables, "race", banners), **set_tokens(tables, "power", badges)}
    return with_changes(tables, **updates)
