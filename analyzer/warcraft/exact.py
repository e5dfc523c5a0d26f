"""The exact solver: a Markov chain over the battle's states.

A joint state is (attacker's state, defender's state), each a tuple of slot counts
(battle.py). Each phase is a step of the chain (two steps when Slow Poison makes one
side strike first); the end of the battle is checked after each phase. The chain is
stored as records, one per (joint state, attack outcome of each side): the state
before, the probability, and the casualties and 1s each side receives and rolls.
A side with a named policy turns its casualties into its next state through a table;
the best response chooses them (best_response).

Both engines stop at ROUND_CAP rounds; what is left then is reported as unresolved
(a battle where Heal cancels every hit can last forever)."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import numpy as np

from analyzer.errors import InputError, Problem
from analyzer.warcraft import abilities as ab
from analyzer.warcraft.battle import CLI, ROUND_CAP, Battle, SideModel
from analyzer.warcraft.policies import order

SETTLED = 1e-14  # stop once this little probability is still fighting
# The best response's tables: joint states x choices x opponent states it gathers over.
BEST_WORK_LIMIT = 30_000_000


class SideSpace:
    """Every state a side can reach, with its tables: attack outcomes per phase, the
    state after c casualties in a phase under its policy, the state after raising."""

    def __init__(self, model: SideModel, free: bool, max_hits: int):
        self.model = model
        self.free = free  # the best responder: every state below the start is reachable
        self.order = order(model.side)
        m = model
        if free:
            ranges = [range(v + 1) for v in m.init]
            if m.raise_into >= 0:
                g = m.raise_into
                ranges[2 * g] = range(m.raise_most + 1)
            states = [s for s in itertools.product(*ranges) if self._possible(s)]
        else:
            states = self._reach(max_hits)
        self.states = states
        self.index = {s: i for i, s in enumerate(states)}
        n = len(states)
        self.bf = np.array([m.battlefield(s) for s in states], np.int64)
        self.alive = np.array([sum(s) for s in states], np.int64)
        self.counts = np.array(states, np.int64).reshape(n, m.n_slots)
        self.max_ones = max(0, m.raise_most)
        self.rise = np.array(
            [[self.index[m.rise(s, o)] for o in range(self.max_ones + 1)] for s in states],
            np.int64,
        )
        # Outcomes of each state's attack per phase, as (hits, ones, probability).
        self.outcomes = [self._outcomes(p) for p in range(3)]
        if not free:
            self.take = [
                np.array(
                    [
                        [self.index[m.take(s, c, p, self.order)] for c in range(max_hits + 1)]
                        for s in states
                    ],
                    np.int64,
                )  # fmt: skip
                for p in range(3)
            ]

    def _possible(self, s) -> bool:
        m = self.model
        if m.raise_into < 0:
            return True
        g = m.raise_into
        return s[2 * g] + s[2 * g + 1] <= m.raise_most and s[2 * g + 1] <= m.init[2 * g + 1]

    def _reach(self, max_hits: int) -> list[tuple]:
        m, seen = self.model, {self.model.init}
        todo = [m.init]
        while todo:
            s = todo.pop()
            nxt = [m.take(s, c, p, self.order) for p in range(3) for c in range(1, max_hits + 1)]
            nxt += [m.rise(s, o) for o in range(1, max(0, m.raise_most) + 1)]
            for t in nxt:
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        return sorted(seen, reverse=True)

    def _outcomes(self, phase: int):
        rows = [self.model.attack(s, phase) for s in self.states]
        k = max(int(np.count_nonzero(r)) for r in rows)
        hits = np.zeros((len(rows), k), np.int64)
        ones = np.zeros((len(rows), k), np.int64)
        prob = np.zeros((len(rows), k))
        for i, r in enumerate(rows):
            h, o = np.nonzero(r)
            hits[i, : len(h)], ones[i, : len(h)], prob[i, : len(h)] = h, o, r[h, o]
        return hits, ones, prob

    def max_hits(self) -> int:
        return max(int(self.outcomes[p][0].max()) for p in range(3))


@dataclass
class Step:
    """One step of the chain: records of (source joint state, probability, and per
    side its state before, casualties received, 1s rolled)."""

    src: np.ndarray
    prob: np.ndarray
    x: tuple  # (attacker state, defender state) per record
    c: tuple
    o: tuple


@dataclass
class ExactResult:
    battle: Battle
    hold: np.ndarray  # [attacker, defender] chance to hold the battlefield alone
    empty: float  # the battlefield emptied by both
    unresolved: float  # still fighting after ROUND_CAP rounds
    wipe: np.ndarray  # chance that a side's every unit in the battle is killed
    survivors: list  # per side, expected survivors per group (battlefield + flanks)
    rounds: np.ndarray  # rounds[r - 1] = chance the battle ends in round r
    n_states: int
    seconds: float
    policies: tuple


class Chain:
    """The battle's chain for two sides, one of which may choose freely."""

    def __init__(self, battle: Battle, chooser: int | None = None):
        self.battle = battle
        models = [SideModel(s) for s in battle.sides]
        # The most casualties one phase can inflict: every die hits twice.
        dice = [sum(g.battlefield + g.flank for g in s.groups) + 2 for s in battle.sides]
        most = [2 * (d + max(0, m.raise_most)) for d, m in zip(dice, models, strict=True)]
        self.sides = [SideSpace(models[i], chooser == i, max(most[1 - i], 1)) for i in range(2)]
        self.chooser = chooser
        a, b = self.sides
        self.n = len(a.states) * len(b.states)
        self.nb = len(b.states)
        ja, jb = np.divmod(np.arange(self.n), self.nb)
        self.ja, self.jb = ja, jb
        bfa, bfb = a.bf[ja], b.bf[jb]
        self.terminal = (bfa == 0) | (bfb == 0)
        self.winner = np.where(bfb == 0, np.where(bfa > 0, 0, 2), 1)  # 2: empty
        self._steps: dict = {}
        self.modes = self._modes()

    # Slow Poison: which side strikes first in each phase, from the round's start.
    def _modes(self) -> np.ndarray:
        a, b = self.sides
        masks = []
        for me, them, jm, jt in ((a, b, self.ja, self.jb), (b, a, self.jb, self.ja)):
            pois = np.array([me.model.poisoners(s) for s in me.states], np.int64)
            dice = np.array(
                [[them.model.phase_dice(s, p) for p in range(3)] for s in them.states], np.int64
            )
            cache: dict = {}
            out = np.zeros(self.n, np.int64)
            for j in np.nonzero(pois[jm] > 0)[0]:
                key = (pois[jm[j]], *dice[jt[j]])
                if key not in cache:
                    cache[key] = ab.first_strike_mask(*key)
                out[j] = cache[key]
            masks.append(out)
        # Per phase: 0 together, 1 attacker first, 2 defender first (both: together).
        mode = np.zeros(self.n, np.int64)
        for p in range(3):
            fa, fb = (masks[0] >> p) & 1, (masks[1] >> p) & 1
            mode += (3**p) * np.where(fa > fb, 1, np.where(fb > fa, 2, 0))
        return mode

    def steps(self, phase: int, how: int) -> list[Step]:
        key = (phase, how)
        if key not in self._steps:
            if how == 0:
                self._steps[key] = [self._together(phase)]
            else:
                first = 0 if how == 1 else 1
                self._steps[key] = [self._one_way(phase, first), self._one_way(phase, 1 - first)]
        return self._steps[key]

    def _together(self, phase: int) -> Step:
        a, b = self.sides
        ha, oa, pa = a.outcomes[phase]
        hb, ob, pb = b.outcomes[phase]
        na, nb = len(a.states), len(b.states)
        shape = (na, nb, ha.shape[1], hb.shape[1])
        prob = (pa[:, None, :, None] * pb[None, :, None, :]).reshape(-1)
        keep = prob > 0
        ia = np.broadcast_to(np.arange(na)[:, None, None, None], shape).reshape(-1)[keep]
        ib = np.broadcast_to(np.arange(nb)[None, :, None, None], shape).reshape(-1)[keep]
        ca = np.broadcast_to(hb[None, :, None, :], shape).reshape(-1)[keep]
        cb = np.broadcast_to(ha[:, None, :, None], shape).reshape(-1)[keep]
        o_a = np.broadcast_to(oa[:, None, :, None], shape).reshape(-1)[keep]
        o_b = np.broadcast_to(ob[None, :, None, :], shape).reshape(-1)[keep]
        return Step(ia * nb + ib, prob[keep], (ia, ib), (ca, cb), (o_a, o_b))

    def _one_way(self, phase: int, hitter: int) -> Step:
        """The hitter attacks alone (Slow Poison's first strike, or the answer to it)."""
        hs, os_, ps = self.sides[hitter].outcomes[phase]
        n = [len(s.states) for s in self.sides]
        shape = (n[0], n[1], hs.shape[1])
        mine = (slice(None), None, slice(None)) if hitter == 0 else (None, slice(None), slice(None))
        prob = np.broadcast_to(ps[mine], shape).reshape(-1)
        keep = prob > 0
        ia = np.broadcast_to(np.arange(n[0])[:, None, None], shape).reshape(-1)[keep]
        ib = np.broadcast_to(np.arange(n[1])[None, :, None], shape).reshape(-1)[keep]
        hits = np.broadcast_to(hs[mine], shape).reshape(-1)[keep]
        ones = np.broadcast_to(os_[mine], shape).reshape(-1)[keep]
        zero = np.zeros_like(hits)
        c = (zero, hits) if hitter == 0 else (hits, zero)
        o = (ones, zero) if hitter == 0 else (zero, ones)
        return Step(ia * n[1] + ib, prob[keep], (ia, ib), c, o)

    def next_state(self, step: Step, side: int, phase: int, other=None, pick=None):
        """Each record's next state of one side: its policy's table, or the best
        response's pick (which may look at the other side's next state)."""
        sp = self.sides[side]
        if pick is None:
            after = sp.take[phase][step.x[side], step.c[side]]
        else:
            after = pick(step, other)
        return sp.rise[after, step.o[side]]

    def mode_groups(self, live: np.ndarray):
        """(how per phase, joint states) for each Slow Poison pattern among live states."""
        out = []
        for m in np.unique(self.modes[live]):
            hows = [(m // 3**p) % 3 for p in range(3)]
            out.append((hows, live & (self.modes == m)))
        return out


def solve(battle: Battle, chain: Chain | None = None, pick=None) -> ExactResult:
    """Win, hold and survivor chances and the rounds' distribution, exactly, with
    each side's named policy (or the chooser's pick, from best_response)."""
    started = time.perf_counter()
    ch = Chain(battle) if chain is None else chain
    v = np.zeros(ch.n)
    a0 = ch.sides[0].index[ch.sides[0].model.init]
    b0 = ch.sides[1].index[ch.sides[1].model.init]
    v[a0 * ch.nb + b0] = 1.0
    absorbed = np.zeros(ch.n)
    ends = []
    for _ in range(ROUND_CAP):
        out = np.zeros(ch.n)
        before = absorbed.sum()
        for hows, members in ch.mode_groups(v > 0):
            w = np.where(members, v, 0.0)
            for phase in range(3):
                for step in ch.steps(phase, hows[phase]):
                    w = _advance(ch, step, phase, w, pick)
                done = ch.terminal & (w > 0)
                absorbed[done] += w[done]
                w[done] = 0.0
            out += w
        v = out
        ends.append(absorbed.sum() - before)
        if v.sum() < SETTLED:
            break
    final = absorbed + v  # the unresolved mass keeps its state for the survivors
    hold = np.array([absorbed[ch.winner == k].sum() for k in (0, 1)])
    empty = absorbed[ch.terminal & (ch.winner == 2)].sum()
    a, b = ch.sides
    wipe = np.array([final[a.alive[ch.ja] == 0].sum(), final[b.alive[ch.jb] == 0].sum()])
    survivors = []
    for side, idx in ((a, ch.ja), (b, ch.jb)):
        per_slot = final @ side.counts[idx]
        survivors.append(per_slot[0::2] + per_slot[1::2])
    return ExactResult(
        battle, hold, float(empty), float(v.sum()), wipe, survivors, np.array(ends),
        ch.n, time.perf_counter() - started,
        tuple(s.policy for s in battle.sides),
    )  # fmt: skip


def _advance(ch: Chain, step: Step, phase: int, w: np.ndarray, pick) -> np.ndarray:
    mass = step.prob * w[step.src]
    live = mass > 0
    if not live.any():
        return np.zeros_like(w)
    sub = _subset(step, live)
    nb = ch.next_state(sub, 1, phase)
    if pick is not None and ch.chooser == 0:
        na = ch.next_state(sub, 0, phase, nb, pick[phase])
    else:
        na = ch.next_state(sub, 0, phase)
    if pick is not None and ch.chooser == 1:
        nb = ch.next_state(sub, 1, phase, na, pick[phase])
    return np.bincount(na * ch.nb + nb, weights=mass[live], minlength=ch.n)


def _subset(step: Step, keep: np.ndarray) -> Step:
    return Step(
        step.src[keep], step.prob[keep], tuple(x[keep] for x in step.x),
        tuple(c[keep] for c in step.c), tuple(o[keep] for o in step.o),
    )  # fmt: skip


def too_big(what: str, work: int) -> InputError:
    return InputError(
        Problem(
            CLI,
            "--best",
            what,
            f"the best response needs {work:,} table entries here, more than "
            f"{BEST_WORK_LIMIT:,}: give the chooser fewer units or groups, or leave --best out",
        )
    )
