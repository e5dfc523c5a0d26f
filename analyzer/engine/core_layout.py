"""Column indices of the flat arrays every ruleset shares (the core's columns).

The engine keeps a game as a handful of small int64 arrays (structure of arrays)
and names their columns here, so a kernel reads `reg[r, R_TOKENS]` instead of a
magic number. Numba freezes module-level ints as compile-time constants, so the
names cost nothing at run time.

A ruleset adds its own columns after these (its `layout.py` numbers them from
R_CORE_NF, P_CORE_NF, G_CORE_NF, RT_CORE_NF) and names its components;
engine/layout.py joins both for the played ruleset. Nothing here imports numba.
"""

from __future__ import annotations

MAX_PLAYERS = 5
MAX_REGIONS = 72  # 2 large + 1 medium + 2 small faces, land and water, with room to spare
MAX_DEGREE = 12  # neighbours per region on one face
MAX_COLUMN = 10  # visible combos a scenario may ask for
MAX_RACES = 32
MAX_POWERS = 32
MAX_INSTANCES = 16  # race instances one player may pick in a game (one per turn at most)
MAX_OPTIONS = 16  # options the lookahead bot weighs in one decision (gameloop/lookahead.py)
# The bots' float scratch: a value per region, or the lookahead's running sums (a
# total and a last result per option, and the sums of products of every pair)
BOT_SCRATCH = max(MAX_REGIONS, 2 * MAX_OPTIONS + MAX_OPTIONS * MAX_OPTIONS)

# Region symbol every ruleset shares: where a race may make its first conquest.
# (A ruleset's other symbol bits must leave this one alone.)
SYM_ENTRY = 1 << 4

# ---------------------------------------------------------------- content tables
# race_tab[race, *]: the core's columns; a ruleset may add its own after RT_CORE_NF
RT_BANNER, RT_BOX, RT_ALLOWED, RT_MODELED = range(4)
RT_CORE_NF = 4
# power_tab[power, *]
PT_BADGE, PT_ALLOWED, PT_MODELED = range(3)
PT_NF = 3

# params[*]: every tunable rule constant in one vector (house rules override these).
# A ruleset without a rule leaves its constant 0.
(
    PAR_START_COINS,
    PAR_COLUMN_SIZE,
    PAR_TRAVEL_COST,  # extra tokens to land on a non-adjacent Entry region
    PAR_BASE_COST,  # tokens to conquer an empty region
    PAR_WATER_COST,  # tokens for a water region when a rule allows it
    PAR_DIE_MAX_SHORT,  # how many tokens short the final attempt may be
    PAR_USE_DIE,  # 1: the reinforcement die is rolled on the final attempt
    PAR_NOBODY,  # 1: the race of nobody (the ruleset's NOBODY) is placed at setup
    PAR_EXTRA_ROUNDS,  # added to the printed rounds for every player count
    PAR_MIN_CONQUEST_TOKENS,  # tokens always needed to conquer (rulebook: 1)
) = range(10)
PAR_DIE_FACES = 10  # six faces follow
PAR_ROUNDS = 16  # rounds for 2, 3, 4, 5 players follow (index by players - 2)
PAR_BOARDS = 20  # (large, medium, small) faces for 2, 3, 4, 5 players: 12 ints
PAR_SEAT_COINS = 32  # extra starting coins per seat in turn order (a house rule): 5 ints
PAR_VARIANT = 37  # the ruleset's variant played (0: its standard game)
# The ruleset's own rule constants: its layout names these slots (PAR_RULESET + i)
# and lists, in RULE_PARAMS, the Parameters field each one carries.
PAR_RULESET = 38
N_RULESET_PARAMS = 4
N_PARAMS = PAR_RULESET + N_RULESET_PARAMS
# The engine's params vector carries the ruleset's component caps after the rule
# constants (one array fewer to pass around: numba's compile time grows with
# argument size).
PAR_CAPS = N_PARAMS

# Terrain kinds the core asks of a ruleset: its layout names them as bits over its
# own terrain ids (terrain_bits), so the core never assumes an order of terrains.
# TERRAIN_WATER: the terrains that are water (engine/terrain.py).


def terrain_bits(terrains, kind) -> int:
    """The bits of the terrain ids (positions in `terrains`) whose name is in `kind`."""
    unknown = set(kind) - set(terrains)
    if unknown:
        raise ValueError(f"terrain kind names {sorted(unknown)}, not among {list(terrains)}")
    return sum(1 << i for i, name in enumerate(terrains) if name in kind)


# faces[f, *]: the board faces of the content
FACE_SIZE, FACE_BOARD, FACE_START, FACE_NREG = range(4)
FACE_NF = 4
# face_regions[i, *]: terrain, symbols, then the neighbours (local ids, -1 padded)
FR_TERRAIN, FR_SYMBOLS, FR_ADJ = range(3)

# --------------------------------------------------------------- per-game board
# board[r, *]: the regions of the faces drawn for this game, laid end to end.
B_TERRAIN, B_SYMBOLS, B_FACE, B_BOARD, B_DEGREE = range(5)
B_NF = 5
# adj[r, k]: neighbours of r (global region ids in this game), -1 padded.

# ----------------------------------------------------------------- region state
# reg[r, *]: the core's columns; the ruleset's pieces follow from R_CORE_NF
(
    R_PLAYER,  # owning player, -1 for nobody (empty, or the race of nobody)
    R_RACE,  # race id of the tokens there, -1 when empty
    R_DECLINE,  # 1 when the tokens are in decline
    R_TOKENS,  # race tokens
    R_MOUNTAIN,  # Mountain tokens (0 or 1)
    R_CONQ_TURN,  # global turn number in which the current holder conquered it
) = range(6)
R_CORE_NF = 6

# ----------------------------------------------------------------- player state
# ply[p, *]: the core's columns; the ruleset's follow from P_CORE_NF
(
    P_COINS,
    P_RACE,  # active race id, -1 for none
    P_POWER,  # its special power id
    P_HAND,  # active-race tokens in hand (not on the boards)
    P_DECLINE_RACE,  # in-decline race id, -1 for none
    P_DECLINE_POWER,  # the power that went into decline with it (for powers that last)
    P_INSTANCE,  # index of the active race's row in the per-game instance table
    P_DECLINE_INSTANCE,
    P_POLICY,  # which bot plays this seat
    P_DECLINES,  # how many times this player went into decline
    P_STANCE,  # a choice of this turn that the ruleset's conquest costs read (modify_cost)
    P_USES,  # uses of the active race's power this turn
    P_SEEN_VC,  # the public tally: the coins the table saw p score and pay (docs/rulings.md)
) = range(13)
P_CORE_NF = 13

# ------------------------------------------------------------------ game state
# gst[*]: scalars of the game, then the combo column, the stacks and the per-race
# tally of the turn; the ruleset's own state follows from G_CORE_NF.
(
    G_ROUND,  # 1-based
    G_TURN,  # global turn counter, 0-based
    G_PLAYERS,
    G_NREG,
    G_ROUNDS,
    G_NINST,  # race instances recorded so far
    G_RACE_STACK_N,
    G_POWER_STACK_N,
    G_POWER_DISCARD_N,
    G_NBOARDS,
    G_DIE_ROLLS,
    G_ERROR,  # first invariant violation code, 0 when none
    G_LOG_N,  # events written to the log
    G_LOG_ON,  # 1 when events are logged
    G_CHECK,  # 1 when invariants are checked after every turn
    G_FORCED_SEAT,  # a study forces this seat's first pick (-1: nobody)
    G_FORCED_RACE,  # ...to this race
    G_FORCED_POWER,  # ...and this power
    G_FORCED_COST,  # ...for this many coins, paid to the stash
    G_TRAVEL,  # travel cost for the current player, as compute_targets found it
    G_USED,  # this turn: the ruleset's once-a-turn abilities spent (bits)
    G_MODES,  # conquest modes open to the current player now (the ruleset's bits)
    G_CLOSED,  # the fee the current player still owes before some conquests
) = range(23)
G_COL_RACE = 23
G_COL_POWER = G_COL_RACE + MAX_COLUMN
G_COL_COINS = G_COL_POWER + MAX_COLUMN
G_RACE_STACK = G_COL_COINS + MAX_COLUMN  # stack top is the first element
G_POWER_STACK = G_RACE_STACK + MAX_RACES
G_POWER_DISCARD = G_POWER_STACK + MAX_POWERS
G_DEFEATED = G_POWER_DISCARD + MAX_POWERS  # per race id: regions taken from it this turn
# The lookahead bot (gameloop/lookahead.py): what it chose for the turn in play, which
# that seat's choose_* read back (-1: no choice, play the heuristic), and the key of
# its rollouts' random streams (from the game's seed and index).
G_LA_SLOT = G_DEFEATED + MAX_RACES  # the column slot to pick
G_LA_DECLINE = G_LA_SLOT + 1  # 1: decline, 0: keep the race
G_LA_KEY = G_LA_SLOT + 2
G_CORE_NF = G_LA_SLOT + 3
# gst cells that start at -1 in a fresh game (a ruleset's layout adds its own)
G_CORE_UNSET = (G_FORCED_SEAT, G_LA_SLOT, G_LA_DECLINE)

# --------------------------------------------------------------- race instances
# inst[i, *]: one row per combo a player picked in the game (per-race-instance output)
(
    I_SEAT,
    I_RACE,
    I_POWER,
    I_SLOT,  # column position picked (0 = top, free)
    I_PAID,
    I_COLLECTED,
    I_ROUND_PICKED,
    I_ROUND_DECLINED,  # -1 while never declined
    I_VC_ACTIVE,
    I_VC_DECLINE,
    I_TOKENS,  # tokens received at pick
) = range(11)
I_NF = 11

# ------------------------------------------------------------------ seat output
(S_VC, S_RANK, S_WIN, S_TOKENS_ON_BOARD, S_DECLINES, S_POLICY) = range(6)
S_NF = 6

# ---------------------------------------------------------------- forced picks
# forced[game, *]: a study's forced first pick for one seat of a game (seat -1: none)
F_SEAT, F_RACE, F_POWER, F_COST = range(4)
F_NF = 4

# -------------------------------------------------------------------- event log
# log[i, *]: the optional event log (golden playthroughs and debugging)
LOG_NF = 6  # turn, kind, player, region, a, b
MAX_LOG = 4096
(
    EV_PICK,  # region=-1, a=race*100+power, b=slot
    EV_CONQUER,  # region, a=tokens used, b=defender race (or -1)
    EV_DIE,  # region, a=roll, b=1 if success
    EV_DECLINE,  # a=race
    EV_SCORE,  # a=VC this turn, b=coins after
    EV_ABANDON,  # region
    EV_LOSS,  # region, a=player who lost, b=tokens discarded
    EV_REDEPLOY,  # region, a=tokens after redeployment
    EV_REVEAL,  # region, a=marker
    EV_WIPE,  # a=race whose banner returns to the column
    EV_POWER,  # region, a=power used, b=other region (-1: none)
    EV_MOVE,  # a face-up marker moves: region=to, a=marker, b=from (-1: from the box)
) = range(12)
# A ruleset numbers its own event kinds from EV_RULESET (its layout.py) and words
# them for the playthrough (EVENT_TEXTS in its tables.py).
EV_RULESET = 12

# --------------------------------------------------------------- random streams
STREAM_SETUP, STREAM_DICE = 0, 1
STREAM_SEAT0 = 2  # seat p draws its own decisions from stream STREAM_SEAT0 + p
N_STREAMS = STREAM_SEAT0 + MAX_PLAYERS
