"""Artifacts and Legendary Places: where each marker lies, who holds it, and the
effects that are more than a plain end-of-turn bonus.

A region's markers are bits of reg[r, R_MARKERS] (bit m: marker m lies here) and
reg[r, R_MARKERS_UP] (bit m: it is face up), because an Artifact that moves may
join another marker. A marker benefits the player whose *active* race occupies
its region (in-decline races get nothing, but from the Well of Eternity), and it
changes hands with the region. Artifacts move to the region of their last use;
Places stay, but for the Well, which moves to its board's Sea or Lake when revealed.

Functions other abilities may call (the rulebook's interactions):
- `aegis_price(g, p, r)`: coins p must pay before attacking r or using a power on
  it (the Aegis of Aggramar); `pay_aegis` pays them.
- `controls_marker(g, p, m)`: p's active race holds the revealed marker m.
- `reveal_markers(g, p, r)`: call when tokens enter a region by any means.
"""

from __future__ import annotations

from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    B_BOARD,
    B_DEGREE,
    B_TERRAIN,
    EV_MOVE,
    EV_REVEAL,
    G_DOOM_OWNER,
    G_DOOM_PREV,
    G_MARKER_AT,
    G_MARKER_POOL,
    G_NREG,
    G_PLAYERS,
    G_SIDE,
    I_VC_ACTIVE,
    I_VC_DECLINE,
    N_MARKERS,
    P_COINS,
    P_DECLINE_INSTANCE,
    P_DECLINE_RACE,
    P_INSTANCE,
    P_RACE,
    R_DECLINE,
    R_MARKERS,
    R_MARKERS_UP,
    R_PLAYER,
    R_RACE,
    RT_FACTION,
    STREAM_SETUP,
)
from analyzer.engine.rng import randint
from analyzer.engine.trace import log_event
from analyzer.rulesets.swow.ids import (
    AEGIS,
    ASHES,
    BATTLEGROUND,
    DOOMHAMMER,
    ETHEREALS,
    FROSTMOURNE,
    HEART,
    LAKE,
    N_ARTIFACTS,
    NEUTRAL,
    SEA,
    WELL_OF_ETERNITY,
)

ARTIFACT_BITS = (1 << N_ARTIFACTS) - 1
PLACE_BITS = ((1 << N_MARKERS) - 1) & ~ARTIFACT_BITS

# Conquest modes a bot may ask for with a conquest (bits; several may combine):
# the three conquest Artifacts by their own bit, the Ethereals' discount above them.
MODE_ASHES = 1 << ASHES  # any region of any board, as if adjacent
MODE_DOOMHAMMER = 1 << DOOMHAMMER  # 1 token (the race's least), 2 coins first
MODE_FROSTMOURNE = 1 << FROSTMOURNE  # 2 tokens less
MODE_ETHEREALS = 1 << N_MARKERS  # a neighbouring Legendary Place, 2 tokens less
CONQUEST_ARTIFACTS = MODE_ASHES | MODE_DOOMHAMMER | MODE_FROSTMOURNE
USED_ETHEREALS = MODE_ETHEREALS  # G_USED bit: the Ethereals' once-a-turn power is spent

AEGIS_PRICE = 2  # coins to the Aegis's owner to attack its region or use a power on it
DOOMHAMMER_PRICE = 2  # coins to the Doomhammer's previous owner (or the stash)
DISCOUNT = 2  # Frostmourne and the Ethereals: tokens less
HEART_TRIBUTE = 1  # coins each neighbouring opponent pays the Heart's owner
WELL_VC = 2
BATTLEGROUND_TIMES = 2  # Faction Bonus per defeated race on the Battleground


@kernel
def has_up(reg, r, m):
    """Marker m lies face up on r."""
    return (reg[r, R_MARKERS_UP] >> m) & 1 == 1


@kernel
def marker_region(g, m):
    """The region where marker m lies, -1 when it is off the boards (kept in
    gst[G_MARKER_AT + m], so every marker rule costs a lookup, not a scan)."""
    return g.gst[G_MARKER_AT + m]


@kernel
def in_play(g, m):
    """Marker m lies on the boards (a cheap test before controls_marker)."""
    return g.gst[G_MARKER_AT + m] >= 0


@kernel
def controls_marker(g, p, m):
    """Whether player p's active race holds the revealed marker m."""
    reg = g.reg
    r = g.gst[G_MARKER_AT + m]
    return r >= 0 and has_up(reg, r, m) and reg[r, R_PLAYER] == p and reg[r, R_DECLINE] == 0


@kernel
def move_marker(g, m, to):
    """Marker m (face up) from wherever it lies to region `to` (-1: off the boards)."""
    reg = g.reg
    r = g.gst[G_MARKER_AT + m]
    bit = 1 << m
    if r >= 0:
        reg[r, R_MARKERS] &= ~bit
        reg[r, R_MARKERS_UP] &= ~bit
    if to >= 0:
        reg[to, R_MARKERS] |= bit
        reg[to, R_MARKERS_UP] |= bit
        log_event(g, EV_MOVE, -1, to, m, r)
    g.gst[G_MARKER_AT + m] = to


@kernel
def credit(g, p, vc, decline):
    """p gains (or pays, vc < 0) coins, booked to its active or in-decline race."""
    if p < 0 or vc == 0:
        return
    g.ply[p, P_COINS] += vc
    i = g.ply[p, P_DECLINE_INSTANCE if decline else P_INSTANCE]
    if i >= 0:
        g.inst[i, I_VC_DECLINE if decline else I_VC_ACTIVE] += vc


# ------------------------------------------------------------------- revealing
@inline_kernel
def board_water(g, r):
    """The first Sea or Lake of r's board, -1 when it has none."""
    board = g.board
    for w in range(g.gst[G_NREG]):
        if board[w, B_BOARD] == board[r, B_BOARD] and (
            board[w, B_TERRAIN] == SEA or board[w, B_TERRAIN] == LAKE
        ):
            return w
    return -1


@inline_kernel
def draw_place(g):
    """A Legendary Place drawn at random from those not on the boards, -1 if none."""
    pool = g.gst[G_MARKER_POOL] & PLACE_BITS
    n = 0
    for m in range(N_MARKERS):
        if (pool >> m) & 1:
            n += 1
    if n == 0:
        return -1
    k = randint(g.rng, STREAM_SETUP, n)
    for m in range(N_MARKERS):
        if (pool >> m) & 1:
            if k == 0:
                g.gst[G_MARKER_POOL] &= ~(1 << m)
                return m
            k -= 1
    return -1


@kernel
def reveal_markers(g, p, r):
    """p entered r: its face-down marker turns face up. The Well of Eternity moves
    to the Sea or Lake of r's board; on a board without one it leaves the game and
    another Legendary Place, drawn from those not in play, takes its place on r."""
    reg = g.reg
    down = reg[r, R_MARKERS] & ~reg[r, R_MARKERS_UP]
    if down == 0:
        return
    reg[r, R_MARKERS_UP] |= down
    for m in range(N_MARKERS):
        if (down >> m) & 1:
            log_event(g, EV_REVEAL, p, r, m, 0)
    if (down >> WELL_OF_ETERNITY) & 1:
        w = board_water(g, r)
        move_marker(g, WELL_OF_ETERNITY, w)  # w = -1: out of the game
        if w < 0:
            m = draw_place(g)
            if m >= 0:
                move_marker(g, m, r)
                log_event(g, EV_REVEAL, p, r, m, 0)


# ---------------------------------------------------------------------- Aegis
@kernel
def guard_price(reg, p, r):
    """aegis_price on the region array (for hot loops that hoisted it)."""
    q = reg[r, R_PLAYER]
    if q >= 0 and q != p and reg[r, R_DECLINE] == 0 and has_up(reg, r, AEGIS):
        return AEGIS_PRICE
    return 0


@kernel
def aegis_price(g, p, r):
    """Coins p must pay before attacking r or using any power on it: the Aegis of
    Aggramar guards r for the other player whose active race holds it."""
    return guard_price(g.reg, p, r)


@kernel
def pay_aegis(g, p, r):
    """p pays the Aegis's owner to attack r (or use a power on it); call only when
    p has the coins (aegis_price)."""
    price = aegis_price(g, p, r)
    if price > 0:
        credit(g, p, -price, False)
        credit(g, g.reg[r, R_PLAYER], price, False)


# ------------------------------------------------------------ conquest modes
@inline_kernel
def open_modes(held_up, race, used, on_map):
    """Conquest modes open to a race holding the face-up markers `held_up` in its
    regions, with `used` spent this turn."""
    modes = held_up & CONQUEST_ARTIFACTS
    if race == ETHEREALS and on_map:
        modes |= MODE_ETHEREALS
    return modes & ~used


@inline_kernel
def modes_coins(reg, p, r, modes):
    """Coins p must pay before conquering r with `modes` (Aegis, Doomhammer)."""
    price = guard_price(reg, p, r)
    if modes & MODE_DOOMHAMMER:
        price += DOOMHAMMER_PRICE
    return price


# What the bots ask of the modes (engine/hook_table.py): the modes that reach a
# region as if adjacent, the coins a mode asks, and a quick bound on what they save.
MODES_FAR = MODE_ASHES


@inline_kernel
def modes_price(modes):
    """Coins the modes ask beyond the region's price: the Doomhammer's."""
    return DOOMHAMMER_PRICE if modes & MODE_DOOMHAMMER else 0


@inline_kernel
def popcount(bits):
    n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


@inline_kernel
def modes_may_reach(c, modes, budget):
    """Whether the open modes might bring a conquest of cost c within budget: the
    Doomhammer always; else the discounts (2 each) and the Ashes' travel (1)."""
    if modes & MODE_DOOMHAMMER:
        return True
    return c - DISCOUNT * popcount(modes & (MODE_FROSTMOURNE | MODE_ETHEREALS)) - 1 <= budget


@inline_kernel
def modes_cost(c, c_far, place_next_door, modes, least):
    """Tokens of a conquest with `modes` from the region's normal cost c and its
    cost as if adjacent (c_far), -1 when the modes do not allow it. Scalars only:
    the bots call it for every region and set of modes."""
    if modes & MODE_ASHES:
        c = c_far
    if c < 0:
        return -1
    if modes & MODE_ETHEREALS:
        if not place_next_door:
            return -1
        c = max(c - DISCOUNT, least)
    if modes & MODE_FROSTMOURNE:
        c = max(c - DISCOUNT, least)
    if modes & MODE_DOOMHAMMER:
        c = least
    return c


@kernel
def note_doomhammer(g):
    """Keep track of the Doomhammer's owners: when a player's active race holds
    it face up and was not its owner last noted, the owner noted becomes the
    previous owner. Called at every turn start and before each use, so a change
    of hands between two notes is always seen."""
    reg = g.reg
    gst = g.gst
    r = gst[G_MARKER_AT + DOOMHAMMER]
    if r < 0 or not has_up(reg, r, DOOMHAMMER) or reg[r, R_DECLINE] != 0:
        return
    q = reg[r, R_PLAYER]
    if q >= 0 and gst[G_DOOM_OWNER] != q + 1:
        gst[G_DOOM_PREV] = gst[G_DOOM_OWNER]
        gst[G_DOOM_OWNER] = q + 1


@kernel
def doomhammer_payee(g):
    """The player the Doomhammer's wielder pays: its previous owner, -1 when it
    had none (the coins go to the stash). Call note_doomhammer first."""
    return g.gst[G_DOOM_PREV] - 1


@kernel
def may_steal(g, p, m, src, dst):
    """Whether p's Ethereals may pull the face-up Artifact m out of src into dst:
    dst is one of their regions, src a neighbour they do not hold, and they have
    the coins an Aegis guarding src asks."""
    reg = g.reg
    if m < 0 or m >= N_ARTIFACTS or not has_up(reg, src, m):
        return False
    if reg[dst, R_PLAYER] != p or reg[dst, R_DECLINE] != 0:
        return False
    if reg[src, R_PLAYER] == p and reg[src, R_DECLINE] == 0:
        return False
    near = False
    for k in range(g.board[dst, B_DEGREE]):
        if g.adj[dst, k] == src:
            near = True
    return near and g.ply[p, P_COINS] >= aegis_price(g, p, src)


@kernel
def use_artifacts(g, p, r, modes):
    """After a conquest of r with `modes`: each Artifact used lies in r now."""
    for m in range(N_ARTIFACTS):
        if (modes >> m) & 1:
            move_marker(g, m, r)


# ------------------------------------------------------------ end of the turn
@inline_kernel
def heart_tribute(g, p):
    """The Heart of Azeroth's owner collects 1 coin from each opponent whose active
    race occupies a region next to it (a coin it has). Returns the coins collected."""
    reg = g.reg
    board = g.board
    adj = g.adj
    h = marker_region(g, HEART)
    if h < 0 or not has_up(reg, h, HEART) or reg[h, R_PLAYER] != p or reg[h, R_DECLINE] != 0:
        return 0
    got = 0
    for q in range(g.gst[G_PLAYERS]):
        if q == p:
            continue
        near = False
        for k in range(board[h, B_DEGREE]):
            nb = adj[h, k]
            if reg[nb, R_PLAYER] == q and reg[nb, R_DECLINE] == 0:
                near = True
        pay = min(HEART_TRIBUTE, g.ply[q, P_COINS]) if near else 0
        if pay > 0:
            credit(g, q, -pay, False)
            credit(g, p, pay, False)
            got += pay
    return got


@inline_kernel
def well_bonus(g, p, decline):
    """2 VC for p's active (decline=0) or in-decline race when it occupies more
    regions next to the face-up Well of Eternity than any other race (Murlocs
    included); nobody scores on a tie."""
    w = g.gst[G_MARKER_AT + WELL_OF_ETERNITY]
    if w < 0:
        return 0
    race = g.ply[p, P_DECLINE_RACE if decline else P_RACE]
    if race < 0 or not has_up(g.reg, w, WELL_OF_ETERNITY):
        return 0
    return well_majority(g, w, race)


@kernel
def well_majority(g, w, race):
    """WELL_VC when `race` holds more regions next to w than any other race."""
    reg = g.reg
    board = g.board
    adj = g.adj
    deg = board[w, B_DEGREE]
    mine = 0
    for k in range(deg):
        if reg[adj[w, k], R_RACE] == race:
            mine += 1
    if mine == 0:
        return 0
    for k in range(deg):
        other = reg[adj[w, k], R_RACE]
        if other < 0 or other == race:
            continue
        n = 0
        for j in range(deg):
            if reg[adj[w, j], R_RACE] == other:
                n += 1
        if n >= mine:
            return 0
    return WELL_VC


@inline_kernel
def fighting_faction(g, t, p):
    """(faction, times) of p's active race for the Faction Bonus: a Neutral race on
    the Battleground fights for the side it chose this turn; on the Battleground
    each defeated race pays the bonus up to twice."""
    race = g.ply[p, P_RACE]
    if race < 0:
        return NEUTRAL, 0
    faction = t.race[race, RT_FACTION]
    if not in_play(g, BATTLEGROUND) or not controls_marker(g, p, BATTLEGROUND):
        return faction, 1
    if faction == NEUTRAL and g.gst[G_SIDE] >= 0:
        faction = g.gst[G_SIDE]
    return faction, BATTLEGROUND_TIMES
