"""The original game's rules as the core's rule hooks call them
(engine/rule_hooks.py): conquest costs and reach, what defends a region,
losses, what a conquest leaves, scoring, decline, and the setup.

Where each race and power lives (turn.py has the ones that act at a point of
the turn; bots.py the choices they ask of a seat):

| ability | hooks |
|---|---|
| Amazons | tables (banner + 4); turn.after_redeploy / active_turn_begins (the 4 set aside) |
| Dwarves | active_bonus, decline_bonus (Mines) |
| Elves | tokens_lost (none) |
| Ghouls | decline_keep (all stay); turn.ghouls_conquer; tokens_lost, turn.turn_ends (losses) |
| Giants | modify_cost (R_NEAR_MOUNTAIN, kept by after_conquest / turn.conquests_begin) |
| Halflings | first_conquest_entry; after_conquest, turn.combo_taken (Holes); region_immune |
| Humans, Wizards | active_bonus (Farmland, Magic Sources) |
| Orcs | after_conquest (G_NONEMPTY), active_bonus |
| Ratmen | none needed |
| Skeletons | turn.before_redeploy |
| Sorcerers | may_convert; turn.before_conquest / after_conquests (conversions) |
| Tritons | modify_cost (SYM_COASTAL) |
| Trolls | after_conquest (Lairs), region_defence, pieces_fall |
| Alchemist, Forest, Hill, Swamp, Merchant, Wealthy, Pillaging | active_bonus |
| Berserk | modify_cost (P_ROLL), final_die; turn.conquests_begin / after_each_conquest roll |
| Bivouacking | region_defence, may_convert; turn.after_redeploy / turn_ends; tokens_lost |
| Commando, Mounted | modify_cost |
| Diplomat | conquest_fee_owed / conquest_fee (peace closes regions); turn.turn_ends |
| Dragon Master | region_immune; turn.conquests_begin / before_conquest (the Dragon's conquest) |
| Flying | reaches_as_adjacent, first_conquest_entry |
| Fortified | region_defence, active_bonus; turn.after_redeploy |
| Heroic | region_immune; turn.after_redeploy |
| Seafaring | may_enter_water, power_lasts_in_decline |
| Spirit | into_spare_decline and the other spare_decline_* hooks (a second decline slot) |
| Stout | turn.after_scoring |
| Underworld | modify_cost, reaches_as_adjacent (P_IN_CAVERNS) |
"""

from __future__ import annotations

from analyzer.engine.column import discard_power, return_race
from analyzer.engine.core_layout import (
    B_DEGREE,
    B_SYMBOLS,
    B_TERRAIN,
    G_NREG,
    G_PLAYERS,
    I_VC_DECLINE,
    P_DECLINE_RACE,
    P_HAND,
    P_POWER,
    P_RACE,
    PAR_CAPS,
    R_DECLINE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
)
from analyzer.engine.error_codes import ERR_PIECE_CAPS, ERR_PIECES
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import EV_WIPE
from analyzer.engine.state import assume_as_built
from analyzer.engine.terrain import is_water  # seas and lakes (layout.TERRAIN_WATER)
from analyzer.engine.trace import log_event
from analyzer.rulesets.classic.ids import (
    ALCHEMIST,
    BERSERK,
    BIVOUACKING,
    COMMANDO,
    DWARVES,
    ELVES,
    FLYING,
    FOREST_POWER,
    FORTIFIED,
    GHOULS,
    GIANTS,
    HALFLINGS,
    HILL_POWER,
    HUMANS,
    MERCHANT,
    MOUNTED,
    ORCS,
    PILLAGING,
    SEAFARING,
    SORCERERS,
    SPIRIT,
    SWAMP_POWER,
    TRITONS,
    TROLLS,
    UNDERWORLD,
    WEALTHY,
    WIZARDS,
)
from analyzer.rulesets.classic.layout import (
    C_FORTRESSES,
    C_HOLES,
    C_TROLL_LAIRS,
    FARMLAND,
    FOREST,
    G_ATTACKED,
    G_NONEMPTY,
    HILL,
    MOUNTAIN,
    P_ASIDE,
    P_ENCAMP_HAND,
    P_GHOUL_HAND,
    P_HOLES_USED,
    P_PEACE_FROM,
    P_SPIRIT_INSTANCE,
    P_SPIRIT_RACE,
    P_TURNS,
    R_DRAGON,
    R_ENCAMPMENTS,
    R_FORTRESS,
    R_HERO,
    R_HOLE,
    R_LAIR,
    R_NEAR_MOUNTAIN,
    SWAMP,
    SYM_CAVERN,
    SYM_COASTAL,
    SYM_MAGIC,
    SYM_MINE,
)

# A region p may not attack asks more coins than any player holds (conquest_fee).
CLOSED_PRICE = 1 << 40
ALCHEMIST_VC = 2
WEALTHY_VC = 7
AMAZON_CONQUEST_ONLY = 4
# Once on the map, a race conquers only next to its regions (no landing on the edge).
REENTER_BY_ENTRY = False


# ------------------------------------------------------------------ water, reach


@inline_kernel
def may_enter_water(race, power):
    """Seafaring holds the Seas and the Lake (also in decline: power_lasts_in_decline)."""
    return power == SEAFARING


@inline_kernel
def reaches_as_adjacent(race, power, form, symbols):
    """Flying reaches any land region; Underworld, once in a Cavern, every Cavern."""
    if power == FLYING:
        return True
    return power == UNDERWORLD and form == 1 and (symbols & SYM_CAVERN) != 0


@inline_kernel
def first_conquest_entry(race, power, symbols, water):
    """Halflings (and Flying) may make their first conquest anywhere on land."""
    return (race == HALFLINGS or power == FLYING) and not water


@inline_kernel
def final_die(power):
    """Berserk rolls before every conquest instead of a last attempt."""
    return power != BERSERK


@inline_kernel
def pays_travel(g, p):
    return False


@inline_kernel
def decline_keep(race):
    """Tokens each region keeps when its race goes into decline (Ghouls: all)."""
    return 1 << 30 if race == GHOULS else 1


@kernel
def region_immune(reg, r):
    """A Hole-in-the-Ground, a Hero or the Dragon: immune to conquest and to every
    race and power ability (the Sorcerers' conversion too); and a player's
    regions set aside while its Ghouls conquer (R_DECLINE 2 or 3: turn.py)."""
    return reg[r, R_HOLE] + reg[r, R_HERO] + reg[r, R_DRAGON] > 0 or reg[r, R_DECLINE] >= 2


@inline_kernel
def region_defence(reg, r):
    """One more defender per Troll's Lair, Fortress and Encampment."""
    return reg[r, R_LAIR] + reg[r, R_FORTRESS] + reg[r, R_ENCAMPMENTS]


@inline_kernel
def conquest_fee_owed(ply, p):
    """1 + the player whose Diplomat made peace with p (0: none): p may not attack
    that player's active race this turn."""
    return ply[p, P_PEACE_FROM]


@inline_kernel
def conquest_fee(reg, r, owed):
    if owed > 0 and reg[r, R_PLAYER] == owed - 1 and reg[r, R_DECLINE] == 0:
        return CLOSED_PRICE
    return 0


@kernel
def modify_cost(board, reg, r, race, power, form, terrain, nonempty, cost, least):
    """Conquest cost after the race and power discounts, never below `least`."""
    if race == GIANTS and reg[r, R_NEAR_MOUNTAIN] == 1:
        cost -= 1
    elif race == TRITONS and (board[r, B_SYMBOLS] & SYM_COASTAL) != 0:
        cost -= 1
    if power == COMMANDO:
        cost -= 1
    elif power == MOUNTED and (terrain == HILL or terrain == FARMLAND):
        cost -= 1
    elif power == UNDERWORLD and (board[r, B_SYMBOLS] & SYM_CAVERN) != 0:
        cost -= 1
    elif power == BERSERK and form > 0:
        cost -= form
    return max(cost, least)


# ------------------------------------------------------------- conquest, losses
@inline_kernel
def mark_near_mountain(g, r):
    """The active Giants took Mountain region r: its neighbours cost them 1 less."""
    adj = g.adj
    for k in range(g.board[r, B_DEGREE]):
        g.reg[adj[r, k], R_NEAR_MOUNTAIN] = 1


@kernel
def after_conquest(g, t, p, r, def_player, def_race, def_tokens):
    """What a conquest leaves: a Troll's Lair, the Halflings' first two Holes, the
    Giants' reach from a Mountain, and the tally of non-empty regions taken (Orcs,
    Pillaging, Skeletons), p's own in-decline regions included: "A Region is
    deemed non-empty if, and only if, it contains at least one Lost Tribe or Race
    token (Active or In Decline)" (docs/classic-fixes.md). Pays nothing at once
    (the original game scores at the end of the turn)."""
    assume_as_built(g, t)
    reg = g.reg
    ply = g.ply
    race = ply[p, P_RACE]
    if def_race >= 0:
        g.gst[G_NONEMPTY] += 1
    if race == TROLLS and pieces_on_map(g, R_LAIR) < t.params[PAR_CAPS + C_TROLL_LAIRS]:
        reg[r, R_LAIR] = 1
    elif race == HALFLINGS and ply[p, P_HOLES_USED] < 2:
        if pieces_on_map(g, R_HOLE) < t.params[PAR_CAPS + C_HOLES]:
            reg[r, R_HOLE] = 1
            ply[p, P_HOLES_USED] += 1
    elif race == GIANTS and g.board[r, B_TERRAIN] == MOUNTAIN:
        mark_near_mountain(g, r)
    return 0


@kernel
def pieces_on_map(g, col):
    n = 0
    for r in range(g.gst[G_NREG]):
        n += g.reg[r, col]
    return n


@inline_kernel
def tokens_lost(g, t, q, r, decline, n, attacker):
    """Tokens q discards when r falls: all in decline, but Ghouls in decline lose
    one like an active race and withdraw the rest (P_GHOUL_HAND, redeployed at the
    end of the turn: turn.withdrawn_pieces_return; docs/rulings.md C11); none for
    the Elves; else one. Encampments are never lost: they go back to their
    player's hand, redeployed at the end of the turn (C10)."""
    reg = g.reg
    if reg[r, R_ENCAMPMENTS] > 0:
        g.ply[q, P_ENCAMP_HAND] += reg[r, R_ENCAMPMENTS]
        reg[r, R_ENCAMPMENTS] = 0
    if decline == 0:
        g.gst[G_ATTACKED] |= 1 << q  # the Diplomat may not make peace with q now
    if decline == 1:
        if reg[r, R_RACE] == GHOULS:
            g.ply[q, P_GHOUL_HAND] += n - 1
            return 1
        return n
    if reg[r, R_RACE] == ELVES:
        return 0
    return 1


@inline_kernel
def pieces_fall(reg, r):
    """The holder's pieces leave a region taken or emptied (a Hole, a Hero and the
    Dragon make a region immune, so only an abandoned one loses them)."""
    reg[r, R_LAIR] = 0
    reg[r, R_FORTRESS] = 0
    reg[r, R_ENCAMPMENTS] = 0
    reg[r, R_HOLE] = 0
    reg[r, R_HERO] = 0
    reg[r, R_DRAGON] = 0


@inline_kernel
def pieces_to_hand(reg, ply, p, r):
    """Readying troops or abandoning r: the Encampments there go back to hand."""
    e = reg[r, R_ENCAMPMENTS]
    if e > 0:
        reg[r, R_ENCAMPMENTS] = 0
        ply[p, P_ENCAMP_HAND] += e


@inline_kernel
def race_tokens_in_hand(ply, p):
    """Tokens of p's active race off the map: in hand and set aside (Amazons)."""
    return ply[p, P_HAND] + ply[p, P_ASIDE]


@kernel
def race_tokens_in_play(g, race):
    """Tokens of `race` out of the tray: on the map, in an active race's hand, and
    Ghoul tokens in decline withdrawn this turn."""
    n = 0
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_RACE] == race:
            n += g.reg[r, R_TOKENS]
    for p in range(g.gst[G_PLAYERS]):
        if g.ply[p, P_RACE] == race:
            n += race_tokens_in_hand(g.ply, p)
        if race == GHOULS:
            n += g.ply[p, P_GHOUL_HAND]
    return n


@inline_kernel
def may_convert(g, p, r):
    """Whether p's Sorcerers may convert the token on r, the once-per-opponent
    limit and the tray aside: "The token your Sorcerers replaces must be the only
    race token in its Region ... and that Region must be adjacent to one of your
    Sorcerers'": a lone active enemy token with no Encampment beside it (an
    Encampment counts as a Race token in defence: docs/rulings.md C2), in a region
    that is not immune, and not in water unless the Sorcerers are Seafaring."""
    reg = g.reg
    q = reg[r, R_PLAYER]
    if q < 0 or q == p or reg[r, R_DECLINE] != 0 or reg[r, R_TOKENS] != 1:
        return False
    if reg[r, R_ENCAMPMENTS] > 0 or region_immune(reg, r):
        return False
    if is_water(g, r) and not may_enter_water(SORCERERS, g.ply[p, P_POWER]):
        return False  # only a Seafaring race may hold water
    for k in range(g.board[r, B_DEGREE]):
        nb = g.adj[r, k]
        if reg[nb, R_PLAYER] == p and reg[nb, R_DECLINE] == 0:
            return True
    return False


# ---------------------------------------------------------------------- scoring
@inline_kernel
def region_score(board, race, power, r):
    """Bonus coins one region of an active race scores at the end of the turn."""
    terrain = board[r, B_TERRAIN]
    symbols = board[r, B_SYMBOLS]
    vc = 0
    if race == DWARVES and (symbols & SYM_MINE) != 0:
        vc += 1
    elif race == HUMANS and terrain == FARMLAND:
        vc += 1
    elif race == WIZARDS and (symbols & SYM_MAGIC) != 0:
        vc += 1
    if power == FOREST_POWER and terrain == FOREST:
        vc += 1
    elif power == HILL_POWER and terrain == HILL:
        vc += 1
    elif power == SWAMP_POWER and terrain == SWAMP:
        vc += 1
    elif power == MERCHANT:
        vc += 1
    return vc


@kernel
def active_bonus(g, t, p):
    """Every end-of-turn bonus coin of p's active race."""
    reg = g.reg
    ply = g.ply
    race = ply[p, P_RACE]
    if race < 0:
        return 0
    power = ply[p, P_POWER]
    vc = 0
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0:
            vc += region_score(g.board, race, power, r)
            if power == FORTIFIED:
                vc += reg[r, R_FORTRESS]
    if race == ORCS:
        vc += g.gst[G_NONEMPTY]
    if power == PILLAGING:
        vc += g.gst[G_NONEMPTY]
    elif power == ALCHEMIST:
        vc += ALCHEMIST_VC
    elif power == WEALTHY and ply[p, P_TURNS] == 1:
        vc += WEALTHY_VC
    return vc


@inline_kernel
def decline_bonus(g, t, p):
    """In decline only the Dwarves still score a bonus: their Mines (in either
    decline slot)."""
    if g.ply[p, P_DECLINE_RACE] != DWARVES and g.ply[p, P_SPIRIT_RACE] != DWARVES:
        return 0
    vc = 0
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 1 and g.reg[r, R_RACE] == DWARVES:
            if g.board[r, B_SYMBOLS] & SYM_MINE:
                vc += 1
    return vc


@inline_kernel
def turn_bonuses(g, t, p):
    """The end-of-turn bonus coins of the active race and of the in-decline ones."""
    return active_bonus(g, t, p), decline_bonus(g, t, p)


# ---------------------------------------------------------------------- decline
@inline_kernel
def on_decline(g, t, p):
    """p's active race goes into decline: its Holes, Heroes, Dragon and
    Encampments leave the map (Lairs and Fortresses stay); Amazons set aside
    and Encampments in hand go back to the box."""
    reg = g.reg
    for r in range(g.gst[G_NREG]):
        if reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0:
            reg[r, R_HOLE] = 0
            reg[r, R_HERO] = 0
            reg[r, R_DRAGON] = 0
            reg[r, R_ENCAMPMENTS] = 0
    g.ply[p, P_ASIDE] = 0
    g.ply[p, P_ENCAMP_HAND] = 0


@inline_kernel
def into_spare_decline(g, p, race, power, instance):
    """A Spirit race goes into a decline slot of its own: the player's other
    in-decline race stays, and later declines leave the Spirit race in place."""
    if power != SPIRIT or g.ply[p, P_SPIRIT_RACE] >= 0:
        return False
    g.ply[p, P_SPIRIT_RACE] = race
    g.ply[p, P_SPIRIT_INSTANCE] = instance
    return True


@inline_kernel
def decline_race_held(ply, q, race):
    return race == ply[q, P_DECLINE_RACE] or race == ply[q, P_SPIRIT_RACE]


@inline_kernel
def spare_decline_race(ply, p):
    return ply[p, P_SPIRIT_RACE]


@kernel
def spirit_regions(g, p):
    race = g.ply[p, P_SPIRIT_RACE]
    n = 0
    if race < 0:
        return 0
    for r in range(g.gst[G_NREG]):
        if g.reg[r, R_PLAYER] == p and g.reg[r, R_DECLINE] == 1 and g.reg[r, R_RACE] == race:
            n += 1
    return n


@inline_kernel
def spare_decline_gone(g, t, q):
    """The Spirit race's last region is gone: its banner and badge leave."""
    race = g.ply[q, P_SPIRIT_RACE]
    if race >= 0 and spirit_regions(g, q) == 0:
        return_race(g, t, g.rng, race)
        discard_power(g, SPIRIT)
        g.ply[q, P_SPIRIT_RACE] = -1
        g.ply[q, P_SPIRIT_INSTANCE] = -1
        log_event(g, EV_WIPE, q, -1, race, 0)


@inline_kernel
def spare_decline_vc(g, p):
    """The Spirit race's regions' VC, credited to its own instance row."""
    n = spirit_regions(g, p)
    i = g.ply[p, P_SPIRIT_INSTANCE]
    if n > 0 and i >= 0:
        g.inst[i, I_VC_DECLINE] += n
    return n


@inline_kernel
def power_lasts_in_decline(power):
    """Seafaring keeps its Seas and Lake in decline."""
    return power == SEAFARING


# ----------------------------------------------------------------------- checks


@inline_kernel
def pieces_invariants(g, t):
    """The pieces: within their box, on regions where they can be."""
    reg = g.reg
    ply = g.ply
    lairs = 0
    forts = 0
    holes = 0
    for r in range(g.gst[G_NREG]):
        q = reg[r, R_PLAYER]
        race = reg[r, R_RACE]
        active = q >= 0 and reg[r, R_DECLINE] == 0
        lairs += reg[r, R_LAIR]
        forts += reg[r, R_FORTRESS]
        holes += reg[r, R_HOLE]
        if reg[r, R_LAIR] > 0 and race != TROLLS:
            return ERR_PIECES
        if reg[r, R_FORTRESS] > 0 and q < 0:
            return ERR_PIECES
        if reg[r, R_HOLE] > 0 and not (active and race == HALFLINGS):
            return ERR_PIECES
        if reg[r, R_ENCAMPMENTS] > 0 and not (active and ply[q, P_POWER] == BIVOUACKING):
            return ERR_PIECES
        if (reg[r, R_HERO] > 0 or reg[r, R_DRAGON] > 0) and not active:
            return ERR_PIECES
    if lairs > t.params[PAR_CAPS + C_TROLL_LAIRS] or forts > t.params[PAR_CAPS + C_FORTRESSES]:
        return ERR_PIECE_CAPS
    if holes > t.params[PAR_CAPS + C_HOLES]:
        return ERR_PIECE_CAPS
    for q in range(g.gst[G_PLAYERS]):
        if ply[q, P_GHOUL_HAND] != 0:
            return ERR_PIECES  # withdrawn Ghouls go back on the map as the turn ends
    return 0
