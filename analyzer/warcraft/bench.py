"""`analyzer battle-bench`: the exact solver's time on the largest battle the rules
allow a side (10 melee, 7 ranged and 4 flying units, 3 in the battlefield), and the
Monte Carlo's battles per second on a typical battle and on that largest one."""

from __future__ import annotations

import time

from analyzer.warcraft.battle import Battle, Side, parse_army
from analyzer.warcraft.exact import solve
from analyzer.warcraft.montecarlo import simulate

LARGEST = (
    "1 melee s3, 9 melee s3 flank, 1 ranged s2, 6 ranged s2 flank, 1 flying s3, 3 flying s3 flank"
)
EVERY = (
    "1 melee s5 +area +raise, 5 melee s5 +area +raise flank, 1 ranged s2 +heal +poison, "
    "6 ranged s2 +heal +poison flank, 1 flying s3 +bloodlust, 3 flying s3 +bloodlust flank"
)
# A battle as the rulebook's example has it: a few units in the battlefield, more in
# the flanks.
TYPICAL = (
    "1 melee s2, 5 melee s2 flank, 1 ranged s2 flank, 1 flying s3 flank",
    "1 melee s2, 2 ranged s3, 2 flying s3 flank",
)
VARIANTS = {
    "no abilities": (LARGEST, LARGEST),
    "Area Attack + Bloodlust": (LARGEST.replace("melee s3", "melee s5 +area +bloodlust"), LARGEST),
    "Heal + Slow Poison": (LARGEST.replace("ranged s2", "ranged s2 +heal +poison"), LARGEST),
    "Raise Dead": (LARGEST.replace("melee s3", "melee s3 +raise").replace(", 9 melee", ", 5 melee"),
                   LARGEST),
    # The slowest case found: every ability on both sides (Raise Dead on one), both
    # protecting their battlefield, 100 rounds (Heal makes the battle drag on).
    "every ability, protect": (EVERY, EVERY.replace(" +raise", "")),
}  # fmt: skip
POLICY = {"every ability, protect": "protect"}


def battle_of(a: str, b: str, policy: str = "cheapest") -> Battle:
    return Battle((Side("A", parse_army(a, "A", "bench"), policy),
                   Side("B", parse_army(b, "B", "bench"), policy)))  # fmt: skip


def run_bench(games: int, threads: int) -> list[str]:
    lines = [f"Threads: {threads}"]
    solve(battle_of("1 melee s3", "1 melee s3"))  # load (or compile) the solver's loops
    for name, (a, b) in VARIANTS.items():
        started, cpu = time.perf_counter(), time.process_time()
        r = solve(battle_of(a, b, POLICY.get(name, "cheapest")))
        lines.append(
            f"Exact solver, largest battle ({name}): {time.perf_counter() - started:.2f} s "
            f"({time.process_time() - cpu:.2f} CPU-s; {r.n_states:,} joint states, "
            f"{len(r.rounds)} rounds)"
        )
    for name, (a, b) in (("typical battle", TYPICAL), ("largest battle", (LARGEST, LARGEST))):
        battle = battle_of(a, b)
        simulate(battle, 10_000, 1, threads)  # warm-up (compiles on a first run)
        best = min(simulate(battle, games, 1, threads).seconds for _ in range(3))
        # CPU time of one thread: what other work on a shared machine cannot slow down.
        started = time.process_time()
        simulate(battle, games, 1, 1)
        cpu = time.process_time() - started
        lines.append(
            f"Monte Carlo, {name}: {games / best:,.0f} battles/s on {threads} threads "
            f"(best of 3 x {games:,}); {games / cpu:,.0f} battles per CPU-second on one thread"
        )
    lines.append(
        "Wall-clock rates fall when other work shares the cores (see `uptime`); the "
        "CPU-second rate does not."
    )
    return lines
