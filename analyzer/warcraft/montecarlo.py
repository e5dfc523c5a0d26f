"""The compiled Monte Carlo: plays battles with each side's named policy, die by die
where a die's face matters (Area Attack, Raise Dead) and otherwise one draw of a
group's hits from their binomial law.

Each battle draws its dice from its own stream, seeded by (seed, battle number), and
battles are summed in fixed chunks: the same seed gives the same results whatever
the thread count. The ability rules are abilities.py's own functions, compiled here.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from math import comb

import numpy as np

from analyzer.compile_cache import checked_njit
from analyzer.warcraft import abilities as ab
from analyzer.warcraft.battle import MELEE, ROUND_CAP, Battle, SideModel
from analyzer.warcraft.policies import order

CHUNK = 4096  # battles per chunk: the unit of parallel work and of summing
MAX_GROUPS = 6  # 3 types x 2 players (a teammate)
MAX_SLOTS = 2 * MAX_GROUPS
# Per group: type, strength, area, heal, poison, bloodlust, player, raises (Raise Dead).
G_TYPE, G_STR, G_AREA, G_HEAL, G_POISON, G_LUST, G_PLAYER, G_RAISE = range(8)
# Per side: groups, the raising player (-1: none), its melee group, most melee units,
# and whether any group has Heal, Bloodlust or Slow Poison (to skip their loops).
S_GROUPS, S_RAISER, S_INTO, S_MOST, S_HEAL, S_LUST, S_POISON, S_ENSNARED = range(8)
# Outcome counters: attacker holds, defender holds, empty, unresolved, wipes.
O_A, O_B, O_EMPTY, O_OPEN, O_WIPE_A, O_WIPE_B = range(6)

MAX_DICE = 16  # groups of up to this many dice draw their hits at once


def _binomial_table() -> np.ndarray:
    """BINOMIAL[n, s, k]: the chance of at most k hits with n dice of Strength s, times
    2**32 (the last entry of each row is 2**32, so a draw always finds its k). Written
    from the binomial law directly, not from the exact solver's convolutions, so the
    two engines stay independent."""

    table = np.zeros((MAX_DICE + 1, 7, MAX_DICE + 1), np.uint64)
    for n in range(MAX_DICE + 1):
        for s in range(7):
            p = s / 6
            total = 0.0
            for k in range(MAX_DICE + 1):
                if k <= n:
                    total += comb(n, k) * p**k * (1 - p) ** (n - k)
                table[n, s, k] = 2**32 if k >= n else min(2**32, round(total * 2**32))
    return table


BINOMIAL = _binomial_table()
_die_hits = checked_njit(inline="always")(ab.die_hits)
_healed = checked_njit(inline="always")(ab.healed)
_bloodlust = checked_njit(inline="always")(ab.bloodlust_dice)
_raised = checked_njit(inline="always")(ab.raised)
_first = checked_njit(inline="always")(ab.first_strike_mask)


@checked_njit(inline="always")
def _next(x):
    # splitmix64: one multiply-xorshift step per draw, state in x[0]
    x[0] += np.uint64(0x9E3779B97F4A7C15)
    z = x[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@checked_njit(inline="always")
def _roll(x):
    """One die, 1 to 6. Each 64-bit draw gives two dice (its two 32-bit halves, each
    scaled to 0..5 by a multiply-shift); x[1] keeps the spare half (x[2] = 1 when held)."""
    if x[2]:
        x[2] = np.uint64(0)
        return np.int64((x[1] * np.uint64(6)) >> np.uint64(32)) + 1
    z = _next(x)
    x[1] = z & np.uint64(0xFFFFFFFF)
    x[2] = np.uint64(1)
    return np.int64(((z >> np.uint64(32)) * np.uint64(6)) >> np.uint64(32)) + 1


@checked_njit(inline="always")
def _binomial(x, cdf):
    """Hits of a group of plain dice: the first k whose cumulative chance, in 32-bit
    units, exceeds a uniform 32-bit draw."""
    u = _next(x) >> np.uint64(32)
    k = 0
    while u >= cdf[k]:
        k += 1
    return k


@checked_njit(inline="always")
def _alive(st, side, g):
    return st[side, 2 * g] + st[side, 2 * g + 1]


@checked_njit(inline="always")
def _has(st, side, G, S, field):
    for g in range(S[side, S_GROUPS]):
        if G[side, g, field] and _alive(st, side, g) > 0:
            return True
    return False


@checked_njit(inline="always")
def _healers(st, side, G, S):
    """Players of the side (at most two) with a unit with Heal in the battle."""
    n = 0
    for p in range(2):
        for g in range(S[side, S_GROUPS]):
            if G[side, g, G_HEAL] and G[side, g, G_PLAYER] == p and _alive(st, side, g) > 0:
                n += 1
                break
    return n


@checked_njit(inline="always")
def _dice(st, side, G, S, g):
    n = _alive(st, side, g)
    if not S[side, S_LUST]:
        return n
    lust = False
    for h in range(S[side, S_GROUPS]):
        if G[side, h, G_LUST] and G[side, h, G_PLAYER] == G[side, g, G_PLAYER]:
            if _alive(st, side, h) > 0:
                lust = True
    return _bloodlust(n, lust)


@checked_njit(inline="always")
def _phase_dice(st, side, G, S, phase):
    n = 0
    for g in range(S[side, S_GROUPS]):
        if G[side, g, G_TYPE] == phase:
            n += _dice(st, side, G, S, g)
    return n


@checked_njit(inline="always")
def _attack(st, side, G, S, phase, x, out):
    """Roll a side's attacks in a phase: out[0] casualties, out[1] 1s for Raise Dead."""
    counting = S[side, S_RAISER] >= 0 and _has(st, side, G, S, G_RAISE)
    hits = 0
    ones = 0
    for g in range(S[side, S_GROUPS]):
        if G[side, g, G_TYPE] != phase:
            continue
        n = _dice(st, side, G, S, g)
        mine = counting and G[side, g, G_PLAYER] == S[side, S_RAISER]
        if not mine and G[side, g, G_AREA] == 0 and n <= MAX_DICE:
            # Only the number of hits matters: one draw from its binomial law.
            hits += _binomial(x, BINOMIAL[n, G[side, g, G_STR]])
            continue
        for _ in range(n):
            r = _roll(x)
            hits += _die_hits(r, G[side, g, G_STR], G[side, g, G_AREA] != 0)
            if mine and r == 1:
                ones += 1
    out[0] = hits
    out[1] = ones


@checked_njit(inline="always")
def _take(st, side, G, S, order, casualties, phase):
    if casualties == 0:
        return
    c = _healed(casualties, _healers(st, side, G, S) if S[side, S_HEAL] else 0)
    for i in range(2 * S[side, S_GROUPS]):
        if c == 0:
            break
        slot = order[side, i]
        if phase == 2 and G[side, slot // 2, G_TYPE] == 1 and not S[side, S_ENSNARED]:
            continue  # flyers cannot be chosen in the melee phase
        k = min(c, st[side, slot])
        st[side, slot] -= k
        c -= k


@checked_njit(inline="always")
def _rise(st, side, S, ones):
    g = S[side, S_INTO]
    if ones > 0 and g >= 0:
        st[side, 2 * g] += _raised(ones, True, _alive(st, side, g), S[side, S_MOST])


@checked_njit(inline="always")
def _battlefield(st, side, S):
    n = 0
    for g in range(S[side, S_GROUPS]):
        n += st[side, 2 * g]
    return n


@checked_njit()
def _play(seed, battle, G, S, init, order, st, x, hit_a, hit_b, c, outcome, rounds, surv):
    # Counters are indexed by the chunk c here, not sliced by the caller: a slice per
    # battle is a new array view, which costs more than a short battle.
    x[0] = np.uint64(seed) * np.uint64(0xD1B54A32D192ED03) + np.uint64(battle)
    x[2] = np.uint64(0)
    _next(x)  # decorrelate neighbouring battles' streams
    st[:, :] = init
    result = O_OPEN
    r = 0
    while r < ROUND_CAP and result == O_OPEN:
        r += 1
        mask_a = 0
        mask_b = 0
        pa = 0
        pb = 0
        if S[0, S_POISON]:
            for g in range(S[0, S_GROUPS]):
                if G[0, g, G_POISON]:
                    pa += _alive(st, 0, g)
        if S[1, S_POISON]:
            for g in range(S[1, S_GROUPS]):
                if G[1, g, G_POISON]:
                    pb += _alive(st, 1, g)
        if pa > 0:
            mask_a = _first(pa, _phase_dice(st, 1, G, S, 0), _phase_dice(st, 1, G, S, 1),
                            _phase_dice(st, 1, G, S, 2))  # fmt: skip
        if pb > 0:
            mask_b = _first(pb, _phase_dice(st, 0, G, S, 0), _phase_dice(st, 0, G, S, 1),
                            _phase_dice(st, 0, G, S, 2))  # fmt: skip
        for phase in range(3):
            fa = (mask_a >> phase) & 1
            fb = (mask_b >> phase) & 1
            if fa == fb:  # together, as the rules have it (both first: together)
                _attack(st, 0, G, S, phase, x, hit_a)
                _attack(st, 1, G, S, phase, x, hit_b)
                _take(st, 0, G, S, order, hit_b[0], phase)
                _take(st, 1, G, S, order, hit_a[0], phase)
                _rise(st, 0, S, hit_a[1])
                _rise(st, 1, S, hit_b[1])
            else:
                first = 0 if fa > fb else 1
                for k in range(2):
                    side = first if k == 0 else 1 - first
                    _attack(st, side, G, S, phase, x, hit_a)
                    _take(st, 1 - side, G, S, order, hit_a[0], phase)
                    _rise(st, side, S, hit_a[1])
                    # A first strike that settles the battlefield ends the battle before
                    # the answer (ruling W2).
                    if _battlefield(st, 0, S) == 0 or _battlefield(st, 1, S) == 0:
                        break
            bfa = _battlefield(st, 0, S)
            bfb = _battlefield(st, 1, S)
            if bfa == 0 or bfb == 0:
                result = O_A if bfb == 0 and bfa > 0 else (O_B if bfa == 0 and bfb > 0 else O_EMPTY)
                break
    outcome[c, result] += 1
    for side in range(2):
        total = 0
        for g in range(S[side, S_GROUPS]):
            n = _alive(st, side, g)
            surv[c, side, g] += n
            total += n
        if total == 0:
            outcome[c, O_WIPE_A + side] += 1
    rounds[c, r if result != O_OPEN else 0] += 1


@checked_njit(nogil=True)
def _run(seed, n_battles, first, step, G, S, init, order, outcome, rounds, surv):
    """Chunks first, first + step, ... of the battles (one thread's share); without
    the GIL, so Python threads run them side by side (compiling numba's parallel
    loops would cost several seconds more)."""
    st = np.zeros((2, MAX_SLOTS), np.int64)
    x = np.zeros(3, np.uint64)
    hit_a = np.zeros(2, np.int64)
    hit_b = np.zeros(2, np.int64)
    for c in range(first, outcome.shape[0], step):
        stop = min(n_battles, (c + 1) * CHUNK)
        for battle in range(c * CHUNK, stop):
            _play(seed, battle, G, S, init, order, st, x, hit_a, hit_b, c, outcome, rounds, surv)


def pack(battle: Battle):
    """The battle as the kernel's arrays."""
    G = np.zeros((2, MAX_GROUPS, 8), np.int64)
    S = np.full((2, 8), -1, np.int64)
    init = np.zeros((2, MAX_SLOTS), np.int64)
    orders = np.zeros((2, MAX_SLOTS), np.int64)
    for i, side in enumerate(battle.sides):
        m = SideModel(side)
        if m.n_groups > MAX_GROUPS:
            raise ValueError(f"at most {MAX_GROUPS} groups a side")
        for g, grp in enumerate(side.groups):
            G[i, g] = (m.gtype[g], m.strength[g], m.area[g], m.heal[g], m.poison[g],
                       "Bloodlust" in grp.abilities, m.player[g], m.raise_groups[g])  # fmt: skip
        S[i] = (m.n_groups, m.raiser, m.raise_into, m.raise_most, m.heal.any(),
                m.lust_player.any(), m.poison.any(), m.ensnared)  # fmt: skip
        init[i, : m.n_slots] = m.init
        orders[i, : m.n_slots] = order(side)
    return G, S, init, orders


@dataclass
class MonteCarloResult:
    battle: Battle
    n: int
    seed: int
    outcome: np.ndarray  # counts: attacker holds, defender holds, empty, unresolved, wipes
    rounds: np.ndarray  # rounds[r] battles that ended in round r (0: unresolved)
    survivors: list  # per side, mean survivors per group
    seconds: float


def simulate(battle: Battle, n: int, seed: int, threads: int | None = None) -> MonteCarloResult:
    """n battles on `threads` threads (default: every core); the sums do not depend
    on the thread count."""
    G, S, init, orders = pack(battle)
    threads = max(1, threads or os.cpu_count() or 1)
    n_chunks = -(-n // CHUNK)
    outcome = np.zeros((n_chunks, 6), np.int64)
    rounds = np.zeros((n_chunks, ROUND_CAP + 1), np.int64)
    surv = np.zeros((n_chunks, 2, MAX_GROUPS), np.int64)
    started = time.perf_counter()
    args = (G, S, init, orders, outcome, rounds, surv)
    threads = min(threads, n_chunks)
    if threads == 1:
        _run(seed, n, 0, 1, *args)
    else:
        with ThreadPoolExecutor(threads) as pool:
            jobs = [pool.submit(_run, seed, n, t, threads, *args) for t in range(threads)]
            for job in jobs:
                job.result()
    seconds = time.perf_counter() - started
    total = surv.sum(axis=0)
    means = [total[i, : len(s.groups)] / n for i, s in enumerate(battle.sides)]
    return MonteCarloResult(
        battle, n, seed, outcome.sum(axis=0), rounds.sum(axis=0), means, seconds
    )


assert MELEE == 2  # _take's melee-phase test is written for this phase number
