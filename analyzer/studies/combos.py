"""The combo-value study: how strong is each race and special power combo?

Design. Counting how well a combo does when the bots happen to pick it is biased:
bots pick the combos they rate highly, at the moments they suit them. Here every
allowed combo is instead *forced* on one seat as its first pick (for `cost` coins,
free by default) in `games_per_combo` games, while the other seats play normally.
Game k of a combo forces seat k % players, so every combo meets every seat equally
often and the turn-order advantage cancels out.

Game g of the run is game g of the seed, whatever the chunking: combo g // G, its
k = g % G. With a forced-seat bot (`forced_bot`: that seat plays another style than
the field) the games are laid out seat-major instead, block s of the game indices
forcing seat s (the same combo and seat counts), so each engine call gives one seat
the forced bot. One engine call covers many combos (the forced array is per game), and
every sum kept is a sum of whole numbers, so the tables are identical for any chunk
size or thread count.

Measured for the forced seat: wins (Wilson 95%), final VC, the VC its forced race
instance earned (active plus in decline), and, game by game, its final VC minus the
mean final VC of the other seats of the same game (the delta against the field).

In Battle for Azeroth (the team variant) a player picks only races of their own
faction, so a combo is forced on a seat of its race's faction, game k of the combo
on that faction's (k mod its seats)-th seat; the Neutral races have no seat at 2
and 4 players and are left out (said in the summary). A win is the faction's win
(team_win), and the fair share of a combo is its faction's: the team win rate of
that faction over all of its forced combos in the same study (the same seats, the
same free first pick), so a strong combo is one that does more for its faction
than the faction's average combo, whatever the faction's own advantage (ruling B9).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from analyzer.backends import Chunk, or_in_process
from analyzer.engine import layout as L
from analyzer.engine.layout import MAX_PLAYERS
from analyzer.errors import InputError, Problem
from analyzer.gameloop import api
from analyzer.model.limits import check_option
from analyzer.players.params import policy_id
from analyzer.players.styles import bot_of
from analyzer.present.progress import Bar
from analyzer.simulate import engine_step, resolve_policies, seat_bots
from analyzer.stats import (
    Z95,
    benjamini_hochberg,
    mean_se_from_sums,
    normal_interval,
    wilson,
)
from analyzer.studies import sequential
from analyzer.studies.common import printed_tables, variant_note
from analyzer.studies.scoring import Scoring, TeamScoring, for_team, scoring
from analyzer.studies.settings import FDR_Q, CombosSettings  # noqa: F401  (run_combos's)
from analyzer.variants import team_rules

WHERE = "combos study"
# Running sums per combo, all of whole numbers (exact in float64 for any order).
(
    _N,
    _WINS,
    _VC,
    _VC2,
    _RVC,
    _RVC2,
    _D,  # (players - 1) * own VC - sum of the other seats' VC
    _D2,
) = range(8)
_NSUMS = 8

COMBO_COLUMNS = (
    "race",
    "power",
    "games",
    "wins",
    "win_rate",
    "win_lo",
    "win_hi",
    "win_delta",
    "mean_vc",
    "vc_se",
    "field_vc",
    "vc_delta",
    "vc_delta_lo",
    "vc_delta_hi",
    "race_vc",
    "race_vc_lo",
    "race_vc_hi",
    "interaction",
    "p_value",
    "q_value",
    "significant",
    "race_modeled",
    "power_modeled",
    "badge_estimated",
    "bots",
    "forced_bot",
)


@dataclass
class ComboStudy:
    """What `run_combos` measured: one row per combo, and the main effects."""

    n_players: int
    games_per_combo: int
    seed: int
    cost: int
    policies: tuple[str, ...]
    ruleset_name: str
    combos: pd.DataFrame  # COMBO_COLUMNS, one row per combo, in race then power order
    races: pd.DataFrame  # race main effects (pooled over the powers played)
    powers: pd.DataFrame  # power main effects (pooled over the races played)
    grand_win_rate: float
    error_games: int  # games with an invariant violation (0 unless check)
    seconds: float
    not_modeled: list[str] = field(default_factory=list)  # "race Draenei (none)", ...
    estimates: list[str] = field(default_factory=list)  # ruleset keys that are estimates
    forced_bot: str | None = None  # the forced seat's style; None: the seat's own bot
    variant: str = "standard"
    # the team variant: each seated faction's fair share (its team win rate over its
    # forced combos), and the races left out (no seat of their faction)
    faction_fair: dict[str, float] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    # raced (studies/sequential.py): the games per combo at each look; () played fixed
    looks: tuple[int, ...] = ()
    rules: Any = None  # its variant's team rules (None: played seat against seat)
    variant_text: str = ""  # common.variant_note of `variant`, after the page's ruleset

    @property
    def team(self) -> bool:
        """Whether its variant is played in teams (the played ruleset says)."""
        return self.rules is not None

    @property
    def fair(self) -> float:
        """The fair win rate: 1 / players; in the team variant the mean of the rows'
        own fair shares (their factions'), for a chart's single line."""
        if self.team:
            return float(self.combos["fair"].mean())
        return 1.0 / self.n_players

    @property
    def n_games(self) -> int:
        return int(self.combos["games"].sum())


# ------------------------------------------------------------------ statistics
def two_sided_p(successes, n, p0: float) -> np.ndarray:
    """Two-sided p-value of a rate against p0, normal approximation with the null's SE."""
    k = np.asarray(successes, np.float64)
    n = np.asarray(n, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        z = (k / n - p0) / np.sqrt(p0 * (1 - p0) / n)
    return np.array([math.erfc(abs(v) / math.sqrt(2)) if np.isfinite(v) else np.nan for v in z])


def significance(p_values, deltas, q: float = FDR_Q) -> tuple[np.ndarray, list[str]]:
    """(q-values, labels): a combo whose difference from the fair win rate passes
    Benjamini-Hochberg at FDR q across all the combos is "strong" when it wins more
    than fair (delta > 0) and "weak" when it wins less; "" otherwise."""
    p = np.asarray(p_values, np.float64)
    d = np.asarray(deltas, np.float64)
    qv = benjamini_hochberg(p)
    labels = [
        ("strong" if dd > 0 else "weak") if qq <= q else ""
        for qq, dd in zip(qv.tolist(), d.tolist(), strict=True)
    ]
    return qv, labels


# ------------------------------------------------------------------ the design
def allowed_combos(tables) -> list[tuple[int, int]]:
    """Every (race id, power id) the ruleset puts in the game, race then power order."""
    n_races, n_powers = len(tables.ruleset.races), len(tables.ruleset.powers)
    races = [r for r in range(n_races) if tables.race_tab[r, L.RT_ALLOWED]]
    powers = [p for p in range(n_powers) if tables.power_tab[p, L.PT_ALLOWED]]
    return [(r, p) for r in races for p in powers]


def _check_combos(combos, tables) -> list[tuple[int, int]]:
    allowed = allowed_combos(tables)
    if combos is None:
        return allowed
    ok = set(allowed)
    chosen, problems = [], []
    for item in combos:
        pair = tuple(int(x) for x in item)
        if pair not in ok:
            problems.append(
                Problem(WHERE, "combos", pair, "not an allowed (race id, power id) combo")
            )
        elif pair not in chosen:
            chosen.append(pair)
    if not chosen and not problems:
        problems.append(Problem(WHERE, "combos", list(combos), "names no combo"))
    if problems:
        raise InputError(problems)
    return sorted(chosen)


def check_study(n_players: int, games_per_combo: int, seed: int, cost: int) -> None:
    """InputError listing every out-of-range number of a study."""
    cli = "command line"
    problems = []
    if not isinstance(n_players, int) or not 2 <= n_players <= MAX_PLAYERS:
        problems.append(Problem(cli, "--players", n_players, f"must be 2 to {MAX_PLAYERS}"))
    for key, value in (("--games-per-combo", games_per_combo), ("--seed", seed), ("--cost", cost)):
        problem = check_option(key, value, cli)
        if problem is not None:
            problems.append(problem)
    if problems:
        raise InputError(problems)


def team_pairs(pairs: list[tuple[int, int]], tables, n_players: int):
    """The team variant's combos: (those with a seat of their race's faction at
    n_players, the names of the races left out because nobody plays their faction)."""
    return TeamScoring(team_rules(tables)).forced_pairs(pairs, tables, n_players)


def seat_choices(pairs: np.ndarray, tables, n_players: int, team: bool):
    """(int64[combos, players] seats each combo may be forced on, int64[combos] how
    many): every seat; in the team variant the seats of the race's faction, which
    alone may pick it (rulesets/swow/draft.py). See studies/scoring.py."""
    return for_team(team_rules(tables) if team else None).seats(pairs, tables, n_players)


def forced_rows(
    pairs: np.ndarray, games: np.ndarray, gpc: int, n_players: int, cost: int, seats=None
):
    """The forced picks of run games `games`: combo games // gpc, seat (games % gpc) %
    players; with `seats` (seat_choices) the ((games % gpc) % count)-th of the combo's
    seats."""
    combo = games // gpc
    if seats is None:
        seat = (games % gpc) % n_players
    else:
        table, count = seats
        seat = table[combo, (games % gpc) % count[combo]]
    return forced_picks(pairs, combo, seat, cost)


def forced_picks(pairs: np.ndarray, combo: np.ndarray, seat, cost) -> np.ndarray:
    """The engine's forced-pick rows (layout F_*): game i forces combo pairs[combo[i]]
    on seat seat[i] (or one seat for all) at that cost."""
    forced = np.empty((combo.size, L.F_NF), np.int64)
    forced[:, L.F_SEAT] = seat
    forced[:, L.F_RACE] = pairs[combo, 0]
    forced[:, L.F_POWER] = pairs[combo, 1]
    forced[:, L.F_COST] = cost
    return forced


def seat_blocks(n_combos: int, gpc: int, n_players: int) -> list[tuple[int, int, int]]:
    """The seat-major layout: (seat, first game, games per combo) of each seat's block.
    Seat s takes the k < gpc with k % players == s of every combo, as in the plain
    layout, so the combo and seat counts are the same; only the game indices move."""
    blocks, first = [], 0
    for s in range(n_players):
        m = len(range(s, gpc, n_players))
        blocks.append((s, first, m))
        first += n_combos * m
    return blocks


def seat_major_rows(pairs: np.ndarray, games: np.ndarray, first: int, m: int, seat: int, cost):
    """(forced rows, combo per game) of games `games` of the seat block starting at `first`
    with m games per combo."""
    combo = (games - first) // m
    return forced_picks(pairs, combo, seat, cost), combo


def with_forced_bot(ids, params, seat: int, forced_bot: str | None):
    """The seats' (policy ids, parameter rows) with `seat` playing `forced_bot`."""
    if forced_bot is None:
        return ids, params

    policy, vector = bot_of(forced_bot, "--forced-bot")
    ids = list(ids)
    ids[seat] = policy_id(policy)
    params = np.array(params, np.float64)
    params[seat] = vector
    return ids, params


def _measure(
    result, forced: np.ndarray, combo: np.ndarray, n_players: int, n_combos: int, score=None
):
    """Per-combo sums (_NSUMS x n_combos) of one batch; `score` says what a win is
    (studies/scoring.py; the team variant: the forced seat's faction's)."""
    n = forced.shape[0]
    idx = np.arange(n)
    seat = forced[:, L.F_SEAT]
    vc_all = result.seats[:, :n_players, L.S_VC].astype(np.int64)
    vc = vc_all[idx, seat]
    wins = (score or Scoring()).wins(vc_all, result.seats[:, :, L.S_WIN], n_players)
    win = wins[idx, seat]
    d = (n_players - 1) * vc - (vc_all.sum(1) - vc)
    # The forced pick is the seat's first race instance: the first row with that seat.
    inst = result.inst
    k_max = inst.shape[1]
    mine = (inst[:, :, L.I_SEAT] == seat[:, None]) & (
        np.arange(k_max)[None, :] < result.n_inst[:, None]
    )
    first = np.argmax(mine, axis=1)
    row = inst[idx, first]
    has = mine[idx, first]
    rvc = np.where(has, row[:, L.I_VC_ACTIVE] + row[:, L.I_VC_DECLINE], 0).astype(np.int64)
    columns = (np.ones(n, np.int64), win, vc, vc * vc, rvc, rvc * rvc, d, d * d)
    return np.stack([np.bincount(combo, c.astype(np.float64), minlength=n_combos) for c in columns])


def _stats(sums: np.ndarray, n_players: int, fair=None, race=None) -> dict:
    """Columns shared by the combo and main-effect tables, from sums; `fair`: each
    column's fair win rate (default 1 / players). `race` (studies/sequential.py): the
    combos were raced, so the win interval is the race's and the others are made at
    each combo's last look's z (valid at its stopping time for the same reason)."""
    games = sums[_N]
    fair = 1.0 / n_players if fair is None else fair
    z = Z95 if race is None else race.z
    with np.errstate(invalid="ignore", divide="ignore"):
        win_rate = sums[_WINS] / games
        lo, hi = wilson(sums[_WINS], games) if race is None else (race.lo, race.hi)
        mean_vc, vc_se = mean_se_from_sums(games, sums[_VC], sums[_VC2])
        # delta = D / (players - 1) game by game: scale the sums.
        k = float(n_players - 1)
        d_mean, d_se = mean_se_from_sums(games, sums[_D] / k, sums[_D2] / (k * k))
        d_lo, d_hi = normal_interval(d_mean, d_se, z)
        r_mean, r_se = mean_se_from_sums(games, sums[_RVC], sums[_RVC2])
        r_lo, r_hi = normal_interval(r_mean, r_se, z)
    return {
        "games": games.astype(np.int64),
        "wins": sums[_WINS].astype(np.int64),
        "win_rate": win_rate,
        "win_lo": np.atleast_1d(lo),
        "win_hi": np.atleast_1d(hi),
        "win_delta": win_rate - fair,
        "mean_vc": np.atleast_1d(mean_vc),
        "vc_se": np.atleast_1d(vc_se),
        "field_vc": np.atleast_1d(mean_vc) - np.atleast_1d(d_mean),
        "vc_delta": np.atleast_1d(d_mean),
        "vc_delta_lo": np.atleast_1d(d_lo),
        "vc_delta_hi": np.atleast_1d(d_hi),
        "race_vc": np.atleast_1d(r_mean),
        "race_vc_lo": np.atleast_1d(r_lo),
        "race_vc_hi": np.atleast_1d(r_hi),
    }


def _agreeing(labels, lo, hi, fair) -> list[str]:
    """The calls whose 95% interval agrees: "strong" only with the interval above the
    fair share, "weak" only below it. A test corrected over every combo can pass where
    the combo's own interval (made wider for a raced table's looks) still holds the
    fair share; such a combo is not called either way."""
    fair = np.broadcast_to(np.asarray(fair, np.float64), np.shape(lo))
    return [
        label if (label == "strong" and lo_ > f) or (label == "weak" and hi_ < f) else ""
        for label, lo_, hi_, f in zip(labels, np.asarray(lo), np.asarray(hi), fair, strict=True)
    ]


def _effect_table(
    name: str, names, keys: np.ndarray, sums, n_players, grand, modeled, extra=None, fair=None
) -> pd.DataFrame:
    """Main effect of one factor: its combos' games pooled (each combo plays the same
    number of games, so this is the average over the other factor). `grand` and
    `fair` may be arrays by combo (the team variant: its faction's), read at the
    factor's first combo."""
    ids = np.unique(keys)
    pooled = np.stack([sums[:, keys == i].sum(1) for i in ids], axis=1)
    first = np.array([np.flatnonzero(keys == i)[0] for i in ids])
    grand = np.asarray(grand)[first] if np.ndim(grand) else grand
    fair = 1.0 / n_players if fair is None else fair
    fair = np.asarray(fair)[first] if np.ndim(fair) else fair
    cols = _stats(pooled, n_players, fair)
    frame = pd.DataFrame(
        {
            name: [names[i] for i in ids],
            "combos": [int((keys == i).sum()) for i in ids],
            **cols,
            "effect": cols["win_rate"] - grand,
            "p_value": two_sided_p(cols["wins"], cols["games"], fair),
            "modeled": [modeled[i] for i in ids],
        }
    )
    if extra is not None:
        frame[extra[0]] = [extra[1][i] for i in ids]
    return frame


def run_combos(
    settings: CombosSettings, backend=None, progress: bool = True, chunk: int | None = None
) -> ComboStudy:
    """Play the study on `settings` (studies/plans/combos.py) and return its tables.
    `combos` restricts it to some (race id, power id) pairs (default: every allowed
    one); `forced_bot`: the style the forced seat plays (default: the seat's own bot;
    given, the games are laid out seat-major, see the module's text). `chunk` is games
    per engine call (default: enough for every thread), and never changes the results;
    nor does `backend`, where the games are played (analyzer/backends)."""
    s = settings
    p = _play(settings, backend, progress, chunk)
    study = _tables(
        p.sums, p.pairs, p.tables, s.players, s.games_per_combo, s.seed, s.cost, p.names,
        p.error_games, time.perf_counter() - p.started, p.score, p.forced_bot, p.race,
        p.first_sums,
    )  # fmt: skip
    study.skipped = p.skipped
    return study


def combo_totals(settings: CombosSettings, backend=None) -> tuple[int, int]:
    """(games, wins) of the forced seats over every combo of `settings`: the sums of
    run_combos's combo table, from the same games, without its tables and tests (the
    balance study reads only these at each of its curves' 250 or so points)."""
    p = _play(settings, backend, progress=False)
    return int(p.sums[_N].astype(np.int64).sum()), int(p.sums[_WINS].astype(np.int64).sum())


def combo_game_wins(settings: CombosSettings, backend=None) -> np.ndarray:
    """The forced seat's win (0 or 1) in every game of `settings`, played fixed:
    game k of combo c at c * games_per_combo + k. The balance study resamples these
    whole games, every token number of a curve together."""
    if settings.adaptive or settings.forced_bot is not None:
        raise ValueError("combo_game_wins: fixed games, each seat's own bot")
    return _play(settings, backend, progress=False, per_game=True).per_game


@dataclass
class _Played:
    """The games of a combo study, summed (run_combos's tables are made from these)."""

    sums: np.ndarray  # _NSUMS x combos
    pairs: np.ndarray
    tables: object
    names: list[str]
    error_games: int
    started: float  # perf_counter when the games began
    score: Scoring
    forced_bot: str | None
    race: object  # studies/sequential.py's Race, or None: played fixed
    first_sums: np.ndarray | None
    skipped: list[str]
    per_game: np.ndarray | None = None  # the forced seat's win per game (combo_game_wins)


def _play(
    settings: CombosSettings, backend, progress: bool, chunk: int | None = None,
    per_game: bool = False,
):  # fmt: skip
    """run_combos's games: every combo's sums (_Played); `per_game`: with the forced
    seat's win in each game too (a fixed run)."""
    s = settings
    n_players, games_per_combo, seed, cost, tables = (
        s.players, s.games_per_combo, s.seed, s.cost, s.tables,
    )  # fmt: skip
    policies, policy_params, check, forced_bot, combos, shared = (
        s.bots, s.bot_params, s.check, s.forced_bot, s.combos, s.shared,
    )  # fmt: skip

    check_study(n_players, games_per_combo, seed, cost)
    if chunk is not None and (not isinstance(chunk, int) or chunk < 1):
        raise InputError(Problem(WHERE, "chunk", chunk, "must be at least 1"))
    names = resolve_policies(policies, n_players)
    if forced_bot is not None:
        forced_bot = resolve_policies(forced_bot, 1, "--forced-bot")[0]
    if tables is None:
        tables = printed_tables(s.game)
    pairs_list = _check_combos(combos, tables)
    score = scoring(tables)
    if score.team and forced_bot is not None:
        # the seat-major layout forces every seat with every combo; in team play only
        # the seats of a race's faction may take it
        why = "is not available in the team variant (Battle for Azeroth); leave it out"
        raise InputError(Problem(WHERE, "forced_bot", forced_bot, why))
    pairs_list, skipped = score.forced_pairs(pairs_list, tables, n_players)
    if not pairs_list:  # the team variant: no race of a seated faction
        why = f"no race of a faction seated at {n_players} players (Battle for Azeroth)"
        raise InputError(Problem(WHERE, "combos", list(combos or []), why))
    pairs = np.array(pairs_list, np.int64).reshape(-1, 2)
    n_combos = len(pairs_list)
    seats = score.seats(pairs, tables, n_players)
    ids, params = seat_bots(names, n_players, policy_params)
    etables = api.engine_tables(tables)
    total = n_combos * games_per_combo
    step = chunk or or_in_process(backend).games_per_call(total) or engine_step()
    sums = np.zeros((_NSUMS, n_combos))
    error_games = 0
    started = time.perf_counter()
    bar = Bar(total, progress, f"{n_combos} combos")

    def calls():
        if forced_bot is None:
            for first in range(0, total, step):
                games = np.arange(first, min(first + step, total), dtype=np.int64)
                forced = forced_rows(pairs, games, games_per_combo, n_players, cost, seats)
                yield Chunk(etables, n_players, seed, first, games.size, ids, params, check,
                            forced, games // games_per_combo, shared)  # fmt: skip
            return
        for s, start, m in seat_blocks(n_combos, games_per_combo, n_players):
            s_ids, s_params = with_forced_bot(ids, params, s, forced_bot)
            stop = start + n_combos * m
            for first in range(start, stop, step):
                games = np.arange(first, min(first + step, stop), dtype=np.int64)
                forced, combo = seat_major_rows(pairs, games, start, m, s, cost)
                yield Chunk(etables, n_players, seed, first, games.size, s_ids, s_params,
                            check, forced, combo, shared)  # fmt: skip

    race = None
    if s.adaptive and forced_bot is None and not score.team:
        race = sequential.Race.start(n_combos, games_per_combo, 1.0 / n_players, sequential.KEEP)
        race = race if race.adaptive else None  # too few games for two looks

    def round_calls(active: np.ndarray, k0: int, k1: int):
        # The games k0..k1-1 of each combo still racing: game k of combo c is game
        # c * games_per_combo + k of the seed, as in a fixed run.
        for c in np.flatnonzero(active):
            stop = c * games_per_combo + k1
            for first in range(c * games_per_combo + k0, stop, step):
                games = np.arange(first, min(first + step, stop), dtype=np.int64)
                forced = forced_rows(pairs, games, games_per_combo, n_players, cost, seats)
                yield Chunk(etables, n_players, seed, first, games.size, ids, params, check,
                            forced, games // games_per_combo)  # fmt: skip

    played = 0
    first_sums = None
    wins_by_game = np.zeros(total if per_game else 0, np.int8)
    try:
        if race is None:
            for call, result in or_in_process(backend).play(calls()):
                sums += _measure(result, call.forced, call.tag, n_players, n_combos, score)
                if per_game:
                    one = np.arange(call.n_games)  # each game its own group
                    won = _measure(result, call.forced, one, n_players, call.n_games, score)
                    wins_by_game[call.first : call.first + call.n_games] = won[_WINS]
                error_games += int((result.errors != 0).sum())
                bar.update(call.first + call.n_games)
        while race is not None and not race.done:
            # Decisions between rounds only, on whole rounds' sums: the same for any
            # chunk size, thread count or backend.
            k0, k1 = race.next_games()
            for call, result in or_in_process(backend).play(round_calls(race.active, k0, k1)):
                sums += _measure(result, call.forced, call.tag, n_players, n_combos, score)
                error_games += int((result.errors != 0).sum())
                played += call.n_games
                bar.update(played)
            race.update(sums[_WINS].astype(np.int64))
            if race.look == 1:
                first_sums = sums.copy()  # every combo's, before any stopped
    finally:
        bar.close()
    return _Played(
        sums, pairs, tables, names, error_games, started, score, forced_bot, race, first_sums,
        skipped, wins_by_game if per_game else None,
    )  # fmt: skip


def _tables(
    sums,
    pairs,
    tables,
    n_players,
    gpc,
    seed,
    cost,
    names,
    error_games,
    seconds,
    score=None,
    forced_bot=None,
    race=None,
    first_sums=None,
):
    """The study's tables from its sums. Raced (`race`, studies/sequential.py): each
    combo's rate, interval and call are the race's, and the race and power tables
    average the games every combo played before the first look (`first_sums`), which
    no stopping chose."""
    pooled = sums if first_sums is None else first_sums
    rs = tables.ruleset
    race_names, power_names = tables.race_names, tables.power_names
    race_mod = [r.modeled for r in rs.races]
    power_mod = [p.modeled for p in rs.powers]
    badge_est = [rs.sources.get(f"powers.{p.key}.badge") == "estimate" for p in rs.powers]
    score = score or Scoring()
    # 1 / players (None), or by combo: its faction's team win rate (studies/scoring.py)
    fair_by_combo, faction_fair = score.fair_shares(sums[_WINS], sums[_N], pairs, tables)
    fair = 1.0 / n_players if fair_by_combo is None else fair_by_combo
    grand = pooled[_WINS].sum() / pooled[_N].sum()
    # a race is measured against its faction (team variant); a power meets every
    # race, so against the whole study
    race_grand = grand if fair_by_combo is None else fair_by_combo
    races = _effect_table(
        "race", race_names, pairs[:, 0], pooled, n_players, race_grand, race_mod, fair=fair
    )
    powers = _effect_table(
        "power", power_names, pairs[:, 1], pooled, n_players, grand, power_mod,
        extra=("badge_estimated", badge_est), fair=None if fair_by_combo is None else grand,
    )  # fmt: skip
    cols = _stats(sums, n_players, fair, race)
    race_wr = races.set_index("race")["win_rate"]
    power_wr = powers.set_index("power")["win_rate"]
    race_col = [race_names[r] for r in pairs[:, 0]]
    power_col = [power_names[p] for p in pairs[:, 1]]
    if race is None:
        p_values = two_sided_p(cols["wins"], cols["games"], fair)
        q_values, labels = significance(p_values, cols["win_rate"] - fair)
    else:
        p_values = race.p.copy()
        q_values, labels = race.calls()
    labels = _agreeing(labels, cols["win_lo"], cols["win_hi"], fair)
    frame = pd.DataFrame(
        {
            "race": race_col,
            "power": power_col,
            "race_id": pairs[:, 0],
            "power_id": pairs[:, 1],
            **cols,
            "interaction": cols["win_rate"]
            - race_wr.loc[race_col].to_numpy()
            - power_wr.loc[power_col].to_numpy()
            + grand,
            "p_value": p_values,
            "q_value": q_values,
            "significant": labels,
            "race_modeled": [race_mod[r] for r in pairs[:, 0]],
            "power_modeled": [power_mod[p] for p in pairs[:, 1]],
            "badge_estimated": [badge_est[p] for p in pairs[:, 1]],
            # who played: the field's bots by seat, and the forced seat's style
            "bots": ",".join(names),
            "forced_bot": forced_bot or "own seat's bot",
        }
    )
    score.label(frame, races, powers, pairs, rs, fair, faction_fair, grand)
    not_modeled = tables.not_modeled()
    return ComboStudy(
        n_players=n_players,
        games_per_combo=gpc,
        seed=seed,
        cost=cost,
        policies=tuple(names),
        ruleset_name=rs.name,
        combos=frame,
        races=races,
        powers=powers,
        grand_win_rate=float(grand),
        error_games=error_games,
        seconds=seconds,
        not_modeled=not_modeled,
        estimates=rs.estimates(),
        forced_bot=forced_bot,
        variant=score.variant,
        rules=score.rules,
        variant_text=variant_note(score.variant, tables),
        faction_fair=faction_fair,
        looks=() if race is None else tuple(race.looks),
    )
