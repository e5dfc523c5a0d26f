"""SWoW's hooks into the core's turn (gameloop/turns.py): what its races, powers and
markers do at each point of a turn, and the conquests they add.

The core's turn calls these by name, in this order (most are inlined, so a hook
whose ability is not in play costs one test):

- turn_begins: before the player decides anything, a decline turn too (the
  turn's ability state cleared; Harmony tokens back; Goblin Bombs go off)
- combo_taken: a combo was just picked (no Beasts or uses; the Champion in hand)
- active_turn_begins: the active race starts its turn (Worgen form and its VC;
  Beast Master's Beasts, counted before any region is abandoned)
- before_conquests: Portal Mage's swaps; then conquests_begin: the Ethereals may
  steal; then before_targets
- conquests_beyond_targets, hand_may_conquer: the conquest loop's tests (the
  Ashes and the Gnomes reach beyond the targets; Beasts alone cannot conquer)
- before_conquest: before each conquest once on the map (Intimidating, the Champion)
- marker_at: whether the region attacked holds a marker (its fall may change costs)
- ability_conquest: a conquest an ability makes, named by the bot's own mode
  (the Gnomes' airborne assault)
- plain_conquest: whether the core may conquer a region itself (no mode, no Aegis);
  on_attack: it attacks (the Pandaren, the Harmony fee)
- special_conquest: any other conquest (conquest modes, an Aegis to pay)
- after_each_conquest: the Ethereals may steal (True: a marker moved)
- coins_gate_regions, targets_stale: coins won or paid may open or close regions
  (Harmony, an Aegis, a Marshdweller), so the targets must be recomputed
- before_targets: before the targets are computed (the Battleground side)
- after_conquests: the Ethereals' last chance to steal
- before_redeploy: the Spirit Healer's token; the Forsaken enlist
- after_redeploy: Portal Mage's swaps left; Garrisoned's Forts; Defensive's Towers
- turn_ends: after every redeployment, before scoring (the Aegis and the Heart
  placed; Military Objectives, Bombs, Harmony tokens)
- after_scoring: after the score (nothing in SWoW; the original game's Stout)

The hooks of conquest costs, losses, scoring and decline are in abilities.py.
"""

from __future__ import annotations

from analyzer.engine.conquest import (
    ATTACK_DONE,
    ATTACK_FINAL,
    ATTACK_ILLEGAL,
    check_targets,
    compute_targets,
    conquer,
    die_allowed,
    final_attempt,
    pay_vc,
    update_targets,
)
from analyzer.engine.invariants import ERR_BAD_MOVE
from analyzer.engine.jit import inline_kernel, kernel
from analyzer.engine.layout import (
    G_AIRBORNE,
    G_ATTACKED,
    G_CHECK,
    G_CLOSED,
    G_ERROR,
    G_HARMONY_FROM,
    G_HOLY_LIGHT,
    G_KILLS,
    G_MARKER_AT,
    G_MODES,
    G_NREG,
    G_PLAYERS,
    G_SIDE,
    G_USED,
    P_BEASTS,
    P_CHAMPION,
    P_COINS,
    P_DECLINE_POWER,
    P_HAND,
    P_HARMONY,
    P_POWER,
    P_RACE,
    P_USES,
    R_DECLINE,
    R_MARKERS,
    R_MARKERS_UP,
    R_PLAYER,
    RT_FACTION,
)
from analyzer.engine.state import assume_as_built
from analyzer.players.params import TARGET_ASSAULT
from analyzer.rulesets.swow.abilities import (
    HARMONY_PRICE,
    engage,
    min_region_tokens,
    redeploy_bonus_tokens,
    take_beasts,
    turn_end,
    turn_start,
)
from analyzer.rulesets.swow.bots import (
    choose_artifact_region,
    choose_champion,
    choose_form,
    choose_intimidation,
    choose_side,
    choose_steal,
    choose_swap,
)
from analyzer.rulesets.swow.ids import (
    AEGIS,
    ALLIANCE,
    BATTLEGROUND,
    BEAST_MASTER,
    CHAMPIONING,
    DEFENSIVE,
    DOOMHAMMER,
    ETHEREALS,
    FORSAKEN,
    GARRISONED,
    GNOMES,
    GOBLINS,
    HEART,
    HORDE,
    HUMANS,
    INTIMIDATING,
    MARSHDWELLER,
    N_ARTIFACTS,
    NEUTRAL,
    PANDAREN,
    PORTAL_MAGE,
)
from analyzer.rulesets.swow.markers import (
    DOOMHAMMER_PRICE,
    MODE_ASHES,
    MODE_DOOMHAMMER,
    USED_ETHEREALS,
    controls_marker,
    credit,
    doomhammer_payee,
    heart_tribute,
    marker_region,
    may_steal,
    modes_coins,
    move_marker,
    note_doomhammer,
    pay_aegis,
    use_artifacts,
)
from analyzer.rulesets.swow.modes import special_cost
from analyzer.rulesets.swow.powers import (
    INTIMIDATIONS_PER_TURN,
    champion_conquest,
    champion_ok,
    champion_ready,
    conquest_hand,
    has_intimidation_dest,
    intimidate,
    intimidation_dest_ok,
    intimidation_ok,
    portal_swap,
    swap_ok,
    swap_ready,
)
from analyzer.rulesets.swow.races import (
    airborne_assault,
    end_of_turn,
    enlist,
    start_of_turn,
)
from analyzer.rulesets.swow.rivals import note_gain, note_tally

# The most coins a region may ask before an attack (Harmony 2, Aegis 2, a toll 1):
# coins that change below it may open or close regions.
MOST_DUE = 5


# ------------------------------------------------------- abilities of the turn


@kernel
def power_before_conquest(g, t, p, n_targets):
    """Before a conquest, ask an Intimidating bot for a use or a Championing bot
    for its Champion, and apply it. Returns (1 if a power was used, 0 if not, -1
    after an illegal request; the number of legal targets afterwards)."""
    g_ply = g.ply
    power = g_ply[p, P_POWER]
    if power == INTIMIDATING and g_ply[p, P_USES] < INTIMIDATIONS_PER_TURN:
        src, dst = choose_intimidation(g, t, p)
        if src < 0:
            return 0, n_targets
        if not intimidation_ok(g, p, src) or (
            (dst < 0 and has_intimidation_dest(g, src))
            or (dst >= 0 and not intimidation_dest_ok(g.reg, src, dst))
        ):
            g.gst[G_ERROR] = ERR_BAD_MOVE
            return -1, 0
        intimidate(g, t, p, src, dst)
        return 1, compute_targets(g, t, p)  # the moved token changes other costs
    if power != CHAMPIONING or not champion_ready(g, p):
        return 0, n_targets
    r = choose_champion(g, t, p)
    if r < 0:
        return 0, n_targets
    if not champion_ok(g, p, r):
        g.gst[G_ERROR] = ERR_BAD_MOVE
        return -1, 0
    marker_here = g.reg[r, R_MARKERS] != 0
    coins_before = g_ply[p, P_COINS]
    champion_conquest(g, t, p, r)
    if marker_here or coins_before != g_ply[p, P_COINS]:
        # a fee, a toll or a bonus moved p's coins: a region's price may now be
        # out of reach or within it (and a paid Harmony fee closes no more)
        return 1, compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
    n_targets = update_targets(g, t, p, r, n_targets)
    if g.gst[G_CHECK] == 1:
        check_targets(g, t, p, n_targets)
    return 1, n_targets


@kernel
def power_phase(g, t, p, end):
    """Powers acting at two fixed points of the turn, in one compiled function
    (each call site in the turn adds compile time). Before the conquests
    (end=False): a Portal Mage may swap. After the redeployment (end=True): a
    Portal Mage may use the swaps it has left; Garrisoned and Defensive place
    their pieces."""
    assume_as_built(g, t)
    power = g.ply[p, P_POWER]
    if power == PORTAL_MAGE:
        while swap_ready(g, p):
            a, b = choose_swap(g, t, p)
            if a < 0:
                return
            if not swap_ok(g, t, p, a, b):
                g.gst[G_ERROR] = ERR_BAD_MOVE
                return
            portal_swap(g, t, p, a, b)
    elif end:
        turn_end(g, t, p)


@kernel
def ethereals_steal(g, t, p):
    """The Ethereals' once-a-turn theft, if the bot wants it: a face-up Artifact
    from a region next to one of theirs moves into that region of theirs. Asked
    before the first conquest, after each one and after the last; True on a theft."""
    assume_as_built(g, t)
    g_gst = g.gst
    if g.ply[p, P_RACE] != ETHEREALS or g_gst[G_USED] & USED_ETHEREALS:
        return False
    m, dst = choose_steal(g, t, p)
    if m < 0:
        return False
    src = -1
    if 0 <= m < N_ARTIFACTS and 0 <= dst < g_gst[G_NREG]:
        src = marker_region(g, m)
    if src < 0 or not may_steal(g, p, m, src, dst):
        g_gst[G_ERROR] = ERR_BAD_MOVE
        return False
    pay_aegis(g, p, src)
    move_marker(g, m, dst)
    g_gst[G_USED] |= USED_ETHEREALS
    return True


@kernel
def battleground_side(g, t, p):
    """A Neutral active race on the Battleground picks Alliance or Horde for the
    rest of its turn (once a turn)."""
    assume_as_built(g, t)
    race = g.ply[p, P_RACE]
    if (
        race >= 0
        and g.gst[G_SIDE] < 0
        and t.race[race, RT_FACTION] == NEUTRAL
        and controls_marker(g, p, BATTLEGROUND)
    ):
        side = choose_side(g, t, p)
        if side != ALLIANCE and side != HORDE:
            g.gst[G_ERROR] = ERR_BAD_MOVE
            side = ALLIANCE
        g.gst[G_SIDE] = side


@kernel
def attack(g, t, p, r, final, modes):
    """One conquest of r by p's active race (final: the die-assisted last attempt)
    with the conquest modes `modes` (markers.MODE_*): checks it is legal, pays the
    coins asked first (an Aegis, the Doomhammer), conquers and moves the Artifacts
    used into r. g.cost must be current (compute_targets). Returns ATTACK_*."""
    g_cost = g.cost
    g_ply = g.ply
    g_reg = g.reg
    if r < 0 or r >= g.gst[G_NREG]:
        return ATTACK_ILLEGAL
    cost = g_cost[r] if modes == 0 else special_cost(g, t, p, r, modes)
    if cost < 0:
        return ATTACK_ILLEGAL
    if final and not die_allowed(g, t, p, cost) or not final and cost > g_ply[p, P_HAND]:
        return ATTACK_ILLEGAL
    if modes_coins(g_reg, p, r, modes) > g_ply[p, P_COINS]:
        return ATTACK_ILLEGAL
    if g_reg[r, R_MARKERS_UP] != 0:
        pay_aegis(g, p, r)
    if modes & MODE_DOOMHAMMER:
        # 2 coins to the Doomhammer's previous owner, else the stash (ruling M5)
        note_doomhammer(g)
        credit(g, p, -DOOMHAMMER_PRICE, False)
        credit(g, doomhammer_payee(g), DOOMHAMMER_PRICE, False)
    g.gst[G_USED] |= modes
    if g_ply[p, P_RACE] == PANDAREN or g_ply[p, P_HARMONY] == 1:
        engage(g, p, r)
    if final:
        if final_attempt(g, t, p, r, cost) and modes != 0:
            use_artifacts(g, p, r, modes)
        return ATTACK_FINAL
    conquer(g, t, p, r, cost)
    if modes != 0:
        use_artifacts(g, p, r, modes)
    return ATTACK_DONE


@kernel
def coins_gate_regions(g, p):
    """Whether some region may ask p for coins before an attack (an unpaid Harmony
    fee, an Aegis on the boards, a Marshdweller in play): only then can coins won
    or paid during the conquests open or close regions."""
    ply = g.ply
    aegis = g.gst[G_MARKER_AT + AEGIS]
    if ply[p, P_HARMONY] == 1 or (aegis >= 0 and g.reg[aegis, R_MARKERS_UP] != 0):
        return True  # a face-down Aegis asks nothing
    for q in range(g.gst[G_PLAYERS]):
        if ply[q, P_POWER] == MARSHDWELLER or ply[q, P_DECLINE_POWER] == MARSHDWELLER:
            return True
    return False


@kernel
def held_by(reg, r, p):
    """Region r (-1: none) is held by p (active or in decline): a cheap test
    before place_artifacts, which asks more."""
    return r >= 0 and reg[r, R_PLAYER] == p


@kernel
def place_artifacts(g, t, p):
    """End of turn: the owner of the Aegis of Aggramar and of the Heart of Azeroth
    puts each in one of its regions; then the Heart's neighbours pay their tribute."""
    g_reg = g.reg
    for k in range(2):
        m = AEGIS if k == 0 else HEART
        if controls_marker(g, p, m):
            r = choose_artifact_region(g, t, p, m)
            if r < 0 or r >= g.gst[G_NREG] or g_reg[r, R_PLAYER] != p or g_reg[r, R_DECLINE]:
                g.gst[G_ERROR] = ERR_BAD_MOVE
            else:
                move_marker(g, m, r)
    heart_tribute(g, p)


# ----------------------------------------------------------------- turn hooks
@inline_kernel
def turn_begins(g, t, p):
    """Before p decides anything (a decline turn too): the turn's ability state
    is cleared, the Pandaren take their Harmony tokens back, the Goblins' Bombs
    go off, and the Doomhammer's owner is noted (and p's public tally, for the
    bots' leader: rivals.py)."""
    note_tally(g, p)
    g_gst = g.gst
    g_gst[G_KILLS] = 0
    g_gst[G_ATTACKED] = 0
    g_gst[G_HOLY_LIGHT] = 0
    g_gst[G_AIRBORNE] = 0
    g_gst[G_USED] = 0
    g_gst[G_SIDE] = -1
    if g_gst[G_HARMONY_FROM] == p + 1 or g.ply[p, P_RACE] == GOBLINS:
        start_of_turn(g, t, p)
    if g_gst[G_MARKER_AT + DOOMHAMMER] >= 0:
        note_doomhammer(g)  # who held it since the last turn (its previous owner)


@inline_kernel
def combo_taken(g, p):
    """p just took a combo: no Beasts and no power use yet; the Champion starts
    in hand."""
    g_ply = g.ply
    g_ply[p, P_BEASTS] = 0
    g_ply[p, P_USES] = 0
    g_ply[p, P_CHAMPION] = 1 if g_ply[p, P_POWER] == CHAMPIONING else 0


@inline_kernel
def active_turn_begins(g, t, p):
    """The active race starts its turn, before readying troops or abandoning any
    region: the Worgen pick their form (and its VC are booked), the power's uses
    of the turn reset, Beast Master swaps its Beasts for one per Hills it holds
    ("at the beginning of each of its turns")."""
    pay_vc(g, p, turn_start(g, t, p, choose_form(g, t, p)))
    if g.ply[p, P_POWER] == BEAST_MASTER:
        take_beasts(g, t, p)


@inline_kernel
def before_conquests(g, t, p):
    """Before the first conquest: Portal Mage's swaps, then the conquests open
    (conquests_begin)."""
    if g.ply[p, P_POWER] == PORTAL_MAGE:
        power_phase(g, t, p, False)
    conquests_begin(g, t, p)


@inline_kernel
def before_targets(g, t, p):
    """Before the core computes p's targets: a Neutral race on the Battleground
    picks its side (the Faction Bonus changes what a region is worth)."""
    if g.gst[G_MARKER_AT + BATTLEGROUND] >= 0:
        battleground_side(g, t, p)


@inline_kernel
def conquests_begin(g, t, p):
    """The conquests open: the Ethereals may steal first."""
    if g.ply[p, P_RACE] == ETHEREALS:
        ethereals_steal(g, t, p)
    before_targets(g, t, p)


@inline_kernel
def conquests_beyond_targets(g, p):
    """Whether p may conquer although no region is a normal target: the Ashes of
    Al'ar reach any region, the Gnomes' assault too."""
    return g.gst[G_MODES] & MODE_ASHES or (g.ply[p, P_RACE] == GNOMES and g.gst[G_AIRBORNE] == 0)


@inline_kernel
def hand_may_conquer(g, p):
    """Whether p's hand may make a conquest: Beasts alone cannot (the race's
    minimum of race tokens must hold the region)."""
    return g.ply[p, P_BEASTS] == 0 or conquest_hand(g, p) >= min_region_tokens(g.ply[p, P_RACE])


@inline_kernel
def before_conquest(g, t, p, n_targets):
    """Before each conquest once on the map: an Intimidating or Championing
    power's use. Returns (1 used, 0 not, -1 illegal; the number of targets)."""
    power = g.ply[p, P_POWER]
    if power == INTIMIDATING or power == CHAMPIONING:
        return power_before_conquest(g, t, p, n_targets)
    return 0, n_targets


@inline_kernel
def marker_at(g, r):
    """Whether a marker lies on r: its fall may move it or reveal it, and so
    change other regions' costs."""
    return g.reg[r, R_MARKERS] != 0


@inline_kernel
def plain_conquest(g, r, modes):
    """Whether the core may conquer r by itself: no conquest mode, no Aegis to pay."""
    return modes == 0 and g.reg[r, R_MARKERS_UP] == 0


@inline_kernel
def on_attack(g, p, r):
    """p attacks r: the Pandaren note who attacked them, a Harmony holder pays its
    fee first (only they care, and a call costs)."""
    if g.ply[p, P_RACE] == PANDAREN or g.ply[p, P_HARMONY] == 1:
        engage(g, p, r)


@kernel
def ability_conquest(g, t, p, r, mode, modes):
    """A conquest an ability makes, named by the bot's mode: the Gnomes' airborne
    assault, once a turn, on any region as though adjacent after a free die; if
    the hand is still short it is the final attempt with the normal die, and out
    of reach even then the conquests end. Returns ATTACK_*."""
    g_ply = g.ply
    if mode != TARGET_ASSAULT or modes != 0:
        return ATTACK_ILLEGAL
    cost = airborne_assault(g, t, p, r)
    if cost < 0:
        return ATTACK_ILLEGAL
    final = False
    if cost > g_ply[p, P_HAND]:
        if not die_allowed(g, t, p, cost):
            return ATTACK_FINAL  # out of reach even for the normal die: the assault fails
        final = True  # the assault is the final attempt: the die again
    on_attack(g, p, r)
    if g.reg[r, R_MARKERS_UP] != 0:
        pay_aegis(g, p, r)  # airborne_cost kept only regions p can pay for
    if final:
        final_attempt(g, t, p, r, cost)
        return ATTACK_FINAL
    conquer(g, t, p, r, cost)
    return ATTACK_DONE


@inline_kernel
def special_conquest(g, t, p, r, final, modes):
    """A conquest with conquest modes or an Aegis to pay (attack); after a final
    attempt a Neutral race on the Battleground may change sides for its scoring."""
    done = attack(g, t, p, r, final, modes)
    if done == ATTACK_FINAL:
        before_targets(g, t, p)
    return done


@inline_kernel
def after_each_conquest(g, t, p):
    """After each conquest: the Ethereals may steal (True: a marker moved, so
    costs may change)."""
    return g.ply[p, P_RACE] == ETHEREALS and ethereals_steal(g, t, p)


@inline_kernel
def targets_stale(g, p, gated, coins_before):
    """Whether p's coins moved across a price some region asks first (gated:
    coins_gate_regions), or the Harmony fee was paid: costs must be recomputed."""
    coins = g.ply[p, P_COINS]
    return (gated and coins != coins_before and min(coins, coins_before) < MOST_DUE) or g.gst[
        G_CLOSED
    ] != (HARMONY_PRICE if g.ply[p, P_HARMONY] == 1 else 0)


@inline_kernel
def after_conquests(g, t, p):
    """After the last conquest: the Ethereals' last chance to steal."""
    if g.ply[p, P_RACE] == ETHEREALS:
        ethereals_steal(g, t, p)


@inline_kernel
def before_redeploy(g, t, p):
    """Before the redeployment: the Spirit Healer's token from the tray, and the
    Forsaken buy the tokens their conquests made others discard."""
    g.ply[p, P_HAND] += redeploy_bonus_tokens(g, t, p)
    if g.ply[p, P_RACE] == FORSAKEN and g.gst[G_KILLS] > 0:
        enlist(g, t, p)


@inline_kernel
def after_redeploy(g, t, p):
    """After the redeployment: Portal Mage's swaps left, Garrisoned's Forts,
    Defensive's Watch Towers."""
    power = g.ply[p, P_POWER]
    if power == PORTAL_MAGE or power == GARRISONED or power == DEFENSIVE:
        power_phase(g, t, p, True)


@inline_kernel
def turn_ends(g, t, p, declined):
    """After every redeployment, before scoring: the holder of the Aegis and the
    Heart places them (not in a decline turn), then Military Objectives, Bombs
    and Harmony tokens."""
    g_gst = g.gst
    if not declined and (
        held_by(g.reg, g_gst[G_MARKER_AT + AEGIS], p)
        or held_by(g.reg, g_gst[G_MARKER_AT + HEART], p)
    ):
        place_artifacts(g, t, p)  # only the holder of a region with one of them acts
    race = g.ply[p, P_RACE]
    if race == HUMANS or race == GOBLINS or race == PANDAREN:
        end_of_turn(g, t, p)


@inline_kernel
def after_scoring(g, t, p, declined):
    """p's turn is scored: what it added to the public tally (the bots' leader:
    rivals.py)."""
    note_gain(g, p)
