"""A scripted bot that plays like a decent human.

- Combo: tokens, plus what the race and power are worth (a value table below),
  plus coins lying on the combo, minus its price; abilities that pay per turn
  count less when few turns are left.
- Conquest: the cheapest valuable region first (value per token), so a turn
  takes as many good regions as it can; when nothing is affordable the last
  tokens try the reinforcement die on the region with the best odds x value.
- Redeployment: spare tokens go where opponents can strike next (neighbouring
  active enemies, Entry regions), most where the threat per defender is highest;
  a Champion goes where the threat is highest.
  In the last round only the players still to play count.
- Decline: a parameterized rule (tokens free to attack below a threshold once
  the race is old enough, or at a fixed age), never in the last round.
- Race pieces: Forsaken buy every token but in the last round; Gnomes fly when
  it beats the best normal conquest; Goblins bomb every region they may, the
  richest opponent first (policy.choose_bombs); Humans put Objectives where they
  can take them cheapest (objective_score); a Harmony holder pays the Pandaren
  only where it is worth it.
"""

from __future__ import annotations

import numpy as np

from analyzer.engine.conquest import (
    defended_cost,
    die_reach,
    far_cost,
    place_next_door,
)
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    B_DEGREE,
    B_SYMBOLS,
    B_TERRAIN,
    G_AIRBORNE,
    G_CLOSED,
    G_COL_COINS,
    G_COL_POWER,
    G_COL_RACE,
    G_DEFEATED,
    G_MODES,
    G_NREG,
    G_PLAYERS,
    G_ROUND,
    G_ROUNDS,
    I_ROUND_PICKED,
    MAX_RACES,
    N_MARKERS,
    P_BEASTS,
    P_CHAMPION,
    P_COINS,
    P_DECLINE_POWER,
    P_FORM,
    P_HAND,
    P_HARMONY,
    P_INSTANCE,
    P_POWER,
    P_RACE,
    PAR_DIE_FACES,
    PAR_FACTION_BONUS,
    PT_BADGE,
    PT_MODELED,
    R_BEASTS,
    R_CHAMPION,
    R_DECLINE,
    R_MARKERS,
    R_MARKERS_UP,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    RT_BANNER,
    RT_FACTION,
    RT_MODELED,
)
from analyzer.model.ids import (
    ALLIANCE,
    BEAST_MASTER,
    DEFENSIVE,
    FIELDS,
    GNOMES,
    HEART,
    HILLS,
    HORDE,
    MARSHDWELLER,
    MURLOC,
    N_ARTIFACTS,
    PANDAREN,
    SYM_ENTRY,
    WORGEN,
)
from analyzer.players.params import (
    H_ABILITY_WEIGHT,
    H_AGGRESSION,
    H_DECLINE_AT_AGE,
    H_DECLINE_MIN_AGE,
    H_DECLINE_ROUND,
    H_DECLINE_TOKENS,
    H_ENTRY_THREAT,
    H_LEADER_FOCUS,
    H_RESERVE,
    H_TOKEN_VALUE,
    H_WORGEN_HAND,
    TARGET_AIRBORNE,
    TARGET_CONQUER,
    TARGET_DIE,
)
from analyzer.rulesets.swow.abilities import (
    FORM_HUMAN,
    FORM_WORGEN,
    HARMONY_PRICE,
    OBJECTIVE_VC,
    bonus_per_region,
    least_conquest_tokens,
    marsh_toll,
    min_region_tokens,
    region_bonus,
)
from analyzer.rulesets.swow.markers import (
    BATTLEGROUND_TIMES,
    DOOMHAMMER_PRICE,
    MODE_ASHES,
    MODE_DOOMHAMMER,
    MODE_ETHEREALS,
    MODE_FROSTMOURNE,
    fighting_faction,
    guard_price,
    marker_region,
    may_steal,
    modes_cost,
)
from analyzer.rulesets.swow.powers import (
    champion_may_go,
    champion_target,
    conquest_hand,
    intimidation_allowed,
    intimidation_dest_ok,
    is_magic,
    swap_ok,
)

# What the bot believes each ability is worth, in tokens, over a race's life.
# Bot knowledge, not rules: only abilities the engine models are counted.
RACE_VALUE = np.array(
    # blood_elves draenei dwarves ethereals forsaken gnomes goblins humans
    [1.0, 1.0, 1.0, 1.0, 2.0, 1.5, 1.5, 1.5,
     # kobolds naga night_elves orcs pandaren tauren trolls worgen
     1.0, 1.0, 1.5, 1.0, 1.5, -4.0, 1.5, 1.5, 0.0],
    dtype=np.float64,
)  # fmt: skip
POWER_VALUE = np.array(
    # archaeologist battle_master beast_master blacksmith championing defensive
    [0.5, 1.5, 1.5, 2.0, 2.0, 1.0,
     # enraged explorer farmer fishing garrisoned herbalist intimidating
     1.0, 1.5, 1.5, 1.5, 1.0, 1.5, 1.5,
     # marshdweller mining mountaineer portal_mage ranger sailing swamp_walker
     0.5, 1.5, 1.5, 0.5, 1.5, 1.0, 1.5],
    dtype=np.float64,
)  # fmt: skip
# What taking a region with a face-up marker is worth on top of its VC, in tokens
# (the Dark Portal's 2 VC already count through region_bonus; the Well lies in water).
MARKER_VALUE = np.array(
    # aegis ashes doomhammer frostmourne heart
    [1.0, 1.0, 1.0, 1.5, 1.0,
     # battleground dark_portal karazhan lights_hope meeting_stone spirit_healer well
     0.5, 0.0, 1.0, 1.0, 0.5, 1.0, 0.0],
    dtype=np.float64,
)  # fmt: skip
FACE_DOWN_VALUE = 0.5  # a face-down marker: any of the twelve


@inline_kernel
def turns_left(g, p):
    """Turns p still plays, this one included."""
    return g.gst[G_ROUNDS] - g.gst[G_ROUND] + 1


# ------------------------------------------------------------------------ combo
@kernel
def heuristic_combo(g, t, p, n_visible):
    g_ply = g.ply
    g_gst = g.gst
    g_pol = g.pol
    t_race = t.race
    t_power = t.power
    life = min(1.0, turns_left(g, p) / 3.0)
    best = 0
    best_value = -1e9
    for k in range(min(n_visible, g_ply[p, P_COINS] + 1)):
        race = g_gst[G_COL_RACE + k]
        power = g_gst[G_COL_POWER + k]
        tokens = t_race[race, RT_BANNER] + t_power[power, PT_BADGE]
        ability = 0.0
        if t_race[race, RT_MODELED] > 0:
            ability += RACE_VALUE[race]
        if t_power[power, PT_MODELED] > 0:
            ability += POWER_VALUE[power]
        value = (
            g_pol[p, H_TOKEN_VALUE] * tokens
            + g_pol[p, H_ABILITY_WEIGHT] * ability * life
            + g_gst[G_COL_COINS + k]
            - k
        )
        if value > best_value:
            best_value = value
            best = k
    return best


# ---------------------------------------------------------------------- decline
@kernel
def free_tokens(g, p):
    """Tokens p could bring to conquest this turn after readying troops."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    keep = min_region_tokens(g_ply[p, P_RACE])
    n = g_ply[p, P_HAND]
    for r in range(g_gst[G_NREG]):
        if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
            n += g_reg[r, R_TOKENS] - keep
    return n


@kernel
def heuristic_decline(g, t, p):
    if turns_left(g, p) <= 1:
        return False  # a race picked in the last turn would never play
    i = g.ply[p, P_INSTANCE]
    age = g.gst[G_ROUND] - g.inst[i, I_ROUND_PICKED]
    at_round = g.pol[p, H_DECLINE_ROUND]
    if at_round > 0:  # the "decline in round r" family of the decline study
        return age >= 1 and g.gst[G_ROUND] == at_round
    at_age = g.pol[p, H_DECLINE_AT_AGE]
    if at_age > 0:
        return age >= at_age
    if age < g.pol[p, H_DECLINE_MIN_AGE]:
        return False
    return free_tokens(g, p) < g.pol[p, H_DECLINE_TOKENS]


@inline_kernel
def heuristic_form(g, t, p):
    if g.ply[p, P_RACE] == WORGEN and free_tokens(g, p) >= g.pol[p, H_WORGEN_HAND]:
        return FORM_WORGEN
    return FORM_HUMAN


# --------------------------------------------------------------------- conquest
@inline_kernel
def leader(g):
    g_ply = g.ply
    g_gst = g.gst
    best = 0
    for q in range(1, g_gst[G_PLAYERS]):
        if g_ply[q, P_COINS] > g_ply[best, P_COINS]:
            best = q
    return best


@inline_kernel
def opposite(f1, f2):
    return (f1 == ALLIANCE and f2 == HORDE) or (f1 == HORDE and f2 == ALLIANCE)


@inline_kernel
def die_success(t_params, short):
    """Chance that the reinforcement die makes up `short` tokens (t_params: the
    tables' params, hoisted: a `t.params` read per face costs a refcount update)."""
    n = 0
    for k in range(6):
        if t_params[PAR_DIE_FACES + k] >= short:
            n += 1
    return n / 6.0


DISCOUNTS = MODE_FROSTMOURNE | MODE_ETHEREALS


@inline_kernel
def popcount(bits):
    n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


@inline_kernel
def markers_worth(markers, up):
    """What the markers lying on a region are worth to whoever takes it."""
    v = 0.0
    for m in range(N_MARKERS):
        if (up >> m) & 1:
            v += MARKER_VALUE[m]
        elif (markers >> m) & 1:
            v += FACE_DOWN_VALUE
    return v


@kernel
def heuristic_target(g, t, p):
    """The region worth most per token among the affordable ones, with the open
    Artifact or Ethereals mode that makes it cheapest (the Doomhammer only when it
    saves 3 tokens or more); when none is affordable, the best die attempt
    (value x chance), without modes.

    Pandaren regions carry the Harmony fee, shared over the Pandaren regions the
    hand can take: the bot pays only when taking them is worth more than 2 VC.
    The Gnomes weigh an airborne assault on any region they can surely afford,
    its cost lowered by the free die's mean, against the best normal conquest."""
    reg = g.reg
    ply = g.ply
    board = g.board
    adj = g.adj
    cost = g.cost
    work = g.work
    t_params = t.params
    gst = g.gst
    pol = g.pol
    defeated = gst[G_DEFEATED : G_DEFEATED + MAX_RACES]
    race_tab = t.race
    race = ply[p, P_RACE]
    power = ply[p, P_POWER]
    form = ply[p, P_FORM]
    least = least_conquest_tokens(t, race)
    faction, times = fighting_faction(g, t, p)
    faction_bonus = t_params[PAR_FACTION_BONUS]
    aggression = pol[p, H_AGGRESSION]
    leader_focus = pol[p, H_LEADER_FOCUS]
    hand = ply[p, P_HAND]
    coins = ply[p, P_COINS]
    avail = gst[G_MODES]
    harmony_due = gst[G_CLOSED]
    budget = hand - int(pol[p, H_RESERVE])
    reach = die_reach(t, race, hand)
    lead = leader(g)
    nreg = gst[G_NREG]
    fee = 0.0
    if ply[p, P_HARMONY] == 1:
        # the fee is shared by the Pandaren regions the hand could take
        n_pandaren = 0
        cheapest = hand + 1
        for r in range(nreg):
            if reg[r, R_RACE] == PANDAREN and 0 <= cost[r] <= hand:
                n_pandaren += 1
                cheapest = min(cheapest, cost[r])
        fee = HARMONY_PRICE / max(min(n_pandaren, hand // cheapest), 1)
    airborne = race == GNOMES and gst[G_AIRBORNE] == 0
    mean_roll = 0.0
    if airborne:
        for k in range(6):
            mean_roll += t_params[PAR_DIE_FACES + k] / 6.0
    # terrain a power makes worth more (a Beast every turn on Hills, a Watch
    # Tower possible on Fields), and whether a Marshdweller may ask a coin
    power_terrain = -1
    power_terrain_value = 0.0
    if power == BEAST_MASTER:
        power_terrain = HILLS
        power_terrain_value = 1.0
    elif power == DEFENSIVE:
        power_terrain = FIELDS
        power_terrain_value = 0.5
    marsh = False
    for q in range(gst[G_PLAYERS]):
        if q != p and (ply[q, P_POWER] == MARSHDWELLER or ply[q, P_DECLINE_POWER] == MARSHDWELLER):
            marsh = True
    per_region = bonus_per_region(race, power)
    best = -1
    best_mode = 0
    best_score = 0.0
    best_die = -1
    best_die_score = 0.0
    best_air = -1
    best_air_score = 0.0
    for r in range(nreg):
        c = cost[r]
        ac = -1
        if airborne and (reg[r, R_PLAYER] != p or reg[r, R_DECLINE] != 0):
            # conquest.airborne_cost on the hoisted arrays (a call per region
            # taking the game and the tables costs a refcount update per array)
            if coins >= guard_price(reg, p, r):
                ac = defended_cost(
                    board, reg, ply, r, p, race, power, form, 0, t_params, least, harmony_due, coins
                )
        air_ok = 0 <= ac <= budget
        if c < 0 and (avail & MODE_ASHES) == 0 and not air_ok:
            continue
        if c > budget and c > reach and (avail & MODE_DOOMHAMMER) == 0 and not air_ok:
            # out of reach unless the open discounts (2 each, the Ashes' travel) bring it in
            if avail == 0 or c - 2 * popcount(avail & DISCOUNTS) - 1 > budget:
                continue
        price = 0
        if reg[r, R_MARKERS] != 0:
            price = guard_price(reg, p, r)
            if price > coins:
                continue
        # what taking r is worth this turn, in VC-like units
        value = 1.0 - price
        if per_region or reg[r, R_MARKERS_UP] != 0:
            value += region_bonus(board, adj, reg, race, power, r)
        if reg[r, R_MARKERS] != 0:
            value += markers_worth(reg[r, R_MARKERS], reg[r, R_MARKERS_UP])
        if power_terrain >= 0 or marsh:
            terrain = board[r, B_TERRAIN]
            if terrain == power_terrain:
                value += power_terrain_value
            if marsh and marsh_toll(ply, reg, p, r, terrain) >= 0:
                value -= 1.0  # the Marshdweller's coin
        def_race = reg[r, R_RACE]
        q = reg[r, R_PLAYER]
        if def_race >= 0 and def_race != MURLOC:
            if defeated[def_race] < times and opposite(faction, race_tab[def_race, RT_FACTION]):
                value += faction_bonus
            if q >= 0 and q != p:
                value += aggression
                if q == lead:
                    value += leader_focus
        if def_race == PANDAREN:
            value -= fee
        if reg[r, R_OBJECTIVE] == 1 and faction != HORDE:
            value += OBJECTIVE_VC
        for k in range(board[r, B_DEGREE]):
            if reg[adj[r, k], R_PLAYER] != p:
                value += 0.05  # room to grow
        if value <= 0.0:
            continue
        if air_ok:
            score = value / max(ac - mean_roll, 1.0)
            if score > best_air_score:
                best_air_score = score
                best_air = r
        if 0 <= c <= budget:
            score = value / c
            if score > best_score:
                best_score = score
                best = r
                best_mode = 0
        elif hand < c <= reach:
            score = value * die_success(t_params, c - hand)
            if score > best_die_score:
                best_die_score = score
                best_die = r
        if avail != 0:
            c_far = -1
            if avail & MODE_ASHES:
                c_far = far_cost(
                    board,
                    reg,
                    ply,
                    work,
                    r,
                    p,
                    race,
                    power,
                    form,
                    t_params,
                    least,
                    harmony_due,
                    coins,
                )
            next_door = place_next_door(reg, work, r)
            for i in range(N_MARKERS + 1):  # each open mode alone
                b = 1 << i
                if avail & b == 0:
                    continue
                cm = modes_cost(c, c_far, next_door, b, least)
                if cm < 0 or cm > budget or (c >= 0 and cm >= c):
                    continue
                vm = value
                if b == MODE_DOOMHAMMER:
                    if price + DOOMHAMMER_PRICE > coins or (c >= 0 and c - cm < 3):
                        continue
                    vm -= DOOMHAMMER_PRICE
                score = vm / cm
                if score > best_score:
                    best_score = score
                    best = r
                    best_mode = b
    if best_air >= 0 and best_air_score > best_score:
        return best_air, TARGET_AIRBORNE, 0
    if best >= 0:
        return best, TARGET_CONQUER, best_mode
    if best_die >= 0:
        return best_die, TARGET_DIE, 0
    return -1, TARGET_CONQUER, 0


# ------------------------------------------------------------------ race pieces
@inline_kernel
def heuristic_enlist(g, t, p, most):
    """Forsaken: buy every token while the race has a turn left to use it."""
    return most if turns_left(g, p) >= 2 else 0


@inline_kernel
def objective_score(t, reg, cost, r):
    """Humans: how good r is for a Military Objective (cost[] holds what the Humans
    would pay next turn): the cheapest target first, a Horde region (no Horde
    conqueror can claim it) first on a tie; a Horde region out of reach after
    every target; any other region never (-1e6)."""
    race = reg[r, R_RACE]
    horde = race >= 0 and race != MURLOC and t.race[race, RT_FACTION] == HORDE
    if cost[r] >= 0:
        return -cost[r] + (0.5 if horde else 0.0)
    return -1e3 if horde else -1e6


@inline_kernel
def heuristic_steal(g, t, p):
    """Ethereals: pull the most valuable Artifact no Aegis guards next to them into
    their neighbouring region with the most tokens."""
    reg = g.reg
    board = g.board
    adj = g.adj
    best_m = -1
    best_dst = -1
    best_value = -1.0
    for m in range(N_ARTIFACTS):
        src = marker_region(g, m)
        if src < 0 or guard_price(reg, p, src) > 0:
            continue
        for j in range(board[src, B_DEGREE]):  # the thief stands next to it
            dst = adj[src, j]
            if reg[dst, R_PLAYER] == p and may_steal(g, p, m, src, dst):
                v = MARKER_VALUE[m] + 0.01 * reg[dst, R_TOKENS]
                if v > best_value:
                    best_value = v
                    best_m = m
                    best_dst = dst
    return best_m, best_dst


@inline_kernel
def heuristic_side(g, t, p):
    """A Neutral race on the Battleground fights against the faction it has beaten
    more this turn, then the one with more regions next to its own."""
    reg = g.reg
    board = g.board
    adj = g.adj
    race_tab = t.race
    score = 0.0  # > 0: more Horde to beat, so fight for the Alliance
    for d in range(MAX_RACES):
        n = g.gst[G_DEFEATED + d]
        if d != MURLOC and n > 0:
            f = race_tab[d, RT_FACTION]
            w = 10.0 * min(n, BATTLEGROUND_TIMES)
            score += w if f == HORDE else (-w if f == ALLIANCE else 0.0)
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] != p or reg[r, R_DECLINE] != 0:
            continue
        for k in range(board[r, B_DEGREE]):
            d = reg[adj[r, k], R_RACE]
            if d >= 0 and d != MURLOC and reg[adj[r, k], R_PLAYER] != p:
                f = race_tab[d, RT_FACTION]
                score += 1.0 if f == HORDE else (-1.0 if f == ALLIANCE else 0.0)
    return ALLIANCE if score > 0 else HORDE


@inline_kernel
def heuristic_artifact_region(g, t, p, m):
    """The Aegis guards the region most exposed to opponents (neighbouring active
    enemies, an Entry); the Heart goes where the most opponents' active races
    touch it."""
    reg = g.reg
    board = g.board
    adj = g.adj
    n_players = g.gst[G_PLAYERS]
    entry_threat = g.pol[p, H_ENTRY_THREAT]
    best = -1
    best_score = -1.0
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] != p or reg[r, R_DECLINE] != 0:
            continue
        score = 0.0
        if m == HEART:
            for q in range(n_players):
                if q == p:
                    continue
                for k in range(board[r, B_DEGREE]):
                    nb = adj[r, k]
                    if reg[nb, R_PLAYER] == q and reg[nb, R_DECLINE] == 0:
                        score += 1.0
                        break
        else:
            for k in range(board[r, B_DEGREE]):
                nb = adj[r, k]
                q = reg[nb, R_PLAYER]
                if q >= 0 and q != p and reg[nb, R_DECLINE] == 0:
                    score += 1.0
            if (board[r, B_SYMBOLS] & SYM_ENTRY) != 0:
                score += entry_threat * (n_players - 1)
        if score > best_score:
            best_score = score
            best = r
    return best


# ---------------------------------------------------------------- redeployment
@kernel
def heuristic_place(g, t, p):
    """Spare tokens go one by one where the threat per defender is highest.

    Threat of a region: neighbouring regions of opponents' active races, plus
    a share per opponent for an Entry region; in the last round only the
    players still to play count.
    """
    reg = g.reg
    board = g.board
    adj = g.adj
    own = g.work
    danger = g.fwork
    n_players = g.gst[G_PLAYERS]
    me = g.ply[p, P_RACE]
    last_round = g.gst[G_ROUND] == g.gst[G_ROUNDS]
    entry_threat = g.pol[p, H_ENTRY_THREAT]
    still_to_play = n_players - 1
    if last_round:
        still_to_play = n_players - 1 - p
    n_own = 0
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] != p or reg[r, R_DECLINE] != 0:
            continue
        d = 0.0
        for k in range(board[r, B_DEGREE]):
            nb = adj[r, k]
            q = reg[nb, R_PLAYER]
            if q >= 0 and q != p and reg[nb, R_DECLINE] == 0 and reg[nb, R_RACE] != me:
                if not (last_round and q < p):
                    d += 1.0
        if (board[r, B_SYMBOLS] & SYM_ENTRY) != 0:
            d += entry_threat * still_to_play
        own[n_own] = r
        danger[n_own] = d
        n_own += 1
    if n_own == 0:
        return
    # one token at a time, as place_tokens would put it (Beasts in hand first),
    # without a call per token
    ply = g.ply
    hand = ply[p, P_HAND]
    beasts = ply[p, P_BEASTS]
    while hand > 0:
        best = 0
        best_score = -1.0
        for i in range(n_own):
            score = (danger[i] + 1e-3) / (reg[own[i], R_TOKENS] + 1)
            if score > best_score:
                best_score = score
                best = i
        if beasts > 0:
            reg[own[best], R_BEASTS] += 1
            beasts -= 1
        else:
            reg[own[best], R_TOKENS] += 1
        hand -= 1
    ply[p, P_HAND] = 0
    ply[p, P_BEASTS] = beasts
    if g.ply[p, P_CHAMPION] == 1:
        # the Champion stands where the threat is highest
        best = 0
        for i in range(1, n_own):
            if danger[i] > danger[best]:
                best = i
        reg[own[best], R_CHAMPION] = 1
        g.ply[p, P_CHAMPION] = 0


# ---------------------------------------------------------------------- powers
@kernel
def heuristic_champion(g, t, p):
    """The Champion takes the dearest region it may (the most tokens saved),
    the richer one on a tie."""
    if not champion_may_go(g, p):
        return -1
    reg = g.reg
    board = g.board
    adj = g.adj
    cost = g.cost
    work = g.work
    race = g.ply[p, P_RACE]
    power = g.ply[p, P_POWER]
    best = -1
    best_score = -1e9
    for r in range(g.gst[G_NREG]):
        if champion_target(cost, work, r):
            score = cost[r] + 0.1 * region_bonus(board, adj, reg, race, power, r)
            if score > best_score:
                best_score = score
                best = r
    return best


@kernel
def heuristic_intimidation(g, t, p):
    """Weaken the opponent region that becomes the cheapest conquest (active
    races, and the leader, count more), if the hand can then take it; the token
    goes to the race's region farthest from us (not a neighbour), if any."""
    reg = g.reg
    ply = g.ply
    cost = g.cost
    work = g.work
    nreg = g.gst[G_NREG]
    hand = conquest_hand(g, p)
    aggression = g.pol[p, H_AGGRESSION]
    lead = leader(g)
    src = -1
    best_score = 0.0
    for r in range(nreg):
        c = cost[r]
        if c < 0 or c - 1 > hand or not intimidation_allowed(reg, ply, work, p, r):
            continue
        value = 1.0
        q = reg[r, R_PLAYER]
        if q >= 0:
            value += aggression
            if q == lead:
                value += g.pol[p, H_LEADER_FOCUS]
        score = value / max(1, c - 1)
        if score > best_score:
            best_score = score
            src = r
    if src < 0:
        return -1, -1
    dst = -1
    for d in range(nreg):
        if intimidation_dest_ok(reg, src, d) and (dst < 0 or work[d] == 0):
            dst = d
    return src, dst


@kernel
def heuristic_swap(g, t, p):
    """Swap one of our Magic regions with another Magic region when that moves
    the race onto at least 1 VC more of bonus per turn (a Legendary Place such as
    the Dark Portal stays put, terrain bonuses follow the region)."""
    reg = g.reg
    board = g.board
    adj = g.adj
    nreg = g.gst[G_NREG]
    race = g.ply[p, P_RACE]
    power = g.ply[p, P_POWER]
    best_a = -1
    best_b = -1
    best_gain = 0.99
    for a in range(nreg):
        if reg[a, R_PLAYER] != p or reg[a, R_DECLINE] != 0 or not is_magic(board, a):
            continue
        here = region_bonus(board, adj, reg, race, power, a)
        for b in range(nreg):
            if reg[b, R_PLAYER] == p or not is_magic(board, b) or not swap_ok(g, t, p, a, b):
                continue
            gain = region_bonus(board, adj, reg, race, power, b) - here
            if gain > best_gain:
                best_gain = gain
                best_a = a
                best_b = b
    return best_a, best_b
