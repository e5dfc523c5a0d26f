"""The turn and the game: the rulebook's turn order, with every decision asked of
the seat's bot (players/policy.py) and every rule applied by the engine."""

from __future__ import annotations

import numpy as np

from analyzer.engine.column import take_combo, visible_combos
from analyzer.engine.conquest import (
    compute_targets,
    conquer,
    count_regions,
    die_allowed,
    final_attempt,
    pay_vc,
    ready_troops,
    special_cost,
    update_targets,
)
from analyzer.engine.decline import go_into_decline
from analyzer.engine.invariants import ERR_BAD_MOVE, ERR_TARGETS, check_invariants
from analyzer.engine.jit import allocating, inline_kernel, kernel
from analyzer.engine.layout import (
    F_COST,
    F_POWER,
    F_RACE,
    F_SEAT,
    G_AIRBORNE,
    G_ATTACKED,
    G_CHECK,
    G_CLOSED,
    G_DEFEATED,
    G_ERROR,
    G_FORCED_COST,
    G_FORCED_POWER,
    G_FORCED_RACE,
    G_FORCED_SEAT,
    G_HARMONY_FROM,
    G_HOLY_LIGHT,
    G_KILLS,
    G_LOG_ON,
    G_MARKER_AT,
    G_MODES,
    G_NINST,
    G_NREG,
    G_PLAYERS,
    G_ROUND,
    G_ROUNDS,
    G_SIDE,
    G_TURN,
    G_USED,
    I_COLLECTED,
    I_PAID,
    I_POWER,
    I_RACE,
    I_ROUND_DECLINED,
    I_ROUND_PICKED,
    I_SEAT,
    I_SLOT,
    I_TOKENS,
    MAX_RACES,
    P_BEASTS,
    P_CHAMPION,
    P_COINS,
    P_DECLINE_POWER,
    P_DECLINES,
    P_HAND,
    P_HARMONY,
    P_INSTANCE,
    P_POLICY,
    P_POWER,
    P_RACE,
    P_USES,
    PT_BADGE,
    R_DECLINE,
    R_MARKERS,
    R_MARKERS_UP,
    R_PLAYER,
    R_TOKENS,
    RT_BANNER,
    RT_BOX,
    RT_FACTION,
    S_DECLINES,
    S_POLICY,
    S_RANK,
    S_TOKENS_ON_BOARD,
    S_VC,
    S_WIN,
)
from analyzer.engine.rng import init_streams
from analyzer.engine.scoring import score_turn
from analyzer.engine.setup import setup_game
from analyzer.engine.state import EV_PICK, EV_REDEPLOY
from analyzer.engine.trace import log_event
from analyzer.model.ids import (
    AEGIS,
    ALLIANCE,
    BATTLEGROUND,
    BEAST_MASTER,
    CHAMPIONING,
    DEFENSIVE,
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
from analyzer.players.policy import (
    TARGET_AIRBORNE,
    TARGET_DIE,
    choose_abandon,
    choose_artifact_region,
    choose_champion,
    choose_combo,
    choose_decline,
    choose_form,
    choose_intimidation,
    choose_side,
    choose_steal,
    choose_swap,
    choose_target,
    place_hand,
)
from analyzer.rulesets.swow.abilities import (
    HARMONY_PRICE,
    min_region_tokens,
    race_tokens_in_play,
    redeploy_bonus_tokens,
    take_beasts,
    turn_end,
    turn_start,
)
from analyzer.rulesets.swow.markers import (
    DOOMHAMMER_PRICE,
    MODE_ASHES,
    MODE_DOOMHAMMER,
    USED_ETHEREALS,
    controls_marker,
    credit,
    heart_tribute,
    marker_region,
    may_steal,
    modes_coins,
    move_marker,
    pay_aegis,
    use_artifacts,
)
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
    engage,
    enlist,
    start_of_turn,
)


@inline_kernel
def pick_combo(g, t, p):
    """Ask the bot for a combo, pay for it and take its tokens (within the box)."""
    g_ply = g.ply
    g_gst = g.gst
    g_inst = g.inst
    t_race = t.race
    t_power = t.power
    if g_gst[G_FORCED_SEAT] == p:
        # a study's forced first pick: the combo comes from outside the column
        race = g_gst[G_FORCED_RACE]
        power = g_gst[G_FORCED_POWER]
        paid = min(g_gst[G_FORCED_COST], g_ply[p, P_COINS])
        collected = 0
        slot = -1
        g_gst[G_FORCED_SEAT] = -1
    else:
        n_visible = visible_combos(g, t)
        slot = choose_combo(g, t, p, n_visible)
        if slot < 0 or slot >= n_visible or slot > g_ply[p, P_COINS]:
            g_gst[G_ERROR] = ERR_BAD_MOVE
            slot = 0
        race, power, collected = take_combo(g, t, g.rng, g_ply[p, P_COINS], slot)
        paid = slot
    g_ply[p, P_COINS] += collected - paid
    box_left = t_race[race, RT_BOX] - race_tokens_in_play(g, race)
    tokens = min(t_race[race, RT_BANNER] + t_power[power, PT_BADGE], box_left)
    g_ply[p, P_RACE] = race
    g_ply[p, P_POWER] = power
    g_ply[p, P_HAND] = tokens
    g_ply[p, P_BEASTS] = 0
    g_ply[p, P_USES] = 0
    g_ply[p, P_CHAMPION] = 1 if power == CHAMPIONING else 0  # the Champion starts in hand
    i = g_gst[G_NINST]
    g_gst[G_NINST] = i + 1
    g_ply[p, P_INSTANCE] = i
    g_inst[i, I_SEAT] = p
    g_inst[i, I_RACE] = race
    g_inst[i, I_POWER] = power
    g_inst[i, I_SLOT] = slot
    g_inst[i, I_PAID] = paid
    g_inst[i, I_COLLECTED] = collected
    g_inst[i, I_ROUND_PICKED] = g_gst[G_ROUND]
    g_inst[i, I_ROUND_DECLINED] = -1
    g_inst[i, I_TOKENS] = tokens
    log_event(g, EV_PICK, p, -1, race * 100 + power, slot)


@allocating
def check_targets(g, t, p, n_targets):
    """The naive oracle for update_targets: recompute every cost (and the open
    conquest modes) and compare."""
    kept = g.cost.copy()
    modes = g.gst[G_MODES]
    if compute_targets(g, t, p) != n_targets and g.gst[G_ERROR] == 0:
        g.gst[G_ERROR] = ERR_TARGETS
    if g.gst[G_MODES] != modes and g.gst[G_ERROR] == 0:
        g.gst[G_ERROR] = ERR_TARGETS
    for r in range(g.gst[G_NREG]):
        if g.cost[r] != kept[r] and g.gst[G_ERROR] == 0:
            g.gst[G_ERROR] = ERR_TARGETS


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
        if g.ply[p, P_HARMONY] == 1:
            engage(g, p, src)  # a Harmony holder pays the Pandaren first
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
    had_coin = g_ply[p, P_COINS] >= 1
    champion_conquest(g, t, p, r)
    if marker_here or had_coin != (g_ply[p, P_COINS] >= 1):
        return 1, compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
    n_targets = update_targets(g, t, p, r, n_targets)
    if g.gst[G_CHECK] == 1:
        check_targets(g, t, p, n_targets)
    return 1, n_targets


@kernel
def power_phase(g, t, p, end):
    """Powers acting at two fixed points of the turn, in one compiled function
    (each call site in the turn adds compile time). Before the conquests
    (end=False): Beast Master swaps its Beasts for new ones, a Portal Mage may
    swap. After the redeployment (end=True): a Portal Mage may use the swaps it
    has left; Garrisoned and Defensive place their pieces."""
    power = g.ply[p, P_POWER]
    if power == BEAST_MASTER and not end:
        take_beasts(g, t, p)
    elif power == PORTAL_MAGE:
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


ATTACK_DONE = 0  # a conquest made; more may follow
ATTACK_FINAL = 1  # the final attempt was made: conquests end
ATTACK_ILLEGAL = -1


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
        # 2 coins to the player who held r (active or in decline), else the stash
        credit(g, p, -DOOMHAMMER_PRICE, False)
        credit(g, g_reg[r, R_PLAYER], DOOMHAMMER_PRICE, g_reg[r, R_DECLINE] == 1)
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


# The most coins a region may ask before an attack (Harmony 2, Aegis 2, a toll 1):
# coins that change below it may open or close regions.
MOST_DUE = 5


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


@inline_kernel
def conquest_phase(g, t, p):
    """Conquer until the bot stops, runs out of targets, or makes its final attempt.
    A conquest may use Artifacts or the Ethereals' discount (modes)."""
    g_cost = g.cost
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    power = g_ply[p, P_POWER]
    least = min_region_tokens(g_ply[p, P_RACE])
    ethereals = g_ply[p, P_RACE] == ETHEREALS
    if ethereals:
        ethereals_steal(g, t, p)
    if g_gst[G_MARKER_AT + BATTLEGROUND] >= 0:
        battleground_side(g, t, p)
    n_targets = compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
    on_map = count_regions(g, p, 0) > 0
    gated = coins_gate_regions(g, p)
    # the Ashes of Al'ar and the Gnomes' airborne assault may reach a region when
    # no other is in reach
    while (
        g_ply[p, P_HAND] > 0
        and (
            n_targets > 0
            or g_gst[G_MODES] & MODE_ASHES
            or (g_ply[p, P_RACE] == GNOMES and g_gst[G_AIRBORNE] == 0)
        )
        and (g_ply[p, P_BEASTS] == 0 or conquest_hand(g, p) >= least)
    ):
        if on_map and (power == INTIMIDATING or power == CHAMPIONING):
            used, n_targets = power_before_conquest(g, t, p, n_targets)
            if used < 0:
                return
            if used == 1:
                continue
        coins_before = g_ply[p, P_COINS]
        r, mode, modes = choose_target(g, t, p)
        if r < 0:
            return
        if r >= g_gst[G_NREG]:
            g_gst[G_ERROR] = ERR_BAD_MOVE
            return
        marker_here = g_reg[r, R_MARKERS] != 0
        if mode == TARGET_AIRBORNE:
            # the Gnomes, once a turn: any region, as though adjacent, after a free die
            cost = airborne_assault(g, t, p, r) if modes == 0 else -1
            if cost < 0:
                g_gst[G_ERROR] = ERR_BAD_MOVE
                return
            if cost > g_ply[p, P_HAND]:
                if not die_allowed(g, t, p, cost):
                    return  # out of reach even for the normal die: the assault fails
                mode = TARGET_DIE  # the assault is the final attempt: the die again
            if g_ply[p, P_RACE] == PANDAREN or g_ply[p, P_HARMONY] == 1:
                engage(g, p, r)
            if g_reg[r, R_MARKERS_UP] != 0:
                pay_aegis(g, p, r)  # airborne_cost kept only regions p can pay for
            if mode == TARGET_DIE:
                final_attempt(g, t, p, r, cost)
                return
            conquer(g, t, p, r, cost)
        elif modes == 0 and g_reg[r, R_MARKERS_UP] == 0:
            # the common case, kept inline: no mode, no Aegis to pay
            cost = g_cost[r]
            final = mode == TARGET_DIE
            if cost < 0 or (not die_allowed(g, t, p, cost) if final else cost > g_ply[p, P_HAND]):
                g_gst[G_ERROR] = ERR_BAD_MOVE
                return
            if g_ply[p, P_RACE] == PANDAREN or g_ply[p, P_HARMONY] == 1:
                engage(g, p, r)  # only the Pandaren and Harmony holders care (a call costs)
            if final:
                final_attempt(g, t, p, r, cost)
                return
            conquer(g, t, p, r, cost)
        else:
            done = attack(g, t, p, r, mode == TARGET_DIE, modes)
            if done == ATTACK_ILLEGAL:
                g_gst[G_ERROR] = ERR_BAD_MOVE
                return
            if done == ATTACK_FINAL:
                if g_gst[G_MARKER_AT + BATTLEGROUND] >= 0:
                    battleground_side(g, t, p)
                return
        first = not on_map
        on_map = True
        if ethereals and ethereals_steal(g, t, p):
            marker_here = True  # the stolen Artifact may be swung at once
        coins = g_ply[p, P_COINS]
        if (
            first
            or marker_here
            or (gated and coins != coins_before and min(coins, coins_before) < MOST_DUE)
            or g_gst[G_CLOSED] != (HARMONY_PRICE if g_ply[p, P_HARMONY] == 1 else 0)
        ):
            # entry rules change after a first conquest; a marker (the Meeting
            # Stone) may change the travel cost of every Entry region; coins won or
            # paid may open or close a region whose price must be paid first (a
            # Marshdweller's Swamp, an Aegis, the Pandaren's Harmony fee)
            if g_gst[G_MARKER_AT + BATTLEGROUND] >= 0:
                battleground_side(g, t, p)
            n_targets = compute_targets(g, t, p) if g_ply[p, P_HAND] > 0 else 0
            if marker_here:
                gated = coins_gate_regions(g, p)  # an Aegis may have turned face up
        else:
            g_gst[G_MODES] &= ~modes
            n_targets = update_targets(g, t, p, r, n_targets)
            if g_gst[G_CHECK] == 1:
                check_targets(g, t, p, n_targets)


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


@inline_kernel
def redeploy(g, t, p):
    """End of conquests: every token above the minimum is free to move; the bot
    places them (and any bonus tokens) on p's regions."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    if g_ply[p, P_RACE] < 0:
        return
    if ready_troops(g, t, p) == 0:
        return  # no region: the tokens stay in hand for a new first conquest
    g_ply[p, P_HAND] += redeploy_bonus_tokens(g, t, p)
    if g_ply[p, P_RACE] == FORSAKEN and g_gst[G_KILLS] > 0:
        enlist(g, t, p)
    place_hand(g, t, p)
    if g_ply[p, P_HAND] != 0 or g_ply[p, P_CHAMPION] != 0:
        g_gst[G_ERROR] = ERR_BAD_MOVE
    if g_gst[G_LOG_ON] == 1:
        for r in range(g_gst[G_NREG]):
            if g_reg[r, R_PLAYER] == p and g_reg[r, R_DECLINE] == 0:
                log_event(g, EV_REDEPLOY, p, r, g_reg[r, R_TOKENS], 0)


@inline_kernel
def defenders_redeploy(g, t, attacker):
    """As the attacker's turn ends, the players who lost regions put their
    withdrawn tokens back on the regions they still hold."""
    g_ply = g.ply
    g_gst = g.gst
    for q in range(g_gst[G_PLAYERS]):
        if q == attacker or g_ply[q, P_HAND] == 0 or g_ply[q, P_RACE] < 0:
            continue
        if count_regions(g, q, 0) == 0:
            continue
        place_hand(g, t, q)
        if g_ply[q, P_HAND] != 0 or g_ply[q, P_CHAMPION] != 0:
            g_gst[G_ERROR] = ERR_BAD_MOVE


@inline_kernel
def play_turn(g, t, p):
    g_ply = g.ply
    g_gst = g.gst
    for d in range(MAX_RACES):
        g_gst[G_DEFEATED + d] = 0
    g_gst[G_KILLS] = 0
    g_gst[G_ATTACKED] = 0
    g_gst[G_HOLY_LIGHT] = 0
    g_gst[G_AIRBORNE] = 0
    g_gst[G_USED] = 0
    g_gst[G_SIDE] = -1
    if g_gst[G_HARMONY_FROM] == p + 1 or g_ply[p, P_RACE] == GOBLINS:
        start_of_turn(g, t, p)
    declines = g_ply[p, P_RACE] >= 0 and g_gst[G_ROUND] > 1 and choose_decline(g, t, p)
    if declines:
        go_into_decline(g, t, p)
    else:
        new_race = g_ply[p, P_RACE] < 0
        if new_race:
            pick_combo(g, t, p)
        pay_vc(g, p, turn_start(g, t, p, choose_form(g, t, p)))
        if not new_race:
            ready_troops(g, t, p)
            choose_abandon(g, t, p)
        power = g_ply[p, P_POWER]
        if power == BEAST_MASTER or power == PORTAL_MAGE:
            power_phase(g, t, p, False)
        conquest_phase(g, t, p)
        if g_ply[p, P_RACE] == ETHEREALS:
            ethereals_steal(g, t, p)  # a last chance, after the conquests
        redeploy(g, t, p)
        if power == PORTAL_MAGE or power == GARRISONED or power == DEFENSIVE:
            power_phase(g, t, p, True)
    defenders_redeploy(g, t, p)  # also after a decline: tokens withdrawn from a Bomb
    if not declines and (
        held_by(g.reg, g_gst[G_MARKER_AT + AEGIS], p)
        or held_by(g.reg, g_gst[G_MARKER_AT + HEART], p)
    ):
        place_artifacts(g, t, p)  # only the holder of a region with one of them acts
    race = g_ply[p, P_RACE]
    if race == HUMANS or race == GOBLINS or race == PANDAREN:
        end_of_turn(g, t, p)
    score_turn(g, t, p)


@allocating
def final_standings(g, seat_out):
    """VC, rank (1 = best; ties broken by tokens on the boards, equal ties share
    the rank) and win for every seat."""
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    n = g_gst[G_PLAYERS]
    on_board = np.zeros(n, np.int64)
    for r in range(g_gst[G_NREG]):
        q = g_reg[r, R_PLAYER]
        if q >= 0:
            on_board[q] += g_reg[r, R_TOKENS]
    for p in range(n):
        better = 0
        for q in range(n):
            if q == p:
                continue
            vq = g_ply[q, P_COINS]
            vp = g_ply[p, P_COINS]
            if vq > vp or (vq == vp and on_board[q] > on_board[p]):
                better += 1
        seat_out[p, S_VC] = g_ply[p, P_COINS]
        seat_out[p, S_RANK] = better + 1
        seat_out[p, S_WIN] = 1 if better == 0 else 0
        seat_out[p, S_TOKENS_ON_BOARD] = on_board[p]
        seat_out[p, S_DECLINES] = g_ply[p, P_DECLINES]
        seat_out[p, S_POLICY] = g_ply[p, P_POLICY]


@inline_kernel
def play_game(g, t, n_players, seed, game, policies, pol_params, check, forced, seat_out):
    """Play one whole game into g; seat results go to seat_out[n_players, S_NF].
    forced[F_*] may force one seat's first pick (a study's design); seat -1: none."""
    g_ply = g.ply
    g_gst = g.gst
    g_pol = g.pol
    init_streams(seed, game, g.rng)
    g.gst[G_FORCED_SEAT] = forced[F_SEAT]
    g.gst[G_FORCED_RACE] = forced[F_RACE]
    g.gst[G_FORCED_POWER] = forced[F_POWER]
    g.gst[G_FORCED_COST] = forced[F_COST]
    setup_game(g, t, n_players)
    g_gst[G_CHECK] = 1 if check else 0
    for p in range(n_players):
        g_ply[p, P_POLICY] = policies[p]
        for k in range(pol_params.shape[1]):
            g_pol[p, k] = pol_params[p, k]
    rounds = g_gst[G_ROUNDS]
    for rnd in range(1, rounds + 1):
        g_gst[G_ROUND] = rnd
        for p in range(n_players):
            play_turn(g, t, p)
            g_gst[G_TURN] += 1
            if check and g_gst[G_ERROR] == 0:
                g_gst[G_ERROR] = check_invariants(g, t)
    final_standings(g, seat_out)
