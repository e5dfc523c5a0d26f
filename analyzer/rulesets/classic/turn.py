"""The original game's hooks into the core's turn (engine/game.py): what its
races and powers do at each point of a turn (the order is in
rulesets/swow/turn.py's notes; after_scoring comes last, after the score).

The hooks of conquest costs, losses, scoring and decline are in abilities.py;
the choices the abilities ask of a seat in bots.py.
"""

from __future__ import annotations

from analyzer.engine.conquest import (
    clear_region,
    compute_targets,
    conquer,
    count_regions,
    die_allowed,
    final_attempt,
    ready_troops,
    roll_die,
    update_targets,
    wipe_decline_race_if_gone,
)
from analyzer.engine.core_layout import (
    B_DEGREE,
    B_SYMBOLS,
    B_TERRAIN,
    G_NREG,
    G_TURN,
    P_DECLINE_RACE,
    P_HAND,
    P_POWER,
    P_RACE,
    P_SEEN_VC,
    PAR_CAPS,
    R_CONQ_TURN,
    R_DECLINE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    RT_BOX,
)
from analyzer.engine.decline import go_into_decline
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.neutral_hooks.rules import is_water  # seas and lakes, as the core has them
from analyzer.players.params import TARGET_DIE
from analyzer.players.policy import choose_target, place_hand
from analyzer.rulesets.classic.abilities import (
    AMAZON_CONQUEST_ONLY,
    mark_near_mountain,
    may_enter_water,
    pieces_fall,
    pieces_on_map,
    race_tokens_in_play,
    region_immune,
)
from analyzer.rulesets.classic.bots import (
    choose_convert,
    choose_dragon_target,
    choose_fortress,
    choose_hero,
    choose_peace,
    choose_stout_decline,
    own_regions,
    place_encampments,
)
from analyzer.rulesets.classic.ids import (
    AMAZONS,
    BERSERK,
    BIVOUACKING,
    DIPLOMAT,
    DRAGON_MASTER,
    FORTIFIED,
    GHOULS,
    GIANTS,
    HEROIC,
    SKELETONS,
    SORCERERS,
    STOUT,
    UNDERWORLD,
)
from analyzer.rulesets.classic.layout import (
    C_ENCAMPMENTS,
    C_FORTRESSES,
    C_HEROES,
    G_ATTACKED,
    G_CONVERTED,
    G_FORTRESS_DONE,
    G_NONEMPTY,
    MOUNTAIN,
    P_ASIDE,
    P_ENCAMP_HAND,
    P_IN_CAVERNS,
    P_LAST_GAIN,
    P_PEACE_FROM,
    P_ROLL,
    P_SPIRIT_RACE,
    P_TALLY_BEFORE,
    P_TURNS,
    R_DRAGON,
    R_ENCAMPMENTS,
    R_FORTRESS,
    R_HERO,
    R_NEAR_MOUNTAIN,
    SYM_CAVERN,
)


@inline_kernel
def turn_begins(g, t, p):
    """The turn's counters start afresh."""
    g.gst[G_NONEMPTY] = 0
    g.gst[G_CONVERTED] = 0
    g.gst[G_FORTRESS_DONE] = 0
    g.gst[G_ATTACKED] = 0
    g.ply[p, P_ROLL] = 0
    g.ply[p, P_TALLY_BEFORE] = g.ply[p, P_SEEN_VC]  # the bots' leader (leader.py)


@inline_kernel
def combo_taken(g, p):
    g.ply[p, P_TURNS] = 0
    g.ply[p, P_ASIDE] = 0
    g.ply[p, P_ENCAMP_HAND] = 0


# R_DECLINE of the player's other regions while its Ghouls play (out of their reach)
HIDDEN_ACTIVE = 2
HIDDEN_DECLINE = 3


@kernel
def ghouls_conquer(g, t, p):
    """p's Ghouls in decline conquer like an active race before p's active race
    moves (docs/rulings.md C8): the Ghouls play as the active race for the while
    (the player's other regions are set aside, immune), they ready their troops,
    conquer as the seat's bot chooses (the die's last attempt too) and redeploy,
    and everything is swapped back. Their conquests count for nothing else of
    the turn (no Orcs' or Pillaging coin, no Diplomat's 'attacked')."""
    reg = g.reg
    ply = g.ply
    gst = g.gst
    nreg = gst[G_NREG]
    race = ply[p, P_RACE]
    power = ply[p, P_POWER]
    hand = ply[p, P_HAND]
    stance = ply[p, P_ROLL]
    nonempty = gst[G_NONEMPTY]
    attacked = gst[G_ATTACKED]
    peace = ply[p, P_PEACE_FROM]
    ply[p, P_PEACE_FROM] = 0  # a Diplomat's peace does not bind tokens in decline
    for r in range(nreg):
        if reg[r, R_PLAYER] == p:
            if reg[r, R_DECLINE] == 0:
                reg[r, R_DECLINE] = HIDDEN_ACTIVE
            elif reg[r, R_RACE] == GHOULS:
                reg[r, R_DECLINE] = 0
            else:
                reg[r, R_DECLINE] = HIDDEN_DECLINE
    ply[p, P_RACE] = GHOULS
    ply[p, P_POWER] = -1  # a power does not last in decline
    ply[p, P_HAND] = 0
    ply[p, P_ROLL] = 0
    ready_troops(g, t, p)
    n = compute_targets(g, t, p)
    while ply[p, P_HAND] > 0 and n > 0:
        r, mode, modes = choose_target(g, t, p)
        if r < 0 or r >= nreg:
            break
        cost = g.cost[r]
        if mode == TARGET_DIE:
            if cost >= 0 and die_allowed(g, t, p, cost):
                final_attempt(g, t, p, r, cost)
            break
        if cost < 0 or cost > ply[p, P_HAND]:
            break
        conquer(g, t, p, r, cost)
        n = update_targets(g, t, p, r, n)
    if count_regions(g, p, 0) > 0:
        place_hand(g, t, p)
    ply[p, P_HAND] = 0  # Ghouls with no region left: their tokens go back to the box
    for r in range(nreg):
        if reg[r, R_PLAYER] == p:
            if reg[r, R_DECLINE] == 0 or reg[r, R_DECLINE] == HIDDEN_DECLINE:
                reg[r, R_DECLINE] = 1
            elif reg[r, R_DECLINE] == HIDDEN_ACTIVE:
                reg[r, R_DECLINE] = 0
    ply[p, P_RACE] = race
    ply[p, P_POWER] = power
    ply[p, P_HAND] = hand
    ply[p, P_ROLL] = stance
    gst[G_NONEMPTY] = nonempty
    gst[G_ATTACKED] = attacked
    ply[p, P_PEACE_FROM] = peace
    wipe_decline_race_if_gone(g, t, p)


@inline_kernel
def active_turn_begins(g, t, p):
    """p's Ghouls in decline conquer first; the Amazons' four set-aside tokens
    come back to hand; a Bivouacking race's first turn takes the box's
    Encampments."""
    ply = g.ply
    if ply[p, P_DECLINE_RACE] == GHOULS or ply[p, P_SPIRIT_RACE] == GHOULS:
        ghouls_conquer(g, t, p)
    ply[p, P_HAND] += ply[p, P_ASIDE]
    ply[p, P_ASIDE] = 0
    if ply[p, P_POWER] == BIVOUACKING and ply[p, P_TURNS] == 0:
        ply[p, P_ENCAMP_HAND] = t.params[PAR_CAPS + C_ENCAMPMENTS]


@kernel
def sorcerers_convert(g, t, p):
    """Once a turn against each opponent, a lone active enemy token next to a
    Sorcerer region becomes a Sorcerer token from the tray (while the tray has
    one); the enemy token goes back to its tray, the region's Lair or Fortress
    goes, its Encampments go back to their player's hand (docs/rulings.md C2).
    Not in water, unless the Sorcerers are Seafaring."""
    reg = g.reg
    ply = g.ply
    board = g.board
    adj = g.adj
    for r in range(g.gst[G_NREG]):
        q = reg[r, R_PLAYER]
        if q < 0 or q == p or reg[r, R_DECLINE] != 0 or reg[r, R_TOKENS] != 1:
            continue
        if (g.gst[G_CONVERTED] >> q) & 1 or region_immune(reg, r):
            continue
        if is_water(g, r) and not may_enter_water(SORCERERS, ply[p, P_POWER]):
            continue  # only a Seafaring race may hold water
        if race_tokens_in_play(g, SORCERERS) >= t.race[SORCERERS, RT_BOX]:
            return
        near = False
        for k in range(board[r, B_DEGREE]):
            nb = adj[r, k]
            if reg[nb, R_PLAYER] == p and reg[nb, R_DECLINE] == 0:
                near = True
        if not near or not choose_convert(g, t, p, r):
            continue
        ply[q, P_ENCAMP_HAND] += reg[r, R_ENCAMPMENTS]
        pieces_fall(reg, r)
        reg[r, R_PLAYER] = p
        reg[r, R_RACE] = SORCERERS
        reg[r, R_TOKENS] = 1
        reg[r, R_CONQ_TURN] = g.gst[G_TURN]
        g.gst[G_CONVERTED] |= 1 << q
        g.gst[G_ATTACKED] |= 1 << q


@inline_kernel
def before_conquests(g, t, p):
    if g.ply[p, P_RACE] == SORCERERS:
        sorcerers_convert(g, t, p)


@kernel
def holds_cavern(g, p):
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 0:
            if g.board[r, B_SYMBOLS] & SYM_CAVERN:
                return 1
    return 0


@kernel
def giants_reach(g, p):
    """R_NEAR_MOUNTAIN afresh for p's active Giants."""
    reg = g.reg
    nreg = g.gst[G_NREG]
    for r in range(nreg):
        reg[r, R_NEAR_MOUNTAIN] = 0
    for r in range(nreg):
        if reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0:
            if g.board[r, B_TERRAIN] == MOUNTAIN:
                mark_near_mountain(g, r)


@kernel
def dragon_conquest(g, t, p):
    """Dragon Master, once a turn: a conquest with one token whatever defends the
    region, where the Dragon then stays (leaving the region it guarded). The bots
    choose it first thing in the turn, among the regions the race may attack."""
    compute_targets(g, t, p)
    r = choose_dragon_target(g, t, p)
    if r < 0:
        return
    reg = g.reg
    for x in range(g.gst[G_NREG]):
        reg[x, R_DRAGON] = 0
    conquer(g, t, p, r, 1)
    reg[r, R_DRAGON] = 1


@inline_kernel
def conquests_begin(g, t, p):
    """Before the targets: Underworld's Caverns, the Dragon's conquest, the
    Giants' reach, Berserk's first roll (it rolls before choosing each target)."""
    race = g.ply[p, P_RACE]
    power = g.ply[p, P_POWER]
    if power == UNDERWORLD:
        g.ply[p, P_IN_CAVERNS] = holds_cavern(g, p)
    elif power == DRAGON_MASTER and g.ply[p, P_HAND] > 0:
        dragon_conquest(g, t, p)
    elif power == BERSERK:
        g.ply[p, P_ROLL] = roll_die(g, t)
    if race == GIANTS:
        giants_reach(g, p)


@inline_kernel
def after_each_conquest(g, t, p):
    """True when a conquest changed costs beyond its neighbours: Berserk rolls
    again; Underworld's first Cavern brings every Cavern in reach."""
    power = g.ply[p, P_POWER]
    if power == BERSERK:
        g.ply[p, P_ROLL] = roll_die(g, t)
        return True
    if power == UNDERWORLD and g.ply[p, P_IN_CAVERNS] == 0:
        g.ply[p, P_IN_CAVERNS] = holds_cavern(g, p)
        return g.ply[p, P_IN_CAVERNS] == 1
    return False


@inline_kernel
def before_redeploy(g, t, p):
    """Skeletons: one new token from the tray per two non-empty regions taken."""
    if g.ply[p, P_RACE] == SKELETONS:
        left = t.race[SKELETONS, RT_BOX] - race_tokens_in_play(g, SKELETONS)
        g.ply[p, P_HAND] += max(min(g.gst[G_NONEMPTY] // 2, left), 0)


@kernel
def set_amazons_aside(g, p, n_own):
    """After redeployment four Amazons leave the map until the next turn, from
    the regions with most tokens, each region keeping one if it can; if not,
    the last tokens leave their regions empty (docs/rulings.md C1)."""
    reg = g.reg
    for _ in range(AMAZON_CONQUEST_ONLY):
        best = -1
        for i in range(n_own):
            r = g.work[i]
            if reg[r, R_PLAYER] == p and (best < 0 or reg[r, R_TOKENS] > reg[best, R_TOKENS]):
                best = r
        if best < 0:
            return
        reg[best, R_TOKENS] -= 1
        g.ply[p, P_ASIDE] += 1
        if reg[best, R_TOKENS] == 0:
            clear_region(g, best)


@kernel
def after_redeploy(g, t, p):
    """After redeployment: the Amazons set four aside; Bivouacking places its
    Encampments, Fortified its Fortress of the turn, Heroic its two Heroes."""
    ply = g.ply
    reg = g.reg
    race = ply[p, P_RACE]
    if race < 0:
        return
    ply[p, P_TURNS] += 1
    power = ply[p, P_POWER]
    n_own = own_regions(g, p)
    if n_own == 0:
        return
    if race == AMAZONS:
        set_amazons_aside(g, p, n_own)
        n_own = own_regions(g, p)  # the four may have left a region empty
        if n_own == 0:
            return
    if power == BIVOUACKING and ply[p, P_ENCAMP_HAND] > 0:
        place_encampments(g, t, p, ply[p, P_ENCAMP_HAND], n_own)
        ply[p, P_ENCAMP_HAND] = 0
    elif power == FORTIFIED and g.gst[G_FORTRESS_DONE] == 0:
        if pieces_on_map(g, R_FORTRESS) < t.params[PAR_CAPS + C_FORTRESSES]:
            r = choose_fortress(g, t, p, n_own)
            if r >= 0:
                reg[r, R_FORTRESS] = 1
                g.gst[G_FORTRESS_DONE] = 1
    elif power == HEROIC:
        for i in range(n_own):
            reg[g.work[i], R_HERO] = 0
        for _ in range(min(t.params[PAR_CAPS + C_HEROES], n_own)):
            r = choose_hero(g, t, p, n_own)
            if r >= 0:
                reg[r, R_HERO] = 1


@inline_kernel
def turn_ends(g, t, p, declined):
    """p's own peace runs out; a Diplomat names next turn's peace."""
    g.ply[p, P_PEACE_FROM] = 0
    if not declined and g.ply[p, P_POWER] == DIPLOMAT:
        q = choose_peace(g, t, p)
        if q >= 0:
            g.ply[q, P_PEACE_FROM] = p + 1


@kernel
def free_tokens(g, p):
    n = g.ply[p, P_HAND] + g.ply[p, P_ASIDE]
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 0:
            n += g.reg[r, R_TOKENS] - 1
    return n


@inline_kernel
def after_scoring(g, t, p, declined):
    """Stout may go into decline at the end of an ordinary turn, after scoring."""
    g.ply[p, P_LAST_GAIN] = g.ply[p, P_SEEN_VC] - g.ply[p, P_TALLY_BEFORE]  # leader.py
    if declined or g.ply[p, P_POWER] != STOUT or g.ply[p, P_RACE] < 0:
        return
    if choose_stout_decline(g, t, p, free_tokens(g, p)):
        go_into_decline(g, t, p)
