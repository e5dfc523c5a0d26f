"""The five unit special abilities, as the rulebook's "Unit Special Abilities" words
them, each as one small scalar function. The exact solver calls them as Python; the
Monte Carlo compiles the very same functions with numba (montecarlo.py), so the two
engines cannot read an ability differently. Rulings: docs/rulings-warcraft.md."""

from __future__ import annotations

DIE = 6
N_PHASES = 3  # ranged, flying, melee


def die_hits(roll: int, strength: int, area_attack: bool) -> int:
    """Casualties one attack die inflicts: a roll at most the Strength hits; Area
    Attack: 'if a unit with this ability rolls a 1 ... it inflicts 2 casualties'."""
    if roll > strength:
        return 0
    if area_attack and roll == 1:
        return 2
    return 1


def healed(casualties: int, healers: int) -> int:
    """Heal: 'reduce your casualties by 1 if you have one or more units with this
    ability participating', once per phase, never below zero. `healers` is the number
    of the side's players with such a unit in the battle: each reduces the casualties
    his team gives him (ruling W6), so a side's total falls by one per healing player."""
    if casualties > healers:
        return casualties - healers
    return 0


def bloodlust_dice(dice: int, has_bloodlust: bool) -> int:
    """Bloodlust: 'roll 1 extra attack' in a phase, but not in 'a phase in which you
    are not already rolling at least one attack'."""
    if has_bloodlust and dice > 0:
        return dice + 1
    return dice


def raised(ones: int, has_raiser: bool, in_battle: int, most: int) -> int:
    """Raise Dead: each 1 rolled adds one melee unit from the reserves, as long as the
    reserves hold one (`most` = the player's melee units in the battle plus its
    reserve; killed units go back to the reserve and can rise again)."""
    if not has_raiser:
        return 0
    room = most - in_battle
    if room <= 0:
        return 0
    return ones if ones < room else room


def first_strike_mask(poisoners: int, dice0: int, dice1: int, dice2: int) -> int:
    """Slow Poison: the phases (bit 0 ranged, 1 flying, 2 melee) in which a side
    attacks first this round. Three or more units with the ability: every phase.
    Fewer: one phase per unit, the policy of ruling W7 choosing the phases where the
    opponent rolls the most dice (the earlier phase on a tie), given the opponent's
    dice per phase at the start of the round."""
    if poisoners >= N_PHASES:
        return 7
    mask = 0
    dice = (dice0, dice1, dice2)
    for _ in range(poisoners):
        best = -1
        for p in range(N_PHASES):
            if not mask & (1 << p) and (best < 0 or dice[p] > dice[best]):
                best = p
        mask |= 1 << best
    return mask
