"""The exact battle solver against its own Monte Carlo over many generated battles:
with no ability, with each of the five abilities, with Web and with teammates. The
two engines share only the ability functions (abilities.py), so a disagreement
beyond the Monte Carlo's interval is a bug in one of them.

Deterministic: hypothesis is derandomized and the Monte Carlo seed is fixed, so a
run either always passes or always fails. The tests are still honest ones, at a
Bonferroni-corrected level for every comparison in this file (family-wise error
1e-3): each rate by an exact two-sided binomial test (the exact chance outside the
Clopper-Pearson interval of the Monte Carlo count), and each mean survivors by
Hoeffding's bound, so a failure is a disagreement, not bad luck. (A Wilson interval
at so extreme a level is too narrow for rare events: 3 empty battlefields in 6,000
against an exact 1.7e-5 fell outside it.)"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.errors import InputError
from analyzer.warcraft.battle import Battle, Group, Side, SideModel, check_battle
from analyzer.warcraft.exact import solve
from analyzer.warcraft.montecarlo import simulate
from analyzer.warcraft.policies import POLICIES
from analyzer.warcraft.units import ABILITIES, TYPES

CASES = ("none", *ABILITIES, "web", "team")
EXAMPLES = 24  # battles per case
BATTLES = 6000  # Monte Carlo battles per generated battle
# hold A, hold B, empty, unresolved, wipe A, wipe B, and about four survivor means.
COMPARISONS = len(CASES) * EXAMPLES * 10
FAMILY = 1e-3
ALPHA = FAMILY / COMPARISONS  # each test's level


def binomial_tails(k: int, n: int, p: float) -> tuple[float, float]:
    """P(X <= k) and P(X >= k) for X ~ Binomial(n, p), from the log pmf's recurrence
    (no scipy here)."""
    if p <= 0.0:
        return 1.0, float(k == 0)
    if p >= 1.0:
        return float(k == n), 1.0
    j = np.arange(n)
    steps = np.log((n - j) / (j + 1)) + np.log(p / (1 - p))
    log_pmf = np.concatenate(([n * np.log1p(-p)], n * np.log1p(-p) + np.cumsum(steps)))
    pmf = np.exp(log_pmf - log_pmf.max())
    total = pmf.sum()
    return float(pmf[: k + 1].sum() / total), float(pmf[k:].sum() / total)


@st.composite
def sides(draw, name: str, case: str, force: bool) -> Side:
    """One side: one player, or two in a team, with up to three groups, 1 to 3
    units in the battlefield and at most 6 in all (the exact chain stays small)."""
    allowed = [] if case == "none" else list(ABILITIES)
    team = case == "team" or (case != "Slow Poison" and draw(st.integers(0, 4)) == 0)
    players = [name, f"{name} ally"] if team else [name]
    kinds = draw(
        st.lists(st.tuples(st.sampled_from(players), st.sampled_from(TYPES)),
                 min_size=1, max_size=3, unique=True)
    )  # fmt: skip
    groups = []
    for i, (player, type_) in enumerate(kinds):
        abilities = set(draw(st.sets(st.sampled_from(allowed), max_size=2))) if allowed else set()
        if force and i == 0 and case in ABILITIES:
            abilities.add(case)
        bf = draw(st.integers(0, 3))
        fl = draw(st.integers(0, 2))
        groups.append(Group(player, type_, draw(st.integers(1, 6)),
                            tuple(a for a in ABILITIES if a in abilities), bf, fl,
                            draw(st.one_of(st.none(), st.integers(1, 4)))))  # fmt: skip
    # Raise Dead: one player a side, who needs a melee group (possibly of 0 units).
    raisers = [g.player for g in groups if "Raise Dead" in g.abilities]
    for k, g in enumerate(groups):
        if "Raise Dead" in g.abilities and g.player != raisers[0]:
            groups[k] = Group(g.player, g.type, g.strength,
                              tuple(a for a in g.abilities if a != "Raise Dead"),
                              g.battlefield, g.flank, g.cost)  # fmt: skip
    if raisers and not any(g.player == raisers[0] and g.type == "melee" for g in groups):
        groups.append(Group(raisers[0], "melee", draw(st.integers(1, 6)), (), 0, 0, None))
    # Slow Poison: a poisoner's teammate in the battle is refused (ruling W15).
    if len({g.player for g in groups}) > 1:
        groups = [Group(g.player, g.type, g.strength,
                        tuple(a for a in g.abilities if a != "Slow Poison"), g.battlefield,
                        g.flank, g.cost) for g in groups]  # fmt: skip
    reserve = draw(st.integers(0, 3)) if raisers else None
    policy = draw(st.sampled_from(list(POLICIES)))
    return Side(name, tuple(groups), policy, reserve, draw(st.booleans()) and case == "web")


@st.composite
def battles(draw, case: str) -> Battle:
    a = draw(sides("A", case, True))
    b = draw(sides("B", case, draw(st.booleans())))
    return Battle((a, b))


def usable(battle: Battle) -> bool:
    try:
        check_battle(battle)
    except InputError:
        return False
    return all(s.units() <= 6 for s in battle.sides)  # check_battle: 1 to 3 in the battlefield


def agree(battle: Battle) -> None:
    exact = solve(battle)
    mc = simulate(battle, BATTLES, seed=20261125, threads=1)
    n = mc.n
    rates = (
        ("attacker holds", exact.hold[0], mc.outcome[0]),
        ("defender holds", exact.hold[1], mc.outcome[1]),
        ("empty", exact.empty, mc.outcome[2]),
        ("unresolved", exact.unresolved, mc.outcome[3]),
        ("attacker wiped", exact.wipe[0], mc.outcome[4]),
        ("defender wiped", exact.wipe[1], mc.outcome[5]),
    )
    for what, p, count in rates:
        low, high = binomial_tails(int(count), n, min(1.0, max(0.0, float(p))))
        assert min(low, high) >= ALPHA / 2, (what, float(p), int(count), n, low, high)
    # Mean survivors per group: each battle's count lies in [0, most], so Hoeffding's
    # bound holds whatever the law.
    alpha = ALPHA
    for i, side in enumerate(battle.sides):
        m = SideModel(side)
        for g, grp in enumerate(side.groups):
            most = grp.battlefield + grp.flank
            if g == m.raise_into:
                most = m.raise_most
            bound = most * np.sqrt(np.log(2 / alpha) / (2 * n))
            assert abs(mc.survivors[i][g] - exact.survivors[i][g]) <= bound + 1e-9, (
                side.name,
                grp.name,
                mc.survivors[i][g],
                exact.survivors[i][g],
                bound,
            )
    assert exact.hold.sum() + exact.empty + exact.unresolved == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("case", CASES)
def test_exact_solver_agrees_with_monte_carlo(case):
    slow = [HealthCheck.too_slow, HealthCheck.filter_too_much]

    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=slow)  # fmt: skip
    @given(battles(case).filter(usable))
    def check(battle):
        if case in ABILITIES:
            assert any(case in g.abilities for g in battle.sides[0].groups)
        if case == "none":
            assert not any(g.abilities for s in battle.sides for g in s.groups)
        agree(battle)

    check()
