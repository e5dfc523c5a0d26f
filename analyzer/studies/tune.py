"""`analyzer tune`: search the heuristic's parameter vector for a stronger bot.

The cross-entropy method: each generation samples candidate vectors from a normal
distribution over the tuned parameters, scores each on the same games (common
random numbers) as one seat against a field of bots of one style, and moves the
distribution to the best quarter. A candidate's score is its paired gain: its
seat's wins minus the wins of the field's own bot in that seat on the same games
(same seed and game number), so luck of the deal cancels. Each generation's new
mean is then scored on fresh games, which gives an unbiased gain with an interval;
the winner (the best validated mean) is checked last on a larger fresh set: the
head-to-head figure that decides whether it ships as the `tuned` style.

With a responder (`--responder lookahead`, say) the search looks for a field that is hard
to exploit instead: the candidate plays every seat but one, the responder that one, and
a candidate's gain is how far it brings the responder's win rate down against the
`--field` style's on the same games.

Seats rotate: the candidate (or the responder) plays each seat in an equal block of the
games. Game
numbers of the training, validation and final sets never overlap, and every draw
comes from --seed, so a run is reproducible.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.engine import layout as L
from analyzer.errors import InputError, Problem
from analyzer.gameloop import api
from analyzer.model.limits import check_options
from analyzer.players.params import HEURISTIC, HEURISTIC_PARAMS, policy_id
from analyzer.players.styles import bot_of
from analyzer.present.charts import pyplot, save_figure
from analyzer.stats import mean_se, normal_interval
from analyzer.studies import common
from analyzer.studies.common import CLI

# The parameters searched, with the box a candidate stays in.
SEARCH = {
    "token_value": (0.0, 2.0),
    "token_turns": (0.0, 6.0),
    "coin_value": (0.2, 3.0),
    "ability_weight": (0.0, 3.0),
    "aggression": (-0.5, 2.0),
    "leader_focus": (0.0, 2.0),
    "reserve": (0.0, 3.0),
    "entry_threat": (0.0, 2.0),
    "decline_tokens": (0.0, 10.0),
    "decline_min_age": (1.0, 5.0),
}
# Game-number bases of the three sets (apart by far more than any run plays).
TRAIN, VALIDATE, FINAL = 0, 10**12, 2 * 10**12
SHIP_POINTS = 0.05  # the gain the tuned style must show, with its interval above zero


@dataclass(frozen=True)
class TuneSettings:
    # the Game played (load_game's handle); first, as `field` below is a name
    game: object = field(kw_only=True)
    players: int = 4
    generations: int = 10
    population: int = 16
    games: int = 800  # per candidate and generation (a multiple of players)
    validate_games: int = 2000  # per generation, for the mean's gain
    final_games: int = 10000  # the winner's head-to-head check
    field: str = "default"  # the style of the other seats
    start: str = "default"  # the style the search starts from
    # "": one candidate seat against the field. A bot or style (lookahead, search, ...):
    # the candidate plays every other seat and the gain is the responder's wins it denies.
    responder: str = ""
    seed: int = 1
    elite: float = 0.25  # share of a generation the distribution moves to
    smoothing: float = 0.7  # weight of the elite's mean and spread against the old


@dataclass
class TuneResult:
    settings: TuneSettings
    names: tuple[str, ...]  # tuned parameters
    generations: pd.DataFrame  # one row per generation: gain of its mean, interval
    candidates: pd.DataFrame  # every candidate scored
    best: dict[str, float]  # the winner's tuned parameters
    best_vector: np.ndarray
    final: dict[str, float]  # head-to-head: games, gain, lo, hi, win rates
    ships: bool
    seconds: float
    games_played: int = 0
    extra: dict = field(default_factory=dict)


# --------------------------------------------------------------------- games
class Arena:
    """Plays one test seat against a field, paired with the field alone; or, given a
    responder (policy id, vector), a test field against one responder seat, paired with
    the responder against the field."""

    def __init__(self, players: int, field_vector: np.ndarray, seed: int, tables, responder=None):
        self.api = api
        self.players = players
        self.field = np.asarray(field_vector, np.float64)
        self.seed = seed
        self.etables = api.engine_tables(tables)
        self.responder = responder
        self._base: dict[tuple[int, int, int], np.ndarray] = {}
        self.games_played = 0

    def _wins(self, vectors: np.ndarray, first: int, n: int, seat: int = -1) -> np.ndarray:
        """Wins per game and seat; seat `seat` played by the responder when >= 0."""
        ids = [HEURISTIC] * self.players
        if seat >= 0:
            ids[seat], vectors[seat] = self.responder
        result = self.api.play_batch(self.etables, self.players, self.seed, first, n, ids, vectors)
        self.games_played += n
        return result.seats[:, : self.players, L.S_WIN].astype(np.float64)

    def _block(self, vector: np.ndarray, first: int, n: int, s: int) -> np.ndarray:
        """The test side's win per game of one seat block: the test seat's wins, or with
        a responder the games the responder in seat s did not win."""
        if self.responder is None:
            vectors = np.stack([self.field] * self.players)
            vectors[s] = vector
            return self._wins(vectors, first, n)[:, s]
        vectors = np.stack([vector] * self.players)
        return 1.0 - self._wins(vectors, first, n, s)[:, s]

    def base(self, first: int, n: int, s: int = 0) -> np.ndarray:
        """The field's side of the pair for games first..first+n-1 (cached: common
        numbers): the field in every seat, or the field against the responder in seat s."""
        key = (first, n, s if self.responder is not None else 0)
        if key not in self._base:
            if self.responder is None:
                self._base[key] = self._wins(np.stack([self.field] * self.players), first, n)
            else:
                self._base[key] = self._block(self.field, first, n, s)
        return self._base[key]

    def gain(self, vector: np.ndarray, first: int, n: int) -> tuple[np.ndarray, np.ndarray]:
        """(test side's win per game, field's win on the same game) over games
        first..first+n-1: the test seat (or the responder) plays seat s in the s-th of
        `players` equal blocks."""
        test = np.empty(n)
        ref = np.empty(n)
        for s in range(self.players):
            lo, hi = s * n // self.players, (s + 1) * n // self.players
            if hi == lo:
                continue
            test[lo:hi] = self._block(vector, first + lo, hi - lo, s)
            if self.responder is None:
                ref[lo:hi] = self.base(first, n)[lo:hi, s]
            else:
                ref[lo:hi] = self.base(first + lo, hi - lo, s)
        return test, ref


def paired_summary(test: np.ndarray, ref: np.ndarray) -> dict[str, float]:

    diff = test - ref
    gain, se = mean_se(diff)
    lo, hi = normal_interval(gain, se)
    return {
        "games": int(test.size),
        "win_rate": float(test.mean()),
        "field_win_rate": float(ref.mean()),
        "gain": float(gain),
        "gain_lo": float(lo),
        "gain_hi": float(hi),
    }


# -------------------------------------------------------------------- search
def check_tune(s: TuneSettings) -> None:

    check_options(CLI, players=s.players, seed=s.seed)
    problems = []
    for key, value, low in (
        ("--generations", s.generations, 1),
        ("--population", s.population, 4),
        ("--games", s.games, s.players),
        ("--validate-games", s.validate_games, s.players),
        ("--final-games", s.final_games, s.players),
    ):
        if not isinstance(value, int) or not low <= value <= 10**7:
            problems.append(Problem(CLI, key, value, f"must be a whole number {low} to 10000000"))
    for key, name in (("--field", s.field), ("--start", s.start)):
        policy, _ = bot_of(name, key)
        if policy != "heuristic":
            problems.append(
                Problem(CLI, key, name, "must be the heuristic bot or one of its styles")
            )
    if s.responder:
        bot_of(s.responder, "--responder")  # an unknown name: one paragraph, exit 2
    if problems:
        raise InputError(problems)


def run_tune(s: TuneSettings, tables=None, log=None) -> TuneResult:

    check_tune(s)
    started = time.perf_counter()
    names = tuple(SEARCH)
    index = [HEURISTIC_PARAMS[n][0] for n in names]
    low = np.array([SEARCH[n][0] for n in names])
    high = np.array([SEARCH[n][1] for n in names])
    _, field_vector = bot_of(s.field)
    _, start_vector = bot_of(s.start)
    responder = None
    if s.responder:
        policy, vector = bot_of(s.responder)
        responder = (policy_id(policy), vector)
    tables = common.printed_tables(s.game) if tables is None else tables
    arena = Arena(s.players, field_vector, s.seed, tables, responder)
    rng = np.random.default_rng(s.seed)
    mean = np.clip(start_vector[index], low, high)
    spread = (high - low) / 4.0
    games = max(s.players, s.games // s.players * s.players)
    n_elite = max(2, int(round(s.elite * s.population)))

    def vector_of(x: np.ndarray) -> np.ndarray:
        v = start_vector.copy()
        v[index] = x
        return v

    gen_rows, cand_rows = [], []
    # generation 0: the starting point itself, on the first validation games
    start_score = paired_summary(*arena.gain(vector_of(mean), VALIDATE, s.validate_games))
    gen_rows.append({"generation": 0, **start_score, **dict(zip(names, mean, strict=True))})
    best_mean, best_gain = mean.copy(), start_score["gain"]
    for gen in range(1, s.generations + 1):
        xs = np.clip(mean + spread * rng.standard_normal((s.population, len(names))), low, high)
        first = TRAIN + (gen - 1) * games
        scores = []
        for j, x in enumerate(xs):
            test, ref = arena.gain(vector_of(x), first, games)
            scores.append(float((test - ref).mean()))
            cand_rows.append(
                {"generation": gen, "candidate": j, "gain": scores[-1],
                 **dict(zip(names, x, strict=True))}
            )  # fmt: skip
        elite = xs[np.argsort(scores)[::-1][:n_elite]]
        mean = s.smoothing * elite.mean(0) + (1 - s.smoothing) * mean
        spread = s.smoothing * elite.std(0) + (1 - s.smoothing) * spread
        spread = np.maximum(spread, (high - low) / 50.0)  # keep searching a little
        score = paired_summary(
            *arena.gain(vector_of(mean), VALIDATE + gen * s.validate_games, s.validate_games)
        )
        gen_rows.append({"generation": gen, **score, **dict(zip(names, mean, strict=True))})
        if score["gain"] > best_gain:
            best_mean, best_gain = mean.copy(), score["gain"]
        if log is not None:
            log(
                f"generation {gen}: mean's gain {common.pp(score['gain'])} "
                f"({common.pp(score['gain_lo'])} to {common.pp(score['gain_hi'])})"
            )
    best_vector = vector_of(best_mean)
    final = paired_summary(*arena.gain(best_vector, FINAL, s.final_games))
    ships = final["gain"] >= SHIP_POINTS and final["gain_lo"] > 0
    return TuneResult(
        settings=s,
        names=names,
        generations=pd.DataFrame(gen_rows),
        candidates=pd.DataFrame(cand_rows),
        best={n: float(v) for n, v in zip(names, best_mean, strict=True)},
        best_vector=best_vector,
        final=final,
        ships=ships,
        seconds=time.perf_counter() - started,
        games_played=arena.games_played,
    )


# -------------------------------------------------------------------- output
def default_out() -> Path:
    return Path("reports") / "tune"


def style_toml(result: TuneResult, name: str = "tuned") -> str:
    """The winner as a styles.toml table (what `tuned` in the shipped file came from)."""
    s = result.settings
    f = result.final
    if s.responder:
        what = (
            f"as {s.players - 1} seats against one {s.responder} seat, the responder's win "
            f"rate {common.pp(-f['gain'])} against {s.field}'s"
        )
    else:
        what = f"one seat against {s.players - 1} {s.field} seats: {common.pp(f['gain'])} win rate"
    lines = [
        f"[{name}]",
        'policy = "heuristic"',
        f'description = "Found by analyzer tune (seed {s.seed}, {s.generations} generations '
        f"of {s.population}); {what} ({common.pp(-f['gain_hi'] if s.responder else f['gain_lo'])}"
        f" to {common.pp(-f['gain_lo'] if s.responder else f['gain_hi'])}, "
        f'{f["games"]} paired games)."',
    ]
    lines += [f"{n} = {round(v, 3)!r}" for n, v in result.best.items()]
    return "\n".join(lines) + "\n"


def summary_markdown(result: TuneResult) -> str:
    s, f = result.settings, result.final
    g = result.generations
    verdict = (
        f"**Ships as a style**: the gain is at least {100 * SHIP_POINTS:.0f} points and its "
        "interval is above zero."
        if result.ships
        else f"**Does not ship**: the gain is below {100 * SHIP_POINTS:.0f} points or its interval "
        "reaches zero."
    )
    if s.responder:
        setup = (
            f"each candidate in {s.players - 1} seats against one `{s.responder}` seat "
            f"(the responder; its seat rotates), paired with `{s.field}` in those seats"
        )
        check = (
            f"On {f['games']} fresh paired games the responder wins "
            f"{common.pct(1 - f['win_rate'])} against the winner's field and "
            f"{common.pct(1 - f['field_win_rate'])} against `{s.field}` on the same games: "
            f"the winner denies it {common.pp(f['gain'])} (95% interval "
            f"{common.pp(f['gain_lo'])} to {common.pp(f['gain_hi'])}). {verdict}"
        )
    else:
        setup = f"one candidate seat against {s.players - 1} seats of `{s.field}`"
        check = (
            f"On {f['games']} fresh paired games the winner's seat wins "
            f"{common.pct(f['win_rate'])} against {common.pct(f['field_win_rate'])} for a "
            f"`{s.field}` bot in the same seat on the same games: a gain of "
            f"{common.pp(f['gain'])} (95% interval {common.pp(f['gain_lo'])} to "
            f"{common.pp(f['gain_hi'])}). {verdict}"
        )
    lines = [
        "# Tuning the heuristic",
        "",
        f"Cross-entropy search over {len(result.names)} parameters of the heuristic, "
        f"{s.generations} generations of {s.population} candidates, {s.games} paired games "
        f"per candidate; {setup} at {s.players} players, starting from `{s.start}`; "
        f"seed {s.seed}; {result.games_played} games in {result.seconds:.0f} s.",
        "",
        "## Head-to-head check of the winner",
        "",
        check,
        "",
        "## Each generation's mean, validated on fresh games",
        "",
        "| generation | gain | 95% interval | games |",
        "|---:|---:|---|---:|",
    ]
    for r in g.itertuples():
        lines.append(
            f"| {r.generation} | {common.pp(r.gain)} | {common.pp(r.gain_lo)} to "
            f"{common.pp(r.gain_hi)} | {r.games} |"
        )
    lines += [
        "",
        "## The winner's parameters",
        "",
        "| parameter | start | winner |",
        "|---|---:|---:|",
    ]
    start = g.iloc[0]
    for n in result.names:
        lines.append(f"| {n} | {start[n]:.3g} | {result.best[n]:.3g} |")
    lines += [
        "",
        "As a style (paste into analyzer/players/styles.toml):",
        "",
        "```toml",
        style_toml(result).rstrip(),
        "```",
        "",
        "Files: generations.csv (each generation's mean and its validated gain), "
        "candidates.csv (every candidate's training gain), tune.png.",
        "",
    ]
    return "\n".join(lines)


def gain_chart(result: TuneResult, path: Path) -> Path:
    plt = pyplot()
    g = result.generations
    c = result.candidates
    fig, ax = plt.subplots(figsize=(7, 4))
    if len(c):
        ax.scatter(c.generation, 100 * c.gain, s=8, color="#bbbbbb", label="candidates (training)")
    ax.errorbar(
        g.generation, 100 * g.gain,
        yerr=[100 * (g.gain - g.gain_lo), 100 * (g.gain_hi - g.gain)],
        fmt="o-", color="#1f5fa8", capsize=3, label="generation mean (fresh games, 95%)",
    )  # fmt: skip
    ax.axhline(0, color="black", linewidth=0.8)
    ax.axhline(100 * SHIP_POINTS, color="#c0392b", linestyle="--", linewidth=0.8,
               label="shipping bar")  # fmt: skip
    ax.set_xlabel("generation")
    s = result.settings
    if s.responder:
        ax.set_ylabel(f"{s.responder}'s win rate denied (points)")
        title = f"{s.players - 1} seats vs one {s.responder}, against {s.field}"
    else:
        ax.set_ylabel("win rate minus the field's (points)")
        title = f"one seat vs {s.players - 1} {s.field}"
    ax.set_title(f"analyzer tune: {title}, seed {s.seed}", fontsize=10)
    ax.legend(fontsize=8)
    save_figure(fig, path, 120)
    return path


def write_tune(result: TuneResult, out=None, force: bool = False, *, game) -> Path:
    out = default_out() if out is None else Path(out)

    def fill(temp: Path) -> None:
        common.write_table(result.generations, temp, "generations", game)
        common.write_table(result.candidates, temp, "candidates", game)
        common.write_table(pd.DataFrame([result.final]), temp, "head_to_head", game)
        (temp / "tuned.toml").write_text(style_toml(result), encoding="utf-8")
        gain_chart(result, temp / "tune.png")
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    return common.write_folder(out, fill, force, game)
