"""The shipped content loads, compiles to the engine's tables, and bad files are refused
with a problem that names the key, the value and (for a typo) the closest valid name."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import tomllib

import numpy as np
import pytest

from analyzer import load_game
from analyzer.cli.check import validate_path
from analyzer.engine import layout as L
from analyzer.errors import InputError
from analyzer.rulesets.swow import ids
from analyzer.rulesets.swow.boards import BOARDS_PATH, load_faces, worst_selections
from analyzer.rulesets.swow.house_rules import printed_parameters
from analyzer.rulesets.swow.ruleset import RULESET_PATH, load_ruleset
from analyzer.rulesets.swow.tables import compile_tables, default_content, default_tables
from analyzer.tomlcheck.tomlfile import PROVENANCES

SHIPPED_RULESET = tomllib.loads(RULESET_PATH.read_text(encoding="utf-8"))
SHIPPED_BOARDS = tomllib.loads(BOARDS_PATH.read_text(encoding="utf-8"))


# ------------------------------------------------------------------- helpers
def dump(value) -> str:
    """A TOML rendering of plain data, inline tables throughout (enough for tests)."""
    if isinstance(value, dict):
        items = ", ".join(f"{key_text(k)} = {dump(v)}" for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


def key_text(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def write(tmp_path, data: dict, name: str = "bad.toml"):
    path = tmp_path / name
    path.write_text("\n".join(f"{key_text(k)} = {dump(v)}" for k, v in data.items()) + "\n")
    return path


def ruleset_data() -> dict:
    return copy.deepcopy(SHIPPED_RULESET)


def boards_data() -> dict:
    return copy.deepcopy(SHIPPED_BOARDS)


def face(data: dict, name: str) -> dict:
    return next(f for f in data["faces"] if f["name"] == name)


def problems_of(tmp_path, data: dict) -> list:
    problems = validate_path(write(tmp_path, data), load_game("swow"))
    assert problems, "the file should have been refused"
    return problems


def find(problems, key: str, value=..., hint: str | None = None):
    """The problem with this key (and value); fails with every problem listed if none."""
    for p in problems:
        if p.key == key and (value is ... or p.value == value):
            if hint is not None:
                assert f"Did you mean {hint!r}?" in str(p), str(p)
            return p
    raise AssertionError(f"no problem at {key} = {value!r} in:\n" + "\n".join(map(str, problems)))


# ------------------------------------------------------------- shipped content
def test_shipped_files_load_clean():
    assert validate_path(RULESET_PATH, load_game("swow")) == []
    assert validate_path(BOARDS_PATH, load_game("swow")) == []
    ruleset, faces = default_content()
    assert ruleset.name == "Small World of Warcraft"
    assert [r.key for r in ruleset.races] == list(ids.RACES)
    assert [p.key for p in ruleset.powers] == list(ids.POWERS)
    assert [m.key for m in ruleset.markers] == list(ids.MARKERS)
    assert len(faces) == 12


def test_every_number_has_a_provenance():
    ruleset = load_ruleset()
    assert ruleset.sources["start_coins"] == "rulebook"
    assert ruleset.sources["races.draenei.banner"] == "public fan data"
    assert ruleset.sources["components.murlocs"] == "component list"
    assert ruleset.sources["powers.garrisoned.badge"] == "estimate"
    assert set(ruleset.sources.values()) <= set(PROVENANCES)
    assert "powers.sailing.badge" in ruleset.estimates()


def test_tables_shapes_and_numbers():
    t = default_tables()
    assert t.race_tab.shape == (L.MAX_RACES, L.RT_NF)
    assert t.power_tab.shape == (L.MAX_POWERS, L.PT_NF)
    assert t.marker_tab.shape == (L.N_MARKERS, L.MT_NF)
    assert t.caps.shape == (L.N_COMPONENTS,)
    assert t.params.shape == (L.N_PARAMS,)
    for array in (t.race_tab, t.power_tab, t.marker_tab, t.caps, t.params, t.face_adj):
        assert array.dtype == np.int32

    assert t.race_tab[ids.TAUREN, L.RT_BANNER] == 11
    assert t.race_tab[ids.TAUREN, L.RT_BOX] == 16
    assert t.race_tab[ids.TAUREN, L.RT_FACTION] == ids.HORDE
    assert t.race_tab[: len(ids.RACES), L.RT_BOX].sum() == 182
    assert t.race_tab[: len(ids.RACES), L.RT_ALLOWED].tolist() == [1] * 16
    assert t.race_tab[ids.DWARVES, L.RT_MODELED] == 2
    assert t.race_tab[ids.NIGHT_ELVES, L.RT_MODELED] == 2
    assert t.race_tab[ids.GOBLINS, L.RT_MODELED] == 2
    murloc = t.race_tab[ids.MURLOC]
    assert murloc[L.RT_BOX] == 15 and murloc[L.RT_ALLOWED] == 0 and murloc[L.RT_BANNER] == 0
    assert murloc[L.RT_FACTION] == ids.NEUTRAL and murloc[L.RT_MODELED] == 2
    assert t.race_tab[ids.N_RACE_IDS :].sum() == 0

    assert t.power_tab[ids.GARRISONED, L.PT_BADGE] == 3
    assert t.power_tab[ids.SAILING, L.PT_MODELED] == 2
    assert t.power_tab[ids.CHAMPIONING, L.PT_MODELED] == 2  # played since issue 4
    assert t.marker_tab[: ids.N_ARTIFACTS, L.MT_IS_ARTIFACT].tolist() == [1] * 5
    assert t.marker_tab[ids.N_ARTIFACTS :, L.MT_IS_ARTIFACT].tolist() == [0] * 7
    assert t.marker_tab[ids.KARAZHAN, L.MT_MODELED] == 2
    assert t.caps[ids.C_MURLOCS] == 15 and t.caps[ids.C_MOUNTAINS] == 10

    p = t.params
    assert p[L.PAR_START_COINS] == 5 and p[L.PAR_COLUMN_SIZE] == 6
    assert p[L.PAR_ROUNDS + (4 - 2)] == 9
    assert p[L.PAR_ROUNDS : L.PAR_ROUNDS + 4].tolist() == [10, 10, 9, 8]
    assert p[L.PAR_DIE_FACES : L.PAR_DIE_FACES + 6].tolist() == [0, 0, 0, 1, 2, 3]
    assert p[L.PAR_BOARDS + 3 * (5 - 2) : L.PAR_BOARDS + 3 * (5 - 2) + 3].tolist() == [2, 1, 2]
    assert p[L.PAR_BOARDS : L.PAR_BOARDS + 3].tolist() == [1, 0, 1]
    assert p[L.PAR_USE_DIE] == 1 and p[L.PAR_MURLOCS] == 1 and p[L.PAR_EXTRA_ROUNDS] == 0
    assert p[L.PAR_MIN_CONQUEST_TOKENS] == 1 and p[L.PAR_WATER_COST] == 2

    assert t.race_names[ids.MURLOC] == "Murlocs" and t.race_names[ids.BLOOD_ELVES] == "Blood Elves"
    assert t.power_names[ids.BATTLE_MASTER] == "Battle Master"
    assert t.marker_names[ids.LIGHTS_HOPE] == "Light's Hope Chapel"


def test_face_tables_agree_with_the_faces():
    t = default_tables()
    assert t.face_nreg.sum() == len(t.face_terrain) == len(t.face_symbols) == len(t.face_adj)
    assert t.face_start.tolist() == [0, *np.cumsum(t.face_nreg)[:-1].tolist()]
    assert sorted(set(t.face_board.tolist())) == list(range(6))
    for f, face_ in enumerate(t.faces):
        assert t.face_size[f] == face_.size
        for region in face_.regions:
            row = t.face_start[f] + region.id
            adj = t.face_adj[row]
            assert adj[adj >= 0].tolist() == list(region.neighbours)
            assert (adj[len(region.neighbours) :] == -1).all()
            for b in region.neighbours:  # borders go both ways
                assert region.id in t.face_adj[t.face_start[f] + b]


def test_shipped_faces_follow_the_plan():
    ruleset, faces = default_content()
    for f in faces:
        land = [r for r in f.regions if not r.is_water]
        assert len(land) == {ids.SIZE_L: 11, ids.SIZE_M: 9, ids.SIZE_S: 7}[f.size]
        assert f.n_water <= 1
        assert f.count(ids.SYM_MARKER) == 1
        for r in f.regions:
            assert r.has(ids.SYM_MOUNTAIN) == (r.terrain == ids.MOUNTAIN_TERRAIN)
            assert len(r.neighbours) <= 8
    assert sum(f.n_water for f in faces) == 6
    murlocs = worst_selections(faces, ruleset, lambda f: f.count(ids.SYM_MURLOC))
    assert murlocs[5].value <= 15
    mountains = worst_selections(faces, ruleset, lambda f: f.count(ids.SYM_MOUNTAIN))
    assert mountains[5].value <= 10


def test_parameters_replace_and_override():
    ruleset, faces = default_content()
    params = printed_parameters(ruleset)
    house = dataclasses.replace(params, start_coins=7, use_die=False, extra_rounds=1)
    tables = compile_tables(ruleset, faces, house)
    assert tables.params[L.PAR_START_COINS] == 7
    assert tables.params[L.PAR_USE_DIE] == 0
    assert tables.params[L.PAR_EXTRA_ROUNDS] == 1
    assert params.to_array()[L.PAR_START_COINS] == 5


# -------------------------------------------------------------- ruleset refusals
def test_unknown_race_key_gets_a_hint(tmp_path):
    data = ruleset_data()
    data["races"]["dwarfs"] = data["races"].pop("dwarves")
    problems = problems_of(tmp_path, data)
    find(problems, "races.dwarfs", "dwarfs", hint="dwarves")
    find(problems, "races.dwarves")  # and it is missing


def test_missing_race(tmp_path):
    data = ruleset_data()
    del data["races"]["worgen"]
    assert "missing" in str(find(problems_of(tmp_path, data), "races.worgen"))


def test_unknown_and_missing_power(tmp_path):
    data = ruleset_data()
    data["powers"]["saling"] = data["powers"].pop("sailing")
    problems = problems_of(tmp_path, data)
    find(problems, "powers.saling", "saling", hint="sailing")
    find(problems, "powers.sailing")


def test_unknown_and_missing_marker(tmp_path):
    data = ruleset_data()
    data["markers"]["karazan"] = data["markers"].pop("karazhan")
    problems = problems_of(tmp_path, data)
    find(problems, "markers.karazan", "karazan", hint="karazhan")
    find(problems, "markers.karazhan")


def test_unknown_faction(tmp_path):
    data = ruleset_data()
    data["races"]["orcs"]["faction"] = "Hord"
    find(problems_of(tmp_path, data), "races.orcs.faction", "Hord", hint="Horde")


def test_unknown_provenance(tmp_path):
    data = ruleset_data()
    data["races"]["dwarves"]["banner_source"] = "rulebok"
    find(problems_of(tmp_path, data), "races.dwarves.banner_source", "rulebok", hint="rulebook")


def test_unknown_modeled_state(tmp_path):
    data = ruleset_data()
    data["powers"]["farmer"]["modeled"] = "ful"
    find(problems_of(tmp_path, data), "powers.farmer.modeled", "ful", hint="full")


def test_partial_needs_missing_text(tmp_path):
    data = ruleset_data()
    data["races"]["night_elves"]["modeled"] = "partial"
    data["races"]["night_elves"]["missing"] = ""
    find(problems_of(tmp_path, data), "races.night_elves.missing", "")


@pytest.mark.parametrize("bad", [-1, "5", 5.5, True])
def test_bad_token_numbers(tmp_path, bad):
    data = ruleset_data()
    data["races"]["dwarves"]["banner"] = bad
    data["powers"]["garrisoned"]["badge"] = bad
    data["components"]["murlocs"] = bad
    problems = problems_of(tmp_path, data)
    for key in ("races.dwarves.banner", "powers.garrisoned.badge", "components.murlocs"):
        find(problems, key, bad)


def test_banner_over_box(tmp_path):
    data = ruleset_data()
    data["races"]["tauren"]["banner"] = 17
    assert "16" in str(find(problems_of(tmp_path, data), "races.tauren.banner", 17))


def test_marker_kind_must_match_the_game(tmp_path):
    data = ruleset_data()
    data["markers"]["doomhammer"]["kind"] = "place"
    find(problems_of(tmp_path, data), "markers.doomhammer.kind", "place")


def test_unknown_top_level_key_gets_a_hint(tmp_path):
    data = ruleset_data()
    data["start_coin"] = data.pop("start_coins")
    problems = problems_of(tmp_path, data)
    find(problems, "start_coin", "start_coin", hint="start_coins")
    find(problems, "start_coins")


def test_rounds_and_boards_tables(tmp_path):
    data = ruleset_data()
    del data["rounds"]["4"]
    data["rounds"]["6"] = 7
    data["boards"]["5"]["large"] = 3
    data["die_faces"] = [0, 1, 2]
    problems = problems_of(tmp_path, data)
    find(problems, "rounds.4")
    find(problems, "rounds.6", "6")
    find(problems, "boards.5.large", 3)
    find(problems, "die_faces", [0, 1, 2])


@pytest.mark.parametrize(
    "path, bad",
    [
        (("races",), "dwarves"),
        (("races", "dwarves"), 5),
        (("races", "dwarves", "name"), 5),
        (("races", "dwarves", "faction"), ["Alliance"]),
        (("powers", "mining", "badge_note"), 4),
        (("rounds",), [10, 10, 9, 8]),
        (("rounds", "2"), "ten"),
        (("boards", "3"), 3),
        (("boards", "3", "small"), {"a": 1}),
        (("boards_in_box",), 6),
        (("components",), [1, 2]),
        (("die_faces",), "0,0,0,1,2,3"),
        (("die_faces",), [0, 0, 0, 1, 2, "3"]),
        (("name",), 12),
    ],
)
def test_ruleset_type_errors_are_problems(tmp_path, path, bad):
    data = ruleset_data()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = bad
    problems = problems_of(tmp_path, data)  # never a traceback
    assert any(p.key.startswith(".".join(path)) for p in problems), problems


def test_load_ruleset_raises_input_error(tmp_path):
    data = ruleset_data()
    data["races"]["orcs"]["faction"] = "Hord"
    with pytest.raises(InputError) as error:
        load_ruleset(write(tmp_path, data))
    assert "bad.toml: races.orcs.faction = 'Hord'" in str(error.value)


# --------------------------------------------------------------- board refusals
def test_misspelt_terrain(tmp_path):
    data = boards_data()
    face(data, "L1-B")["regions"][0]["terrain"] = "Feilds"
    find(problems_of(tmp_path, data), "faces[1].regions[0].terrain", "Feilds", hint="Fields")


def test_misspelt_symbol(tmp_path):
    data = boards_data()
    face(data, "L1-A")["regions"][0]["symbols"].append("Murlok")
    find(problems_of(tmp_path, data), "faces[0].regions[0].symbols[1]", "Murlok", hint="Murloc")


def test_unknown_size(tmp_path):
    data = boards_data()
    face(data, "M1-A")["size"] = "XL"
    find(problems_of(tmp_path, data), "faces[4].size", "XL")


def test_border_to_missing_region(tmp_path):
    data = boards_data()
    face(data, "S1-A")["regions"][2]["borders"].append(40)
    find(problems_of(tmp_path, data), "faces[8].regions[2].borders", 40)


def test_one_way_border(tmp_path):
    data = boards_data()
    regions = face(data, "L1-A")["regions"]
    far = next(r["id"] for r in regions if r["id"] not in regions[0]["borders"] and r["id"] != 0)
    regions[0]["borders"].append(far)
    p = find(problems_of(tmp_path, data), "faces[0].regions[0].borders", far)
    assert "does not list 0 back" in p.message


def test_self_border(tmp_path):
    data = boards_data()
    face(data, "L1-A")["regions"][3]["borders"].append(3)
    find(problems_of(tmp_path, data), "faces[0].regions[3].borders", 3)


def test_duplicate_border(tmp_path):
    data = boards_data()
    regions = face(data, "L1-A")["regions"]
    regions[3]["borders"].append(regions[3]["borders"][0])
    find(problems_of(tmp_path, data), "faces[0].regions[3].borders")


def test_face_not_connected(tmp_path):
    data = boards_data()
    regions = face(data, "S2-B")["regions"]
    last = regions[-1]["id"]
    for r in regions:  # cut the last region off from the rest
        r["borders"] = [b for b in r["borders"] if b != last]
    regions[-1]["borders"] = []
    p = find(problems_of(tmp_path, data), "faces[11].regions")
    assert last in p.value and "not connected" in p.message


def test_face_without_entry(tmp_path):
    data = boards_data()
    for r in face(data, "M2-A")["regions"]:
        r["symbols"] = [s for s in r["symbols"] if s != "Entry"]
    p = find(problems_of(tmp_path, data), "faces[6].regions", "M2-A")
    assert "Entry" in p.message


@pytest.mark.parametrize("markers", [0, 2])
def test_face_needs_one_marker(tmp_path, markers):
    data = boards_data()
    regions = face(data, "L2-A")["regions"]
    for r in regions:
        r["symbols"] = [s for s in r["symbols"] if s != "Marker"]
    for r in [r for r in regions if r["terrain"] not in ("Sea", "Lake")][:markers]:
        r["symbols"].append("Marker")
    find(problems_of(tmp_path, data), "faces[2].regions", markers)


def test_land_symbol_on_water(tmp_path):
    data = boards_data()
    sea = next(r for r in face(data, "L1-A")["regions"] if r["terrain"] == "Sea")
    sea["symbols"].append("Murloc")
    find(problems_of(tmp_path, data), f"faces[0].regions[{sea['id']}].symbols[0]", "Murloc")


def test_duplicate_region_id(tmp_path):
    data = boards_data()
    face(data, "S1-B")["regions"][4]["id"] = 3
    find(problems_of(tmp_path, data), "faces[9].regions[4].id", 3)


def test_region_id_out_of_range(tmp_path):
    data = boards_data()
    face(data, "S1-B")["regions"][4]["id"] = 30
    find(problems_of(tmp_path, data), "faces[9].regions[4].id", 30)


def test_duplicate_face_name(tmp_path):
    data = boards_data()
    face(data, "L1-B")["name"] = "L1-A"
    find(problems_of(tmp_path, data), "faces[1].name", "L1-A")


def test_board_with_three_faces(tmp_path):
    data = boards_data()
    face(data, "L2-A")["board"] = "L1"
    problems = problems_of(tmp_path, data)
    assert "3 faces" in find(problems, "faces[0].board", "L1").message
    assert "1 faces" in find(problems, "faces[3].board", "L2").message


def test_board_with_faces_of_two_sizes(tmp_path):
    data = boards_data()
    face(data, "M1-B")["size"] = "S"
    find(problems_of(tmp_path, data), "faces[4].size", "M")


def test_more_faces_than_boards_in_the_box(tmp_path):
    data = boards_data()
    for side in ("A", "B"):
        extra = copy.deepcopy(face(data, f"S1-{side}"))
        extra["name"], extra["board"] = f"S3-{side}", "S3"
        data["faces"].append(extra)
    p = find(problems_of(tmp_path, data), "faces", 6)
    assert "2 small boards" in p.message


def test_not_enough_boards_for_a_player_count(tmp_path):
    data = boards_data()
    data["faces"] = [f for f in data["faces"] if f["board"] != "M2"]
    p = find(problems_of(tmp_path, data), "faces", 1)
    assert "4 players need 2" in p.message


def fuller_side(data: dict, board: str, symbol: str) -> dict:
    """The side of a board with more of a symbol: the one the worst selection takes."""
    sides = [f for f in data["faces"] if f["board"] == board]
    return max(sides, key=lambda f: sum(symbol in r["symbols"] for r in f["regions"]))


def test_murloc_cap_in_the_worst_selection(tmp_path):
    data = boards_data()
    # One more Murloc on the fuller side of L1 makes the worst 5-player layout hold 16.
    regions = fuller_side(data, "L1", "Murloc")["regions"]
    dry = [r for r in regions if r["terrain"] not in ("Sea", "Lake")]
    next(r for r in dry if "Murloc" not in r["symbols"])["symbols"].append("Murloc")
    p = find(problems_of(tmp_path, data), "faces", 16)
    assert "5 players" in p.message and "15 Murloc" in p.message


def test_mountain_cap_in_the_worst_selection(tmp_path):
    data = boards_data()
    regions = fuller_side(data, "S2", "Mountain")["regions"]
    region = next(r for r in regions if r["terrain"] not in ("Sea", "Lake", "Mountain"))
    region["terrain"] = "Mountain"
    region["symbols"].append("Mountain")
    p = find(problems_of(tmp_path, data), "faces", 11)
    assert "10 Mountain" in p.message


def test_cap_checked_against_a_custom_ruleset(tmp_path):
    ruleset = load_ruleset()
    small_box = dataclasses.replace(ruleset, components={**ruleset.components, "murlocs": 5})
    with pytest.raises(InputError) as error:
        load_faces(BOARDS_PATH, small_box)
    assert any("2 players" in p.message for p in error.value.problems)


def star_face(name: str, board: str, leaves: int) -> dict:
    """A hub bordering every other region: a face with one very busy region."""
    hub = {
        "id": 0,
        "terrain": "Fields",
        "symbols": ["Entry", "Marker"],
        "borders": list(range(1, leaves + 1)),
    }
    rest = [
        {"id": i, "terrain": "Hills", "symbols": [], "borders": [0]} for i in range(1, leaves + 1)
    ]
    return {"name": name, "board": board, "size": "L", "regions": [hub, *rest]}


def test_too_many_borders_on_a_region(tmp_path):
    data = boards_data()
    data["faces"][0] = star_face("L1-A", "L1", L.MAX_DEGREE + 1)
    find(problems_of(tmp_path, data), "faces[0].regions[0].borders", L.MAX_DEGREE + 1)


def test_too_many_regions_in_the_largest_selection(tmp_path):
    data = boards_data()
    n = 40  # a chain keeps every degree low
    chain = [
        {
            "id": i,
            "terrain": "Fields",
            "symbols": [],
            "borders": [b for b in (i - 1, i + 1) if 0 <= b < n],
        }
        for i in range(n)
    ]
    chain[0]["symbols"] = ["Entry", "Marker"]
    data["faces"][0]["regions"] = chain
    p = find(problems_of(tmp_path, data), "faces")
    assert f"more than the engine's {L.MAX_REGIONS}" in p.message


@pytest.mark.parametrize(
    "where, bad, key",
    [
        ("faces", "none", "faces"),
        ("faces", [], "faces"),
        ("face", 3, "faces[2]"),
        ("name", 3, "faces[2].name"),
        ("regions", 5, "faces[2].regions"),
        ("regions", [], "faces[2].regions"),
        ("region", "x", "faces[2].regions[1]"),
        ("id", "0", "faces[2].regions[1].id"),
        ("id", True, "faces[2].regions[1].id"),
        ("borders", "1, 2", "faces[2].regions[1].borders"),
        ("borders", [1.5], "faces[2].regions[1].borders"),
        ("symbols", "Entry", "faces[2].regions[1].symbols"),
        ("symbols", [3], "faces[2].regions[1].symbols[0]"),
        ("terrain", ["Fields"], "faces[2].regions[1].terrain"),
    ],
)
def test_board_type_errors_are_problems(tmp_path, where, bad, key):
    data = boards_data()
    f = data["faces"][2]
    if where == "faces":
        data["faces"] = bad
    elif where == "face":
        data["faces"][2] = bad
    elif where in ("name", "regions"):
        f[where] = bad
    elif where == "region":
        f["regions"][1] = bad
    else:
        f["regions"][1][where] = bad
    find(problems_of(tmp_path, data), key)  # a problem, never a traceback


# ------------------------------------------------------------ files as a whole
def test_syntax_error_is_a_problem(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('name = "x"\nstart_coins = = 5\n')
    [problem] = validate_path(path, load_game("swow"))
    assert problem.key == "(syntax)"
    assert problem.value == "start_coins = = 5"
    assert "line 2" in problem.message


def test_missing_file_is_a_problem(tmp_path):
    [problem] = validate_path(tmp_path / "nowhere.toml", load_game("swow"))
    assert problem.key == "(file)" and "nowhere.toml" in str(problem)


def test_neither_ruleset_nor_boards(tmp_path):
    path = tmp_path / "other.toml"
    path.write_text("x = 1\n")
    [problem] = validate_path(path, load_game("swow"))
    assert "neither" in problem.message
