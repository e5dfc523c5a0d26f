"""The balance study's sensitivity: how far each estimated number of the ruleset
moves the answers (analyzer/studies/balance.py has the whole study's text)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.model import limits
from analyzer.stats import spearman
from analyzer.studies.balance_curves import with_changes


# ------------------------------------------------------------------ sensitivity
def _headlines(race_rates: dict, power_rates: dict, combo_rates: dict | None) -> dict:
    out = {
        "best race": max(race_rates, key=race_rates.get),
        "worst race": min(race_rates, key=race_rates.get),
        "best power": max(power_rates, key=power_rates.get),
        "worst power": min(power_rates, key=power_rates.get),
    }
    if combo_rates:
        out["strongest combo"] = max(combo_rates, key=combo_rates.get)
    return out


def _ranks(rates: dict) -> dict:
    order = sorted(rates, key=rates.get, reverse=True)
    return {name: k + 1 for k, name in enumerate(order)}


def sensitivity_rows(player, tables, curves, table, printed_study) -> pd.DataFrame:
    """One row per estimated number and direction."""
    rs = tables.ruleset
    base_races = {r.name: r.win_rate for r in table[table.kind == "race"].itertuples()}
    base_powers = {r.name: r.win_rate for r in table[table.kind == "power"].itertuples()}
    base_combos = {f"{r.race} + {r.power}": r.win_rate for r in printed_study.combos.itertuples()}
    head = _headlines(base_races, base_powers, base_combos)
    rank0 = _ranks(base_powers)
    rows = []
    for key in rs.estimates():
        if key.startswith("powers.") and key.endswith(".badge"):
            pkey = key.split(".")[1]
            pid = [p.key for p in rs.powers].index(pkey)
            name = tables.power_names[pid]
            part = curves[(curves.kind == "power") & (curves.id == pid)].set_index("offset")
            if name not in base_powers:
                continue
            slope = table[(table.kind == "power") & (table.id == pid)].iloc[0]
            for d in (-1, 1):
                if d not in part.index:
                    rows.append({"estimate": key, "name": name, "delta": d,
                                 "note": "outside the badge's range"})  # fmt: skip
                    continue
                moved = dict(base_powers)
                moved[name] = float(part.loc[d, "win_rate"])
                now = _headlines(base_races, moved, None)
                paired = part.loc[d, "win_rate"] - part.loc[0, "win_rate"]
                changed = [k for k in now if now[k] != head[k]]
                rows.append(
                    {"estimate": key, "name": name, "delta": d,
                     "win_rate": float(part.loc[0, "win_rate"]),
                     "win_rate_moved": float(part.loc[d, "win_rate"]),
                     "effect_change": float(paired),
                     "slope": float(slope.slope),
                     "rank": rank0[name], "rank_moved": _ranks(moved)[name],
                     "headlines_changed": "; ".join(
                         f"{k}: {head[k]} -> {now[k]}" for k in changed) or "none",
                     "note": ""}
                )  # fmt: skip
        elif key == "die_faces":
            faces = tables.parameters.die_faces
            for d in (-1, 1):
                moved_faces = tuple(int(np.clip(f + d, *limits.DIE_FACE)) for f in faces)
                study = player.combos(
                    with_changes(tables, die_faces=moved_faces), None, player.check_gpc
                )
                races = study.races.set_index("race").win_rate.to_dict()
                powers = study.powers.set_index("power").win_rate.to_dict()
                combos = {f"{r.race} + {r.power}": r.win_rate for r in study.combos.itertuples()}
                now = _headlines(races, powers, combos)
                r0 = printed_study.races.set_index("race").win_rate
                p0 = printed_study.powers.set_index("power").win_rate
                # paired by name; a race without games in either table is left out
                rho_r = spearman(*pd.DataFrame({"a": races, "b": r0}).dropna().to_numpy().T)
                rho_p = spearman(*pd.DataFrame({"a": powers, "b": p0}).dropna().to_numpy().T)
                changed = [k for k in now if now[k] != head[k]]
                rows.append(
                    {"estimate": key, "name": f"die faces {list(moved_faces)}", "delta": d,
                     "race_rank_spearman": float(rho_r), "power_rank_spearman": float(rho_p),
                     "headlines_changed": "; ".join(
                         f"{k}: {head[k]} -> {now[k]}" for k in changed) or "none",
                     "note": f"combo table at {player.check_gpc} games per combo"}
                )  # fmt: skip
        else:
            rows.append({"estimate": key, "name": key, "delta": 0,
                         "note": "not varied: no one-up/one-down change defined"})  # fmt: skip
    return pd.DataFrame(rows)
