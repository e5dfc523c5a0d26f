"""Racing: play many arms (the combos) in rounds and stop each one once its call is
settled, with intervals and p-values that stay valid whatever the stopping rule does.

The schedule. An arm capped at `cap` games is looked at after LOOKS of its cap (at
least MIN_LOOK games a look; looks that would have fewer are dropped, and a cap too
small for two looks leaves one look: the fixed-size study, unchanged). The 5% error of
an arm's interval is split across its looks, SPEND of it at each (Bonferroni over the
looks, the simplest alpha spending): the interval at look j is Wilson's at level
1 - 0.05 * w_j, and the p-value at look j is the score test's p_j / w_j. What an arm
reports is its last look's interval, and the smallest of its looks' p-values. The
chance that any of an arm's looks misses its true rate is at most the sum of the looks'
errors, 5%, so the interval at whichever look it stops covers with at least 95%, for
any stopping rule (tests/test_sequential.py checks it by simulation); the same holds
for each p-value.

The stopping rule. After each look, Benjamini-Hochberg at FDR 5% runs over every arm's
p-value so far; an arm it calls is stopped, unless it may still be one of the KEEP
highest or lowest (Race.contenders): those play on so the ends of the table are ranked
on their full games. Its call cannot change later: the other
arms' p-values only fall as they play on, and Benjamini-Hochberg rejects at least as
much when p-values fall. The arms never stopped play their whole cap, so the calls at
the end are exactly Benjamini-Hochberg's on the p-values each arm would have had with
every look played (independent arms, each a valid p-value): the false discovery rate
stays at 5%. An arm is never stopped for looking average: today's cap is what makes
its interval narrow enough to say so (precision.MAX_HALF_WIDTH).

What every arm plays. No arm stops before the first look, so the games up to it are a
fixed-size sample of every arm: averages over arms (a race's rate over its combos) are
taken from them. The rate of an arm at its stopping time is biased away from the null
(it stopped because it looked far from it), and an average of many such rates carries
the bias of them all: simulated, a 95% interval for a race's mean rate over its raced
combos covered 87% of the time; over the first look's games it covers as it should.

Pure numpy and scipy: the decisions depend on the wins at each look only, made between
rounds, so the same seed gives the same games, stops and tables for any threads or
chunk size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.stats import norm

from analyzer.stats import Z95, benjamini_hochberg, wilson

LOOKS = (1 / 4, 1 / 2, 1.0)  # fractions of the cap an arm is looked at
SPEND = (0.10, 0.10, 0.80)  # the share of the 5% error spent at each look
MIN_LOOK = 100  # fewer games than this make no look (Wilson's tails need the games)
KEEP = 5  # the combos at each end of the headline table (headlines.SHOWN) play on
# How far a called arm's rate may be from the ends and still play on, in standard errors:
# one keeps the table's top and bottom five as a fixed run's (simulated on a 4-player
# combo table: 4.8 of 5 the same, the first and last always) for a third of its games
# saved; at 1.96 the racing would save a sixth.
CONTEND_Z = 1.0
ALPHA = 0.05
FDR_Q = 0.05

WHY = (
    "games per combo vary: a combo stops once it is called strong or weak, the rest play "
    "the full count, and intervals are widened for the extra looks so they stay 95%"
)


def schedule(cap: int) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """(games at each look, share of the error spent there) for arms capped at `cap`:
    the looks with at least MIN_LOOK games, the error of the dropped ones moved to the
    last look; one look at `cap` with all of it when fewer than two are left."""
    ns, ws = [], []
    for frac, w in zip(LOOKS, SPEND, strict=True):
        n = math.ceil(cap * frac)
        if n >= MIN_LOOK and (not ns or n > ns[-1]):
            ns.append(n)
            ws.append(w)
        elif ns:
            ws[-1] += w
    if len(ns) < 2 or ns[-1] != cap:
        return (cap,), (1.0,)
    dropped = 1.0 - sum(ws)
    ws[-1] += dropped  # the early looks too small to make
    return tuple(ns), tuple(ws)


def look_z(weight: float, alpha: float = ALPHA) -> float:
    """The normal quantile of a two-sided look at level 1 - alpha * weight (Z95, the
    tables' 1.96, for the whole error at one look)."""
    if weight >= 1.0:
        return Z95

    return float(norm.isf(alpha * weight / 2.0))


def score_p(successes, n, p0) -> np.ndarray:
    """Two-sided p-value of rate successes / n against p0, the score test (normal, with
    the null's SE): the test Wilson's interval inverts, so a look's interval leaves out
    p0 exactly when its p-value is below the look's level."""
    k = np.asarray(successes, np.float64)
    n = np.asarray(n, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.abs(k / n - p0) / np.sqrt(p0 * (1 - p0) / n)
    return np.array([math.erfc(v / math.sqrt(2)) if np.isfinite(v) else np.nan for v in z.ravel()])


@dataclass
class Race:
    """The racing state of m arms: games, wins, p-value, interval and z of each, and
    which still play. `null` is the rate a call is made against (fair share)."""

    cap: int
    null: float
    looks: tuple[int, ...]
    spend: tuple[float, ...]
    n: np.ndarray
    wins: np.ndarray
    p: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    z: np.ndarray  # each arm's last look's z: its other intervals are made at this
    active: np.ndarray
    keep: int = KEEP
    look: int = 0  # looks made so far

    @classmethod
    def start(cls, m: int, cap: int, null: float, keep: int = KEEP) -> Race:
        looks, spend = schedule(cap)
        return cls(
            cap, null, looks, spend, np.zeros(m, np.int64), np.zeros(m, np.int64),
            np.ones(m), np.zeros(m), np.ones(m), np.full(m, Z95), np.ones(m, bool), keep,
        )  # fmt: skip

    @property
    def adaptive(self) -> bool:
        return len(self.looks) > 1

    @property
    def done(self) -> bool:
        return self.look >= len(self.looks) or not self.active.any()

    def next_games(self) -> tuple[int, int]:
        """The games k (from, to) every arm still active plays before the next look."""
        before = self.looks[self.look - 1] if self.look else 0
        return before, self.looks[self.look]

    def update(self, wins) -> np.ndarray:
        """Look at the active arms with their total wins `wins` (int[m]; the stopped
        arms' entries are ignored): their p-values, intervals and the stopping rule.
        Returns the arms stopped at this look."""
        j = self.look
        a = self.active
        n = self.looks[j]
        w = self.spend[j]
        self.n[a] = n
        self.wins[a] = np.asarray(wins, np.int64)[a]
        z = look_z(w)
        p = score_p(self.wins[a], n, self.null)
        self.p[a] = np.minimum(self.p[a], np.minimum(1.0, p / w))
        lo, hi = wilson(self.wins[a], n, z)
        self.lo[a], self.hi[a] = np.atleast_1d(lo), np.atleast_1d(hi)
        self.z[a] = z
        self.look += 1
        stopped = np.zeros_like(a)
        if self.look < len(self.looks):
            stopped = a & (benjamini_hochberg(self.p) <= FDR_Q) & ~self.contenders()
            self.active &= ~stopped
        else:
            self.active[:] = False
        return stopped

    def contenders(self) -> np.ndarray:
        """The arms that may still be among the `keep` highest or lowest rates: their
        rate plus or minus CONTEND_Z standard errors (Wilson) reaches the keep-th
        highest lower end, or the keep-th lowest upper end. They play on even when
        called, so the ends of the table are ranked on as many games as a fixed run's.
        (Only who plays on: no interval or call depends on it.)"""
        m = self.lo.size
        if self.keep <= 0:
            return np.zeros(m, bool)
        if self.keep >= m:
            return np.ones(m, bool)
        lo, hi = wilson(self.wins, np.maximum(self.n, 1), CONTEND_Z)
        top = np.sort(lo)[-self.keep]
        bottom = np.sort(hi)[self.keep - 1]
        return (hi >= top) | (lo <= bottom)

    def calls(self) -> tuple[np.ndarray, list[str]]:
        """(q-values, labels): Benjamini-Hochberg at FDR_Q on the arms' p-values,
        "strong" above the null and "weak" below, "" otherwise."""
        q = benjamini_hochberg(self.p)
        rate = self.wins / np.maximum(self.n, 1)
        labels = [
            ("strong" if r > self.null else "weak") if qq <= FDR_Q else ""
            for qq, r in zip(q.tolist(), rate.tolist(), strict=True)
        ]
        return q, labels


def race_arrays(true_rates, cap: int, null: float, rng, keep: int = KEEP):
    """The racing of arms whose games are Bernoulli(true_rates) draws from `rng` (the
    simulation the tests run): (the race at its end, each arm's cumulative wins over its
    whole cap, so a fixed-size run on the same draws can be read off too)."""
    true_rates = np.asarray(true_rates, np.float64)
    m = true_rates.size
    cum = (rng.random((m, cap)) < true_rates[:, None]).cumsum(axis=1)
    race = Race.start(m, cap, null, keep)
    while not race.done:
        _, upto = race.next_games()
        race.update(cum[:, upto - 1])
    return race, cum
