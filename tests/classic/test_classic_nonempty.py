"""The original game's rules as printed, the last places: a region held by the
player's own in-decline race is non-empty (the Orcs, Pillaging, the Skeletons,
and the bot's worth of it), and a Sorcerers' conversion needs a Race token in
hand. docs/classic-fixes.md tells what they moved; docs/rulings.md C9 the
conversion. Collected in the classic run (`pytest --ruleset classic`)."""

from __future__ import annotations

from builder import NO_POWER, ClassicPosition
from kernels import (
    active_bonus,
    before_redeploy,
    conquer,
    region_worth,
    sorcerers_convert,
    target_context,
    turn_begins,
)

from analyzer.rulesets.classic.ids import (
    HUMANS,
    ORCS,
    PILLAGING,
    RATMEN,
    SKELETONS,
    SORCERERS,
    WIZARDS,
)

NON_EMPTY = (
    "A Region is deemed non-empty if, and only if, it contains at least one Lost Tribe "
    "or Race token (Active or In Decline)."
)
IMPORTANT_NOTE = (
    "Important Note: Regardless of a Race and/or Special Power benefit, a player must "
    "always have at least one Race token available to initiate a new Conquest."
)


def own_decline_next_door(race, power=NO_POWER, hand=10, regions=1):
    """Player 0's active `race` on a Border Farmland; next door, `regions` Hills held
    by its own in-decline Wizards, one token each."""
    pos = ClassicPosition()
    home = pos.region("Farmland", "Border")
    pos.give(0, race, power, hand=hand)
    pos.put(home, 0, race, 1)
    olds = []
    for _ in range(regions):
        r = pos.region("Hill", neighbours=[home])
        pos.put(r, 0, WIZARDS, 1, decline=True)
        olds.append(r)
    turn_begins(pos.g, pos.t, 0)
    return pos, home, olds


def test_orcs_score_a_region_of_their_own_in_decline_race():
    """Rulebook 002: "A Region is deemed non-empty if, and only if, it contains at
    least one Lost Tribe or Race token (Active or In Decline)." Orcs: "Each not empty
    Region your Orcs conquered this turn is worth 1 bonus Victory coin". The
    player's own in-decline token makes the region non-empty."""
    assert "(Active or In Decline)" in NON_EMPTY
    pos, home, (old,) = own_decline_next_door(ORCS)
    conquer(pos.g, pos.t, 0, old, 3)
    assert pos.holder(old) == (0, ORCS)
    assert active_bonus(pos.g, pos.t, 0) == 1


def test_pillaging_scores_a_region_of_its_own_in_decline_race():
    """Rulebook 002, Pillaging: "Each non-empty Region you conquer this turn is worth
    1 bonus Victory coin at turn's end", with the definition of non-empty above."""
    pos, home, (old,) = own_decline_next_door(RATMEN, PILLAGING)
    conquer(pos.g, pos.t, 0, old, 3)
    assert active_bonus(pos.g, pos.t, 0) == 1


def test_skeletons_count_the_regions_of_their_own_in_decline_race():
    """Rulebook 002, Skeletons: "take 1 new Skeleton token from the storage tray for
    every 2 non-empty Regions you conquered this turn"."""
    pos, _, olds = own_decline_next_door(SKELETONS, regions=2)
    for r in olds:
        conquer(pos.g, pos.t, 0, r, 3)
    hand = pos.hand(0)
    before_redeploy(pos.g, pos.t, 0)
    assert pos.hand(0) == hand + 1


def test_the_bot_counts_the_coin_the_engine_pays_for_an_own_in_decline_region():
    """The Orcs' bot (classic/targets.region_worth) counts a non-empty region's coin
    on the player's own in-decline region, and the engine pays it."""
    pos, home, (old,) = own_decline_next_door(ORCS)
    empty = pos.region("Hill", neighbours=[home])
    g = pos.g
    ctx = target_context(g, pos.t, 0, pos.hand(0), g.cost)

    def worth(r):
        return region_worth(
            ctx, g.board, g.adj, g.reg, g.ply, g.gst, pos.t.race, 0, ORCS, NO_POWER, r, 0
        )

    assert worth(old) == worth(empty) + 1.0
    conquer(g, pos.t, 0, old, 3)
    conquer(g, pos.t, 0, empty, 2)
    assert active_bonus(g, pos.t, 0) == 1  # the own region's coin, none for the empty one


def test_c9_sorcerers_with_no_token_in_hand_cannot_convert():
    """Rulebook 002: "Important Note: Regardless of a Race and/or Special Power
    benefit, a player must always have at least one Race token available to
    initiate a new Conquest." A conversion is a conquest, so an empty hand stops
    it even though the token placed comes from the tray."""
    assert "at least one Race token" in IMPORTANT_NOTE
    for hand, converted in ((0, False), (1, True)):
        pos = ClassicPosition()
        a = pos.region("Farmland", "Border")
        b = pos.region("Hill", neighbours=[a])
        pos.give(0, SORCERERS, NO_POWER, hand=hand)
        pos.put(a, 0, SORCERERS, 1)
        pos.put(b, 1, HUMANS, 1)
        turn_begins(pos.g, pos.t, 0)
        sorcerers_convert(pos.g, pos.t, 0, 0, False)
        assert (pos.holder(b) == (0, SORCERERS)) == converted
        assert pos.hand(0) == hand  # the new token comes from the tray, not the hand
