"""Hand-made positions of the original game (see tests/builder.py for SWoW's):
a small map laid out by hand, races and pieces put on it, then one engine
kernel called on `pos.g` and `pos.t`.

    pos = ClassicPosition()
    a = pos.region("Farmland", "Border", "Lost Tribe")
    b = pos.region("Hill", neighbours=[a])
    pos.give(0, AMAZONS, BERSERK, hand=10)
    pos.targets(0)   # {a: 3}
"""

from __future__ import annotations

from functools import cache

import numpy as np
from classic_kernels import compute_targets, init_streams

from analyzer.engine import layout as L
from analyzer.engine.api import engine_tables
from analyzer.engine.state import MAX_LOG, new_game
from analyzer.players.params import N_POLICY_PARAMS, POLICY_NAMES, default_vector
from analyzer.rulesets.classic import ids
from analyzer.rulesets.classic.tables import classic_tables

SYMBOL = {
    "Magic Source": L.SYM_MAGIC,
    "Cavern": L.SYM_CAVERN,
    "Lost Tribe": L.SYM_LOST_TRIBE,
    "Mine": L.SYM_MINE,
    "Border": L.SYM_BORDER_ENTRY,
    "Coastal": L.SYM_COASTAL,
}
NO_POWER = -1


@cache
def base_tables():
    return engine_tables(classic_tables())


class ClassicPosition:
    def __init__(self, n_players=3, die_faces=None, log=False, seed=1):
        t = base_tables()
        if die_faces is not None:
            params = t.params.copy()
            params[L.PAR_DIE_FACES : L.PAR_DIE_FACES + 6] = die_faces
            t = t._replace(params=np.ascontiguousarray(params, np.int64))
        self.t = t
        self.g = g = new_game(N_POLICY_PARAMS, MAX_LOG if log else 1)
        init_streams(seed, 0, g.rng)
        g.gst[L.G_PLAYERS] = n_players
        g.gst[L.G_ROUND] = 2
        g.gst[L.G_ROUNDS] = 9
        g.gst[L.G_NBOARDS] = 1
        g.gst[L.G_LOG_ON] = 1 if log else 0
        for p in range(L.MAX_PLAYERS):
            g.ply[p, L.P_COINS] = 5 if p < n_players else 0
            for col in (L.P_RACE, L.P_POWER, L.P_DECLINE_RACE, L.P_DECLINE_POWER):
                g.ply[p, col] = -1
            g.ply[p, L.P_INSTANCE] = -1
            g.ply[p, L.P_DECLINE_INSTANCE] = -1
            g.ply[p, L.P_SPIRIT_RACE] = -1
            g.ply[p, L.P_SPIRIT_INSTANCE] = -1
            if p < n_players:
                self.policy(p, "heuristic")

    def region(self, terrain="Farmland", *symbols, neighbours=()):
        g = self.g
        r = int(g.gst[L.G_NREG])
        g.gst[L.G_NREG] = r + 1
        g.board[r, L.B_TERRAIN] = ids.TERRAINS.index(terrain)
        bits = sum(SYMBOL[s] for s in symbols)
        if terrain == "Mountain":
            bits |= L.SYM_MOUNTAIN
            g.reg[r, L.R_MOUNTAIN] = 1
        g.board[r, L.B_SYMBOLS] = bits
        g.board[r, L.B_DEGREE] = 0
        self.empty(r)
        for nb in neighbours:
            self.link(r, nb)
        if "Lost Tribe" in symbols:
            g.reg[r, L.R_RACE] = L.LOST_TRIBES
            g.reg[r, L.R_DECLINE] = 1
            g.reg[r, L.R_TOKENS] = 1
        return r

    def link(self, a, b):
        g = self.g
        for x, y in ((a, b), (b, a)):
            d = g.board[x, L.B_DEGREE]
            if y in [int(v) for v in g.adj[x, :d]]:
                continue
            g.adj[x, d] = y
            g.board[x, L.B_DEGREE] = d + 1

    def empty(self, r):
        reg = self.g.reg
        reg[r, L.R_PLAYER] = -1
        reg[r, L.R_RACE] = -1
        reg[r, L.R_DECLINE] = 0
        reg[r, L.R_TOKENS] = 0

    def give(self, player, race, power=NO_POWER, hand=0, decline=False):
        g = self.g
        i = int(g.gst[L.G_NINST])
        g.gst[L.G_NINST] = i + 1
        g.inst[i, :] = 0
        g.inst[i, L.I_SEAT] = player
        g.inst[i, L.I_RACE] = race
        g.inst[i, L.I_POWER] = power
        g.inst[i, L.I_ROUND_PICKED] = g.gst[L.G_ROUND] - 1
        g.inst[i, L.I_ROUND_DECLINED] = -1
        if decline:
            g.ply[player, L.P_DECLINE_RACE] = race
            g.ply[player, L.P_DECLINE_POWER] = power
            g.ply[player, L.P_DECLINE_INSTANCE] = i
        else:
            g.ply[player, L.P_RACE] = race
            g.ply[player, L.P_POWER] = power
            g.ply[player, L.P_INSTANCE] = i
            g.ply[player, L.P_HAND] = hand

    def put(self, r, player, race, tokens, decline=False):
        col = L.P_DECLINE_RACE if decline else L.P_RACE
        if self.g.ply[player, col] < 0:
            self.give(player, race, decline=decline)
        reg = self.g.reg
        reg[r, L.R_PLAYER] = player
        reg[r, L.R_RACE] = race
        reg[r, L.R_DECLINE] = 1 if decline else 0
        reg[r, L.R_TOKENS] = tokens

    def policy(self, player, name="heuristic"):
        self.g.ply[player, L.P_POLICY] = POLICY_NAMES.index(name)
        self.g.pol[player, :] = default_vector(name)

    def targets(self, player):
        compute_targets(self.g, self.t, player)
        return {r: int(c) for r, c in enumerate(self.g.cost[: self.g.gst[L.G_NREG]]) if c >= 0}

    def tokens(self, r):
        return int(self.g.reg[r, L.R_TOKENS])

    def holder(self, r):
        return int(self.g.reg[r, L.R_PLAYER]), int(self.g.reg[r, L.R_RACE])

    def hand(self, player):
        return int(self.g.ply[player, L.P_HAND])

    def coins(self, player):
        return int(self.g.ply[player, L.P_COINS])
