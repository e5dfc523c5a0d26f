"""The robustness study: do the headline findings hold against other bots?

Every number of the other studies is measured against one field of bots (the default
heuristic). Here the main effects are measured again under several *fields* (the
bots of the seats) and with a stronger style in the forced seat:

- race and power effects: every allowed combo is forced as one seat's first pick
  (free), `games_per_combo` games each, laid out seat-major (combos.seat_blocks), so a
  race's win rate is averaged over every power and a power's over every race;
- seat advantage: the win rate of each seat over the same games (every seat carries
  the forced pick equally often), and the first seat's rate minus the last one's;
- the best decline rule per group of combos (the one the decline study names when its
  folder is given, else the reference field's own best), played again by the decline
  study (`decline_games` games per rule) in every field, its test seat starting from
  the field's bot (or the forced-seat style).

Every field plays the same games (same seed and game indices: the same boards,
forced combos, shuffles and dice), so the fields differ only by their bots. Each
table is compared with the reference field's (the first) by Spearman's rank
correlation, with a bootstrap interval that resamples games (the same draws for both
fields, within each seat's games; reproducible from the seed). Each headline
finding of the reference field is then marked "holds across bots" or "depends on the
bots" by the criterion in `mark_findings` (README: "Robustness").
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer import precision
from analyzer.backends import Chunk, or_in_process
from analyzer.engine import layout as L
from analyzer.engine.layout import MAX_PLAYERS
from analyzer.errors import InputError, Problem
from analyzer.gameloop import api
from analyzer.model.limits import MAX_STUDY_GAMES, check_study_games, range_text
from analyzer.players.params import SEARCHING_POLICIES
from analyzer.players.styles import bot_names, policy_of, styles_lines
from analyzer.present.charts import pyplot, save_figure
from analyzer.simulate import engine_step, seat_bots
from analyzer.stats import (
    honest,
    interval_text,
    percentile_interval,
    separable,
    spearman,
    spearman_rows,
    wilson,
)
from analyzer.studies import common, exploit
from analyzer.studies.combos import allowed_combos, seat_blocks, seat_major_rows, with_forced_bot
from analyzer.studies.common import CLI, pct
from analyzer.studies.exploit import exploit_table
from analyzer.studies.robustness_decline import decline_curves, decline_table, named_rules
from analyzer.studies.settings import (  # noqa: F401  (the study's public names)
    DEFAULT_FIELDS,
    DEFAULT_FORCED,
    RobustnessSettings,
)
from analyzer.studies.tiers import DEPENDS, HOLDS, TOO_FEW, first_tier

WHERE = "robustness study"
KINDS = ("race", "power", "seat")
_BOOT_PURPOSE = 0xB0075  # the bootstrap's random stream within the run seed


@dataclass(frozen=True)
class Field:
    """The bots of one field: a style per seat, and the forced seat's style (None:
    the seat's own)."""

    bots: tuple[str, ...]
    forced_bot: str | None = None
    games_per_combo: int | None = None  # None: the study's; fewer: a subset of its games

    @property
    def name(self) -> str:
        names = list(dict.fromkeys(self.bots))
        seats = f"all {names[0]}" if len(names) == 1 else "mixed " + "/".join(self.bots)
        return seats + (f", {self.forced_bot} forced seat" if self.forced_bot else "")


@dataclass
class RobustnessStudy:
    n_players: int
    games_per_combo: int
    decline_games: int
    bootstrap: int
    seed: int
    ruleset_name: str
    fields: list[Field]
    effects: pd.DataFrame  # field, kind, name, games, wins, win_rate, win_lo, win_hi, rank
    correlation: pd.DataFrame  # field, kind, items, spearman, spearman_lo, spearman_hi
    seat_gap: pd.DataFrame  # field, gap (first - last seat), gap_lo, gap_hi
    decline: pd.DataFrame  # robustness_decline.COLUMNS: the checked rule in each field
    marks: pd.DataFrame  # finding, value, mark, detail
    field_games: pd.DataFrame  # field, bots, forced_bot, combo_games, decline_games, seconds
    seconds: float
    not_modeled: list[str] = field(default_factory=list)
    exploit: pd.DataFrame | None = None  # studies/exploit.py: a responder against each field

    @property
    def reference(self) -> str:
        return self.fields[0].name


# ------------------------------------------------------------------ input
def _names(text: str, key: str, n_players: int, repeat: bool) -> tuple[str, ...]:
    names = [p.strip().lower() for p in str(text).split(",") if p.strip()]
    known = bot_names()
    bad = [
        Problem(CLI, key, name, "unknown bot or style", known)
        for name in names
        if name not in known
    ]
    if bad:
        raise InputError(bad)
    if not names:
        raise InputError(Problem(CLI, key, text, "names no bot", known))
    if not repeat:
        return tuple(names)
    return tuple(names[s % len(names)] for s in range(n_players))


def parse_fields(
    fields: Sequence[str],
    forced_bots: Sequence[str] | str,
    n_players: int,
    lookahead_games_per_combo: int | None = None,
):
    """The fields to play: each --field text (styles by seat, comma separated; a list
    shorter than the players repeats), then the first field with each forced-seat
    style (a lookahead style plays `lookahead_games_per_combo` games per combo).
    InputError naming the unknown style and the closest one."""
    if isinstance(forced_bots, str):
        forced_bots = [forced_bots] if forced_bots.strip() else []
    out = [Field(_names(text, "--field", n_players, True)) for text in fields]
    if not out:
        raise InputError(Problem(CLI, "--field", "", "give at least one field of bots"))
    for text in forced_bots:
        for name in _names(text, "--forced-bots", n_players, False):
            slow = policy_of(name) in SEARCHING_POLICIES
            out.append(Field(out[0].bots, name, lookahead_games_per_combo if slow else None))
    unique = list(dict.fromkeys(out))
    if len(unique) < 2:
        raise InputError(
            Problem(CLI, "--field", ";".join(fields), "give at least two fields (or a forced-"
                    "seat style) to compare")
        )  # fmt: skip
    return unique


def check_robustness(
    n_players, games_per_combo, decline_games, bootstrap, seed, lookahead_games_per_combo=1
) -> None:
    problems = common.check_seed(seed)
    if isinstance(n_players, bool) or not 2 <= n_players <= MAX_PLAYERS:
        problems.append(Problem(CLI, "--players", n_players, f"must be 2 to {MAX_PLAYERS}"))
    for key, value, least in (("--games-per-combo", games_per_combo, 1),
                              ("--decline-games", decline_games, 0),
                              ("--bootstrap", bootstrap, 20),
                              ("--lookahead-games-per-combo", lookahead_games_per_combo,
                               1)):  # fmt: skip
        if isinstance(value, bool) or not least <= value <= MAX_STUDY_GAMES:
            problems.append(Problem(CLI, key, value, range_text(least, MAX_STUDY_GAMES)))
    if decline_games == 1:  # the decline study's paired intervals need two games
        problems.append(Problem(CLI, "--decline-games", 1, "must be 0 (none) or 2 or more: "
                                "one game per rule gives no interval"))  # fmt: skip
    if problems:
        raise InputError(problems)


# ------------------------------------------------------------------ playing
@dataclass
class _Games:
    combo: np.ndarray  # per game: the forced combo's index
    seat: np.ndarray  # per game: the forced seat
    wins: np.ndarray  # per game and seat: won (ties count for every tied seat)
    index: np.ndarray  # per game: its index among the reference field's games

    @property
    def forced_win(self) -> np.ndarray:
        return self.wins[np.arange(self.seat.size), self.seat]


def field_runs(n_combos: int, gpc: int, n: int, sub: int | None) -> list[tuple[int, int, int]]:
    """(seat, first game, games) of each run of consecutive reference games a field
    plays: whole seat blocks, or with `sub` < gpc the first games of each combo in each
    seat block (seat s keeps the k < sub with k % n == s, as combos.seat_blocks does)."""
    if sub is None or sub >= gpc:
        return [(s, start, n_combos * m) for s, start, m in seat_blocks(n_combos, gpc, n) if m]
    runs = []
    for s, start, m in seat_blocks(n_combos, gpc, n):
        k = len(range(s, sub, n))
        runs += [(s, start + c * m, k) for c in range(n_combos)] if k else []
    return runs


def _play_field(fld: Field, etables, pairs, n, gpc, seed, step, backend) -> _Games:
    ids, params = seat_bots(fld.bots, n)
    starts = {s: (start, m) for s, start, m in seat_blocks(len(pairs), gpc, n)}
    runs = field_runs(len(pairs), gpc, n, fld.games_per_combo)
    index = np.concatenate([np.arange(f, f + k, dtype=np.int64) for _, f, k in runs])
    where = np.full(len(pairs) * gpc, -1, np.int64)
    where[index] = np.arange(index.size)
    total = index.size
    games = _Games(np.zeros(total, np.int64), np.zeros(total, np.int64),
                   np.zeros((total, n), np.int8), index)  # fmt: skip

    def calls():
        for s, run_first, run_games in runs:
            s_ids, s_params = with_forced_bot(ids, params, s, fld.forced_bot)
            start, m = starts[s]
            stop = run_first + run_games
            for first in range(run_first, stop, step):
                idx = np.arange(first, min(first + step, stop), dtype=np.int64)
                forced, combo = seat_major_rows(pairs, idx, start, m, s, 0)
                yield Chunk(etables, n, seed, first, idx.size, s_ids, s_params, False, forced,
                            combo)  # fmt: skip

    for call, res in or_in_process(backend).play(calls()):
        sl = where[call.first : call.first + call.n_games]
        games.combo[sl] = call.tag
        games.seat[sl] = call.forced[:, L.F_SEAT]
        games.wins[sl] = res.seats[:, :n, L.S_WIN]
    return games


def _strata(games: _Games) -> list[tuple[int, int]]:
    """(first position, games) of each forced seat's games: the bootstrap resamples
    within a seat, so every seat keeps its games (a combo's count varies a little, as in
    any resample). Games are stored seat by seat."""
    seats, first = np.unique(games.seat, return_index=True)
    ends = list(first[1:]) + [games.seat.size]
    return [(int(f), int(e - f)) for f, e in zip(first, ends, strict=True)]


def _resample(rng, strata) -> np.ndarray:
    return np.concatenate([start + rng.integers(0, size, size) for start, size in strata])


class _Looked:
    """What _rates reads of every game of a field, looked up once for its hundreds of
    resamples: the forced seat's race and power (their keys) and its win, and which
    seats won, as one number per game (bit s: seat s won) and the seats of each number."""

    def __init__(self, games: _Games, keys: dict):
        self.key = {kind: keys[kind][games.combo] for kind in ("race", "power")}
        self.size = {kind: int(keys[kind].max()) + 1 for kind in ("race", "power")}
        self.win = games.forced_win.astype(np.float64)
        seats = games.wins.shape[1]
        self.won = (games.wins.astype(np.int64) << np.arange(seats)).sum(1)
        self.bits = (np.arange(1 << seats)[:, None] >> np.arange(seats)) & 1


def _rates(games: _Looked, idx: np.ndarray) -> dict[str, np.ndarray]:
    """Win rate per race, per power (the forced seat's) and per seat, over games idx.
    Every rate is a count of wins (a whole number, exact) over a count of games."""
    win = games.win[idx]
    out = {}
    for kind in ("race", "power"):
        k = games.key[kind][idx]
        size = games.size[kind]
        out[kind] = np.bincount(k, win, size) / np.maximum(np.bincount(k, minlength=size), 1)
    patterns = np.bincount(games.won[idx], minlength=games.bits.shape[0])
    out["seat"] = (patterns @ games.bits) / idx.size
    return out


def run_robustness(
    settings: RobustnessSettings, backend=None, log=None, chunk: int | None = None
) -> RobustnessStudy:
    """Play every field of `settings` (studies/plans/robustness.py) and compare it with
    the first one; `log(text)` hears which field is playing. `chunk` (games per engine
    call) and `backend` (where the games are played) never change the results."""
    s = settings
    n_players, fields, forced_bots, games_per_combo = (
        s.players, s.fields, s.forced_bots, s.games_per_combo,
    )  # fmt: skip
    decline_games, bootstrap, seed, tables = s.decline_games, s.bootstrap, s.seed, s.tables
    lookahead_games_per_combo = s.lookahead_games_per_combo

    check_robustness(n_players, games_per_combo, decline_games, bootstrap, seed,
                     lookahead_games_per_combo)  # fmt: skip
    common.check_chunk(chunk, WHERE)
    flds = parse_fields(fields, forced_bots, n_players, lookahead_games_per_combo)
    if tables is None:
        tables = common.printed_tables(s.game)
    pairs = np.array(allowed_combos(tables), np.int64).reshape(-1, 2)
    total = len(pairs) * games_per_combo
    check_study_games(total, "robustness", keys=("--games-per-combo",))
    step = chunk or or_in_process(backend).games_per_call(total) or engine_step()
    etables = api.engine_tables(tables)
    names = {"race": tables.race_names, "power": tables.power_names}
    keys, labels = {}, {}
    for j, kind in enumerate(("race", "power")):
        ids = np.unique(pairs[:, j])
        keys[kind] = np.searchsorted(ids, pairs[:, j])
        labels[kind] = [names[kind][i] for i in ids]
    labels["seat"] = [f"seat {s + 1}" for s in range(n_players)]
    started = time.perf_counter()
    played, declines, field_rows = [], [], []
    for fld in flds:
        t0 = time.perf_counter()
        if log is not None:
            log(f"Robustness: playing {fld.name}...")
        games = _play_field(fld, etables, pairs, n_players, games_per_combo, seed, step, backend)
        played.append(games)
        curves = None
        if decline_games:
            curves = decline_curves(fld, n_players, decline_games, seed, tables, backend, chunk,
                                    game=s.game)  # fmt: skip
        declines.append(curves)
        field_rows.append(
            {"field": fld.name, "bots": ",".join(fld.bots),
             "forced_bot": fld.forced_bot or "own seat's bot", "combo_games": games.combo.size,
             "decline_games": 0 if curves is None else int(curves.games.sum()),
             "seconds": round(time.perf_counter() - t0, 1)}
        )  # fmt: skip
    effects = _effects(flds, played, keys, labels)
    correlation, seat_gap = _bootstrap(flds, played, keys, labels, games_per_combo, n_players,
                                       bootstrap, seed)  # fmt: skip
    decline = decline_table(flds, declines, named_rules(s.decline_source, n_players))
    exploit = None
    if s.exploit_games:
        if log is not None:
            log(f"Robustness: one {s.responder} seat against each field...")
        plain = [(f.name, f.bots) for f in flds if f.forced_bot is None]
        exploit = exploit_table(plain, s.responder, n_players, s.exploit_games, seed, tables,
                                backend)  # fmt: skip
    marks = mark_findings(effects, correlation, seat_gap, decline, flds[0].name, decline_games)
    return RobustnessStudy(
        n_players=n_players, games_per_combo=games_per_combo, decline_games=decline_games,
        bootstrap=bootstrap, seed=seed, ruleset_name=tables.ruleset.name, fields=flds,
        effects=effects, correlation=correlation, seat_gap=seat_gap, decline=decline,
        marks=marks, field_games=pd.DataFrame(field_rows),
        seconds=time.perf_counter() - started, not_modeled=tables.not_modeled(),
        exploit=exploit,
    )  # fmt: skip


# ------------------------------------------------------------------ tables
def _effects(flds, played, keys, labels) -> pd.DataFrame:
    rows = []
    for fld, games in zip(flds, played, strict=True):
        idx = np.arange(games.combo.size)
        win = games.forced_win.astype(np.float64)
        for kind in KINDS:
            if kind == "seat":
                n_games = np.full(games.wins.shape[1], games.combo.size)
                wins = games.wins.sum(0)
            else:
                k = keys[kind][games.combo[idx]]
                size = len(labels[kind])
                n_games = np.bincount(k, minlength=size)
                wins = np.bincount(k, win, size)
            rate = wins / np.maximum(n_games, 1)
            lo, hi = wilson(wins, n_games)
            rank = pd.Series(rate).rank(ascending=False, method="min").astype(int).to_numpy()
            for i, name in enumerate(labels[kind]):
                rows.append(
                    {"field": fld.name, "kind": kind, "name": name, "games": int(n_games[i]),
                     "wins": int(wins[i]), "win_rate": rate[i], "win_lo": float(lo[i]),
                     "win_hi": float(hi[i]), "rank": int(rank[i])}
                )  # fmt: skip
    return pd.DataFrame(rows)


def _bootstrap(flds, played, keys, labels, gpc, n, reps, seed):
    """Spearman correlation of every field's race, power and seat table with the
    reference's, and every field's first-minus-last seat gap, each with a percentile
    bootstrap interval: the same resampled games for every field (paired)."""
    # A field that played a subset of the reference's games is compared with the
    # reference on that subset (paired); the draws of each field come from the same seed.
    looked = [_Looked(g, keys) for g in played]
    ref = looked[0]
    point = [_rates(lk, np.arange(g.combo.size)) for lk, g in zip(looked, played, strict=True)]
    ref_point = [_rates(ref, g.index) for g in played]
    rho = np.full((reps, len(flds), len(KINDS)), np.nan)
    gap = np.full((reps, len(flds)), np.nan)
    for f, g in enumerate(played):
        rng = np.random.default_rng([seed, _BOOT_PURPOSE])
        strata = _strata(g)
        table: dict[str, list] = {kind: [] for kind in KINDS}
        table0: dict[str, list] = {kind: [] for kind in KINDS}
        for b in range(reps):
            idx = _resample(rng, strata)
            r, r0 = _rates(looked[f], idx), _rates(ref, g.index[idx])
            gap[b, f] = r["seat"][0] - r["seat"][-1]
            for kind in KINDS:
                table[kind].append(r[kind])
                table0[kind].append(r0[kind])
        for j, kind in enumerate(KINDS):  # every resample's correlation in one call
            rho[:, f, j] = spearman_rows(np.array(table0[kind]), np.array(table[kind]))
    corr_rows, gap_rows = [], []
    for f, fld in enumerate(flds):
        g = point[f]["seat"][0] - point[f]["seat"][-1]
        lo, hi = honest(*percentile_interval(gap[:, f]), estimate=g)  # NaN: resamples alike
        gap_rows.append({"field": fld.name, "first_seat": point[f]["seat"][0],
                         "last_seat": point[f]["seat"][-1], "gap": g, "gap_lo": lo,
                         "gap_hi": hi})  # fmt: skip
        if f == 0:
            continue
        for j, kind in enumerate(KINDS):
            whole = spearman(ref_point[f][kind], point[f][kind])
            lo, hi = honest(*percentile_interval(rho[:, f, j]), estimate=whole)
            corr_rows.append(
                {"field": fld.name, "kind": kind, "items": len(labels[kind]),
                 "spearman": whole, "spearman_lo": lo,
                 "spearman_hi": hi, "bootstrap": reps}
            )  # fmt: skip
    return pd.DataFrame(corr_rows), pd.DataFrame(gap_rows)


# ------------------------------------------------------------------ the marks
def _seat_sides(gaps: pd.DataFrame) -> str:
    """The fields grouped by the side their first-minus-last seat gap clearly takes."""
    groups = {"the first seat ahead": [], "the last seat ahead": [], "no clear difference": []}
    for name, g in gaps.iterrows():
        key = ("the first seat ahead" if g.gap_lo > 0 else "the last seat ahead" if g.gap_hi < 0
               else "no clear difference")  # fmt: skip
        groups[key].append(str(name))
    return "; ".join(f"{k} in {', '.join(v)}" for k, v in groups.items() if v)


def _named(table: pd.DataFrame, side: str) -> str:
    """The reference's strongest (weakest) item, or "tied: A, B" with both rates when
    the games cannot tell it from the runner-up."""
    first = table.iloc[0]
    if len(table) < 2:
        return first["name"]
    second = table.iloc[1]
    if separable(first.wins, first.games, second.wins, second.games):
        return first["name"]
    return (f"tied: {first['name']} ({pct(first.win_rate)}), "
            f"{second['name']} ({pct(second.win_rate)})")  # fmt: skip


def _rho(rho, lo, hi) -> str:
    """A rank correlation with its interval, or the words for none."""
    if not np.isfinite(rho):
        return "n/a (a table all alike)"
    return f"{rho:.2f} ({_two(lo, hi)})"


def mark_findings(
    effects, correlation, seat_gap, decline, reference: str, decline_games: int | None = None
) -> pd.DataFrame:
    """Each headline finding of the reference field, marked HOLDS, DEPENDS or TOO_FEW.

    - strongest race, weakest race, strongest power: the reference's top (bottom) one
      is first (last) in every other field, or in its first tier there on games enough
      to tell (first_tier); the rank correlations are evidence shown beside, not the test;
    - seat advantage: when the reference's first-minus-last seat gap is clear (its
      interval excludes 0), every field's interval excludes 0 on the same side; when
      it is not, no field's is clear either;
    - best decline rule of each group: the rule the decline study names (else the
      reference's best) is first, or in the first tier (first_tier), in every field that
      played the decline rules (the reference too when the decline study named it).

    A finding that does not hold is marked TOO_FEW rather than DEPENDS when the
    reference's own number is too rough to rank (analyzer/precision.py): the named race's
    or power's win-rate interval, or the seat gap's, is too wide, or the decline rules
    played fewer than precision.MIN_GAMES games (`decline_games`) each."""

    def verdict(ok: bool, rough: bool) -> str:
        return HOLDS if ok else TOO_FEW if rough else DEPENDS

    rows = []
    others = [f for f in dict.fromkeys(effects.field) if f != reference]
    for kind, side, title in (("race", "top", "Strongest race"), ("race", "bottom", "Weakest race"),
                              ("power", "top", "Strongest power")):  # fmt: skip
        part = effects[effects.kind == kind]
        ref = part[part.field == reference].sort_values("win_rate", ascending=side == "bottom")
        name = ref.iloc[0]["name"]
        rough = precision.too_wide(ref.iloc[0]["win_lo"], ref.iloc[0]["win_hi"])
        states, details = [], []
        for f in others:
            t = part[part.field == f].sort_values("win_rate", ascending=side == "bottom")
            state, text = first_tier(t, name, side)
            states.append(state)
            c = correlation[(correlation.field == f) & (correlation.kind == kind)]
            rho = (f"ρ {_rho(c.spearman.iloc[0], c.spearman_lo.iloc[0], c.spearman_hi.iloc[0])}"
                   if len(c) else "ρ n/a")  # fmt: skip
            details.append(f"{f}: {text}, {rho}")
        mark = (HOLDS if all(s == HOLDS for s in states)
                else DEPENDS if DEPENDS in states and not rough else TOO_FEW)  # fmt: skip
        rows.append({"finding": title, "value": _named(ref, side), "mark": mark,
                     "detail": "; ".join(details)})  # fmt: skip
    gaps = seat_gap.set_index("field")
    r = gaps.loc[reference]
    clear = r.gap_lo > 0 or r.gap_hi < 0
    if clear:
        value = "the first seat wins more than the last" if r.gap > 0 else (
            "the last seat wins more than the first")  # fmt: skip
    else:
        value = "no clear difference between the first and the last seat"
    ok, details = True, []
    for f in others:
        g = gaps.loc[f]
        if clear:
            ok &= bool(g.gap_lo > 0) if r.gap > 0 else bool(g.gap_hi < 0)
        else:
            ok &= bool(g.gap_lo <= 0 <= g.gap_hi)
        details.append(f"{f}: {100 * g.gap:+.1f} points ({_points(g.gap_lo, g.gap_hi)})")
    rough = precision.too_wide(r.gap_lo, r.gap_hi)
    if not ok:  # say how it depends: which fields favour which seat
        sides = _seat_sides(gaps)
        value = f"{value}; by field: {sides}" if sides else value
    rows.append({"finding": "Seat advantage", "value": value, "mark": verdict(ok, rough),
                 "detail": "; ".join(details)})  # fmt: skip
    for group in dict.fromkeys(decline.group) if len(decline) else ():
        part = decline[decline.group == group]
        # the reference field is a test too when the rule was named by the decline study
        played = [row for row in part.itertuples() if row.field != reference or row.named]
        states = [row.state for row in played]
        rough = decline_games is not None and precision.too_few_games(decline_games)
        mark = (HOLDS if all(s == HOLDS for s in states)
                else DEPENDS if DEPENDS in states and not rough else TOO_FEW)  # fmt: skip
        details = [f"{row.field}: {row.where} ({row.rules} rules)" for row in played]
        rows.append({"finding": f"Best decline rule ({group} tokens)",
                     "value": part.reference_rule.iloc[0], "mark": mark,
                     "detail": "; ".join(details) or "no other field played them"})  # fmt: skip
    return pd.DataFrame(rows, columns=["finding", "value", "mark", "detail"])


# ------------------------------------------------------------------ output
def default_out(n_players: int) -> Path:
    return Path("reports") / f"robustness-{n_players}p"


CRITERION = (
    f"A finding **{HOLDS}** when, in every other field: the named race or power is still "
    "first (last) there, or in the first tier: not told apart from the first by a "
    "two-sample test at 5%, on games enough to rank it (its interval within "
    f"{100 * precision.MAX_HALF_WIDTH:.0f} points either side; else that field has too few "
    "games to tell); the seat advantage keeps its side (an interval "
    f"of first-minus-last that excludes 0 on the same side, or includes 0 when the "
    f"reference's does); the best decline rule of a group (the one the decline study "
    "names, in the reference field too) is first there, or in the first tier, on games "
    "enough to rank it. Otherwise it **{DEPENDS}**, or, when the reference's own number "
    f"is too rough to rank (its interval more than {100 * precision.MAX_HALF_WIDTH:.0f} points "
    f"either side, or decline rules of fewer than {precision.MIN_GAMES} games), "
    f"**{TOO_FEW}**."
)


def findings(result: RobustnessStudy) -> list[str]:
    out = [
        f"Against {len(result.fields) - 1} other fields of bots ("
        + "; ".join(f.name for f in result.fields[1:])
        + f"), the reference being {result.reference}: "
        + ", ".join(f"{(result.marks.mark == m).sum()} {m}" for m in (HOLDS, DEPENDS, TOO_FEW))
        + "."
    ]
    for r in result.marks.itertuples():
        out.append(f"{r.finding}: {r.value}: **{r.mark}** ({r.detail}).")

    return out + exploit.findings(result.exploit)


def _two(lo, hi) -> str:
    """A correlation's interval, or "too few games for an interval"."""
    return interval_text(lo, hi, fmt=lambda v: f"{v:.2f}")


def _points(lo, hi) -> str:
    """A win-rate gap's interval in points, or "too few games for an interval"."""
    return interval_text(lo, hi, fmt=lambda v: f"{100 * v:+.1f}")


def _md(header, rows) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
            *["| " + " | ".join(map(str, r)) + " |" for r in rows]]  # fmt: skip


def summary_markdown(result: RobustnessStudy) -> str:
    fg = result.field_games
    styles = [
        b for f in result.fields for b in (*f.bots, *([f.forced_bot] if f.forced_bot else []))
    ]
    lines = [
        f"# Robustness across bots, {result.n_players} players",
        "",
        f"- Ruleset: {result.ruleset_name}; players: {result.n_players}; seed: {result.seed}",
        f"- Reference field: {result.reference}. Fields compared: "
        + "; ".join(f.name for f in result.fields[1:]) + ".",
        f"- Race and power effects and seat advantage: every allowed combo forced as one "
        f"seat's first pick (free), {result.games_per_combo} games per combo "
        f"({int(fg.combo_games.iloc[0]):,} games per field), seat-major so every seat takes "
        "every combo equally often; the same games (seed, boards, dice) in every field."
        + "".join(
            f" The field {f.name} plays the first {f.games_per_combo} of each combo's games "
            f"({int(n):,} games; a lookahead seat is slow) and is compared with the "
            "reference on those games."
            for f, n in zip(result.fields, fg.combo_games, strict=True)
            if f.games_per_combo is not None and f.games_per_combo < result.games_per_combo
        ),
        f"- Best decline rule: the decline study, {result.decline_games} games per rule and "
        "group of combos"
        + (" (skipped)" if not result.decline_games else "")
        + "; its test seat starts from the field's bot (the forced-seat style in a forced-seat "
        "field). The rule checked: "
        + ("the decline study's best" if len(result.decline) and result.decline.named.any()
           else "the reference field's own best") + ".",
        f"- Intervals: {result.bootstrap} bootstrap resamples of the games (within each seat's "
        "games, the same draws for both fields), 2.5 and 97.5 percentiles.",
        f"- Time: {result.seconds:.0f} s.",
        "",
        "Styles that played:",
        "",
        *styles_lines(styles),
        "",
        "## Marks",
        "",
        CRITERION,
        "",
        *_md(["finding", "reference", "mark", "in the other fields"],
             [[r.finding, r.value, f"**{r.mark}**", r.detail] for r in result.marks.itertuples()]),
        "",
        "## Rank correlation with the reference",
        "",
        "Noise alone pulls a correlation below 1 (two runs of the same field would not give "
        "1 either), more so for the seats (few items).",
        "",
        *_md(["field", "table", "items", "Spearman", "95% interval"],
             [[r.field, r.kind, r.items, f"{r.spearman:.2f}" if np.isfinite(r.spearman) else "n/a",
               _two(r.spearman_lo, r.spearman_hi)]
              for r in result.correlation.itertuples()]),
        "",
        "![Rank correlation per field](correlation.png)",
        "",
        "## Seat advantage (first seat minus last seat)",
        "",
        *_md(["field", "first seat", "last seat", "gap", "95% interval"],
             [[r.field, pct(r.first_seat), pct(r.last_seat), f"{100 * r.gap:+.1f} points",
               _points(r.gap_lo, r.gap_hi)]
              for r in result.seat_gap.itertuples()]),
        "",
        "## Strongest and weakest per field",
        "",
    ]  # fmt: skip
    rows = []
    for f in result.fields:
        for kind in ("race", "power"):
            t = result.effects[(result.effects.field == f.name) & (result.effects.kind == kind)]
            t = t.sort_values("win_rate", ascending=False)
            top, bottom = t.iloc[0], t.iloc[-1]
            rows.append([f.name, kind, f"{top['name']} {pct(top.win_rate)}",
                         f"{bottom['name']} {pct(bottom.win_rate)}"])  # fmt: skip
    lines += _md(["field", "table", "strongest", "weakest"], rows) + [""]
    if len(result.decline):
        lines += ["## Best decline rule per group", ""]
        lines += _md(["field", "group", "best rule there", "rule checked", "where it stands"],
                     [[r.field, r.group, r.best_rule, r.reference_rule,
                       f"{r.where} of {r.rules} rules ({r.state})"]
                      for r in result.decline.itertuples()])  # fmt: skip
        lines.append("")

    lines += exploit.markdown(result.exploit)
    lines += [
        "Not fully modeled (played, but their ability is missing or partial): "
        + (", ".join(result.not_modeled) or "none") + ".",
        "",
        "Files: marks.csv, correlation.csv, effects.csv, seat_gap.csv, decline.csv, fields.csv"
        + (", exploit.csv" if result.exploit is not None else "")
        + " (each also as Parquet), correlation.png.",
        "",
    ]  # fmt: skip
    return "\n".join(lines)


def correlation_chart(result: RobustnessStudy, path: Path) -> Path:
    """Each field's rank correlation with the reference, per table, with its interval."""

    plt = pyplot()
    c = result.correlation
    names = [f.name for f in result.fields[1:]]
    fig, ax = plt.subplots(figsize=(8, 1.8 + 0.8 * len(names)))
    for j, (kind, color) in enumerate(zip(KINDS, ("#1f77b4", "#d62728", "#2ca02c"), strict=True)):
        part = c[c.kind == kind].set_index("field").reindex(names)
        y = np.arange(len(names)) + (j - 1) * 0.22
        # A percentile interval may leave its point outside (resampling adds noise, which
        # lowers a correlation), so the bar is drawn from its ends, not as +/- errors.
        ax.hlines(y, part.spearman_lo, part.spearman_hi, color=color, linewidth=1.5)
        ax.plot(part.spearman, y, "o", color=color,
                label=f"{kind} ({int(part['items'].iloc[0])} items)")  # fmt: skip
    ax.axvline(0, color="#bbbbbb", linewidth=0.8)
    labels = [textwrap.fill(n.replace("/", "/ "), 22).replace("/ ", "/") for n in names]
    ax.set_yticks(range(len(names)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(-1.05, 1.05)
    ax.set_xlabel(f"Spearman rank correlation with {result.reference} (95% bootstrap interval)")
    ax.set_title(f"Do the rankings hold with other bots? {result.n_players} players, "
                 f"{result.games_per_combo} games per combo", fontsize=9)  # fmt: skip
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=3)
    save_figure(fig, path, 120)
    return path


def write_robustness(result: RobustnessStudy, out_dir=None, force: bool = False, *, game) -> Path:
    def fill(temp: Path) -> None:
        tables = {"marks": result.marks, "correlation": result.correlation,
                  "effects": result.effects, "seat_gap": result.seat_gap,
                  "decline": result.decline, "fields": result.field_games}  # fmt: skip
        if result.exploit is not None:
            tables["exploit"] = result.exploit
        for name, frame in tables.items():
            common.write_table(frame, temp, name, game)
        correlation_chart(result, temp / "correlation.png")
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    out = Path(out_dir) if out_dir is not None else default_out(result.n_players)
    return common.write_folder(out, fill, force, game)
