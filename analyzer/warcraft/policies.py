"""Casualty policies: who dies first, the players' main decision in a battle.

A named policy is a fixed order of a side's slots (group x battlefield or flanks):
each casualty is taken from the first slot that still holds a unit that may be
chosen (flyers are skipped in the melee phase). The best response is not an order:
exact.best_response chooses, for every state and number of casualties, the units
whose loss leaves the highest chance to hold the battlefield."""

from __future__ import annotations

# A side is a battle.Side, which battle.py reads from a file and checks against
# POLICIES here: this module names its fields only, so the two import one way.

POLICIES = {
    "cheapest": "cheapest units first (by gold plus wood; units without a cost after "
    "those with one, weakest first), flanks before the battlefield on a tie",
    "protect": "protect the battlefield: every flank unit first (cheapest first), the "
    "battlefield's units last",
    "retreat": "retreat: empty the battlefield first (cheapest first), ending the battle "
    "early, then the flanks",
    "keepflyers": "keep flyers: every other unit first (cheapest first), flyers last",
}
BEST = "best"  # the best response's name in tables


def _cheap_key(side, slot: int):
    g = side.groups[slot // 2]
    unknown = g.cost is None
    # Flanks first on a tie: losing a flank unit never ends the battle against you.
    return (unknown, g.cost or 0, g.strength, slot % 2 == 0, slot)


def order(side, policy: str | None = None) -> list[int]:
    """The slots in the order a named policy gives its casualties."""
    policy = side.policy if policy is None else policy
    slots = sorted(range(2 * len(side.groups)), key=lambda s: _cheap_key(side, s))
    if policy == "cheapest":
        return slots
    if policy == "protect":
        return [s for s in slots if s % 2 == 1] + [s for s in slots if s % 2 == 0]
    if policy == "retreat":
        return [s for s in slots if s % 2 == 0] + [s for s in slots if s % 2 == 1]
    if policy == "keepflyers":
        fly = [s for s in slots if side.groups[s // 2].type == "flying"]
        return [s for s in slots if s not in fly] + fly
    raise ValueError(policy)


def cost_note(side) -> str | None:
    """What the cheapest order rests on when some costs are missing."""
    missing = [g.name for g in side.groups if g.cost is None]
    if not missing:
        return None
    return (
        f"{side.name}: no cost given for {', '.join(missing)}; the policies rank them "
        "after the units with a cost, weakest first"
    )
