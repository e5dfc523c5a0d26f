"""A scripted bot that plays like a decent human.

- Combo: tokens, plus what the race and power are worth (the ruleset's
  RACE_VALUE, POWER_VALUE), plus coins lying on the combo, minus its price;
  abilities that pay per turn count less when few turns are left.
- Conquest: the cheapest valuable region first (value per token), so a turn
  takes as many good regions as it can; when nothing is affordable the last
  tokens try the reinforcement die on the region with the best odds x value.
- Redeployment: spare tokens go where opponents can strike next (neighbouring
  active enemies, Entry regions), most where the threat per defender is highest;
  a piece held apart (SWoW's Champion) goes where the threat is highest.
  In the last round only the players still to play count.
- Decline: a parameterized rule (tokens free to attack below a threshold once
  the race is old enough, or at a fixed age), never in the last round.
- Abilities: what a target is worth beyond its region, a special assault
  (SWoW's Gnomes fly when it beats the best normal conquest) and the pieces
  placed with the tokens come from the ruleset's bot hooks (players/bot_hooks.py);
  every other decision an ability asks is in the ruleset's package
  (rulesets/<name>/bots.py), and what the bot thinks abilities are worth in
  its values.py.
"""

from __future__ import annotations

from analyzer.engine.conquest import die_reach, list_active_regions
from analyzer.engine.jit import assume_nonnegative, inline_kernel, kernel
from analyzer.engine.layout import (
    B_DEGREE,
    B_SYMBOLS,
    G_CLOSED,
    G_COL_COINS,
    G_COL_POWER,
    G_COL_RACE,
    G_MODES,
    G_NREG,
    G_PLAYERS,
    G_ROUND,
    G_ROUNDS,
    I_ROUND_PICKED,
    P_COINS,
    P_HAND,
    P_INSTANCE,
    P_POWER,
    P_RACE,
    P_SEEN_VC,
    P_STANCE,
    PAR_DIE_FACES,
    PT_BADGE,
    PT_MODELED,
    R_DECLINE,
    R_PLAYER,
    R_RACE,
    R_TOKENS,
    RT_BANNER,
    RT_MODELED,
    SYM_ENTRY,
)
from analyzer.engine.rule_hooks import (
    least_conquest_tokens,
    min_region_tokens,
)
from analyzer.engine.state import assume_as_built, neighbour
from analyzer.players.bot_hooks import (
    MODES_FAR,
    N_MODES,
    POWER_VALUE,
    RACE_VALUE,
    ally_of,
    assault_cost,
    assault_open,
    decline_eagerness,
    far_cost,
    modes_cost,
    modes_may_reach,
    modes_price,
    pieces_in_hand,
    place_held,
    place_next_door,
    put_piece,
    region_price,
    region_worth,
    region_worth_after,
    rival_score,
    set_pieces_in_hand,
    target_context,
)
from analyzer.players.params import (
    H_ABILITY_WEIGHT,
    H_AGGRESSION,
    H_ALLY_CARE,
    H_COIN_VALUE,
    H_DECLINE_AT_AGE,
    H_DECLINE_MIN_AGE,
    H_DECLINE_ROUND,
    H_DECLINE_TOKENS,
    H_ENTRY_THREAT,
    H_LEADER_FOCUS,
    H_RESERVE,
    H_TOKEN_TURNS,
    H_TOKEN_VALUE,
    TARGET_ASSAULT,
    TARGET_CONQUER,
    TARGET_DIE,
)


@inline_kernel
def turns_left(g, p):
    """Turns p still plays, this one included."""
    return g.gst[G_ROUNDS] - g.gst[G_ROUND] + 1


# ------------------------------------------------------------------------ combo
@kernel
def combo_worth(g, t, p, k):
    """What the combo in column slot k is worth to p, its price taken off. A token
    is worth token_value per turn it can still play (token_turns > 0: up to that
    many turns), so early in the game a deeper combo with more tokens is worth its
    coins and late in the game it is not; coins paid and coins lying on the combo
    count coin_value each."""
    g_gst = g.gst
    g_pol = g.pol
    t_race = t.race
    t_power = t.power
    turns = turns_left(g, p)
    life = min(1.0, turns / 3.0)
    token_worth = g_pol[p, H_TOKEN_VALUE]
    if g_pol[p, H_TOKEN_TURNS] > 0:
        token_worth *= min(float(turns), g_pol[p, H_TOKEN_TURNS])
    coin = g_pol[p, H_COIN_VALUE]
    race = g_gst[G_COL_RACE + k]
    power = g_gst[G_COL_POWER + k]
    tokens = t_race[race, RT_BANNER] + t_power[power, PT_BADGE]
    ability = 0.0
    if t_race[race, RT_MODELED] > 0:
        ability += RACE_VALUE[race]
    if t_power[power, PT_MODELED] > 0:
        ability += POWER_VALUE[power]
    return (
        token_worth * tokens
        + g_pol[p, H_ABILITY_WEIGHT] * ability * life
        + coin * (g_gst[G_COL_COINS + k] - k)
    )


@kernel
def heuristic_combo(g, t, p, n_visible):
    """The affordable column slot worth most (combo_worth), the top one on a tie."""
    best = 0
    best_value = -1e9
    for k in range(min(n_visible, g.ply[p, P_COINS] + 1)):
        value = combo_worth(g, t, p, k)
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
    # summed without a branch per region (which are p's is unpredictable)
    for r in range(g_gst[G_NREG]):
        own = (g_reg[r, R_PLAYER] == p) & (g_reg[r, R_DECLINE] == 0)
        n += (g_reg[r, R_TOKENS] - keep) * own
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
    return free_tokens(g, p) < g.pol[p, H_DECLINE_TOKENS] + decline_eagerness(g, p)


# --------------------------------------------------------------------- conquest
@inline_kernel
def known_vc(g, p, q):
    """q's score as p knows it: p's own coins exactly, an opponent's hidden coins
    (the rulebook) only as the public tally (docs/rulings.md 31)."""
    if q == p:
        return g.ply[p, P_COINS]
    return g.ply[q, P_SEEN_VC]


@inline_kernel
def leader(g, t, p, ally):
    """The player who leads as p sees the scores (the ruleset's rival_score), `ally`
    left out (an ally is no target; -1: nobody left out)."""
    best = -1
    best_vc = 0
    for q in range(g.gst[G_PLAYERS]):
        if q == ally:
            continue
        vc = rival_score(g, t, p, q)
        if best < 0 or vc > best_vc:
            best_vc = vc
            best = q
    return best


@inline_kernel
def die_success(t_params, short):
    """Chance that the reinforcement die makes up `short` tokens (t_params: the
    tables' params, hoisted: a `t.params` read per face costs a refcount update)."""
    n = 0
    for k in range(6):
        if t_params[PAR_DIE_FACES + k] >= short:
            n += 1
    return n / 6.0


@kernel
def heuristic_target(g, t, p):
    """The region worth most per token among the affordable ones, with the open
    conquest mode that makes it cheapest (one that asks coins only when it saves 3
    tokens or more: SWoW's Doomhammer); when none is affordable, the best die
    attempt (value x chance), without modes.

    What a region is worth beyond it comes from the ruleset (target_context,
    region_worth, region_worth_after: SWoW's Harmony fee, for one). A special
    assault the ruleset offers (assault_open, assault_cost: SWoW's Gnomes) is weighed on
    any region it can surely afford, its cost lowered by the free die's mean
    (ctx[1]), against the best normal conquest."""
    assume_as_built(g, t)
    reg = g.reg
    ply = g.ply
    board = g.board
    adj = g.adj
    cost = g.cost
    work = g.work
    t_params = t.params
    gst = g.gst
    pol = g.pol
    race_tab = t.race
    race = ply[p, P_RACE]
    power = ply[p, P_POWER]
    form = ply[p, P_STANCE]
    least = least_conquest_tokens(t, race)
    aggression = pol[p, H_AGGRESSION]
    leader_focus = pol[p, H_LEADER_FOCUS]
    hand = ply[p, P_HAND]
    coins = ply[p, P_COINS]
    avail = gst[G_MODES]
    fee_due = gst[G_CLOSED]
    budget = hand - int(pol[p, H_RESERVE])
    reach = die_reach(t, race, power, hand)
    lead = leader(g, t, p, -1)
    # a team variant's ally (players/bot_hooks.py ally_of): taking its regions hurts
    # the team, more when it is the weaker ally (the team scores the lower of the
    # two), and a weaker ally's enemy neighbours are worth clearing
    ally = ally_of(g, t, p)
    care = pol[p, H_ALLY_CARE] if ally >= 0 else 0.0
    weaker_ally = False
    if care > 0.0:
        lead = leader(g, t, p, ally)
        weaker_ally = ply[ally, P_COINS] < coins  # allies share their coins (ruling B8)
    nreg = gst[G_NREG]
    ctx = target_context(g, t, p, hand, cost)
    airborne = assault_open(g, p)
    mean_roll = ctx[1]
    best = -1
    best_mode = 0
    best_score = 0.0
    best_die = -1
    best_die_score = 0.0
    best_air = -1
    best_air_score = 0.0
    # A die attempt counts only when no conquest nor assault is found, so the
    # first pass skips the regions only the die could take and weighs no die;
    # the second, run only then, weighs every die attempt in the same order with
    # the same tie rule as one pass over all would (the same choice, less work).
    die_seen = False
    # The regions worth a look, in order: the first pass's, those with a cost and,
    # without conquest modes or an assault, no dearer than the budget; or all when
    # a mode or an assault may reach beyond the targets. The second pass's, those
    # only the die may reach. Each list is gathered first without a branch per
    # region (which regions pass is unpredictable, and a mispredicted branch costs
    # more than the copy) into the bots' scratch, free during the conquests. The
    # loop below still skips what it must: this only leaves out regions it would skip.
    looked = g.fwork
    everywhere = airborne or (avail & MODES_FAR) != 0
    dearest = budget if avail == 0 and not airborne else 1 << 62
    n_looked = 0
    for r in range(nreg):
        c = cost[r]
        looked[n_looked] = r
        n_looked += everywhere | ((c >= 0) & (c <= dearest))
        die_seen |= (hand < c) & (c <= reach)
    for die_pass in range(2):
        if die_pass == 1:
            if best >= 0 or best_air >= 0 or not die_seen:
                break
            n_looked = 0  # the regions only the die may reach, in the same order
            for r in range(nreg):
                c = cost[r]
                looked[n_looked] = r
                n_looked += (hand < c) & (c <= reach)
        for i in range(n_looked):
            r = int(looked[i])
            assume_nonnegative(r)  # a region: indexing needs no wraparound
            c = cost[r]
            ac = -1
            if die_pass == 1:
                air_ok = False
            else:
                if airborne:
                    ac = assault_cost(
                        board, reg, ply, r, p, race, power, form, t_params, least, fee_due, coins
                    )
                air_ok = 0 <= ac <= budget
                if c < 0 and (avail & MODES_FAR) == 0 and not air_ok:
                    continue
                if c > budget and c > reach and not air_ok:
                    # out of reach unless the open conquest modes may bring it in
                    if avail == 0 or not modes_may_reach(c, avail, budget):
                        continue
                if avail == 0 and not air_ok and not 0 <= c <= budget:
                    continue  # only the die could take r: the second pass weighs it
            price = region_price(reg, p, r)
            if price > coins:
                continue
            # what taking r is worth this turn, in VC-like units
            value = region_worth(ctx, board, adj, reg, ply, gst, race_tab, p, race, power, r, price)
            q = reg[r, R_PLAYER]
            if care > 0.0 and q == ally:
                value -= care * (1.0 + aggression + (1.0 if weaker_ally else 0.0))
            else:  # selects, not branches: who holds r is unpredictable
                enemy = (q >= 0) & (q != p)
                value += aggression if enemy else 0.0
                value += leader_focus if enemy & (q == lead) else 0.0
            value = region_worth_after(ctx, reg, r, value)
            guards_ally = False
            for k in range(board[r, B_DEGREE]):
                nb = neighbour(adj, r, k)
                if reg[nb, R_PLAYER] != p:
                    value += 0.05  # room to grow
                if weaker_ally and q >= 0 and q != ally and q != p and reg[nb, R_PLAYER] == ally:
                    guards_ally = True
            if guards_ally:
                value += 0.5 * care
            if value <= 0.0:
                continue
            if die_pass == 1:
                score = value * die_success(t_params, c - hand)
                if score > best_die_score:
                    best_die_score = score
                    best_die = r
                continue
            if air_ok:
                score = value / max(ac - mean_roll, 1.0)
                if score > best_air_score:
                    best_air_score = score
                    best_air = r
            if 0 <= c <= budget:
                score = value / c
                better = score > best_score  # selects: which region wins is unpredictable
                best = r if better else best
                best_mode = 0 if better else best_mode
                best_score = score if better else best_score
            if avail != 0:
                c_far = -1
                if avail & MODES_FAR:
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
                        fee_due,
                        coins,
                    )
                next_door = place_next_door(reg, work, r)
                for i in range(N_MODES):  # each open mode alone
                    b = 1 << i
                    if avail & b == 0:
                        continue
                    cm = modes_cost(c, c_far, next_door, b, least)
                    if cm < 0 or cm > budget or (c >= 0 and cm >= c):
                        continue
                    vm = value
                    mode_price = modes_price(b)
                    if mode_price > 0:  # a mode that asks coins must save 3 tokens or more
                        if price + mode_price > coins or (c >= 0 and c - cm < 3):
                            continue
                        vm -= mode_price
                    score = vm / cm
                    if score > best_score:
                        best_score = score
                        best = r
                        best_mode = b
    if best_air >= 0 and best_air_score > best_score:
        return best_air, TARGET_ASSAULT, 0
    if best >= 0:
        return best, TARGET_CONQUER, best_mode
    if best_die >= 0:
        return best_die, TARGET_DIE, 0
    return -1, TARGET_CONQUER, 0


# ------------------------------------------------------------------ race pieces
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
    ally = ally_of(g, t, p)  # an ally that cares does not attack
    care = g.pol[p, H_ALLY_CARE] if ally >= 0 else 0.0
    still_to_play = n_players - 1
    if last_round:
        still_to_play = n_players - 1 - p
    all_threaten = not last_round  # in the last round only those after p threaten
    # p's active regions listed first, then each one's threat
    n_own = list_active_regions(reg, g.gst[G_NREG], p, own)
    for i in range(n_own):
        r = own[i]
        assume_nonnegative(r)  # a region: indexing needs no wraparound
        d = 0.0
        if ally < 0:
            # every threat counts 1.0: counted without a branch per neighbour (whose
            # they are is unpredictable), the same float as adding 1.0 each time
            n = 0
            for k in range(board[r, B_DEGREE]):
                nb = neighbour(adj, r, k)
                q = reg[nb, R_PLAYER]
                n += (
                    (q >= 0)
                    & (q != p)
                    & (reg[nb, R_DECLINE] == 0)
                    & (reg[nb, R_RACE] != me)
                    & (all_threaten | (q > p))
                )
            d = float(n)
        else:
            for k in range(board[r, B_DEGREE]):
                nb = neighbour(adj, r, k)
                q = reg[nb, R_PLAYER]
                if q >= 0 and q != p and reg[nb, R_DECLINE] == 0 and reg[nb, R_RACE] != me:
                    if not (last_round and q < p):
                        d += 1.0 - min(care, 1.0) if q == ally else 1.0
        if (board[r, B_SYMBOLS] & SYM_ENTRY) != 0:
            d += entry_threat * still_to_play
        danger[i] = d
    if n_own == 0:
        return
    # one token at a time, as place_tokens would put it (the ruleset's pieces in
    # hand first), without a call per token
    ply = g.ply
    hand = ply[p, P_HAND]
    pieces = pieces_in_hand(ply, p)
    # each region's score is kept in danger[n_own + i] when there is room, and
    # only the region that got the token is scored again (the same expression,
    # so the same floats and choices as scoring every region for every token)
    kept = 2 * n_own <= danger.shape[0]
    if kept:
        for i in range(n_own):
            danger[n_own + i] = (danger[i] + 1e-3) / (reg[own[i], R_TOKENS] + 1)
    while hand > 0:
        best = 0
        best_score = -1.0
        for i in range(n_own):
            if kept:
                score = danger[n_own + i]
            else:
                score = (danger[i] + 1e-3) / (reg[own[i], R_TOKENS] + 1)
            better = score > best_score  # selects: which region wins is unpredictable
            best = i if better else best
            best_score = score if better else best_score
        if pieces > 0:
            put_piece(reg, own[best])
            pieces -= 1
        else:
            reg[own[best], R_TOKENS] += 1
        if kept:
            danger[n_own + best] = (danger[best] + 1e-3) / (reg[own[best], R_TOKENS] + 1)
        hand -= 1
    ply[p, P_HAND] = 0
    set_pieces_in_hand(ply, p, pieces)
    place_held(g, p, n_own)  # a piece held apart (SWoW's Champion)


# ---------------------------------------------------------------------- powers
