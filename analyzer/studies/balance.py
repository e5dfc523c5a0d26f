"""What would balance it (`analyzer balance`): the token numbers that make each race
and special power fair, the starting coins per seat that make turn order fair, and
how far each estimated number moves the answers.

Races and powers. For each race (banner tokens) and each power (badge tokens), the
study plays its combos forced as one seat's first pick (as the combo study does) at
several token numbers around the printed one: the same games, seeds and dice at every
number (common random numbers), so the curve moves only because the tokens do. A
logistic fit of the pooled win rate against the tokens gives the number where the
race or power wins its fair share (1 / players), with a delta-method interval. The
suggestion is the whole number nearest to it within what the box allows, "no change"
when the interval holds the printed number; where the curve never reaches the fair
share inside the box (an ability strong at any count), it says so and names the
nearest number.

The whole table. The suggestions interact (a weaker Tauren makes every other race a
little stronger), so the combo table is played again with all of them applied; any
race or power still off its fair share gets a second step along its own curve, and
the spread of combo win rates is compared, on the same seeds, with the printed rules
(analyzer compare's combo spread metrics). The final suggestion is written as a
scenario file that `analyzer compare` can check again.

Seats. Per player count, the games of the printed rules are replayed in thought with
extra coins per seat (a coin is a VC at the end): the integer coins that bring every
seat closest to its fair share, with bootstrap intervals; then those coins are really
played (rules.seat_coins) on the same seeds and the seats' win rates re-measured.

Sensitivity. For every number the ruleset flags as an estimate: how much its power's
win rate and rank move with one token more or less (from the power's curve), and, for
the die, the combo table played with every face one higher and one lower; and which
headline findings (best and worst race and power, strongest combo) would change.

Not for Battle for Azeroth (the team variant): refused with exit 2 (refuse_team_variant).
Every answer here is a number that brings one seat's own win to 1 / players, and the
seat coins re-rank the seats' own scores; in team play a seat wins with its faction,
whose score is the lower of two players' at 4 and 5, so neither the fair share nor a
coin per seat means what it says here. The team questions are `analyzer teams` and
`analyzer combos --variant bfa`.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.errors import InputError, Problem
from analyzer.model import limits
from analyzer.stats import Z95, fit_logistic, logistic_at, solve_logistic, spearman, wilson
from analyzer.studies.common import CLI, pct, pp

WHERE = "balance study"
OFFSETS = (-3, -2, -1, 0, 1, 2, 3)
DEFAULT_GAMES_PER_COMBO = 150
DEFAULT_SEAT_GAMES = 20000
DEFAULT_CHECK_GAMES_PER_COMBO = 100
BOOTSTRAP = 100
MAX_SEAT_COINS = 20  # the seat search looks at 0 to this many extra coins per seat
MAX_STEP = 2  # tokens one round of all-at-once corrections may move a banner or badge
_PURPOSE_BOOT = 0xBA1A


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
def _with(tables, **changes):
    from analyzer.rulesets import played_content

    parameters = dataclasses.replace(tables.parameters, **changes)
    return played_content().compile_tables(tables.ruleset, tables.faces, parameters)


def _allowed(tables, kind: str) -> list[int]:
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
        smallest = min(p.badges[j] for j in _allowed(tables, "power"))
        return limits.BANNER[0], min(limits.BANNER[1], boxes[i] - smallest)
    room = max(boxes[r] - p.banners[r] for r in _allowed(tables, "race"))
    return limits.BADGE[0], min(limits.BADGE[1], max(room, 0))


def _printed(tables, kind: str, i: int) -> int:
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

    def combos(self, tables, pairs, gpc=None):
        from analyzer.studies.combos import run_combos

        gpc = gpc or self.gpc
        study = run_combos(
            self.n_players, gpc, self.seed, tables=tables, progress=False, combos=pairs,
            policies=self.policies, policy_params=self.policy_params, backend=self.backend,
        )  # fmt: skip
        self.done += study.n_games
        if self.bar is not None:
            self.bar.update(self.done)
        return study


def _point(player, tables, kind, i, pairs, printed, off) -> dict:
    tokens = printed + off
    tab = tables if off == 0 else _with(tables, **_set_tokens(tables, kind, {i: tokens}))
    study = player.combos(tab, pairs)
    games, wins = int(study.combos.games.sum()), int(study.combos.wins.sum())
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
    others = _allowed(tables, "power" if kind == "race" else "race")
    fair = 1.0 / player.n_players
    rows = []
    for i in _allowed(tables, kind):
        if only is not None and i not in only:
            continue
        pairs = [(i, j) if kind == "race" else (j, i) for j in others]
        printed = _printed(tables, kind, i)
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


def _main_effects(study) -> dict[tuple[str, int], tuple[int, int]]:
    """(kind, id) -> (wins, games) of a combo table's races and powers."""
    c = study.combos
    out = {}
    for kind, col in (("race", "race_id"), ("power", "power_id")):
        for i, part in c.groupby(col):
            out[(kind, int(i))] = (int(part.wins.sum()), int(part.games.sum()))
    return out


def _whole_table(player, tables, table: pd.DataFrame, fair: float, rounds: int):
    """Apply every suggestion at once, measure, and step again along each curve where
    a race or power is still significantly off; (final changes, per-round rows)."""
    changes = {(r.kind, int(r.id)): int(r.suggested) for r in table.itertuples()}
    rows = []
    by_key = table.set_index(["kind", "id"])
    for k in range(1, rounds + 1):
        tab = _apply(tables, changes)
        study = player.combos(tab, None, player.check_gpc)
        effects = _main_effects(study)
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


def _apply(tables, changes: dict[tuple[str, int], int]):
    banners = {i: v for (kind, i), v in changes.items() if kind == "race"}
    badges = {i: v for (kind, i), v in changes.items() if kind == "power"}
    updates = {**_set_tokens(tables, "race", banners), **_set_tokens(tables, "power", badges)}
    return _with(tables, **updates)


# ------------------------------------------------------------------ seats
def _seat_games(n, games, seed, tables, policies, policy_params, backend=None):
    """(final VC, tokens on the boards, wins) per game and seat."""
    from analyzer.backends import Chunk, or_in_process
    from analyzer.engine import api
    from analyzer.engine import layout as L
    from analyzer.simulate import engine_step, resolve_policies, seat_bots

    names = resolve_policies(policies, n)
    ids, params = seat_bots(names, n, policy_params)
    etables = api.engine_tables(tables)
    vc = np.zeros((games, n), np.int64)
    tokens = np.zeros((games, n), np.int64)
    win = np.zeros((games, n), np.int64)
    step = or_in_process(backend).games_per_call(games) or engine_step()
    calls = (
        Chunk(etables, n, seed, first, min(step, games - first), ids, params)
        for first in range(0, games, step)
    )
    for call, res in or_in_process(backend).play(calls):
        first, m = call.first, call.n_games
        vc[first : first + m] = res.seats[:, :n, L.S_VC]
        tokens[first : first + m] = res.seats[:, :n, L.S_TOKENS_ON_BOARD]
        win[first : first + m] = res.seats[:, :n, L.S_WIN]
    return vc, tokens, win


def seat_wins_with_bonus(vc: np.ndarray, tokens: np.ndarray, bonus) -> np.ndarray:
    """Per game and seat, 1 for a winner when each seat's final VC gets `bonus` added:
    the most VC, then the most tokens on the boards (the rulebook's tie-break); a full
    tie is a win for every tied seat."""
    score = vc + np.asarray(bonus, np.int64)[None, :]
    key = score * 1024 + tokens  # tokens on the boards are far below 1024
    return (key == key.max(axis=1, keepdims=True)).astype(np.int64)


def solve_seat_coins(vc, tokens, most: int = MAX_SEAT_COINS, start=None, span=None) -> np.ndarray:
    """The whole extra coins per seat (the smallest 0) whose seat win rates are closest
    to fair (least squares), by coordinate descent from `start` (default: none), trying
    values within `span` of the current one (default: 0 to `most`)."""
    n = vc.shape[1]
    fair = 1.0 / n
    bonus = np.zeros(n, np.int64) if start is None else np.asarray(start, np.int64).copy()

    def loss(b):
        return float(((seat_wins_with_bonus(vc, tokens, b).mean(0) - fair) ** 2).sum())

    best = loss(bonus)
    for _ in range(8):
        improved = False
        for s in range(n):
            values = (
                range(most + 1)
                if span is None
                else range(max(0, bonus[s] - span), min(most, bonus[s] + span) + 1)
            )
            for value in values:
                if value == bonus[s]:
                    continue
                trial = bonus.copy()
                trial[s] = value
                trial -= trial.min()
                score = loss(trial)
                if score < best - 1e-12:
                    best, bonus, improved = score, trial, True
        if not improved:
            break
    return bonus


SEAT_STEPS = 3  # coins solved on the games, played, solved again on those: at most 3 times


def _seats(
    counts, games, seed, tables_by_count, policies, policy_params, bar_add, backend=None
) -> pd.DataFrame:
    """Per player count: coins solved on the games played so far (a coin as a VC at the
    end), then really played, since the bots may spend them; what is still off is
    solved on the new games and added, until the coins stop changing (SEAT_STEPS)."""
    rows = []
    for n in counts:
        tables = tables_by_count[n]
        pol = policies[n] if isinstance(policies, dict) else policies
        par = policy_params[n] if isinstance(policy_params, dict) else policy_params
        base_extra = np.asarray(tables.parameters.seat_coins[:n], np.int64)
        vc, tokens, win = _seat_games(n, games, seed, tables, pol, par, backend)
        bar_add(games)
        coins = np.zeros(n, np.int64)
        now_vc, now_tokens, win_after = vc, tokens, win
        for _step in range(SEAT_STEPS):
            more = solve_seat_coins(now_vc, now_tokens)
            if not more.any():
                break
            coins = coins + more
            coins -= coins.min()
            played = tuple(int(c) for c in coins + base_extra) + (0,) * (5 - n)
            now_vc, now_tokens, win_after = _seat_games(
                n, games, seed, _with(tables, seat_coins=played), pol, par, backend
            )
            bar_add(games)
        # The interval: what the games last played would still add, resampled.
        boot = coins[None, :] + _bootstrap_coins(now_vc, now_tokens, seed, n)
        boot -= boot.min(axis=1, keepdims=True)
        for s in range(n):
            k0, k1 = int(win[:, s].sum()), int(win_after[:, s].sum())
            lo0, hi0 = wilson(k0, games)
            lo1, hi1 = wilson(k1, games)
            diff = win_after[:, s] - win[:, s]
            se = diff.std(ddof=1) / math.sqrt(games) if games > 1 else np.nan
            rows.append(
                {"players": n, "seat": s + 1, "games": games, "fair": 1.0 / n,
                 "win_rate": k0 / games, "win_lo": float(lo0), "win_hi": float(hi0),
                 "coins": int(coins[s]),
                 "coins_lo": int(np.percentile(boot[:, s], 2.5, method="lower")),
                 "coins_hi": int(np.percentile(boot[:, s], 97.5, method="higher")),
                 "win_rate_compensated": k1 / games, "compensated_lo": float(lo1),
                 "compensated_hi": float(hi1), "change": float(diff.mean()),
                 "change_lo": float(diff.mean() - Z95 * se),
                 "change_hi": float(diff.mean() + Z95 * se)}
            )  # fmt: skip
    return pd.DataFrame(rows)


def _bootstrap_coins(vc, tokens, seed, n) -> np.ndarray:
    """The seat solver on BOOTSTRAP resamples of the games (the same resamples every
    run of a seed)."""
    from analyzer.studies.common import mix64

    games = vc.shape[0]
    draws = mix64(seed, _PURPOSE_BOOT + n, np.arange(BOOTSTRAP * games)) % np.uint64(games)
    draws = draws.astype(np.int64).reshape(BOOTSTRAP, games)
    # Near the answer already: a narrow search from no change is enough.
    return np.stack([solve_seat_coins(vc[d], tokens[d], start=None, span=3) for d in draws])


# ------------------------------------------------------------------ sensitivity
def _headlines(race_rates: dict, power_rates: dict, combo_rates: dict | None) -> dict:
    out = {
        "best race": max(race_rates, key=race_rates.get),
        "worst race": min(race_rates, key=race_rates.get),
        "best power": max(power_rates, key=power_rates.get),
        "worst power": min(power_rates, key=power_rates.get),
    }
    if combo_rates:
        out["strongest combo"] = max(combo_rates, key=combo_rates.get)
    return out


def _ranks(rates: dict) -> dict:
    order = sorted(rates, key=rates.get, reverse=True)
    return {name: k + 1 for k, name in enumerate(order)}


def _sensitivity(player, tables, curves, table, printed_study) -> pd.DataFrame:
    """One row per estimated number and direction."""
    rs = tables.ruleset
    base_races = {r.name: r.win_rate for r in table[table.kind == "race"].itertuples()}
    base_powers = {r.name: r.win_rate for r in table[table.kind == "power"].itertuples()}
    base_combos = {f"{r.race} + {r.power}": r.win_rate for r in printed_study.combos.itertuples()}
    head = _headlines(base_races, base_powers, base_combos)
    rank0 = _ranks(base_powers)
    rows = []
    for key in rs.estimates():
        if key.startswith("powers.") and key.endswith(".badge"):
            pkey = key.split(".")[1]
            pid = [p.key for p in rs.powers].index(pkey)
            name = tables.power_names[pid]
            part = curves[(curves.kind == "power") & (curves.id == pid)].set_index("offset")
            if name not in base_powers:
                continue
            slope = table[(table.kind == "power") & (table.id == pid)].iloc[0]
            for d in (-1, 1):
                if d not in part.index:
                    rows.append({"estimate": key, "name": name, "delta": d,
                                 "note": "outside the badge's range"})  # fmt: skip
                    continue
                moved = dict(base_powers)
                moved[name] = float(part.loc[d, "win_rate"])
                now = _headlines(base_races, moved, None)
                paired = part.loc[d, "win_rate"] - part.loc[0, "win_rate"]
                changed = [k for k in now if now[k] != head[k]]
                rows.append(
                    {"estimate": key, "name": name, "delta": d,
                     "win_rate": float(part.loc[0, "win_rate"]),
                     "win_rate_moved": float(part.loc[d, "win_rate"]),
                     "effect_change": float(paired),
                     "slope": float(slope.slope),
                     "rank": rank0[name], "rank_moved": _ranks(moved)[name],
                     "headlines_changed": "; ".join(
                         f"{k}: {head[k]} -> {now[k]}" for k in changed) or "none",
                     "note": ""}
                )  # fmt: skip
        elif key == "die_faces":
            faces = tables.parameters.die_faces
            for d in (-1, 1):
                moved_faces = tuple(int(np.clip(f + d, *limits.DIE_FACE)) for f in faces)
                study = player.combos(_with(tables, die_faces=moved_faces), None, player.check_gpc)
                races = study.races.set_index("race").win_rate.to_dict()
                powers = study.powers.set_index("power").win_rate.to_dict()
                combos = {f"{r.race} + {r.power}": r.win_rate for r in study.combos.itertuples()}
                now = _headlines(races, powers, combos)
                r0 = printed_study.races.set_index("race").win_rate
                p0 = printed_study.powers.set_index("power").win_rate
                # paired by name; a race without games in either table is left out
                rho_r = spearman(*pd.DataFrame({"a": races, "b": r0}).dropna().to_numpy().T)
                rho_p = spearman(*pd.DataFrame({"a": powers, "b": p0}).dropna().to_numpy().T)
                changed = [k for k in now if now[k] != head[k]]
                rows.append(
                    {"estimate": key, "name": f"die faces {list(moved_faces)}", "delta": d,
                     "race_rank_spearman": float(rho_r), "power_rank_spearman": float(rho_p),
                     "headlines_changed": "; ".join(
                         f"{k}: {head[k]} -> {now[k]}" for k in changed) or "none",
                     "note": f"combo table at {player.check_gpc} games per combo"}
                )  # fmt: skip
        else:
            rows.append({"estimate": key, "name": key, "delta": 0,
                         "note": "not varied: no one-up/one-down change defined"})  # fmt: skip
    return pd.DataFrame(rows)


# ------------------------------------------------------------------ the study
def run_balance(
    n_players: int = 4,
    games_per_combo: int = DEFAULT_GAMES_PER_COMBO,
    seed: int = 1,
    tables=None,
    policies: Sequence[str] | str = "heuristic",
    policy_params=None,
    offsets: Sequence[int] = OFFSETS,
    seat_counts: Sequence[int] | None = None,
    seat_games: int = DEFAULT_SEAT_GAMES,
    check_games_per_combo: int = DEFAULT_CHECK_GAMES_PER_COMBO,
    rounds: int = 2,
    tables_by_count: dict | None = None,
    progress: bool = True,
    scenario: str | None = None,
    seat_policies: dict | None = None,
    seat_policy_params: dict | None = None,
    backend=None,
) -> BalanceStudy:
    """Every part of the study (see the module docstring). `seat_counts`: the player
    counts of the seat compensation (default: the study's own); `tables_by_count` the
    rules at each of them (default: `tables`). `backend`: where the games are played
    (analyzer/backends; default: in this process); it never changes the results."""
    from analyzer.present.progress import Bar
    from analyzer.simulate import resolve_policies

    check_balance(n_players, games_per_combo, seed, seat_games, check_games_per_combo)
    names = resolve_policies(policies, n_players)
    if tables is None:
        from analyzer.rulesets import played_tables

        tables = played_tables()
    seat_counts = tuple(seat_counts or (n_players,))
    tables_by_count = tables_by_count or {n: tables for n in seat_counts}
    for t in (tables, *tables_by_count.values()):
        refuse_team_variant(t, WHERE, "variant")
    # Games for the progress bar (an upper bound: some token numbers fall outside a box).
    combos = len(_allowed(tables, "race")) * len(_allowed(tables, "power"))
    total = 2 * combos * len(offsets) * games_per_combo  # each combo in a race and a power sweep
    total += combos * check_games_per_combo * (rounds + 3)  # whole table, printed, the die
    total += (1 + SEAT_STEPS) * seat_games * len(seat_counts)
    bar = Bar(total, progress, "balance")
    player = ComboPlayer(
        n_players, games_per_combo, seed, names, policy_params, bar, check_games_per_combo,
        backend,
    )  # fmt: skip
    started = time.perf_counter()
    fair = 1.0 / n_players
    try:
        rows = sweep(player, tables, "race", offsets) + sweep(player, tables, "power", offsets)
        curves = pd.DataFrame(rows)
        table = suggest(curves, tables, fair)
        changes, round_rows = _whole_table(player, tables, table, fair, rounds)
        table["suggested_final"] = [changes[(r.kind, int(r.id))] for r in table.itertuples()]
        printed_study = player.combos(tables, None, check_games_per_combo)
        sensitivity = _sensitivity(player, tables, curves, table, printed_study)

        def bar_add(k):
            player.done += k
            bar.update(player.done)

        # The seats' bots: the scenario's at each count, else the study's own bot name.
        seat_bots = seat_policies or {n: names[0] for n in seat_counts}
        seat_params = seat_policy_params or {n: policy_params for n in seat_counts}
        seats = (
            _seats(seat_counts, seat_games, seed, tables_by_count, seat_bots, seat_params,
                   bar_add, backend)
            if seat_games > 0 else pd.DataFrame()
        )  # fmt: skip
    finally:
        bar.close()
    toml = suggestion_toml(tables, changes, n_players, names, policy_params, scenario)
    whole = _compare_spread(tables, toml, n_players, seed, check_games_per_combo, scenario, backend)
    player.done += int(whole.attrs.get("games", 0))
    return BalanceStudy(
        n_players=n_players, games_per_combo=games_per_combo, seed=seed, policies=names,
        ruleset_name=tables.ruleset.name, scenario=scenario, offsets=tuple(offsets),
        curves=curves, table=table, rounds=round_rows, whole=whole, seats=seats,
        sensitivity=sensitivity, suggestion_toml=toml, n_games=player.done,
        seconds=time.perf_counter() - started, not_modeled=tables.not_modeled(),
        estimates=tables.ruleset.estimates(),
    )  # fmt: skip


def _compare_spread(tables, toml: str, n_players, seed, gpc, scenario, backend) -> pd.DataFrame:
    """The combo spread (and the other compare metrics) of the final suggestion
    against the rules it started from, on the same seeds."""
    import tempfile

    from analyzer.scenario import load_scenario
    from analyzer.studies.compare import run_compare

    with tempfile.TemporaryDirectory(prefix="analyzer-balance-") as folder:
        path = Path(folder) / "suggested.toml"
        path.write_text(toml, encoding="utf-8")
        suggested = load_scenario(path)  # the suggestion must load like any scenario
        base = load_scenario(scenario) if scenario else None
        result = run_compare(
            [suggested], base, 2000, max(gpc, 2), seed, progress=False, backend=backend
        )
    table = result.table.copy()
    # The suggestion was read from a temporary folder: name the file it is written to,
    # so that the table is the same bytes on every run.
    table["file"] = "suggested.toml"
    table.attrs["games"] = int(result.table.games.iloc[0] * 2) if len(table) else 0
    return table


# ------------------------------------------------------------------ the scenario
def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, float):
        return repr(value)
    return str(int(value))


def suggestion_toml(tables, changes, n_players, policies, policy_params, scenario) -> str:
    """A scenario file holding every rule of `tables` at this player count, with the
    banner and badge numbers of `changes`: `analyzer compare` checks it again."""
    from analyzer.model.ruleset import SIZE_KEYS, Ruleset
    from analyzer.players.params import PARAMS_BY_POLICY
    from analyzer.players.styles import bot_of
    from analyzer.rulesets import ruleset_name

    p = tables.parameters
    rs = tables.ruleset
    lines = [
        "# Written by `analyzer balance`: the printed rules (or the scenario it started",
        "# from) with the banner and badge numbers it suggests. Check it with",
        "#     analyzer compare THIS_FILE",
        "",
        "[scenario]",
        f"name = {_toml_value('Balanced by analyzer balance')}",
        "description = "
        + _toml_value(
            "Banner and badge numbers that bring every race and power closest to a fair "
            f"share at {n_players} players, against these bots"
            + (f", starting from {scenario}" if scenario else "")
            + "."
        ),
        f"ruleset = {_toml_value(ruleset_name())}",
        f"players = {n_players}",
        "",
    ]
    from analyzer.simulate import seat_bots

    names = list(policies)
    _, vectors = seat_bots(names, n_players, policy_params)
    for q, vec in zip(names, vectors, strict=True):
        lines.append("[[seats]]")
        lines.append(f"policy = {_toml_value(q)}")
        for key, (index, _) in PARAMS_BY_POLICY[bot_of(q)[0]].items():
            lines.append(f"{key} = {float(vec[index])!r}")
        lines.append("")
    lines.append("[rules]")
    for key in limits.RULE_NUMBERS:
        lines.append(f"{key} = {int(getattr(p, key))}")
    lines.append(f"die_faces = {_toml_value(list(p.die_faces))}")
    lines.append(f"rounds = {int(p.rounds[n_players])}")
    lines.append(f"extra_rounds = {int(p.extra_rounds)}")
    if isinstance(rs, Ruleset):  # SWoW's boards are drawn; the original game's map is fixed
        boards = dict(zip(SIZE_KEYS, (int(v) for v in p.boards[n_players]), strict=True))
        lines.append(f"boards = {_toml_value(boards)}")
    lines.append(f"use_die = {_toml_value(bool(p.use_die))}")
    lines.append(f"murlocs = {_toml_value(bool(p.murlocs))}")
    lines.append(f"seat_coins = {_toml_value([int(c) for c in p.seat_coins[:n_players]])}")
    lines.append("")
    banners = {r.key: int(p.banners[i]) for i, r in enumerate(rs.races)}
    badges = {q.key: int(p.badges[i]) for i, q in enumerate(rs.powers)}
    for (kind, i), value in changes.items():
        if kind == "race":
            banners[rs.races[i].key] = int(value)
        else:
            badges[rs.powers[i].key] = int(value)
    lines.append("[races]")
    banned = [r.key for r, ok in zip(rs.races, p.races_allowed, strict=True) if not ok]
    lines.append(f"banned = {_toml_value(banned)}")
    lines.append(f"banner = {_toml_value(banners)}")
    lines.append("")
    lines.append("[powers]")
    banned = [q.key for q, ok in zip(rs.powers, p.powers_allowed, strict=True) if not ok]
    lines.append(f"banned = {_toml_value(banned)}")
    lines.append(f"badge = {_toml_value(badges)}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ output
def default_out(n_players: int) -> Path:
    return Path("reports") / f"balance-{n_players}p"


def write_balance(result: BalanceStudy, out_dir=None, force: bool = False) -> Path:
    """Write the study's folder: tables (CSV and Parquet), charts, summary.md and the
    suggestion as a scenario file (suggested.toml)."""
    from analyzer.present.charts import balance_curves, seat_compensation, sensitivity_chart
    from analyzer.studies import common

    def fill(temp: Path) -> None:
        common.write_table(result.table, temp, "balance")
        common.write_table(result.curves, temp, "curves")
        common.write_table(result.rounds, temp, "whole_table")
        common.write_table(result.whole, temp, "spread")
        if len(result.seats):
            common.write_table(result.seats, temp, "seats")
            seat_compensation(result, temp / "seats.png")
        common.write_table(result.sensitivity, temp, "sensitivity")
        for kind in ("race", "power"):
            balance_curves(result, kind, temp / f"curves-{kind}s.png")
        if "sensitivity.png" in chart_names(result):
            sensitivity_chart(result, temp / "sensitivity.png")
        (temp / "suggested.toml").write_text(result.suggestion_toml, encoding="utf-8")
        # The sensitivity table alone: the report shows it under what the numbers rest on.
        text = "\n".join(sensitivity_markdown(result)) + "\n"
        (temp / "sensitivity.md").write_text(text, encoding="utf-8")
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    out = Path(out_dir) if out_dir is not None else default_out(result.n_players)
    return common.write_folder(out, fill, force)


def chart_names(result: BalanceStudy) -> list[str]:
    names = ["curves-races.png", "curves-powers.png"]
    if len(result.seats):
        names.append("seats.png")
    if "effect_change" in result.sensitivity and len(result.sensitivity):
        names.append("sensitivity.png")
    return names


def _tokens(kind: str) -> str:
    return "banner" if kind == "race" else "badge"


def findings(result: BalanceStudy) -> list[str]:
    """Short generated sentences: what would balance it."""
    t = result.table
    out = []
    for kind in ("race", "power"):
        part = t[t.kind == kind]
        moved = part[part.change != 0].sort_values("change")
        if len(moved):
            shown = ", ".join(
                f"{r.name} {r.printed} → {r.suggested}" for r in moved.head(6).itertuples()
            )
            more = f" and {len(moved) - 6} more" if len(moved) > 6 else ""
            out.append(
                f"**{kind.capitalize()}s**: {len(moved)} of {len(part)} would need other "
                f"{_tokens(kind)} numbers to win their fair {pct(result.fair)}: {shown}{more}."
            )
        stuck = part[~part.reaches_fair]
        if len(stuck):
            out.append(
                f"No {_tokens(kind)} number within the box makes these fair: "
                + ", ".join(f"{r.name} ({r.note.split('(')[1].split(')')[0]})"
                            for r in stuck.itertuples())
                + "."
            )  # fmt: skip
    w = result.whole.set_index("metric") if len(result.whole) else None
    if w is not None and "combo_win_sd" in w.index:
        row = w.loc["combo_win_sd"]
        out.append(
            f"With every suggestion applied at once, the spread of combo win rates (SD) goes "
            f"from {pct(row.baseline)} to {pct(row.value)} ({100 * row.delta:+.1f} points, "
            f"95% {100 * row.delta_lo:+.1f} to {100 * row.delta_hi:+.1f}, paired)."
        )
    if len(result.seats):
        for n, part in result.seats.groupby("players"):
            coins = ", ".join(str(int(c)) for c in part.coins)
            worst_before = (part.win_rate - part.fair).abs().max()
            worst_after = (part.win_rate_compensated - part.fair).abs().max()
            out.append(
                f"{n} players: extra starting coins by seat {coins} bring the largest seat "
                f"gap from {100 * worst_before:.1f} to {100 * worst_after:.1f} points "
                f"(re-measured on {int(part.games.iloc[0]):,} games)."
            )
    s = result.sensitivity
    if "headlines_changed" in s:
        moving = s[(s.headlines_changed.notna()) & (s.headlines_changed != "none")]
        if len(moving):
            out.append(
                f"{moving.estimate.nunique()} estimated numbers would change a headline finding "
                "when one step off: " + ", ".join(sorted(set(moving.estimate))) + "."
            )
        else:
            out.append("No estimated number, one step off, changes a headline finding.")
    return out


def _table_md(header: list[str], rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def sensitivity_markdown(result: BalanceStudy) -> list[str]:
    """The table of estimated numbers and how far each moves the answers."""
    s = result.sensitivity
    lines = []
    badge = s[s.estimate.str.endswith(".badge")] if len(s) else s
    if len(badge):
        rows = []
        for key, part in badge.groupby("estimate", sort=False):
            by = part.set_index("delta")
            now = part[part.win_rate.notna()]
            if not len(now):
                rows.append([f"`{key}`", "", "", "", "", "; ".join(part.note.dropna())])
                continue

            def moved(d, by=by):
                if d not in by.index or not np.isfinite(by.loc[d, "win_rate_moved"]):
                    return "outside its range"
                return f"{pct(by.loc[d, 'win_rate_moved'])} ({pp(by.loc[d, 'effect_change'])})"

            ranks = " / ".join(
                str(int(by.loc[d, "rank_moved"])) if d in by.index and
                np.isfinite(by.loc[d, "rank_moved"]) else "-"
                for d in (-1, 1)
            )  # fmt: skip
            first = now.iloc[0]
            changes = sorted({h for h in part.headlines_changed.dropna() if h != "none"})
            rows.append([f"`{key}`", pct(first.win_rate), moved(-1), moved(1),
                         f"{int(first['rank'])} ({ranks})",
                         "; ".join(changes) or "none"])  # fmt: skip
        lines += _table_md(
            ["estimate", "power win rate", "one token fewer", "one token more",
             "power rank (fewer / more)", "headline findings that change"], rows)  # fmt: skip
        lines.append("")
    die = s[s.estimate == "die_faces"] if len(s) else s
    if len(die):
        lines += _table_md(
            ["estimate", "changed to", "race rank correlation", "power rank correlation",
             "headline findings that change"],
            [[f"`{r.estimate}`", r.name, f"{r.race_rank_spearman:.2f}",
              f"{r.power_rank_spearman:.2f}", r.headlines_changed] for r in die.itertuples()],
        )  # fmt: skip
        lines.append("")
    return lines


def summary_markdown(result: BalanceStudy) -> str:
    from analyzer.studies.common import bots_text, caveat_lines

    t = result.table
    lines = [
        f"# What would balance it: {result.ruleset_name}, {result.n_players} players",
        "",
        f"Bots: {bots_text(result.policies)}. Seed {result.seed}. {result.n_games:,} games in "
        f"{result.seconds:.0f} s. Each race and power played at several token numbers "
        f"({result.games_per_combo} games per combo and number, every combo of it forced as "
        "one seat's first pick, the same games at every number). The fair share is "
        f"{pct(result.fair)}." + (f" Scenario: {result.scenario}." if result.scenario else ""),
        "",
        "## Findings",
        "",
        *[f"- {f}" for f in findings(result)],
        "",
    ]
    for kind in ("race", "power"):
        part = t[t.kind == kind]
        lines += [f"## {kind.capitalize()}s: {_tokens(kind)} tokens", ""]
        lines += _table_md(
            [kind, "printed", "win rate now (95%)", "games", "per token",
             "fair at (95%)", "suggested", "win rate there", "note"],
            [[r.name + ("" if r.modeled == "full" else " ⚠"), r.printed,
              f"{pct(r.win_rate)} ({pct(r.win_lo)} to {pct(r.win_hi)})", f"{r.games:,}",
              pp(r.slope),
              "" if not np.isfinite(r.fair_tokens)
              else f"{r.fair_tokens:.1f} ({r.fair_lo:.1f} to {r.fair_hi:.1f})",
              r.suggested, pct(r.win_rate_suggested), r.note]
             for r in part.itertuples()],
        )  # fmt: skip
        lines += ["", f"![{kind}s](curves-{kind}s.png)", ""]
    lines += ["## All suggestions at once", ""]
    if len(result.rounds):
        lines += _table_md(
            ["round", "numbers changed", "combo win-rate SD", "range", "still off fair",
             "games"],
            [[r.round, r.changes, pct(r.combo_win_sd), pct(r.combo_win_range), r.off_fair,
              f"{r.games:,}"] for r in result.rounds.itertuples()],
        )  # fmt: skip
        lines.append("")
    changed = t[t.suggested_final != t.printed]
    lines.append(
        "Final suggestion (written as `suggested.toml`; `analyzer compare suggested.toml` "
        "checks it): "
        + (", ".join(f"{r.name} {r.printed} → {r.suggested_final}" for r in changed.itertuples())
           or "no change")
        + "."
    )  # fmt: skip
    lines.append("")
    if len(result.whole):
        lines += _table_md(
            ["metric", "printed", "suggested", "change (95%, paired)"],
            [[r.label, f"{r.baseline:.3f}", f"{r.value:.3f}",
              f"{r.delta:+.3f} ({r.delta_lo:+.3f} to {r.delta_hi:+.3f})"]
             for r in result.whole.itertuples()],
        )  # fmt: skip
        lines.append("")
    if len(result.seats):
        lines += ["## Seat compensation: extra starting coins", ""]
        lines += _table_md(
            ["players", "seat", "win rate (95%)", "extra coins (95%)",
             "win rate with them (95%)", "change (95%, paired)"],
            [[r.players, r.seat, f"{pct(r.win_rate)} ({pct(r.win_lo)} to {pct(r.win_hi)})",
              f"{r.coins} ({r.coins_lo} to {r.coins_hi})",
              f"{pct(r.win_rate_compensated)} ({pct(r.compensated_lo)} to "
              f"{pct(r.compensated_hi)})",
              f"{pp(r.change)} ({pp(r.change_lo)} to {pp(r.change_hi)})"]
             for r in result.seats.itertuples()],
        )  # fmt: skip
        lines += ["", "![seats](seats.png)", ""]
    lines += ["## How far each estimated number moves the answers", ""]
    lines += sensitivity_markdown(result)
    if "sensitivity.png" in chart_names(result):
        lines += ["![sensitivity](sensitivity.png)", ""]
    lines += [
        "## How to read it",
        "",
        "- A curve's points are played on the same games (common random numbers), so they "
        "differ only because the tokens do; the interval of the fair number comes from a "
        "logistic fit that treats the points as independent, which makes it conservative.",
        "- A combo's tokens (banner plus badge) are capped by the race's box: beyond that "
        "no number changes anything, and where the fair share lies beyond it the table says so.",
        "- Seat coins are found on the printed rules' games (a coin counts as a VC at the end) "
        "and then really played: the bots may spend them, so the re-measured column is the "
        "answer.",
        "- Win rates are against these bots; another style of play may need other numbers.",
        "",
    ]
    lines += caveat_lines(result.not_modeled, result.estimates)
    return "\n".join(lines)
