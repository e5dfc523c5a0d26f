"""What the bots' general planning (players/heuristic.py, random_player.py) asks
of SWoW when it weighs a conquest and places its tokens: the Gnomes' airborne
assault, the Harmony fee, the marker guards and worth, the power terrains, the
Marshdweller's coin, the Faction Bonus, the Military Objectives, and the Beasts
and the Champion in hand. Bot knowledge, not rules (the rules are the
abilities'); the additions keep the order the planning had when it named them
itself, so every game plays as before."""

from __future__ import annotations

from analyzer.engine.conquest import defended_cost
from analyzer.engine.jit import inline_kernel
from analyzer.engine.layout import (
    B_TERRAIN,
    G_AIRBORNE,
    G_DEFEATED,
    G_NREG,
    G_PLAYERS,
    N_MARKERS,
    P_BEASTS,
    P_CHAMPION,
    P_DECLINE_POWER,
    P_HARMONY,
    P_POWER,
    P_RACE,
    PAR_DIE_FACES,
    PAR_FACTION_BONUS,
    R_BEASTS,
    R_CHAMPION,
    R_DECLINE,
    R_MARKERS,
    R_MARKERS_UP,
    R_OBJECTIVE,
    R_PLAYER,
    R_RACE,
    RT_FACTION,
    STREAM_SEAT0,
)
from analyzer.engine.rng import randint
from analyzer.players.params import H_AGGRESSION
from analyzer.rulesets.swow.abilities import (
    HARMONY_PRICE,
    OBJECTIVE_VC,
    bonus_per_region,
    marsh_toll,
    region_bonus,
)
from analyzer.rulesets.swow.ids import (
    ALLIANCE,
    BEAST_MASTER,
    DEFENSIVE,
    FIELDS,
    GNOMES,
    HILLS,
    HORDE,
    MARSHDWELLER,
    MURLOC,
    PANDAREN,
)
from analyzer.rulesets.swow.markers import fighting_faction, guard_price
from analyzer.rulesets.swow.rivals import finished_players
from analyzer.rulesets.swow.values import markers_worth

# the heuristic tries each open conquest mode alone: one per marker, the Ethereals'
N_MODES = N_MARKERS + 1


@inline_kernel
def opposite(f1, f2):
    return ((f1 == ALLIANCE) & (f2 == HORDE)) | ((f1 == HORDE) & (f2 == ALLIANCE))


@inline_kernel
def air_open(g, p):
    """Whether p may still launch an airborne assault this turn (the Gnomes)."""
    return g.ply[p, P_RACE] == GNOMES and g.gst[G_AIRBORNE] == 0


@inline_kernel
def air_cost(board, reg, ply, r, p, race, power, form, t_params, least, fee_due, coins):
    """races.airborne_cost on plain arrays (a call per region taking the game and
    the tables costs a refcount update per array): -1 where it cannot go."""
    if (reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0) or coins < guard_price(reg, p, r):
        return -1
    return defended_cost(
        board, reg, ply, r, p, race, power, form, 0, t_params, least, fee_due, coins
    )


@inline_kernel
def target_context(g, t, p, hand, cost):
    """What the heuristic works out once per target choice: the Harmony fee per
    Pandaren region, the die's mean (for the Gnomes' free die), the terrain p's
    power makes worth more, whether a Marshdweller may ask a coin, p's
    Faction Bonus (side, times, VC), and in the last round the players below p,
    whose final scores are in, with the worth p adds to any opponent's region
    (its aggression: rivals.py)."""
    reg = g.reg
    ply = g.ply
    t_params = t.params
    race = ply[p, P_RACE]
    power = ply[p, P_POWER]
    faction, times = fighting_faction(g, t, p)
    fee = 0.0
    if ply[p, P_HARMONY] == 1:
        # the fee is shared by the Pandaren regions the hand could take
        n_pandaren = 0
        cheapest = hand + 1
        for r in range(g.gst[G_NREG]):
            if reg[r, R_RACE] == PANDAREN and 0 <= cost[r] <= hand:
                n_pandaren += 1
                cheapest = min(cheapest, cost[r])
        fee = HARMONY_PRICE / max(min(n_pandaren, hand // cheapest), 1)
    mean_roll = 0.0
    if air_open(g, p):
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
    for q in range(g.gst[G_PLAYERS]):
        if q != p and (ply[q, P_POWER] == MARSHDWELLER or ply[q, P_DECLINE_POWER] == MARSHDWELLER):
            marsh = True
    per_region = bonus_per_region(race, power)
    return (
        fee,
        mean_roll,
        power_terrain,
        power_terrain_value,
        marsh,
        per_region,
        faction,
        times,
        t_params[PAR_FACTION_BONUS],
        finished_players(g, p),
        g.pol[p, H_AGGRESSION],
    )


@inline_kernel
def region_price(reg, p, r):
    """Coins p pays before attacking r (an Aegis), where a marker lies."""
    if reg[r, R_MARKERS] != 0:
        return guard_price(reg, p, r)
    return 0


@inline_kernel
def region_worth(ctx, board, adj, reg, ply, gst, race_tab, p, race, power, r, price):
    """What taking r is worth this turn before the planning's own terms (its
    price paid, its bonuses, its markers, the power's terrain, a Marshdweller's
    coin, the Faction Bonus)."""
    power_terrain = ctx[2]
    marsh = ctx[4]
    value = 1.0 - price
    if ctx[5] or reg[r, R_MARKERS_UP] != 0:
        value += region_bonus(board, adj, reg, race, power, r)
    if reg[r, R_MARKERS] != 0:
        value += markers_worth(reg[r, R_MARKERS], reg[r, R_MARKERS_UP])
    if power_terrain >= 0 or marsh:
        terrain = board[r, B_TERRAIN]
        value += ctx[3] if terrain == power_terrain else 0.0
        if marsh and marsh_toll(ply, reg, p, r, terrain) >= 0:
            value -= 1.0  # the Marshdweller's coin
    # The Faction Bonus, not for our own in-decline race: taking it is a cost, not a
    # victory (docs/rulings.md 15). Who holds r is unpredictable, so the terms that
    # depend on it are tested without a branch and added as 0.0 when they do not
    # apply (which leaves the value as it was, to the last bit).
    def_race = reg[r, R_RACE]
    known = max(def_race, 0)  # a race to look up; the test below drops an empty r
    bonus = (
        (def_race >= 0)
        & (def_race != MURLOC)
        & (reg[r, R_PLAYER] != p)
        & (gst[G_DEFEATED + known] < ctx[7])
        & opposite(ctx[6], race_tab[known, RT_FACTION])
    )
    value += ctx[8] if bonus else 0.0
    return value


@inline_kernel
def region_worth_after(ctx, reg, r, value):
    """The planning's terms are in: the Harmony fee, a Military Objective, and a
    player who has played its last turn (taking its region costs it nothing, so
    it is worth no more than an empty one); each added as 0.0 where it does not
    apply, rather than behind a branch."""
    q = reg[r, R_PLAYER]
    value -= ctx[10] if (q >= 0) & (q < ctx[9]) else 0.0
    value -= ctx[0] if reg[r, R_RACE] == PANDAREN else 0.0
    value += float(OBJECTIVE_VC) if (reg[r, R_OBJECTIVE] == 1) & (ctx[6] != HORDE) else 0.0
    return value


@inline_kernel
def pieces_in_hand(ply, p):
    """Beasts in hand: they go out first, one per token placed."""
    return ply[p, P_BEASTS]


@inline_kernel
def put_piece(reg, r):
    reg[r, R_BEASTS] += 1


@inline_kernel
def set_pieces_in_hand(ply, p, n):
    ply[p, P_BEASTS] = n


@inline_kernel
def place_held_random(g, p, n_own):
    """A Champion in hand goes to a uniformly random region of p's (g.work)."""
    if g.ply[p, P_CHAMPION] == 1:
        g.reg[g.work[randint(g.rng, STREAM_SEAT0 + p, n_own)], R_CHAMPION] = 1
        g.ply[p, P_CHAMPION] = 0


@inline_kernel
def place_held(g, p, n_own):
    """A Champion in hand stands where the threat (g.fwork) is highest."""
    if g.ply[p, P_CHAMPION] == 1:
        danger = g.fwork
        best = 0
        for i in range(1, n_own):
            if danger[i] > danger[best]:
                best = i
        g.reg[g.work[best], R_CHAMPION] = 1
        g.ply[p, P_CHAMPION] = 0
