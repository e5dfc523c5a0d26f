"""The headline findings the confirm study re-plays (analyzer/studies/confirm.py), read
from the tables another run wrote: a report page's folder (`analyzer report`), with
its combos/, players/, decline/ and balance/ studies. Each finding becomes a Claim:
what it says, the reference bots' answer (value, interval, games), and what to play
to test it with strong bots.

What each finding claims, so that strong play can hold, weaken or reverse it:
- strongest (weakest) race, power and combo: it wins more (less) than the fair share
  (1 / players), with its forced combos as one seat's first pick;
- seat order at each player count: the best seat wins more than the worst one;
- the best decline rule of each group: it wins more than the default rule (or, when
  the default is best, the default wins more than the runner-up), paired games;
- each recommended balance change: it moves the race's (power's) win rate toward the
  fair share, paired games with the printed and the changed number;
- the team variant's faction gap: the leading faction wins more than the other;
- the team variant's balance change (a balance folder's verified.csv from `analyzer
  balance --variant bfa`, the change it proposes): it lowers the faction that wins
  most as printed toward its fair share, paired games with the change and without.
Only the team claim is measured here (Battle for Azeroth's own page runs in another
process): the faction rates of the team study at the same games and seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.errors import InputError, Problem
from analyzer.players.params import default_vector
from analyzer.stats import estimate_text
from analyzer.studies.common import CLI, parse_combo_names, pct
from analyzer.studies.decline import FAMILIES, rule_vector
from analyzer.studies.teams import faction_rates
from analyzer.variants import team_rules

# The tables read, by study folder (each is written by that study's `analyzer` command)
SOURCES = {
    "combos": ("combos.csv", "races.csv", "powers.csv"),
    "players": ("seats.csv",),
    "decline": ("best.csv", "decline.csv", "groups.csv"),
    "balance": ("balance.csv", "verified.csv"),
}
KINDS = ("forced", "seats", "rule", "tables", "team", "teamfix")


@dataclass(frozen=True)
class Claim:
    """One headline finding as a claim strong play can test.

    The measure is a mean over games of a per-game value: the forced seat's win
    ("forced"), or a difference of two wins (the others). The claim says the measure
    lies on `sign`'s side of `null`; `reference` is the reference bots' measure."""

    finding: str
    claim: str
    kind: str  # one of KINDS
    players: int
    null: float  # the measure's no-effect value (the fair share, or 0 for a difference)
    sign: int  # +1: the claim says above `null`, -1: below
    reference: float  # the reference bots' measure
    reference_lo: float = np.nan
    reference_hi: float = np.nan
    reference_games: int = 0
    reference_text: str = ""  # the reference answer in words, with intervals and games
    pairs: tuple[tuple[int, int], ...] = ()  # forced combos, cycled over the games
    seats: tuple[int, int] = (0, 0)  # "seats": (seat claimed ahead, seat behind), 0-based
    vectors: tuple = ()  # "rule": the test seat's two parameter vectors (claimed better first)
    changes: tuple = ()  # "tables": ((kind, id, number),) the change played against printed
    # "teamfix": the rule parameters of the change (JSON) and the faction measured
    parameters: str = ""
    faction: str = ""

    @property
    def effect(self) -> float:
        """The reference's effect in the claimed direction (positive when it claims)."""
        return self.sign * (self.reference - self.null)

    @property
    def effect_floor(self) -> float:
        """The low end of the reference's effect: its interval's end nearer no effect
        (the point without an interval). A named strongest item was picked as the top of
        many on the same games, so its point leans high; strong play is called weaker
        only below this end."""
        ends = (self.reference_lo, self.reference_hi)
        if not all(np.isfinite(ends)):
            return self.effect
        return min(self.sign * (e - self.null) for e in ends)


@dataclass
class Claims:
    claims: list[Claim]
    source: str  # the folder read
    skipped: list[str] = field(default_factory=list)  # findings left out, and why


def _read(folder: Path, study: str, name: str) -> pd.DataFrame | None:
    path = folder / study / name
    return pd.read_csv(path) if path.exists() else None


def claim_files(folder: Path) -> list[Path]:
    """The tables a confirm run reads (those present)."""
    paths = [Path(folder) / s / n for s, names in SOURCES.items() for n in names]
    return [p for p in paths if p.exists()]


def check_source(folder: Path) -> None:
    """InputError unless `folder` holds at least one study's tables to confirm."""
    folder = Path(folder)
    if not any((folder / s / n).exists() for s, names in SOURCES.items() for n in names):
        raise InputError(
            Problem(CLI, "--from", str(folder),
                    "holds no study to confirm (combos/, players/, decline/ or balance/ "
                    "tables): give a report page's folder, like reports/swow-4p after "
                    "`analyzer report --ruleset swow`")
        )  # fmt: skip


def read_claims(
    folder: Path,
    players: int,
    tables,
    team_games: int,
    seed: int,
    balance_changes: int = 0,
    *,
    game,
) -> Claims:
    """Every claim of the studies in `folder` at `players` players (seat order: at every
    count the players study played), and the team variant's where the ruleset has one;
    `balance_changes` > 0 keeps that many balance changes, those moving a win rate most.
    `tables`: the rules played, of `game` (the Game played)."""
    folder = Path(folder)
    check_source(folder)
    out = Claims([], str(folder))
    out.claims += _combo_claims(folder, players, out)
    out.claims += _seat_claims(folder, out)
    out.claims += _decline_claims(folder, players, tables, out)
    balance = _balance_claims(folder, players, out)
    if 0 < balance_changes < len(balance):
        out.skipped.append(
            f"balance changes: the {balance_changes} of {len(balance)} that move a win rate "
            "most are played, the others are not"
        )
        balance = sorted(balance, key=lambda c: -c.effect)[:balance_changes]
    out.claims += balance
    out.claims += _team_fix_claims(folder, players, out)
    out.claims += _team_claims(players, team_games, seed, tables, game)
    return out


def _rate(rate, lo, hi) -> str:
    """ "24.1% (22.3% to 26.0%)", or the words for no interval."""
    return estimate_text(100 * rate, 100 * lo, 100 * hi, sign="", unit="%", within=(0, 100))


def _rate_text(rate, lo, hi, games) -> str:
    return f"{_rate(rate, lo, hi)}, {int(games):,} games"


def _combo_claims(folder: Path, n: int, out: Claims) -> list[Claim]:
    combos = _read(folder, "combos", "combos.csv")
    if combos is None:
        out.skipped.append("strongest and weakest race, power and combo: no combo study")
        return []
    fair = 1.0 / n
    claims = []
    races, powers = _read(folder, "combos", "races.csv"), _read(folder, "combos", "powers.csv")
    for kind, table, key in (("race", races, "race"), ("power", powers, "power"),
                             ("combo", combos, None)):  # fmt: skip
        if table is None or table.empty:
            continue
        for sign, word in ((1, "Strongest"), (-1, "Weakest")):
            row = table.sort_values("win_rate", ascending=sign < 0, kind="stable").iloc[0]
            if key is None:
                name = f"{row.race} + {row.power}"
                pairs = [(int(row.race_id), int(row.power_id))]
            else:
                name = row[key]
                mine = combos[combos[key] == name]
                pairs = list(zip(mine.race_id.astype(int), mine.power_id.astype(int), strict=True))
            side = "more" if sign > 0 else "less"
            claims.append(Claim(
                f"{word} {kind}: {name}", f"{name} wins {side} than the fair {pct(fair)}",
                "forced", n, fair, sign, float(row.win_rate), float(row.win_lo), float(row.win_hi),
                int(row.games), _rate_text(row.win_rate, row.win_lo, row.win_hi, row.games),
                pairs=tuple(pairs),
            ))  # fmt: skip
    return claims


def _seat_claims(folder: Path, out: Claims) -> list[Claim]:
    seats = _read(folder, "players", "seats.csv")
    if seats is None:
        out.skipped.append("seat order: no player-count study")
        return []
    claims = []
    for n, rows in seats.groupby("players", sort=True):
        order = rows.sort_values(["win_rate", "seat"], ascending=[False, True], kind="stable")
        best, worst = order.iloc[0], order.iloc[-1]
        b, w = int(best.seat), int(worst.seat)
        ahead = _rate_text(best.win_rate, best.win_lo, best.win_hi, best.games)
        behind = _rate(worst.win_rate, worst.win_lo, worst.win_hi)
        text = f"seat {b} {ahead}; seat {w} {behind}"
        claims.append(Claim(
            f"Seat order, {n} players: seat {b} over seat {w}",
            f"seat {b} wins more than seat {w}",
            "seats", int(n), 0.0, 1, float(best.win_rate - worst.win_rate),
            reference_games=int(best.games), reference_text=text,
            seats=(b - 1, w - 1),
        ))  # fmt: skip
    return claims


def _rank(frame: pd.DataFrame) -> pd.DataFrame:
    """A group's swept rules best first (win rate, then mean VC), as the decline study."""
    pool = frame[frame.family.isin(FAMILIES)]
    return pool.sort_values(["win_rate", "mean_vc"], ascending=False, kind="stable")


def _decline_claims(folder: Path, n: int, tables, out: Claims) -> list[Claim]:
    best, curves = _read(folder, "decline", "best.csv"), _read(folder, "decline", "decline.csv")
    groups = _read(folder, "decline", "groups.csv")
    if best is None or curves is None or groups is None:
        out.skipped.append("best decline rule: no decline study")
        return []
    base = default_vector("heuristic")
    claims = []
    for r in best[(best.among == "all") & (best.players == n)].itertuples():
        group = curves[(curves.players == n) & (curves.group == r.group)]
        ranked = _rank(group)
        if bool(r.is_default):
            other = ranked[~ranked.is_default.astype(bool)].iloc[0]
            claim = (f"the default rule ({r.rule}) wins more than the runner-up "
                     f"({other.family} = {int(other.value)})")  # fmt: skip
            ref, lo, hi = -other.win_vs_default, -other.win_vs_default_hi, -other.win_vs_default_lo
            vectors = (base, rule_vector(base, other.family, int(other.value)))
        else:
            claim = f"{r.rule} wins more than the default rule"
            ref, lo, hi = r.win_diff, r.win_diff_lo, r.win_diff_hi
            vectors = (rule_vector(base, r.family, int(r.value)), base)
        names = groups[(groups.players == n) & (groups.group == r.group)].names.iloc[0]
        pairs = parse_combo_names(str(names).replace(", ", ","), tables)
        text = (estimate_text(100 * ref, 100 * lo, 100 * hi, unit=" points", within=(-100, 100))
                + f", {int(r.games):,} paired games")  # fmt: skip
        claims.append(Claim(
            f"Best decline rule ({r.group} tokens), {n} players: {r.rule}", claim, "rule", n,
            0.0, 1,
            float(ref), float(lo), float(hi), int(r.games), text, pairs=tuple(pairs),
            vectors=tuple(np.asarray(v, np.float64) for v in vectors),
        ))  # fmt: skip
    return claims


def _balance_claims(folder: Path, n: int, out: Claims) -> list[Claim]:
    table = _read(folder, "balance", "balance.csv")
    combos = _read(folder, "combos", "combos.csv")
    if table is None:
        if _read(folder, "balance", "verified.csv") is None:
            out.skipped.append("balance changes: no balance study")
        return []
    if combos is None:
        out.skipped.append("balance changes: no combo study to list each race's combos")
        return []
    fair = 1.0 / n
    claims = []
    for r in table[table.suggested != table.printed].itertuples():
        key = "race_id" if r.kind == "race" else "power_id"
        mine = combos[combos[key] == int(r.id)]
        pairs = tuple(zip(mine.race_id.astype(int), mine.power_id.astype(int), strict=True))
        sign = 1 if r.win_rate < fair else -1
        word = "raises" if sign > 0 else "lowers"
        noun = "banner" if r.kind == "race" else "badge"
        claims.append(Claim(
            f"Balance: {r.name} {noun} {r.printed} → {r.suggested}",
            f"it {word} {r.name}'s win rate toward the fair {pct(fair)}", "tables", n, 0.0,
            sign, float(fair - r.win_rate), reference_games=int(r.games),
            reference_text=f"now {_rate_text(r.win_rate, r.win_lo, r.win_hi, r.games)}; the "
            f"change aims at {pct(fair)}",
            pairs=pairs, changes=((str(r.kind), int(r.id), int(r.suggested)),),
        ))  # fmt: skip
    return claims


def _team_fix_claims(folder: Path, n: int, out: Claims) -> list[Claim]:
    """The team variant's proposed balance change at n players, if the balance folder
    holds one (verified.csv with a faction per row)."""
    table = _read(folder, "balance", "verified.csv")
    if table is None or "lever" not in table.columns:
        return []
    rows = table[table.proposed.astype(bool) & (table.players == n)]
    if rows.empty:
        out.skipped.append(f"team balance change: none proposed at {n} players")
        return []
    top = rows.sort_values("printed_share", kind="stable").iloc[-1]
    effect = float(top.share - top.printed_share)
    sign = -1 if effect < 0 else 1
    word = "lowers" if sign < 0 else "raises"
    return [Claim(
        f"Team balance, {n} players: {top.change}",
        f"it {word} the {top.faction}'s share toward its fair {pct(top.fair)}", "teamfix", n,
        0.0, sign, effect, reference_games=int(top.games),
        reference_text=f"as printed {_rate(top.printed_share, top.printed_lo, top.printed_hi)}"
        f"; with the change {_rate(top.share, top.share_lo, top.share_hi)}, "
        f"{int(top.games):,} fresh games each",
        parameters=str(top.parameters), faction=str(top.faction),
    )]  # fmt: skip


def team_tables(tables, n: int):
    """The team variant's tables at n players (SWoW's Battle for Azeroth)."""
    return team_rules(tables).team_tables(tables, n, False)


def _team_claims(n: int, games: int, seed: int, tables, game) -> list[Claim]:
    team = team_rules(tables)
    if not games or team is None:
        return []

    rates = faction_rates([n], games, seed, tables=tables, game=game).table
    rates = rates.sort_values("win_rate", ascending=False, kind="stable")
    if len(rates) < 2:
        return []
    a, b = rates.iloc[0], rates.iloc[-1]
    text = (f"{a.faction} {_rate_text(a.win_rate, a.win_lo, a.win_hi, a.games)}; {b.faction} "
            f"{_rate(b.win_rate, b.win_lo, b.win_hi)}")  # fmt: skip
    return [Claim(
        f"Team variant, {n} players: {a.faction} over {b.faction}",
        f"the {a.faction} wins more than the {b.faction}", "team", n, 0.0, 1,
        float(a.win_rate - b.win_rate),
        reference_games=int(a.games), reference_text=text,
        seats=(team.TEAMS.index(a.faction), team.TEAMS.index(b.faction)),
    )]  # fmt: skip
