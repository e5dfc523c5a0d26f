"""Race, special power and marker effects, dispatched by id at the engine's hook points.

Hooks (where the engine calls in):
- conquest cost ............ `modify_cost`, `min_region_tokens`, `conquest_fee_owed`, `conquest_fee`
- reach (what may be attacked) `reaches_as_adjacent`, `first_conquest_entry`, `pays_travel`
- after a conquest ......... `after_conquest`
- on a loss ................ `tokens_lost` (how many of the defender's tokens are discarded)
  and `tokens_killed` (how many a conquest made its defender discard)
- turn start ............... `turn_start`
- turn end (before scoring)  `turn_end`
- end-of-turn scoring ...... `region_bonus`, `active_bonus`, `decline_bonus`
- immunity ................. `region_immune` (conquests and every power ask it)
- redeployment ............. `redeploy_bonus_tokens`
- taking troops back ....... `pieces_to_hand` (readying troops, abandoning a region)
- decline .................. `on_decline`, `power_lasts_in_decline`
- markers .................. `markers.reveal_markers` (entering), conquest modes
  (`compute_targets` -> G_MODES, `modes.special_cost`, `turn.attack`), end of turn
  (`turn.place_artifacts`), `markers.aegis_price` (call it before any power acts on a region)

Which abilities are modeled is recorded in the ruleset file (`modeled`), and every
report shows it. An ability that is not modeled simply has no branch here.

| ability | hooks |
|---|---|
| Blood Elves | region_bonus (Magic) |
| Draenei | tokens_lost (Holy Light: the first loss in each opponent's turn returns to hand) |
| Dwarves | modify_cost (Mountain -2) |
| Forsaken | tokens_killed (conquest.conquer); races.enlist before redeploying |
| Gnomes | turn.ability_conquest (TARGET_ASSAULT), races.airborne_cost, races.airborne_assault |
| Goblins | races.reveal_bombs (turn start), bots.choose_bombs (turn end), pieces.region_emptied |
| Humans | bots.choose_objectives (turn end), after_conquest (claim_objective), on_decline |
| Kobolds | reaches_as_adjacent, first_conquest_entry (Caverns) |
| Naga | may_enter_water, first_conquest_entry (Seas and Lakes) |
| Night Elves | modify_cost (Forest -1), after_conquest (Wisp Wall), region_cost (+1) |
| Orcs | after_conquest (+1 per Alliance region) |
| Pandaren | races.give_harmony (turn end), engage (every attack: 2 VC), conquest_fee(_owed) |
| Tauren | min_region_tokens (2), decline keeps 2 |
| Trolls | modify_cost (non-empty -1) |
| Worgen | turn_start (form), modify_cost (Worgen form -1) |
| Battle Master, Enraged | after_conquest |
| Blacksmith | modify_cost |
| Sailing, Meeting Stone | pays_travel |
| terrain powers, Explorer, Fishing, Mining, Archaeologist | region_bonus / active_bonus |
| Dark Portal, Karazhan | region_bonus / active_bonus |
| Marshdweller | marsh_toll (region_cost, conquer), power_lasts_in_decline |
| Garrisoned | turn_end (Forts, from turn.power_phase), power_lasts_in_decline |
| Defensive | turn_end (Watch Towers), region_immune, on_decline |
| Beast Master | take_beasts (at turn start), conquer, place_tokens, pieces_to_hand, on_decline |
| Championing | powers.champion_conquest (conquests), conquer (ransom), pieces_to_hand, on_decline |
| Portal Mage | powers.portal_swap (turn.power_phase: before conquests, after redeployment) |
| Intimidating | powers.intimidate before each conquest |

The three powers a bot uses during its turn (Championing, Portal Mage, Intimidating)
have their legality checks and actions in powers.py.
| Light's Hope Chapel | tokens_lost (none lost, the Chapel's own fall included) |
| Spirit Healer | redeploy_bonus_tokens (+1 while the box has one) |
| Well of Eternity | active_bonus / decline_bonus (markers.well_bonus); reveal_markers moves it |
| Battleground | scoring.faction_bonus via markers.fighting_faction; turn.battleground_side |
| Aegis of Aggramar | markers.aegis_price (coins before an attack or power), place_artifacts |
| Heart of Azeroth | turn.place_artifacts, markers.heart_tribute |
| Ashes, Doomhammer, Frostmourne | compute_targets (G_MODES), modes.special_cost, turn.attack |
| Ethereals | conquest mode MODE_ETHEREALS (Place -2); turn.ethereals_steal, markers.may_steal |

Markers live in markers.py (where they lie, who holds them, their
effects); the rows above say where the engine calls them.
"""

from __future__ import annotations

import numpy as np

from analyzer.engine.coins import pay_vc
from analyzer.engine.jit import assume_equal, assume_nonnegative, inline_kernel, kernel
from analyzer.engine.layout import (
    B_BOARD,
    B_DEGREE,
    B_NF,
    B_SYMBOLS,
    B_TERRAIN,
    EV_HARMONY,
    G_ATTACKED,
    G_HARMONY_FROM,
    G_HOLY_LIGHT,
    G_KILLS,
    G_NBOARDS,
    G_NREG,
    G_PLAYERS,
    MAX_DEGREE,
    N_MARKERS,
    P_BEASTS,
    P_CHAMPION,
    P_COINS,
    P_DECLINE_POWER,
    P_FORM,
    P_HAND,
    P_HARMONY,
    P_POWER,
    P_RACE,
    P_USES,
    PAR_CAPS,
    PAR_MIN_CONQUEST_TOKENS,
    R_BEASTS,
    R_CHAMPION,
    R_DECLINE,
    R_FORT,
    R_MARKERS_UP,
    R_NF,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    R_TOWER,
    R_WISP,
    RT_BOX,
    RT_FACTION,
)
from analyzer.engine.terrain import water_terrain  # seas and lakes
from analyzer.engine.trace import log_event
from analyzer.rulesets.swow.ids import (
    ALLIANCE,
    ARCHAEOLOGIST,
    BATTLE_MASTER,
    BLACKSMITH,
    BLOOD_ELVES,
    C_BEASTS,
    C_FORTS,
    C_WATCH_TOWERS,
    C_WISP_WALLS,
    DARK_PORTAL,
    DEFENSIVE,
    DRAENEI,
    DWARVES,
    ENRAGED,
    EXPLORER,
    FARMER,
    FIELDS,
    FISHING,
    FOREST,
    FORSAKEN,
    GARRISONED,
    HERBALIST,
    HILLS,
    HORDE,
    HUMANS,
    KARAZHAN,
    KOBOLDS,
    LIGHTS_HOPE,
    MARSHDWELLER,
    MEETING_STONE,
    MINING,
    MOUNTAIN_TERRAIN,
    MOUNTAINEER,
    MURLOC,
    NAGA,
    NIGHT_ELVES,
    ORCS,
    PANDAREN,
    RANGER,
    SAILING,
    SPIRIT_HEALER,
    SWAMP,
    SWAMP_WALKER,
    SYM_CAVERN,
    SYM_MAGIC,
    TAUREN,
    TROLLS,
    WORGEN,
)
from analyzer.rulesets.swow.markers import controls_marker, in_play, well_bonus

FORM_HUMAN = 0
FORM_WORGEN = 1
WORGEN_HUMAN_VC = 2
WORGEN_FORM_PRICE = 1
HARMONY_PRICE = 2  # VC a Harmony holder pays the Pandaren before attacking them
OBJECTIVE_VC = 2  # VC for taking a Military Objective, and for the Humans


@kernel
def min_region_tokens(race):
    """Tokens a region of this race may never go below (Tauren: 2)."""
    return 2 if race == TAUREN else 1


@kernel
def region_immune(reg, r):
    """Whether r is immune to conquest and to every power: a Watch Tower stands
    there. Any other immunity (a race's, a marker's) is to be added here, so that
    conquests, the Champion, Intimidating and Portal Mage all respect it."""
    return reg[r, R_TOWER] > 0


@kernel
def holder_power(ply, reg, r):
    """The special power in effect on r: its active race's, or for an in-decline
    race the power that lasts in decline (-1: none, Murlocs, empty)."""
    q = reg[r, R_PLAYER]
    if q < 0:
        return -1
    if reg[r, R_DECLINE] == 1:
        return ply[q, P_DECLINE_POWER]
    return ply[q, P_POWER]


@kernel
def marsh_toll(ply, reg, p, r, terrain):
    """The player whom p must pay 1 VC before conquering r (a Marshdweller's
    Swamp, active or in decline, of another player), or -1."""
    if terrain != SWAMP:
        return -1
    q = reg[r, R_PLAYER]
    if q < 0 or q == p or holder_power(ply, reg, r) != MARSHDWELLER:
        return -1
    return q


# ------------------------------------------------------------------ conquest cost
@inline_kernel
def conquest_fee_owed(ply, p):
    """The fee p owes before attacking the Pandaren: a Harmony holder's 2 VC."""
    return HARMONY_PRICE if ply[p, P_HARMONY] == 1 else 0


@inline_kernel
def conquest_fee(reg, r, owed):
    """Coins p must pay before attacking r out of the fee `owed` (conquest_fee_owed):
    the Harmony fee on a region of the Pandaren."""
    return owed if owed > 0 and reg[r, R_RACE] == PANDAREN else 0


@inline_kernel
def pay_harmony(g, p):
    """p holds an unpaid Harmony token: 2 VC go to the Pandaren, once."""
    giver = g.gst[G_HARMONY_FROM] - 1
    pay_vc(g, p, -HARMONY_PRICE)
    pay_vc(g, giver, HARMONY_PRICE)
    g.ply[p, P_HARMONY] = 2
    log_event(g, EV_HARMONY, giver, -1, p, HARMONY_PRICE)


@kernel
def engage(g, p, r):
    """p attacks r: a conquest, a die attempt, an airborne assault, the Champion,
    an Intimidating use, a Bomb ("attempting to conquer their regions or forcing
    the removal of a Race token ... by any means"). Note whose active race was
    attacked (the Pandaren's Harmony), and pay the Pandaren first if p holds
    Harmony. Here, not in races.py, so that powers.py may call it too."""
    g_reg = g.reg
    q = g_reg[r, R_PLAYER]
    if q >= 0 and g_reg[r, R_DECLINE] == 0:
        g.gst[G_ATTACKED] |= 1 << q
    if g_reg[r, R_RACE] == PANDAREN and g.ply[p, P_HARMONY] == 1:
        pay_harmony(g, p)


@kernel
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


@kernel
def least_conquest_tokens(t, race):
    """Tokens every conquest needs at the very least (1; Tauren 2)."""
    return max(t.params[PAR_MIN_CONQUEST_TOKENS], min_region_tokens(race))


# ------------------------------------------------------------------------- reach
@kernel
def may_enter_water(race):
    return race == NAGA


@inline_kernel
def reaches_as_adjacent(race, symbols):
    """Regions a race may attack as though adjacent (Kobolds: any Cavern)."""
    return race == KOBOLDS and (symbols & SYM_CAVERN) != 0


@inline_kernel
def first_conquest_entry(race, symbols, water):
    """Extra ways onto the map, with no travel cost (Kobolds' Caverns, Naga's Seas)."""
    if race == KOBOLDS and (symbols & SYM_CAVERN) != 0:
        return True
    return race == NAGA and water


@inline_kernel
def pays_travel(g, p):
    return g.ply[p, P_POWER] != SAILING and not (
        in_play(g, MEETING_STONE) and controls_marker(g, p, MEETING_STONE)
    )


# ---------------------------------------------------------------- after conquest
@inline_kernel
def place_wisp_wall(g, t, r):
    """A Wisp Wall on r, unless all of the box's Wisp Walls are on the boards."""
    g_reg = g.reg
    walls = 0
    for x in range(g.gst[G_NREG]):
        walls += g_reg[x, R_WISP]
    if walls < t.params[PAR_CAPS + C_WISP_WALLS]:
        g_reg[r, R_WISP] = 1


@inline_kernel
def claim_objective(g, t, p, r):
    """p took r with a Military Objective on it. A non-Horde conqueror scores 2 VC
    and the token goes back to the Humans, who score 2 VC unless they took it;
    for a Horde conqueror nothing happens and the token stays. Returns p's VC."""
    race = g.ply[p, P_RACE]
    if t.race[race, RT_FACTION] == HORDE:
        return 0
    g.reg[r, R_OBJECTIVE] = 0
    for q in range(g.gst[G_PLAYERS]):
        if q != p and g.ply[q, P_RACE] == HUMANS:
            pay_vc(g, q, OBJECTIVE_VC)
    return OBJECTIVE_VC


@inline_kernel
def after_conquest(g, t, p, r, def_player, def_race, def_tokens):
    """Bonus VC collected for a conquest (paid at once; a Military Objective's
    too), and the pieces a conquest leaves (Night Elves: a Wisp Wall on a Forest
    while the box has one). def_tokens counts the Murloc or race tokens r held,
    Beasts and the Champion among them (0: r was empty). A non-empty region pays
    Battle Master whoever held it, p's own in-decline race too (rulings 10, 15);
    p's own in-decline tokens are no defenders: no Enraged or Orcs bonus (15)."""
    g_ply = g.ply
    t_race = t.race
    vc = 0
    if g_ply[p, P_RACE] == NIGHT_ELVES and g.board[r, B_TERRAIN] == FOREST:
        place_wisp_wall(g, t, r)
    power = g_ply[p, P_POWER]
    opponent = def_player != p
    if power == BATTLE_MASTER and def_tokens > 0:
        vc += 1
    if power == ENRAGED and opponent and def_tokens >= 2:
        vc += def_tokens
    if (
        g_ply[p, P_RACE] == ORCS
        and opponent
        and def_race >= 0
        and def_race != MURLOC
        and t_race[def_race, RT_FACTION] == ALLIANCE
    ):
        vc += 1
    if g.reg[r, R_OBJECTIVE] == 1:
        vc += claim_objective(g, t, p, r)
    return vc


# -------------------------------------------------------------------- on a loss
@inline_kernel
def tokens_lost(g, t, q, r, decline, n):
    """How many of the n defending tokens of player q are discarded when r falls
    (to a conquest or a Bomb). Active Draenei keep the first one each turn of an
    opponent (the Holy Light; q is never the player whose turn it is)."""
    if decline == 1:
        return n  # in-decline tokens are all discarded
    if in_play(g, LIGHTS_HOPE) and controls_marker(g, q, LIGHTS_HOPE):
        return 0  # checked before r changes hands: the Chapel's region counts too
    if g.reg[r, R_RACE] == DRAENEI and (g.gst[G_HOLY_LIGHT] >> q) & 1 == 0:
        # the Holy Light: only called when a token would really be lost, so the
        # Chapel above does not use it up
        g.gst[G_HOLY_LIGHT] |= 1 << q
        return 0
    return 1


@inline_kernel
def tokens_killed(g, p, n):
    """p's conquest made its defender discard n tokens: the Forsaken count them
    for their enlisting (races.enlist)."""
    if g.ply[p, P_RACE] == FORSAKEN:
        g.gst[G_KILLS] += n


# ------------------------------------------------------------------- turn start
@inline_kernel
def take_beasts(g, t, p):
    """Beast Master's turn start: discard all its Beasts, then take one from the
    box per Hill region the active race holds (as many as the box still has)."""
    beasts_for_turn(g.reg, g.ply, g.board, g.gst[G_NREG], t.params[PAR_CAPS + C_BEASTS], p)


@kernel
def beasts_for_turn(g_reg, g_ply, g_board, nreg, cap, p):
    """take_beasts on plain arrays (cheaper to compile than on the game tuple)."""
    hills = 0
    elsewhere = 0
    for r in range(nreg):
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
            g_reg[r, R_BEASTS] = 0
            if g_board[r, B_TERRAIN] == HILLS:
                hills += 1
        else:
            elsewhere += g_reg[r, R_BEASTS]
    n = max(0, min(hills, cap - elsewhere))
    g_ply[p, P_HAND] += n - g_ply[p, P_BEASTS]
    g_ply[p, P_BEASTS] = n


@inline_kernel
def turn_start(g, t, p, form):
    """Start-of-turn effects of the active race; returns the VC it gains or pays
    (the caller books them): Worgen human form +2, Worgen form -1. Resets the
    power's uses of the turn (Beast Master's Beasts: turn.active_turn_begins)."""
    g.ply[p, P_USES] = 0
    if g.ply[p, P_RACE] == WORGEN:
        if form == FORM_WORGEN and g.ply[p, P_COINS] >= WORGEN_FORM_PRICE:
            g.ply[p, P_FORM] = FORM_WORGEN
            return -WORGEN_FORM_PRICE
        g.ply[p, P_FORM] = FORM_HUMAN
        return WORGEN_HUMAN_VC
    g.ply[p, P_FORM] = FORM_HUMAN
    return 0


# ----------------------------------------------------------------------- scoring
@kernel
def touches_water(board, adj, r):
    for k in range(board[r, B_DEGREE]):
        if water_terrain(board[adj[r, k], B_TERRAIN]):
            return True
    return False


@inline_kernel
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


@inline_kernel
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


@inline_kernel
def bonus_per_region(race, power):
    """Whether (race, power) may earn a bonus on a region without face-up markers
    (terrain_bonus): callers skip region_bonus when neither this nor a marker applies."""
    return race == BLOOD_ELVES or (
        power == FARMER
        or power == HERBALIST
        or power == RANGER
        or power == SWAMP_WALKER
        or power == MOUNTAINEER
        or power == MINING
        or power == FISHING
    )


@kernel
def region_bonus(board, adj, reg, race, power, r):
    """Bonus VC the active (race, power) collects at turn's end for holding r alone.
    Takes the arrays, not the game: it runs once per region in hot loops."""
    assume_equal(board.shape[1], B_NF)  # the shapes the game is built with (engine/state.py)
    assume_equal(adj.shape[1], MAX_DEGREE)
    assume_equal(reg.shape[1], R_NF)
    near_water = power == FISHING and touches_water(board, adj, r)
    return terrain_bonus(
        race, power, board[r, B_TERRAIN], board[r, B_SYMBOLS], near_water
    ) + marker_bonus(power, reg[r, R_MARKERS_UP])


@kernel
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
    per_region = bonus_per_region(race, power)
    # p's regions that ask for region_bonus are listed first without a branch per
    # region (which are p's is unpredictable): all of them for a bonus per region,
    # else those with a face-up marker (rarely any). g.work is free at scoring.
    listed = g.work
    n = 0
    for r in range(g_gst[G_NREG]):
        own = (g_reg[r, R_PLAYER] == p) & (g_reg[r, R_DECLINE] == 0)
        boards |= np.int64(own) << g_board[r, B_BOARD]
        listed[n] = r
        n += own & (per_region | (g_reg[r, R_MARKERS_UP] != 0))
    for i in range(n):
        r = listed[i]
        assume_nonnegative(r)  # a region: indexing needs no wraparound
        vc += region_bonus(g_board, g_adj, g_reg, race, power, r)
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


@inline_kernel
def decline_bonus(g, t, p):
    """End-of-turn bonus VC that an in-decline race still earns (the Well of Eternity)."""
    return well_bonus(g, p, 1)


# ------------------------------------------------------------------ redeployment
@kernel
def race_tokens_in_play(g, race):
    """Tokens of `race` on the boards or in a player's hand (Beasts aside)."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    n = 0
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_RACE] == race:
            n += g_reg[r, R_TOKENS]
    for p in range(g_gst[G_PLAYERS]):
        if g_ply[p, P_RACE] == race:
            n += g_ply[p, P_HAND] - g_ply[p, P_BEASTS]
    return n


@inline_kernel
def redeploy_bonus_tokens(g, t, p):
    """Tokens a race receives from the tray before redeploying: the Spirit Healer
    gives its active race one, while the box has one left."""
    if not in_play(g, SPIRIT_HEALER) or not controls_marker(g, p, SPIRIT_HEALER):
        return 0
    race = g.ply[p, P_RACE]
    return 1 if race_tokens_in_play(g, race) < t.race[race, RT_BOX] else 0


# ----------------------------------------------------------------------- decline
@inline_kernel
def power_lasts_in_decline(power):
    """Powers that stay in effect for an in-decline race (Garrisoned, Marshdweller)."""
    return power == GARRISONED or power == MARSHDWELLER


@inline_kernel
def pieces_to_hand(reg, ply, p, r):
    """p's active race takes back its pieces on r with its tokens (readying its
    troops, abandoning r): Beast Master's Beasts go to hand, the Champion off the map."""
    b = reg[r, R_BEASTS]
    if b > 0:
        reg[r, R_BEASTS] = 0
        ply[p, P_HAND] += b
        ply[p, P_BEASTS] += b
    if reg[r, R_CHAMPION] > 0:
        reg[r, R_CHAMPION] = 0
        ply[p, P_CHAMPION] = 1


@inline_kernel
def on_decline(g, t, p):
    """p's active race goes into decline: the pieces of powers that end with it
    leave the map (Watch Towers, Beasts, the Champion; Forts stay), and so do the
    Humans' Military Objectives (the race power ends with the active race)."""
    g_reg = g.reg
    humans = g.ply[p, P_RACE] == HUMANS
    for r in range(g.gst[G_NREG]):
        if humans:
            g_reg[r, R_OBJECTIVE] = 0
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
            g_reg[r, R_TOWER] = 0
            g_reg[r, R_BEASTS] = 0
            g_reg[r, R_CHAMPION] = 0
    g.ply[p, P_BEASTS] = 0
    g.ply[p, P_CHAMPION] = 0


# --------------------------------------------------------------------- turn end
@inline_kernel
def fields_majority(board, adj, reg, r, race):
    """Whether `race` holds more of r's neighbours than any other race (active
    or in decline; Murlocs are a race too)."""
    own = 0
    most = 0
    deg = board[r, B_DEGREE]
    for k in range(deg):
        x = reg[adj[r, k], R_RACE]
        if x < 0:
            continue
        if x == race:
            own += 1
            continue
        n = 0
        for j in range(deg):
            if reg[adj[r, j], R_RACE] == x:
                n += 1
        most = max(most, n)
    return own > most


@inline_kernel
def turn_end(g, t, p):
    """turn_pieces on the game's arrays."""
    turn_pieces(g.reg, g.ply, g.board, g.adj, g.work, g.gst[G_NREG], t.params, p)


@kernel
def turn_pieces(g_reg, g_ply, g_board, g_adj, want, nreg, params, p):
    """End of p's turn (after redeployment, before scoring). Garrisoned: a Fort
    on each region of the race without one. Defensive: Watch Towers leave the
    Fields where the race lost the majority of neighbours, then go on those
    where it holds it. Both within the box, in region order. want[] is scratch
    (1 where the race may have its piece)."""
    power = g_ply[p, P_POWER]
    if power != GARRISONED and power != DEFENSIVE:
        return
    race = g_ply[p, P_RACE]
    col = R_FORT if power == GARRISONED else R_TOWER
    cap = params[PAR_CAPS + (C_FORTS if power == GARRISONED else C_WATCH_TOWERS)]
    n_on = 0
    for r in range(nreg):
        want[r] = 0
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
            if power == GARRISONED:
                want[r] = 1
            elif g_board[r, B_TERRAIN] == FIELDS and fields_majority(
                g_board, g_adj, g_reg, r, race
            ):
                want[r] = 1
            else:
                g_reg[r, R_TOWER] = 0
        n_on += g_reg[r, col]
    for r in range(nreg):
        if n_on >= cap:
            return
        if want[r] == 1 and g_reg[r, col] == 0:
            g_reg[r, col] = 1
            n_on += 1
