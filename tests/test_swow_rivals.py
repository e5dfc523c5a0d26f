"""Whom SWoW's heuristic bot takes for the leader, as the original game's does
(rulesets/swow/rivals.py): each tally counted to the end of the round, nobody in
the first round, and in the last round a player who has played its last turn
leads no more and its regions are worth no more than empty ones."""

from __future__ import annotations

from builder import Position
from kernels import after_scoring, leader, region_worth_after, target_context, turn_begins

from analyzer.engine import layout as L
from analyzer.rulesets.swow.ids import HUMANS, ORCS


def four_seats(round_, seat):
    """A 4-player position of a 9-round game in `round_` at `seat`'s turn (0-based)."""
    pos = Position(n_players=4)
    g = pos.g
    g.gst[L.G_ROUNDS] = 9
    g.gst[L.G_ROUND] = round_
    g.gst[L.G_TURN] = (round_ - 1) * 4 + seat
    return pos


def tally(pos, q, seen, last_gain):
    pos.g.ply[q, L.P_SEEN_VC] = seen
    pos.g.ply[q, L.P_COINS] = seen
    pos.g.ply[q, L.P_LAST_GAIN] = last_gain


def test_the_leader_is_reckoned_at_the_end_of_the_round_not_on_the_raw_tally():
    # Seat 3's turn in round 4: seat 1's 30 leads the raw tally, but seat 4's 26
    # and its last turn's 7 make 33 by the end of the round.
    pos = four_seats(4, 2)
    tally(pos, 0, 30, 8)
    tally(pos, 1, 24, 6)
    tally(pos, 2, 20, 5)
    tally(pos, 3, 26, 7)
    assert leader(pos.g, pos.t, 2, -1) == 3
    tally(pos, 3, 20, 7)  # 27 at the round's end: seat 1 leads
    assert leader(pos.g, pos.t, 2, -1) == 0


def test_no_opponent_leads_before_everyone_has_scored_once():
    pos = four_seats(1, 2)
    tally(pos, 0, 16, 11)
    tally(pos, 1, 12, 7)
    assert leader(pos.g, pos.t, 2, -1) == 2


def test_in_the_last_round_a_player_who_has_played_its_last_turn_leads_no_more():
    pos = four_seats(9, 2)
    tally(pos, 0, 80, 8)
    tally(pos, 1, 60, 8)
    tally(pos, 2, 60, 8)
    tally(pos, 3, 62, 8)
    assert leader(pos.g, pos.t, 2, -1) == 3


def test_in_the_last_round_a_finished_players_region_is_worth_an_empty_one():
    pos = four_seats(9, 2)
    a = pos.region("Fields")
    b = pos.region("Fields")
    c = pos.region("Fields")
    pos.put(a, 0, ORCS, 1)  # seat 1 has played its last turn
    pos.put(b, 3, HUMANS, 1)  # seat 4 has still to play
    ctx = target_context(pos.g, pos.t, 2, 5, pos.g.cost)
    aggression = ctx[10]
    assert aggression > 0
    assert region_worth_after(ctx, pos.g.reg, a, 1.0 + aggression) == 1.0
    assert region_worth_after(ctx, pos.g.reg, b, 1.0 + aggression) == 1.0 + aggression
    assert region_worth_after(ctx, pos.g.reg, c, 1.0) == 1.0
    pos.g.gst[L.G_ROUND] = 8  # before the last round every opponent can still be hurt
    pos.g.gst[L.G_TURN] = 7 * 4 + 2
    ctx = target_context(pos.g, pos.t, 2, 5, pos.g.cost)
    assert region_worth_after(ctx, pos.g.reg, a, 1.0 + aggression) == 1.0 + aggression


def test_a_turn_notes_what_it_added_to_the_public_tally():
    pos = four_seats(3, 1)
    pos.g.ply[1, L.P_SEEN_VC] = 20
    turn_begins(pos.g, pos.t, 1)
    pos.g.ply[1, L.P_SEEN_VC] = 27
    after_scoring(pos.g, pos.t, 1, False)
    assert pos.g.ply[1, L.P_LAST_GAIN] == 7
