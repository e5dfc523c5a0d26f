"""Charts for the studies, drawn with matplotlib's Agg backend (no display needed)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from analyzer.present.metrics import METRICS


def pyplot():
    """matplotlib.pyplot on the Agg backend (no display needed)."""
    # lazy: matplotlib (slow to load) only for a chart, its Agg backend chosen first
    import matplotlib

    matplotlib.use("Agg")
    # lazy: matplotlib (slow to load) only for a chart, its Agg backend chosen first
    import matplotlib.pyplot as plt

    return plt


def save_figure(fig, path: Path, dpi: int, rect=None) -> Path:
    """A chart's last step: tight_layout (within `rect`), the file at `dpi`, the figure
    closed. tight_layout leaves a placeholder layout engine on the figure, for which
    savefig draws the whole figure once more before the draw it saves; that draw moves
    nothing (the layout is already done), so the engine is dropped first: the same
    picture for about a third less of savefig's time."""
    if rect is None:
        fig.tight_layout()
    else:
        with _measured_once(fig):
            fig.tight_layout(rect=rect)
    fig.set_layout_engine(None)
    fig.savefig(path, dpi=dpi)
    pyplot().close(fig)
    return Path(path)


@contextmanager
def _measured_once(fig):
    """Within it, each Axes of `fig` measures its extent (get_tightbbox) once for a given
    renderer. tight_layout with a rect measures every Axes twice, the second time to fit
    the margins the first found into the rect, in the same state (nothing moves
    between the two): the same boxes, so the same layout, for half the measuring, the
    costliest part of a chart of many panels."""
    patched = []
    for ax in fig.axes:
        measure, seen = ax.get_tightbbox, {}

        def once(renderer=None, *args, _measure=measure, _seen=seen, **kwargs):
            if args or set(kwargs) - {"for_layout_only"}:
                return _measure(renderer, *args, **kwargs)
            key = (id(renderer), kwargs.get("for_layout_only", False))
            if key not in _seen:
                _seen[key] = _measure(renderer, **kwargs)
            return _seen[key]

        ax.get_tightbbox = once  # this Axes only, until the layout is made
        patched.append(ax)
    try:
        yield
    finally:
        for ax in patched:
            del ax.get_tightbbox  # the class's method again


def text_colour(rgba) -> str:
    """Black or white, whichever reads better on a cell of colour `rgba` (its WCAG
    relative luminance against the 0.179 crossover where both contrast alike)."""
    channels = np.asarray(rgba, float)[:3]
    linear = np.where(channels <= 0.03928, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
    luminance = float(linear @ np.array([0.2126, 0.7152, 0.0722]))
    return "black" if luminance > 0.179 else "white"


def _faded(rgba, white: float = 0.55):
    """A colour seen through the white veil that marks a not-significant cell."""
    return tuple(white + (1 - white) * c for c in np.asarray(rgba, float)[:3])


def combo_heatmap(result, path: Path, q: float = 0.05) -> Path:
    """Race x power grid of each combo's win rate minus the fair 1/players, in
    percentage points. Cells that do not pass Benjamini-Hochberg are hatched and
    faded; combos not played are grey."""
    # lazy: matplotlib (slow to load) only for a chart, its Agg backend chosen first
    from matplotlib.patches import Rectangle

    plt = pyplot()
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
                cell = cmap(image.norm(grid[i, j]))
                cell = cell if significant[i, j] else _faded(cell)
                ax.text(j, i, f"{grid[i, j]:+.0f}", ha="center", va="center", fontsize=8,
                        color=text_colour(cell))  # fmt: skip
    ax.set_xticks(range(len(powers)), powers, rotation=60, ha="right", fontsize=10)
    ax.set_yticks(range(len(races)), races, fontsize=10)
    fig.colorbar(image, ax=ax, label="win rate minus fair share (percentage points)")
    ax.set_title(
        f"Forced first pick, {result.n_players} players, "
        f"{'up to ' if getattr(result, 'looks', ()) else ''}{result.games_per_combo} games per "
        f"combo\nhatched: not significant (Benjamini-Hochberg, q = {q})",
        fontsize=10,
    )
    return save_figure(fig, path, 120)


def top_bottom_chart(result, path: Path, n: int = 15) -> Path:
    """The n best and n worst combos by win rate, with their Wilson 95% intervals. In
    the team variant (a `fair` column: each combo's faction's share) a combo is drawn
    against its faction's share, so strongest and weakest read left to right whatever
    the faction."""
    plt = pyplot()
    team = "fair" in result.combos
    key = "win_delta" if team else "win_rate"
    c = result.combos.sort_values([key, "vc_delta"], ascending=False)
    n = min(n, len(c) // 2) if len(c) > 1 else len(c)
    shown = (
        c.head(n) if len(c) <= 2 * n else c.iloc[list(range(n)) + list(range(len(c) - n, len(c)))]
    )
    shown = shown.iloc[::-1]  # best at the top
    y = np.arange(len(shown))
    base = 100 * shown["fair"].to_numpy() if team else 0.0  # team: points from the share
    rate = 100 * shown["win_rate"].to_numpy() - base
    err = np.vstack(
        [
            rate - (100 * shown["win_lo"].to_numpy() - base),
            100 * shown["win_hi"].to_numpy() - base - rate,
        ]
    ).clip(min=0)  # matplotlib refuses a rounding error's -1e-15
    colours = ["#b2182b" if d > 0 else "#2166ac" for d in shown["win_delta"]]
    # Drawn to be read across the report's main page (about 1,000 px wide).
    fig, ax = plt.subplots(figsize=(8, max(3, 0.3 * len(shown) + 1.5)))
    ax.errorbar(rate, y, xerr=err, fmt="none", ecolor="#555555", capsize=2, linewidth=1)
    ax.scatter(rate, y, c=colours, zorder=3, s=18)
    labels = [
        (f"{r.race} ({r.faction}) + {r.power}" if team else f"{r.race} + {r.power}")
        + (" ⚠" if r.race_modeled != "full" or r.power_modeled != "full" else "")
        + (" *" if r.significant else "")
        for r in shown.itertuples()
    ]
    ax.set_yticks(y, labels, fontsize=9)
    if team:
        ax.axvline(0, color="black", linestyle="--", linewidth=1,
                   label="its faction's share")  # fmt: skip
        ax.set_xlabel("team win rate minus its faction's share, points (Wilson 95% interval)")
    else:
        ax.axvline(
            100 * result.fair, color="black", linestyle="--", linewidth=1, label="fair share"
        )
        ax.set_xlabel("win rate of the forced seat, % (Wilson 95% interval)")
    if len(c) > 2 * n:
        ax.axhline(n - 0.5, color="#999999", linewidth=0.8)
    ax.set_title(
        f"Top and bottom {n} combos (* significant after BH, ⚠ ability not fully modeled)",
        fontsize=10,
    )
    ax.legend(loc="lower right", fontsize=8)
    return save_figure(fig, path, 120)


# The few metrics a reader asks of a house rule first (the report's opening chart).
KEY_METRICS = ("first_seat_win", "last_seat_win", "winning_score", "combo_win_sd")


def forest_plot(result, path: Path, only=None, cols: int = 2) -> Path:
    """One panel per metric (`only` these): each scenario's paired difference from its
    baseline, with its 95% interval; red when the interval leaves out zero."""
    plt = pyplot()
    t = result.table
    metrics = [m for m in METRICS if m in set(t.metric) and (only is None or m in only)]
    names = list(dict.fromkeys(t.scenario))
    cols = min(cols, len(metrics))
    rows = (len(metrics) + cols - 1) // cols
    width = 11 if cols <= 2 else 3.2 * cols
    fig, axes = plt.subplots(
        rows, cols, figsize=(width, max(3, rows * (0.32 * len(names) + 1.2))), squeeze=False,
        sharey=True,
    )  # fmt: skip
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
    bots = "; ".join(f"{name}: {', '.join(dict.fromkeys(p))}" for name, p in
                     list(result.policies.items())[:1])  # fmt: skip
    fig.text(
        0.005, 0.005,
        f"ruleset {result.ruleset_name} | bots: {bots} (see summary.md for every arm) | "
        f"⚠ {len(result.not_modeled)} abilities not fully modeled, {len(result.estimates)} "
        "estimated numbers (summary.md)",
        fontsize=6, color="#555555", ha="left", va="bottom",
    )  # fmt: skip
    return save_figure(fig, path, 110, rect=(0, 0.015, 1, 1 - 0.5 / fig.get_figheight()))


def _footer(fig, result, games: str) -> None:
    """What every study chart states: ruleset, bots, games, seed, and what the numbers
    rest on that is not modeled or estimated."""
    every = {b for p in result.policies.values() for b in p}
    bots = (
        f"{every.pop()} in every seat"
        if len(every) == 1
        else "; ".join(
            f"{n}p: " + ", ".join(f"{list(p).count(b)} {b}" for b in dict.fromkeys(p))
            for n, p in result.policies.items()
        )
    )
    fig.text(
        0.005, 0.005,
        f"{result.ruleset_name}" + (f" ({result.scenario})" if result.scenario else "")
        + f" | bots {bots} | {games} | seed {result.seed} | ⚠ {len(result.not_modeled)} "
        f"not fully modeled, {len(result.estimates)} estimated numbers (summary.md)",
        fontsize=6, color="#555555", ha="left", va="bottom", wrap=True,
    )  # fmt: skip


def _save_with_footer(fig, result, games: str, path: Path) -> Path:
    """A study chart's last step: the footer, the layout that leaves it room, the file."""
    _footer(fig, result, games)
    return save_figure(fig, path, 110, rect=[0, 0.05, 1, 1])


def decline_curves(result, n_players: int, path: Path) -> Path:
    """Win rate and mean VC of the test seat against the swept parameter: one column of
    panels per family, one line per group, 95% bands; the default rule starred."""
    plt = pyplot()
    c = result.curves[result.curves.players == n_players]
    families = [f for f in ("decline_tokens", "decline_round") if (c.family == f).any()]
    fig, axes = plt.subplots(
        2, len(families), figsize=(5.5 * len(families), 7), squeeze=False, sharey="row"
    )
    groups = list(dict.fromkeys(c.group))
    g = result.groups[result.groups.players == n_players].set_index("group")
    names = {
        label: label
        if result.grouping == "chosen"
        else f"{label} ({g.tokens_min[label]}"
        + ("" if g.tokens_min[label] == g.tokens_max[label] else f"-{g.tokens_max[label]}")
        + " tokens)"
        for label in groups
    }
    colours = plt.get_cmap("tab10")
    for col, fam in enumerate(families):
        for j, label in enumerate(groups):
            f = c[(c.family == fam) & (c.group == label)].sort_values("value")
            x = f["value"].to_numpy(np.float64)
            for row, (mid, lo, hi, scale) in enumerate(
                (("win_rate", "win_lo", "win_hi", 100.0), ("mean_vc", "vc_lo", "vc_hi", 1.0))
            ):
                ax = axes[row, col]
                y = scale * f[mid].to_numpy(np.float64)
                ax.plot(x, y, marker="o", markersize=3, color=colours(j), label=names[label])
                ax.fill_between(
                    x, scale * f[lo].to_numpy(np.float64), scale * f[hi].to_numpy(np.float64),
                    color=colours(j), alpha=0.18, linewidth=0,
                )  # fmt: skip
                d = f[f.is_default]
                if len(d):
                    ax.scatter(
                        d["value"].to_numpy(np.float64), scale * d[mid].to_numpy(np.float64),
                        marker="*", s=120, color=colours(j), edgecolor="black", zorder=4,
                    )  # fmt: skip
        axes[0, col].axhline(100 / n_players, color="black", linestyle="--", linewidth=0.8)
        axes[0, col].set_title(fam.replace("_", " "), fontsize=10)
        axes[1, col].set_xlabel(
            "decline when fewer free tokens than this (0: never)"
            if fam == "decline_tokens"
            else "decline in this round (never otherwise)"
        )
    axes[0, 0].set_ylabel("test seat win rate, % (Wilson 95%)")
    axes[1, 0].set_ylabel("test seat mean final VC (95%)")
    axes[0, 0].legend(fontsize=8, title="combos", title_fontsize=8)
    fig.suptitle(
        f"When to decline, {n_players} players, {result.games} games per point, seed "
        f"{result.seed} (dashed: fair share; star: default rule)",
        fontsize=10,
    )
    return _save_with_footer(fig, result, f"{result.games} games per point and group", path)


def seat_advantage(result, path: Path) -> Path:
    """Win rate of each seat minus the fair share, per player count, Wilson 95% bars."""
    plt = pyplot()
    s = result.seats
    fig, ax = plt.subplots(figsize=(7, 4.2))
    counts = list(result.players)
    colours = plt.get_cmap("tab10")
    for k, n in enumerate(counts):
        f = s[s.players == n]
        x = f["seat"].to_numpy(np.float64) + (k - (len(counts) - 1) / 2) * 0.12
        y = 100 * f["advantage"].to_numpy(np.float64)
        err = np.vstack([y - 100 * f["advantage_lo"], 100 * f["advantage_hi"] - y])
        ax.errorbar(x, y, yerr=err, fmt="o", capsize=3, color=colours(k), label=f"{n} players")
    ax.axhline(0, color="black", linestyle="--", linewidth=0.8)
    ax.set_xticks(range(1, max(counts) + 1))
    ax.set_xlabel("seat (turn order)")
    ax.set_ylabel("win rate minus fair share, points (Wilson 95%)")
    ax.set_title(f"Seat advantage, {result.games} games per count, seed {result.seed}", fontsize=10)
    ax.legend(fontsize=8)
    return _save_with_footer(fig, result, f"{result.games} games per count", path)


def score_violins(result, path: Path) -> Path:
    """Final VC of every seat, and of the winners, per player count (violins with
    median and quartiles), from the study's score distribution table."""
    plt = pyplot()
    sc = result.score_counts
    counts = list(result.players)
    everyone = [np.repeat(sc[sc.players == n].vc, sc[sc.players == n].seats) for n in counts]
    winners = [np.repeat(sc[sc.players == n].vc, sc[sc.players == n].winners) for n in counts]
    fig, ax = plt.subplots(figsize=(1.8 * len(counts) + 3, 4.5))
    pos = np.arange(len(counts), dtype=np.float64)
    for data, shift, colour, label in (
        (everyone, -0.2, "#4c72b0", "every seat"),
        (winners, 0.2, "#dd8452", "winners"),
    ):
        keep = [i for i, d in enumerate(data) if len(d)]
        parts = ax.violinplot(
            [data[i] for i in keep], positions=pos[keep] + shift, widths=0.38,
            showmedians=True, showextrema=False, quantiles=[[0.25, 0.75]] * len(keep),
        )  # fmt: skip
        for body in parts["bodies"]:
            body.set_facecolor(colour)
            body.set_alpha(0.6)
        ax.plot([], [], color=colour, linewidth=6, alpha=0.6, label=label)
    ax.set_xticks(pos, [f"{n} players" for n in counts])
    ax.set_ylabel("final VC")
    ax.set_title(
        f"Score distributions (lines: median and quartiles), {result.games} games per count",
        fontsize=10,
    )
    ax.legend(fontsize=8)
    return _save_with_footer(fig, result, f"{result.games} games per count", path)


def rank_correlation_heatmap(result, path: Path) -> Path:
    """Spearman correlation of combo win-rate deltas between player counts, with the
    Fisher 95% interval in each cell."""
    plt = pyplot()
    counts = list(result.players)
    k = len(counts)
    grid = np.eye(k)
    text = [["" for _ in range(k)] for _ in range(k)]
    for r in result.rank_correlation.itertuples():
        i, j = counts.index(r.players_a), counts.index(r.players_b)
        grid[i, j] = grid[j, i] = r.spearman
        text[i][j] = text[j][i] = (
            f"{r.spearman:.2f}\n[{r.spearman_lo:.2f}, {r.spearman_hi:.2f}]\nceiling {r.ceiling:.2f}"
        )
    fig, ax = plt.subplots(figsize=(1.4 * k + 2.5, 1.2 * k + 1.8))
    image = ax.imshow(grid, cmap="viridis", vmin=min(0.0, float(grid.min())), vmax=1.0)
    for i in range(k):
        for j in range(k):
            if i != j:
                colour = text_colour(image.cmap(image.norm(grid[i, j])))
                ax.text(j, i, text[i][j], ha="center", va="center", fontsize=7, color=colour)
    labels = [f"{n}p" for n in counts]
    ax.set_xticks(range(k), labels)
    ax.set_yticks(range(k), labels)
    fig.colorbar(image, ax=ax, label="Spearman rank correlation")
    ax.set_title(
        f"Combo strength ranks across player counts\n{result.games_per_combo} games per combo, "
        "Fisher 95% intervals",
        fontsize=9,
    )
    return _save_with_footer(
        fig, result, f"{result.games_per_combo} games per combo and count", path
    )


def _one_count(result):
    """The footer's view of a study played at one player count."""

    return SimpleNamespace(
        policies={result.n_players: result.policies}, ruleset_name=result.ruleset_name,
        scenario=result.scenario, seed=result.seed, not_modeled=result.not_modeled,
        estimates=result.estimates,
    )  # fmt: skip


def balance_curves(result, kind: str, path: Path) -> Path:
    """One panel per race (or power): its win rate against its banner (badge) tokens,
    Wilson 95% bars, the logistic fit, the fair share, the printed number (star) and
    the suggestion (diamond)."""
    plt = pyplot()
    t = result.table[result.table.kind == kind]
    c = result.curves[result.curves.kind == kind]
    n = len(t)
    cols = 5 if n > 16 else 4
    rows = max(1, -(-n // cols))
    fig, axes = plt.subplots(rows, cols, figsize=(3.1 * cols, 2.5 * rows + 0.8), squeeze=False)
    fair = 100 * result.fair
    for ax, r in zip(axes.flat, t.itertuples(), strict=False):
        part = c[c.id == r.id].sort_values("tokens")
        x = part.tokens.to_numpy(np.float64)
        y = 100 * part.win_rate.to_numpy(np.float64)
        err = np.vstack([y - 100 * part.win_lo, 100 * part.win_hi - y])
        ax.errorbar(x, y, yerr=err, fmt="o", markersize=3, capsize=2, color="#1f77b4")
        grid = np.linspace(x.min(), x.max(), 60)
        fitted = 100 / (1 + np.exp(-(r.beta0 + r.beta1 * (grid - r.printed))))
        ax.plot(grid, fitted, color="#1f77b4", linewidth=1, alpha=0.7)
        ax.axhline(fair, color="black", linestyle="--", linewidth=0.8)
        ax.scatter([r.printed], [100 * r.win_rate], marker="*", s=110, color="#ff7f0e",
                   edgecolor="black", zorder=4)  # fmt: skip
        if r.suggested != r.printed:
            ax.scatter([r.suggested], [100 * r.win_rate_suggested], marker="D", s=40,
                       color="#2ca02c", edgecolor="black", zorder=4)  # fmt: skip
        title = f"{r.name}: {r.printed}" + (
            f" → {r.suggested}" if r.suggested != r.printed else " (keep)"
        )
        ax.set_title(title + ("" if r.reaches_fair else " ⚠ box"), fontsize=8)
        ax.tick_params(labelsize=7)
    for ax in list(axes.flat)[n:]:
        ax.set_visible(False)
    fig.supxlabel(f"{'banner' if kind == 'race' else 'badge'} tokens", fontsize=9)
    fig.supylabel("win rate of its forced picks, % (Wilson 95%)", fontsize=9)
    fig.suptitle(
        f"Which {'banner' if kind == 'race' else 'badge'} number is fair? {result.n_players} "
        f"players (dashed: fair share; star: printed; diamond: suggested)", fontsize=10,
    )  # fmt: skip
    games = f"{result.games_per_combo} games per combo and number"
    return _save_with_footer(fig, _one_count(result), games, path)


def seat_compensation(result, path: Path) -> Path:
    """Seat win rate minus the fair share, per player count: the printed rules (open)
    and with the suggested extra coins (filled), Wilson 95% bars; coins written above."""
    plt = pyplot()
    s = result.seats
    counts = sorted(s.players.unique())
    fig, axes = plt.subplots(1, len(counts), figsize=(3.4 * len(counts), 3.6), squeeze=False)
    for ax, n in zip(axes[0], counts, strict=True):
        f = s[s.players == n]
        x = f.seat.to_numpy(np.float64)
        for shift, col, lo, hi, style, label in (
            (-0.12, "win_rate", "win_lo", "win_hi", "o", "printed rules"),
            (0.12, "win_rate_compensated", "compensated_lo", "compensated_hi", "s",
             "with extra coins"),
        ):  # fmt: skip
            y = 100 * (f[col] - f.fair).to_numpy(np.float64)
            err = np.vstack([100 * (f[col] - f[lo]), 100 * (f[hi] - f[col])])
            ax.errorbar(x + shift, y, yerr=err, fmt=style, capsize=2, markersize=4,
                        mfc="white" if style == "o" else None, label=label)  # fmt: skip
        for r in f.itertuples():
            ax.annotate(f"+{r.coins}", (r.seat, ax.get_ylim()[1]), ha="center", va="top",
                        fontsize=8, color="#2ca02c")  # fmt: skip
        ax.axhline(0, color="black", linestyle="--", linewidth=0.8)
        ax.set_xticks(x)
        ax.set_title(f"{n} players", fontsize=9)
        ax.set_xlabel("seat (green: extra coins)", fontsize=8)
    axes[0, 0].set_ylabel("win rate minus fair share, points")
    axes[0, 0].legend(fontsize=7)
    fig.suptitle("Seat compensation: extra starting coins by seat", fontsize=10)
    games = f"{int(s.games.iloc[0]):,} games per count and arm"
    return _save_with_footer(fig, _one_count(result), games, path)


def sensitivity_chart(result, path: Path) -> Path:
    """For each estimated badge: its power's win rate change with one token less and
    one more (the same games), in points."""
    plt = pyplot()
    s = result.sensitivity
    s = s[s.estimate.str.endswith(".badge") & s.effect_change.notna()]
    names = list(dict.fromkeys(s.name))
    fig, ax = plt.subplots(figsize=(7, 0.28 * len(names) + 1.6))
    for d, colour in ((-1, "#d62728"), (1, "#2ca02c")):
        part = s[s.delta == d].set_index("name").reindex(names)
        ax.barh(np.arange(len(names)) + (0.2 if d > 0 else -0.2),
                100 * part.effect_change.to_numpy(np.float64), height=0.38, color=colour,
                label=f"badge {d:+d}")  # fmt: skip
    ax.set_yticks(range(len(names)), names, fontsize=7)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("change of the power's win rate, points")
    ax.set_title("Estimated badge numbers: what one token either way changes", fontsize=10)
    ax.legend(fontsize=7)
    return _save_with_footer(
        fig, _one_count(result), f"{result.games_per_combo} games per combo", path
    )
