"""The confirm study: does each headline finding hold when every seat plays well?

Every other study measures its answers among scripted bots (the heuristic and its
styles), which a little search beats easily. Here each headline finding of a report
(analyzer/studies/confirm_claims.py reads them) is played again with a strong bot in
every seat (`strong`: the lookahead bot by default, any bot of the player registry
by name), and gets a verdict:

- **holds**: strong play puts the measure on the claimed side, its interval reaching
  the reference bots' effect (the low end of the reference's interval, or its value
  where it has none) or beyond;
- **weaker**: the effect is smaller than the reference's (its interval stays below
  that end), on the claimed side or no longer distinguishable from none;
- **reverses**: the interval lies entirely on the other side;
- **too few games to tell**: the interval holds both no effect and the reference's.

What is played per finding (game i of run `seed`, the same boards and dice for every
finding and arm):
- a race, power or combo: its combos forced as one seat's first pick (free), the
  combo cycling over the games and the seat over blocks of BLOCK games, every seat
  the strong bot; the measure is the forced seat's win rate against the fair share;
- seat order: strong bots in every seat, the claimed-ahead seat's win minus the
  claimed-behind seat's, game by game;
- a decline rule: the test seat (forced to a combo of the group, as the decline study
  does) plays the heuristic with the claimed-better rule, and on the same game index
  with the other rule; every other seat is strong (the rules are the heuristic's
  parameters); the measure is the paired difference of the test seat's wins;
- a balance change: the same forced games with the changed number and with the printed
  one, every seat strong; the measure is the paired difference of the forced seat's
  wins;
- the team variant's faction gap: Battle for Azeroth, every seat strong, the leading
  faction's win minus the other's;
- the team variant's balance change: Battle for Azeroth with the change and as
  printed, every seat strong; the measure is the paired difference of the faction's
  win (the one that wins most as printed; a shared victory counts as a win).

Adaptive (studies/sequential.py): each finding plays in looks up to `games` games
(a look at a quarter, half and all of it, when each has at least sequential.MIN_LOOK
games); its 5% error is split over the looks (Bonferroni), so the interval at
whichever look it stops covers with 95%. A finding stops at the first look whose
interval decides it (any verdict but too few games to tell). The looks' games of
every finding are handed to the backend together, so a cluster plays them at once;
the stops depend on the wins alone, so any backend gives the same tables.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.backends import Chunk, or_in_process
from analyzer.engine import layout as L
from analyzer.gameloop import api
from analyzer.players.params import HEURISTIC
from analyzer.players.styles import styles_lines
from analyzer.precision import TOO_FEW
from analyzer.present.answer import AnswerTable
from analyzer.present.charts import pyplot, save_figure
from analyzer.simulate import seat_bots
from analyzer.stats import estimate_text, honest, mean_se, normal_interval, wilson
from analyzer.studies import common
from analyzer.studies.balance_curves import apply_changes
from analyzer.studies.balance_teams import fixed_tables
from analyzer.studies.confirm_claims import Claim, read_claims, team_tables
from analyzer.studies.sequential import look_z, schedule
from analyzer.studies.team_target import faction_wins
from analyzer.variants import team_rules

WHERE = "confirm study"
HOLDS, WEAKER, REVERSES = "holds", "weaker", "reverses"
VERDICTS = (HOLDS, WEAKER, REVERSES, TOO_FEW)
BLOCK = 25  # games in a row with the same forced (test) seat: one engine call at most
COLUMNS = ("finding", "claim", "field", "games", "value", "lo", "hi", "verdict", "players",
           "kind", "null", "sign", "reference", "reference_lo", "reference_hi", "reference_games",
           "reference_answer")  # fmt: skip


@dataclass
class ConfirmStudy:
    players: int
    strong: str
    games: int  # the most games a finding plays (its cap)
    seed: int
    ruleset_name: str
    source: str  # the folder the findings were read from
    reference_bots: str
    table: pd.DataFrame  # COLUMNS, one row per finding
    skipped: list[str]
    looks: tuple[int, ...]
    seconds: float
    not_modeled: list[str] = field(default_factory=list)

    @property
    def n_games(self) -> int:
        arms = self.table.kind.isin(["rule", "tables", "teamfix"]).map({True: 2, False: 1})
        return int((self.table.games * arms).sum())


# ------------------------------------------------------------------ verdicts
def verdict(claim: Claim, lo: float, hi: float) -> str:
    """The verdict of a strong-field interval [lo, hi] of the claim's measure (see the
    module's text); TOO_FEW without an interval."""
    if not (np.isfinite(lo) and np.isfinite(hi)):
        return TOO_FEW
    elo, ehi = sorted((claim.sign * (lo - claim.null), claim.sign * (hi - claim.null)))
    h = max(claim.effect_floor, 0.0)
    if elo > 0:
        return HOLDS if ehi >= h else WEAKER
    if ehi < 0:
        return REVERSES
    return WEAKER if ehi < h else TOO_FEW


def _interval(claim: Claim, values: np.ndarray, z: float) -> tuple[float, float, float]:
    """(measure, lo, hi) of the per-game values at the look's z: Wilson for a win rate,
    the normal interval of a mean for a difference; NaN ends where games all agree."""

    if claim.kind == "forced":
        lo, hi = wilson(values.sum(), values.size, z)
        return float(values.mean()), float(lo), float(hi)
    mean, se = mean_se(values)
    lo, hi = honest(*normal_interval(mean, se, z))
    return float(mean), float(lo), float(hi)


# ------------------------------------------------------------------ playing
@dataclass
class _Setup:
    """What the chunks of every finding share: the strong bots by count, the engine
    tables of each rule set played, the seed."""

    strong: str
    seed: int
    tables: object
    etables: dict = field(default_factory=dict)

    def bots(self, n: int):
        return seat_bots((self.strong,) * n, n)

    def engine(self, key, make):
        if key not in self.etables:
            self.etables[key] = api.engine_tables(make())
        return self.etables[key]


def _arms(claim: Claim, setup: _Setup) -> list[tuple[object, object]]:
    """(engine tables, test seat vector or None) of each arm the claim plays."""
    n = claim.players
    printed = setup.engine(("printed", n), lambda: setup.tables)
    if claim.kind in ("team", "teamfix"):
        team = setup.engine(("team", n), lambda: team_tables(setup.tables, n))
    if claim.kind == "team":
        return [(team, None)]
    if claim.kind == "teamfix":
        make = lambda: team_tables(fixed_tables(setup.tables, claim.parameters), n)  # noqa: E731
        return [(setup.engine(("teamfix", n, claim.parameters), make), None), (team, None)]
    if claim.kind == "rule":
        return [(printed, v) for v in claim.vectors]
    if claim.kind == "tables":
        changes = {(k, i): v for k, i, v in claim.changes}
        changed = setup.engine(("changed", claim.changes),
                               lambda: apply_changes(setup.tables, changes))  # fmt: skip
        return [(changed, None), (printed, None)]
    return [(printed, None)]


def test_seat(games: np.ndarray, n: int) -> np.ndarray:
    """The forced (test) seat of each game: seat s plays blocks s, s + n, ... of BLOCK."""
    return (games // BLOCK) % n


def _chunks(j: int, claim: Claim, setup: _Setup, first: int, stop: int):
    """The engine calls of games first..stop-1 of finding j: one per arm and block."""
    n = claim.players
    ids, params = setup.bots(n)
    forcing = claim.kind in ("forced", "rule", "tables")
    pairs = np.array(claim.pairs, np.int64).reshape(-1, 2)
    for arm, (etables, vector) in enumerate(_arms(claim, setup)):
        a = first
        while a < stop:
            b = min(stop, (a // BLOCK + 1) * BLOCK)
            idx = np.arange(a, b, dtype=np.int64)
            seat = int(test_seat(idx[:1], n)[0])
            forced = None
            if forcing:
                forced = np.zeros((idx.size, L.F_NF), np.int64)
                forced[:, L.F_SEAT] = seat
                forced[:, L.F_RACE] = pairs[idx % len(pairs), 0]
                forced[:, L.F_POWER] = pairs[idx % len(pairs), 1]
            s_ids, s_params = list(ids), np.array(params, np.float64)
            if vector is not None:
                s_ids[seat], s_params[seat] = HEURISTIC, vector
            yield Chunk(etables, n, setup.seed, a, idx.size, s_ids, s_params, False, forced,
                        (j, arm, seat))  # fmt: skip
            a = b


def _game_values(claim: Claim, res, seat: int, team) -> np.ndarray:
    """Per game: the forced (test) seat's win, or the claimed-ahead seat's (faction's)
    win minus the other's (`team`: the team variant's rules, for its claims)."""
    n = claim.players
    vc, win = res.seats[:, :n, L.S_VC], res.seats[:, :n, L.S_WIN]
    if claim.kind == "team":
        wins = team.team_wins(vc, n, False).astype(np.int64)
        return wins[:, claim.seats[0]] - wins[:, claim.seats[1]]
    if claim.kind == "teamfix":
        return faction_wins(team, vc, n, claim.faction)
    wins = common.seat_wins(vc, win, n, False)
    if claim.kind == "seats":
        return wins[:, claim.seats[0]] - wins[:, claim.seats[1]]
    return wins[:, seat]


def run_confirm(settings, backend=None, log=None) -> ConfirmStudy:
    """Read the findings (settings.source) and play each with strong bots, adaptively
    (the module's text). `backend` (analyzer/backends) never changes the results."""
    s = settings
    tables = s.tables
    if tables is None:
        tables = common.printed_tables(s.game)
    started = time.perf_counter()
    found = read_claims(
        Path(s.source), s.players, tables, s.team_games, s.seed, s.balance_changes, game=s.game
    )
    claims = found.claims
    looks, spend = schedule(s.games)
    setup = _Setup(s.strong, s.seed, tables)
    team = team_rules(tables)  # the ruleset's team variant, for its claims
    values = [np.zeros((len(_arms(c, setup)), s.games), np.int64) for c in claims]
    state = [{"games": 0, "value": np.nan, "lo": np.nan, "hi": np.nan, "verdict": TOO_FEW}
             for _ in claims]  # fmt: skip
    active = list(range(len(claims)))
    for look, (upto, w) in enumerate(zip(looks, spend, strict=True)):
        if not active:
            break
        before = looks[look - 1] if look else 0
        if log is not None:
            log(f"Confirm: look {look + 1} of {len(looks)}, {len(active)} findings to "
                f"{upto} games each, every seat {s.strong}...")  # fmt: skip

        def calls(before=before, upto=upto, active=active):
            for j in active:
                yield from _chunks(j, claims[j], setup, before, upto)

        for call, res in or_in_process(backend).play(calls()):
            j, arm, seat = call.tag
            values[j][arm, call.first : call.first + call.n_games] = _game_values(
                claims[j], res, seat, team
            )
        z = look_z(w)
        still = []
        for j in active:
            v = values[j][:, :upto]
            per_game = v[0] if v.shape[0] == 1 else v[0] - v[1]
            value, lo, hi = _interval(claims[j], per_game, z)
            state[j] = {"games": upto, "value": value, "lo": lo, "hi": hi,
                        "verdict": verdict(claims[j], lo, hi)}  # fmt: skip
            if state[j]["verdict"] == TOO_FEW:
                still.append(j)
        active = still
    rows = []
    for c, st in zip(claims, state, strict=True):
        rows.append({"finding": c.finding, "claim": c.claim, "field": field_text(c, s.strong),
                     **st, "players": c.players, "kind": c.kind, "null": c.null,
                     "sign": c.sign, "reference": c.reference,
                     "reference_lo": c.reference_lo, "reference_hi": c.reference_hi,
                     "reference_games": c.reference_games,
                     "reference_answer": c.reference_text})  # fmt: skip
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    return ConfirmStudy(
        s.players, s.strong, s.games, s.seed, tables.ruleset.name, found.source,
        reference_bots(Path(s.source)), table, found.skipped, looks,
        time.perf_counter() - started, common.not_modeled(tables.ruleset),
    )  # fmt: skip


def field_text(claim: Claim, strong: str) -> str:
    if claim.kind == "rule":
        return f"{strong} in the other seats; the test seat the heuristic with each rule"
    team = claim.kind in ("team", "teamfix")
    return f"{strong} in every seat" + (" (team variant)" if team else "")


def reference_bots(folder: Path) -> str:
    """The bots of the confirmed studies (the combo study's), as its table names them."""
    path = folder / "combos" / "combos.csv"
    if path.exists():
        bots = pd.read_csv(path, usecols=["bots"]).bots
        if len(bots):
            return str(bots.iloc[0])
    return "heuristic"


# ------------------------------------------------------------------ output
def _measure_text(kind: str, value, lo, hi) -> str:
    """A rate in percent, a difference in points; the words for no interval (none past
    the possible range, without width or leaving out its value)."""

    if kind == "forced":
        return estimate_text(100 * value, 100 * lo, 100 * hi, sign="", unit="%", within=(0, 100))
    return estimate_text(100 * value, 100 * lo, 100 * hi, unit=" points", within=(-100, 100))


def counts_text(result: ConfirmStudy) -> str:
    t = result.table
    return ", ".join(f"{(t.verdict == v).sum()} {v}" for v in VERDICTS)


def findings(result: ConfirmStudy) -> list[str]:
    t = result.table
    out = [
        f"Each headline finding played again with {result.strong} in every seat (up to "
        f"{result.games:,} games each, stopping once decided): {counts_text(result)} of "
        f"{len(t)} findings (the reference: {result.reference_bots})."
    ]
    for r in t.itertuples():
        out.append(
            f"{r.finding}: {r.claim}: **{r.verdict}** (strong play "
            f"{_measure_text(r.kind, r.value, r.lo, r.hi)}, {r.games:,} games; "
            f"reference {r.reference_answer})."
        )
    out += [f"Not confirmed: {s}." for s in result.skipped]
    return out


def answer_table(result: ConfirmStudy):
    """The answer card: each finding's reference answer with the strong-play verdict
    beside it."""
    rows = tuple(
        (r.finding, r.reference_answer,
         f"{_measure_text(r.kind, r.value, r.lo, r.hi)}, {r.games:,} games", r.verdict)
        for r in result.table.itertuples()
    )  # fmt: skip
    return AnswerTable(
        f"Do the findings hold with {result.strong} in every seat? {result.players} players",
        ("finding", "reference answer", "strong play (95%)", "verdict"),
        rows,
        VERDICT_NOTE,
    )


VERDICT_NOTE = (
    "holds: strong play keeps the claimed side, its interval reaching the reference's "
    "effect (the low end of the reference's interval where it has one); weaker: its "
    "interval stays below that; reverses: its interval is on the other side; "
    f"{TOO_FEW}: its interval holds both no effect and the reference's. Intervals 95%, "
    "widened for the looks of the adaptive games."
)


def summary_markdown(result: ConfirmStudy) -> str:

    t = result.table
    lines = [
        f"# Confirmed with strong play, {result.players} players",
        "",
        f"- Ruleset: {result.ruleset_name}; seed: {result.seed}; strong bot: {result.strong}.",
        f"- Findings read from {result.source} (their bots: {result.reference_bots}).",
        f"- Games: up to {result.games:,} per finding (and per arm of a paired one), looked "
        f"at after {', '.join(f'{k:,}' for k in result.looks)}; a finding stops once its "
        f"verdict is decided. {result.n_games:,} games in {result.seconds:.0f} s.",
        f"- Verdicts: {counts_text(result)}.",
        "",
        "Bots that played:",
        "",
        *styles_lines([result.strong, "heuristic"]),
        "",
        "## Verdicts",
        "",
        VERDICT_NOTE,
        "",
        *(
            [
                "![Each finding's effect, strong play and the reference](confirm.png)",
                "",
            ]
            if len(t)
            else []
        ),
        "| finding | claim | reference answer | field | strong play (95%) | games | verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in t.itertuples():
        lines.append(
            f"| {r.finding} | {r.claim} | {r.reference_answer} | {r.field} | "
            f"{_measure_text(r.kind, r.value, r.lo, r.hi)} | {r.games:,} | **{r.verdict}** |"
        )
    lines += [""]
    if result.skipped:
        lines += ["Not confirmed: "
                  + "; ".join(result.skipped) + ".", ""]  # fmt: skip
    lines += [
        "Not fully modeled (played, but their ability is missing or partial): "
        + (", ".join(result.not_modeled) or "none") + ".",
        "",
        "Files: confirm.csv (also as Parquet), confirm.png.",
        "",
    ]  # fmt: skip
    return "\n".join(lines)


def chart(result: ConfirmStudy, path: Path) -> Path:
    """Each finding's effect in its claimed direction (points): strong play's 95%
    interval and value, the reference bots' value beside it, 0 marking no effect."""
    plt = pyplot()
    t = result.table
    colors = {HOLDS: "#2ca02c", WEAKER: "#ff7f0e", REVERSES: "#d62728", TOO_FEW: "#7f7f7f"}
    null, sign = t.null.to_numpy(np.float64), t.sign.to_numpy(np.float64)
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.32 * len(t)))
    y = np.arange(len(t))
    eff = lambda v: 100 * sign * (np.asarray(v, np.float64) - null)  # noqa: E731
    lo, hi = eff(t.lo), eff(t.hi)
    for i, v in enumerate(t.verdict):
        ax.hlines(y[i], min(lo[i], hi[i]), max(lo[i], hi[i]), color=colors[v], linewidth=2)
    ax.scatter(eff(t.value), y, color=[colors[v] for v in t.verdict], zorder=3,
               label=f"{result.strong}, every seat (95%)")  # fmt: skip
    ax.scatter(eff(t.reference), y, marker="x", color="black", zorder=4,
               label=f"reference ({result.reference_bots.split(',')[0]})")  # fmt: skip
    ax.axvline(0, color="#888888", linewidth=1)
    ax.set_yticks(y, [f[:72] for f in t.finding], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("effect in the claimed direction (win-rate points; 0: no effect)", fontsize=8)
    ax.set_title(f"Do the findings hold with strong play? {result.players} players", fontsize=9)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    save_figure(fig, path, 120)
    return path


def default_out(players: int) -> Path:
    return Path("reports") / f"confirm-{players}p"


def write_confirm(result: ConfirmStudy, out_dir=None, force: bool = False, *, game) -> Path:
    def fill(temp: Path) -> None:
        common.write_table(result.table, temp, "confirm", game)
        if len(result.table):
            chart(result, temp / "confirm.png")
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")

    out = Path(out_dir) if out_dir is not None else default_out(result.players)
    return common.write_folder(out, fill, force, game)


def log_lines(result: ConfirmStudy) -> list[str]:
    return [f"{result.n_games:,} games in {result.seconds:.0f} s; {counts_text(result)}."]
