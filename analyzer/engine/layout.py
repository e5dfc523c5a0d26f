"""Column indices of every flat array the engine works on.

The engine keeps a game as a handful of small int32 arrays (structure of arrays)
and names their columns here, so a kernel reads `reg[r, R_TOKENS]` instead of a
magic number. Numba freezes module-level ints as compile-time constants, so the
names cost nothing at run time.

Nothing here imports numba: the model side uses the same indices to build tables.
"""

from __future__ import annotations

from analyzer.model.ids import COMPONENTS, MARKERS, N_RACE_IDS

MAX_PLAYERS = 5
MAX_REGIONS = 72  # 2 large + 1 medium + 2 small faces, land and water, with room to spare
MAX_DEGREE = 12  # neighbours per region on one face
MAX_COLUMN = 10  # visible combos a scenario may ask for
MAX_RACES = 32
MAX_POWERS = 32
MAX_INSTANCES = 16  # race instances one player may pick in a game (one per turn at most)

# ---------------------------------------------------------------- content tables
# race_tab[race, *]
RT_BANNER, RT_BOX, RT_FACTION, RT_ALLOWED, RT_MODELED = range(5)
RT_NF = 5
# power_tab[power, *]
PT_BADGE, PT_ALLOWED, PT_MODELED = range(3)
PT_NF = 3
# marker_tab[marker, *]
MT_IS_ARTIFACT, MT_ALLOWED, MT_MODELED = range(3)
MT_NF = 3
N_MARKERS = len(MARKERS)
N_COMPONENTS = len(COMPONENTS)
assert N_RACE_IDS <= MAX_RACES

# params[*]: every tunable rule constant in one vector (house rules override these).
(
    PAR_START_COINS,
    PAR_COLUMN_SIZE,
    PAR_FACTION_BONUS,  # VC per opposite-faction race defeated in a turn
    PAR_TRAVEL_COST,  # extra tokens to land on a non-adjacent Entry region
    PAR_BASE_COST,  # tokens to conquer an empty region
    PAR_WATER_COST,  # tokens for a Sea or Lake when a rule allows it (Naga)
    PAR_DIE_MAX_SHORT,  # how many tokens short the final attempt may be
    PAR_USE_DIE,  # 1: the reinforcement die is rolled on the final attempt
    PAR_MURLOCS,  # 1: Murlocs are placed at setup
    PAR_EXTRA_ROUNDS,  # added to the printed rounds for every player count
    PAR_MIN_CONQUEST_TOKENS,  # tokens always needed to conquer (rulebook: 1)
) = range(11)
PAR_DIE_FACES = 11  # six faces follow
PAR_ROUNDS = 17  # rounds for 2, 3, 4, 5 players follow (index by players - 2)
PAR_BOARDS = 21  # (large, medium, small) faces for 2, 3, 4, 5 players: 12 ints
PAR_SEAT_COINS = 33  # extra starting coins per seat in turn order (a house rule): 5 ints
N_PARAMS = 38
# The engine's params vector carries the component caps after the rule constants
# (one array fewer to pass around: numba's compile time grows with argument size).
PAR_CAPS = N_PARAMS
N_ENGINE_PARAMS = N_PARAMS + N_COMPONENTS

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
# reg[r, *]
(
    R_PLAYER,  # owning player, -1 for nobody (empty or Murlocs)
    R_RACE,  # race id of the tokens there, -1 when empty, MURLOC for Murlocs
    R_DECLINE,  # 1 when the tokens are in decline
    R_TOKENS,  # race (or Murloc) tokens
    R_MOUNTAIN,  # Mountain tokens (0 or 1)
    R_FORT,
    R_WISP,
    R_MARKERS,  # bit m set when marker m lies here (an Artifact may join a Place)
    R_MARKERS_UP,  # bit m set when that marker is revealed (face up)
    R_TOWER,  # Watch Tower
    R_BEASTS,
    R_CHAMPION,
    R_BOMB,  # 0 none, BOMB_LIVE or BOMB_DUD (face down either way)
    R_OBJECTIVE,  # Military Objective
    R_CONQ_TURN,  # global turn number in which the current holder conquered it
) = range(15)
R_NF = 15

# ----------------------------------------------------------------- player state
# ply[p, *]
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
    P_FORM,  # Worgen form chosen this turn
    P_HARMONY,  # Harmony token held: 0 none, 1 not paid yet, 2 paid (Pandaren)
    P_BEASTS,  # Beast Master: how many of the tokens in hand (P_HAND) are Beasts
    P_CHAMPION,  # Championing: 1 while the Champion is in hand (not on a region)
    P_USES,  # uses of the active race's power this turn (Champion, swaps, intimidations)
) = range(15)
P_NF = 15

# ------------------------------------------------------------------ game state
# gst[*]: scalars of the game, then the combo column, then the stacks.
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
    G_MARKER_POOL,  # bit m set when marker m is allowed but not on the boards (drawable)
    G_USED,  # this turn: bit m for each Artifact used, USED_ETHEREALS for the Ethereals
    G_MODES,  # conquest modes open to the current player now (MODE_* bits)
    G_SIDE,  # the faction a Neutral race on the Battleground fights for this turn (-1: none)
) = range(24)
# SWoW's Doomhammer: 1 + its owner as last noted, and 1 + the owner before (0: none)
G_DOOM_OWNER = 24
G_DOOM_PREV = 25
G_MARKER_AT = 28  # per marker id: the region where it lies, -1 off the boards
G_COL_RACE = G_MARKER_AT + N_MARKERS
G_COL_POWER = G_COL_RACE + MAX_COLUMN
G_COL_COINS = G_COL_POWER + MAX_COLUMN
G_RACE_STACK = G_COL_COINS + MAX_COLUMN  # stack top is the first element
G_POWER_STACK = G_RACE_STACK + MAX_RACES
G_POWER_DISCARD = G_POWER_STACK + MAX_POWERS
G_DEFEATED = G_POWER_DISCARD + MAX_POWERS  # per race id: regions taken from it this turn
# Race pieces and per-turn race counters (reset at every turn start but G_HARMONY_FROM
# and the Bombs).
G_KILLS = G_DEFEATED + MAX_RACES  # tokens the current player's conquests made others discard
G_ATTACKED = G_KILLS + 1  # bit per player whose active race the current player attacked
G_HOLY_LIGHT = G_KILLS + 2  # bit per player whose Draenei called the Holy Light this turn
G_AIRBORNE = G_KILLS + 3  # 1 once the Gnomes' airborne assault is spent this turn
G_CLOSED = G_KILLS + 4  # the Harmony fee the current player still owes the Pandaren (0 or 2)
G_HARMONY_FROM = G_KILLS + 5  # 1 + the player whose Pandaren handed out Harmony, 0: none out
G_BOMBS_N = G_KILLS + 6  # Bomb tokens in the Goblins' stack
G_BOMBS = G_KILLS + 7  # the stack, bottom first (top at G_BOMBS_N - 1): BOMB_LIVE or BOMB_DUD
MAX_BOMBS = 16
G_NF = G_BOMBS + MAX_BOMBS
BOMB_LIVE, BOMB_DUD = 1, 2

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

# --------------------------------------------------------------- random streams
STREAM_SETUP, STREAM_DICE = 0, 1
STREAM_SEAT0 = 2  # seat p draws its own decisions from stream STREAM_SEAT0 + p
N_STREAMS = STREAM_SEAT0 + MAX_PLAYERS
