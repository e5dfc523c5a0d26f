"""Studies over many battles, all with the exact solver: the attacker's chance over
army sizes (a heatmap), the efficiency of the unit data per resource and the
break-even between one more upgrade level and more units; and the standalone report
page (reports/warcraft-battles/) that joins them with the rulebook's example battle."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.output import write_folder, write_table
from analyzer.present.charts import pyplot, save_figure, text_colour
from analyzer.present.html import to_html
from analyzer.warcraft.battle import (
    STACK,
    Battle,
    Side,
    check_battle,
    parse_army,
    sources_of,
    unknowns_of,
)
from analyzer.warcraft.exact import solve
from analyzer.warcraft.montecarlo import simulate
from analyzer.warcraft.report import (
    battle_text,
    compare_policies,
    outcome_frame,
    rounds_frame,
    survivor_frame,
)
from analyzer.warcraft.units import load_units

DEFAULT_OUT = Path("reports") / "warcraft-battles"
# The rulebook's example of a battle, as far as the text tells it: the Night Elves
# (1 ranged S2, 1 flying S3, six melee S2: four fight in the melee phase after two
# fell in the flanks) against the Humans (2 ranged S3 and 1 melee in the battlefield,
# 2 flying S3). Where each unit stood, and the Human melee Strength, are not in the
# text (ruling W12): the melee Strength 2 here is an input.
EXAMPLE_ATTACKER = "1 melee s2, 5 melee s2 flank, 1 ranged s2 flank, 1 flying s3 flank"
EXAMPLE_DEFENDER = "1 melee s2, 2 ranged s3, 2 flying s3 flank"


def army(template: str, count: int, name: str, key: str, book=None, race=None):
    """count units of a one-group template ("melee s3 +area"): the battlefield holds
    as many as a space allows, the flanks the rest."""
    bf = min(count, STACK)
    text = f"{bf} {template}"
    if count > bf:
        text += f", {count - bf} {template} flank"
    return parse_army(text, name, key, book, race)


def check_template(template: str, key: str, book=None, race=None) -> None:
    army(template, 1, "check", key, book, race)


@dataclass
class Heatmap:
    frame: object  # attacker_units, defender_units, attacker_hold, defender_hold, empty
    attacker: str
    defender: str
    policies: tuple
    sources: list
    seconds: float


def heatmap(attacker: str, defender: str, most_a: int, most_b: int, policies=("cheapest",) * 2,
            book=None, races=(None, None)) -> Heatmap:  # fmt: skip
    """The exact chance that each side holds the battlefield, for 1..most_a attacking
    units of one template against 1..most_b defending ones."""
    started = time.perf_counter()
    rows, sources = [], set()
    for n in range(1, most_a + 1):
        for m in range(1, most_b + 1):
            b = Battle((
                Side(races[0] or "attacker", army(attacker, n, races[0] or "attacker",
                     "--attacker", book, races[0]), policies[0]),
                Side(races[1] or "defender", army(defender, m, races[1] or "defender",
                     "--defender", book, races[1]), policies[1]),
            ))  # fmt: skip
            check_battle(b)
            r = solve(b)
            sources.update(
                sources_of(b) + [f"abilities not ruled out: {u}" for u in unknowns_of(b)]
            )
            rows.append((n, m, r.hold[0], r.hold[1], r.empty))
    frame = pd.DataFrame(
        rows, columns=["attacker_units", "defender_units", "attacker_hold", "defender_hold",
                       "empty"]
    )  # fmt: skip
    return Heatmap(frame, attacker, defender, tuple(policies), sorted(sources),
                   time.perf_counter() - started)  # fmt: skip


def heatmap_chart(h: Heatmap, path: Path) -> Path:
    plt = pyplot()
    f = h.frame
    na, nb = int(f.attacker_units.max()), int(f.defender_units.max())
    grid = np.full((na, nb), np.nan)
    for r in f.itertuples():
        grid[r.attacker_units - 1, r.defender_units - 1] = 100 * r.attacker_hold
    fig, ax = plt.subplots(figsize=(max(5, 0.6 * nb + 2.5), max(4, 0.5 * na + 2)))
    image = ax.imshow(grid, cmap="RdBu_r", vmin=0, vmax=100, origin="lower", aspect="auto")
    for i in range(na):
        for j in range(nb):
            ax.text(
                j,
                i,
                f"{grid[i, j]:.0f}",
                ha="center",
                va="center",
                fontsize=7,
                color=text_colour(image.cmap(image.norm(grid[i, j]))),
            )
    ax.set_xticks(range(nb), range(1, nb + 1))
    ax.set_yticks(range(na), range(1, na + 1))
    ax.set_xlabel(f"defending units ({h.defender})")
    ax.set_ylabel(f"attacking units ({h.attacker})")
    fig.colorbar(image, ax=ax, label="attacker holds the battlefield (%)")
    ax.set_title(f"Attacker's chance to hold the battlefield, exact\n"
                 f"policies {h.policies[0]} vs {h.policies[1]}; {STACK} in the battlefield, "
                 "the rest in the flanks", fontsize=9)  # fmt: skip
    return _save(fig, path, "exact solver", h.sources)


def _save(fig, path: Path, method: str, sources) -> Path:
    note = "; ".join(sources) if sources else "none"
    fig.text(0.005, 0.005, f"Warcraft: the Board Game | {method} | cards not played | "
             f"rests on, beyond the rulebook: {note}", fontsize=6, color="#555555",
             ha="left", va="bottom", wrap=True)  # fmt: skip
    return save_figure(fig, path, 110, rect=[0, 0.05, 1, 1])


# ------------------------------------------------------------------ efficiency
def unit_efficiency(book):
    """Per unit of the data: expected casualties per attack die, and per resource
    where its cost is known (each value with its source)."""
    rows = []
    for u in book.units:
        per_die = u.strength / 6 + (1 / 6 if "Area Attack" in u.abilities else 0)
        cost = book.cost(u.race, u.type)
        rows.append((
            u.race, u.type, u.level, u.strength, ", ".join(u.abilities), ", ".join(u.unknown),
            per_die,
            None if cost is None else cost.total,
            np.nan if cost is None else per_die / cost.total,
            u.strength_source, "" if cost is None else cost.source,
        ))  # fmt: skip
    return pd.DataFrame(
        rows,
        columns=["race", "type", "level", "strength", "abilities", "unknown_abilities",
                 "hits_per_die",
                 "cost_gold_wood", "hits_per_resource", "strength_source", "cost_source"],
    )  # fmt: skip


# An upgrade "pays" when it adds at least half a point to the chance to hold: near a
# certain win both armies hold with 99.99% and a 1e-5 edge says nothing.
PAYS = 0.005


@dataclass
class BreakEven:
    frame: object  # strength, units, upgrade_hold, more_units_hold, upgrade_gain
    summary: object  # strength, break_even_units (exact battles), expected_hits_break_even
    unit_cost: int
    upgrade_cost: int
    extra_units: int
    reference: str
    seconds: float


def break_even(book, reference: str = "3 melee s3, 3 melee s3 flank", most: int = 8) -> BreakEven:
    """One more Strength for every melee unit (an upgrade) against the melee units the
    same gold and wood buys, for Strength s = 1..5 and n units, fighting a reference
    defender. Costs from the unit data (the rulebook's: 1 gold + 1 wood a melee unit,
    2 gold + 2 wood an upgrade); the Strengths are what-ifs, not tile values."""
    started = time.perf_counter()
    unit = book.cost("any race", "melee")
    upgrade = book.upgrade
    if unit is None or upgrade is None:
        raise ValueError("the unit data has no melee cost or upgrade cost")
    extra = upgrade.total // unit.total
    ref = Side("reference", parse_army(reference, "reference", "--reference"), "cheapest")
    rows = []
    for s in range(1, 6):
        for n in range(1, most + 1):
            if n + extra > 10:
                break
            holds = []
            for strength, count in ((s + 1, n), (s, n + extra)):
                me = Side("army", army(f"melee s{strength}", count, "army", "--army"), "cheapest")
                b = Battle((me, ref))
                check_battle(b)
                holds.append(solve(b).hold[0])
            rows.append((s, n, holds[0], holds[1], holds[0] - holds[1]))
    frame = pd.DataFrame(
        rows, columns=["strength", "units", "upgrade_hold", "more_units_hold", "upgrade_gain"]
    )
    summary = []
    for s, part in frame.groupby("strength"):
        pays = part[part.upgrade_gain >= PAYS]
        # Expected hits: n (s + 1) / 6 against (n + extra) s / 6: equal at n = extra * s.
        summary.append((s, int(pays.units.min()) if len(pays) else None, extra * s))
    summary = pd.DataFrame(
        summary, columns=["strength", "upgrade_pays_from_units", "expected_hits_break_even"]
    )
    return BreakEven(frame, summary, unit.total, upgrade.total, extra, reference,
                     time.perf_counter() - started)  # fmt: skip


def break_even_chart(be: BreakEven, path: Path) -> Path:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for s, part in be.frame.groupby("strength"):
        ax.plot(part.units, 100 * part.upgrade_gain, marker="o", label=f"Strength {s} -> {s + 1}")
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_xlabel("melee units before spending")
    ax.set_ylabel("upgrade minus more units (pp of holding)")
    ax.set_title(f"One upgrade ({be.upgrade_cost} resources) or {be.extra_units} more melee "
                 f"units ({be.unit_cost} each)?\nexact chance to hold against "
                 f"{be.reference}", fontsize=9)  # fmt: skip
    ax.legend(fontsize=7)
    return _save(
        fig, path, "exact solver", ["Strengths 1 to 6 are what-ifs; the reference army is an input"]
    )


# ------------------------------------------------------------------ text
def heatmap_lines(h: Heatmap) -> list[str]:
    f = h.frame
    even = f[(f.attacker_hold - f.defender_hold).abs() < 0.1]
    lines = [
        f"Attacking units: {h.attacker}; defending units: {h.defender}; policies "
        f"{h.policies[0]} and {h.policies[1]}; up to {STACK} units in the battlefield, the "
        f"rest in the flanks. Exact solver, {len(f)} battles in {h.seconds:.1f} s.",
        "",
        "| attackers \\ defenders | "
        + " | ".join(str(m) for m in sorted(set(f.defender_units)))
        + " |",
        "|---:|" + "---:|" * len(set(f.defender_units)),
    ]
    for n, part in f.groupby("attacker_units"):
        cells = " | ".join(f"{100 * x:.0f}%" for x in part.sort_values("defender_units")
                           .attacker_hold)  # fmt: skip
        lines.append(f"| {n} | {cells} |")
    lines += ["", f"Even match-ups (holds within 10 points of each other): {len(even)} of "
              f"{len(f)}.",
              "What these numbers rest on, beyond the rulebook's text: "
              + ("; ".join(h.sources) or "nothing")
              + "; cards are not played."]  # fmt: skip
    return lines


def efficiency_lines(eff, be: BreakEven) -> list[str]:
    lines = [
        "| race | type | level | Strength | abilities (not ruled out) | casualties per die "
        "| cost (gold + wood) "
        "| casualties per resource | sources |",
        "|---|---|---:|---:|---|---:|---:|---:|---|",
    ]
    for r in eff.itertuples():
        level = "?" if r.level is None or (isinstance(r.level, float) and np.isnan(r.level)) \
            else int(r.level)  # fmt: skip
        cost = "not in the text" if r.cost_gold_wood is None or not np.isfinite(
            r.cost_gold_wood) else int(r.cost_gold_wood)  # fmt: skip
        per = "" if not np.isfinite(r.hits_per_resource) else f"{r.hits_per_resource:.3f}"
        src = f"Strength: {r.strength_source}" + (
            f"; cost: {r.cost_source}" if r.cost_source else "")  # fmt: skip
        abilities = (r.abilities or "none") + (f" ({r.unknown_abilities})" if r.unknown_abilities
                                             else "")  # fmt: skip
        lines.append(f"| {r.race} | {r.type} | {level} | {r.strength} | {abilities} "
                     f"| {r.hits_per_die:.3f} | {cost} | {per} | {src} |")  # fmt: skip
    lines += [
        "",
        f"**Upgrade or more units?** An upgrade costs {be.upgrade_cost} resources (rulebook), "
        f"a melee unit {be.unit_cost} (rulebook): an upgrade's price buys {be.extra_units} "
        f"more melee units. Against {be.reference} (an input), the exact chance to hold the "
        "battlefield says from how many melee units the upgrade pays (by half a point or "
        "more); counting expected hits "
        "alone, it pays above extra x Strength units:",
        "",
        "| Strength s -> s + 1 | upgrade pays from (units, battles) | expected hits break even |",
        "|---:|---:|---:|",
    ]
    for r in be.summary.itertuples():
        found = r.upgrade_pays_from_units
        pays = int(found) if _known(found) else f"never (up to {int(be.frame.units.max())})"
        lines.append(f"| {r.strength} -> {r.strength + 1} | {pays} | "
                     f"{r.expected_hits_break_even} |")  # fmt: skip
    lines += ["", "In brackets: abilities the rulebook's text can neither show nor rule out "
              "for that unit; the casualties per die count none of them.",
              "", "The Strengths are what-ifs: only the Orc melee level 4 (Strength 5, Area "
              "Attack) is in the text, so no real ladder step can be priced without your "
              "tiles (enter them with --units)."]  # fmt: skip
    return lines


def _known(x) -> bool:
    return x is not None and bool(np.isfinite(x))


# ------------------------------------------------------------------ the report page
def build_page(
    out: Path, games: int, seed: int, force: bool, threads=None, log=print, most: int = 8
) -> Path:
    """reports/warcraft-battles/: index.md and a self-contained index.html (charts
    embedded), with every table as CSV and Parquet beside them."""
    started = time.perf_counter()
    book = load_units()
    example = Battle((
        Side("Night Elves", parse_army(EXAMPLE_ATTACKER, "Night Elves", "example", book,
                                       "Night Elves"), "protect"),
        Side("Humans", parse_army(EXAMPLE_DEFENDER, "Humans", "example", book, "Humans"),
             "cheapest"),
    ))  # fmt: skip
    log("The rulebook's example battle: exact, Monte Carlo, policies and best responses...")
    exact = solve(example)
    mc = simulate(example, games, seed, threads) if games else None
    frames = {
        "example_outcomes": outcome_frame(example, exact, mc),
        "example_survivors": survivor_frame(example, exact, mc),
        "example_rounds": rounds_frame(exact, mc),
    }
    frames["example_policies"], notes = compare_policies(example, True)
    log("Heatmap over army sizes...")
    heat = heatmap("melee L4", "melee s3", most, most, book=book, races=("Orcs", None))
    frames["heatmap"] = heat.frame
    log("Efficiency and break-even...")
    eff = unit_efficiency(book)
    be = break_even(book, most=most)
    frames["efficiency"], frames["break_even"], frames["break_even_summary"] = (
        eff, be.frame, be.summary,
    )  # fmt: skip
    text = {k.removeprefix("example_"): v for k, v in frames.items() if k.startswith("example_")}
    pol = frames["example_policies"]
    lines = [
        "# Warcraft: the Board Game: battles",
        "",
        'Battles of Warcraft: the Board Game, played by the rulebook\'s "Battle" section and '
        "its five unit abilities, computed exactly (a Markov chain over the battle's "
        "states) and checked by a compiled Monte Carlo. Cards are not played. How to ask "
        "your own battle: `analyzer battle` (docs/warcraft-battles.md); the rulings: "
        "docs/rulings-warcraft.md.",
        "",
        "## Findings",
        "",
        *_findings(example, exact, pol, heat, be),
        "",
        "## The rulebook's example of a battle",
        "",
        'The armies of the rulebook\'s "Example of a Battle", with the Night Elves '
        "protecting their battlefield; where each unit stood and the Human melee Strength "
        "are not in the text (Strength 2 here is an input).",
        "",
        *battle_text(example, text, exact, mc, notes),
        "",
        "## Attacker's chance over army sizes",
        "",
        *heatmap_lines(heat),
        "",
        "![heatmap](heatmap.png)",
        "",
        "## Efficiency per resource, and upgrade or more units",
        "",
        *efficiency_lines(eff, be),
        "",
        "![break-even](break_even.png)",
        "",
        f"Written in {time.perf_counter() - started:.0f} s; seed {seed}.",
    ]
    page = "\n".join(lines) + "\n"

    def fill(folder: Path) -> None:
        for name, frame in frames.items():
            write_table(frame, folder, name)
        heatmap_chart(heat, folder / "heatmap.png")
        break_even_chart(be, folder / "break_even.png")
        (folder / "index.md").write_text(page, encoding="utf-8")
        html = to_html(page, folder, "Warcraft: the Board Game: battles")
        (folder / "index.html").write_text(html, encoding="utf-8")

    write_folder(out, fill, force)
    return Path(out) / "index.html"


def _findings(battle: Battle, exact, pol, heat: Heatmap, be: BreakEven) -> list[str]:
    out = [
        f"- In the rulebook's example, the {battle.sides[0].name} hold the battlefield with "
        f"{100 * exact.hold[0]:.1f}% and the {battle.sides[1].name} with "
        f"{100 * exact.hold[1]:.1f}% (exact)."
    ]
    for key, part in pol.groupby("side", sort=False):
        best = part[part.policy == "best"]
        named = part[part.policy != "best"].sort_values("hold", ascending=False)
        name = battle.sides[0 if key == "attacker" else 1].name
        if len(best):
            out.append(
                f"- The {name}' best casualty choices hold the battlefield with "
                f"{100 * best.hold.iloc[0]:.1f}%, "
                f"{100 * (best.hold.iloc[0] - named.hold.iloc[0]):+.1f} points over the best "
                f"named policy ({named.policy.iloc[0]}) and "
                f"{100 * (best.hold.iloc[0] - named.hold.iloc[-1]):+.1f} over the worst "
                f"({named.policy.iloc[-1]})."
            )
    f = heat.frame
    diag = f[f.attacker_units == f.defender_units]
    out.append(
        f"- {heat.attacker} (Orcs) against as many {heat.defender} units: the attacker holds "
        f"with {100 * diag.attacker_hold.min():.0f}% to {100 * diag.attacker_hold.max():.0f}%."
    )
    pays = [
        f"{r.strength}->{r.strength + 1} from {int(r.upgrade_pays_from_units)} units"
        for r in be.summary.itertuples()
        if r.upgrade_pays_from_units is not None and np.isfinite(r.upgrade_pays_from_units)
    ]
    out.append(
        "- An upgrade beats its price in melee units (exact battles against "
        f"{be.reference}): "
        + ("; ".join(pays) if pays else f"never up to {int(be.frame.units.max())} units")
        + "."
    )
    return out
