"""Battle for Azeroth's team studies (rulesets/swow/bfa.py, draft.py).

alliance_duel: do bots that play as allies (the heuristic with `ally_care` > 0)
beat a team of the same bots that ignore the alliance (`ally_care` = 0)? Paired
seeds: every game is played twice, the allied bots on the Alliance's seats and then
on the Horde's, so the factions' own advantage cancels out. A game pair's score is
the allied team's wins minus the other team's (a shared victory counts half), and
the result is its mean with a 95% interval.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.engine.core_layout import S_VC
from analyzer.gameloop import api
from analyzer.players.params import default_vector, policy_id
from analyzer.present.html import to_html
from analyzer.stats import mean_se, normal_interval, wilson
from analyzer.studies import common
from analyzer.studies.balance_teams import answer_sentence
from analyzer.studies.combos_page import fill_folder
from analyzer.studies.common import pct, pp, printed_tables
from analyzer.studies.team_target import faction_shares
from analyzer.studies.teams_parts import final_vc, gap_parts, parts_findings, parts_lines, play_arm
from analyzer.variants import content_of, team_rules, team_variant


@dataclass(frozen=True)
class Duel:
    n_players: int
    games: int  # game pairs (each played with the allied bots on both sides)
    allied_win: float  # the allied team's win share (shared wins count half)
    ignoring_win: float  # the team that ignores the alliance
    edge: float  # allied minus ignoring, per game pair
    edge_lo: float
    edge_hi: float


def _shares(team, vc: np.ndarray, n_players: int) -> np.ndarray:
    """float[games, faction]: each faction's share of each game's victory."""
    wins = team.team_wins(vc, n_players, False).astype(np.float64)
    return wins / wins.sum(axis=1, keepdims=True)


def alliance_duel(
    n_players: int, games: int, seed: int, care: float = 1.0, tables=None, *, game
) -> Duel:
    """Allied heuristic bots (ally_care=care) against ignoring ones (ally_care=0),
    games 0..games-1 of run `seed`, each played with the allied team on each side, on
    `tables` (None: the printed rules of `game`, the Game played)."""
    tables = printed_tables(game) if tables is None else tables
    team = team_rules(tables)
    if n_players not in (4, 5):
        raise ValueError(f"allies play together at 4 and 5 players, not {n_players}")
    etables = api.engine_tables(team.team_tables(tables, n_players, False))
    factions = team.seat_teams(n_players, False)
    allied = default_vector("heuristic", ally_care=care)
    ignoring = default_vector("heuristic", ally_care=0.0)
    policies = [policy_id("heuristic")] * n_players
    edge = np.zeros(games)
    allied_win = np.zeros(games)
    ignoring_win = np.zeros(games)
    first, second = team.RIVALS
    for side, other in ((first, second), (second, first)):
        params = np.array([allied if f == side else ignoring for f in factions])
        res = api.play_batch(etables, n_players, seed, 0, games, policies, params)
        shares = _shares(team, res.seats[:, :n_players, S_VC], n_players)
        allied_win += shares[:, side] / 2
        ignoring_win += shares[:, other] / 2
        edge += (shares[:, side] - shares[:, other]) / 2
    mean, se = mean_se(edge)
    lo, hi = normal_interval(mean, se)
    return Duel(
        n_players=n_players,
        games=games,
        allied_win=float(allied_win.mean()),
        ignoring_win=float(ignoring_win.mean()),
        edge=float(mean),
        edge_lo=float(lo),
        edge_hi=float(hi),
    )


@dataclass(frozen=True)
class Factions:
    """Who wins the team variant with the same bot in every seat."""

    table: object  # pandas DataFrame: one row per player count and faction
    seats: object  # one row per player count and seat: team win rate, mean VC
    within: object  # per count and two-seat faction: its second seat's VC minus its first's
    games: int
    seed: int
    bots: dict = None  # players -> the bot or style of each seat (None: heuristic)
    exchanged: bool = False  # the Alliance's and the Horde's seats exchanged
    vc: dict = None  # players -> the games' final VC, float[games, seats]
    parts: object = None  # teams_parts.Parts: where each faction's advantage comes from
    variant: str = ""  # the team variant played (its name)


def faction_rates(
    counts,
    games: int,
    seed: int,
    tables=None,
    bots=None,
    exchanged=False,
    parts=False,
    *,
    game,
) -> Factions:
    """Each faction's win rate (a shared victory counts for each winner, so the rates
    of a count may add up to a little more than 1), its share of the victories (a
    shared victory split, ruling B10) against its fair share, and each seat's mean
    VC, with 95% intervals, over games 0..games-1 of run `seed` at each player count;
    `bots` (players -> a bot or style name per seat) plays the seats, default
    heuristic bots everywhere; `exchanged`: the Alliance's and the Horde's seats
    exchanged. Within a faction, the seats' mean VC show the seat advantage. `parts`
    (printed seating only): also take each faction's advantage apart (teams_parts).
    `tables`: the rules played (None: the printed rules of `game`, the Game played)."""

    tables = printed_tables(game) if tables is None else tables
    team = team_rules(tables)
    bots = {n: tuple((bots or {}).get(n) or ("heuristic",) * n) for n in counts}
    rows, seat_rows, within_rows, finals, played = [], [], [], {}, {}
    for n in counts:
        played[n] = play_arm(n, games, seed, tables, bots[n], exchanged=exchanged)
        vc = finals[n] = final_vc(played[n], n)
        wins = team.team_wins(vc, n, exchanged)
        factions = team.seat_teams(n, exchanged)
        shares = faction_shares(team, vc, n, exchanged).set_index("faction")
        for f in dict.fromkeys(team.seat_teams(n, False)):  # the printed seats' order
            won = int(wins[:, f].sum())
            lo, hi = wilson(won, games)
            share = shares.loc[team.TEAMS[f]]
            rows.append((n, team.TEAMS[f], games, won, won / games, float(lo), float(hi),
                         share.share, share.share_lo, share.share_hi, share.fair))  # fmt: skip
        for s, label in enumerate(team.seat_labels(n, exchanged)):
            mean, se = mean_se(vc[:, s])
            lo, hi = normal_interval(mean, se)
            rate = float(wins[:, factions[s]].mean())
            seat_rows.append((n, s + 1, label, rate, float(mean), float(lo), float(hi)))
        for f in team.RIVALS:
            mine = [s for s, g in enumerate(factions) if g == f]
            if len(mine) == 2:  # the same games: a paired difference
                mean, se = mean_se(vc[:, mine[1]] - vc[:, mine[0]])
                lo, hi = normal_interval(mean, se)
                within_rows.append((n, team.TEAMS[f], float(mean), float(lo), float(hi)))
    table = pd.DataFrame(
        rows,
        columns=["players", "faction", "games", "wins", "win_rate", "win_lo", "win_hi",
                 "share", "share_lo", "share_hi", "fair"],
    )  # fmt: skip
    seats = pd.DataFrame(
        seat_rows,
        columns=["players", "seat", "faction_seat", "team_win_rate", "mean_vc", "vc_lo", "vc_hi"],
    )
    within = pd.DataFrame(
        within_rows, columns=["players", "faction", "second_minus_first_vc", "lo", "hi"]
    )
    found = None
    if parts and not exchanged:
        found = gap_parts(counts, games, seed, tables, bots, printed=played)
    return Factions(table=table, seats=seats, within=within, games=games, seed=seed,
                    bots=bots, exchanged=exchanged, vc=finals, parts=found,
                    variant=team_variant(content_of(tables)))  # fmt: skip


def combo_lines(study) -> list[str]:
    """The team page's section on one combo study under the variant (studies/combos.py,
    ruling B9): the races against their faction's share, the top and bottom combos."""

    n = study.n_players
    folder = f"combos-{n}p"
    shares = ", ".join(f"{f} {pct(v)}" for f, v in study.faction_fair.items())
    lines = [
        f"### {n} players",
        "",
        f"Every combo of a seated race forced as the first pick of a seat of the race's "
        f"faction ({study.games_per_combo} games each, seed {study.seed}), read as the "
        f"**team win**. A faction's fair share is its team win rate over all its forced "
        f"combos: {shares}; `vs share` is a race's or combo's team win rate minus its "
        "faction's, so it compares races of different factions on an even footing."
        + (f" Left out: {', '.join(study.skipped)} (no Neutral seat)." if study.skipped else ""),
        "",
        "| race | faction | games | team win rate | 95% interval | vs share | race VC |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in study.races.sort_values("win_delta", ascending=False).itertuples():
        lines.append(f"| {r.race} | {r.faction} | {r.games:,} | {pct(r.win_rate)} | "
                     f"{pct(r.win_lo)} to {pct(r.win_hi)} | {pp(r.win_delta)} | "
                     f"{r.race_vc:.1f} |")  # fmt: skip
    ranked = study.combos.sort_values(["win_delta", "vc_delta"], ascending=False)
    for label, rows in (("Strongest", ranked.head(5)), ("Weakest", ranked.tail(5).iloc[::-1])):
        lines.append("")
        lines.append(
            f"{label} combos for their faction: "
            + "; ".join(
                f"{r.race} + {r.power} {pp(r.win_delta)} ({pct(r.win_rate)}, "
                f"{pct(r.win_lo)} to {pct(r.win_hi)})"
                for r in rows.itertuples()
            )  # fmt: skip
            + "."
        )
    strong = int((study.combos.significant == "strong").sum())
    weak = int((study.combos.significant == "weak").sum())
    lines += [
        "",
        f"After Benjamini-Hochberg (q = 0.05) {strong} of {len(study.combos)} combos are "
        f"significantly strong for their faction and {weak} weak. Files: "
        f"[{folder}/combos.csv]({folder}/combos.csv), [{folder}/races.csv]({folder}/races.csv),"
        f" [{folder}/summary.md]({folder}/summary.md).",
        "",
        f"![Top and bottom combos, {n} players]({folder}/top_bottom.png)",
        "",
    ]
    return lines


def findings(result: Factions, duels: list[Duel], combos=()) -> list[str]:
    """Short sentences for the report's index, generated from the tables."""

    out = []
    for n, part in result.table.groupby("players", sort=True):
        best = part.sort_values("win_rate").iloc[-1]
        rates = ", ".join(f"{r.faction} {pct(r.win_rate)}" for r in part.itertuples())
        out.append(f"{n} players: the {best.faction} wins most ({rates}).")
    if result.parts is not None:
        out += parts_findings(result.parts)
    for d in duels:
        out.append(
            f"{d.n_players} players: allied bots beat bots that ignore the alliance by "
            f"{pp(d.edge)} ({pp(d.edge_lo)} to {pp(d.edge_hi)})."
        )
    for study in combos:
        races = study.races.sort_values("win_delta")
        top, low = races.iloc[-1], races.iloc[0]
        out.append(
            f"{study.n_players} players, team play: the race doing most for its faction is "
            f"{top.race} ({top.faction}, {pp(top.win_delta)} against its share), the least "
            f"{low.race} ({low.faction}, {pp(low.win_delta)})."
        )
    return out


def _bots_text(bots) -> str:
    """Who played the faction games, per player count."""
    if not bots or all(set(b) == {"heuristic"} for b in bots.values()):
        return "Heuristic bots in every seat"
    return "Bots by seat: " + "; ".join(f"{n} players {', '.join(b)}" for n, b in bots.items())


def seating_text(result: Factions) -> str:
    """How the seats were laid out, in the page's words."""
    if result.exchanged:
        return "With the Alliance's and the Horde's seats exchanged (Horde 1 plays first)"
    return "As printed"


def answer_lines(result: Factions) -> list[str]:
    """The page's opening: each count's leading faction against its fair share, and
    (with the parts) where its advantage comes from."""
    said = {}
    for n, part in result.table.groupby("players", sort=True):
        ranked = part.sort_values("share")
        top, runner = ranked.iloc[-1], ranked.iloc[-2]
        rate = f"{pct(top.win_rate)} ({pct(top.win_lo)} to {pct(top.win_hi)})"
        if top.share_lo <= runner.share_hi:  # the intervals meet: no winner to name
            rate += f", too few games to tell it from the {runner.faction}"
        said[n] = (top.faction, rate, pct(top.fair))
    first = 4 if 4 in said else min(said)  # four players: the count a table plays most
    faction, rate, fair = said[first]
    text = f"{seating_text(result)}, at {first} players the {faction} wins {rate} of the games"
    text += f" against a fair {fair}"
    for n, (faction, rate, fair) in said.items():
        if n != first:
            text += f"; at {n} players the {faction} {rate} against {fair}"
    lines = [f"**{text}.**", ""]
    if result.parts is not None:
        lines += [f"- {line}" for line in parts_findings(result.parts)] + [""]
    return lines


def fix_lines(fixes) -> list[str]:
    """The page's first lines from balance runs of the variant (`fixes`: their
    verified.csv tables, balance_teams.py): per count, 4 players first, the printed
    share and each faction's share with the proposed change, on the run's fresh games."""
    said = {}
    for table in fixes:
        for n, rows in table.groupby("players", sort=True):
            said[int(n)] = answer_sentence(rows)
    order = sorted(said, key=lambda n: (n != 4, n))
    lines = [f"**{said[n]}**" if n == order[0] else f"- {said[n]}" for n in order if said[n]]
    return [*lines, ""] if lines else []


def fix_table_lines(fixes, variant: str) -> list[str]:
    """The section on the proposed changes: each faction's share as printed and with
    the change, on the balance run's fresh games (`variant`: the team variant's name)."""

    rows = [t[t.proposed.astype(bool)] for t in fixes]
    rows = [r for r in rows if len(r)]
    if not rows:
        return []
    lines = [
        "## The smallest change that balances the factions",
        "",
        f"From `analyzer balance --variant {variant}` (docs/studies.md): each lever's "
        "best setting replayed on games its solver never saw, beside the printed rules on "
        "the same games; "
        "the change shown is the smallest that lands (ruling B13). Intervals are 95%.",
        "",
        "| players | change | faction | as printed | with the change | fair share | lands |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in (x for part in rows for x in part.itertuples()):
        lines.append(f"| {r.players} | {r.change} | {r.faction} | {pct(r.printed_share)} "
                     f"({pct(r.printed_lo)} to {pct(r.printed_hi)}) | {pct(r.share)} "
                     f"({pct(r.share_lo)} to {pct(r.share_hi)}) | {pct(r.fair)} | "
                     f"{r.lands} |")  # fmt: skip
    shown = {int(n) for part in rows for n in part.players}
    others = [n for n in (2, 3, 4, 5) if n not in shown]
    if others:
        counts = ", ".join(str(n) for n in others)
        lines += ["", f"Not played here at {counts} players: `analyzer balance --variant "
                  f"{variant} --players N` proposes and verifies a change for any "
                  "count."]  # fmt: skip
    return [*lines, ""]


def summary_markdown(
    result: Factions, duels: list[Duel], combos=(), index: bool = False, fixes=()
) -> str:
    """The team study's page: the answer first (`fixes`: the verified.csv tables of
    balance runs of the variant, whose proposed change opens the page), who wins,
    where the advantage comes from, the seats within a faction, the allied bots, and
    (`combos`: combo studies under the variant) the combos and races in team play;
    `index`: the page sits in the report's index folder and links back to it."""
    lines = [
        "# Battle for Azeroth: factions, seats and allies",
        "",
        *(["[Back to the index of every ruleset](../index.html)", ""] if index else []),
        *fix_lines(fixes),
        *answer_lines(result),
        f"{_bots_text(result.bots)}, {result.games:,} games per player count, seed "
        f"{result.seed}; a faction wins as the sheet says (rulings.md B3). A faction's "
        "**win rate** counts a shared victory for each winner; its **share** of the "
        "victories splits it, and is what its fair share (one half with two factions, one "
        "third with three, ruling B10) is measured against. Intervals are 95%.",
        "",
        "## Faction win rates",
        "",
        "| players | faction | win rate | interval | share | interval | fair share |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in result.table.itertuples():
        lines.append(f"| {r.players} | {r.faction} | {pct(r.win_rate)} | "
                     f"{pct(r.win_lo)} to {pct(r.win_hi)} | {pct(r.share)} | "
                     f"{pct(r.share_lo)} to {pct(r.share_hi)} | {pct(r.fair)} |")  # fmt: skip
    lines.append("")
    lines += fix_table_lines(fixes, result.variant)
    if result.parts is not None:
        lines += parts_lines(result.parts)
    lines += [
        "## Seat advantage within a faction",
        "",
        "Mean VC of a faction's second seat minus its first (same games).",
        "",
        "| players | faction | VC difference | interval |",
        "|---|---|---|---|",
    ]
    for r in result.within.itertuples():
        lines.append(f"| {r.players} | {r.faction} | {r.second_minus_first_vc:+.1f} | "
                     f"{r.lo:+.1f} to {r.hi:+.1f} |")  # fmt: skip
    if duels:
        lines += [
            "",
            "## Allied bots against bots that ignore the alliance",
            "",
            "Every game is played twice on the same seed, the allied team (`ally_care` 1) "
            "on the Alliance's seats and then on the Horde's, against `ally_care` 0.",
            "",
            "| players | game pairs | allied wins | ignoring wins | difference | interval |",
            "|---|---|---|---|---|---|",
        ]
        for d in duels:
            lines.append(f"| {d.n_players} | {d.games:,} | {pct(d.allied_win)} | "
                         f"{pct(d.ignoring_win)} | {100 * d.edge:+.1f} pp | "
                         f"{100 * d.edge_lo:+.1f} to {100 * d.edge_hi:+.1f} pp |")  # fmt: skip
    if combos:
        lines += ["", "## Combos and races in team play", ""]
        for study in combos:
            lines += combo_lines(study)
    return "\n".join(lines) + "\n"


def write_teams(
    result: Factions,
    duels: list[Duel],
    out,
    force: bool = False,
    combos=(),
    banner=(),
    index: bool = False,
    fixes=(),
    *,
    game,
):
    """factions, seats and within tables (CSV and Parquet), parts and arms (with the
    parts), duels, summary.md, findings.json and index.html (the team page of
    `analyzer report --variant bfa`), and a combos-<n>p folder per combo study in
    `combos`; `fixes`: verified.csv tables of balance runs of the variant (written as
    fixes.csv; their proposed change opens the page); `banner`: Markdown lines under
    the page's title (the report's rough-run banner); `index`: the page links back
    to the index above it; `game`: the team variant played (the page's ruleset line,
    its tables' columns); the folder appears complete or not at all
    (studies/common.py write_folder)."""

    def fill(temp) -> None:
        for study in combos:
            sub = temp / f"combos-{study.n_players}p"
            sub.mkdir()
            fill_folder(study, sub, game)
        found = [line.lstrip("*- ").rstrip("*") for line in fix_lines(fixes) if line]
        found += findings(result, duels, combos)
        (temp / "findings.json").write_text(json.dumps(found, indent=1), encoding="utf-8")
        for name in ("table", "seats", "within"):
            table = "factions" if name == "table" else name
            common.write_table(getattr(result, name), temp, table, game)
        if result.parts is not None:
            common.write_table(result.parts.table, temp, "parts", game)
            common.write_table(result.parts.arms, temp, "arms", game)
        common.write_table(pd.DataFrame([d.__dict__ for d in duels]), temp, "duels", game)
        if fixes:
            common.write_table(pd.concat(list(fixes), ignore_index=True), temp, "fixes", game)
        page = common.with_game_line(summary_markdown(result, duels, combos, index, fixes), game)
        (temp / "summary.md").write_text(page, encoding="utf-8")

        title = "Battle for Azeroth: factions, seats and allies"
        head, _, rest = page.partition("\n")  # the banner goes under the title
        html = to_html("\n".join([head, "", *banner, rest]), temp, title)
        (temp / "index.html").write_text(html, encoding="utf-8")

    return common.write_folder(out, fill, force, game)
