"""One checker for every printed "estimate (lo to hi)": what a user reads must never
hold an impossible interval. An interval must lie within the possible range of its
unit (a rate 0% to 100%, a difference of rates -100 to +100 points, a rank correlation
-1 to 1), hold its estimate and have width; where the games cannot support one the
text says "too few games for an interval"; no "nan" or "inf" anywhere."""

from __future__ import annotations

import html
import re

NUM = r"[+\-−]?\d[\d,]*(?:\.\d+)?"
UNIT = r"(?:\s?(?:%|pp|pts|points|VC))?"
# "est (lo to hi)", "est (95% lo to hi)", "est (paired 95% lo to hi, ...)", with units.
ESTIMATE = re.compile(
    rf"(?P<rho>ρ\s*=?\s*)?(?P<est>{NUM})(?P<eu>{UNIT})\s*\((?:[A-Za-z ]*95%:?\s*)?"
    rf"(?P<lo>{NUM})(?P<lu>{UNIT}) to (?P<hi>{NUM})(?P<hu>{UNIT})(?=[,;)\s])"
)
# Any "lo to hi" pair with a unit on its ends, estimate or not.
BARE = re.compile(
    rf"(?<![\w.])(?P<lo>{NUM})(?P<lu>\s?(?:%|pp|pts))? to (?P<hi>{NUM})(?P<hu>\s?(?:%|pp|pts))"
)
NOT_A_NUMBER = re.compile(r"(?<![\w-])(nan|inf|-inf)(?![\w-])", re.IGNORECASE)
TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.DOTALL)


def number(text: str) -> float:
    return float(text.replace("−", "-").replace(",", ""))


def possible_range(unit: str, signed: bool, rho: bool) -> tuple[float, float] | None:
    unit = unit.strip()
    if rho:
        return -1.0, 1.0
    if unit == "%" and not signed:
        return 0.0, 100.0
    if unit in ("%", "pp", "pts", "points"):
        return -100.0, 100.0
    return None


def readable(text: str) -> str:
    """The words of an HTML page (tags, scripts and styles left out) or text as is."""
    if "<html" not in text[:500].lower():
        return text
    return html.unescape(TAG.sub(" ", text))


def impossible_numbers(text: str) -> list[str]:
    """Every impossible number the text prints, each with its context."""
    text = readable(text)
    found = []

    def where(m):
        return text[max(0, m.start() - 60) : m.end() + 10].replace("\n", " ")

    for m in ESTIMATE.finditer(text):
        est, lo, hi = number(m["est"]), number(m["lo"]), number(m["hi"])
        unit = m["lu"] or m["hu"] or m["eu"]
        signed = any(s in m[0] for s in "+-−") or "pp" in unit
        problem = None
        if not lo < hi:
            problem = "no width"
        elif not lo <= est <= hi:
            problem = "does not hold its estimate"
        else:
            span = possible_range(
                unit, signed and lo < 0 or "pp" in unit or "pts" in unit, bool(m["rho"])
            )
            if span and not (span[0] <= lo and hi <= span[1]):
                problem = "outside the possible range"
        if problem:
            found.append(f"{problem}: …{where(m)}…")
    for m in BARE.finditer(text):
        if text[max(0, m.start() - 5) : m.start()].endswith("from "):
            continue  # "from 28.3% to 22.9%": a change, not an interval
        lo, hi = number(m["lo"]), number(m["hi"])
        unit = m["hu"] or ""
        signed = m["lo"][0] in "+-−" or unit.strip() in ("pp", "pts")
        span = possible_range(unit, signed, False)
        if not lo < hi:
            found.append(f"no width: …{where(m)}…")
        elif span and not (span[0] <= lo and hi <= span[1]):
            found.append(f"outside the possible range: …{where(m)}…")
    for m in NOT_A_NUMBER.finditer(text):
        found.append(f"not a number: …{where(m)}…")
    return sorted(set(found))
