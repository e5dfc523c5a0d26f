"""End-of-turn scoring: 1 VC per region held (active and in decline), and the
ruleset's bonuses (turn_bonuses)."""

from __future__ import annotations

from analyzer.engine.jit import kernel
from analyzer.engine.layout import (
    EV_SCORE,
    G_NREG,
    I_VC_ACTIVE,
    I_VC_DECLINE,
    P_COINS,
    P_DECLINE_INSTANCE,
    P_INSTANCE,
    P_SEEN_VC,
    R_DECLINE,
    R_PLAYER,
)
from analyzer.engine.rule_hooks import (
    spare_decline_vc,
    turn_bonuses,
)
from analyzer.engine.state import assume_as_built
from analyzer.engine.trace import log_event


@kernel
def score_turn(g, t, p):
    """Pay p for its turn; returns the VC scored."""
    assume_as_built(g, t)
    g_reg = g.reg
    g_ply = g.ply
    g_gst = g.gst
    g_inst = g.inst
    active = 0
    declined = 0
    for r in range(g_gst[G_NREG]):  # without a branch per region (whose is unpredictable)
        mine = g_reg[r, R_PLAYER] == p
        active += mine & (g_reg[r, R_DECLINE] == 0)
        declined += mine & (g_reg[r, R_DECLINE] != 0)
    bonus_active, bonus_declined = turn_bonuses(g, t, p)
    active += bonus_active
    declined += bonus_declined
    g_ply[p, P_COINS] += active + declined
    g_ply[p, P_SEEN_VC] += active + declined  # counted on the board, in view
    i = g_ply[p, P_INSTANCE]
    if i >= 0:
        g_inst[i, I_VC_ACTIVE] += active
    # the VC of a race in the ruleset's own decline slot goes to its own row
    spare = spare_decline_vc(g, p)
    j = g_ply[p, P_DECLINE_INSTANCE]
    if j >= 0:
        g_inst[j, I_VC_DECLINE] += declined - spare
    log_event(g, EV_SCORE, p, -1, active + declined, g_ply[p, P_COINS])
    return active + declined
