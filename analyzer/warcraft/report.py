"""One battle's answer as tables (outcomes, survivors, rounds, policies) and as text:
the exact chance beside the Monte Carlo rate with its Wilson interval and number of
battles, and what every number rests on."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.errors import InputError
from analyzer.stats import wilson
from analyzer.warcraft.battle import (
    ROUND_CAP,
    SIDE_KEYS,
    Battle,
    cards_text,
    replace_policy,
    rule_caveats,
    sources_of,
    unknowns_of,
)
from analyzer.warcraft.exact import best_response, solve
from analyzer.warcraft.policies import POLICIES, cost_note

MEASURES = {
    "hold": "holds the battlefield alone (wins the battle)",
    "wipe": "loses every unit in the battle",
}


def _mc(count, n):
    if n == 0:
        return np.nan, np.nan, np.nan
    lo, hi = wilson(count, n)
    return count / n, float(lo), float(hi)


def outcome_frame(battle: Battle, exact, mc):
    n = 0 if mc is None else mc.n
    rows = []
    for i, side in enumerate(battle.sides):
        for measure, ex, idx in (("hold", exact.hold[i], i), ("wipe", exact.wipe[i], 4 + i)):
            rate, lo, hi = _mc(0 if mc is None else mc.outcome[idx], n)
            rows.append((SIDE_KEYS[i], side.name, measure, ex, rate, lo, hi, n))
    for measure, ex, idx in (("empty", exact.empty, 2), ("unresolved", exact.unresolved, 3)):
        rate, lo, hi = _mc(0 if mc is None else mc.outcome[idx], n)
        rows.append(("both", "", measure, ex, rate, lo, hi, n))
    return pd.DataFrame(
        rows,
        columns=["side", "name", "measure", "exact", "mc_rate", "mc_lo", "mc_hi", "mc_battles"],
    )


def survivor_frame(battle: Battle, exact, mc):
    rows = []
    for i, side in enumerate(battle.sides):
        for g, grp in enumerate(side.groups):
            rows.append(
                (SIDE_KEYS[i], side.name, grp.name, grp.type, grp.battlefield + grp.flank,
                 float(exact.survivors[i][g]),
                 np.nan if mc is None else float(mc.survivors[i][g]))
            )  # fmt: skip
    return pd.DataFrame(
        rows, columns=["side", "name", "group", "type", "start", "exact_mean", "mc_mean"]
    )


def rounds_frame(exact, mc):
    last = len(exact.rounds)
    if mc is not None:
        seen = np.nonzero(mc.rounds[1:])[0]
        last = max(last, int(seen[-1]) + 1 if len(seen) else 0)
    rows = []
    for r in range(1, min(last, ROUND_CAP) + 1):
        ex = exact.rounds[r - 1] if r <= len(exact.rounds) else 0.0
        rate, lo, hi = _mc(0 if mc is None else mc.rounds[r], 0 if mc is None else mc.n)
        rows.append((r, ex, rate, lo, hi))
    return pd.DataFrame(rows, columns=["round", "exact", "mc_rate", "mc_lo", "mc_hi"])


def policy_frame(battle: Battle, rows):
    """rows: (side key, policy, the side's exact hold chance) for each named policy
    and the best response, the other side keeping its own policy."""
    frame = pd.DataFrame(rows, columns=["side", "policy", "hold"])
    frame["gain_of_best"] = np.nan
    for key in SIDE_KEYS:
        mine = frame.side == key
        best = frame[mine & (frame.policy == "best")]
        if len(best):
            frame.loc[mine, "gain_of_best"] = best.hold.iloc[0] - frame[mine].hold
    return frame


def compare_policies(battle: Battle, best: bool):
    """Each side's exact hold chance with every named policy (the other side keeping
    its own), and with the best response when asked and tractable."""
    rows, notes = [], []
    for i, key in enumerate(SIDE_KEYS):
        for name in POLICIES:
            r = solve(replace_policy(battle, i, name))
            rows.append((key, name, float(r.hold[i])))
        if best:
            try:
                br = best_response(battle, i)
                rows.append((key, "best", br.value))
            except InputError as exc:
                notes.append(f"{battle.sides[i].name}: best response not computed: {exc}")
    return policy_frame(battle, rows), notes


def pct(x) -> str:
    return "n/a" if x is None or not np.isfinite(x) else f"{100 * x:.1f}%"


# The headline names a better named policy when it holds this much more often.
POLICY_GAP = 0.05


def headline(battle: Battle, exact, policies=None) -> list[str]:
    """The answer in a sentence, naming the casualty policies that produced it, and
    each side's best named policy where it holds over 5 points more often than the
    side's own (the other side keeping its policy)."""
    a, d = battle.sides
    out = [
        f"**The {_who(battle, 0)[4:]} holds the battlefield with {pct(exact.hold[0])}, "
        f"{_who(battle, 1)} with {pct(exact.hold[1])}** (exact), with the casualty "
        f"policies `{a.policy}` for the attacker and `{d.policy}` for the defender."
    ]
    if policies is None:
        return out
    for i, side in enumerate(battle.sides):
        mine = policies[(policies.side == SIDE_KEYS[i]) & (policies.policy != "best")]
        if not len(mine):
            continue
        top = mine.sort_values("hold", ascending=False, kind="stable").iloc[0]
        own = exact.hold[i]
        if top.hold - own > POLICY_GAP:
            out.append(
                f"With `{top.policy}` instead of `{side.policy}`, {_who(battle, i)} "
                f"would hold with {pct(top.hold)} "
                f"({100 * (top.hold - own):+.1f} points; the other side keeping its policy)."
            )
    return out


def _who(battle: Battle, i: int) -> str:
    name = battle.sides[i].name
    return f"the {SIDE_KEYS[i]}" + ("" if name == SIDE_KEYS[i] else f" ({name})")


def battle_text(battle: Battle, frames: dict, exact, mc, notes=()) -> list[str]:
    """The answer as Markdown lines (also what the command prints)."""
    lines = [*headline(battle, exact, frames.get("policies")), ""]
    for i, side in enumerate(battle.sides):
        army = "; ".join(
            f"{g.battlefield} in the battlefield + {g.flank} in the flanks {g.name}"
            + (f" ({', '.join(g.abilities)})" if g.abilities else "")
            for g in side.groups
        )
        lines.append(f"- **{SIDE_KEYS[i]} {side.name}** ({side.policy}): {army}")
    lines.append("")
    mc_head = (
        "" if mc is None else f" | Monte Carlo ({mc.n:,} battles, seed {mc.seed}) | 95% interval"
    )
    lines += [
        f"| side | outcome | exact{mc_head} |",
        "|---|---|---:" + ("|---:|---|" if mc is not None else "|"),
    ]
    for r in frames["outcomes"].itertuples():
        label = MEASURES.get(r.measure, {"empty": "the battlefield left empty",
                                         "unresolved": f"still fighting after {ROUND_CAP} rounds"}
                             .get(r.measure, r.measure))  # fmt: skip
        who = r.name if r.side != "both" else "both"
        extra = "" if mc is None else f" | {pct(r.mc_rate)} | {pct(r.mc_lo)} to {pct(r.mc_hi)}"
        lines.append(f"| {who} | {label} | {pct(r.exact)}{extra} |")
    lines += ["", "Expected survivors (battlefield and flanks) at the end:", ""]
    mc_col = "" if mc is None else " | MC mean"
    lines += [f"| side | units | at the start | exact mean{mc_col} |",
              "|---|---|---:|---:" + ("" if mc is None else "|---:") + "|"]  # fmt: skip
    for r in frames["survivors"].itertuples():
        extra = "" if mc is None else f" | {r.mc_mean:.2f}"
        lines.append(f"| {r.name} | {r.group} | {r.start} | {r.exact_mean:.2f}{extra} |")
    rounds = frames["rounds"]
    mean = float((rounds["round"] * rounds.exact).sum())
    lines += ["", f"Rounds (exact mean {mean:.2f}):", ""]
    lines += ["| round | ends then (exact)" + ("" if mc is None else " | MC | 95% interval") + " |",
              "|---:|---:" + ("" if mc is None else "|---:|---") + "|"]  # fmt: skip
    cum = 0.0
    for r in rounds.itertuples():
        extra = "" if mc is None else f" | {pct(r.mc_rate)} | {pct(r.mc_lo)} to {pct(r.mc_hi)}"
        lines.append(f"| {r.round} | {pct(r.exact)}{extra} |")
        cum += r.exact
        if cum > 0.999 and r.round >= 3:
            rest = 1 - cum
            lines.append(f"| later | {pct(rest)} |" + ("" if mc is None else " | | |"))
            break
    if "policies" in frames:
        lines += [
            "",
            "Casualty policies (each side's exact chance to hold the battlefield, "
            "the other side keeping its policy):",
            "",
            "| side | policy | holds | best response gains |",
            "|---|---|---:|---:|",
        ]
        for r in frames["policies"].itertuples():
            name = battle.sides[SIDE_KEYS.index(r.side)].name
            gain = "" if not np.isfinite(r.gain_of_best) else f"{100 * r.gain_of_best:+.1f} pp"
            lines.append(f"| {name} | {r.policy} | {pct(r.hold)} | {gain} |")
    lines += ["", *provenance_lines(battle, notes)]
    return lines


def provenance_lines(battle: Battle, notes=()) -> list[str]:
    out = ["What these numbers rest on:", ""]
    not_text = sources_of(battle)
    out.append(
        "- Not from the rulebook's text: " + ("; ".join(not_text) if not_text else "nothing") + "."
    )

    unknown = unknowns_of(battle)
    if unknown:
        out.append(
            "- Abilities the rulebook's text can neither show nor rule out (played without "
            "them; add them with +area, +heal, +poison, +bloodlust, +raise to see what they "
            "change): " + "; ".join(unknown) + "."
        )
    for side in battle.sides:
        note = cost_note(side)
        if note:
            out.append(f"- {note}.")
    out += [f"- {c}." for c in rule_caveats(battle)]

    out.append(f"- {cards_text(battle)} (docs/rulings-warcraft.md, W13).")
    out += [f"- {n}" for n in notes]
    return out
