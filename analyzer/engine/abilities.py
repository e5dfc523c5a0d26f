"""Race, special power and marker effects, dispatched by id at the engine's hook points.

Hooks (where the engine calls in):
- conquest cost ............ `modify_cost`, `min_region_tokens`
- reach (what may be attacked) `reaches_as_adjacent`, `first_conquest_entry`, `pays_travel`
- after a conquest ......... `after_conquest`
- on a loss ................ `tokens_lost` (how many of the defender's tokens are discarded)
- turn start ............... `turn_start`
- end-of-turn scoring ...... `region_bonus`, `active_bonus`, `decline_bonus`
- redeployment ............. `redeploy_bonus_tokens`
- decline .................. `on_decline`, `power_lasts_in_decline`
- markers .................. `markers.reveal_markers` (entering), conquest modes
  (`compute_targets` -> G_MODES, `conquest.special_cost`, `game.attack`), end of turn
  (`game.place_artifacts`), `markers.aegis_price` (call it before any power acts on a region)

Which abilities are modeled is recorded in the ruleset file (`modeled`), and every
report shows it. An ability that is not modeled simply has no branch here.

| ability | hooks |
|---|---|
| Blood Elves | region_bonus (Magic) |
| Dwarves | modify_cost (Mountain -2) |
| Kobolds | reaches_as_adjacent, first_conquest_entry (Caverns) |
| Naga | may_enter_water, first_conquest_entry (Seas and Lakes) |
| Night Elves | modify_cost (Forest -1) |
| Orcs | after_conquest (+1 per Alliance region) |
| Tauren | min_region_tokens (2), decline keeps 2 |
| Trolls | modify_cost (non-empty -1) |
| Worgen | turn_start (form), modify_cost (Worgen form -1) |
| Battle Master, Enraged | after_conquest |
| Blacksmith | modify_cost |
| Sailing, Meeting Stone | pays_travel |
| terrain powers, Explorer, Fishing, Mining, Archaeologist | region_bonus / active_bonus |
| Dark Portal, Karazhan | region_bonus / active_bonus |
| Light's Hope Chapel | tokens_lost (none lost, the Chapel's own fall included) |
| Spirit Healer | redeploy_bonus_tokens (+1 while the box has one) |
| Well of Eternity | active_bonus / decline_bonus (markers.well_bonus); reveal_markers moves it |
| Battleground | scoring.faction_bonus via markers.fighting_faction; game.battleground_side |
| Aegis of Aggramar | markers.aegis_price (coins before an attack or power), place_artifacts |
| Heart of Azeroth | game.place_artifacts, markers.heart_tribute |
| Ashes, Doomhammer, Frostmourne | modes: compute_targets (G_MODES), special_cost, game.attack |
| Ethereals | conquest mode MODE_ETHEREALS (Place -2); game.ethereals_steal, markers.may_steal |

Markers live in analyzer/engine/markers.py (where they lie, who holds them, their
effects); the rows above say where the engine calls them.
"""

from __future__ import annotations

from numba import njit

from analyzer.engine.layout import (
    B_BOARD,
    B_DEGREE,
    B_SYMBOLS,
    B_TERRAIN,
    G_NBOARDS,
    G_NREG,
    G_PLAYERS,
    N_MARKERS,
    P_COINS,
    P_FORM,
    P_HAND,
    P_POWER,
    P_RACE,
    PAR_MIN_CONQUEST_TOKENS,
    R_DECLINE,
    R_MARKERS_UP,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    RT_BOX,
    RT_FACTION,
)
from analyzer.engine.markers import controls_marker, in_play, well_bonus
from analyzer.model.ids import (
    ALLIANCE,
    ARCHAEOLOGIST,
    BATTLE_MASTER,
    BLACKSMITH,
    BLOOD_ELVES,
    DARK_PORTAL,
    DWARVES,
    ENRAGED,
    EXPLORER,
    FARMER,
    FIELDS,
    FISHING,
    FOREST,
    HERBALIST,
    HILLS,
    KARAZHAN,
    KOBOLDS,
    LAKE,
    LIGHTS_HOPE,
    MEETING_STONE,
    MINING,
    MOUNTAIN_TERRAIN,
    MOUNTAINEER,
    MURLOC,
    NAGA,
    NIGHT_ELVES,
    ORCS,
    RANGER,
    SAILING,
    SEA,
    SPIRIT_HEALER,
    SWAMP,
    SWAMP_WALKER,
    SYM_CAVERN,
    SYM_MAGIC,
    TAUREN,
    TROLLS,
    WORGEN,
)

FORM_HUMAN = 0
FORM_WORGEN = 1
WORGEN_HUMAN_VC = 2
WORGEN_FORM_PRICE = 1


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def water_terrain(terrain):
    return terrain == SEA or terrain == LAKE


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def is_water(g, r):
    return water_terrain(g.board[r, B_TERRAIN])


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def min_region_tokens(race):
    """Tokens a region of this race may never go below (Tauren: 2)."""
    return 2 if race == TAUREN else 1


# ------------------------------------------------------------------ conquest cost
@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def modify_cost(race, power, form, terrain, nonempty, cost, least):
    """Conquest cost after race and power discounts, never below `least`.
    Plain scalars in and out: called once per region in the hottest loop."""
    if race == DWARVES and terrain == MOUNTAIN_TERRAIN:
        cost -= 2
    elif race == NIGHT_ELVES and terrain == FOREST:
        cost -= 1
    elif race == TROLLS and nonempty:
        cost -= 1
    elif race == WORGEN and form == FORM_WORGEN:
        cost -= 1
    if power == BLACKSMITH:
        cost -= 1
    return max(cost, least)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def least_conquest_tokens(t, race):
    """Tokens every conquest needs at the very least (1; Tauren 2)."""
    return max(t.params[PAR_MIN_CONQUEST_TOKENS], min_region_tokens(race))


# ------------------------------------------------------------------------- reach
@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def may_enter_water(race):
    return race == NAGA


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def reaches_as_adjacent(race, symbols):
    """Regions a race may attack as though adjacent (Kobolds: any Cavern)."""
    return race == KOBOLDS and (symbols & SYM_CAVERN) != 0


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def first_conquest_entry(race, symbols, water):
    """Extra ways onto the map, with no travel cost (Kobolds' Caverns, Naga's Seas)."""
    if race == KOBOLDS and (symbols & SYM_CAVERN) != 0:
        return True
    return race == NAGA and water


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def pays_travel(g, p):
    return g.ply[p, P_POWER] != SAILING and not (
        in_play(g, MEETING_STONE) and controls_marker(g, p, MEETING_STONE)
    )


# ---------------------------------------------------------------- after conquest
@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def after_conquest(g, t, p, r, def_race, def_tokens):
    """Bonus VC collected for a conquest (paid at once). def_tokens counts the
    Murloc or race tokens that defended r (0 for an empty region)."""
    g_ply = g.ply
    t_race = t.race
    vc = 0
    power = g_ply[p, P_POWER]
    if power == BATTLE_MASTER and def_tokens > 0:
        vc += 1
    if power == ENRAGED and def_tokens >= 2:
        vc += def_tokens
    if (
        g_ply[p, P_RACE] == ORCS
        and def_race >= 0
        and def_race != MURLOC
        and t_race[def_race, RT_FACTION] == ALLIANCE
    ):
        vc += 1
    return vc


# -------------------------------------------------------------------- on a loss
@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def tokens_lost(g, t, q, r, decline, n):
    """How many of the n defending tokens are discarded when r falls."""
    if decline == 1:
        return n  # in-decline tokens are all discarded
    if in_play(g, LIGHTS_HOPE) and controls_marker(g, q, LIGHTS_HOPE):
        return 0  # checked before r changes hands: the Chapel's region counts too
    return 1


# ------------------------------------------------------------------- turn start
@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def turn_start(g, t, p, form):
    """Start-of-turn effects of the active race; returns the VC it gains or pays
    (the caller books them): Worgen human form +2, Worgen form -1."""
    if g.ply[p, P_RACE] == WORGEN:
        if form == FORM_WORGEN and g.ply[p, P_COINS] >= WORGEN_FORM_PRICE:
            g.ply[p, P_FORM] = FORM_WORGEN
            return -WORGEN_FORM_PRICE
        g.ply[p, P_FORM] = FORM_HUMAN
        return WORGEN_HUMAN_VC
    g.ply[p, P_FORM] = FORM_HUMAN
    return 0


# ----------------------------------------------------------------------- scoring
@njit(cache=True, no_cfunc_wrapper=True)
def touches_water(board, adj, r):
    for k in range(board[r, B_DEGREE]):
        if water_terrain(board[adj[r, k], B_TERRAIN]):
            return True
    return False


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def terrain_bonus(race, power, terrain, symbols, near_water):
    """Bonus VC the active (race, power) collects at turn's end for the terrain
    and symbols of one region it holds."""
    vc = 0
    if race == BLOOD_ELVES and (symbols & SYM_MAGIC) != 0:
        vc += 1
    if power == FARMER and terrain == FIELDS:
        vc += 1
    elif power == HERBALIST and terrain == HILLS:
        vc += 1
    elif power == RANGER and terrain == FOREST:
        vc += 1
    elif power == SWAMP_WALKER and terrain == SWAMP:
        vc += 1
    elif power == MOUNTAINEER and terrain == MOUNTAIN_TERRAIN:
        vc += 1
    elif power == MINING and (symbols & SYM_CAVERN) != 0:
        vc += 1
    elif power == FISHING and near_water:
        vc += 1
    return vc


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def marker_bonus(power, up):
    """Bonus VC for the face-up markers `up` (bits) of one region held
    (Archaeologist: 1 each; Dark Portal: 2)."""
    vc = 0
    if up != 0:
        if power == ARCHAEOLOGIST:
            for m in range(N_MARKERS):
                vc += (up >> m) & 1
        if (up >> DARK_PORTAL) & 1:
            vc += 2
    return vc


@njit(cache=True, no_cfunc_wrapper=True)
def region_bonus(board, adj, reg, race, power, r):
    """Bonus VC the active (race, power) collects at turn's end for holding r alone.
    Takes the arrays, not the game: it runs once per region in hot loops."""
    near_water = power == FISHING and touches_water(board, adj, r)
    return terrain_bonus(
        race, power, board[r, B_TERRAIN], board[r, B_SYMBOLS], near_water
    ) + marker_bonus(power, reg[r, R_MARKERS_UP])


@njit(cache=True, no_cfunc_wrapper=True)
def active_bonus(g, t, p):
    """All end-of-turn bonus VC of p's active race."""
    g_reg = g.reg
    g_board = g.board
    g_adj = g.adj
    g_ply = g.ply
    g_gst = g.gst
    race = g_ply[p, P_RACE]
    if race < 0:
        return 0
    power = g_ply[p, P_POWER]
    vc = 0
    boards = 0  # bit per board where the race stands (Explorer)
    karazhan_terrain = -1
    karazhan_region = -1
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_PLAYER] != p or g_reg[r, R_DECLINE] != 0:
            continue
        vc += region_bonus(g_board, g_adj, g_reg, race, power, r)
        boards |= 1 << g_board[r, B_BOARD]
        if (g_reg[r, R_MARKERS_UP] >> KARAZHAN) & 1:
            karazhan_terrain = g_board[r, B_TERRAIN]
            karazhan_region = r
    if power == EXPLORER:
        for b in range(g_gst[G_NBOARDS]):
            if boards & (1 << b):
                vc += 1
    if karazhan_region >= 0:
        for r in range(g_gst[G_NREG]):
            if (
                r != karazhan_region
                and g_reg[r, R_PLAYER] == p
                and g_reg[r, R_DECLINE] == 0
                and g_board[r, B_TERRAIN] == karazhan_terrain
            ):
                vc += 1
    return vc + well_bonus(g, p, 0)


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def decline_bonus(g, t, p):
    """End-of-turn bonus VC that an in-decline race still earns (the Well of Eternity)."""
    return well_bonus(g, p, 1)


# ------------------------------------------------------------------ redeployment
@njit(cache=True, no_cfunc_wrapper=True)
def race_tokens_in_play(g, race):
    """Tokens of `race` on the boards or in a player's hand."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    n = 0
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_RACE] == race:
            n += g_reg[r, R_TOKENS]
    for p in range(g_gst[G_PLAYERS]):
        if g_ply[p, P_RACE] == race:
            n += g_ply[p, P_HAND]
    return n


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def redeploy_bonus_tokens(g, t, p):
    """Tokens a race receives from the tray before redeploying: the Spirit Healer
    gives its active race one, while the box has one left."""
    if not in_play(g, SPIRIT_HEALER) or not controls_marker(g, p, SPIRIT_HEALER):
        return 0
    race = g.ply[p, P_RACE]
    return 1 if race_tokens_in_play(g, race) < t.race[race, RT_BOX] else 0


# ----------------------------------------------------------------------- decline
@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def power_lasts_in_decline(power):
    """Powers that stay in effect for an in-decline race (Garrisoned, Marshdweller)."""
    return False


@njit(cache=True, no_cfunc_wrapper=True, inline="always")
def on_decline(g, t, p):
    """Effects when p's active race goes into decline (none modeled yet)."""
    return 0
