"""Studies on a Dask cluster: the same bytes as a local run whatever the workers and
chunk sizes, a killed worker costs a retry and nothing else, an unreachable scheduler
is one sentence and exit code 2, Ctrl-C leaves nothing behind; and without the
options dask is never imported."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time

import pandas as pd
import pytest
from typer.testing import CliRunner

from analyzer import load_game
from analyzer.cli import app

distributed = pytest.importorskip("distributed")
from analyzer.backends.dask_cluster import NO_DASHBOARD  # noqa: E402

SWOW = load_game("swow")  # the game these tests play (the default run's)

runner = CliRunner()
TABLES = (".csv", ".parquet")


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def same_files(a, b, suffixes=TABLES) -> list[str]:
    """Names of the table files of folder a, after checking that b has the same bytes."""
    names = sorted(p.name for p in a.iterdir() if p.suffix in suffixes)
    assert names, f"no tables in {a}"
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    return names


@pytest.fixture(scope="module")
def cluster():
    """A local cluster of 2 worker processes, 1 thread each, kept for the module."""
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=NO_DASHBOARD,
            silence_logs=logging.CRITICAL,
        ) as local,
        Client(local, set_as_default=False) as client,
    ):  # fmt: skip
        yield client


def backend_on(client, chunk_games):
    from analyzer.backends.dask_cluster import DaskBackend

    return DaskBackend(client, chunk_games=chunk_games)


# ------------------------------------------------------------------ same bytes
def test_simulate_writes_the_same_parquet_bytes_on_any_cluster(tmp_path, cluster):
    common = ("simulate", "-p", 3, "-g", 700, "-s", 5, "--chunk", 300, "--policies",
              "heuristic,random,heuristic")  # fmt: skip
    assert run(*common, "--out", tmp_path / "local").exit_code == 0
    # A local cluster the command starts itself, tasks as long as a row group...
    result = run(*common, "--out", tmp_path / "workers", "--workers", 2)
    assert result.exit_code == 0, result.output
    assert "local cluster of 2 workers" in result.stdout
    assert "games/s over 2 workers" in result.stdout
    assert same_files(tmp_path / "local", tmp_path / "workers") == [
        "races.parquet",
        "seats.parquet",
    ]
    # ...and a running one, with chunks that cut across row groups' engine steps.
    from analyzer.simulate import simulate

    backend = backend_on(cluster, 97)
    simulate(SWOW, 3, 700, 5, "heuristic,random,heuristic", out_dir=tmp_path / "odd", chunk=300,
             progress=False, backend=backend)  # fmt: skip
    same_files(tmp_path / "local", tmp_path / "odd")
    assert backend.games == 700


def test_combos_on_a_cluster_writes_the_same_tables(tmp_path, cluster):
    address = cluster.scheduler.address
    common = ("combos", "-p", 3, "--games-per-combo", 3, "-s", 4)
    assert run(*common, "--out", tmp_path / "local").exit_code == 0
    result = run(*common, "--out", tmp_path / "remote", "--cluster", address)
    assert result.exit_code == 0, result.output
    assert f"Connected to the Dask scheduler at {address}: 2 workers" in result.stderr
    names = same_files(tmp_path / "local", tmp_path / "remote")
    assert {"combos.csv", "combos.parquet", "races.csv", "powers.csv"} <= set(names)


@pytest.mark.parametrize(
    "command",
    [
        ("bots", "--games", 40, "--players", 3),
        ("decline", "--games", 4, "--players", 2),
        ("players", "--players", "2,3", "--games", 20, "--games-per-combo", 0),
        ("compare", "scenarios/no-murlocs.toml", "--games", 12, "--games-per-combo", 2),
    ],
    ids=lambda command: command[0],
)
def test_every_study_command_takes_the_cluster_and_writes_the_same_tables(
    tmp_path, cluster, command
):
    from analyzer.report.site import SCENARIO_DIR

    command = [str(SCENARIO_DIR.parent / a) if str(a).endswith(".toml") else a for a in command]
    assert run(*command, "--out", tmp_path / "local").exit_code == 0
    remote = run(*command, "--out", tmp_path / "remote", "--cluster", cluster.scheduler.address)
    assert remote.exit_code == 0, remote.output
    assert "games/s over 2 workers" in remote.stdout
    same_files(tmp_path / "local", tmp_path / "remote")


def test_decline_players_and_compare_give_the_same_tables_on_a_cluster(cluster):
    from analyzer.scenario import load_scenario
    from analyzer.studies.compare import run_compare
    from analyzer.studies.decline import run_decline
    from analyzer.studies.players import run_players
    from analyzer.studies.settings import CompareSettings, DeclineSettings, PlayersSettings

    def same(a, b, names):
        for name in names:
            pd.testing.assert_frame_equal(getattr(a, name), getattr(b, name), check_exact=True)
        assert a.error_games == b.error_games

    def both(play, chunk_games):
        return play(None), play(backend_on(cluster, chunk_games))

    decline = DeclineSettings([2, 3], 10, 3, tokens=[0, 5], rounds=[3], game=SWOW)
    same(*both(lambda b: run_decline(decline, b, progress=False), 7), ["curves", "best"])
    players = PlayersSettings([2, 4], 30, 2, 1, game=SWOW)
    same(
        *both(lambda b: run_players(players, b, progress=False), 11),
        ["seats", "scores", "score_counts", "declines", "rank_correlation", "race_ranks"],
    )  # fmt: skip
    from analyzer.report.site import SCENARIO_DIR

    rule = load_scenario(SCENARIO_DIR / "no-murlocs.toml", SWOW)
    compare = CompareSettings((rule,), None, 24, 2, 6, bootstrap=20, game=SWOW)
    same(*both(lambda b: run_compare(compare, b, progress=False), 13), ["table", "arms"])


def test_the_strong_play_studies_give_the_same_tables_on_a_cluster(tmp_path, cluster):
    """The confirm study and the exploitability table, lookahead bots in the seats."""
    from test_confirm import _folder

    from analyzer.rulesets.swow.tables import default_tables
    from analyzer.studies.confirm import run_confirm
    from analyzer.studies.exploit import exploit_table
    from analyzer.studies.settings import ConfirmSettings

    tables = default_tables()
    folder = _folder(tmp_path / "page", tables)
    settings = ConfirmSettings(
        2, "lookahead-lite", 3, 5, str(folder), 0, 1, tables=tables, game=SWOW
    )
    local, remote = (run_confirm(settings, b) for b in (None, backend_on(cluster, 2)))
    pd.testing.assert_frame_equal(local.table, remote.table, check_exact=True)
    fields = [("all default", ("default",) * 2), ("all tuned", ("tuned",) * 2)]
    local, remote = (exploit_table(fields, "lookahead-lite", 2, 6, 5, tables, b)
                     for b in (None, backend_on(cluster, 2)))  # fmt: skip
    pd.testing.assert_frame_equal(local, remote, check_exact=True)


def test_the_balance_study_plays_its_parts_on_the_cluster(cluster):
    """Its sweeps are combo studies, its seats plain games and its check a compare run,
    each tested above; here its own seat games and sweep points."""
    from analyzer.rulesets.swow.tables import default_tables
    from analyzer.studies import balance

    tables = default_tables()
    local = balance.play_seat_games(3, 90, 8, tables, "heuristic", None)
    remote = balance.play_seat_games(3, 90, 8, tables, "heuristic", None, backend_on(cluster, 31))
    for a, b in zip(local, remote, strict=True):
        assert a.tobytes() == b.tobytes()
    pairs = [(0, 1), (0, 2), (3, 4)]
    here = balance.ComboPlayer(3, 4, 8, ("heuristic",) * 3, game=SWOW).combos(tables, pairs)
    there = balance.ComboPlayer(
        3, 4, 8, ("heuristic",) * 3, backend=backend_on(cluster, 5), game=SWOW
    )
    pd.testing.assert_frame_equal(here.combos, there.combos(tables, pairs).combos, check_exact=True)


# ------------------------------------------------------------------ faults
class KillOnce(distributed.WorkerPlugin):
    """Kills its worker process (SIGKILL, no goodbye) a moment into the first chunk
    any worker starts, once per marker file."""

    def __init__(self, marker: str):
        self.marker = marker

    def transition(self, key, start, finish, **kwargs):
        if finish != "executing" or "smallworld-chunk" not in str(key):
            return
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return
        # 10 ms in: a chunk of 150 games plays for 30 ms or more.
        threading.Timer(0.01, os.kill, (os.getpid(), signal.SIGKILL)).start()


def test_a_killed_worker_costs_a_retry_never_a_lost_or_double_game(tmp_path, cluster):
    import cloudpickle

    from analyzer.simulate import simulate

    local = simulate(SWOW, 4, 600, 9, "heuristic", out_dir=tmp_path / "local", chunk=200,
                     progress=False)  # fmt: skip
    before = set(cluster.run(os.getpid).values())
    marker = tmp_path / "killed"
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        cluster.register_plugin(KillOnce(str(marker)), name="kill-once")
        backend = backend_on(cluster, 150)
        remote = simulate(SWOW, 4, 600, 9, "heuristic", out_dir=tmp_path / "remote", chunk=200,
                          progress=False, backend=backend)  # fmt: skip
    finally:
        cluster.unregister_worker_plugin("kill-once")
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    assert marker.exists()  # a worker was killed mid-chunk...
    cluster.wait_for_workers(2, timeout=60)
    assert set(cluster.run(os.getpid).values()) != before  # ...and its nanny started another
    same_files(tmp_path / "local", tmp_path / "remote")
    pd.testing.assert_frame_equal(local.summary, remote.summary, check_exact=True)
    assert backend.games == 600  # every game counted once


def test_a_worker_with_another_engine_is_refused(cluster):
    from analyzer.backends import ClusterError
    from analyzer.simulate import simulate

    for here, refusal in (
        ("engine-swow-000000000000", "install the same analyzer on every worker"),
        ("engine-classic-000000000000", "plays the swow ruleset, this run classic"),
    ):
        backend = backend_on(cluster, 8)
        backend.engine = here  # as if this process played another version or ruleset
        with pytest.raises(ClusterError, match=refusal):
            simulate(SWOW, 2, 16, 1, "random", progress=False, backend=backend)
        assert backend.games == 0


def test_each_task_names_its_ruleset_and_a_worker_plays_one_for_its_life(cluster):
    from analyzer.backends import ClusterError
    from analyzer.backends.dask_cluster import use_own_engine_cache
    from analyzer.ruleset_registry import bound_ruleset
    from analyzer.simulate import simulate

    # Every worker loads the game the tasks name (this run's), needing no setting...
    cluster.run(use_own_engine_cache, "swow")
    assert set(cluster.run(bound_ruleset).values()) == {"swow"}
    # ...and refuses a task of another ruleset rather than play its own.
    backend = backend_on(cluster, 8)
    backend.ruleset = "classic"
    with pytest.raises(ClusterError, match="a worker plays the swow ruleset, this run classic"):
        simulate(SWOW, 2, 16, 1, "random", progress=False, backend=backend)
    assert backend.games == 0


def test_an_unreachable_scheduler_is_one_sentence_and_exit_2(tmp_path):
    started = time.perf_counter()
    result = run("simulate", "-g", 10, "--out", tmp_path / "x", "--cluster", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert "no Dask scheduler answered there" in result.stderr
    assert "Traceback" not in result.output
    assert time.perf_counter() - started < 30
    assert not (tmp_path / "x").exists()


def test_without_dask_the_options_name_the_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails, as if missing
    result = run("combos", "-g", 1, "--workers", 2)
    assert result.exit_code == 2
    assert "pip install 'smallworld-analyzer[cluster]'" in result.stderr
    both = run("simulate", "--workers", 2, "--cluster", "tcp://127.0.0.1:9")
    assert both.exit_code == 2 and "not both" in both.stderr


def test_ctrl_c_cancels_the_cluster_work_and_leaves_no_files(tmp_path, cluster, monkeypatch):
    import analyzer.simulate as sim_module

    def interrupted(self, result):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim_module._Totals, "add", interrupted)
    out = tmp_path / "run"
    address = cluster.scheduler.address
    result = run("simulate", "-g", 4000, "--chunk", 500, "--out", out, "--cluster", address)
    assert result.exit_code == 130
    assert not out.exists()

    def tasks_left(dask_scheduler):
        return [k for k in dask_scheduler.tasks if "smallworld-chunk" in str(k)]

    deadline = time.perf_counter() + 10
    while cluster.run_on_scheduler(tasks_left) and time.perf_counter() < deadline:
        time.sleep(0.1)
    assert cluster.run_on_scheduler(tasks_left) == []


def test_dask_is_not_imported_without_the_options():
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from analyzer.cli import app\n"
        "r = CliRunner().invoke(app, ['simulate', '-p', '2', '-g', '3'])\n"
        "assert r.exit_code == 0, r.output\n"
        "loaded = {'dask', 'distributed'} & set(sys.modules)\n"
        "assert not loaded, loaded"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_bench_compares_a_local_cluster_with_this_process():
    result = run("bench", "--workers", 2, "--games", 500, "--repeats", 1, "--json")
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)
    assert set(row) == {"ruleset", "players", "policy", "games", "workers",
                        "in_process_games_per_s", "cluster_games_per_s", "ratio"}  # fmt: skip
    assert (row["ruleset"], row["players"], row["policy"]) == ("swow", 4, "heuristic")
    assert row["workers"] == 2 and row["games"] == 500
    assert row["cluster_games_per_s"] > 0 and row["ratio"] > 0


def test_the_report_hands_its_backend_to_every_study(tmp_path, cluster, monkeypatch):
    """The report runs the studies tested above; here only that each gets the cluster."""
    import analyzer.report.site as site
    import analyzer.studies.bots as baseline
    from analyzer.backends.dask_cluster import DaskBackend
    from analyzer.studies import balance, combos, compare, confirm, decline, players, robustness

    given = {}

    class Seen(Exception):
        pass

    def seen(name):
        def record(*args, backend=None, **kwargs):
            given[name] = backend
            raise Seen

        return record

    for module, name in ((baseline, "write_report"), (combos, "run_combos"),
                         (decline, "run_decline"), (players, "run_players"),
                         (compare, "run_compare"), (balance, "run_balance"),
                         (robustness, "run_robustness"), (confirm, "run_confirm")):  # fmt: skip
        monkeypatch.setattr(module, name, seen(name))
    backend = backend_on(cluster, 64)
    studies = site.default_studies(
        site.ReportSettings(game=load_game("swow")), backend=backend, out=tmp_path
    )
    for study in studies:
        with pytest.raises(Seen):
            study.run_and_write(tmp_path / study.key)
    assert len(given) == 8 and all(b is backend for b in given.values())

    def build_report(out, settings, fresh, log, force, backend):
        given["report"] = backend
        return out / "index.html"

    monkeypatch.setattr(site, "build_report", build_report)
    result = run(
        "report", "--ruleset", "swow", "--out", tmp_path / "r", "--cluster",
        cluster.scheduler.address,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert isinstance(given["report"], DaskBackend)
