"""The balance study in Battle for Azeroth (`analyzer balance --variant bfa`): the
smallest change in the designer's levers that brings every faction to its fair share
(studies/team_target.py, ruling B10: one half with two factions, one third with three,
a shared victory split), checked on games the solver never saw.

The levers the study can really play (each a rule parameter the engine reads):

- starting coins by faction: each seat of the faction starts with that many more
  coins (rules.seat_coins); with three factions this is also the Neutral's score. The
  coins are found on the printed games in thought (a coin as a victory coin at the
  end, the faction's team score rescored), then really played, since the bots may
  spend them, and what is still off is solved on those games and added, until the
  coins stop changing (as the seat coins of the standard game, balance_seats.py);
- the Faction Bonus (the rule constant faction_bonus, which the bots read too): every
  value from none to three more than printed, each played;
- a faction's banner numbers: one or two tokens more or fewer on every banner of one
  faction, each played (a setting that leaves a race's box is not tried).

Each lever's setting nearest the fair shares on the solver's games (least squares over
the factions) is then replayed on fresh games of its own seed, beside the printed rules
on the same fresh games (paired): it lands when every faction's 95% interval holds its
fair share. Coins that miss are tried again one coin at a time towards the fair shares,
each on fresh games of its own (COIN_TRIES), as balance_verify.py searches a number.
The change proposed is the smallest one that lands (ruling B13): fewest printed numbers
changed, then the smallest step, then the nearest to fair on the fresh games; when none
lands, the nearest is shown and said to miss.

Not offered: moving a race to the other faction (a race's faction is part of its
content, not a rule parameter the engine can vary between games) and any other way of
scoring the Neutral than its starting coins.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analyzer.model.limits import MAX_SEED
from analyzer.present.progress import Bar
from analyzer.simulate import resolve_policies
from analyzer.studies import common
from analyzer.studies.balance_curves import MAX_SEAT_COINS, token_range, with_changes
from analyzer.studies.balance_seats import SEAT_STEPS, descend, play_seat_games
from analyzer.studies.balance_toml import suggestion_toml
from analyzer.studies.common import bots_text, caveat_lines, pct
from analyzer.studies.team_target import (
    faction_races,
    faction_shares,
    fair_target,
    seat_coins_by_faction,
    victory_shares,
)
from analyzer.variants import team_play, variant_name

PURPOSE_TEAM_VERIFY = 0xBA1E  # the fresh games' seed, apart from the solver's
BONUS_ABOVE = 3  # Faction Bonus values tried: none to three above the printed one
BANNER_STEPS = (-2, -1, 1, 2)  # tokens on every banner of one faction
WIDE = 0.10  # an interval wider than this cannot tell a landing from a miss
LANDS, MISSES, TOO_FEW = "yes", "no", "too few games to tell"
LEVER_NAMES = {"coins": "starting coins by faction", "faction_bonus": "the Faction Bonus",
               "banners": "a faction's banner numbers"}  # fmt: skip
VERIFIED_COLUMNS = (
    "players", "faction", "lever", "change", "parameters", "proposed", "games",
    "printed_share", "printed_lo", "printed_hi", "share", "share_lo", "share_hi", "fair",
    "holds_fair", "lands", "numbers_changed", "step", "solver_loss", "fresh_seed",
)  # fmt: skip
COIN_TRIES = 2  # coins tried again, one at a time, when the solver's miss on fresh games


@dataclass
class TeamBalance:
    n_players: int
    games: int  # per arm: the printed rules, each lever setting, each fresh replay
    seed: int
    policies: tuple[str, ...]
    ruleset_name: str
    printed: pd.DataFrame  # team_target.faction_shares of the printed rules' games
    levers: pd.DataFrame  # one row per lever setting played and faction (solver's games)
    verified: pd.DataFrame  # VERIFIED_COLUMNS: each setting replayed on fresh games
    n_games: int
    seconds: float
    suggestion_toml: str = ""  # the proposed change as a scenario file ("" without one)
    variant: str = ""  # the team variant played (its name)
    not_modeled: list[str] = field(default_factory=list)
    fair: dict[str, float] = field(default_factory=dict)  # faction name -> its fair share

    @property
    def proposal(self) -> pd.DataFrame:
        """verified's rows (one per faction) of the change proposed."""
        return self.verified[self.verified.proposed]


# ------------------------------------------------------------------ playing
class _Arms:
    """Plays n-player games of the variant on one seed and counts them."""

    def __init__(self, n, games, policies, params, backend, team):
        self.n, self.games, self.policies, self.params = n, games, policies, params
        self.backend, self.done, self.team = backend, 0, team  # team: the variant's rules

    def vc(self, tables, seed: int) -> np.ndarray:
        vc, _, _ = play_seat_games(
            self.n, self.games, seed, tables, self.policies, self.params, self.backend
        )
        self.done += self.games
        return vc


def loss(team, shares: np.ndarray, n: int) -> float:
    """Squared distance of the factions' mean shares from their fair shares (`team`:
    the variant's team rules)."""
    target = fair_target(team, n)
    means = shares.mean(axis=0)
    pairs = zip(target.factions, target.by_faction.values(), strict=True)
    return float(sum((means[f] - fair) ** 2 for f, fair in pairs))


def solve_faction_coins(
    team, vc: np.ndarray, n: int, start=None, most: int = MAX_SEAT_COINS
) -> dict:
    """The whole extra coins by faction (the smallest 0) whose shares of the games'
    victories, each coin added to its seats' final VC, are nearest the fair shares
    (least squares), by coordinate descent from `start` (faction name -> coins)."""
    names = list(fair_target(team, n).by_faction)
    coins = {f: int((start or {}).get(f, 0)) for f in names}
    seen: dict[tuple, float] = {}

    def cost(c: dict) -> float:
        key = tuple(c[f] for f in names)
        if key not in seen:
            extra = np.asarray(seat_coins_by_faction(team, n, c), np.int64)
            seen[key] = loss(team, victory_shares(team, vc + extra[None, :], n), n)
        return seen[key]

    found = descend(
        lambda b: cost(dict(zip(names, b.tolist(), strict=True))), len(names), most,
        [coins[f] for f in names],
    )  # fmt: skip
    return {f: int(c) for f, c in zip(names, found, strict=True)}


def _coins_text(coins: dict) -> str:
    given = [f"each {f} seat starts with {c} more coin{'s' * (c != 1)}"
             for f, c in coins.items() if c]  # fmt: skip
    return "; ".join(given) or "no extra coins"


def _lowest_zero(coins: dict) -> dict:
    low = min(coins.values())
    return {f: c - low for f, c in coins.items()}


def coin_setting(tables, n: int, coins: dict) -> tuple:
    """(change text, parameters, numbers changed, step) of coins by faction."""
    base = np.asarray(tables.parameters.seat_coins[:n], np.int64)
    extra = seat_coins_by_faction(team_play(tables), n, coins)
    seats = tuple(int(c) for c in base + extra) + (0,) * (5 - n)
    used = [c for c in coins.values() if c]
    return _coins_text(coins), {"seat_coins": seats}, len(used), max(used, default=0)


def coin_settings(arms: _Arms, tables, vc, seed) -> list[tuple]:
    """The coins by faction, solved and played up to SEAT_STEPS times: (change text,
    parameters, numbers changed, step, vc of the last games played with them, coins)."""
    n = arms.n
    coins, now_vc, played = {}, vc, None
    for _ in range(SEAT_STEPS):
        more = solve_faction_coins(arms.team, now_vc, n)
        if not any(more.values()):
            break
        coins = _lowest_zero({f: coins.get(f, 0) + c for f, c in more.items()})
        played = coin_setting(tables, n, coins)
        now_vc = arms.vc(with_changes(tables, **played[1]), seed)
    if played is None:
        return []
    return [(*played, now_vc, coins)]


def bonus_settings(arms: _Arms, tables, seed) -> list[tuple]:
    printed = int(tables.parameters.faction_bonus)
    out = []
    for value in range(0, printed + BONUS_ABOVE + 1):
        if value != printed:
            played = {"faction_bonus": value}
            out.append((f"Faction Bonus {printed} → {value}", played, 1, abs(value - printed),
                        arms.vc(with_changes(tables, **played), seed), None))  # fmt: skip
    return out


def banner_settings(arms: _Arms, tables, seed) -> list[tuple]:
    out = []
    banners = tables.parameters.banners
    for faction, races in faction_races(arms.team, tables, arms.n).items():
        for step in BANNER_STEPS:
            moved = list(banners)
            ok = bool(races)
            for i in races:
                low, high = token_range(tables, "race", i)
                moved[i] = banners[i] + step
                ok = ok and low <= moved[i] <= high
            if not ok:
                continue
            played = {"banners": tuple(int(b) for b in moved)}
            text = f"every {faction} banner {step:+d} token{'s' * (abs(step) != 1)}"
            out.append((text, played, len(races), abs(step),
                        arms.vc(with_changes(tables, **played), seed), None))  # fmt: skip
    return out


def _json(params: dict) -> str:
    return json.dumps({k: list(v) if isinstance(v, tuple) else v for k, v in params.items()})


def fixed_tables(tables, parameters: str):
    """`tables` with a change's rule numbers (verified.csv's parameters, JSON)."""
    changes = {k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(parameters).items()}
    return with_changes(tables, **changes)


def fresh_seed(seed: int, n: int, params: dict) -> int:
    """A replay's seed: a hash of the solver's seed, the count and the rule numbers
    played, so each setting plays fresh games of its own, never the solver's."""
    state = np.random.SeedSequence([seed, PURPOSE_TEAM_VERIFY, n, *_json(params).encode()])
    value = int(state.generate_state(1, np.uint64)[0]) & MAX_SEED
    return value if value != seed else value ^ 1


def verify_setting(arms: _Arms, tables, seed: int, lever: str, setting, cost) -> pd.DataFrame:
    """One setting (change text, parameters, numbers changed, step) and the printed
    rules on fresh games of its own seed: a row per faction (VERIFIED_COLUMNS)."""
    n = arms.n
    text, params, changed, step = setting
    fresh = fresh_seed(seed, n, params)
    printed = faction_shares(arms.team, arms.vc(tables, fresh), n).set_index("faction")
    fixed = faction_shares(arms.team, arms.vc(with_changes(tables, **params), fresh), n)
    rows = []
    for r in fixed.itertuples():
        p = printed.loc[r.faction]
        rows.append(
            {"players": n, "faction": r.faction, "lever": lever, "change": text,
             "parameters": _json(params), "proposed": False, "games": int(r.games),
             "printed_share": p.share, "printed_lo": p.share_lo, "printed_hi": p.share_hi,
             "share": r.share, "share_lo": r.share_lo, "share_hi": r.share_hi, "fair": r.fair,
             "holds_fair": r.holds_fair, "lands": "", "numbers_changed": changed,
             "step": step, "solver_loss": cost, "fresh_seed": fresh}
        )  # fmt: skip
    return pd.DataFrame(rows, columns=list(VERIFIED_COLUMNS))


def search_coins(arms: _Arms, tables, seed: int, coins: dict, cost) -> list[pd.DataFrame]:
    """The solver's coins on fresh games and, while they miss, one coin more for the
    faction furthest below its share (one fewer for the one furthest above), each on
    fresh games of its own (COIN_TRIES at most): every setting tried."""
    frames, seen = [], set()
    for k in range(1 + COIN_TRIES):
        seen.add(tuple(sorted(coins.items())))
        setting = coin_setting(tables, arms.n, coins)
        rows = verify_setting(arms, tables, seed, "coins", setting, cost if k == 0 else np.nan)
        frames.append(rows)
        if lands(rows) != MISSES:
            break
        off = (rows.share - rows.fair).to_numpy()
        worst = int(np.abs(off).argmax())
        f = str(rows.faction.iloc[worst])
        coins = _lowest_zero(coins | {f: coins[f] + (1 if off[worst] < 0 else -1)})
        if tuple(sorted(coins.items())) in seen or not any(coins.values()):
            break
    return frames


def lands(rows: pd.DataFrame) -> str:
    """A setting's verdict from its factions' fresh-game rows."""
    if not rows.holds_fair.all():
        return MISSES
    return TOO_FEW if (rows.share_hi - rows.share_lo).max() > WIDE else LANDS


def run_team_balance(settings, backend=None, progress: bool = True) -> TeamBalance:
    """The team variant's balance study on `settings` (plans/balance.py's
    BalanceSettings: players, seat_games the games of every arm, seed, bots, tables)."""
    s = settings
    n, games, seed, tables = s.players, s.seat_games, s.seed, s.tables
    names = resolve_policies(s.bots, n)
    team = team_play(tables)  # the variant's team rules
    arms = _Arms(n, games, names, s.bot_params, backend, team)
    started = time.perf_counter()
    bar = Bar(games * 40, progress, "balance")  # an upper bound of the arms
    vc = arms.vc(tables, seed)
    printed = faction_shares(team, vc, n)
    settings_by_lever = {
        "coins": coin_settings(arms, tables, vc, seed),
        "faction_bonus": bonus_settings(arms, tables, seed),
        "banners": banner_settings(arms, tables, seed),
    }
    bar.update(arms.done)
    lever_rows, best = [], []
    for lever, found in settings_by_lever.items():
        scored = []
        for text, params, changed, step, arm_vc, coins in found:
            shares = faction_shares(team, arm_vc, n).assign(lever=lever, change=text)
            cost = loss(team, victory_shares(team, arm_vc, n), n)
            lever_rows.append(shares.assign(solver_loss=cost))
            scored.append((cost, changed, step, text, params, coins))
        if scored:
            best.append((lever, *min(scored, key=lambda x: (x[0], x[1], x[2]))))
    frames = []
    for lever, cost, changed, step, text, params, coins in best:
        if coins is not None:
            frames += search_coins(arms, tables, seed, coins, cost)
        else:
            frames.append(verify_setting(arms, tables, seed, lever, (text, params, changed, step),
                                         cost))  # fmt: skip
        bar.update(arms.done)
    bar.close()
    verified = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    verified = _propose(verified.reindex(columns=list(VERIFIED_COLUMNS)))
    toml = ""
    if verified.proposed.any():
        row = verified[verified.proposed].iloc[0]
        toml = suggestion_toml(
            fixed_tables(tables, row.parameters), {}, n, names, s.bot_params, s.scenario,
            variant=variant_name(tables),
            about=f"Battle for Azeroth with one change ({row.change}), the one that brings "
            f"every faction nearest its fair share at {n} players, against these bots",
        )  # fmt: skip
    levers = pd.concat(lever_rows, ignore_index=True) if lever_rows else pd.DataFrame()
    return TeamBalance(
        n_players=n, games=games, seed=seed, policies=tuple(names),
        ruleset_name=tables.ruleset.name, printed=printed, levers=levers, verified=verified,
        n_games=arms.done, seconds=time.perf_counter() - started, suggestion_toml=toml,
        not_modeled=tables.not_modeled(), variant=variant_name(tables),
        fair=fair_target(team, n).by_faction,
    )  # fmt: skip


def _propose(verified: pd.DataFrame) -> pd.DataFrame:
    """Mark each setting's verdict and the one proposed (ruling B13): among those that
    land, the fewest numbers changed, then the smallest step, then the nearest to fair
    on the fresh games; when none lands, the nearest to fair."""
    if verified.empty:
        return verified
    verified = verified.copy()
    ranked = []
    for change, rows in verified.groupby("change", sort=False):
        verdict = lands(rows)
        verified.loc[rows.index, "lands"] = verdict
        off = float((rows.share - rows.fair).abs().max())
        first = rows.iloc[0]
        ranked.append((verdict != LANDS, int(first.numbers_changed), int(first.step), off, change))
    landed = [r for r in ranked if not r[0]]
    pick = min(landed)[-1] if landed else min(ranked, key=lambda r: r[3])[-1]
    verified["proposed"] = verified.change == pick
    return verified


# ------------------------------------------------------------------ words
def _rate(share, lo, hi) -> str:
    return f"{pct(share)} ({pct(lo)} to {pct(hi)})"


def answer_sentence(verified: pd.DataFrame) -> str:
    """ "As printed, at 4 players the Horde wins X% (lo to hi); with this change (...)
    each faction wins ..." from a balance run's proposed rows (verified.csv)."""
    rows = verified[verified.proposed.astype(bool)]
    if rows.empty:
        return ""
    n = int(rows.players.iloc[0])
    top = rows.sort_values("printed_share").iloc[-1]
    shares = ", ".join(
        f"{r.faction} {_rate(r.share, r.share_lo, r.share_hi)}" for r in rows.itertuples()
    )
    fair = ", ".join(dict.fromkeys(pct(f) for f in rows.fair))
    verdict = {LANDS: "every faction's interval holds its fair share",
               MISSES: "it misses: not every faction's interval holds its fair share",
               TOO_FEW: TOO_FEW}[rows.lands.iloc[0]]  # fmt: skip
    return (
        f"As printed, at {n} players the {top.faction} wins "
        f"{_rate(top.printed_share, top.printed_lo, top.printed_hi)} of the victories; with "
        f"this change ({rows.change.iloc[0]}) each faction wins: {shares}, against a fair "
        f"{fair} ({int(rows.games.iloc[0]):,} fresh games each, paired; {verdict})."
    )


def findings(result: TeamBalance) -> list[str]:
    out = [answer_sentence(result.verified)] if len(result.verified) else []
    for (lever, change), rows in result.verified.groupby(["lever", "change"], sort=False):
        if rows.proposed.any():
            continue
        shares = ", ".join(f"{r.faction} {pct(r.share)}" for r in rows.itertuples())
        out.append(f"Also tried, {LEVER_NAMES[lever]}: {change} ({shares} on the fresh games; "
                   f"lands: {rows.lands.iloc[0]}).")  # fmt: skip
    return out


def summary_markdown(result: TeamBalance) -> str:

    n = result.n_players
    lines = [
        f"# What would balance it: {result.ruleset_name}, Battle for Azeroth, {n} players",
        "",
        f"Bots: {bots_text(result.policies)}. Seed {result.seed} (each replay: fresh games "
        "of a seed of its own, verified.csv's fresh_seed). "
        f"{result.n_games:,} games in {result.seconds:.0f} s, "
        f"{result.games:,} per arm. A faction's **share** splits a shared victory; its fair "
        "share is one half with two factions, one third with three (ruling B10). "
        "Intervals are 95%.",
        "",
        "## Answer",
        "",
        *[f"- {f}" for f in findings(result)],
        "",
        "## Each lever's best setting, on fresh games",
        "",
        "| lever | change | faction | printed share | with the change | fair | lands |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in result.verified.itertuples():
        mark = " (proposed)" if r.proposed else ""
        lines.append(
            f"| {LEVER_NAMES[r.lever]} | {r.change}{mark} | {r.faction} | "
            f"{_rate(r.printed_share, r.printed_lo, r.printed_hi)} | "
            f"{_rate(r.share, r.share_lo, r.share_hi)} | {pct(r.fair)} | {r.lands} |"
        )
    lines += [
        "",
        "## Every setting played on the solver's games",
        "",
        "| lever | change | faction | share | fair | squared distance from fair |",
        "|---|---|---|---|---|---|",
    ]
    for r in result.levers.itertuples():
        lines.append(f"| {LEVER_NAMES[r.lever]} | {r.change} | {r.faction} | "
                     f"{_rate(r.share, r.share_lo, r.share_hi)} | {pct(r.fair)} | "
                     f"{r.solver_loss:.4f} |")  # fmt: skip
    lines += [
        "",
        "## How to read it",
        "",
        "- The printed rules: "
        + ", ".join(
            f"{r.faction} {_rate(r.share, r.share_lo, r.share_hi)}"
            for r in result.printed.itertuples()
        )  # fmt: skip
        + f" on the solver's {result.games:,} games.",
        "- Levers: starting coins by faction (solved on the printed games, then played), "
        "the Faction Bonus, and one faction's banner numbers. Moving a race to the other "
        "faction is not offered: a race's faction is part of its content, not a rule "
        "number the engine can vary between games.",
        "- Each lever's best setting is replayed on fresh games beside the printed rules on "
        "the same games; it lands when every faction's interval holds its fair share. The "
        "change proposed is the one that lands with the fewest numbers changed, then the "
        "smallest step (ruling B13).",
        "- Win shares are against these bots; another style of play may need another change "
        "(`analyzer confirm` plays it with strong bots).",
        "",
        "Files: verified.csv (the fresh replays, one row per setting and faction), levers.csv "
        "(every setting on the solver's games), printed.csv, suggested.toml (the change "
        "proposed as a scenario: `analyzer compare suggested.toml --baseline "
        f"scenarios/{result.variant}-4p.toml` weighs it against the printed variant at 4 "
        "players).",
        "",
    ]
    lines += caveat_lines(result.not_modeled, [])
    return "\n".join(lines)


def write_team_balance(result: TeamBalance, out, force: bool = False, *, game):

    def fill(temp) -> None:
        common.write_table(result.verified, temp, "verified", game)
        common.write_table(result.levers, temp, "levers", game)
        common.write_table(result.printed, temp, "printed", game)
        (temp / "summary.md").write_text(summary_markdown(result), encoding="utf-8")
        if result.suggestion_toml:
            (temp / "suggested.toml").write_text(result.suggestion_toml, encoding="utf-8")

    return common.write_folder(out, fill, force, game)
