"""The report's opening: one chart per question a reader comes with, each with a
one-line answer read from the studies' own tables, before the detailed text."""

from __future__ import annotations

from pathlib import Path

from analyzer.studies.common import pct


def _pts(x: float) -> str:
    return f"{100 * x:+.1f} points"


def combos_answer(folder: Path) -> str | None:
    import pandas as pd

    path = folder / "combos.csv"
    if not path.exists():
        return None
    c = pd.read_csv(path).sort_values("win_rate")
    best, worst = c.iloc[-1], c.iloc[0]
    fair = best.win_rate - best.win_delta
    return (
        f"Strongest: {best.race} + {best.power}, {pct(best.win_rate)} of its games "
        f"({pct(best.win_lo)} to {pct(best.win_hi)}); weakest: {worst.race} + {worst.power}, "
        f"{pct(worst.win_rate)}; a fair share is {pct(fair)} ({int(best.games):,} games each)."
    )


def decline_answer(folder: Path) -> str | None:
    import pandas as pd

    path = folder / "best.csv"
    if not path.exists():
        return None
    b = pd.read_csv(path)
    b = b[b["among"] == "all"]
    if not len(b):
        return None
    parts = []
    for r in b.itertuples():
        verdict = "beats the default" if r.beats_default else "no better than the default"
        parts.append(f"{r.group}: {r.rule} ({_pts(r.win_diff)}, {verdict})")
    return "Best rule by group of combos, " + "; ".join(parts) + "."


def seats_answer(folder: Path) -> str | None:
    import pandas as pd

    path = folder / "seats.csv"
    if not path.exists():
        return None
    s = pd.read_csv(path)
    parts = []
    for n, part in s.groupby("players"):
        first, last = part.iloc[0], part.iloc[-1]
        parts.append(f"{n}p {pct(first.win_rate)} vs {pct(last.win_rate)}")
    return (
        "First seat against last seat: " + ", ".join(parts)
        + " (fair shares 50%, 33.3%, 25%, 20%)."
    )  # fmt: skip


def house_rules_answer(folder: Path) -> str | None:
    import pandas as pd

    path = folder / "compare.csv"
    if not path.exists():
        return None
    c = pd.read_csv(path)
    seat = c[c.metric.isin(["first_seat_win", "last_seat_win"]) & c.significant]
    spread = c[(c.metric == "combo_win_sd") & c.significant]
    moved_seats = sorted(set(seat.scenario))
    text = (
        "Turn order: " + (", ".join(moved_seats) if moved_seats else "no house rule")
        + " significantly moves the first or last seat's win rate. "
    )  # fmt: skip
    if len(spread):
        r = spread.loc[spread.delta.idxmin()]
        text += f"Most even combos: {r.scenario} ({_pts(r.delta)} SD of combo win rates)."
    else:
        text += "No house rule significantly changes the spread of combo win rates."
    return text


def balance_answer(folder: Path) -> str | None:
    import pandas as pd

    path = folder / "balance.csv"
    if not path.exists():
        return None
    t = pd.read_csv(path)
    moved = t[t.suggested_final != t.printed]
    moved = moved.reindex(moved.suggested_final.sub(moved.printed).abs().sort_values(
        ascending=False).index)  # fmt: skip
    shown = ", ".join(
        f"{r.name} {r.printed}→{r.suggested_final}" for r in moved.head(4).itertuples()
    )
    text = f"Largest changes: {shown}" if shown else "No banner or badge needs to change"
    spread = folder / "spread.csv"
    if spread.exists():
        w = pd.read_csv(spread).set_index("metric")
        if "combo_win_sd" in w.index:
            r = w.loc["combo_win_sd"]
            text += (
                f"; all {len(moved)} at once take the SD of combo win rates from "
                f"{pct(r.baseline)} to {pct(r.value)}"
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
)  # fmt: skip


def glance_markdown(out: Path, titles: dict[str, str]) -> list[str]:
    """The opening section: a chart and a one-line answer per question whose study
    ran, as a grid of figures (HTML inside the Markdown, so that the charts sit side by
    side on a wide screen and one under the other on a phone). `titles`: each study's
    section title by folder, for the links to its details."""
    import html

    from analyzer.report.site import _anchor

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
            f'<img src="{key}/{chart}" alt="{html.escape(question)}">'
            if chart is not None and (folder / chart).exists()
            else ""
        )
        figures.append(
            f"<figure>{picture}<figcaption><strong>{html.escape(question)}</strong><br>"
            f'{html.escape(text)} <a href="#{_anchor(titles[key])}">More</a></figcaption></figure>'
        )
    if not figures:
        return []
    return ["## At a glance", "", '<div class="glance">', *figures, "</div>", "",
            "The detailed findings, what they rest on and every study follow.", ""]  # fmt: skip
