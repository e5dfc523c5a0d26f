"""The balance study's fair numbers (analyzer/studies/balance.py has the whole study's
text): per race and power, a logistic curve of its win rate against its tokens, the
number where it wins its fair share, and the predicted rate at the whole numbers
near it.

Every point of a curve is played on the same games (the same seeds and dice at
every token number), so the points are not independent: a game the race wins with
4 tokens it mostly wins with 5. The intervals therefore come from resampling whole
games: a resample draws games with replacement and takes each drawn game at every
token number together, then repeats the whole fit (both steps, see `crossings`).
The fit of the data itself is statsmodels' (analyzer.stats.fit_logistic); the
resamples' hundreds of two-parameter fits are Newton steps on arrays (`fit_rows`),
which agree with it (tests/test_balance_fit.py)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analyzer.stats import (
    estimate_text,
    fit_logistic,
    logistic_at,
    logit,
    percentile_interval,
    wilson,
)

RESAMPLES = 400  # whole-game resamples per curve
PURPOSE_CURVE = 0xBA1C  # the resamples' random stream, apart from every game's
NEAR = 3  # tokens either side of the first crossing that the second fit keeps
KIND_CODE = {"race": 1, "power": 2}


def expit(z):
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-z))


# ------------------------------------------------------------------ the fit
def fit_rows(x, wins, games, mask=None, iterations: int = 40):
    """Grouped-binomial logistic fits logit(p) = a + b x, one per row of `wins`
    (rows x points; `games` the same shape or one row), with the half win and one
    game per point that fit_logistic adds; `mask` (rows x points, 0 or 1) leaves
    points out of a row's fit. Newton's method on the concave log-likelihood:
    (a, b) arrays, one value per row."""
    x = np.asarray(x, np.float64)[None, :]
    k = np.asarray(wins, np.float64) + 0.5
    n = np.broadcast_to(np.asarray(games, np.float64) + 1.0, k.shape)
    m = np.ones_like(k) if mask is None else np.asarray(mask, np.float64)
    k, n = k * m, n * m
    rate = k.sum(1) / n.sum(1)
    a = np.log(rate / (1 - rate))
    b = np.zeros_like(a)
    for _ in range(iterations):
        p = expit(a[:, None] + b[:, None] * x)
        r = k - n * p
        w = n * p * (1 - p)
        g0, g1 = r.sum(1), (r * x).sum(1)
        h00, h01, h11 = w.sum(1), (w * x).sum(1), (w * x * x).sum(1)
        det = h00 * h11 - h01 * h01
        with np.errstate(invalid="ignore", divide="ignore"):
            da = (h11 * g0 - h01 * g1) / det
            db = (h00 * g1 - h01 * g0) / det
        ok = np.isfinite(da) & np.isfinite(db)
        a = np.where(ok, a + da, a)
        b = np.where(ok, b + db, b)
        if np.all(np.abs(np.where(ok, da, 0)) + np.abs(np.where(ok, db, 0)) < 1e-10):
            break
    return a, b


def _cross(a, b, target: float):
    """Where a + b x = logit(target); NaN where the rate does not rise with x."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(b > 0, (logit(target) - a) / b, np.nan)


def crossings(x, wins, games, target: float, fit=None):
    """The solver's two steps on each row of `wins`: a fit on every point, then, where
    it crosses `target`, again on the points within NEAR tokens of that crossing (the
    curve bends where a box caps the tokens or an ability matters more at some counts)
    when at least three are there. (a, b, crossing) arrays. `fit`: the rows' fitting
    function (fit_rows; the data itself takes statsmodels', one row at a time)."""
    fit = fit or fit_rows
    x = np.asarray(x, np.float64)
    a, b = fit(x, wins, games)
    first = _cross(a, b, target)
    near = np.abs(x[None, :] - first[:, None]) <= NEAR  # NaN compares False
    again = near.sum(1) >= 3
    if again.any():
        a2, b2 = fit(x, np.asarray(wins)[again], _rows(games, again), near[again])
        a, b = a.copy(), b.copy()
        a[again], b[again] = a2, b2
    return a, b, _cross(a, b, target)


def _rows(games, keep):
    g = np.asarray(games)
    return g[keep] if g.ndim == 2 else g


def statsmodels_rows(x, wins, games, mask=None):
    """fit_rows through statsmodels' GLM, row by row (for the data itself)."""
    wins = np.atleast_2d(wins)
    games = np.broadcast_to(np.asarray(games), wins.shape)
    out = []
    for r in range(wins.shape[0]):
        keep = slice(None) if mask is None else np.asarray(mask[r], bool)
        beta, _ = fit_logistic(np.asarray(x)[keep], wins[r][keep], games[r][keep])
        out.append(beta)
    beta = np.array(out)
    return beta[:, 0], beta[:, 1]


# ------------------------------------------------------------------ resamples
def resample_wins(outcomes: np.ndarray, resamples: int, rng) -> np.ndarray:
    """Wins per resample and token number (resamples x points) of `outcomes` (points
    x games, 0 or 1, game g the same game at every point): each resample draws the
    games with replacement, one draw for every point together."""
    games = outcomes.shape[1]
    counts = rng.multinomial(games, np.full(games, 1.0 / games), size=resamples)
    return counts @ outcomes.T.astype(np.int64)


def curve_rng(seed: int, kind: str, i: int):
    return np.random.default_rng([seed, PURPOSE_CURVE, KIND_CODE[kind], i])


def fit_curve(offsets, outcomes: np.ndarray, fair: float, rng, resamples: int = RESAMPLES):
    """The fit of one curve and its resamples: a dict with the data's (a, b, crossing)
    and the resamples' arrays of the same."""
    offsets = np.asarray(offsets, np.float64)
    wins = outcomes.sum(1)
    games = np.full(offsets.size, outcomes.shape[1])
    a, b, x = crossings(offsets, wins[None, :], games, fair, fit=statsmodels_rows)
    boot = resample_wins(outcomes, resamples, rng)
    ra, rb, rx = crossings(offsets, boot, games, fair)
    return {"a": float(a[0]), "b": float(b[0]), "x": float(x[0]), "ra": ra, "rb": rb, "rx": rx}


def slope_per_token(a, b):
    """The rate's change from half a token below the printed number to half above."""
    return logistic_at((a, b), 0.5) - logistic_at((a, b), -0.5)


def crossing_interval(fit: dict, rate_now: float, fair: float):
    """95% interval of the crossing from the resamples. A resample whose rate does
    not rise with the tokens crosses nowhere: it counts as beyond every number on
    the side the printed number's rate points to (more tokens when below fair)."""
    rx = fit["rx"].copy()
    rx[~np.isfinite(rx)] = np.inf if rate_now < fair else -np.inf
    lo, hi = np.quantile(rx, (0.025, 0.975), method="inverted_cdf")
    return float(lo), float(hi)


def predicted_rows(kind, i, name, printed, fit, low, high, measured, centre) -> list[dict]:
    """The fitted rate, with its resampled 95% interval, at each whole number within
    1.5 tokens of `centre` (the fair number, else the printed one) and the box [low,
    high], beside the rate measured there on the solver's games where it was played."""
    rows = []
    for tokens in range(math.ceil(centre - 1.5), math.floor(centre + 1.5) + 1):
        if not low <= tokens <= high:
            continue
        off = tokens - printed
        rate = float(logistic_at((fit["a"], fit["b"]), off))
        draws = expit(fit["ra"] + fit["rb"] * off)
        lo, hi = percentile_interval(draws)
        games, wins = measured.get(off, (0, 0))
        m_lo, m_hi = wilson(wins, games) if games else (np.nan, np.nan)
        rows.append(
            {"kind": kind, "id": i, "name": name, "printed": printed, "tokens": tokens,
             "predicted": rate, "predicted_lo": float(lo), "predicted_hi": float(hi),
             "games": int(games), "measured": wins / games if games else np.nan,
             "measured_lo": float(m_lo), "measured_hi": float(m_hi)}
        )  # fmt: skip
    return rows


def predicted_text(rows: pd.DataFrame) -> str:
    """ "6: 26.1% (25.0% to 27.3%); 7: ..." for one item's predicted rows."""
    return "; ".join(
        f"{int(r.tokens)}: "
        + estimate_text(100 * r.predicted, 100 * r.predicted_lo, 100 * r.predicted_hi, sign="",
                        unit="%", within=(0, 100))
        for r in rows.itertuples()
    )  # fmt: skip
