"""Charts for the studies, drawn with matplotlib's Agg backend (no display needed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def combo_heatmap(result, path: Path, q: float = 0.05) -> Path:
    """Race x power grid of each combo's win rate minus the fair 1/players, in
    percentage points. Cells that do not pass Benjamini-Hochberg are hatched and
    faded; combos not played are grey."""
    from matplotlib.patches import Rectangle

    plt = _pyplot()
    c = result.combos
    races = list(dict.fromkeys(c["race"]))
    powers = list(dict.fromkeys(c.sort_values("power_id")["power"]))
    grid = np.full((len(races), len(powers)), np.nan)
    significant = np.zeros(grid.shape, bool)
    for r in c.itertuples():
        i, j = races.index(r.race), powers.index(r.power)
        grid[i, j] = 100 * r.win_delta
        significant[i, j] = r.significant != ""  # significant either way
    finite = grid[np.isfinite(grid)]
    span = max(float(np.abs(finite).max()) if finite.size else 1.0, 1.0)
    fig, ax = plt.subplots(figsize=(max(8, 0.55 * len(powers) + 3), max(4, 0.45 * len(races) + 2)))
    cmap = plt.get_cmap("RdBu_r").with_extremes(bad="#d0d0d0")
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=-span, vmax=span, aspect="auto")
    for i in range(len(races)):
        for j in range(len(powers)):
            if np.isfinite(grid[i, j]) and not significant[i, j]:
                ax.add_patch(
                    Rectangle(
                        (j - 0.5, i - 0.5), 1, 1, facecolor=(1, 1, 1, 0.55),
                        edgecolor="#888888", hatch="///", linewidth=0,
                    )
                )  # fmt: skip
            if np.isfinite(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:+.0f}", ha="center", va="center", fontsize=6)
    ax.set_xticks(range(len(powers)), powers, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(len(races)), races, fontsize=8)
    fig.colorbar(image, ax=ax, label="win rate minus fair share (percentage points)")
    ax.set_title(
        f"Forced first pick, {result.n_players} players, {result.games_per_combo} games per "
        f"combo\nhatched: not significant (Benjamini-Hochberg, q = {q})",
        fontsize=10,
    )
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return Path(path)


def top_bottom_chart(result, path: Path, n: int = 15) -> Path:
    """The n best and n worst combos by win rate, with their Wilson 95% intervals."""
    plt = _pyplot()
    c = result.combos.sort_values(["win_rate", "vc_delta"], ascending=False)
    n = min(n, len(c) // 2) if len(c) > 1 else len(c)
    shown = (
        c.head(n) if len(c) <= 2 * n else c.iloc[list(range(n)) + list(range(len(c) - n, len(c)))]
    )
    shown = shown.iloc[::-1]  # best at the top
    y = np.arange(len(shown))
    rate = 100 * shown["win_rate"].to_numpy()
    err = np.vstack(
        [rate - 100 * shown["win_lo"].to_numpy(), 100 * shown["win_hi"].to_numpy() - rate]
    ).clip(min=0)  # matplotlib refuses a rounding error's -1e-15
    colours = ["#b2182b" if d > 0 else "#2166ac" for d in shown["win_delta"]]
    fig, ax = plt.subplots(figsize=(8, max(3, 0.28 * len(shown) + 1.5)))
    ax.errorbar(rate, y, xerr=err, fmt="none", ecolor="#555555", capsize=2, linewidth=1)
    ax.scatter(rate, y, c=colours, zorder=3, s=18)
    labels = [
        f"{r.race} + {r.power}"
        + (" ⚠" if r.race_modeled != "full" or r.power_modeled != "full" else "")
        + (" *" if r.significant else "")
        for r in shown.itertuples()
    ]
    ax.set_yticks(y, labels, fontsize=7)
    ax.axvline(100 * result.fair, color="black", linestyle="--", linewidth=1, label="fair share")
    if len(c) > 2 * n:
        ax.axhline(n - 0.5, color="#999999", linewidth=0.8)
    ax.set_xlabel("win rate of the forced seat, % (Wilson 95% interval)")
    ax.set_title(
        f"Top and bottom {n} combos (* significant after BH, ⚠ ability not fully modeled)",
        fontsize=9,
    )
    ax.legend(loc="lower right", fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return Path(path)


def forest_plot(result, path: Path) -> Path:
    """One panel per metric: each scenario's paired difference from its baseline,
    with its 95% interval; red when the interval leaves out zero."""
    from analyzer.studies.compare import METRICS

    plt = _pyplot()
    t = result.table
    metrics = [m for m in METRICS if m in set(t.metric)]
    names = list(dict.fromkeys(t.scenario))
    cols = 2
    rows = (len(metrics) + cols - 1) // cols
    fig, axes = plt.subplots(
        rows, cols, figsize=(11, max(3, rows * (0.32 * len(names) + 1.2))), squeeze=False
    )
    y = np.arange(len(names))[::-1]
    for ax, metric in zip(axes.flat, metrics, strict=False):
        label, unit, _method = METRICS[metric]
        scale = 100.0 if unit == "rate" else 1.0
        part = t[t.metric == metric].set_index("scenario").reindex(names)
        delta = scale * part["delta"].to_numpy(float)
        lo = scale * part["delta_lo"].to_numpy(float)
        hi = scale * part["delta_hi"].to_numpy(float)
        colours = ["#b2182b" if s else "#555555" for s in part["significant"].fillna(False)]
        ax.errorbar(
            delta, y, xerr=np.vstack([delta - lo, hi - delta]).clip(min=0), fmt="none",
            ecolor="#888888", capsize=2, linewidth=1,
        )  # fmt: skip
        ax.scatter(delta, y, c=colours, s=16, zorder=3)
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(y, names, fontsize=7)
        ax.set_title(f"{label} ({'points' if unit == 'rate' else unit})", fontsize=9)
        ax.tick_params(axis="x", labelsize=7)
    for ax in list(axes.flat)[len(metrics) :]:
        ax.axis("off")
    fig.suptitle(
        f"House rules minus baseline, paired games ({result.games:,} games, "
        f"{result.games_per_combo} per combo, seed {result.seed}); red: 95% interval leaves out 0",
        fontsize=10,
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return Path(path)
