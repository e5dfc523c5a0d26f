"""Paying VC, booked to the race instance that earned or spent it. Apart from
conquest.py so that a ruleset's rule hooks, which conquest.py calls, may pay too."""

from __future__ import annotations

from analyzer.engine.jit import kernel
from analyzer.engine.layout import (
    I_VC_ACTIVE,
    I_VC_DECLINE,
    P_COINS,
    P_DECLINE_INSTANCE,
    P_INSTANCE,
)


@kernel
def pay_vc(g, p, vc):
    """Bonus VC earned by p's active race during its turn."""
    if vc != 0:
        g.ply[p, P_COINS] += vc
        i = g.ply[p, P_INSTANCE]
        if i >= 0:
            g.inst[i, I_VC_ACTIVE] += vc


@kernel
def pay_player(ply, inst, payer, q, decline):
    """payer gives 1 VC (if it has one) to q, booked to the payer's active race
    and to q's active race or, with decline=1, its in-decline race (a
    Marshdweller's toll, a Champion's ransom). Plain arrays: cheaper to compile."""
    if ply[payer, P_COINS] < 1:
        return
    ply[payer, P_COINS] -= 1
    i = ply[payer, P_INSTANCE]
    if i >= 0:
        inst[i, I_VC_ACTIVE] -= 1
    ply[q, P_COINS] += 1
    i = ply[q, P_DECLINE_INSTANCE if decline == 1 else P_INSTANCE]
    if i >= 0:
        inst[i, I_VC_DECLINE if decline == 1 else I_VC_ACTIVE] += 1
