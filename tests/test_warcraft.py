"""Warcraft: the Board Game battles: the rules by hand-computed cases and the
rulebook's example, the exact solver against the Monte Carlo, the policies and the
best response, the unit data and the `analyzer battle` command."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.stats import wilson
from analyzer.warcraft import abilities as ab
from analyzer.warcraft.battle import (
    FLYING,
    MELEE,
    RANGED,
    ROUND_CAP,
    Battle,
    Side,
    SideModel,
    parse_army,
    replace_policy,
)
from analyzer.warcraft.exact import best_response, solve
from analyzer.warcraft.policies import POLICIES, order
from analyzer.warcraft.units import load_units

runner = CliRunner()


def side(text: str, name: str, policy: str = "cheapest", reserve=None) -> Side:
    return Side(name, parse_army(text, name, "--army"), policy, reserve)


def fight(a: str, b: str, pa: str = "cheapest", pb: str = "cheapest") -> Battle:
    return Battle((side(a, "A", pa), side(b, "B", pb)))


# ------------------------------------------------------------------ hand-computed
def test_one_melee_each_hand_computed():
    # Each die hits 3 times in 6: round 1 ends unless both miss (3/4); either side
    # holds alone with 1/4, both die with 1/4; over the battle each outcome is 1/3.
    r = solve(fight("1 melee s3", "1 melee s3"))
    assert r.rounds[0] == pytest.approx(0.75)
    assert r.rounds[1] == pytest.approx(0.75 * 0.25)
    assert r.hold == pytest.approx([1 / 3, 1 / 3])
    assert r.empty == pytest.approx(1 / 3)


def test_flyers_are_not_melee_casualties():
    # B's flyer cannot be chosen in the melee phase, so A's sure melee hits are
    # ignored; B's flyer hits 1 in 6 each round, which ends the battle for B.
    r = solve(fight("1 melee s6", "1 flying s1"))
    assert r.rounds[0] == pytest.approx(1 / 6)
    assert r.hold[0] == 0
    assert r.unresolved == pytest.approx((5 / 6) ** ROUND_CAP)
    assert r.hold[1] == pytest.approx(1 - (5 / 6) ** ROUND_CAP)


def test_area_attack_and_heal_one_round():
    # A's 1 inflicts 2 casualties (Area Attack), Heal takes one back: B keeps a unit
    # in the battlefield in round 1, and A dies if one of B's two dice hits (11/36).
    r = solve(fight("1 melee s1 +area", "2 melee s1 +heal"))
    assert r.rounds[0] == pytest.approx(11 / 36)
    assert ab.healed(2, 1) == 1 and ab.healed(0, 1) == 0
    assert ab.die_hits(1, 1, True) == 2 and ab.die_hits(1, 1, False) == 1


def test_heal_cannot_save_a_side_from_more_hits_than_it_has_units():
    # "Heal: When removing casualties at the end of a phase, reduce your casualties by
    # 1 if you have one or more units with this ability participating in the battle."
    # Two sure hits on one healing unit: 2 - 1 = 1 casualty, and it dies. (The exact
    # solver once clipped the hits to the units before healing, so the unit lived, or
    # it failed with a KeyError on the state where every unit is dead.)
    r = solve(fight("2 ranged s6", "1 ranged s1 +heal"))
    assert r.hold == pytest.approx([1.0, 0.0])
    assert r.rounds[0] == pytest.approx(1.0)
    # Three sure hits on two healers: 3 - 1 = 2 casualties, both die in round 1, and
    # their two dice cannot kill all three attackers: the healers never hold (the
    # solver gave them 11.1%).
    r = solve(fight("3 melee s6", "2 melee s2 +heal"))
    assert r.hold == pytest.approx([1.0, 0.0])
    # Three Strength 4 melee dice against two healers: the healers all die only when
    # all three hit (8/27 per round), else one is healed away or more survive.
    r = solve(fight("3 melee s4", "2 melee s6 +heal"))
    assert r.hold[0] == pytest.approx(8 / 27)
    assert r.hold[1] == pytest.approx(19 / 27)


def test_bloodlust_extra_die_only_where_rolling():
    # One ranged unit of Strength 6 with Bloodlust rolls two sure hits in the ranged
    # phase and clears B's battlefield in round 1; it rolls nothing in the melee phase.
    r = solve(fight("1 ranged s6 +bloodlust", "2 melee s1"))
    assert r.rounds[0] == pytest.approx(1.0)
    assert r.hold[0] == pytest.approx(1.0)
    assert ab.bloodlust_dice(0, True) == 0
    without = solve(fight("1 ranged s6", "2 melee s1"))
    assert without.hold[0] < 1


def test_slow_poison_strikes_first():
    # Together, two Strength 6 melee units kill each other; striking first, A wins.
    assert solve(fight("1 melee s6", "1 melee s6")).empty == pytest.approx(1.0)
    assert solve(fight("1 melee s6 +poison", "1 melee s6")).hold[0] == pytest.approx(1.0)
    # One poisoner picks the phase where the opponent rolls most; three: every phase.
    assert ab.first_strike_mask(1, 1, 3, 2) == 0b010
    assert ab.first_strike_mask(2, 1, 3, 2) == 0b110
    assert ab.first_strike_mask(3, 0, 0, 0) == 0b111


def test_heal_belongs_to_its_player_whose_team_divides_the_casualties():
    # "Heal: ... reduce your casualties by 1 if you have one or more units with this
    # ability participating in the battle." and, in Team Play, "When removing
    # casualties, you and your teammate must decide, as a team, how casualties are
    # divided among your units." (ruling W6): the team gives one casualty to the
    # healer's player, who heals it, so the side loses one unit fewer, from either
    # player; two players with Heal take two off.
    one = SideModel(side("2 melee s1, 1 ranged s1 +heal @Ally", "A"))
    assert one.healers(one.init) == 1
    assert sum(one.take(one.init, 2, MELEE, order(one.side))) == 3 - 1
    assert one.take(one.init, 1, MELEE, order(one.side)) == one.init
    two = SideModel(side("2 melee s1 +heal, 1 ranged s1 +heal @Ally", "A"))
    assert two.healers(two.init) == 2
    assert two.take(two.init, 2, MELEE, order(two.side)) == two.init
    assert sum(two.take(two.init, 3, MELEE, order(two.side))) == 3 - 1
    # Two healing players against three sure hits: one casualty in round 1, so the
    # battle never ends there (one healer for the whole side would leave two), in
    # both engines.
    from analyzer.warcraft.montecarlo import simulate

    battle = fight("3 melee s6", "1 melee s1 +heal, 1 melee s1 +heal @Ally")
    assert solve(battle).rounds[0] == pytest.approx(0.0)
    assert simulate(battle, 2000, seed=1).rounds[1] == 0


def test_slow_poison_with_a_teammate_is_refused():
    # "Slow Poison: ... Your units attack and deal casualties first in those phases
    # instead of attacking simultaneously." Only the poisoner's own units strike first
    # (ruling W7); a teammate's units would answer with the opponent's, which the
    # engines do not compute: refused, exit 2, one paragraph.
    result = run("battle", "--attacker", "1 melee s3 +poison, 1 ranged s2 @Ally",
                 "--defender", "2 melee s3", "--games", "0")  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "only its owner's units strike first" in result.output
    assert "Traceback" not in result.output
    alone = run("battle", "--attacker", "1 melee s3 +poison, 1 ranged s2", "--defender",
                "2 melee s3", "--games", "0")  # fmt: skip
    assert alone.exit_code == 0, alone.output


def test_raise_dead_adds_melee_from_the_reserve():
    m = SideModel(side("1 melee s1 +raise", "U", reserve=2))
    assert m.raise_most == 3
    s = m.rise(m.init, 5)  # five 1s, but only two units in the reserve
    assert s[0] == 3
    m0 = SideModel(side("1 melee s1 +raise", "U", reserve=0))
    assert m0.rise(m0.init, 1) == m0.init


# ------------------------------------------------------------------ the rulebook
def test_attacking_example_counts_two_casualties():
    # "Attacking": six Strength 2 melee units roll 4, 3, 1, 3 and re-roll 2, 6.
    assert sum(ab.die_hits(r, 2, False) for r in (4, 3, 1, 3, 2, 6)) == 2


def test_example_of_a_battle_melee_phase():
    # After the flying phase the Humans hold two ranged units in the battlefield and
    # two flyers in the flanks; the Night Elves' two melee hits must take the ranged
    # units (flyers cannot be chosen), emptying the battlefield: the battle is over.
    humans = SideModel(side("2 ranged s3, 2 flying s3 flank", "Humans"))
    for name in POLICIES:
        after = humans.take(humans.init, 2, MELEE, order(humans.side, name))
        assert humans.battlefield(after) == 0
        assert after[humans.n_slots - 1] == 2  # both flyers left
    # Had the flyers been choosable (any other phase), the battle could go on.
    kept = humans.take(humans.init, 2, FLYING, order(humans.side, "keepflyers"))
    assert humans.battlefield(kept) == 0
    spared = humans.take(humans.init, 2, RANGED, order(humans.side, "protect"))
    assert humans.battlefield(spared) == 2


def test_example_of_a_battle_ranged_phase_odds():
    # The Humans' two Strength 3 ranged units hit with 1/2 each; the Night Elves'
    # Strength 2 ranged unit with 1/3 (the example's rolls: a 4 misses, a 5 and a 2
    # inflict one casualty).
    humans = SideModel(side("2 ranged s3", "Humans"))
    assert humans.attack(humans.init, RANGED)[:, 0] == pytest.approx([0.25, 0.5, 0.25])
    elves = SideModel(side("1 ranged s2", "Night Elves"))
    assert elves.attack(elves.init, RANGED)[:, 0] == pytest.approx([2 / 3, 1 / 3])
    assert [ab.die_hits(r, 3, False) for r in (5, 2)] == [0, 1]


# ------------------------------------------------------------------ two engines agree
GRID = [
    ("1 melee s3", "1 melee s3", "cheapest", "cheapest"),
    ("1 melee s2, 4 melee s2 flank, 1 ranged s2 flank, 1 flying s3 flank",
     "1 melee s2, 2 ranged s3, 2 flying s3 flank", "protect", "cheapest"),
    ("2 melee s5 +area, 3 melee s5 +area flank", "3 melee s3, 3 ranged s3 flank",
     "retreat", "keepflyers"),
    ("1 flying s3 +bloodlust, 2 melee s2 flank", "2 melee s4 +heal, 1 flying s2 flank",
     "keepflyers", "protect"),
    ("1 melee s2 +raise, 2 melee s2 +raise flank, 1 ranged s2 +poison flank",
     "2 melee s3, 2 ranged s3 flank", "cheapest", "protect"),
    ("1 melee s3, 1 melee s4 @Ally, 2 ranged s2 flank +heal @Ally",
     "3 melee s3, 3 melee s3 flank", "protect", "retreat"),
]  # fmt: skip


@pytest.mark.parametrize("a,b,pa,pb", GRID)
def test_exact_and_monte_carlo_agree(a, b, pa, pb):
    from analyzer.warcraft.montecarlo import simulate

    battle = fight(a, b, pa, pb)
    exact = solve(battle)
    n = 40_000
    mc = simulate(battle, n, seed=7)
    assert mc.outcome[:4].sum() == n
    # 99.9% Wilson intervals (z = 3.29): 18 comparisons at a fixed seed.
    for idx, p in ((0, exact.hold[0]), (1, exact.hold[1]), (2, exact.empty)):
        lo, hi = wilson(mc.outcome[idx], n, z=3.29)
        assert lo <= p <= hi, (idx, p, lo, hi)
    for i in range(2):
        assert mc.survivors[i] == pytest.approx(exact.survivors[i], abs=0.05)
    total = exact.hold.sum() + exact.empty + exact.unresolved
    assert total == pytest.approx(1.0, abs=1e-9)


def test_same_seed_same_battles_whatever_the_threads():
    from analyzer.warcraft.montecarlo import simulate

    battle = fight(*GRID[1][:2])
    one = simulate(battle, 10_000, seed=3, threads=1)
    many = simulate(battle, 10_000, seed=3, threads=3)
    assert (one.outcome == many.outcome).all() and (one.rounds == many.rounds).all()
    assert not (simulate(battle, 10_000, seed=4).outcome == one.outcome).all()


# ------------------------------------------------------------------ policies
def test_best_response_beats_every_named_policy():
    battle = fight(*GRID[1][:2])
    for chooser in (0, 1):
        br = best_response(battle, chooser)
        assert br.result.hold[chooser] == pytest.approx(br.value, abs=1e-9)
        for name in POLICIES:
            named = solve(replace_policy(battle, chooser, name)).hold[chooser]
            assert br.value >= named - 1e-9


def test_policy_orders():
    s = side("1 melee s2 cost2, 2 melee s2 cost2 flank, 1 flying s3 cost4 flank", "X")
    # slots: 0 melee battlefield, 1 melee flanks, 2 flying battlefield, 3 flying flanks
    assert order(s, "cheapest") == [1, 0, 3, 2]
    assert order(s, "protect") == [1, 3, 0, 2]
    assert order(s, "retreat") == [0, 2, 1, 3]
    assert order(s, "keepflyers") == [1, 0, 3, 2]


def test_retreat_ends_the_battle_sooner():
    a, b = GRID[1][:2]
    protect = solve(fight(a, b, "protect"))
    retreat = solve(fight(a, b, "retreat"))
    mean = lambda r: float((np.arange(1, len(r.rounds) + 1) * r.rounds).sum())  # noqa: E731
    assert mean(retreat) < mean(protect)
    assert retreat.hold[0] < protect.hold[0]


# ------------------------------------------------------------------ unit data
def test_shipped_units_carry_their_source():
    book = load_units()
    orc = book.find("Orcs", "melee", 4, "test", "race")
    assert (orc.strength, orc.abilities, orc.strength_source) == (5, ("Area Attack",), "rulebook")
    assert all(u.strength_source == "rulebook" and u.note for u in book.units)
    assert book.cost("Humans", "melee").total == 2  # every race's melee building
    assert book.cost("Humans", "ranged") is None  # not in the text: an input
    assert book.upgrade.total == 4


def test_unit_data_claims_no_ability_its_source_cannot_rule_out():
    # "Upgrading a Unit": "They all have 5 Strength and the Area Attack special
    # ability." names one ability and rules out none.
    book = load_units()
    orc = book.find("Orcs", "melee", 4, "test", "race")
    assert orc.unknown == ("Heal", "Slow Poison", "Bloodlust", "Raise Dead")
    # The "Example of a Battle": "The Night Elf player rolls a '4' (a miss)" with its
    # one ranged unit (no Bloodlust: one die a unit), and "He chooses one of his melee
    # units in the flanks and removes that unit" for one casualty (no Heal). No die
    # shows a 1 (Area Attack, Raise Dead) and no side is said to strike first (Slow
    # Poison): those stay unknown.
    for u in book.units:
        if u.race in ("Night Elves", "Humans"):
            assert u.abilities == ()
            assert u.unknown == ("Area Attack", "Slow Poison", "Raise Dead"), u.label


def test_what_the_numbers_rest_on_lists_unknowns_reserve_and_poison_rule():
    result = run("battle", "--attacker", "1 melee L4", "--attacker-race", "Orcs",
                 "--defender", "1 ranged s3, 1 melee s2 +raise +poison", "--defender-race",
                 "Humans", "--games", "0")  # fmt: skip
    assert result.exit_code == 0, result.output
    rest = result.output.split("What these numbers rest on:")[1]
    assert "can neither show nor rule out" in rest
    assert "Orcs melee L4: Heal, Slow Poison, Bloodlust, Raise Dead" in rest
    assert "Humans ranged: Area Attack, Slow Poison, Raise Dead" in rest
    assert "Raise Dead's reserve is every melee marker not in this battle (9 of 10)" in rest
    assert "--defender-reserve" in rest
    assert "Slow Poison's phases are chosen by a fixed rule" in rest
    # Given as an ability, an unknown one is no longer listed as unknown.
    given = run("battle", "--attacker", "1 melee L4 +heal", "--attacker-race", "Orcs",
                "--defender", "1 melee s2", "--games", "0")  # fmt: skip
    assert "Orcs melee L4: Slow Poison, Bloodlust, Raise Dead" in given.output


def test_bad_units_file_names_the_key(tmp_path):
    from analyzer.errors import InputError

    bad = tmp_path / "units.toml"
    bad.write_text(
        '[[unit]]\nrace = "Orcs"\ntype = "mele"\nstrength = 9\nstrength_source = "rulebook"\n'
        'abilities = ["Bloodlus"]\nabilities_source = "guess"\n'
        '[[unit]]\nrace = "Orcs"\ntype = "ranged"\nstrength = 2\nstrength_source = "rulebook"\n'
        'abilities = ["Heal"]\nabilities_source = "rulebook"\nunknown_abilities = ["Heal"]\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as exc:
        load_units(bad)
    text = str(exc.value)
    for part in ("unit[0].type = 'mele'", "Did you mean 'melee'?", "unit[0].strength = 9",
                 "'Bloodlust'", "unit[0].abilities_source = 'guess'",
                 "unit[1].unknown_abilities = ['Heal']: an ability cannot be both"):  # fmt: skip
        assert part in text


# ------------------------------------------------------------------ the command
def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_battle_command_prints_and_writes(tmp_path):
    out = tmp_path / "b"
    result = run(
        "battle", "--attacker", "1 melee L4, 2 melee L4 flank", "--attacker-race", "Orcs",
        "--defender", "2 melee s2, 1 ranged s3 flank", "--games", "2000", "--out", out,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "holds the battlefield alone" in result.output
    assert "Monte Carlo (2,000 battles, seed 1)" in result.output
    assert "Orcs melee L4" in result.output
    for name in ("outcomes", "survivors", "rounds"):
        assert len(pd.read_parquet(out / f"{name}.parquet")) == len(
            pd.read_csv(out / f"{name}.csv")
        )
    assert (out / "summary.md").exists()


def test_headline_names_the_policy_and_a_better_one():
    # Twenty-one units a side (every marker of a race): losing the cheapest units
    # first empties the battlefield early; protecting it holds far more often.
    army = "3 melee s2, 7 melee s2 flank, 7 ranged s2 flank, 4 flying s3 flank"
    result = run("battle", "--attacker", army, "--defender", army, "--games", "0")
    assert result.exit_code == 0, result.output
    # The answer's first line, after the line saying which game was played.
    first = next(x for x in result.output.splitlines() if not x.startswith("Ruleset:"))
    assert "policies `cheapest` for the attacker and `cheapest` for the defender" in first
    assert "With `protect` instead of `cheapest`, the attacker would hold with 91.7%" in (
        result.output
    )
    assert "| attacker | protect | 91.7% |" in result.output  # the named policies' table
    # Within 5 points, no second policy is named.
    even = run("battle", "--attacker", "1 melee s3", "--defender", "1 melee s3", "--games", "0")
    assert even.exit_code == 0 and "instead of" not in even.output


def test_battle_file(tmp_path):
    f = tmp_path / "battle.toml"
    f.write_text(
        '[attacker]\nname = "Orcs"\npolicy = "protect"\n'
        '[[attacker.units]]\ntype = "melee"\nrace = "Orcs"\nlevel = 4\nbattlefield = 2\n'
        '[defender]\nname = "Humans"\n'
        '[[defender.units]]\ntype = "ranged"\nstrength = 3\nbattlefield = 2\nflank = 1\n',
        encoding="utf-8",
    )
    result = run("battle", "--file", f, "--games", "0")
    assert result.exit_code == 0, result.output
    assert "Orcs melee L4" in result.output and "Monte Carlo" not in result.output


@pytest.mark.parametrize(
    "args,expected",
    [
        (["--attacker", "4 melee s2", "--defender", "1 melee s2"], "at most 3 units"),
        (["--attacker", "1 mele s2", "--defender", "1 melee s2"], "COUNT TYPE"),
        (["--attacker", "1 melee s2 +blodlust", "--defender", "1 melee s2"], "+bloodlust"),
        (["--attacker", "1 melee s9", "--defender", "1 melee s2"], "must be 1 to 6"),
        (["--attacker", "1 melee", "--defender", "1 melee s2"], "give the Strength"),
        (["--attacker", "1 melee s2", "--defender", "1 melee s2", "--attacker-policy", "cheap"],
         "Did you mean 'cheapest'?"),
        (["--attacker", "1 melee L2", "--defender", "1 melee s2", "--attacker-race", "Orcs"],
         "only at these levels"),
        (["--attacker", "1 melee s2 flank", "--defender", "1 melee s2"], "at least one unit"),
        (["--attacker", "1 melee s2", "--defender", "1 melee s2", "--games", "-1"], "--games"),
        (["--attacker", "-1 melee s2", "--defender", "1 melee s2"], "a count must be at least 1"),
        (["--attacker", "1 melee s3", "--attacker-race", "Orcz", "--defender", "1 melee s2"],
         "Did you mean 'Orcs'?"),
        (["--attacker", "1 melee s3", "--defender", "1 melee s2", "--defender-race", "Undead"],
         "has no unit of this race"),
    ],
)  # fmt: skip
def test_battle_bad_input_exit_2(args, expected):
    result = run("battle", *args)
    assert result.exit_code == 2, result.output
    assert expected in result.output
    assert "Traceback" not in result.output


def test_battle_study_and_report_pages(tmp_path):
    study = tmp_path / "study"
    result = run("battle-study", "--attacker", "melee L4", "--attacker-race", "Orcs", "--most",
                 "3", "--out", study)  # fmt: skip
    assert result.exit_code == 0, result.output
    heat = pd.read_parquet(study / "heatmap.parquet")
    assert len(heat) == 9 and heat.attacker_hold.between(0, 1).all()
    assert (study / "heatmap.png").exists() and (study / "break_even.png").exists()
    assert "Strength: rulebook; cost: rulebook" in result.output  # Orc melee, with costs
    page = tmp_path / "page"
    result = run("battle-report", "--games", "2000", "--most", "2", "--out", page)
    assert result.exit_code == 0, result.output
    html = (page / "index.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in html and "best response" in html.lower()
    md = (page / "index.md").read_text(encoding="utf-8")
    assert "Example of a Battle" in md
    assert "with the casualty policies `protect` for the attacker and `cheapest`" in md
    assert "can neither show nor rule out" in md and "none (Area Attack, Slow Poison" in md
    # The folder is the analyzer's own: a second run replaces it; a user's file stays.
    (page / "mine.txt").write_text("keep", encoding="utf-8")
    again = run("battle-report", "--games", "1000", "--most", "2", "--out", page)
    assert again.exit_code == 2 and "--force" in again.output
    again = run("battle-report", "--games", "1000", "--most", "2", "--out", page, "--force")
    assert again.exit_code == 0 and (page / "mine.txt").read_text(encoding="utf-8") == "keep"


def test_help_lists_the_battle_commands():
    result = run("--help")
    for command in ("battle", "battle-study", "battle-report", "battle-bench"):
        assert command in result.output


def test_example_of_a_battle_casualties_follow_cheapest_first():
    # The example's rolls, phase by phase, with the rulebook's costs (a melee unit 1 gold
    # + 1 wood; ranged and flying costs are not in the text, so they rank after it).
    # Night Elves: six melee S2 (one in the battlefield), one ranged S2 and one flying
    # S3 in the flanks; Humans: a melee unit and two ranged S3 in the battlefield, two
    # flyers S3 in the flanks (the text does not place them; ruling W12).
    book = load_units()
    elves = SideModel(Side("Night Elves", parse_army(
        "1 melee s2, 5 melee s2 flank, 1 ranged s2 flank, 1 flying s3 flank", "Night Elves",
        "x", book, "Night Elves")))  # fmt: skip
    humans = SideModel(Side("Humans", parse_army(
        "1 melee s2, 2 ranged s3, 2 flying s3 flank", "Humans", "x", book, "Humans")))  # fmt: skip
    e, h = elves.init, humans.init
    oe, oh = order(elves.side), order(humans.side)
    # Ranged: the Elves roll a 4 (miss); the Humans a 5 and a 2: one casualty, which
    # the Elves take from their melee units in the flanks.
    e = elves.take(e, 1, RANGED, oe)
    assert e[:2] == (1, 4)
    # Flying: one hit each: the Elves lose another flank melee unit, the Humans their
    # lone melee unit in the battlefield.
    e, h = elves.take(e, 1, FLYING, oe), humans.take(h, 1, FLYING, oh)
    assert e[:2] == (1, 3) and h[:2] == (0, 0)
    # Melee: four Elf melee units roll 5, 2, 3, 2: two casualties; the Humans roll
    # nothing and must remove their two ranged units: the battlefield is the Elves'.
    assert elves.phase_dice(e, MELEE) == 4 and humans.phase_dice(h, MELEE) == 0
    assert sum(ab.die_hits(r, 2, False) for r in (5, 2, 3, 2)) == 2
    h = humans.take(h, 2, MELEE, oh)
    assert humans.battlefield(h) == 0 and elves.battlefield(e) == 1 and h[-1] == 2


def test_battle_ends_after_the_phase_that_settles_it():
    # Ruling W2: B retreats, emptying its battlefield in the ranged phase; the battle
    # ends there, before B's Strength 6 flank unit could kill A's melee unit.
    r = solve(fight("1 melee s1, 1 ranged s6 flank", "1 melee s6, 1 melee s6 flank",
                    pb="retreat"))  # fmt: skip
    assert r.hold[0] == pytest.approx(1.0) and r.rounds[0] == pytest.approx(1.0)


def test_bad_battle_file_names_file_and_key(tmp_path):
    f = tmp_path / "battle.toml"
    f.write_text(
        '[attacker]\npolicy = "protekt"\n[[attacker.units]]\ntype = "melee"\nstrenght = 2\n'
        'battlefield = 1\n[defender]\n[[defender.units]]\ntype = "flying"\nstrength = 3\n'
        "battlefield = 5\n",
        encoding="utf-8",
    )
    result = run("battle", "--file", f, "--games", "0")
    assert result.exit_code == 2, result.output
    assert f"{f}: attacker.units[0].strenght = 'strenght': unknown key" in result.output
    assert "Did you mean 'strength'?" in result.output
    assert "attacker.policy = 'protekt'" in result.output  # every problem at once
    assert "Traceback" not in result.output


def test_race_errors_are_one_paragraph_and_spelling_is_the_datas():
    result = run("battle", "--attacker", "1 melee s3", "--attacker-race", "Orcz",
                 "--defender", "1 melee s2", "--games", "0")  # fmt: skip
    assert result.exit_code == 2
    assert "--attacker-race = 'Orcz'" in result.output and "\n\n" not in result.output.strip()
    assert "bad unit type" not in result.output and "Did you mean 'melee'" not in result.output
    ok = run("battle", "--attacker", "1 melee L4", "--attacker-race", "orcs", "--defender",
             "1 melee s2", "--games", "0")  # fmt: skip
    assert ok.exit_code == 0 and "**attacker Orcs**" in ok.output
    study = run("battle-study", "--attacker", "melee s3", "--attacker-race", "Orcz",
                "--most", "2")  # fmt: skip
    assert study.exit_code == 2 and "Did you mean 'Orcs'?" in study.output


def test_a_side_is_at_most_two_players():
    result = run("battle", "--attacker", "1 melee s2, 1 melee s2 @B, 1 ranged s2 @C",
                 "--defender", "1 melee s2", "--games", "0")  # fmt: skip
    assert result.exit_code == 2 and "teams of two" in result.output


def test_raise_dead_with_more_ones_than_the_reserve():
    # Four ranged dice can roll four 1s; the reserve holds one melee unit: both engines
    # raise at most one (a bug once let the exact solver's table overflow here).
    from analyzer.warcraft.montecarlo import simulate

    undead = side("1 melee s2 +raise, 4 ranged s3 flank", "U", reserve=1)
    battle = Battle((undead, side("2 melee s3, 3 melee s3 flank", "B")))
    exact = solve(battle)
    mc = simulate(battle, 40_000, seed=11)
    lo, hi = wilson(mc.outcome[0], mc.n, z=3.29)
    assert lo <= exact.hold[0] <= hi
    assert exact.survivors[0][0] <= 2 + 1e-9  # one in the battle plus one raised, at most


def test_web_lets_melee_hits_take_flyers():
    # The example's parenthesis: had the Humans been able to choose flyers as melee
    # casualties (Web or Ensnare played against them), the battle would have gone on.
    from analyzer.warcraft.battle import play_web

    battle = play_web(Battle((side("1 melee s2", "Night Elves"),
                              side("2 ranged s3, 2 flying s3 flank", "Humans", "protect"))),
                      True, False)  # fmt: skip
    humans = SideModel(battle.sides[1])
    after = humans.take(humans.init, 2, MELEE, order(humans.side))
    assert humans.battlefield(after) == 2 and after[-1] == 0


def test_web_exact_and_monte_carlo_agree():
    from analyzer.warcraft.battle import play_web
    from analyzer.warcraft.montecarlo import simulate

    plain = fight("2 melee s4, 2 melee s4 flank", "1 flying s2, 3 flying s2 flank")
    webbed = play_web(plain, True, False)
    before, after = solve(plain), solve(webbed)
    assert before.hold[0] == 0 and after.hold[0] > 0.5  # melee units can now kill flyers
    mc = simulate(webbed, 40_000, seed=5)
    lo, hi = wilson(mc.outcome[0], mc.n, z=3.29)
    assert lo <= after.hold[0] <= hi


def test_web_option_is_said():
    result = run("battle", "--attacker", "2 melee s4", "--defender", "1 flying s2",
                 "--attacker-web", "--games", "0")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "plays Web or Ensnare at the first melee phase" in result.output


def test_a_settling_first_strike_ends_the_battle_before_the_answer():
    # Ruling W2: A's Slow Poison strikes first in the melee phase (where B rolls most);
    # B retreats, emptying its battlefield, and the battle ends before B's flank unit
    # answers. Checked only at the end of the phase, it would be an empty battlefield.
    from analyzer.warcraft.montecarlo import simulate

    battle = fight("1 melee s6 +poison", "1 melee s6, 1 melee s6 flank", pb="retreat")
    assert solve(battle).hold[0] == pytest.approx(1.0)
    assert simulate(battle, 1000, seed=2).outcome[0] == 1000
