"""The report's opening: one chart per question a reader comes with, each with a
one-line answer read from the studies' own tables, before the detailed text."""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer import precision
from analyzer.present.html import anchor
from analyzer.stats import Z95, benjamini_hochberg
from analyzer.studies.balance import seat_gap
from analyzer.studies.common import named_first, pct


def _pts(x: float) -> str:
    return f"{100 * x:+.1f} points"


def robustness_marks(folder: Path):
    """The robustness study's marks (marks.csv: finding, value, mark, detail), or None."""
    path = folder / "marks.csv"
    return pd.read_csv(path) if path.exists() else None


def _marked(folder: Path, *prefixes: str) -> str:
    """ " Across bots: ..." for the robustness marks whose finding starts with a prefix."""
    marks = robustness_marks(folder.parent / "robustness")
    if marks is None:
        return ""
    rows = marks[marks.finding.str.startswith(prefixes)]
    if not len(rows):
        return ""
    marks = list(dict.fromkeys(rows.mark))
    if len(marks) == 1:  # one verdict for all: said once
        return f" Across bots: {marks[0]}."
    return " Across bots: " + "; ".join(f"{r.value}: {r.mark}" for r in rows.itertuples()) + "."


def _confirmed(folder: Path, *prefixes: str) -> str:
    """ " With strong play (...): ..." for the confirm study's verdicts on the findings
    whose name starts with a prefix (confirm.csv), beside the reference bots' answer."""
    path = folder.parent / "confirm" / "confirm.csv"
    if not path.exists():
        return ""
    t = pd.read_csv(path)
    rows = t[t.finding.str.startswith(prefixes)]
    if not len(rows):
        return ""
    head = f" With strong play ({rows.field.iloc[0]}): "
    verdicts = list(dict.fromkeys(rows.verdict))
    if len(verdicts) == 1:
        return head + f"{verdicts[0]}" + (" for each" if len(rows) > 1 else "") + "."

    def label(finding: str) -> str:  # the words after the prefix the answer already says
        prefix = next(p for p in prefixes if finding.startswith(p))
        return finding[len(prefix) :].lstrip(" ,:") or finding

    return head + "; ".join(f"{label(r.finding)}: {r.verdict}" for r in rows.itertuples()) + "."


def combos_answer(folder: Path) -> str | None:
    path = folder / "combos.csv"
    if not path.exists():
        return None
    c = pd.read_csv(path).sort_values("win_rate")
    best, worst = c.iloc[-1], c.iloc[0]
    fair = best.win_rate - best.win_delta
    rough = precision.too_wide(best.win_lo, best.win_hi)
    lead = (
        f"{precision.TOO_FEW.capitalize()} which combo is strongest: the top so far"
        if rough
        else "Strongest"
    )

    def combo(r) -> str:
        return f"{r.race} + {r.power}"

    # A combo is named alone only when told apart from the runner-up (named_first).
    top = named_first(c, combo)
    span = f"{pct(best.win_lo)} to {pct(best.win_hi)}"
    top += f" (the first's 95% interval {span})" if top.startswith("tied") else (
        f" of its games ({span})")  # fmt: skip
    return (
        (
            f"{lead}: {top}; weakest: "
            f"{named_first(c, combo, 'bottom')}; a fair share is {pct(fair)} "
            f"({int(best.games):,} and {int(worst.games):,} games)."
        )
        + _marked(folder, "Strongest", "Weakest")
        + _confirmed(folder, "Strongest", "Weakest")
    )


def decline_answer(folder: Path) -> str | None:
    path = folder / "best.csv"
    if not path.exists():
        return None
    b = pd.read_csv(path)
    b = b[b["among"] == "all"]
    if not len(b):
        return None
    parts, verdicts = [], []
    for r in b.itertuples():
        if r.beats_default:
            verdict = "beats the default"
        elif precision.too_wide(r.win_diff_lo, r.win_diff_hi):
            verdict = f"{precision.TOO_FEW} whether it beats the default"
        else:
            verdict = "no better than the default"
        verdicts.append(verdict)
        parts.append(f"{r.group}: {r.rule} ({_pts(r.win_diff)}")
    if len(set(verdicts)) == 1:  # one verdict for every group: said once
        text = "; ".join(f"{p})" for p in parts) + f": {verdicts[0]}" + (
            " in each" if len(parts) > 1 else "")  # fmt: skip
    else:
        text = "; ".join(f"{p}, {v})" for p, v in zip(parts, verdicts, strict=True))
    return (
        "Best rule by group of combos, " + text + "." + _decline_marked(folder, b)
        + _confirmed(folder, "Best decline")
    )  # fmt: skip


def _decline_marked(folder: Path, best) -> str:
    """The robustness marks of the rules this answer names (the robustness section checks
    the decline study's best rules); a group it has no mark of that rule for is "not
    checked", with the rule it checked instead if any (a robustness run of its own)."""
    marks = robustness_marks(folder.parent / "robustness")
    if marks is None:
        return ""
    found = {(f, str(v)): m for f, v, m in zip(marks.finding, marks.value, marks.mark, strict=True)}
    checked = dict(zip(marks.finding, marks.value, strict=True))
    parts, verdicts = [], []
    for r in best.itertuples():
        finding = f"Best decline rule ({r.group} tokens)"
        if (finding, str(r.rule)) in found:
            verdicts.append(found[finding, str(r.rule)])
            parts.append(f"{r.group}: {verdicts[-1]}")
        elif finding in checked:
            parts.append(f"{r.group} tokens: not checked (the robustness study checked "
                         f"{checked[finding]})")  # fmt: skip
    if len(parts) > 1 and len(verdicts) == len(parts) and len(set(verdicts)) == 1:
        return f" Across bots: {verdicts[0]} in each group."  # one verdict: said once
    return (" Across bots: " + "; ".join(parts) + ".") if parts else ""


def seats_answer(folder: Path) -> str | None:
    path = folder / "seats.csv"
    if not path.exists():
        return None
    s = pd.read_csv(path)
    parts, rough = [], []
    for n, part in s.groupby("players"):
        first, last = part.iloc[0], part.iloc[-1]
        parts.append(f"{n}p {pct(first.win_rate)} vs {pct(last.win_rate)}")
        if {"win_lo", "win_hi"} <= set(s.columns) and precision.too_wide(
            first.win_lo, first.win_hi
        ):
            rough.append(f"{n}p")
    return (
        "First seat against last seat: " + ", ".join(parts)
        + " (fair shares 50%, 33.3%, 25%, 20%)"
        + (f"; {precision.TOO_FEW} at {', '.join(rough)}" if rough else "") + "."
        + _marked(folder, "Seat advantage") + _confirmed(folder, "Seat order")
    )  # fmt: skip


def house_rules_answer(folder: Path) -> str | None:
    path = folder / "compare.csv"
    if not path.exists():
        return None
    c = pd.read_csv(path)
    seat = _corrected(c[c.metric.isin(["first_seat_win", "last_seat_win"])])
    spread = c[(c.metric == "combo_win_sd") & c.significant]
    moved_seats = sorted(set(seat[seat.kept].scenario))
    text = (
        "Turn order: " + (", ".join(moved_seats) if moved_seats else "no house rule")
        + " significantly moves the first or last seat's win rate (Benjamini-Hochberg over "
        f"its {int(seat.tested.sum())} seat tests). "
    )  # fmt: skip
    if len(spread):
        r = spread.loc[spread.delta.idxmin()]
        text += f"Most even combos: {r.scenario} ({_pts(r.delta)} SD of combo win rates)."
    else:
        text += "No house rule significantly changes the spread of combo win rates."
    return text


def _corrected(tests):
    """`tests` (rows of compare.csv) with `tested` (an interval to test) and `kept`
    (significant after Benjamini-Hochberg at 5% over them all). The p-value of each is
    read back from its normal 95% interval, as the paired mean's interval was made."""

    se = (tests.delta_hi - tests.delta_lo) / (2 * Z95)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(se > 0, np.vectorize(math.erfc)(abs(tests.delta / se) / math.sqrt(2)), np.nan)
    q = benjamini_hochberg(p)
    return tests.assign(tested=np.isfinite(p), kept=np.nan_to_num(q, nan=1.0) <= 0.05)


def balance_answer(folder: Path) -> str | None:
    path = folder / "balance.csv"
    if not path.exists():
        return None
    t = pd.read_csv(path)
    moved = t[t.suggested != t.printed]
    moved = moved.reindex(moved.suggested.sub(moved.printed).abs().sort_values(
        ascending=False).index)  # fmt: skip
    # the one number per item of every page: replayed alone, landing or not
    shown = ", ".join(
        f"{r.name} {r.printed}→{r.suggested}"
        + (" (no whole number lands)" if r.lands == "no" else "")
        for r in moved.head(4).itertuples()
    )
    text = f"Largest changes: {shown}" if shown else "No banner or badge needs to change"
    if len(moved):
        landed = int((moved.lands == "yes").sum())
        text += f"; {landed} of {len(moved)} land on their fair share when replayed alone"
    stuck = t[~t.reaches_fair.astype(bool)]
    if len(stuck):
        more = f" and {len(stuck) - 4} more" if len(stuck) > 4 else ""
        text += f"; no token number in the box fixes {', '.join(stuck.name.head(4))}{more}"
    spread = folder / "spread.csv"
    if spread.exists():
        frame = pd.read_csv(spread)
        w = frame.set_index("metric")
        if "combo_win_sd" in w.index:
            r = w.loc["combo_win_sd"]
            text += (
                f"; all {len(moved)} at once take the SD of combo win rates from "
                f"{pct(r.baseline)} to {pct(r.value)}"
            )
        gap = seat_gap(frame)
        if gap is not None:
            text += (
                f" and the first seat's win rate minus the last seat's from "
                f"{100 * gap[0]:+.1f} to {100 * gap[1]:+.1f} points"
            )
    seats = folder / "seats.csv"
    if seats.exists():
        s = pd.read_csv(seats)
        four = s[s.players == s.players.max()] if 4 not in set(s.players) else s[s.players == 4]
        if len(four):
            coins = ", ".join(str(int(c)) for c in four.coins)
            text += (
                f"; extra starting coins by seat at {int(four.players.iloc[0])} players: {coins}"
            )
    return text + "." + _confirmed(folder, "Balance")


def robustness_answer(folder: Path) -> str | None:
    marks = robustness_marks(folder)
    if marks is None:
        return None
    holds = marks[marks.mark == "holds across bots"]
    rough = marks[marks.mark == precision.TOO_FEW]
    depends = marks[(marks.mark != "holds across bots") & (marks.mark != precision.TOO_FEW)]

    def named(rows) -> str:
        return "; ".join(f"{r.finding.lower()} {r.value}" for r in rows.itertuples())

    text = f"{len(holds)} of {len(marks)} headline findings hold across bots"
    if len(holds):
        text += f" ({named(holds)})"
    if len(depends):
        text += f"; these depend on the bots: {named(depends)}"
    if len(rough):
        text += f"; {precision.TOO_FEW} for {named(rough)}"
    corr = folder / "correlation.csv"
    if corr.exists():
        c = pd.read_csv(corr)
        races = c[c.kind == "race"]
        if len(races):
            text += (
                f". Rank correlation of the race table with the reference field: "
                f"{races.spearman.min():.2f} to {races.spearman.max():.2f} over "
                f"{len(races)} other fields"
            )
    return text + "."


# (study folder, chart in it, question, answer)
QUESTIONS = (
    ("combos", "top_bottom.png", "Which race and power combos are strong, and by how much?",
     combos_answer),
    ("decline", None, "When should I put my race in decline?", decline_answer),
    ("players", "seats.png", "How do player count and seat order change the game?",
     seats_answer),
    ("compare", "key-metrics.png", "What does each house rule change?", house_rules_answer),
    ("balance", "seats.png", "What would balance it?", balance_answer),
    ("robustness", "correlation.png", "Do these findings hold with other bots?",
     robustness_answer),
)  # fmt: skip


def glance_markdown(
    out: Path, titles: dict[str, str], link: Callable[[str], str] | None = None
) -> list[str]:
    """The opening section: a chart and a one-line answer per question whose study
    ran, as figures (HTML inside the Markdown), one card under the other at the page's
    width so that each chart is drawn large enough to read; the first is the combos'
    chart, the key one. `titles`: each study's section title by
    folder; `link(key)`: where a study's details are (default: its section below)."""
    link = link or (lambda key: f"#{anchor(titles[key])}")
    figures = []
    for key, chart, question, answer in QUESTIONS:
        if key not in titles:
            continue
        folder = out / key
        text = answer(folder)
        if text is None:
            continue
        if chart is None:  # the decline study names its chart by player count
            found = sorted(folder.glob("curves-*p.png"))
            chart = found[0].name if found else None
        picture = (
            f'<img src="{key}/{chart}" alt="{html.escape(question)}" '
            'title="Click to open full size">'
            if chart is not None and (folder / chart).exists()
            else ""
        )
        kind = ' class="key"' if not figures else ""
        figures.append(
            f"<figure{kind}><figcaption><strong>{html.escape(question)}</strong><br>"
            f'{html.escape(text)} <a href="{link(key)}">Details</a></figcaption>{picture}'
            "</figure>"
        )
    if not figures:
        return []
    return ["## Answers", "", '<p class="hint">Click a chart to open it full size.</p>', "",
            '<div class="answers">', *figures, "</div>", ""]  # fmt: skip
