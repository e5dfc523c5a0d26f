"""Hostile states of what is on disk, and the last bad inputs of the fuzzing pass: a
damaged compile cache repairs itself; a report reuses a study only when everything it
depends on is the same and its stored files are as written; a folder holds one
command's results and one run at a time; and a few command lines refused in one
paragraph (exit 2). No engine game is played here (tests/test_fuzz_inputs.py's
no_game fixture); the cache cases compile one tiny function."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numba
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fuzz_inputs import FAST, ROOT, no_game, refused, runner  # noqa: F401

from analyzer import load_game
from analyzer.cli import app
from analyzer.output import MANIFEST, OutputFolder, running_command

SCENARIOS = ROOT / "scenarios"


# ------------------------------------------------------------------ the compile cache
def tiny(a, b):
    return a * 3 + b


DAMAGE = ("truncate", "empty", "flip", "delete", "garbage", "folder", "numba's own")


def _damage(path: Path, how: str, where: float) -> None:
    data = path.read_bytes()
    if how == "truncate":
        path.write_bytes(data[: int(len(data) * where)])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "flip":
        at = int((len(data) - 1) * where)
        path.write_bytes(data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :])
    elif how == "delete":
        path.unlink()
    elif how == "garbage":
        path.write_bytes(os.urandom(int(len(data) * where) + 1))
    elif how == "folder":
        path.unlink()
        path.mkdir()
    else:  # the payload alone, as numba writes it: not proven whole
        from analyzer.compile_cache import DIGEST_SIZE, MARK

        path.write_bytes(data[len(MARK) + DIGEST_SIZE :])


def _fresh_call(capfd, maker: str) -> tuple[int, str]:
    """tiny(4, 5) through a new dispatcher (its cache read afresh): an engine entry
    point's, or the Warcraft battle engines' checked_njit."""
    from analyzer.compile_cache import checked_njit
    from analyzer.engine.jit import entry_point

    dispatcher = entry_point(tiny) if maker == "engine" else checked_njit()(tiny)
    return dispatcher(4, 5), capfd.readouterr().err


@settings(FAST, max_examples=10)
@given(
    how=st.sampled_from(DAMAGE),
    index=st.booleans(),
    where=st.floats(0.0, 0.999),
    maker=st.sampled_from(["engine", "battles"]),
)
def test_a_damaged_cache_file_is_moved_aside_and_compiled_again(
    tmp_path_factory, monkeypatch, capfd, how, index, where, maker
):
    from analyzer import compile_cache as checked_cache

    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(folder))
    checked_cache._said.clear()
    assert _fresh_call(capfd, maker)[0] == 17  # compiled and written
    files = sorted(folder.rglob("*.nbi" if index else "*.nbc"))
    assert len(files) == 1
    _damage(files[0], how, where)
    value, said = _fresh_call(capfd, maker)
    assert value == 17 and "Traceback" not in said
    if how == "delete" and index:  # as a first run: nothing to repair, nothing said
        assert said == ""
    else:
        assert len(said.strip().splitlines()) == 1 and "compiling again" in said, said
    if how != "delete":
        assert list(folder.rglob("damaged/*")), "the damaged file was moved aside"
    checked_cache._said.clear()
    assert _fresh_call(capfd, maker) == (17, "")  # repaired: loaded, nothing said


# ------------------------------------------------------------------ report reuse
def _changed(before: dict, after: dict) -> set[str]:
    """The studies whose stamp changed (or that are no longer played)."""
    return {key for key in before if before[key] != after.get(key)}


def _stamps(**changes):
    from analyzer.report.site import ReportSettings, report_stamps

    settings = ReportSettings(**{"players": 4, **changes}, game=load_game("swow")).scaled(0.001)
    return report_stamps(settings)


PLAY_STYLES = {"combos", "decline", "players", "compare", "balance", "robustness"}
EVERY = {"bots", *PLAY_STYLES}


def _styles_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (ROOT / "analyzer" / "players" / "styles.toml").read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    ("bots", "old", "new", "replayed"),
    [
        # the style the report's seats play: every study that plays it
        ("aggressive", "aggression = 1.2", "aggression = 1.5", PLAY_STYLES),
        # a style only the robustness study's fields play
        (None, "coin_value = 3.0", "coin_value = 2.5", {"robustness"}),
    ],
)
def test_an_edited_styles_file_replays_exactly_the_studies_that_play_it(
    tmp_path, monkeypatch, bots, old, new, replayed
):
    monkeypatch.setenv("ANALYZER_STYLES", str(_styles_copy(tmp_path, "a.toml", "", "")))
    before = _stamps(bots=bots)
    monkeypatch.setenv("ANALYZER_STYLES", str(_styles_copy(tmp_path, "b.toml", old, new)))
    assert _changed(before, _stamps(bots=bots)) == replayed


def test_an_edited_house_rule_replays_only_the_comparison(tmp_path):
    rule = tmp_path / "rule.toml"
    text = (SCENARIOS / "double-faction-bonus.toml").read_text()
    rule.write_text(text)
    before = _stamps(house_rules=[rule])
    rule.write_text(text.replace("faction_bonus = 2", "faction_bonus = 3"))
    assert _changed(before, _stamps(house_rules=[rule])) == {"compare"}


@pytest.mark.parametrize("setting", ["seed", "scale", "players"])
def test_a_changed_seed_scale_or_count_replays_every_study(setting):
    before = _stamps()
    if setting == "scale":
        from analyzer.report.site import ReportSettings, report_stamps

        after = report_stamps(ReportSettings(players=4, game=load_game("swow")).scaled(0.002))
    else:
        after = _stamps(**{setting: 2 if setting == "seed" else 3})
    assert _changed(before, after) == EVERY


class Renamed:
    """The swow Game under another ruleset or variant name (its content the same)."""

    def __init__(self, **names):
        self.names, self.game = names, load_game("swow")

    def __getattr__(self, attr):
        return self.names[attr] if attr in self.names else getattr(self.game, attr)


@pytest.mark.parametrize("what", ["code", "content", "ruleset", "variant"])
def test_changed_code_content_ruleset_or_variant_replays_every_study(tmp_path, monkeypatch, what):
    from analyzer.report import site

    content = tmp_path / "content.toml"
    content.write_text("a = 1\n")
    files = site.code_files()
    monkeypatch.setattr(site, "code_files", lambda: [*files, content])
    before = _stamps()
    if what == "code":
        monkeypatch.setattr(site, "code_hash", lambda: "another")
    elif what == "content":
        content.write_text("a = 2\n")
    else:  # the Game the report plays (its settings' game) names another one
        rules = site.house_rules(4, load_game("swow"))
        game = Renamed(**{what: "another"})
        after = site.report_stamps(
            site.ReportSettings(players=4, house_rules=rules, game=game).scaled(0.001)
        )
        assert _changed(before, after) == EVERY
        return
    assert _changed(before, _stamps()) == EVERY


def _fake_studies(runs: list[str]):
    """Two studies that play no game: each writes a summary and a chart."""
    from analyzer.report.site import Study
    from analyzer.studies.common import write_folder

    def study(key: str, title: str):
        def run_and_write(folder: Path) -> list[str]:
            runs.append(key)

            def fill(temp: Path) -> None:
                (temp / "summary.md").write_text(f"# {title}\n\nThe {key} numbers.\n")
                (temp / "chart.png").write_bytes(b"\x89PNG made by the analyzer")

            write_folder(folder, fill, False, load_game("swow"))
            return [f"{key} finding"]

        return Study(key, title, {"games": 4}, run_and_write)

    return [study("bots", "The bots"), study("decline", "When to decline")]


def test_a_report_never_publishes_a_changed_stored_file(tmp_path, monkeypatch):
    from analyzer.errors import InputError
    from analyzer.report import site

    runs: list[str] = []
    monkeypatch.setattr(site, "default_studies", lambda s, *rest: _fake_studies(runs))
    out = tmp_path / "report"
    settings = site.ReportSettings(players=4, game=load_game("swow"))
    build = lambda force=False: site.build_report(out, settings, log=lambda m: None, force=force)  # noqa: E731
    build()
    build()
    assert runs == ["bots", "decline"]  # the second run reused both
    for name in ("summary.md", "findings.json"):
        edited = out / "decline" / name
        original = edited.read_bytes()
        edited.write_text("forged numbers")
        for force in (False, True):
            with pytest.raises(InputError, match="changed since the analyzer wrote it"):
                build(force)
        assert runs == ["bots", "decline"] and edited.read_text() == "forged numbers"
        edited.write_bytes(original)
    # Moved away: that study alone runs again, and the page says why.
    (out / "decline" / "summary.md").unlink()
    build()
    assert runs == ["bots", "decline", "decline"]
    page = (out / "index.md").read_text()
    assert "Stored results not reused: When to decline: run again" in page
    # A user's picture beside the studies' (--force) is never shown.
    (out / "bots" / "mine.png").write_bytes(b"\x89PNG not the analyzer's")
    build(force=True)
    assert "mine.png" not in (out / "index.md").read_text()
    assert "chart.png" in (out / "index.md").read_text()


# ------------------------------------------------------------------ folder kinds, locks
def _folder_of(kind: str, folder: Path) -> dict:
    with running_command(kind), OutputFolder(folder).staging() as temp:
        (temp / "summary.md").write_text(f"{kind} results\n")
        (temp / "summary.csv").write_text("a\n1\n")
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize(
    ("theirs", "command"),
    [
        ("bots", ["simulate", "-g", 4, "-p", 2]),
        ("report", ["simulate", "-g", 4, "-p", 2]),
        ("report", ["bots", "-g", 4, "-p", 2]),
        ("simulate", ["decline", "--players", 2, "--games", 4]),
    ],
)
def test_a_folder_of_another_commands_results_is_refused(tmp_path, theirs, command):
    before = _folder_of(theirs, tmp_path / "D")
    text = refused([*command, "--out", tmp_path / "D"], single=True)
    assert f"`analyzer {theirs}`" in text and "summary.md" in text and "--force" in text
    assert {p.name: p.read_bytes() for p in (tmp_path / "D").iterdir()} == before


def test_with_force_another_commands_files_go_only_after_saying_so(tmp_path, capsys):
    _folder_of("bots", tmp_path / "D")
    with running_command("simulate"):
        folder = OutputFolder(tmp_path / "D", force=True, exclusive=False)
        folder.check(["seats.parquet"])
        said = capsys.readouterr().err
        assert "`analyzer bots`" in said and "summary.md" in said
        assert (tmp_path / "D" / "summary.md").exists()
        with folder.staging(["seats.parquet"]) as temp:
            (temp / "seats.parquet").write_bytes(b"x")
    assert sorted(p.name for p in (tmp_path / "D").iterdir()) == [MANIFEST, "seats.parquet"]
    assert json.loads((tmp_path / "D" / MANIFEST).read_text())["kind"] == "simulate"


def test_a_second_run_into_a_folder_being_written_is_refused(tmp_path):
    folder = tmp_path / "D"
    folder.mkdir()
    hold = (
        "import sys, time\n"
        "from analyzer.output import OutputFolder, running_command\n"
        "with running_command('simulate'):\n"
        "    OutputFolder(sys.argv[1]).check()\n"
        "    print('held', flush=True)\n"
        "    time.sleep(60)\n"
    )
    other = subprocess.Popen(
        [sys.executable, "-c", hold, str(folder)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert other.stdout.readline().strip() == "held"
        text = refused(["simulate", "-g", 4, "-p", 2, "--out", folder], single=True)
        assert "another run of the analyzer is writing into this folder" in text
    finally:
        other.kill()
        other.wait()
    deadline = time.time() + 10
    while time.time() < deadline:  # let go with the process
        with running_command("simulate"):
            try:
                OutputFolder(folder).check()
                break
            except Exception:
                time.sleep(0.1)
    else:
        raise AssertionError("the lock outlived its process")


# ------------------------------------------------------------------ the last leftovers
def test_a_user_file_named_like_a_bots_output_is_refused_before_any_game(tmp_path):
    folder = tmp_path / "D"
    folder.mkdir()
    (folder / "summary.md").write_text("mine\n")
    text = refused(["bots", "-g", 4, "-p", 2, "--out", folder, "--force"], single=True)
    assert "summary.md" in text and "never replaced" in text
    assert sorted(p.name for p in folder.iterdir()) == ["summary.md"]


@pytest.mark.parametrize("value", ["0", "-1", "two", ""])
def test_a_bad_thread_count_is_one_paragraph(monkeypatch, value):
    monkeypatch.setenv("NUMBA_NUM_THREADS", value)
    text = refused(["simulate", "-g", 4], single=True)
    assert "NUMBA_NUM_THREADS" in text


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["simulate", "-g", 4, "--out", ""], "--out"),
        (["simulate", "-g", 4, "--bots", "random", "--policies", "heuristic"], "--policies"),
        (["simulate", "-g", 4, "--games", 5], "--games"),
        (["compare", SCENARIOS / "no-tauren.toml", "--baseline", SCENARIOS / "no-tauren.toml"],
         "--baseline"),
        (["tournament", "--lookahead-games", 2**63], "--lookahead-games"),
        (["simulate", "-g", 4, "--ruleset", "analyzer.rulesets.swow"], "--ruleset"),
        (["battle", "--attacker", "1 melee s2 s3", "--defender", "1 melee s2"], "--attacker"),
        (["tournament", "--ruleset", "nope"], "--ruleset"),
        (["tune", "--ruleset", "nope"], "--ruleset"),
        (["report", "--threads", -1], "--threads"),
        (["report", "--bots", "heuristic,zzz"], "--bots"),
    ],
)  # fmt: skip
def test_a_last_leftover_is_refused_in_one_paragraph(args, named):
    assert named in refused(args, single=True)


def test_a_dangling_link_as_out_is_named_as_one(tmp_path):
    (tmp_path / "link").symlink_to(tmp_path / "nowhere")
    text = refused(["simulate", "-g", 4, "--out", tmp_path / "link"], single=True)
    assert "does not exist" in text and "File exists" not in text


def _validate(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "analyzer", "validate", str(path)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_a_classic_scenario_with_a_faction_bonus_is_refused(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text(
        '[scenario]\nname = "C"\ndescription = "d"\nruleset = "classic"\nplayers = 4\n\n'
        "[rules]\nfaction_bonus = 2\n"
    )
    result = _validate(path)
    assert result.returncode == 2 and "rules.faction_bonus" in result.stderr + result.stdout


def test_a_scenario_name_with_escape_codes_is_refused_never_printed(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text('[scenario]\nname = "\\u001b[31mRED"\ndescription = "d"\nplayers = 4\n')
    text = refused(["simulate", "--scenario", path, "-g", 4], single=True)
    assert "\x1b" not in text and "control characters" in text


def test_tournament_and_tune_take_a_ruleset():
    for command in ("tournament", "tune"):
        result = runner.invoke(app, [command, "--help"])
        assert "--ruleset" in result.output
