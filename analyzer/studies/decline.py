"""The decline-timing study: when should a player put a race in decline?

Design. In every game one *test* seat plays the heuristic bot with a swept decline
rule while the other seats play their normal bots (the default heuristic). Two
families of rules are swept:

- `decline_tokens = v`: decline once fewer than v tokens are free to attack (after
  the race has played `decline_min_age` turns; v = 0 never declines by tokens);
- `decline_round = r`: decline in round r exactly (r = 2 .. rounds - 1), never else.

The test seat's first pick is forced (free) to a combo drawn, per game, from a group
of combos: by default three groups by starting tokens (banner plus badge), cut where
the groups come out closest to equal size; or one group per combo given by --combos.

Every rule plays the *same* games (same seed and game indices, so the same boards,
forced combos, shuffles and dice: common random numbers), so the difference between
two rules is measured game by game, much tighter than two independent samples.
The games of a run are laid out seat-major: block s of the game indices tests seat
s (the blocks are as equal as possible), so seat order cancels out, and inside a
block group j takes the j-th slice. A game's forced combo is a hash of (seed, game
index), so the tables do not depend on chunking or threads.

In Battle for Azeroth (the team variant) the test seat's forced combo is drawn from
the group's combos of its own faction (a player picks only those, ruling B9), the
seats whose faction has no combo in some group are not tested (a --combos list of
one faction tests only that faction's seats), the Neutral races are out at 2 and 4
players, and a win is the test seat's faction's (team_win).
"""

from __future__ import annotations

import hashlib
import math
import numbers
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analyzer.backends import Chunk, or_in_process
from analyzer.engine import layout as L
from analyzer.errors import InputError, Problem
from analyzer.gameloop import api
from analyzer.model.limits import MAX_STUDY_GAMES, check_study_games, range_text
from analyzer.players import params as P
from analyzer.players.params import HEURISTIC
from analyzer.players.styles import bot_of, policy_of
from analyzer.present.charts import decline_curves
from analyzer.present.progress import Bar
from analyzer.simulate import engine_step, resolve_policies, seat_bots
from analyzer.stats import (
    RATE_DIFFERENCE,
    TOO_FEW,
    Z95,
    honest,
    interval_text,
    mean_se,
    normal_interval,
    wilson,
)
from analyzer.studies import common
from analyzer.studies.combos import allowed_combos
from analyzer.studies.common import CLI, pct, pp
from analyzer.studies.scoring import scoring
from analyzer.studies.settings import DeclineSettings  # noqa: F401  (run_decline's)
from analyzer.variants import STANDARD

WHERE = "decline study"
FAMILIES = ("decline_tokens", "decline_round")
DEFAULT_TOKENS = tuple(range(11))
DEFAULT_GAMES = 3000
GROUP_LABELS = ("few", "middle", "many")
ALPHA = 0.05
_PURPOSE = 0xDEC11E  # hash purpose of the forced-combo draw

CURVE_COLUMNS = (
    "players", "group", "family", "value", "is_default", "games", "wins", "win_rate",
    "win_lo", "win_hi", "mean_vc", "vc_lo", "vc_hi", "mean_declines", "declines_lo",
    "declines_hi", "mean_decline_round", "win_vs_default", "win_vs_default_lo",
    "win_vs_default_hi", "vc_vs_default", "vc_vs_default_lo", "vc_vs_default_hi",
)  # fmt: skip


@dataclass
class DeclineStudy:
    """What `run_decline` measured. curves: one row per players x group x rule
    (decline.csv); best: the best rule per players x group, within each family and
    over both (best.csv); groups: the combos of every group."""

    players: tuple[int, ...]
    games: int  # games per rule, group and player count
    seed: int
    policies: dict[int, tuple[str, ...]]  # every seat's bot by count (the test seat: heuristic)
    ruleset_name: str
    grouping: str  # "tokens" (groups by starting tokens) or "chosen" (--combos)
    default_rule: dict[int, str]  # the test seat's rule left as it is, by count
    groups: pd.DataFrame
    curves: pd.DataFrame
    best: pd.DataFrame
    error_games: int
    seconds: float
    scenario: str | None = None
    not_modeled: list[str] = field(default_factory=list)
    estimates: list[str] = field(default_factory=list)
    variant: str = STANDARD  # a team variant's name: a win is the test seat's team's (team_win)
    variant_text: str = ""  # common.variant_note of `variant`, after the page's ruleset
    test_seats: dict[int, list[int]] = field(default_factory=dict)  # by count, 0-based

    @property
    def n_games(self) -> int:
        return int(self.curves.drop_duplicates(["players", "group", "rule_key"])["games"].sum())


# ------------------------------------------------------------------ the design
def token_groups(tables, pairs: Sequence[tuple[int, int]]):
    """[(label, pairs, lowest, highest tokens)]: the combos in three groups by starting
    tokens, few (<= a), middle, many (>= b), with the cut points a < b chosen so the
    groups are as close to equal size as the token numbers allow (fewer groups when
    there are fewer distinct numbers)."""
    tokens = np.array([common.start_tokens(tables, r, p) for r, p in pairs])
    values = np.unique(tokens)
    if values.size < 3:
        labels = GROUP_LABELS[::2] if values.size == 2 else ("all",)
        bins = [values[i : i + 1] for i in range(values.size)]
    else:
        size = {v: int((tokens == v).sum()) for v in values.tolist()}
        best = None
        for i in range(values.size - 2):
            for k in range(i + 2, values.size):
                few = sum(size[v] for v in values[: i + 1].tolist())
                many = sum(size[v] for v in values[k:].tolist())
                sizes = (few, len(pairs) - few - many, many)
                spread = max(sizes) - min(sizes)
                if best is None or spread < best[0]:
                    best = (spread, i, k)
        _, i, k = best
        labels = GROUP_LABELS
        bins = [values[: i + 1], values[i + 1 : k], values[k:]]
    out = []
    for label, vals in zip(labels, bins, strict=True):
        chosen = [pair for pair, t in zip(pairs, tokens.tolist(), strict=True) if t in vals]
        out.append((label, chosen, int(vals.min()), int(vals.max())))
    return out


def _rules(tokens: Sequence[int], rounds: Sequence[int]) -> list[tuple[str, int]]:
    return [("decline_tokens", int(v)) for v in tokens] + [
        ("decline_round", int(r)) for r in rounds
    ]


def rule_vector(base: np.ndarray, family: str, value: int) -> np.ndarray:
    """The heuristic's parameters with one decline rule in force."""
    v = np.array(base, np.float64)
    if family == "decline_tokens":
        v[P.H_DECLINE_TOKENS], v[P.H_DECLINE_ROUND], v[P.H_DECLINE_AT_AGE] = value, 0, 0
    elif family == "decline_round":
        v[P.H_DECLINE_ROUND] = value
    return v


def rule_text(vec: np.ndarray) -> str:
    """The decline rule a heuristic parameter vector plays."""
    if vec[P.H_DECLINE_ROUND] > 0:
        return f"decline_round = {vec[P.H_DECLINE_ROUND]:g}"
    if vec[P.H_DECLINE_AT_AGE] > 0:
        return f"decline_at_age = {vec[P.H_DECLINE_AT_AGE]:g}"
    return (
        f"decline_tokens = {vec[P.H_DECLINE_TOKENS]:g} "
        f"(once the race has played {vec[P.H_DECLINE_MIN_AGE]:g} turns)"
    )


def check_decline(games, seed, tokens, rounds) -> None:
    problems = common.check_seed(seed)
    if not isinstance(games, int) or isinstance(games, bool) or not 2 <= games <= MAX_STUDY_GAMES:
        # Paired 95% intervals need at least two games per rule (one gives none).
        problems.append(
            Problem(CLI, "--games", games, range_text(2, MAX_STUDY_GAMES)
                    + " (a paired 95% interval needs two games at least)")
        )  # fmt: skip
    if not list(tokens) and rounds is not None and not list(rounds):
        problems.append(Problem(CLI, "tokens/rounds", "[]", "sweep at least one rule"))
    for v in tokens:
        if not isinstance(v, numbers.Integral) or not 0 <= v <= 99:
            problems.append(Problem(CLI, "tokens", v, "decline_tokens values must be 0 to 99"))
    if problems:
        raise InputError(problems)


def _flags(tables, pairs) -> dict:
    """How many combos of a group rest on an ability not (fully) played, or on an
    estimated badge number."""
    rs = tables.ruleset
    badge = [rs.sources.get(f"powers.{p.key}.badge") == "estimate" for p in rs.powers]
    partial = [rs.races[r].modeled != "full" or rs.powers[p].modeled != "full" for r, p in pairs]
    return {
        "not_modeled_combos": int(sum(partial)),
        "estimated_badge_combos": int(sum(badge[p] for _, p in pairs)),
    }


def _combo_name(tables, pair) -> str:
    return f"{tables.race_names[pair[0]]}+{tables.power_names[pair[1]]}"


def _per_count(value, n):
    return value[n] if isinstance(value, dict) else value


@dataclass
class _Plan:
    """One player count: its tables, bots, groups and game layout."""

    n: int
    tables: object
    names: tuple[str, ...]
    ids: list[int]
    params: np.ndarray
    groups: list  # (label, pairs, lo, hi)
    rules: list[tuple[str, int]]
    vectors: dict  # (family, value) -> seat x params, the test seat's vector per seat
    seat: np.ndarray  # per game index: test seat
    group: np.ndarray  # per game index: group number
    forced: np.ndarray  # per game index: forced row
    team: Any = None  # a team variant's rules: a win is the test seat's faction's


def _plan(
    n, games, seed, tables, policies, policy_params, pairs_chosen, tokens, rounds, test_bot=None
):
    names = resolve_policies(policies, n)
    ids, params = seat_bots(names, n, policy_params)
    params = np.array(params, np.float64)
    score = scoring(tables)  # the team variant: only the seated factions' combos
    team = score.rules  # the team variant's rules (None: seat against seat)
    if pairs_chosen is None:
        allowed, _ = score.forced_pairs(allowed_combos(tables), tables, n)
        groups = token_groups(tables, allowed)
    else:
        groups = []
        for r, p in common.parse_combo_names(pairs_chosen, tables):
            t = common.start_tokens(tables, r, p)
            groups.append((_combo_name(tables, (r, p)), [(r, p)], t, t))
    test_seats = list(range(n))
    if team:
        factions = team.seat_teams(n, False)
        races = tables.ruleset.races
        mine = [{team.race_team(races[r]) for r, _ in pairs} for _, pairs, _, _ in groups]
        test_seats = [s for s in range(n) if all(factions[s] in f for f in mine)]
        if not test_seats:
            raise InputError(
                Problem(CLI, "--combos", pairs_chosen, f"under --variant {score.variant} a seat "
                        "picks only races of its faction: give the combos of one faction seated "
                        f"at {n} players (the Neutral only at 3 and 5)")
            )  # fmt: skip
    n_rounds = common.rounds_of(tables, n)
    sweep_rounds = range(2, n_rounds) if rounds is None else rounds
    bad = [r for r in sweep_rounds if not isinstance(r, int) or not 2 <= r <= n_rounds - 1]
    if bad:
        raise InputError(
            Problem(
                CLI, "rounds", bad, f"with {n} players decline rounds must be 2 to {n_rounds - 1}"
            )
        )
    rules = _rules(tokens, sweep_rounds)
    # The test seat's starting point: test_bot's vector, else its own heuristic vector, or
    # the heuristic's defaults.
    if test_bot is not None:
        policy, vector = bot_of(test_bot, "--forced-bot")
        if policy != "heuristic":
            raise InputError(
                Problem(CLI, "--forced-bot", test_bot,
                        "the decline rules are the heuristic's parameters: name a style of "
                        "the heuristic bot")
            )  # fmt: skip
        base = np.tile(vector, (n, 1))
    else:
        base = np.array(
            [
                params[s] if policy_of(names[s]) == "heuristic" else P.default_vector("heuristic")
                for s in range(n)
            ]
        )
    vectors = {("default", -1): base}
    for fam, v in rules:
        vectors[(fam, v)] = np.stack([rule_vector(base[s], fam, v) for s in range(n)])
    # Game layout: seat-major blocks, then one slice per group.
    n_groups = len(groups)
    total = n_groups * games
    check_study_games(total, "decline", keys=("--games",))  # before the per-game arrays below
    seat = np.empty(total, np.int64)
    group = np.empty(total, np.int64)
    k = len(test_seats)
    for i, s in enumerate(test_seats):
        lo, hi = i * games // k, (i + 1) * games // k
        m = hi - lo
        idx = np.arange(n_groups * lo, n_groups * hi)
        seat[idx] = s
        group[idx] = (idx - n_groups * lo) // max(m, 1)
    forced = np.zeros((total, L.F_NF), np.int64)
    forced[:, L.F_SEAT] = seat
    draw = common.mix64(seed, _PURPOSE, np.arange(total))
    for j, (_, pairs, _, _) in enumerate(groups):
        for s in test_seats:
            sel = (group == j) & (seat == s)
            arr = np.array(pairs, np.int64).reshape(-1, 2)
            if team:  # the seat's own faction's combos of the group
                arr = arr[[races[r].faction == factions[s] for r in arr[:, 0].tolist()]]
            pick = (draw[sel] % np.uint64(len(arr))).astype(np.int64)
            forced[sel, L.F_RACE] = arr[pick, 0]
            forced[sel, L.F_POWER] = arr[pick, 1]
    return _Plan(n, tables, names, ids, params, groups, rules, vectors, seat, group, forced, team)


def _rule_calls(plan: _Plan, vec, etables, seed, step, check, tag):
    """The engine calls of one rule of a plan: the games of block s test seat s
    (the heuristic with the rule's vector), the other seats keep their bots."""
    for s in range(plan.n):
        idx = np.flatnonzero(plan.seat == s)
        if idx.size == 0:
            continue
        ids = list(plan.ids)
        ids[s] = HEURISTIC
        params = plan.params.copy()
        params[s] = vec[s]
        start, stop = int(idx[0]), int(idx[-1]) + 1
        for first in range(start, stop, step):
            m = min(step, stop - first)
            forced = plan.forced[first : first + m]
            yield Chunk(etables, plan.n, seed, first, m, ids, params, check, forced, (tag, s))


def _record(out: np.ndarray, res, first: int, s: int, n: int, team=None) -> int:
    """Store the test seat s's (win, vc, declines, sum of decline rounds) of a batch
    in out's columns (a win: its faction's in the team variant, `team`, of n
    players); returns its games with an invariant violation."""
    sl = slice(first, first + res.seats.shape[0])
    seats = res.seats
    out[0, sl] = common.seat_wins(seats[:, :, L.S_VC], seats[:, :, L.S_WIN], n, team)[:, s]
    out[1, sl] = res.seats[:, s, L.S_VC]
    out[2, sl] = res.seats[:, s, L.S_DECLINES]
    inst = res.inst
    valid = np.arange(inst.shape[1])[None, :] < res.n_inst[:, None]
    mine = valid & (inst[:, :, L.I_SEAT] == s) & (inst[:, :, L.I_ROUND_DECLINED] >= 0)
    out[3, sl] = np.where(mine, inst[:, :, L.I_ROUND_DECLINED], 0).sum(1)
    return int((res.errors != 0).sum())


def run_decline(
    settings: DeclineSettings, backend=None, progress: bool = True, chunk: int | None = None
) -> DeclineStudy:
    """Play the study on `settings` (studies/plans/decline.py) and return its tables.

    players: a count or a list of counts (2 to 5). games: games per rule, group and
    count. combos: None (three groups by starting tokens) or chosen combos, each its own
    group ("Orcs+Fishing,Tauren+Mining", a list of such names, or (race id, power id)
    pairs). tokens / rounds: the values swept (None: DEFAULT_TOKENS, and rounds 2 ..
    rounds - 1). tables, bots and bot_params may be dicts by player count (a scenario
    played at several counts). test_bot: the style the test seat starts from before its
    rule is applied (default: its seat's own). chunk: games per engine call; it never
    changes the results, nor does backend, where the games are played
    (analyzer/backends)."""
    s = settings
    n_players, games, seed, tables, policies = s.players, s.games, s.seed, s.tables, s.bots
    policy_params, combos, rounds, check, scenario = (
        s.bot_params,
        s.combos,
        s.rounds,
        s.check,
        s.scenario,
    )
    tokens = DEFAULT_TOKENS if s.tokens is None else s.tokens
    test_bot = s.test_bot

    counts = common.parse_counts(n_players)
    tokens = list(tokens)
    check_decline(games, seed, tokens, rounds)
    common.check_chunk(chunk, WHERE)
    plans = []
    for n in counts:
        tab = _per_count(tables, n)
        if tab is None:
            tab = common.printed_tables(settings.game)
        plans.append(
            _plan(n, games, seed, tab, _per_count(policies, n), _per_count(policy_params, n),
                  combos, tokens, rounds, test_bot)
        )  # fmt: skip
    # Rules that play the same vectors (the default is usually one of the sweep) run once.
    keyed = []
    for plan in plans:
        keys = {k: v.tobytes() for k, v in plan.vectors.items()}
        keyed.append((plan, keys, {b: k for k, b in reversed(list(keys.items()))}))
    total = sum(len(uniq) * plan.seat.size for plan, _, uniq in keyed)
    step = chunk or or_in_process(backend).games_per_call(total) or engine_step()
    bar = Bar(total, progress, f"decline rules, {', '.join(map(str, counts))} players")
    started = time.perf_counter()
    done = 0
    error_games = 0
    frames, bests, group_rows = [], [], []
    # Per plan, per distinct rule: (win, vc, declines, sum of decline rounds) per game.
    played = [{b: np.zeros((4, plan.seat.size), np.int64) for b in uniq} for plan, _, uniq in keyed]

    def calls():
        for p, (plan, _, uniq) in enumerate(keyed):
            etables = api.engine_tables(plan.tables)
            for b, k in uniq.items():
                yield from _rule_calls(plan, plan.vectors[k], etables, seed, step, check, (p, b))

    try:
        for call, res in or_in_process(backend).play(calls()):
            (p, b), s = call.tag
            plan = keyed[p][0]
            error_games += _record(played[p][b], res, call.first, s, plan.n, plan.team)
            done += call.n_games
            bar.update(done)
        for (plan, keys, _), rules in zip(keyed, played, strict=True):
            data = {k: rules[b] for k, b in keys.items()}
            curves = _curves(plan, data, keys)
            frames.append(curves)
            bests.append(_best(curves))
            for label, pairs, lo, hi in plan.groups:
                group_rows.append(
                    {
                        "players": plan.n, "group": label, "combos": len(pairs),
                        "tokens_min": lo, "tokens_max": hi,
                        "names": ", ".join(_combo_name(plan.tables, pair) for pair in pairs),
                        **_flags(plan.tables, pairs),
                    }
                )  # fmt: skip
    finally:
        bar.close()
    rs = plans[0].tables.ruleset
    policies_by = {}
    for plan in plans:
        policies_by[plan.n] = plan.names
    return DeclineStudy(
        players=counts,
        games=games,
        seed=seed,
        policies=policies_by,
        ruleset_name=rs.name,
        grouping="tokens" if combos is None else "chosen",
        default_rule={plan.n: rule_text(plan.vectors[("default", -1)][0]) for plan in plans},
        groups=pd.DataFrame(group_rows),
        curves=pd.concat(frames, ignore_index=True),
        best=pd.concat(bests, ignore_index=True),
        error_games=error_games,
        seconds=time.perf_counter() - started,
        scenario=scenario,
        not_modeled=common.not_modeled(rs),
        estimates=rs.estimates(),
        variant=scoring(plans[0].tables).variant,
        variant_text=common.variant_note(scoring(plans[0].tables).variant, plans[0].tables),
        test_seats={plan.n: sorted(set(plan.seat.tolist())) for plan in plans},
    )


# ------------------------------------------------------------------ statistics
def _paired(a: np.ndarray, b: np.ndarray, within=(-np.inf, np.inf)):
    """Mean of a - b game by game, its 95% interval, and the two-sided p-value."""
    d = (a - b).astype(np.float64)
    mean, se = mean_se(d)
    # None from games that all agree, or too few to keep it within `within`.
    lo, hi = honest(*normal_interval(mean, se), within)
    if not np.isfinite(lo):
        p = math.nan  # no test either: never "significant" from games that cannot say
    else:
        p = math.erfc(abs(mean / se) / math.sqrt(2))
    return float(mean), float(lo), float(hi), p


def _curves(plan: _Plan, data: dict, keys: dict) -> pd.DataFrame:
    default = data[("default", -1)]
    default_in_sweep = any(keys[k] == keys[("default", -1)] for k in plan.rules)
    shown = plan.rules + ([] if default_in_sweep else [("default", -1)])
    rows = []
    for j, (label, _, _, _) in enumerate(plan.groups):
        sel = plan.group == j
        for fam, value in shown:
            win, vc, decl, rsum = data[(fam, value)][:, sel]
            g = int(sel.sum())
            lo, hi = wilson(win.sum(), g)
            mvc, vse = mean_se(vc)
            vlo, vhi = honest(*normal_interval(mvc, vse))
            md, dse = mean_se(decl)
            dlo, dhi = honest(*normal_interval(md, dse))
            same = keys[(fam, value)] == keys[("default", -1)]
            # The default against itself: exactly zero by construction, not an estimate.
            wd = (0.0, 0.0, 0.0, 1.0) if same else _paired(win, default[0, sel], RATE_DIFFERENCE)
            vd = (0.0, 0.0, 0.0, 1.0) if same else _paired(vc, default[1, sel])
            rows.append(
                {
                    "players": plan.n, "group": label, "family": fam,
                    "value": value if fam != "default" else np.nan,
                    "is_default": keys[(fam, value)] == keys[("default", -1)],
                    "games": g, "wins": int(win.sum()), "win_rate": win.sum() / g,
                    "win_lo": float(lo), "win_hi": float(hi),
                    "mean_vc": float(mvc), "vc_lo": float(vlo), "vc_hi": float(vhi),
                    "mean_declines": float(md),
                    "declines_lo": float(dlo), "declines_hi": float(dhi),
                    "mean_decline_round": rsum.sum() / decl.sum() if decl.sum() else np.nan,
                    "win_vs_default": wd[0], "win_vs_default_lo": wd[1], "win_vs_default_hi": wd[2],
                    "vc_vs_default": vd[0], "vc_vs_default_lo": vd[1], "vc_vs_default_hi": vd[2],
                    "p_vs_default": wd[3],
                    "rule_key": hashlib.sha1(keys[(fam, value)]).hexdigest()[:12],
                }
            )  # fmt: skip
    frame = pd.DataFrame(rows)
    frame["value"] = frame["value"].astype("Int64")
    return frame


def _best(curves: pd.DataFrame) -> pd.DataFrame:
    """The best rule (highest win rate, then mean VC) per players x group, within each
    family and over both; whether it beats the default is a paired test, Bonferroni
    corrected over the rules it was picked from (picking the best of many on the same
    games flatters it)."""
    rows = []
    for (n, label), frame in curves.groupby(["players", "group"], sort=False):
        default = frame[frame.is_default].iloc[0]
        for among in (*FAMILIES, "all"):
            pool = frame[frame.family.isin(FAMILIES if among == "all" else [among])]
            if pool.empty:
                continue
            top = pool.sort_values(["win_rate", "mean_vc"], ascending=False, kind="stable").iloc[0]
            m = int((~pool.is_default).sum())
            p_adj = (
                min(1.0, top.p_vs_default * max(m, 1)) if np.isfinite(top.p_vs_default) else np.nan
            )
            rows.append(
                {
                    "players": n, "group": label, "among": among, "family": top.family,
                    "value": top.value, "rule": f"{top.family} = {top.value}",
                    "games": top.games, "win_rate": top.win_rate, "win_lo": top.win_lo,
                    "win_hi": top.win_hi, "mean_vc": top.mean_vc, "vc_lo": top.vc_lo,
                    "vc_hi": top.vc_hi, "mean_decline_round": top.mean_decline_round,
                    "default_win_rate": default.win_rate, "default_vc": default.mean_vc,
                    "win_diff": top.win_vs_default, "win_diff_lo": top.win_vs_default_lo,
                    "win_diff_hi": top.win_vs_default_hi, "vc_diff": top.vc_vs_default,
                    "vc_diff_lo": top.vc_vs_default_lo, "vc_diff_hi": top.vc_vs_default_hi,
                    "rules_compared": m, "p_value": top.p_vs_default, "p_adjusted": p_adj,
                    "is_default": bool(top.is_default),
                    "beats_default": bool(top.win_vs_default > 0 and p_adj <= ALPHA),
                }
            )  # fmt: skip
    return pd.DataFrame(rows)


# ------------------------------------------------------------------ output
def default_out(players: Sequence[int]) -> Path:
    return Path("reports") / f"decline-{'-'.join(map(str, players))}p"


def chart_names(result: DeclineStudy) -> list[str]:
    return [f"curves-{n}p.png" for n in result.players]


def write_decline(result: DeclineStudy, out_dir=None, force: bool = False, *, game) -> Path:
    """Write decline.csv, best.csv, groups.csv (and Parquet), one curves-<N>p.png per
    player count and summary.md; the folder appears complete or not at all."""
    out = Path(out_dir) if out_dir is not None else default_out(result.players)

    def fill(temp: Path) -> None:
        common.write_table(public_curves(result), temp, "decline", game)
        common.write_table(result.best, temp, "best", game)
        common.write_table(result.groups, temp, "groups", game)
        for n, name in zip(result.players, chart_names(result), strict=True):
            decline_curves(result, n, temp / name)
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    return common.write_folder(out, fill, force, game)


def public_curves(result: DeclineStudy) -> pd.DataFrame:
    """decline.csv: the curves without the internal rule key."""
    return result.curves[list(CURVE_COLUMNS) + ["p_vs_default"]]


def _group_text(result: DeclineStudy, n: int, label: str) -> str:
    g = result.groups[(result.groups.players == n) & (result.groups.group == label)].iloc[0]
    if result.grouping == "chosen":
        return f"{label} ({g.tokens_min} tokens)"
    return f"{label}-token combos ({_span(g.tokens_min, g.tokens_max)} tokens, {g.combos} combos)"


def _span(lo: int, hi: int) -> str:
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def findings(result: DeclineStudy) -> list[str]:
    """Short sentences generated from the tables, for the report."""
    out = []
    c = result.curves
    for n in result.players:
        best = result.best[(result.best.players == n) & (result.best.among == "all")]
        for r in best.itertuples():
            verdict = (
                "significantly better than the default"
                if r.beats_default
                else "not significantly better than the default"
            )
            out.append(
                f"{n} players, {_group_text(result, n, r.group)}: the best rule is {r.rule} "
                f"({pct(r.win_rate)} wins, 95% {pct(r.win_lo)} to {pct(r.win_hi)}), "
                f"{pp(r.win_diff)} against the default {result.default_rule[n]} (paired 95% "
                f"{_diff_span(r, r.win_diff_lo, r.win_diff_hi)}): {verdict} after a Bonferroni "
                f"correction over {r.rules_compared} rules."
            )
        rnd = result.best[(result.best.players == n) & (result.best.among == "decline_round")]
        if len(rnd) > 1:
            parts = ", ".join(f"{r.group} {r.value}" for r in rnd.itertuples())
            out.append(f"{n} players: the best single round to decline, by group: {parts}.")
        never = c[(c.players == n) & (c.family == "decline_tokens") & (c.value == 0)]
        if len(never) and not never.is_default.any():
            # Groups are independent samples of equal size: average their paired differences.
            se = (never.win_vs_default_hi - never.win_vs_default_lo) / (2 * Z95)
            mean = float(never.win_vs_default.mean())
            half = Z95 * float(np.sqrt((se**2).sum(skipna=False))) / len(never)
            span = interval_text(mean - half, mean + half, pp, within=RATE_DIFFERENCE)
            out.append(
                f"{n} players: never declining (decline_tokens = 0) changes the test seat's "
                f"win rate by {pp(mean)} ({'' if span == TOO_FEW else '95% '}{span}) against "
                "the default rule, averaged over the groups."
            )
    if result.error_games:
        out.append(f"{result.error_games} games broke an engine invariant (see --check).")
    return out


def _diff_span(row, lo, hi) -> str:
    """A paired difference's interval: none for the default against itself."""
    return "the default itself" if row.is_default else interval_text(lo, hi, pp)


def _curve_lines(frame: pd.DataFrame) -> list[str]:
    header = ["rule", "games", "win rate", "95% interval", "vs default (paired 95%)",
              "mean VC", "declines", "decline round"]  # fmt: skip
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in frame.itertuples():
        name = "default" if r.family == "default" else f"{r.family} = {r.value}"
        if r.is_default:
            name += " (default)"
        dr = "" if not np.isfinite(r.mean_decline_round) else f"{r.mean_decline_round:.2f}"
        lines.append(
            f"| {name} | {r.games} | {pct(r.win_rate)} | {pct(r.win_lo)} to {pct(r.win_hi)} | "
            f"{pp(r.win_vs_default)} "
            f"({_diff_span(r, r.win_vs_default_lo, r.win_vs_default_hi)}) | "
            f"{r.mean_vc:.1f} ({interval_text(r.vc_lo, r.vc_hi, lambda v: f'{v:.1f}')}) | "
            f"{r.mean_declines:.2f} | {dr} |"
        )
    return lines


def _team_lines(result: DeclineStudy) -> list[str]:
    if result.variant == STANDARD:
        return []
    seats = "; ".join(
        f"{n} players: seats {', '.join(str(s + 1) for s in v)}"
        for n, v in result.test_seats.items()
    )
    return [
        "- Battle for Azeroth: a win is the **team win** (the test seat's faction wins, "
        "rulings.md B3; a shared victory counts for each winner); the forced combo is one of its "
        f"own faction's (rulings.md B9); test seats: {seats}."
    ]


def summary_markdown(result: DeclineStudy) -> str:
    bots = "; ".join(f"{n} players: {common.bots_text(p)}" for n, p in result.policies.items())
    if result.grouping == "tokens":
        g = result.groups
        cuts = "; ".join(
            f"{n} players: "
            + ", ".join(
                f"{r.group} {_span(r.tokens_min, r.tokens_max)} ({r.combos} combos)"
                for r in g[g.players == n].itertuples()
            )
            for n in result.players
        )
        grouping = (
            "Groups of combos by starting tokens (banner plus badge, within the box), cut where "
            f"the groups come out closest to equal size: {cuts}."
        )
    else:
        grouping = "Groups: the chosen combos, one group each."
    lines = [
        f"# When to decline, {', '.join(map(str, result.players))} players",
        "",
        f"- Ruleset: {result.ruleset_name}"
        + result.variant_text
        + (f"; scenario: {result.scenario}" if result.scenario else ""),
        f"- Bots: {bots}. One test seat per game plays the heuristic bot with the swept "
        "rule; the other seats keep their bots.",
        *_team_lines(result),
        "- Default rule of the test seat: "
        + "; ".join(f"{n} players: {t}" for n, t in result.default_rule.items()),
        f"- Games: {result.games} per rule, group and player count ({result.n_games} games "
        f"played); seed: {result.seed}. Every rule plays the same games (common random "
        "numbers), so differences to the default are paired game by game.",
        "- The test seat's first pick is forced (free) to a combo drawn per game from its "
        "group; the games are split into equal blocks, one per seat, so seat order cancels.",
        f"- {grouping}",
        "- Families: `decline_tokens = v` declines once fewer than v tokens are free to "
        "attack and the race has played its minimum turns (v = 0: never by tokens); "
        "`decline_round = r` declines in round r exactly and never otherwise.",
        "- Intervals: Wilson 95% for win rates, normal 95% for means and paired "
        "differences. `best` picks the highest win rate; it beats the default only if its "
        "paired difference stays significant after a Bonferroni correction over the rules "
        "compared.",
        f"- Time: {result.seconds:.0f} s"
        + (f"; invariant violations: {result.error_games} games" if result.error_games else ""),
        "",
        "## Findings",
        "",
        *[f"- {s}" for s in findings(result)],
        "",
    ]
    for n in result.players:
        for label in result.groups[result.groups.players == n].group:
            frame = result.curves[(result.curves.players == n) & (result.curves.group == label)]
            lines += [
                f"## {n} players, {_group_text(result, n, label)}",
                "",
                *_curve_lines(frame),
                "",
            ]
    lines += [
        *common.caveat_lines(result.not_modeled, result.estimates),
        "Every number is against these bots; combos whose race or power ability is not "
        "played are among the forced picks (see groups.csv for the combos of each group).",
        "",
        "Files: decline.csv / .parquet (one row per players x group x rule), best.csv "
        "(best rule per players x group, within each family and over both), groups.csv, "
        + ", ".join(chart_names(result))
        + " (win rate and mean VC against the parameter, 95% bands, one line per group).",
        "",
    ]
    return "\n".join(lines)
