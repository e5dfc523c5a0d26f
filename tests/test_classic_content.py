"""The original Small World's content files: they match their sources (the reference map
transcription, classic-facts.md), and a broken file is refused with problems that name
the file and the key, never with a traceback."""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import json
import os
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app
from analyzer.cli.check import validate_path
from analyzer.errors import InputError
from analyzer.rulesets.classic import ids
from analyzer.rulesets.classic.loader import (
    LIMITS,
    MAP_LIMITS,
    MAPS_PATH,
    RULESET_PATH,
    load_maps,
    load_ruleset,
    map_for,
    parse_maps,
    parse_ruleset,
)
from analyzer.tomlcheck.tomlfile import PROVENANCES

ROOT = Path(__file__).resolve().parent.parent
# The reference transcription lives beside the repository (shared/reference/); set
# CLASSIC_MAPS_JSON to read it from elsewhere.
REFERENCE = Path(
    os.environ.get("CLASSIC_MAPS_JSON", ROOT.parent / "shared" / "reference" / "classic-maps.json")
)
needs_reference = pytest.mark.skipif(
    not REFERENCE.exists(), reason=f"reference transcription not found at {REFERENCE}"
)

SHIPPED_RULESET = tomllib.loads(RULESET_PATH.read_text(encoding="utf-8"))
SHIPPED_MAPS = tomllib.loads(MAPS_PATH.read_text(encoding="utf-8"))

# The spec: /work/shared/reference/classic-facts.md (banner, box; badge).
BANNERS = {
    "amazons": (6, 15),
    "dwarves": (3, 8),
    "elves": (6, 11),
    "ghouls": (5, 10),
    "giants": (6, 11),
    "halflings": (6, 11),
    "humans": (5, 10),
    "orcs": (5, 10),
    "ratmen": (8, 13),
    "skeletons": (6, 20),
    "sorcerers": (5, 18),
    "tritons": (6, 11),
    "trolls": (5, 10),
    "wizards": (5, 10),
}
BADGES = {
    "alchemist": 4,
    "berserk": 4,
    "bivouacking": 5,
    "commando": 4,
    "diplomat": 5,
    "dragon_master": 5,
    "flying": 5,
    "forest": 4,
    "fortified": 3,
    "heroic": 5,
    "hill": 4,
    "merchant": 2,
    "mounted": 5,
    "pillaging": 5,
    "seafaring": 5,
    "spirit": 5,
    "stout": 4,
    "swamp": 4,
    "underworld": 5,
    "wealthy": 4,
}
COMPONENTS = {
    "troll_lairs": 10,
    "fortresses": 6,
    "mountains": 9,
    "encampments": 5,
    "holes_in_the_ground": 2,
    "heroes": 2,
    "dragon": 1,
    "coins": 109,
}

runner = CliRunner()


# ------------------------------------------------------------------- helpers
def dump(value) -> str:
    """Plain data as TOML, with inline tables throughout."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key(k)} = {dump(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


def key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


def write(tmp_path, data: dict, name: str = "broken.toml") -> Path:
    path = tmp_path / name
    path.write_text("".join(f"{key(k)} = {dump(v)}\n" for k, v in data.items()))
    return path


def refused(tmp_path, data: dict) -> list:
    path = write(tmp_path, data)
    problems = validate_path(path, load_game("swow"))
    assert problems, "the file should have been refused"
    for problem in problems:
        assert problem.file == str(path)
        assert str(problem).startswith(f"{path}: ")
    return problems


def find(problems, where: str, value=..., hint: str | None = None):
    """The problem at this dotted key (and value); fails listing every problem if none."""
    for p in problems:
        if p.key == where and (value is ... or p.value == value):
            if hint is not None:
                assert f"Did you mean {hint!r}?" in str(p), str(p)
            return p
    raise AssertionError(f"no problem at {where} = {value!r} in:\n" + "\n".join(map(str, problems)))


def ruleset_data() -> dict:
    return copy.deepcopy(SHIPPED_RULESET)


def maps_data() -> dict:
    return copy.deepcopy(SHIPPED_MAPS)


def region(data: dict, players: int, rid: int) -> dict:
    game_map = next(m for m in data["maps"] if m["players"] == players)
    return game_map["regions"][rid]


def reference() -> dict:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


# ------------------------------------------------------------- shipped files
def test_validate_command_accepts_both_shipped_files():
    for path, kind in ((RULESET_PATH, "classic ruleset"), (MAPS_PATH, "classic maps")):
        result = runner.invoke(app, ["validate", str(path)])
        assert result.exit_code == 0, result.output
        assert result.stdout.strip() == f"OK: {path} ({kind})"


def test_validate_command_reports_a_broken_classic_file(tmp_path):
    data = ruleset_data()
    data["races"]["ratmen"]["banner"] = 0
    path = write(tmp_path, data)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert f"{path}: races.ratmen.banner = 0: must be a whole number from 1 to 20" in result.output


def test_races_and_powers_match_classic_facts():
    ruleset = load_ruleset()
    assert [r.key for r in ruleset.races] == list(ids.RACES)
    assert [p.key for p in ruleset.powers] == list(ids.POWERS)
    assert {r.key: (r.banner, r.box) for r in ruleset.races} == BANNERS
    assert {p.key: p.badge for p in ruleset.powers} == BADGES
    assert ruleset.lost_tribes.box == 18
    assert ruleset.components == COMPONENTS
    assert ruleset.coins == {1: 35, 3: 20, 5: 24, 10: 30}


def test_rule_numbers():
    ruleset = load_ruleset()
    assert ruleset.name == "Small World"
    assert ruleset.start_coins == 5
    assert ruleset.visible_combos == 6
    assert ruleset.die_faces == (0, 0, 0, 1, 2, 3)
    assert ruleset.die_max_short == 3
    assert (ruleset.base_cost, ruleset.extra_cost, ruleset.min_conquest_tokens) == (2, 1, 1)
    assert ruleset.rounds == {2: 10, 3: 10, 4: 9, 5: 8}


def test_amazons_conquest_only_tokens_are_separate_from_the_banner():
    ruleset = load_ruleset()
    amazons = ruleset.race("amazons")
    assert (amazons.banner, amazons.conquest_only_tokens) == (6, 4)
    assert amazons.first_turn_tokens == 10  # the rulebook: "you start ... with 10"
    others = [r for r in ruleset.races if r.key != "amazons"]
    assert all(r.conquest_only_tokens == 0 for r in others)


def test_every_number_has_a_provenance():
    ruleset = load_ruleset()
    assert set(ruleset.sources.values()) <= set(PROVENANCES)
    for race in ids.RACES:
        assert f"races.{race}.banner" in ruleset.sources
        assert ruleset.sources[f"races.{race}.box"] == "component list"
    for power in ids.POWERS:
        assert f"powers.{power}.badge" in ruleset.sources
    # Numbers the rules text gives itself; the other banners and badges are transcribed.
    from_text = {"races.amazons.banner", "races.skeletons.banner", "powers.merchant.badge"}
    for number in from_text:
        assert ruleset.sources[number] == "rulebook"
    printed = [k for k in ruleset.sources if k.endswith((".banner", ".badge"))]
    assert {k for k in printed if ruleset.sources[k] == "public transcription"} == (
        set(printed) - from_text
    )
    assert ruleset.sources["die_faces"] == "public transcription"
    assert ruleset.sources["rounds"] == "public transcription"
    assert ruleset.estimates() == []


def test_no_ability_is_silently_unplayed():
    """Every ability the engine does not fully play says what it leaves out; the
    engine's classic tests (tests/classic/) cover the ones it plays."""
    ruleset = load_ruleset()
    for entry in ruleset.races + ruleset.powers:
        assert entry.ability, entry.key
        if entry.modeled != "full":
            assert entry.missing, entry.key
    not_full = {e.key: e.modeled for e in ruleset.races + ruleset.powers if e.modeled != "full"}
    assert not_full == {}


def test_every_limit_fits_a_32_bit_engine():
    for low, high in list(LIMITS.values()) + list(MAP_LIMITS.values()):
        assert 0 <= low <= high < 2**31


# ------------------------------------------------------------------ the maps
@needs_reference
@pytest.mark.parametrize("players", ids.PLAYER_COUNTS)
def test_map_matches_the_reference_transcription(players):
    expected = next(m for m in reference()["maps"] if m["players"] == players)
    game_map = map_for(load_maps(), players)
    assert game_map.rounds == expected["rounds"]
    assert len(game_map.regions) == len(expected["regions"])
    assert game_map.terrain_counts() == Counter(r["terrain"] for r in expected["regions"])
    assert game_map.symbol_counts() == Counter(s for r in expected["regions"] for s in r["symbols"])
    for want, got in zip(expected["regions"], game_map.regions, strict=True):
        assert got.id == want["id"]
        assert (got.terrain, set(got.symbols), got.border) == (
            want["terrain"],
            set(want["symbols"]),
            want["border"],
        ), got.id
    assert game_map.borders() == {tuple(sorted(pair)) for pair in expected["borders"]}


@pytest.mark.parametrize(
    "players, regions, borders, land, entries",
    [(2, 23, 51, 20, 14), (3, 30, 71, 27, 16), (4, 39, 95, 36, 21), (5, 48, 120, 45, 25)],
)
def test_map_sizes(players, regions, borders, land, entries):
    game_map = map_for(load_maps(), players)
    assert len(game_map.regions) == regions
    assert len(game_map.borders()) == borders
    assert sum(not r.is_water for r in game_map.regions) == land
    assert len(game_map.entry_regions) == entries


def test_borders_are_symmetric():
    for game_map in load_maps():
        for region in game_map.regions:
            for other in region.neighbours:
                assert region.id in game_map.regions[other].neighbours


def test_entry_regions_follow_the_first_conquest_rule():
    for game_map in load_maps():
        edge_seas = {r.id for r in game_map.regions if r.terrain == "Sea" and r.border}
        for region in game_map.regions:
            on_shore = bool(edge_seas & set(region.neighbours))
            entry = not region.is_water and (region.border or on_shore)
            assert (region.id in game_map.entry_regions) == entry, (game_map.name, region.id)
    # 2 players: region 21 is inland but on the shore of Sea 22, which touches the edge.
    two = map_for(load_maps(), 2)
    assert not two.regions[21].border and 22 in two.regions[21].neighbours
    assert 21 in two.entry_regions
    # The Lake (7) is never an entry, nor are its inland shores (6, 8, 12, 13) through it.
    assert not {7, 6, 8, 12, 13} & set(two.entry_regions)


def test_the_doubtful_five_player_region_is_named_in_the_data():
    five = map_for(load_maps(), 5)
    assert five.doubtful_regions[0] == 5  # the likeliest first
    assert "Farmland" in five.doubt and "Hill" in five.doubt
    for rid in five.doubtful_regions:
        assert five.regions[rid].terrain == "Farmland"
        assert five.regions[rid].has("Cavern")
        assert str(rid) in five.doubt
    # The counts the doubt is about: 10 Farmland and 8 Hill where a third source has 9 and 9.
    counts = five.terrain_counts()
    assert (counts["Farmland"], counts["Hill"]) == (10, 8)
    assert all(m.doubt == "" and m.doubtful_regions == () for m in load_maps() if m.players < 5)


def test_setup_pieces_fit_the_box():
    ruleset = load_ruleset()
    for game_map in load_maps():
        assert game_map.terrain_counts()["Mountain"] <= ruleset.components["mountains"]
        assert game_map.symbol_counts()["Lost Tribe"] <= ruleset.lost_tribes.box


@needs_reference
def test_the_generator_reproduces_the_shipped_maps():
    spec = importlib.util.spec_from_file_location("make_maps", ROOT / "tools/make_classic_maps.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    text = tool.render(tool.read_reference(REFERENCE), "shared/reference/classic-maps.json")
    assert text == MAPS_PATH.read_text(encoding="utf-8")


# --------------------------------------------------------- broken ruleset files
def test_unknown_race_key_gets_the_closest_match(tmp_path):
    data = ruleset_data()
    data["races"]["ratmen"]["baner"] = data["races"]["ratmen"].pop("banner")
    problems = refused(tmp_path, data)
    find(problems, "races.ratmen.baner", "baner", hint="banner")
    find(problems, "races.ratmen.banner", None)


def test_unknown_race_and_power_names(tmp_path):
    data = ruleset_data()
    data["races"]["dwarfs"] = data["races"].pop("dwarves")
    data["powers"]["seafarer"] = data["powers"].pop("seafaring")
    problems = refused(tmp_path, data)
    find(problems, "races.dwarfs", "dwarfs", hint="dwarves")
    find(problems, "powers.seafarer", "seafarer", hint="seafaring")
    assert "missing" in str(find(problems, "powers.seafaring"))


@pytest.mark.parametrize(
    "where, bad, message",
    [
        (("races", "elves", "banner"), "6", "must be a whole number"),
        (("races", "elves", "banner"), 21, "from 1 to 20"),
        (("races", "elves", "banner"), True, "must be a whole number"),
        (("powers", "heroic", "badge"), -1, "from 0 to 10"),
        (("powers", "heroic", "badge"), 2**40, "from 0 to 10"),
        (("components", "mountains"), 1.5, "must be a whole number"),
        (("visible_combos",), 15, "to 14"),
        (("start_coins",), [5], "must be a whole number"),
        (("rounds", "4"), 0, "from 1 to"),
    ],
)
def test_wrong_types_and_out_of_range_numbers(tmp_path, where, bad, message):
    data = ruleset_data()
    table = data
    for part in where[:-1]:
        table = table[part]
    table[where[-1]] = bad
    problem = find(refused(tmp_path, data), ".".join(where), bad)
    assert message in problem.message


@pytest.mark.parametrize(
    "where, bad",
    [
        ("races", "Amazons"),
        ("races", {"amazons": 6}),
        ("powers", []),
        ("coins", 109),
        ("lost_tribes", 18),
        ("die_faces", [0, 0, 0, 1, 2]),
        ("die_faces", "0,0,0,1,2,3"),
        ("rounds", {"2": "ten"}),
        ("ruleset", "swow"),
    ],
)
def test_type_errors_are_problems_not_tracebacks(tmp_path, where, bad):
    data = ruleset_data()
    data[where] = bad
    assert any(p.key.startswith(where) for p in refused(tmp_path, data))


def test_provenance_and_modeled_typos(tmp_path):
    data = ruleset_data()
    data["races"]["orcs"]["banner_source"] = "public transcripton"
    data["powers"]["stout"]["modeled"] = "non"
    data["powers"]["spirit"]["modeled"] = "partial"
    data["powers"]["spirit"]["missing"] = ""
    problems = refused(tmp_path, data)
    find(problems, "races.orcs.banner_source", hint="public transcription")
    find(problems, "powers.stout.modeled", "non", hint="none")
    find(problems, "powers.spirit.missing", "")


def test_box_must_fit_any_badge_and_coins_must_add_up(tmp_path):
    data = ruleset_data()
    data["races"]["dwarves"]["box"] = 7  # 3 + the Heroic badge's 5 = 8
    data["coins"]["10"] = 29
    data["die_max_short"] = 4  # the die shows at most 3
    problems = refused(tmp_path, data)
    assert "3 + 0 + 5 = 8" in str(find(problems, "races.dwarves.box", 7))
    assert "108 coins" in str(find(problems, "coins"))
    find(problems, "die_max_short", 4)


def test_conquest_only_source_without_a_number(tmp_path):
    data = ruleset_data()
    del data["races"]["amazons"]["conquest_only_tokens"]
    find(refused(tmp_path, data), "races.amazons.conquest_only_tokens")


def test_load_raises_input_error_listing_every_problem(tmp_path):
    data = ruleset_data()
    data["races"]["orcs"]["banner"] = "five"
    data["powers"]["hill"]["badge"] = 11
    with pytest.raises(InputError) as caught:
        load_ruleset(write(tmp_path, data))
    assert {p.key for p in caught.value.problems} == {"races.orcs.banner", "powers.hill.badge"}


def test_not_toml_at_all(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('ruleset = "classic"\nname = \n')
    (problem,) = validate_path(path, load_game("swow"))
    assert problem.key == "(syntax)"


# ------------------------------------------------------------ broken map files
def test_one_way_border(tmp_path):
    data = maps_data()
    region(data, 3, 4)["borders"].append(20)
    problem = find(refused(tmp_path, data), "maps[1].regions[4].borders", 20)
    assert "region 20 does not list 4 back" in problem.message


def test_border_mistakes(tmp_path):
    data = maps_data()
    region(data, 2, 3)["borders"].append(3)  # itself
    region(data, 2, 4)["borders"].append(40)  # no such region
    region(data, 2, 5)["borders"].append(0)  # twice
    region(data, 2, 6)["borders"] = "1, 2"
    problems = refused(tmp_path, data)
    find(problems, "maps[0].regions[3].borders[4]", 3)
    assert "to 22" in find(problems, "maps[0].regions[4].borders[3]", 40).message
    find(problems, "maps[0].regions[5].borders")
    find(problems, "maps[0].regions[6].borders", "1, 2")


def test_unknown_terrain_and_symbol_get_the_closest_match(tmp_path):
    data = maps_data()
    region(data, 4, 1)["terrain"] = "Farmlands"
    region(data, 4, 2)["symbols"] = ["Lost Tribes", "Mine"]
    region(data, 4, 3)["symbols"] = ["Cavren"]
    problems = refused(tmp_path, data)
    find(problems, "maps[2].regions[1].terrain", "Farmlands", hint="Farmland")
    find(problems, "maps[2].regions[2].symbols[0]", "Lost Tribes", hint="Lost Tribe")
    find(problems, "maps[2].regions[3].symbols[0]", "Cavren", hint="Cavern")


def test_water_carries_no_symbol(tmp_path):
    data = maps_data()
    region(data, 2, 0)["symbols"] = ["Lost Tribe"]
    find(refused(tmp_path, data), "maps[0].regions[0].symbols[0]", "Lost Tribe")


def test_region_id_out_of_order(tmp_path):
    data = maps_data()
    regions = next(m for m in data["maps"] if m["players"] == 2)["regions"]
    regions[1], regions[2] = regions[2], regions[1]
    problems = refused(tmp_path, data)
    assert "1 expected here" in find(problems, "maps[0].regions[1].id", 2).message
    find(problems, "maps[0].regions[2].id", 1)


def test_map_for_a_player_count_outside_two_to_five(tmp_path):
    data = maps_data()
    data["maps"][3]["players"] = 6
    problems = refused(tmp_path, data)
    assert "from 2 to 5" in find(problems, "maps[3].players", 6).message
    assert "no map for 5 players" in find(problems, "maps").message


def test_two_maps_for_one_player_count_and_rounds_that_disagree(tmp_path):
    data = maps_data()
    data["maps"][1]["players"] = 2
    data["maps"][2]["rounds"] = 10
    problems = refused(tmp_path, data)
    find(problems, "maps[1].players", 2)
    assert "says 9 for 4 players" in find(problems, "maps[2].rounds", 10).message


def test_symbol_counts_over_the_box_caps(tmp_path):
    data = maps_data()
    five = next(m for m in data["maps"] if m["players"] == 5)
    five["regions"][2]["terrain"] = "Mountain"  # a tenth Mountain: the box has 9
    five["regions"][2]["symbols"].append("Lost Tribe")  # a 19th Lost Tribe: the box has 18
    problems = refused(tmp_path, data)
    assert "10 Mountain regions, but the box has 9" in str(find(problems, "maps[3].regions", 10))
    assert "19 Lost Tribe symbols" in str(find(problems, "maps[3].regions", 19))


def test_caps_come_from_the_ruleset():
    ruleset = load_ruleset()
    fewer = dataclasses.replace(ruleset, components={**ruleset.components, "mountains": 8})
    with pytest.raises(InputError) as caught:
        parse_maps(maps_data(), "maps.toml", fewer)
    (problem,) = caught.value.problems
    assert "9 Mountain regions, but the box has 8" in str(problem)


def test_disconnected_map_and_doubt_mistakes(tmp_path):
    data = maps_data()
    two = data["maps"][0]["regions"]
    for other in two[16]["borders"]:  # cut region 16 off
        two[other]["borders"].remove(16)
    two[16]["borders"] = []
    data["maps"][3]["doubtful_regions"] = [5, 99]
    data["maps"][1]["doubtful_regions"] = [3]
    problems = refused(tmp_path, data)
    find(problems, "maps[0].regions", [16])
    find(problems, "maps[3].doubtful_regions", 99)
    find(problems, "maps[1].doubt")


def test_unknown_map_keys_and_missing_maps(tmp_path):
    data = maps_data()
    data["maps"][0]["round"] = data["maps"][0].pop("rounds")
    region(data, 2, 0)["boder"] = region(data, 2, 0).pop("border")
    problems = refused(tmp_path, data)
    find(problems, "maps[0].round", "round", hint="rounds")
    find(problems, "maps[0].regions[0].boder", "boder", hint="border")
    find(problems, "maps[0].regions[0].border", None)
    data = maps_data()
    data["maps"] = {"2": {}}
    find(refused(tmp_path, data), "maps")


def test_a_map_nobody_can_enter(tmp_path):
    data = maps_data()
    for reg in data["maps"][0]["regions"]:
        reg["border"] = False
    find(refused(tmp_path, data), "maps[0].regions", "2 players")


# ------------------------------------------------------------------- no traceback
# Values of every wrong kind TOML can hold, written in place of each value in turn.
WRONG_VALUES = ("text", -1, 2**62, 1.5, True, [], [{}], {}, {"a": [1]})


def leaves(value, path=()):
    """(path, value) of every value inside nested tables and lists."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))


def replaced(data, path, new):
    data = copy.deepcopy(data)
    table = data
    for part in path[:-1]:
        table = table[part]
    table[path[-1]] = new
    return data


def refused_or_fine(parse, data: dict, *args) -> None:
    """parse(data, *args) returns or raises InputError with problems, nothing else."""
    try:
        parse(data, *args)
    except InputError as exc:
        assert exc.problems


def test_no_wrong_value_in_the_ruleset_causes_a_traceback():
    for path, _ in leaves(SHIPPED_RULESET):
        for new in WRONG_VALUES if path else ():
            refused_or_fine(parse_ruleset, replaced(SHIPPED_RULESET, path, new), "r.toml")


def test_no_wrong_value_in_a_map_causes_a_traceback():
    ruleset = load_ruleset()
    # The 2-player map alone: the missing maps are one more problem, never a crash.
    two_players = {**SHIPPED_MAPS, "maps": SHIPPED_MAPS["maps"][:1]}
    for path, _ in leaves(two_players):
        for new in WRONG_VALUES if path else ():
            refused_or_fine(parse_maps, replaced(two_players, path, new), "m.toml", ruleset)
