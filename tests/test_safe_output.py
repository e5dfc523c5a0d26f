"""No command deletes, hides or half-writes a user's file (analyzer/output.py): user
files survive every study, --out as a file is refused, simulate checks both of its
targets first, a stop by SIGTERM is as clean as Ctrl-C, debris of a killed run is
cleaned up, and operating-system errors are one sentence, never a traceback."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.output import MANIFEST, STAGING_PREFIX, STAGING_TOKEN, OutputFolder

runner = CliRunner()
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def listing(folder: Path) -> dict[str, bytes]:
    """Every file below `folder` with its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def user_folder(tmp_path: Path) -> Path:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("notes\n")
    (mine / "summary.md").write_text("my own summary\n")
    return mine


# One cheap invocation of every command that writes a folder.
STUDIES = {
    "bots": ["bots", "--games", 8, "--players", 2],
    "combos": ["combos", "--players", 2, "--games-per-combo", 1],
    "decline": ["decline", "--players", 2, "--games", 4, "--combos", "Orcs+Fishing"],
    "players": ["players", "--players", 2, "--games", 8, "--games-per-combo", 0],
    "compare": ["compare", SCENARIOS / "double-faction-bonus.toml", "--games", 8,
                "--games-per-combo", 2],
    # One ruleset's page, built here (the index's pages are built by child processes).
    "report": ["report", "--ruleset", "swow", "--players", 2, "--scale", 0.002],
}  # fmt: skip


@pytest.mark.parametrize("study", sorted(STUDIES))
def test_a_user_file_survives_every_study(tmp_path, study):
    mine = user_folder(tmp_path)
    before = listing(mine)
    refused = run(*STUDIES[study], "--out", mine)
    assert refused.exit_code == 2, refused.output
    assert "notes.txt" in refused.stderr and "--force" in refused.stderr
    assert listing(mine) == before
    # --force writes beside the user's files, and never replaces one with a name
    # the study writes (summary.md): that is refused even with --force.
    clash = run(*STUDIES[study], "--out", mine, "--force")
    if study == "report":  # a report's summary lives in its study folders, no clash
        assert clash.exit_code == 0, clash.output
        assert (mine / "index.html").exists()
    else:
        assert clash.exit_code == 2, clash.output
        assert "summary.md" in clash.stderr and "never replaced" in clash.stderr
        (mine / "summary.md").unlink()
        done = run(*STUDIES[study], "--out", mine, "--force")
        assert done.exit_code == 0, done.output
        assert (mine / "summary.md").read_text() != "my own summary\n"
    assert (mine / "notes.txt").read_text() == "notes\n"
    assert not [p for p in mine.rglob(f"{STAGING_PREFIX}*")]


def test_out_that_is_a_file_is_refused_and_not_hidden(tmp_path):
    target = tmp_path / "results.txt"
    target.write_text("keep me\n")
    for args in (STUDIES["bots"], ["simulate", "-p", 2, "-g", 5]):
        result = run(*args, "--out", target)
        assert result.exit_code == 2
        assert "is a file" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.txt"]
    assert target.read_text() == "keep me\n"


def test_a_study_replaces_only_its_own_files(tmp_path):
    out = tmp_path / "combos"
    assert run(*STUDIES["combos"], "--out", out).exit_code == 0
    first = listing(out)
    assert MANIFEST in first and "summary.md" in first
    # The same command again replaces its own files.
    assert run(*STUDIES["combos"], "--seed", 3, "--out", out).exit_code == 0
    assert listing(out).keys() == first.keys()
    # A file of its own that the user then changed is the user's: refused.
    (out / "summary.md").write_text("edited by hand\n")
    again = run(*STUDIES["combos"], "--out", out)
    assert again.exit_code == 2 and "summary.md" in again.stderr
    assert (out / "summary.md").read_text() == "edited by hand\n"


def test_own_files_an_earlier_run_wrote_are_removed_when_not_written_again(tmp_path):
    folder = OutputFolder(tmp_path / "study")
    with folder.staging() as stage:
        (stage / "curves-2p.png").write_text("two")
        (stage / "curves-3p.png").write_text("three")
    with folder.staging() as stage:
        (stage / "curves-2p.png").write_text("two again")
    assert sorted(listing(tmp_path / "study")) == [MANIFEST, "curves-2p.png"]


def test_simulate_checks_both_targets_before_writing(tmp_path):
    (tmp_path / "races.parquet").write_text("the user's own races table")
    result = run("simulate", "-p", 2, "-g", 5, "--out", tmp_path)
    assert result.exit_code == 2 and "races.parquet" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["races.parquet"]
    # Other files of the user's stay beside simulate's two.
    (tmp_path / "races.parquet").unlink()
    (tmp_path / "notes.txt").write_text("n")
    assert run("simulate", "-p", 2, "-g", 5, "--out", tmp_path).exit_code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [MANIFEST, "notes.txt", "races.parquet", "seats.parquet"]


def _killed_run_stage(out: Path, pid: int) -> Path:
    """A staging folder as a run killed half-way leaves it: listed in the manifest
    with its token, the token inside, a half-written file."""
    folder = OutputFolder(out, force=True, exclusive=False)
    name = f"{STAGING_PREFIX}{pid}-abcdef0123"
    token = "0123456789abcdef0123456789abcdef"
    folder._claim_staging(name, token)
    (out / name).mkdir()
    (out / name / STAGING_TOKEN).write_text(token)
    (out / name / "seats.parquet").write_text("half")
    return out / name


def test_debris_of_a_killed_run_is_removed_by_the_next_run(tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    dead = _killed_run_stage(out, 999999999)  # no such process
    alive = _killed_run_stage(out, os.getppid())  # a live process's: kept
    assert run("simulate", "-p", 2, "-g", 5, "--out", out).exit_code == 0
    assert not dead.exists() and alive.exists()
    assert dead.name not in (out / MANIFEST).read_text()


def test_a_staging_look_alike_of_the_users_is_never_removed(tmp_path):
    """A name like our staging folders' proves nothing: without the manifest's token
    (listed, and held inside) it is the user's."""
    out = tmp_path / "run"
    out.mkdir()
    mine = out / f"{STAGING_PREFIX}999999999-abcdef0123"
    mine.mkdir()
    (mine / "thesis.tex").write_text("years of work")
    (out / f"{STAGING_PREFIX}1-x.part").write_text("mine too")
    # Listed by a tampered manifest but without the token inside: still kept.
    forged = _killed_run_stage(out, 999999998)
    (forged / STAGING_TOKEN).write_text("ffffffffffffffffffffffffffffffff")
    before = listing(out)
    result = run("simulate", "-p", 2, "-g", 5, "--out", out)
    assert result.exit_code == 0, result.output
    after = listing(out)
    assert {k: v for k, v in after.items() if k in before and k != MANIFEST} == {
        k: v for k, v in before.items() if k != MANIFEST
    }
    # An exclusive folder (a study's) sees them as the user's: refused, untouched.
    before = listing(out)
    result = run("decline", "--players", 2, "--games", 4, "--out", out)
    assert result.exit_code == 2 and "did not write" in result.output
    assert listing(out) == before


TAMPERED = {
    "a path with ..": lambda out: {"files": {"../victim.txt": [HASH_OF("victim")]}},
    "an absolute path": lambda out: {"files": {str(out.parent / "victim.txt"): ["0" * 32]}},
    "a folder with ..": lambda out: {"files": {}, "folders": ["../"]},
    "a link leading out": lambda out: {"files": {"link/victim.txt": [HASH_OF("victim")]}},
    "not a list of files": lambda out: {"settings": {"theme": "dark"}},
    "a staging folder outside": lambda out: {"files": {}, "staging": {"../x": "0" * 32}},
}


def HASH_OF(text: str) -> str:
    import hashlib

    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_or_foreign_manifest_is_refused_and_deletes_nothing(tmp_path, case):
    import json

    (tmp_path / "victim.txt").write_text("victim")
    out = tmp_path / "study"
    out.mkdir()
    (out / "link").symlink_to(tmp_path)
    (out / MANIFEST).write_text(json.dumps(TAMPERED[case](out)))
    before = listing(tmp_path)
    for args in (["decline", "--players", 2, "--games", 4], ["simulate", "-p", 2, "-g", 4]):
        result = run(*args, "--out", out, "--force")
        assert result.exit_code == 2, result.output
        assert "cannot be trusted" in result.output and "Traceback" not in result.output
        assert listing(tmp_path) == before


def test_a_manifest_that_is_not_json_is_refused(tmp_path):
    out = tmp_path / "study"
    out.mkdir()
    (out / MANIFEST).write_text("my own notes, not JSON")
    result = run("decline", "--players", 2, "--games", 4, "--out", out, "--force")
    assert result.exit_code == 2 and "cannot be trusted" in result.output
    assert (out / MANIFEST).read_text() == "my own notes, not JSON"


def test_an_interrupted_run_leaves_no_new_folder(tmp_path, monkeypatch):
    from analyzer.gameloop import api

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "play_batch", stop)
    out = tmp_path / "new" / "deeper"
    assert run("simulate", "-p", 2, "-g", 5, "--out", out).exit_code == 130
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ signals
def _start(args, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "analyzer.cli", *[str(a) for a in args]],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for(predicate, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_sigterm_during_simulate_leaves_the_folder_as_it_was(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("notes\n")
    before = listing(mine)
    proc = _start(["simulate", "-p", 2, "-g", 50_000_000, "--out", mine], tmp_path)
    staged = _wait_for(lambda: any(mine.glob(f"{STAGING_PREFIX}*")), 60)
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert staged, err
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "SIGTERM" in err and "Traceback" not in err
    assert listing(mine) == before


def test_sigterm_during_a_study_leaves_no_new_folder(tmp_path):
    out = tmp_path / "reports" / "combos"
    proc = _start(["combos", "-p", 2, "--games-per-combo", 20_000, "--out", out], tmp_path)
    time.sleep(6)  # loading the engine, then playing
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_the_compile_helper_dies_with_its_parent(tmp_path):
    # A parent starts a long child the way the run starts its compile helper, then
    # is killed by SIGKILL, which no program can catch: the child must not live on.
    script = (
        "import subprocess, sys, time\n"
        "import analyzer; analyzer.load_game('swow')\n"
        "from analyzer.gameloop.precompile import _die_with_parent\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'],"
        " preexec_fn=_die_with_parent)\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    parent.kill()
    parent.wait()

    def gone() -> bool:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return True
        # A zombie no one reaps yet counts as stopped.
        state = Path(f"/proc/{child}/stat").read_text().split()[2]
        return state == "Z"

    assert _wait_for(gone, 10)


# ------------------------------------------------------------------ OS errors
@pytest.mark.parametrize(
    "where",
    ["/proc/analyzer-out", "file/sub", ".", ".."],
)
def test_unusable_out_folders_get_one_sentence(tmp_path, monkeypatch, where):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("x")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "keep.txt").write_text("k")
    monkeypatch.chdir(tmp_path / "sub")
    target = "../file/sub" if where == "file/sub" else where
    result = run(*STUDIES["bots"], "--out", target)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert (tmp_path / "sub" / "keep.txt").read_text() == "k"


def test_a_folder_without_write_permission(tmp_path, monkeypatch):
    # root ignores permission bits, so the refusal is simulated where the folder is made.
    def no(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / "new"))

    monkeypatch.setattr(Path, "mkdir", no)
    result = run("simulate", "-p", 2, "-g", 5, "--out", tmp_path / "new")
    assert result.exit_code == 2
    assert "Permission denied" in result.stderr and "Traceback" not in result.output


def test_a_full_disk_is_a_failure_of_the_machine(tmp_path, monkeypatch):
    import analyzer.output as output

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "run"))

    monkeypatch.setattr(output.os, "replace", full)
    result = run("simulate", "-p", 2, "-g", 5, "--out", tmp_path / "run")
    assert result.exit_code == 1
    assert "disk is full" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_scenario_that_is_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "scenario.toml"
    os.mkfifo(fifo)
    for args in (["validate", fifo], ["simulate", "--scenario", fifo, "-g", 5]):
        result = run(*args)
        assert result.exit_code == 2
        assert "not a regular file" in result.output


def test_a_byte_order_mark_is_accepted(tmp_path):
    text = (SCENARIOS / "double-faction-bonus.toml").read_text(encoding="utf-8")
    path = tmp_path / "bom.toml"
    path.write_bytes("\ufeff".encode() + text.encode())
    result = run("validate", path)
    assert result.exit_code == 0, result.output


def test_the_same_scenario_twice_in_compare_is_refused_before_any_game(tmp_path, monkeypatch):
    from analyzer.gameloop import api

    def never(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(api, "play_batch", never)
    path = SCENARIOS / "double-faction-bonus.toml"
    copy = tmp_path / "copy.toml"
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    for args in ([path, path], [path, copy]):
        result = run(
            "compare", *args, "--games", 8, "--games-per-combo", 2, "--out", tmp_path / "out"
        )
        assert result.exit_code == 2, result.output
        assert "Double Faction Bonus" in result.stderr
