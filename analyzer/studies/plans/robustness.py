"""The robustness study's settings and steps (analyzer/studies/robustness.py plays it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyzer.studies.plans.common import ReportEntry, plain, written

# The reference field first; a list shorter than the players repeats over the seats.
DEFAULT_FIELDS = ("default", "aggressive", "expansive,defensive,coin-saver", "tuned")
# styles played in the forced seat against the reference field
DEFAULT_FORCED = ("tuned", "lookahead-lite")


@dataclass(frozen=True)
class RobustnessSettings:
    players: int = 4
    fields: tuple[str, ...] = DEFAULT_FIELDS  # fields of bots, the first the reference
    forced_bots: object = "tuned,lookahead-lite"  # text, or a sequence of styles
    games_per_combo: int = 100
    decline_games: int = 500
    bootstrap: int = 400
    seed: int = 1
    # A lookahead forced seat plays 100s of times slower than the heuristic, so its field
    # plays only the first games of each combo and seat (a subset of the reference's
    # games, so the comparison stays paired): main effects only.
    lookahead_games_per_combo: int = 20
    tables: Any = None  # None: the played ruleset's printed rules
    # How exploitable each field is: one responder seat (a strong bot) against the
    # field, exploit_games games each (studies/exploit.py; 0 here, the command's default
    # is 200: a lookahead seat is slow, and a caller in Python asks for it by name).
    responder: str = "lookahead"
    exploit_games: int = 0
    # The folder of a decline study whose best rule per group is checked (its best.csv:
    # the report page's decline section); "" checks the reference field's own best.
    decline_source: str = ""


def check(o: dict, log) -> RobustnessSettings:
    from analyzer.studies.robustness import check_robustness, parse_fields

    players, lookahead = o["players"], o["lookahead_games_per_combo"]
    fields = list(o["fields"]) if o["fields"] else list(DEFAULT_FIELDS)
    check_robustness(
        players, o["games_per_combo"], o["decline_games"], o["bootstrap"], o["seed"], lookahead
    )
    parse_fields(fields, o["forced_bots"], players, lookahead)
    from analyzer.studies.exploit import check_exploit

    responder = check_exploit(o["responder"], o["exploit_games"], players)
    source = o["decline_source"]
    if source is not None:
        from analyzer.studies.robustness_decline import check_named_rules

        check_named_rules(source, players)
    return RobustnessSettings(
        players, tuple(fields), o["forced_bots"], o["games_per_combo"], o["decline_games"],
        o["bootstrap"], o["seed"], lookahead, None, responder, o["exploit_games"],
        str(source or ""),
    )  # fmt: skip


def default_out(s: RobustnessSettings):
    from analyzer.studies.robustness import default_out

    return default_out(s.players)


def run(s: RobustnessSettings, backend=None, log=None):
    from analyzer.studies.robustness import run_robustness

    return run_robustness(s, backend=backend, log=log)


def timing(result, where: str, s=None) -> list[str]:
    return [f"{len(result.fields)} fields in {result.seconds:.0f} s ({where})."]


def answer(result, folder) -> list[str]:
    from analyzer.studies.robustness import findings

    return plain(findings(result)) + [written(folder)]


def report(s, ctx) -> ReportEntry:
    from pathlib import Path

    from analyzer.players.styles import styles_path

    # The decline section runs first: its best rules are the ones checked here.
    source = Path(ctx.folder) / "decline" if ctx.folder is not None else None
    # The reference field is the report's own bots; the others as `analyzer robustness`.
    one = len(set(ctx.seats)) == 1
    reference = ctx.seats[0] if one else ",".join(ctx.seats)
    reference = "default" if reference == "heuristic" else reference
    fields = [reference] + [f for f in DEFAULT_FIELDS if f != reference]
    lookahead = min(s.robust_lookahead_games_per_combo, s.robust_games_per_combo)
    settings = RobustnessSettings(
        ctx.players, tuple(fields), DEFAULT_FORCED, s.robust_games_per_combo,
        s.robust_decline_games, s.robust_bootstrap, ctx.seed, lookahead, None,
        s.robust_responder, s.robust_exploit_games, str(source or ""),
    )  # fmt: skip
    stamp = {"players": ctx.players, "seed": ctx.seed, "games_per_combo": s.robust_games_per_combo,
             "decline_games": s.robust_decline_games, "bootstrap": s.robust_bootstrap,
             "lookahead_games_per_combo": s.robust_lookahead_games_per_combo,
             "fields": fields, "forced": list(DEFAULT_FORCED),
             "responder": s.robust_responder,
             "exploit_games": s.robust_exploit_games}  # fmt: skip
    inputs = (styles_path(),) + ((source / "best.csv",) if source is not None else ())
    return ReportEntry(settings, stamp, inputs)
