"""Battle for Azeroth: where each faction's advantage comes from (studies/teams.py
plays the printed games; this module adds the arms that take the advantage apart).

A faction's excess is its share of the victories (a shared victory split, ruling
B10) minus its fair share (studies/team_target.py). Every arm replays the same games
(seed and game numbers) with one thing changed, so each part is a paired difference
per game with a 95% normal interval:

- seat order: the same games with the Alliance's and the Horde's seats exchanged
  (Horde 1 plays first); half the printed share minus the exchanged one is what the
  printed seats give a faction, and half their sum minus the fair share is what is
  left with seat order averaged out: the factions' races (their abilities included,
  such as the Orcs' bonus against the Alliance). These two parts add up to the
  excess;
- the Faction Bonus: the same games with no Faction Bonus (the rule constant
  faction_bonus 0, which the bots read too): the excess it adds;
- team scoring (4 and 5 players): the printed games scored with each two-player
  faction's mean VC instead of the lower (the Neutral keeps its own): the excess the
  lower score makes. The bots still played for the printed scoring.

The last two are separate changes, not parts of a sum.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.engine.core_layout import I_RACE, I_VC_ACTIVE, I_VC_DECLINE, S_VC
from analyzer.gameloop import api
from analyzer.simulate import seat_bots
from analyzer.stats import mean_se, normal_interval
from analyzer.studies.balance_curves import with_changes
from analyzer.studies.common import pp
from analyzer.studies.team_target import fair_target, mean_scored_shares, victory_shares
from analyzer.variants import team_rules

PARTS = ("excess", "seat order", "races", "Faction Bonus", "team scoring")


@dataclass(frozen=True)
class Parts:
    table: object  # pandas DataFrame: one row per player count, faction and part
    arms: object  # one row per player count, faction and arm: its share and interval
    races: object  # one row per player count and race: picks per game, VC per pick
    games: int
    seed: int


def play_arm(n, games, seed, tables, bots=None, exchanged=False, bonus=True):
    """The engine's results (api.BatchResult) of games 0..games-1 of run `seed` at n
    players: the printed variant, or with the seats exchanged, or without the Faction
    Bonus (`tables`: the printed rules played)."""
    base = tables if bonus else with_changes(tables, faction_bonus=0)
    etables = api.engine_tables(team_rules(tables).team_tables(base, n, exchanged))
    ids, params = seat_bots(tuple(bots or ("heuristic",) * n), n)
    return api.play_batch(etables, n, seed, 0, games, ids, params)


def final_vc(res, n) -> np.ndarray:
    """float[games, n]: each seat's final VC."""
    return res.seats[:, :n, S_VC].astype(np.float64)


def race_rows(res, n, tables) -> list[tuple]:
    """(players, faction, race, banner, picks per game, mean VC per pick) of every
    race picked in the games of `res`: what each faction's races earn (a pick's VC
    while active and in decline)."""

    ruleset = tables.ruleset
    team = team_rules(tables)
    games = len(res.n_inst)
    picked = np.concatenate([res.inst[i, : res.n_inst[i]] for i in range(games)])
    vc = picked[:, I_VC_ACTIVE] + picked[:, I_VC_DECLINE]
    rows = []
    for race_id in np.unique(picked[:, I_RACE]):
        race = ruleset.races[int(race_id)]
        mine = vc[picked[:, I_RACE] == race_id]
        rows.append((n, team.TEAMS[team.race_team(race)], race.name, race.banner, len(mine) / games,
                     float(mine.mean())))  # fmt: skip
    return rows


def _row(n, faction, part, per_game) -> tuple:
    mean, se = mean_se(per_game)
    lo, hi = normal_interval(mean, se)
    return (n, faction, part, float(mean), float(lo), float(hi))


def gap_parts(counts, games, seed, tables, bots=None, printed=None) -> Parts:
    """The parts of each faction's excess at each count (see the module's text);
    `printed` (players -> the printed games' engine results) spares replaying them;
    `bots` (players -> a bot per seat) plays every arm's seats."""
    team = team_rules(tables)
    rows, arm_rows, races = [], [], []
    for n in counts:
        seat_bots = (bots or {}).get(n)
        res = (printed or {}).get(n)
        if res is None:
            res = play_arm(n, games, seed, tables, seat_bots)
        vc = final_vc(res, n)
        races += race_rows(res, n, tables)
        swapped = play_arm(n, games, seed, tables, seat_bots, exchanged=True)
        arms = {
            "printed": victory_shares(team, vc, n),
            "seats exchanged": victory_shares(team, final_vc(swapped, n), n, exchanged=True),
            "no Faction Bonus": victory_shares(
                team, final_vc(play_arm(n, games, seed, tables, seat_bots, bonus=False), n), n
            ),
        }
        if n in (4, 5):
            arms["mean team score"] = mean_scored_shares(team, vc, n)
        target = fair_target(team, n)
        for f in target.factions:
            name = team.TEAMS[f]
            fair = target.by_faction[name]
            p, x = arms["printed"][:, f], arms["seats exchanged"][:, f]
            rows.append(_row(n, name, "excess", p - fair))
            rows.append(_row(n, name, "seat order", (p - x) / 2))
            rows.append(_row(n, name, "races", (p + x) / 2 - fair))
            rows.append(_row(n, name, "Faction Bonus", p - arms["no Faction Bonus"][:, f]))
            if "mean team score" in arms:
                rows.append(_row(n, name, "team scoring", p - arms["mean team score"][:, f]))
            for arm, shares in arms.items():
                arm_rows.append(_row(n, name, arm, shares[:, f]))
    columns = ["players", "faction", "part", "estimate", "lo", "hi"]
    table = pd.DataFrame(rows, columns=columns)
    arms_table = pd.DataFrame(arm_rows, columns=columns).rename(
        columns={"part": "arm", "estimate": "share"}
    )
    race_table = pd.DataFrame(
        races, columns=["players", "faction", "race", "banner", "picks_per_game", "vc_per_pick"]
    )
    return Parts(table=table, arms=arms_table, races=race_table, games=games, seed=seed)


def parts_lines(parts: Parts) -> list[str]:
    """The team page's section on the parts of each faction's excess."""
    lines = [
        "## Where the advantage comes from",
        "",
        f"The same {parts.games:,} games per player count (seed {parts.seed}) replayed with "
        "one thing changed. **Excess**: a faction's share of the victories minus its fair "
        "share. **Seat order**: what the printed seats give it (half its printed share "
        "minus its share with the Alliance's and the Horde's seats exchanged); **races**: "
        "what is left with seat order averaged out, its races and their abilities against "
        "the others'. These two add up to the excess. **Faction Bonus**: how much of its "
        "share goes when nobody earns the Faction Bonus; **team scoring** (4 and 5 players): "
        "how much goes when a two-player faction scores its players' mean VC instead of the "
        "lower (the same games scored again). Intervals are 95%, paired by game.",
        "",
        "| players | faction | " + " | ".join(PARTS) + " |",
        "|---|---|" + "---|" * len(PARTS),
    ]
    for (n, faction), part in parts.table.groupby(["players", "faction"], sort=False):
        cells = []
        for name in PARTS:
            found = part[part.part == name]
            if found.empty:
                cells.append("")
                continue
            r = found.iloc[0]
            cells.append(f"{pp(r.estimate)} ({pp(r.lo)} to {pp(r.hi)})")
        lines.append(f"| {n} | {faction} | " + " | ".join(cells) + " |")
    return lines + [""] + race_lines(parts)


def _signed(r) -> str:
    return f"{pp(r.estimate)} ({pp(r.lo)} to {pp(r.hi)})"


def parts_findings(parts: Parts) -> list[str]:
    """One sentence per count: the leading faction's excess and its parts."""
    out = []
    for n, part in parts.table.groupby("players", sort=True):
        excess = part[part.part == "excess"].sort_values("estimate")
        top = excess.iloc[-1]
        mine = part[part.faction == top.faction].set_index("part")
        said = (
            f"{n} players: the {top.faction} wins {_signed(top)} over its fair share, "
            f"{_signed(mine.loc['seat order'])} from seat order and "
            f"{_signed(mine.loc['races'])} from the races; the Faction Bonus gives it "
            f"{_signed(mine.loc['Faction Bonus'])}"
        )
        if "team scoring" in mine.index:
            said += f", scoring a faction by its lower player {_signed(mine.loc['team scoring'])}"
        out.append(said + ".")
    return out


def race_lines(parts: Parts) -> list[str]:
    """The page's table of what each faction's races earn, by count."""
    counts = sorted(set(parts.races.players))
    lines = [
        "### What each faction's races earn",
        "",
        "Mean VC of a pick of the race over the game (while active and in decline), in the "
        "printed games; picks per game over all seats. Banner: its printed tokens.",
        "",
        "| faction | race | banner | " + " | ".join(f"{n} players" for n in counts) + " |",
        "|---|---|---|" + "---|" * len(counts),
    ]
    by = parts.races.set_index(["race", "players"])
    order = parts.races.groupby(["faction", "race", "banner"], sort=False).vc_per_pick.mean()
    for (faction, race, banner), _ in order.sort_index(level=0, sort_remaining=False).items():
        cells = []
        for n in counts:
            if (race, n) in by.index:
                r = by.loc[(race, n)]
                cells.append(f"{r.vc_per_pick:.1f} VC ({r.picks_per_game:.2f} picks)")
            else:
                cells.append("")
        lines.append(f"| {faction} | {race} | {banner} | " + " | ".join(cells) + " |")
    return lines + [""]
