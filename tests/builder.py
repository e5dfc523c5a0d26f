"""Hand-made positions for rules tests: `Position` for SWoW, `ClassicPosition` for the
original game (tests/classic/); both share the map and the reading helpers
(MapPosition).

A `Position` is one engine `Game` (the named tuple of int64 arrays from
`state.new_game`) with a small map laid out by hand instead of drawn from the
shipped faces. Tests build the map, put tokens and races on it, then call one
engine kernel (compute_targets, conquer, score_turn, go_into_decline, ...) on
`pos.g` and `pos.t` and look at the arrays.

    pos = Position(n_players=3)
    a = pos.region("Fields", "Entry", "Murloc")     # a Murloc is placed, as at setup
    b = pos.region("Hills", neighbours=[a])
    pos.give(0, BLOOD_ELVES, hand=6)
    pos.put(b, 1, HUMANS, 2)                        # player 1 gets the Humans
    pos.targets(0)                                  # {a: 4, b: -1 ...} -> {a: 4}

Banners and badges: every banner and badge is always in exactly one place, as
`check_invariants` wants. Those held by a player are out of the column; the
column holds the next free combos (id order) unless `column()` says otherwise;
the rest make up the stacks, any `stack()` order on top. The builder rewrites
the column and stacks on every call, so finish building before calling the engine.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from kernels import compute_targets, init_streams

from analyzer.engine import layout as L
from analyzer.engine.layout import MAX_LOG
from analyzer.engine.state import new_game
from analyzer.gameloop.api import engine_tables
from analyzer.players.params import N_POLICY_PARAMS, POLICY_NAMES, default_vector
from analyzer.rulesets.swow import ids
from analyzer.rulesets.swow.tables import default_tables

NO_POWER = -1  # a race without a badge: no power branch of the engine applies


@cache
def base_tables():
    """The engine's view of the shipped content (built once per test session)."""
    return engine_tables(default_tables())


def tables_with(die_faces=None, params=None):
    """The shipped tables with some rule constants replaced.

    die_faces: six faces of the reinforcement die; params: {PAR_* index: value}.
    """
    t = base_tables()
    if die_faces is None and not params:
        return t
    values = t.params.copy()
    if die_faces is not None:
        assert len(die_faces) == 6
        values[L.PAR_DIE_FACES : L.PAR_DIE_FACES + 6] = die_faces
    for index, value in (params or {}).items():
        values[index] = value
    return t._replace(params=np.ascontiguousarray(values, np.int64))


class MapPosition:
    """What every ruleset's positions share: the engine game `g` on tables `t`, its
    map's links and empty regions, and reading the state back."""

    def link(self, a, b):
        """Make a and b neighbours."""
        g = self.g
        for x, y in ((a, b), (b, a)):
            if y in self.neighbours(x):
                continue
            d = g.board[x, L.B_DEGREE]
            assert d < L.MAX_DEGREE
            g.adj[x, d] = y
            g.board[x, L.B_DEGREE] = d + 1

    def neighbours(self, r):
        return [int(x) for x in self.g.adj[r, : self.g.board[r, L.B_DEGREE]]]

    def empty(self, r):
        """Nothing on r (Mountains, markers and the board stay)."""
        reg = self.g.reg
        reg[r, L.R_PLAYER] = -1
        reg[r, L.R_RACE] = -1
        reg[r, L.R_DECLINE] = 0
        reg[r, L.R_TOKENS] = 0

    def targets(self, player):
        """{region: tokens needed} for every region `player` may attack now."""
        compute_targets(self.g, self.t, player)
        nreg = int(self.g.gst[L.G_NREG])
        return {r: int(self.g.cost[r]) for r in range(nreg) if self.g.cost[r] >= 0}

    def cost(self, player, r):
        """Tokens `player` needs for r, -1 where r may not be attacked."""
        compute_targets(self.g, self.t, player)
        return int(self.g.cost[r])

    def tokens(self, r):
        return int(self.g.reg[r, L.R_TOKENS])

    def hand(self, player):
        return int(self.g.ply[player, L.P_HAND])

    def coins(self, player):
        return int(self.g.ply[player, L.P_COINS])

    def events(self, kind=None):
        """Logged events as (turn, kind, player, region, a, b) tuples."""
        n = int(self.g.gst[L.G_LOG_N])
        rows = [tuple(int(x) for x in row) for row in self.g.log[:n]]
        return [row for row in rows if kind is None or row[1] == kind]


class Position(MapPosition):
    def __init__(self, n_players=4, die_faces=None, params=None, log=False, seed=1):
        self.t = tables_with(die_faces, params)
        self.g = new_game(N_POLICY_PARAMS, MAX_LOG if log else 1)
        g = self.g
        init_streams(seed, 0, g.rng)
        g.gst[L.G_PLAYERS] = n_players
        g.gst[L.G_ROUND] = 2
        g.gst[L.G_ROUNDS] = 10
        g.gst[L.G_NBOARDS] = 1
        g.gst[L.G_LOG_ON] = 1 if log else 0
        g.gst[L.G_SIDE] = -1
        g.gst[L.G_MARKER_AT : L.G_MARKER_AT + L.N_MARKERS] = -1
        for p in range(L.MAX_PLAYERS):
            g.ply[p, L.P_COINS] = self.t.params[L.PAR_START_COINS] if p < n_players else 0
            g.ply[p, L.P_SEEN_VC] = g.ply[p, L.P_COINS]
            for col in (
                L.P_RACE,
                L.P_POWER,
                L.P_DECLINE_RACE,
                L.P_DECLINE_POWER,
                L.P_INSTANCE,
                L.P_DECLINE_INSTANCE,
            ):
                g.ply[p, col] = -1
            if p < n_players:
                self.policy(p, "heuristic")
        self._column = None  # explicit [(race, power, coins)], else the free combos
        self._race_top = []  # banners asked for on top of the stack
        self._power_top = []
        self._sync_column()

    # ------------------------------------------------------------------ the map
    def region(self, terrain="Fields", *symbols, neighbours=(), board=0, pieces=True):
        """A new region; returns its id. Symbols by name ("Entry", "Murloc", ...).

        With pieces=True a Murloc symbol gets a Murloc and a Mountain symbol a
        Mountain token, as setup does. Neighbours are linked both ways.
        """
        g = self.g
        r = int(g.gst[L.G_NREG])
        assert r < L.MAX_REGIONS
        g.gst[L.G_NREG] = r + 1
        g.gst[L.G_NBOARDS] = max(g.gst[L.G_NBOARDS], board + 1)
        g.board[r, L.B_TERRAIN] = ids.TERRAINS.index(terrain)
        g.board[r, L.B_SYMBOLS] = sum(ids.SYMBOL_BITS[s] for s in symbols)
        g.board[r, L.B_FACE] = board
        g.board[r, L.B_BOARD] = board
        g.board[r, L.B_DEGREE] = 0
        self.empty(r)
        g.reg[r, L.R_MARKERS] = 0
        g.reg[r, L.R_MARKERS_UP] = 0
        for nb in neighbours:
            self.link(r, nb)
        if pieces and "Murloc" in symbols:
            self.murloc(r)
        if pieces and "Mountain" in symbols:
            self.mountain(r)
        return r

    # ------------------------------------------------------------ on the regions
    def murloc(self, r):
        self.empty(r)
        self.g.reg[r, L.R_RACE] = ids.MURLOC
        self.g.reg[r, L.R_DECLINE] = 1
        self.g.reg[r, L.R_TOKENS] = 1

    def mountain(self, r):
        self.g.reg[r, L.R_MOUNTAIN] = 1

    def marker(self, r, marker, up=True):
        """Marker `marker` lies on r (face up, or face down), and nowhere else."""
        reg = self.g.reg
        bit = 1 << marker
        for x in range(int(self.g.gst[L.G_NREG])):
            reg[x, L.R_MARKERS] &= ~bit
            reg[x, L.R_MARKERS_UP] &= ~bit
        self.g.gst[L.G_MARKER_POOL] &= ~bit
        self.g.gst[L.G_MARKER_AT + marker] = r
        reg[r, L.R_MARKERS] |= bit
        if up:
            reg[r, L.R_MARKERS_UP] |= bit

    def markers(self, r):
        """{marker: face up} lying on r."""
        here, up = int(self.g.reg[r, L.R_MARKERS]), int(self.g.reg[r, L.R_MARKERS_UP])
        return {m: bool(up >> m & 1) for m in range(L.N_MARKERS) if here >> m & 1}

    def put(self, r, player, race, tokens, decline=False):
        """`tokens` of `race` on r for `player`. A player holding no race of that
        kind (active, or in decline) is given this one."""
        ply = self.g.ply
        if decline and ply[player, L.P_DECLINE_RACE] < 0:
            self.give(player, race, decline=True)
        if not decline and ply[player, L.P_RACE] < 0:
            self.give(player, race, hand=0)
        want = ply[player, L.P_DECLINE_RACE if decline else L.P_RACE]
        assert want == race, f"player {player} holds race {want}, not {race}"
        reg = self.g.reg
        reg[r, L.R_PLAYER] = player
        reg[r, L.R_RACE] = race
        reg[r, L.R_DECLINE] = 1 if decline else 0
        reg[r, L.R_TOKENS] = tokens

    # ------------------------------------------------------------- the players
    def give(self, player, race, power=NO_POWER, hand=None, coins=None, decline=False):
        """`player` holds `race` (active, or in decline) with a new instance row,
        so VC can be attributed to it."""
        g = self.g
        i = int(g.gst[L.G_NINST])
        g.gst[L.G_NINST] = i + 1
        row = g.inst[i]
        row[:] = 0
        row[L.I_SEAT] = player
        row[L.I_RACE] = race
        row[L.I_POWER] = power
        row[L.I_ROUND_PICKED] = g.gst[L.G_ROUND] - 1
        row[L.I_ROUND_DECLINED] = -1
        if decline:
            row[L.I_ROUND_DECLINED] = g.gst[L.G_ROUND] - 1
            g.ply[player, L.P_DECLINE_RACE] = race
            g.ply[player, L.P_DECLINE_POWER] = power if power >= 0 else -1
            g.ply[player, L.P_DECLINE_INSTANCE] = i
        else:
            g.ply[player, L.P_RACE] = race
            g.ply[player, L.P_POWER] = power
            g.ply[player, L.P_INSTANCE] = i
            if hand is not None:
                g.ply[player, L.P_HAND] = hand
        if coins is not None:  # as if the table saw every one of them scored
            g.ply[player, L.P_COINS] = coins
            g.ply[player, L.P_SEEN_VC] = coins
        self._sync_column()
        return i

    def policy(self, player, name="heuristic", **overrides):
        self.g.ply[player, L.P_POLICY] = POLICY_NAMES.index(name)
        self.g.pol[player, :] = default_vector(name, **overrides)

    # -------------------------------------------------- the column and the stacks
    def column(self, combos, coins=None):
        """The combo column from the top: [(race, power), ...]; fewer combos than
        the column size leave the bottom slots empty. coins[k] lie on slot k."""
        coins = list(coins or [0] * len(combos))
        self._column = [(race, power, c) for (race, power), c in zip(combos, coins, strict=True)]
        self._sync_column()

    def stack(self, races=(), powers=()):
        """Put these banners and badges on top of their stacks, in this order."""
        self._race_top = list(races)
        self._power_top = list(powers)
        self._sync_column()

    def _sync_column(self):
        g, t = self.g, self.t
        size = int(t.params[L.PAR_COLUMN_SIZE])
        held_races, held_powers = set(), set()
        for p in range(L.MAX_PLAYERS):
            held_races |= {int(g.ply[p, L.P_RACE]), int(g.ply[p, L.P_DECLINE_RACE])}
            held_powers |= {int(g.ply[p, L.P_POWER]), int(g.ply[p, L.P_DECLINE_POWER])}
        races = [x for x in range(L.MAX_RACES) if t.race[x, L.RT_ALLOWED] and x not in held_races]
        powers = [
            x for x in range(L.MAX_POWERS) if t.power[x, L.PT_ALLOWED] and x not in held_powers
        ]
        # stack tops first, so a default column is filled after them
        races = self._race_top + [x for x in races if x not in self._race_top]
        powers = self._power_top + [x for x in powers if x not in self._power_top]
        if self._column is None:
            column = [(races[k], powers[k], 0) for k in range(min(size, len(races)))]
        else:
            column = self._column
        assert len(column) <= size
        for race, power, _ in column:
            assert race in races, f"banner {race} is held by a player or listed twice"
            assert power in powers, f"badge {power} is held by a player or listed twice"
            races.remove(race)
            powers.remove(power)
        for k in range(L.MAX_COLUMN):
            race, power, c = column[k] if k < len(column) else (-1, -1, 0)
            g.gst[L.G_COL_RACE + k] = race
            g.gst[L.G_COL_POWER + k] = power
            g.gst[L.G_COL_COINS + k] = c
        g.gst[L.G_RACE_STACK : L.G_RACE_STACK + L.MAX_RACES] = 0
        g.gst[L.G_RACE_STACK : L.G_RACE_STACK + len(races)] = races
        g.gst[L.G_RACE_STACK_N] = len(races)
        g.gst[L.G_POWER_STACK : L.G_POWER_STACK + L.MAX_POWERS] = 0
        g.gst[L.G_POWER_STACK : L.G_POWER_STACK + len(powers)] = powers
        g.gst[L.G_POWER_STACK_N] = len(powers)
        g.gst[L.G_POWER_DISCARD_N] = 0

    def column_races(self):
        size = int(self.t.params[L.PAR_COLUMN_SIZE])
        return [int(x) for x in self.g.gst[L.G_COL_RACE : L.G_COL_RACE + size]]

    def column_powers(self):
        size = int(self.t.params[L.PAR_COLUMN_SIZE])
        return [int(x) for x in self.g.gst[L.G_COL_POWER : L.G_COL_POWER + size]]

    def column_coins(self):
        size = int(self.t.params[L.PAR_COLUMN_SIZE])
        return [int(x) for x in self.g.gst[L.G_COL_COINS : L.G_COL_COINS + size]]

    def race_stack(self):
        n = int(self.g.gst[L.G_RACE_STACK_N])
        return [int(x) for x in self.g.gst[L.G_RACE_STACK : L.G_RACE_STACK + n]]

    def power_stack(self):
        n = int(self.g.gst[L.G_POWER_STACK_N])
        return [int(x) for x in self.g.gst[L.G_POWER_STACK : L.G_POWER_STACK + n]]

    def power_discards(self):
        n = int(self.g.gst[L.G_POWER_DISCARD_N])
        return [int(x) for x in self.g.gst[L.G_POWER_DISCARD : L.G_POWER_DISCARD + n]]

    # ---------------------------------------------------------------- reading
    def holder(self, r):
        """(player, race, tokens, in decline) on r."""
        reg = self.g.reg
        return (
            int(reg[r, L.R_PLAYER]),
            int(reg[r, L.R_RACE]),
            int(reg[r, L.R_TOKENS]),
            bool(reg[r, L.R_DECLINE]),
        )


# ------------------------------------------------------------ the original game
# (its ids are imported here, not above: a SWoW position never needs them)
from analyzer.rulesets.classic import ids as classic_ids  # noqa: E402

# its map symbols by name (read when a region is made: SWoW's layout has no such columns)
CLASSIC_SYMBOLS = {
    "Magic Source": "SYM_MAGIC",
    "Cavern": "SYM_CAVERN",
    "Lost Tribe": "SYM_LOST_TRIBE",
    "Mine": "SYM_MINE",
    "Border": "SYM_BORDER_ENTRY",
    "Coastal": "SYM_COASTAL",
}


@cache
def classic_base_tables():
    """The engine's view of the original game's printed rules."""
    from analyzer.rulesets.classic.tables import classic_tables

    return engine_tables(classic_tables())


class ClassicPosition(MapPosition):
    """A position of the original game (tests/classic/): its own players' columns
    (the Spirit race) and map symbols; `holder` is (player, race)."""

    def __init__(self, n_players=3, die_faces=None, log=False, seed=1):
        t = classic_base_tables()
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
        g.board[r, L.B_TERRAIN] = classic_ids.TERRAINS.index(terrain)
        bits = sum(getattr(L, CLASSIC_SYMBOLS[s]) for s in symbols)
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

    def holder(self, r):
        return int(self.g.reg[r, L.R_PLAYER]), int(self.g.reg[r, L.R_RACE])
