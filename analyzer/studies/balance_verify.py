"""The balance study's check of its own answers (analyzer/studies/balance.py has the
whole study's text): every number it would change is played as a house rule alone
(the printed rules with only that banner or badge changed) on games the solver never
saw, and its measured win rate and 95% interval decide whether it lands on the fair
share. A number that misses is searched again, one whole number at a time towards the
fair share, each on fresh games of its own, until one lands, the rate jumps over the
fair share between two neighbours (no whole number lands), the box ends, or the tries
run out."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.model.limits import MAX_SEED
from analyzer.stats import logistic_at, wilson
from analyzer.studies.balance_curves import allowed_ids, set_tokens, token_range, with_changes
from analyzer.studies.balance_fit import KIND_CODE
from analyzer.studies.common import pct

PURPOSE_VERIFY = 0xBA1D  # the replays' seeds, apart from the solver's
WIDE = 0.10  # an interval wider than this (10 points) cannot tell a landing from a miss
LANDS, MISSES, TOO_FEW = "yes", "no", "too few games to tell"
NO_FIX = "no fix"  # search's verdict when the box's limit comes first (lands: "no")
VERIFIED_COLUMNS = ("kind", "name", "printed", "suggested", "games", "win_rate", "win_lo",
                    "win_hi", "fair", "lands", "note")  # fmt: skip


def fresh_seed(seed: int, kind: str, i: int, tokens: int) -> int:
    """The seed of one replay: a hash of the solver's seed, the item and its number,
    so each number tried plays games of its own that the solver never played."""
    state = np.random.SeedSequence([seed, PURPOSE_VERIFY, KIND_CODE[kind], i, tokens])
    value = int(state.generate_state(1, np.uint64)[0]) & MAX_SEED
    return value if value != seed else value ^ 1


def replay(player, tables, kind: str, i: int, tokens: int, gpc: int) -> dict:
    """The item's combos with `tokens` on its banner or badge, every other number
    printed, on fresh games: games, wins, rate and Wilson interval."""
    others = allowed_ids(tables, "power" if kind == "race" else "race")
    pairs = [(i, j) if kind == "race" else (j, i) for j in others]
    tab = with_changes(tables, **set_tokens(tables, kind, {i: tokens}))
    games, wins = player.on_seed(fresh_seed(player.seed, kind, i, tokens), gpc).totals(tab, pairs)
    lo, hi = wilson(wins, games)
    return {"tokens": tokens, "games": games, "wins": wins, "win_rate": wins / games,
            "win_lo": float(lo), "win_hi": float(hi)}  # fmt: skip


def verdict(m: dict, fair: float) -> str:
    if not m["win_lo"] <= fair <= m["win_hi"]:
        return MISSES
    return TOO_FEW if m["win_hi"] - m["win_lo"] > WIDE else LANDS


def _said(m: dict) -> str:
    return f"{m['tokens']} wins {pct(m['win_rate'])} ({pct(m['win_lo'])} to {pct(m['win_hi'])})"


def search(player, tables, row, fair: float, gpc: int, tries: int) -> tuple[dict, str, str]:
    """From the solver's number, replay and step towards the fair share while it
    misses: (the number kept, its verdict, a note naming every number tried). Where
    the box's limit comes before any number lands, the number kept is the printed
    one (a box limit is never a fix) and the verdict NO_FIX."""
    low, high = token_range(tables, row.kind, int(row.id))
    tried: dict[int, dict] = {}
    tokens, direction, stop = int(row.fit_suggested), 0, ""
    for _ in range(1 + tries):
        m = tried[tokens] = replay(player, tables, row.kind, int(row.id), tokens, gpc)
        if verdict(m, fair) != MISSES:
            break
        step = -1 if m["win_rate"] > fair else 1  # fewer tokens when it wins too often
        if direction and step != direction:
            stop = "jumped"
            break
        direction, tokens = step, tokens + step
        if tokens in tried:
            stop = "jumped"
            break
        if not low <= tokens <= high:
            stop = "box"
            break
    else:
        stop = "tries"
    found = [m for m in tried.values() if verdict(m, fair) != MISSES]
    best = found[0] if found else min(tried.values(), key=lambda m: abs(m["win_rate"] - fair))
    said = "; ".join(_said(m) for m in sorted(tried.values(), key=lambda m: m["tokens"]))
    if found:
        kept = verdict(best, fair)
        first = int(row.fit_suggested)
        note = f"replayed alone on fresh games: {said}"
        if best["tokens"] != first:
            note += f"; the solver's {first} missed, searched again"
        if kept == TOO_FEW:
            note += "; its interval is too wide to tell a landing from a miss"
        return best, kept, note
    if stop == "box":
        limit = low if direction < 0 else high
        note = f"no token number in the box fixes it: none lands up to its limit of {limit}"
        return {"tokens": int(row.printed)}, NO_FIX, f"{note}; {said}; left as printed"
    why = {
        "jumped": "no whole number lands within the interval: the rate jumps over the fair "
        "share between neighbouring numbers",
        "tries": f"none of the {len(tried)} numbers tried lands (more tries: --rounds)",
    }[stop]
    return best, MISSES, f"{why}; {said}; {best['tokens']} is nearest"


def verify(player, tables, table: pd.DataFrame, fair: float, gpc: int, tries: int):
    """Every race and power the solver would change, or cannot fix: one row of
    verified.csv each (VERIFIED_COLUMNS); and `table` with its one number per item
    (suggested) and that number's replay (verified_* columns, lands)."""
    table = table.copy()
    for col in ("verified_games", "verified_rate", "verified_lo", "verified_hi"):
        table[col] = np.nan
    table["lands"] = ""
    rows = []
    for k, row in zip(table.index, table.itertuples(), strict=True):
        base = {"kind": row.kind, "name": row.name, "printed": int(row.printed), "fair": fair}
        if not row.reaches_fair:
            table.loc[k, "lands"] = MISSES
            rows.append(base | {"suggested": int(row.printed), "games": 0, "win_rate": np.nan,
                                "win_lo": np.nan, "win_hi": np.nan, "lands": MISSES,
                                "note": row.note + "; not replayed"})  # fmt: skip
            continue
        if row.win_lo <= fair <= row.win_hi:
            continue  # fair already: nothing to verify
        best, kept, note = search(player, tables, row, fair, gpc, tries)
        if kept == NO_FIX:
            table.loc[k, ["suggested", "change", "reaches_fair", "lands"]] = (
                int(row.printed),
                0,
                False,
                MISSES,
            )
            table.loc[k, "note"] = note
            rows.append(base | {"suggested": int(row.printed), "games": 0, "win_rate": np.nan,
                                "win_lo": np.nan, "win_hi": np.nan, "lands": MISSES,
                                "note": note})  # fmt: skip
            continue
        table.loc[k, ["suggested", "change"]] = best["tokens"], best["tokens"] - row.printed
        table.loc[k, ["verified_games", "verified_rate", "verified_lo", "verified_hi"]] = (
            best["games"],
            best["win_rate"],
            best["win_lo"],
            best["win_hi"],
        )
        table.loc[k, "lands"] = kept
        if best["tokens"] == row.printed and kept != MISSES:
            table.loc[k, "note"] = "no change: the printed number lands when replayed"
        rows.append(base | {"suggested": best["tokens"], "games": best["games"],
                            "win_rate": best["win_rate"], "win_lo": best["win_lo"],
                            "win_hi": best["win_hi"], "lands": kept, "note": note})  # fmt: skip
    table["suggested"] = table.suggested.astype(int)
    table["change"] = table.change.astype(int)
    table["win_rate_suggested"] = [
        float(logistic_at((r.beta0, r.beta1), r.change)) for r in table.itertuples()
    ]
    return pd.DataFrame(rows, columns=list(VERIFIED_COLUMNS)), table
