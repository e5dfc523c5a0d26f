"""The exact solver: a Markov chain over the battle's states.

A joint state is (attacker's state, defender's state), each a tuple of slot counts
(battle.py). Each phase is a step of the chain (two steps when Slow Poison makes one
side strike first); the end of the battle is checked after each step. A side with a
named policy turns its casualties into its next state through a table, and a compiled
loop (_build_rows) turns every pair of attack outcomes into the step's transitions.
The best response (best_response) works on records instead, one per (joint state,
attack outcome of each side): the state before, the probability, and the casualties
and 1s each side receives and rolls, so that it can choose the casualties itself.

Both engines stop at ROUND_CAP rounds; what is left then is reported as unresolved
(a battle where Heal cancels every hit can last forever)."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import numpy as np

from analyzer.compile_cache import checked_njit
from analyzer.errors import InputError, Problem
from analyzer.warcraft import abilities as ab
from analyzer.warcraft.battle import CLI, MELEE, RANGED, ROUND_CAP, Battle, SideModel
from analyzer.warcraft.policies import order

SETTLED = 1e-14  # stop once this little probability is still fighting
# The best response's records (joint states x outcome pairs) and choice tables
# (records x choices) stay below this, or it is refused: memory and seconds grow with it.
BEST_WORK_LIMIT = 30_000_000


def _remove_one(m: SideModel, s: tuple, phase: int, order) -> tuple:
    """One casualty by the order, without Heal (the caller applies it once)."""
    for slot in order:
        if s[slot] and not m.shielded(slot, phase):
            s = list(s)
            s[slot] -= 1
            return tuple(s)
    return s


class SideSpace:
    """Every state a side can reach, with its tables: attack outcomes per phase, the
    state after c casualties in a phase under its policy, the state after raising."""

    def __init__(self, model: SideModel, free: bool):
        self.model = model
        self.free = free  # the best responder: every state below the start is reachable
        self.order = order(model.side)
        # More casualties than the side can ever have units, plus those Heal takes back
        # (one per healing player), act as that many: the take tables stop there and
        # next_state clips. (Clipping at the units alone let Heal save a unit from any
        # number of hits.)
        self.most = sum(model.init) + max(0, model.raise_most) + len(set(model.player))
        m = model
        if free:
            ranges = [range(v + 1) for v in m.init]
            if m.raise_into >= 0:
                g = m.raise_into
                ranges[2 * g] = range(m.raise_most + 1)
            states = [s for s in itertools.product(*ranges) if self._possible(s)]
        else:
            states = self._reach()
        self.states = states
        self.index = {s: i for i, s in enumerate(states)}
        n = len(states)
        self.bf = np.array([m.battlefield(s) for s in states], np.int64)
        self.alive = np.array([sum(s) for s in states], np.int64)
        self.counts = np.array(states, np.int64).reshape(n, m.n_slots)
        # Outcomes of each state's attack per phase, as (hits, ones, probability).
        self.outcomes = [self._outcomes(p) for p in range(3)]
        # A phase can roll more 1s than the reserve holds (ranged and flying dice count
        # too); raised() stops at the reserve.
        self.max_ones = max(int(self.outcomes[p][1].max()) for p in range(3))
        self.rise = np.array(
            [[self.index[m.rise(s, o)] for o in range(self.max_ones + 1)] for s in states],
            np.int64,
        )
        if not free:
            # The ranged and flying phases take casualties alike; the melee phase skips
            # flyers.
            other, melee = self._take_table(RANGED), self._take_table(MELEE)
            self.take = [other, other, melee]

    def _take_table(self, phase: int) -> np.ndarray:
        """take[state, c]: the state after c casualties under the side's policy. One
        casualty at a time along the policy's order (Heal's one-off reduction first),
        so the table costs a step per entry."""
        m = self.model
        table = np.zeros((len(self.states), self.most + 1), np.int64)
        for i, s in enumerate(self.states):
            healers = m.healers(s)
            chain = [i]
            cur = s
            for _ in range(self.most):
                cur = _remove_one(m, cur, phase, self.order)
                chain.append(self.index[cur])
            for c in range(self.most + 1):
                table[i, c] = chain[ab.healed(c, healers)]
        return table

    def choices(self, i: int, casualties: int, phase: int) -> list[int]:
        """Every state the chooser can leave after taking its casualties in a phase
        (Heal first; flyers not in the melee phase; hits beyond its units ignored)."""
        m, s = self.model, self.states[i]
        c = ab.healed(casualties, m.healers(s))
        slots = [k for k in range(m.n_slots) if not m.shielded(k, phase)]
        c = min(c, sum(s[k] for k in slots))
        out: set[int] = set()

        def walk(j: int, left: int, cur: list) -> None:
            if j == len(slots):
                if left == 0:
                    out.add(self.index[tuple(cur)])
                return
            k = slots[j]
            for r in range(min(left, s[k]) + 1):
                cur[k] -= r
                walk(j + 1, left - r, cur)
                cur[k] += r

        walk(0, c, list(s))
        return sorted(out)

    def _possible(self, s) -> bool:
        m = self.model
        if m.raise_into < 0:
            return True
        g = m.raise_into
        return s[2 * g] + s[2 * g + 1] <= m.raise_most and s[2 * g + 1] <= m.init[2 * g + 1]

    def _reach(self) -> list[tuple]:
        m, seen = self.model, {self.model.init}
        todo = [m.init]
        while todo:
            s = todo.pop()
            nxt = [
                m.take(s, c, p, self.order)
                for p in (RANGED, MELEE)
                for c in range(1, self.most + 1)
            ]
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
        self.sides = [SideSpace(SideModel(s), chooser == i) for i, s in enumerate(battle.sides)]
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

    def rows(self, phase: int, how: int, i: int):
        """Step i of a phase fought this way, both sides keeping their named policies,
        as a transition matrix grouped by source state (built once, compiled)."""
        key = ("rows", phase, how, i)
        if key not in self._steps:
            a, b = self.sides
            if how == 0:
                hitters = (0, 1)
            else:
                first = 0 if how == 1 else 1
                hitters = (first,) if i == 0 else (1 - first,)
            mine = [
                (sp.outcomes[phase] if k in hitters else _no_attack(len(sp.states)))
                for k, sp in enumerate(self.sides)
            ]
            self._steps[key] = _build_rows(
                self.nb, *mine[0], *mine[1], a.take[phase], a.rise, a.most, b.take[phase],
                b.rise, b.most,
            )  # fmt: skip
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

    def next_state(self, step: Step, side: int, phase: int) -> np.ndarray:
        """Each record's next state of a side with a named policy."""
        sp = self.sides[side]
        c = np.minimum(step.c[side], sp.most)
        return sp.rise[sp.take[phase][step.x[side], c], step.o[side]]

    def mode_groups(self, live: np.ndarray):
        """(how per phase, joint states) for each Slow Poison pattern among live states."""
        out = []
        for m in np.unique(self.modes[live]):
            hows = [(m // 3**p) % 3 for p in range(3)]
            out.append((int(m), hows, live & (self.modes == m)))
        return out


def solve(battle: Battle, chain: Chain | None = None, fixed: dict | None = None) -> ExactResult:
    """Win, hold and survivor chances and the rounds' distribution, exactly, with
    each side's named policy (or, with `fixed`, the best response's transitions)."""
    started = time.perf_counter()
    ch = Chain(battle) if chain is None else chain
    v = np.zeros(ch.n)
    a0 = ch.sides[0].index[ch.sides[0].model.init]
    b0 = ch.sides[1].index[ch.sides[1].model.init]
    v[a0 * ch.nb + b0] = 1.0
    absorbed = np.zeros(ch.n)
    ends = []
    for _ in range(ROUND_CAP):
        before = absorbed.sum()
        # One distribution per Slow Poison pattern of the round, keyed by the ways the
        # phases still to come are fought; patterns merge once their futures agree.
        parts = {}
        for _m, hows, members in ch.mode_groups(v > 0):
            parts[tuple(hows)] = np.where(members, v, 0.0)
        for phase in range(3):
            merged_parts: dict = {}
            for rest, w in parts.items():
                for i in range(1 if rest[0] == 0 else 2):
                    if fixed is None:
                        w = _step(*ch.rows(phase, rest[0], i), w)
                    else:
                        w = _step(*fixed[(rest, phase, i)], w)
                    # The end is checked whenever casualties have been removed: after
                    # a phase, and after a first strike (ruling W2).
                    done = ch.terminal & (w > 0)
                    absorbed[done] += w[done]
                    w[done] = 0.0
                key = rest[1:]
                merged_parts[key] = merged_parts[key] + w if key in merged_parts else w
            parts = merged_parts
        out = parts[()]
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


def _no_attack(n: int):
    """The outcomes of a side that does not roll in a step: no hits, no 1s, surely."""
    return np.zeros((n, 1), np.int64), np.zeros((n, 1), np.int64), np.ones((n, 1))


@checked_njit()
def _build_rows(nb, ha, oa, pa, hb, ob, pb, take_a, rise_a, most_a, take_b, rise_b, most_b):
    """(row pointers, destinations, probabilities) of a step from every joint state:
    each pair of attack outcomes sends the state to the one the policies and Raise
    Dead give; outcomes reaching the same state are summed in a scratch row."""
    na = ha.shape[0]
    n = na * nb
    scratch = np.zeros(n)
    touched = np.empty(n, np.int64)
    rowptr = np.zeros(n + 1, np.int64)
    for rnd in range(2):  # count, then fill
        if rnd == 1:
            dst = np.empty(rowptr[n], np.int64)
            prob = np.empty(rowptr[n])
        for j in range(n):
            a = j // nb
            b = j - a * nb
            used = 0
            for k in range(ha.shape[1]):
                if pa[a, k] == 0.0:
                    continue
                b_after = take_b[b, min(ha[a, k], most_b)]
                for m in range(hb.shape[1]):
                    if pb[b, m] == 0.0:
                        continue
                    a2 = rise_a[take_a[a, min(hb[b, m], most_a)], oa[a, k]]
                    b2 = rise_b[b_after, ob[b, m]]
                    d = a2 * nb + b2
                    if scratch[d] == 0.0:
                        touched[used] = d
                        used += 1
                    scratch[d] += pa[a, k] * pb[b, m]
            if rnd == 0:
                rowptr[j + 1] = rowptr[j] + used
            else:
                start = rowptr[j]
                for t in range(used):
                    dst[start + t] = touched[t]
                    prob[start + t] = scratch[touched[t]]
            for t in range(used):
                scratch[touched[t]] = 0.0
    return rowptr, dst, prob


def _rows(src, dst, prob, n: int):
    """Triples grouped by source (row pointers), for _step."""
    by = np.argsort(src, kind="stable")
    src, dst, prob = src[by], dst[by], prob[by]
    return np.searchsorted(src, np.arange(n + 1)), dst, prob


@checked_njit()
def _step(rowptr, dst, prob, w):
    """w times the step's transition matrix, visiting only states that hold mass: most
    joint states hold none in a given phase."""
    out = np.zeros_like(w)
    for s in range(w.shape[0]):
        m = w[s]
        if m == 0.0:
            continue
        for k in range(rowptr[s], rowptr[s + 1]):
            out[dst[k]] += prob[k] * m
    return out


@dataclass
class BestResponse:
    chooser: int
    value: float  # the chance to hold the battlefield with the best casualty choices
    result: ExactResult  # the battle played with them (survivors, rounds)
    rounds: int  # value-iteration rounds until the values settled
    seconds: float


def best_response(battle: Battle, chooser: int) -> BestResponse:
    """The casualty choices that maximise one side's chance to hold the battlefield
    alone, against the other side's named policy, by dynamic programming over the
    joint states: at each casualty the chooser knows both sides' rolls, as the
    rulebook's alternate removal (defender first) lets it see what the other side
    removes. Value iteration over rounds, as many as the battle's round cap."""
    started = time.perf_counter()
    ch = Chain(battle, chooser)
    me = ch.sides[chooser]
    # Refuse before building the records: one per joint state and pair of outcomes.
    records = ch.n * max(
        ch.sides[0].outcomes[p][0].shape[1] * ch.sides[1].outcomes[p][0].shape[1] for p in range(3)
    )
    if records > BEST_WORK_LIMIT:
        raise too_big(me.model.side.name, records)
    term = np.where(ch.terminal & (ch.winner == chooser), 1.0, 0.0)
    patterns = ch.mode_groups(~ch.terminal)
    tables = {}
    for _m, hows, _ in patterns:
        for phase in range(3):
            for i, step in enumerate(ch.steps(phase, hows[phase])):
                if (hows[phase], phase, i) not in tables:
                    tables[(hows[phase], phase, i)] = _choice_table(ch, me, step, phase)
    v = term.copy()
    rounds = 0
    while rounds < ROUND_CAP:
        rounds += 1
        new = term.copy()
        for _m, hows, members in patterns:
            u = _back_round(ch, tables, hows, v, term)
            new[members] = u[members]
        change = np.abs(new - v).max()
        v = new
        if change < SETTLED:
            break
    fixed = {}
    for _m, hows, _ in patterns:
        ends = _phase_ends(ch, tables, hows, v, term)
        for phase in range(3):
            for i in range(len(ch.steps(phase, hows[phase]))):
                src, prob, dst = tables[(hows[phase], phase, i)]
                best = ends[(phase, i)][dst].argmax(axis=1)
                # The best choice depends on the phases still to come, like the parts
                # of solve().
                fixed[(tuple(hows[phase:]), phase, i)] = _rows(
                    src, dst[np.arange(len(dst)), best], prob, ch.n
                )
    result = solve(battle, ch, fixed)
    a0 = ch.sides[0].index[ch.sides[0].model.init]
    b0 = ch.sides[1].index[ch.sides[1].model.init]
    value = float(v[a0 * ch.nb + b0])
    return BestResponse(chooser, value, result, rounds, time.perf_counter() - started)


def _choice_table(ch: Chain, me: SideSpace, step: Step, phase: int):
    """(source, probability, destination per choice) of a step's records, merged:
    the chooser's every way to take its casualties, the other side's policy's one."""
    side = ch.chooser
    other = ch.next_state(step, 1 - side, phase)
    x, c, o = step.x[side], step.c[side], step.o[side]
    cmax = int(c.max()) + 1
    keys, u = np.unique(x * cmax + c, return_inverse=True)
    choices = [me.choices(int(k // cmax), int(k % cmax), phase) for k in keys]
    width = max(len(ch_) for ch_ in choices)
    work = len(step.src) * width
    if work > BEST_WORK_LIMIT:
        raise too_big(me.model.side.name, work)
    table = np.array([ch_ + [ch_[0]] * (width - len(ch_)) for ch_ in choices], np.int64)
    n_o = me.rise.shape[1]
    comb = ((step.src * len(keys) + u) * n_o + o) * len(ch.sides[1 - side].states) + other
    uniq, inverse = np.unique(comb, return_inverse=True)
    prob = np.bincount(inverse, weights=step.prob)
    rest, other_r = np.divmod(uniq, len(ch.sides[1 - side].states))
    rest, o_r = np.divmod(rest, n_o)
    src, u_r = np.divmod(rest, len(keys))
    mine = me.rise[table[u_r], o_r[:, None]]
    dst = mine * ch.nb + other_r[:, None] if side == 0 else other_r[:, None] * ch.nb + mine
    return src, prob, dst


def _phase_ends(ch: Chain, tables, hows, v, term) -> dict:
    """The values at the end of each step of a round with these Slow Poison modes."""
    ends = {}
    u = v
    for phase in (2, 1, 0):
        steps = ch.steps(phase, hows[phase])
        for i in range(len(steps) - 1, -1, -1):
            u = np.where(ch.terminal, term, u)  # the end is checked after every step
            ends[(phase, i)] = u
            src, prob, dst = tables[(hows[phase], phase, i)]
            u = np.bincount(src, weights=prob * u[dst].max(axis=1), minlength=ch.n)
    ends["start"] = u
    return ends


def _back_round(ch: Chain, tables, hows, v, term) -> np.ndarray:
    return _phase_ends(ch, tables, hows, v, term)["start"]


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
