"""The original game's hooks into the core's turn (gameloop/turns.py): what its
races and powers do at each point of a turn (the order is in
rulesets/swow/turn.py's notes; after_scoring comes last, after the score).

The hooks of conquest costs, losses, scoring and decline are in abilities.py;
the choices the abilities ask of a seat in bots.py.
"""

from __future__ import annotations

from analyzer.engine.conquest import (
    check_targets,
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
    B_SYMBOLS,
    B_TERRAIN,
    G_CHECK,
    G_DEFEATED,
    G_DIE_ROLLS,
    G_NREG,
    G_PLAYERS,
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
from analyzer.engine.layout import EV_CONVERT, EV_LOSS
from analyzer.engine.state import assume_as_built
from analyzer.engine.trace import log_event
from analyzer.players.params import TARGET_DIE
from analyzer.players.policy import choose_target, place_hand
from analyzer.rulesets.classic.abilities import (
    AMAZON_CONQUEST_ONLY,
    mark_near_mountain,
    may_convert,
    pieces_fall,
    pieces_on_map,
    race_tokens_in_play,
)
from analyzer.rulesets.classic.bots import (
    choose_conversion,
    choose_dragon_target,
    choose_fortress,
    choose_hero,
    choose_peace,
    choose_stout_decline,
    own_regions,
    place_encampments,
    place_ghouls,
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
    G_DRAGON_USED,
    G_FORTRESS_DONE,
    G_NONEMPTY,
    G_ROLLS_AT,
    MOUNTAIN,
    P_ASIDE,
    P_ENCAMP_HAND,
    P_GHOUL_HAND,
    P_HOLES_USED,
    P_IN_CAVERNS,
    P_LAST_GAIN,
    P_PEACE_FROM,
    P_ROLL,
    P_SPIRIT_RACE,
    P_TALLY_BEFORE,
    P_TURNS,
    R_DRAGON,
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
    g.gst[G_DRAGON_USED] = 0
    g.ply[p, P_ROLL] = 0
    g.ply[p, P_TALLY_BEFORE] = g.ply[p, P_SEEN_VC]  # the bots' leader (leader.py)


@inline_kernel
def combo_taken(g, p):
    g.ply[p, P_TURNS] = 0
    g.ply[p, P_ASIDE] = 0
    g.ply[p, P_ENCAMP_HAND] = 0
    g.ply[p, P_HOLES_USED] = 0  # a Halflings banner picked again brings its Holes back


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
def sorcerers_convert(g, t, p, n_targets, live):
    """The Sorcerers' conversions open now: once a turn against each opponent (not
    one whose Diplomat made peace with p), a lone active enemy token next to an
    active Sorcerer region (an Encampment beside it protects it: docs/rulings.md
    C2) becomes a Sorcerer token from the tray, while the tray has one; the enemy
    token goes back to its tray, the region's Lair or Fortress goes. Not in water,
    unless the Sorcerers are Seafaring; not in an immune region. A conversion is a
    conquest of a non-empty region (Pillaging's tally, the Diplomat's "attacked"),
    so it needs a Race token in hand like any conquest (the token placed still
    comes from the tray). Called before each conquest and after the last one (C9),
    it converts until nothing is left to convert (a converted region may bring
    another lone token next door). With `live` (g.cost holds p's targets) the
    targets follow each conversion; returns the number of legal targets."""
    assume_as_built(g, t)
    reg = g.reg
    ply = g.ply
    gst = g.gst
    nreg = gst[G_NREG]
    all_players = (1 << gst[G_PLAYERS]) - 1
    peace = ply[p, P_PEACE_FROM] - 1  # the Diplomat p may not attack (-1: none)
    passed = 0  # opponents the bot chose not to convert now
    while True:
        if ply[p, P_HAND] < 1:
            # "a player must always have at least one Race token available to
            # initiate a new Conquest" (docs/rulings.md C9)
            return n_targets
        done = gst[G_CONVERTED] | passed | (1 << p)
        if peace >= 0:
            done |= 1 << peace
        if done == all_players:
            return n_targets
        # one pass finds an opponent with a token to convert (mostly none)
        q = -1
        for x in range(nreg):
            h = reg[x, R_PLAYER]
            if h >= 0 and (done >> h) & 1 == 0 and may_convert(g, p, x):
                q = h
                break
        if q < 0:
            return n_targets
        if race_tokens_in_play(g, SORCERERS) >= t.race[SORCERERS, RT_BOX]:
            return n_targets  # no token left in the tray
        r = choose_conversion(g, t, p, q)
        if r < 0:
            passed |= 1 << q
            continue
        race = reg[r, R_RACE]
        gst[G_DEFEATED + race] += 1
        pieces_fall(reg, r)
        reg[r, R_PLAYER] = p
        reg[r, R_RACE] = SORCERERS
        reg[r, R_TOKENS] = 1
        reg[r, R_CONQ_TURN] = gst[G_TURN]
        gst[G_CONVERTED] |= 1 << q
        gst[G_ATTACKED] |= 1 << q
        gst[G_NONEMPTY] += 1
        log_event(g, EV_LOSS, q, r, q, 1)
        log_event(g, EV_CONVERT, p, r, q, race)
        if not live:
            continue
        if ply[p, P_POWER] == UNDERWORLD and ply[p, P_IN_CAVERNS] == 0 and holds_cavern(g, p):
            ply[p, P_IN_CAVERNS] = 1  # a first Cavern: every Cavern comes in reach
            n_targets = compute_targets(g, t, p)
        else:
            n_targets = update_targets(g, t, p, r, n_targets)
        if gst[G_CHECK] == 1:
            check_targets(g, t, p, n_targets)


@inline_kernel
def before_conquests(g, t, p):
    """The die's roll count as the conquests begin (a final attempt, a roll, ends
    the turn's conquests, conversions too); then the conquests open
    (conquests_begin)."""
    g.gst[G_ROLLS_AT] = g.gst[G_DIE_ROLLS]
    conquests_begin(g, t, p)


@kernel
def dragon_takes(g, t, p, r):
    """The Dragon's conquest of r with one token; the Dragon moves there."""
    reg = g.reg
    for x in range(g.gst[G_NREG]):
        reg[x, R_DRAGON] = 0
    conquer(g, t, p, r, 1)
    reg[r, R_DRAGON] = 1
    g.gst[G_DRAGON_USED] = 1


@kernel
def power_before_conquest(g, t, p, n_targets):
    """Before a conquest, once on the map: the Sorcerers convert what they can;
    a Dragon Master not yet flown this turn may send the Dragon (docs/rulings.md
    C9, C13). Returns (1: the loop must test its conditions again, 0: go on;
    the number of legal targets)."""
    used = 0
    if g.ply[p, P_RACE] == SORCERERS:
        n_targets = sorcerers_convert(g, t, p, n_targets, True)
        if n_targets == 0:
            used = 1
    if g.ply[p, P_POWER] == DRAGON_MASTER and g.gst[G_DRAGON_USED] == 0 and n_targets > 0:
        r = choose_dragon_target(g, t, p)
        if r >= 0:
            dragon_takes(g, t, p, r)
            n_targets = update_targets(g, t, p, r, n_targets)
            if g.gst[G_CHECK] == 1:
                check_targets(g, t, p, n_targets)
            used = 1
    return used, n_targets


@inline_kernel
def before_conquest(g, t, p, n_targets):
    if g.ply[p, P_RACE] == SORCERERS or g.ply[p, P_POWER] == DRAGON_MASTER:
        return power_before_conquest(g, t, p, n_targets)
    return 0, n_targets


@inline_kernel
def after_conquests(g, t, p):
    """After the last conquest the Sorcerers still convert, unless the conquests
    ended with the final attempt (Berserk has none: its rolls come before each
    conquest)."""
    if g.ply[p, P_RACE] == SORCERERS and (
        g.ply[p, P_POWER] == BERSERK or g.gst[G_DIE_ROLLS] == g.gst[G_ROLLS_AT]
    ):
        sorcerers_convert(g, t, p, 0, False)


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
    """Dragon Master, before the turn's first conquest: the bot may send the
    Dragon at once (a conquest with one token whatever defends the region, where
    the Dragon then stays, leaving the region it guarded); if not, it may before
    any later conquest of the turn (power_before_conquest)."""
    compute_targets(g, t, p)
    r = choose_dragon_target(g, t, p)
    if r >= 0:
        dragon_takes(g, t, p, r)


@inline_kernel
def conquests_begin(g, t, p):
    """Before the targets: the Giants' reach, Underworld's Caverns, the Dragon's
    conquest, Berserk's first roll (it rolls before choosing each target)."""
    race = g.ply[p, P_RACE]
    power = g.ply[p, P_POWER]
    if race == GIANTS:
        giants_reach(g, p)  # first: the Dragon's choice reads the costs
    if power == UNDERWORLD:
        g.ply[p, P_IN_CAVERNS] = holds_cavern(g, p)
    elif power == DRAGON_MASTER and g.ply[p, P_HAND] > 0:
        dragon_conquest(g, t, p)
    elif power == BERSERK:
        g.ply[p, P_ROLL] = roll_die(g, t)


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


@kernel
def withdrawn_pieces_return(g, t, p):
    """At the end of p's turn, what other players took off regions they lost goes
    back on the map: a Bivouacking race's Encampments ("redeployed at the end of
    the current player's turn"), and the Ghoul tokens in decline withdrawn like an
    active race's (docs/rulings.md C10, C11). Ghouls with no region left lose them
    (their banner has gone back to the column)."""
    ply = g.ply
    for q in range(g.gst[G_PLAYERS]):
        n = ply[q, P_GHOUL_HAND]
        if n > 0:
            ply[q, P_GHOUL_HAND] = 0
            place_ghouls(g, t, q, n)
        n = ply[q, P_ENCAMP_HAND]
        if q != p and n > 0 and ply[q, P_POWER] == BIVOUACKING:
            n_own = own_regions(g, q)
            if n_own > 0:
                place_encampments(g, t, q, n, n_own)
                ply[q, P_ENCAMP_HAND] = 0


@inline_kernel
def turn_ends(g, t, p, declined):
    """Withdrawn Encampments and Ghouls go back on the map; p's own peace runs
    out; a Diplomat names next turn's peace."""
    withdrawn_pieces_return(g, t, p)
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
