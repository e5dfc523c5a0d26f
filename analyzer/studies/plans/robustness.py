"""The robustness study's settings and steps (analyzer/studies/robustness.py plays it)."""

from __future__ import annotations

from pathlib import Path

from analyzer.players.styles import policy_of, styles_path
from analyzer.studies import robustness
from analyzer.studies.exploit import check_exploit
from analyzer.studies.plans.common import ReportEntry, plain, written
from analyzer.studies.robustness import check_robustness, findings, parse_fields
from analyzer.studies.robustness_decline import check_named_rules
from analyzer.studies.settings import DEFAULT_FIELDS, DEFAULT_FORCED, RobustnessSettings


def check(o: dict, log) -> RobustnessSettings:
    players, lookahead = o["players"], o["lookahead_games_per_combo"]
    fields = list(o["fields"]) if o["fields"] else list(DEFAULT_FIELDS)
    check_robustness(
        players, o["games_per_combo"], o["decline_games"], o["bootstrap"], o["seed"], lookahead
    )
    parse_fields(fields, o["forced_bots"], players, lookahead)

    responder = check_exploit(o["responder"], o["exploit_games"], players)
    source = o["decline_source"]
    if source is not None:
        check_named_rules(source, players)
    return RobustnessSettings(
        players, tuple(fields), o["forced_bots"], o["games_per_combo"], o["decline_games"],
        o["bootstrap"], o["seed"], lookahead, None, responder, o["exploit_games"],
        str(source or ""), game=o["game"],
    )  # fmt: skip


def default_out(s: RobustnessSettings):
    return robustness.default_out(s.players)


def run(s: RobustnessSettings, backend=None, log=None):
    return robustness.run_robustness(s, backend=backend, log=log)


def timing(result, where: str, s=None) -> list[str]:
    return [f"{len(result.fields)} fields in {result.seconds:.0f} s ({where})."]


def answer(result, folder) -> list[str]:
    return plain(findings(result)) + [written(folder)]


def report(s, ctx) -> ReportEntry:

    # The decline section runs first: its best rules are the ones checked here.
    source = Path(ctx.folder) / "decline" if ctx.folder is not None else None
    # The reference field is the report's own bots; the others as `analyzer robustness`.
    one = len(set(ctx.seats)) == 1
    reference = ctx.seats[0] if one else ",".join(ctx.seats)
    reference = "default" if reference == "heuristic" else reference
    fields = [reference] + [f for f in DEFAULT_FIELDS if f != reference]
    # A forced seat of the field's own style would replay the reference field, and the
    # lookahead's forced seat is left to the confirm section, which plays strong bots in
    # every seat (a stronger test, and a third of this section's time saved).
    forced = tuple(f for f in DEFAULT_FORCED if f != reference and policy_of(f) == "heuristic")
    settings = RobustnessSettings(
        ctx.players, tuple(fields), forced, s.robust_games_per_combo,
        s.robust_decline_games, s.robust_bootstrap, ctx.seed,
        RobustnessSettings.lookahead_games_per_combo, None,
        s.robust_responder, s.robust_exploit_games, str(source or ""), game=ctx.game,
    )  # fmt: skip
    stamp = {"players": ctx.players, "seed": ctx.seed, "games_per_combo": s.robust_games_per_combo,
             "decline_games": s.robust_decline_games, "bootstrap": s.robust_bootstrap,
             "fields": fields, "forced": list(forced),
             "responder": s.robust_responder,
             "exploit_games": s.robust_exploit_games}  # fmt: skip
    inputs = (styles_path(),) + ((source / "best.csv",) if source is not None else ())
    return ReportEntry(settings, stamp, inputs)
